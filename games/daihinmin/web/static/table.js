// The Daihinmin table of cgt: replay a log, watch a live match, or take a seat.
// Talks to the JSON API of games/daihinmin/web/app.py.

import { call, h, s } from "/cgt/page.js";

const TITLES = ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"];
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// --- cards as pictures ------------------------------------------------------------------------
export function cardPicture(name, { as = null, small = false, selected = false, back = false } = {}) {
  const w = small ? 30 : 46;
  const hgt = small ? 42 : 64;
  const svg = s("svg", { width: w, height: hgt, viewBox: "0 0 46 64", class: "card" + (selected ? " selected" : "") + (back ? " back" : ""), role: "img", "aria-label": back ? "a card" : as ? `joker as ${as}` : name, "data-card": back ? "" : name });
  if (back) {
    svg.append(s("rect", { x: 1, y: 1, width: 44, height: 62, rx: 5, fill: "#2d4f9e", stroke: "#1b2f5e" }));
    svg.append(s("rect", { x: 5, y: 5, width: 36, height: 54, rx: 3, fill: "none", stroke: "#9fb4e6", "stroke-dasharray": "3 2" }));
    return svg;
  }
  svg.append(s("rect", { x: 1, y: 1, width: 44, height: 62, rx: 5, fill: "#fff", stroke: "#333" }));
  if (name === "JK") {
    svg.append(s("text", { x: 23, y: 30, "text-anchor": "middle", "font-size": 20, fill: "#7b2cbf" }, "★"));
    svg.append(s("text", { x: 23, y: 46, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: "#7b2cbf" }, "JOKER"));
    if (as) svg.append(s("text", { x: 23, y: 58, "text-anchor": "middle", "font-size": 9, fill: "#333" }, `= ${as}`));
    return svg;
  }
  const suit = name.slice(-1);
  const rank = name.slice(0, -1);
  const colour = suit === "H" || suit === "D" ? "#c0392b" : "#1d1d1f";
  svg.append(s("text", { x: 5, y: 16, "font-size": 14, "font-weight": "bold", fill: colour }, rank));
  svg.append(s("text", { x: 5, y: 28, "font-size": 11, fill: colour }, SUITS[suit] || suit));
  svg.append(s("text", { x: 27, y: 50, "text-anchor": "middle", "font-size": 26, fill: colour }, SUITS[suit] || suit));
  return svg;
}

function meldPicture(meld, small = false) {
  if (!meld) return h("span", { class: "empty-field" }, "—");
  return h("span", { class: "meld", "data-meld": meld.text }, meld.cards.map((c) => cardPicture(c.card, { as: c.as, small })));
}

// --- the table --------------------------------------------------------------------------------
// view: {names, seats, ranks, hands (lists or null: hidden), counts, field, field_player, lock,
//        revolution, passed, finished, turn, trick, points (this game, at its end), totals,
//        bottom (the player drawn at the bottom), last (a text)}
function renderTable(container, view, { onCard = null, chosen = new Set() } = {}) {
  const bottomSeat = view.seats.indexOf(view.bottom);
  const order = [0, 1, 2, 3, 4].map((k) => view.seats[(bottomSeat + k) % 5]);
  const places = ["bottom", "left", "top-left", "top-right", "right"];
  const boxes = order.map((p, k) => {
    const hand = view.hands ? view.hands[p] : null;
    const count = hand ? hand.length : view.counts ? view.counts[p] : 0;
    const finishedAt = view.finished.indexOf(p);
    const badges = [];
    if (view.ranks) badges.push(h("span", { class: "badge rank" }, TITLES[view.ranks[p]]));
    if (view.turn === p) badges.push(h("span", { class: "badge turn", "data-test": "to-move" }, "to move"));
    if (view.passed.includes(p)) badges.push(h("span", { class: "badge passed" }, "passed"));
    if (finishedAt >= 0) badges.push(h("span", { class: "badge out" }, `out ${finishedAt + 1}.`));
    if (view.field_player === p) badges.push(h("span", { class: "badge field-owner" }, "on the field"));
    const pointsLine = [];
    if (view.totals) pointsLine.push(`${view.totals[p]} points`);
    if (view.points) pointsLine.push(`+${view.points[p]} this game`);
    let cardsShown;
    if (hand && (p === view.bottom || view.open)) {
      cardsShown = hand.map((c) => {
        const picture = cardPicture(c, { selected: chosen.has(c), small: p !== view.bottom && view.open });
        if (onCard && p === view.bottom) picture.addEventListener("click", () => onCard(c));
        return picture;
      });
    } else {
      cardsShown = Array.from({ length: Math.min(count, 14) }, () => cardPicture("", { back: true, small: true }));
    }
    return h(
      "div",
      { class: `seat ${places[k]}` + (view.turn === p ? " moving" : "") + (finishedAt >= 0 ? " done" : ""), "data-player": p },
      h("div", { class: "seat-head" }, h("strong", {}, `${view.names[p]}`), h("span", { class: "who" }, ` player ${p}`), h("span", { class: "count", "data-test": `count-${p}` }, ` · ${count} cards`)),
      h("div", { class: "badges" }, badges),
      h("div", { class: "hand", "data-test": `hand-${p}` }, cardsShown),
      pointsLine.length ? h("div", { class: "points", "data-test": `points-${p}` }, pointsLine.join(", ")) : null,
    );
  });
  const flags = [];
  if (view.revolution) flags.push(h("span", { class: "flag revolution", "data-test": "revolution" }, "REVOLUTION"));
  if (view.lock) flags.push(h("span", { class: "flag lock", "data-test": "lock" }, "LOCK"));
  const centre = h(
    "div",
    { class: "centre" },
    h("div", { class: "trick" }, `trick ${view.trick}`),
    h("div", { class: "field", "data-test": "field" }, meldPicture(view.field)),
    h("div", { class: "field-by" }, view.field && view.field_player !== null && view.field_player !== undefined ? `by ${view.names[view.field_player]} (player ${view.field_player})` : "the field is empty"),
    h("div", { class: "flags" }, flags),
    view.last ? h("div", { class: "last", "data-test": "last-move" }, view.last) : null,
  );
  container.replaceChildren(h("div", { class: "felt" }, boxes, centre));
}

function moveText(frame, names) {
  const m = frame.move;
  const who = `${names[m.player]} (player ${m.player})`;
  let text;
  if (m.accepted) text = `${who} plays ${m.meld.text}`;
  else if (m.refused) text = `${who}: refused (${m.refused}), counts as a pass`;
  else text = `${who} passes`;
  if (m.revolution) text += " — revolution!";
  if (m.finished) text += " — and is out";
  if (m.cleared) text += " — the field is cleared";
  return text;
}

// --- replay -----------------------------------------------------------------------------------
function replayView(game, step) {
  const frame = step >= 0 ? game.frames[step] : null;
  const last = step === game.frames.length - 1;
  return {
    names: game.names,
    seats: game.seats,
    ranks: game.ranks,
    hands: frame ? frame.hands : game.hands,
    field: frame ? frame.field : null,
    field_player: frame ? frame.field_player : null,
    lock: frame ? frame.lock : false,
    revolution: frame ? frame.revolution : false,
    passed: frame ? frame.passed : [],
    finished: frame ? (last ? game.ranking : frame.finished) : [],
    turn: frame ? frame.turn : game.first,
    trick: frame ? frame.trick + (frame.move.cleared && !last ? 1 : 0) : 1,
    totals: last ? game.totals_before.map((t, p) => t + game.points[p]) : game.totals_before,
    points: last ? game.points : null,
    bottom: game.seats[0],
    open: true,
    last: frame ? moveText(frame, game.names) : game.exchange.length ? "the exchange" : "the deal",
  };
}

class Replayer {
  constructor(root, source) {
    this.root = root;
    this.source = source; // (index) => promise of a game; count
    this.game = null;
    this.step = -1;
    this.timer = null;
    this.table = h("div", { class: "table", "data-test": "table" });
    this.status = h("span", { class: "status", "data-test": "replay-status" });
    this.exchange = h("div", { class: "exchange", "data-test": "exchange" });
    this.log = h("ol", { class: "moves-log", "data-test": "moves-log" });
    this.speed = h("select", { "aria-label": "speed", "data-test": "speed" }, h("option", { value: "1200" }, "slow"), h("option", { value: "500", selected: true }, "normal"), h("option", { value: "120" }, "fast"));
    const button = (label, test, action, title) => h("button", { type: "button", "data-test": test, title, onclick: action }, label);
    this.playButton = button("▶ play", "autoplay", () => this.toggle(), "play the moves one after the other");
    this.controls = h(
      "div",
      { class: "controls" },
      button("◀◀ game", "prev-game", () => this.loadGame(this.game.index - 1), "the previous game"),
      button("◀ move", "prev", () => this.go(this.step - 1), "one move back"),
      button("move ▶", "next", () => this.go(this.step + 1), "one move on"),
      button("trick ▶▶", "next-trick", () => this.nextTrick(), "to the end of this trick"),
      button("end ▶|", "end", () => this.go(this.game.frames.length - 1), "to the end of the game"),
      button("game ▶▶", "next-game", () => this.loadGame(this.game.index + 1), "the next game"),
      this.playButton,
      this.speed,
      this.status,
    );
    root.replaceChildren(this.controls, h("div", { class: "board" }, this.table, h("aside", {}, h("h3", {}, "Exchange"), this.exchange, h("h3", {}, "Moves"), this.log)));
  }

  async loadGame(index) {
    if (index < 0 || (this.game && index >= this.game.count)) return;
    this.stop();
    this.game = await this.source(index);
    this.step = -1;
    const names = this.game.names;
    const title = (p) => ` (player ${p}${this.game.ranks ? ", " + TITLES[this.game.ranks[p]] : ""})`;
    this.exchange.replaceChildren(
      ...(this.game.exchange.length
        ? this.game.exchange.map((x) => h("div", { class: "exchange-row" }, `${names[x.from]}${title(x.from)} → ${names[x.to]}${title(x.to)}: `, meldPicture({ text: x.cards.join(" "), cards: x.cards.map((c) => ({ card: c })) }, true)))
        : [h("p", {}, "no exchange (the first game of a rank period)")]),
    );
    this.log.replaceChildren(...this.game.frames.map((f, k) => h("li", { "data-step": k, onclick: () => this.go(k) }, moveText(f, names))));
    this.render();
  }

  go(step) {
    if (!this.game) return;
    this.step = Math.max(-1, Math.min(step, this.game.frames.length - 1));
    this.render();
  }

  nextTrick() {
    const frames = this.game.frames;
    let k = this.step + 1;
    while (k < frames.length - 1 && !frames[k].move.cleared) k += 1;
    this.go(k);
  }

  toggle() {
    if (this.timer) this.stop();
    else {
      this.playButton.textContent = "❚❚ pause";
      const tick = () => {
        if (this.step >= this.game.frames.length - 1) return this.stop();
        this.go(this.step + 1);
        this.timer = setTimeout(tick, Number(this.speed.value));
      };
      this.timer = setTimeout(tick, 50);
    }
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.playButton.textContent = "▶ play";
  }

  render() {
    const g = this.game;
    renderTable(this.table, replayView(g, this.step));
    const over = this.step === g.frames.length - 1;
    this.status.textContent = `game ${g.game ?? g.index + 1} (${g.index + 1} of ${g.count}), move ${this.step + 1} of ${g.frames.length}` + (over ? " — game over" : "");
    this.status.dataset.over = String(over);
    for (const item of this.log.children) item.classList.toggle("current", Number(item.dataset.step) === this.step);
    const current = this.log.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }
}

// --- the app ----------------------------------------------------------------------------------
async function main() {
  const app = document.getElementById("app");
  const info = await call("GET", "/api/players");
  const names = [...info.players, ...info.c_clients];
  const message = h("div", { class: "message", role: "alert", hidden: true, "data-test": "message" });
  const stage = h("section", { class: "stage", "data-test": "stage" });
  const setup = h("section", { class: "setup" });
  const say = (text) => {
    message.textContent = text || "";
    message.hidden = !text;
  };
  const tabs = {};
  const tab = (name, label, build) => {
    tabs[name] = h("button", { type: "button", role: "tab", "data-test": `tab-${name}`, onclick: () => open(name, build) }, label);
  };
  let current = null;
  function open(name, build) {
    if (current && current.close) current.close();
    for (const [key, button] of Object.entries(tabs)) button.setAttribute("aria-selected", String(key === name));
    say("");
    stage.replaceChildren();
    current = build();
  }
  const seatSelect = (k, chosen) => h("select", { "aria-label": `seat ${k}`, "data-test": `seat-${k}` }, names.map((n) => h("option", { value: n, selected: n === chosen }, n)));

  // replay a log file
  tab("replay", "Replay a log", () => {
    const logs = h("select", { "aria-label": "log file", "data-test": "log" });
    const games = h("select", { "aria-label": "game", "data-test": "log-game" });
    const load = h("button", { type: "button", "data-test": "load" }, "Show");
    setup.replaceChildren(h("label", {}, "log ", logs), h("label", {}, "game ", games), load);
    const replayer = new Replayer(stage, (index) => call("GET", `/api/logs/game?log=${encodeURIComponent(logs.value)}&index=${index}`));
    const listGames = async () => {
      try {
        const list = await call("GET", `/api/logs/games?log=${encodeURIComponent(logs.value)}`);
        games.replaceChildren(...list.map((g) => h("option", { value: g.index }, `game ${g.game ?? g.index + 1}: points ${g.points.join(" ")}`)));
      } catch (error) {
        say(error.message);
      }
    };
    logs.addEventListener("change", listGames);
    load.addEventListener("click", () => replayer.loadGame(Number(games.value)).catch((e) => say(e.message)));
    call("GET", "/api/logs").then(async (answer) => {
      if (!answer.logs.length) {
        say("No log to replay: start with cgt daihinmin web --log FILE-OR-FOLDER (a games.jsonl of cgt daihinmin server --log-dir, a table's record, or a recorded C-server run).");
        return;
      }
      logs.replaceChildren(...answer.logs.map((n) => h("option", { value: n }, n)));
      await listGames();
      await replayer.loadGame(0);
    });
    return replayer;
  });

  // a live table: watch it, or sit in it
  function liveTab(name, label, withSeat) {
    tab(name, label, () => {
      const picks = [0, 1, 2, 3, 4].map((k) => (withSeat && k === 0 ? h("span", { class: "you-seat" }, "you") : seatSelect(k, k === 2 && !withSeat ? "kou2" : withSeat && k === 1 ? "kou2" : "default")));
      const games = h("input", { type: "number", min: 1, max: 1000, value: withSeat ? 1 : 3, "aria-label": "games", "data-test": "games" });
      const seed = h("input", { value: "1", size: 6, "aria-label": "seed", "data-test": "seed" });
      const limit = h("input", { type: "number", min: 1, max: 3600, value: info.time_limit, "aria-label": "seconds per decision", "data-test": "time-limit" });
      const start = h("button", { type: "button", "data-test": "start" }, withSeat ? "Sit down" : "Start");
      setup.replaceChildren(
        h("span", { class: "seats" }, picks.map((p, k) => h("label", {}, `seat ${k} `, p))),
        h("label", {}, "games ", games),
        h("label", {}, "seed ", seed),
        withSeat ? h("label", {}, "seconds per decision ", limit) : null,
        start,
      );
      const live = new LiveView(stage, say, withSeat);
      start.addEventListener("click", async () => {
        const players = picks.map((p) => (p.tagName === "SELECT" ? p.value : info.human));
        try {
          const seedText = seed.value.trim();
          await live.begin({ players, games: Number(games.value), seed: /^-?\d+$/.test(seedText) ? Number(seedText) : seedText, time_limit: Number(limit.value) });
        } catch (error) {
          say(error.message);
        }
      });
      return live;
    });
  }
  liveTab("watch", "Watch a match", false);
  liveTab("play", "Play", true);

  app.replaceChildren(h("header", {}, h("h1", {}, "cgt daihinmin"), h("nav", { role: "tablist" }, Object.values(tabs))), setup, message, stage);
  const first = location.hash.slice(1);
  (tabs[first] || tabs.replay).click();
}

class LiveView {
  constructor(root, say, withSeat) {
    this.root = root;
    this.say = say;
    this.withSeat = withSeat;
    this.table = null;
    this.after = 0;
    this.chosen = new Set();
    this.shownGame = -1;
    this.polling = null;
    this.status = h("div", { class: "status", "data-test": "live-status" });
    this.board = h("div", { class: "table", "data-test": "table" });
    this.actions = h("div", { class: "actions", "data-test": "actions" });
    this.log = h("ol", { class: "moves-log", "data-test": "live-log" });
    this.replay = h("div", { class: "replay-after", "data-test": "replay-after" });
    root.replaceChildren(this.status, h("div", { class: "board" }, h("div", {}, this.board, this.actions), h("aside", {}, h("h3", {}, "Log"), this.log)), this.replay);
  }

  async begin(request) {
    this.close();
    this.say("");
    this.after = 0;
    this.shownGame = -1;
    this.drawn = null;
    this.log.replaceChildren();
    this.replay.replaceChildren();
    this.table = await call("POST", "/api/tables", request);
    this.poll();
  }

  close() {
    clearTimeout(this.polling);
    if (this.table && ["starting", "running"].includes(this.table.state)) call("POST", `/api/tables/${this.table.id}/stop`).catch(() => {});
  }

  async poll() {
    const id = this.table.id;
    try {
      const state = await call("GET", `/api/tables/${id}?after=${this.after}`);
      if (!this.table || this.table.id !== id) return;
      this.table = state;
      this.after += state.events.length;
      for (const event of state.events) this.log.append(h("li", {}, event.text));
      if (state.events.length) this.log.lastChild.scrollIntoView({ block: "nearest" });
      this.render(state);
      if (["starting", "running"].includes(state.state)) this.polling = setTimeout(() => this.poll(), 250);
      else this.finish(state);
    } catch (error) {
      this.say(error.message);
      this.polling = setTimeout(() => this.poll(), 1000);
    }
  }

  render(state, force = false) {
    this.status.textContent = `table ${state.id}: ${state.state}, ${state.finished_games} of ${state.games} game(s) played; totals ${state.totals.join(" ")}` + (state.error ? ` — ${state.error}` : "");
    this.status.dataset.state = state.state;
    if (!this.withSeat) {
      if (state.finished_games > 0 && this.shownGame !== state.finished_games - 1) {
        this.shownGame = state.finished_games - 1;
        if (!this.watcher) this.watcher = new Replayer(this.board, (index) => call("GET", `/api/tables/${state.id}/game?index=${index}`));
        this.watcher.loadGame(this.shownGame).then(() => this.watcher.toggle());
      }
      return;
    }
    const seat = state.seat;
    if (!seat || seat.you === undefined) return;
    const question = state.question;
    // redraw only what changed: a button replaced under the pointer would lose its click
    const key = `${state.version}/${question ? question.id : "-"}`;
    if (!force && key === this.drawn) {
      const clock = this.actions.querySelector("[data-test=clock]");
      if (clock && question) clock.textContent = `${Math.ceil(question.seconds_left)} s left of ${question.time_limit} s`;
      return;
    }
    this.drawn = key;
    const view = { ...seat, names: state.names, hands: null, bottom: seat.you, totals: state.totals, open: false, last: this.log.lastChild ? this.log.lastChild.textContent : "" };
    view.hands = [0, 1, 2, 3, 4].map((p) => (p === seat.you ? seat.hand : null));
    for (const c of [...this.chosen]) if (!seat.hand.includes(c)) this.chosen.delete(c);
    renderTable(this.board, view, { onCard: question ? (c) => this.pick(c) : null, chosen: this.chosen });
    this.renderActions(question);
  }

  pick(card) {
    if (this.chosen.has(card)) this.chosen.delete(card);
    else this.chosen.add(card);
    this.render(this.table, true);
  }

  renderActions(question) {
    if (!question) {
      this.actions.replaceChildren(h("p", { class: "waiting", "data-test": "waiting" }, this.table.state === "running" ? "Waiting for the other players…" : ""));
      return;
    }
    const clock = h("span", { class: "clock", "data-test": "clock" }, `${Math.ceil(question.seconds_left)} s left of ${question.time_limit} s`);
    const send = async (choice) => {
      try {
        const answer = await call("POST", `/api/tables/${this.table.id}/submit`, { choice, question: question.id });
        this.chosen.clear();
        this.say("");
        this.actions.dataset.played = answer.played;
      } catch (error) {
        this.say(error.message);
      }
    };
    if (question.kind === "exchange") {
      this.actions.replaceChildren(
        h("p", {}, `Choose ${question.give} card(s) of your hand to give back, then press Give. `, clock),
        h("button", { type: "button", "data-test": "give", onclick: () => send([...this.chosen]) }, "Give the chosen cards"),
      );
      return;
    }
    const legal = question.legal.filter((m) => m.text !== "pass");
    this.actions.replaceChildren(
      h("p", {}, "Your turn: click cards of your hand and Play them, or pick a legal play. ", clock),
      h("div", { class: "buttons" }, h("button", { type: "button", "data-test": "play-chosen", onclick: () => send([...this.chosen]) }, "Play the chosen cards"), h("button", { type: "button", "data-test": "pass", onclick: () => send("pass") }, "Pass")),
      h("div", { class: "legal", "data-test": "legal" }, legal.length ? legal.map((m, k) => h("button", { type: "button", class: "legal-move", "data-test": `legal-${k}`, "data-meld": m.text, title: `play ${m.text}`, onclick: () => send(m.text.includes("(") ? m.text : m.cards) }, meldPicture(m.meld, true))) : h("p", {}, "No card can beat the field: pass.")),
    );
  }

  async finish(state) {
    if (state.state !== "over" && state.state !== "stopped" && state.state !== "failed") return;
    this.actions.replaceChildren();
    if (state.error) this.say(state.error);
    const links = [];
    if (state.finished_games) links.push(h("a", { href: `/api/tables/${state.id}/record`, download: `${state.id}-games.jsonl`, "data-test": "download-record" }, "the games (games.jsonl)"));
    if (state.summary) links.push(" · ", h("a", { href: `/api/tables/${state.id}/summary`, download: `${state.id}-summary.json`, "data-test": "download-summary" }, "the summary (as cgt daihinmin play --json)"));
    const result = state.summary ? h("table", { class: "standings", "data-test": "standings" }, h("tr", {}, h("th", {}, "player"), h("th", {}, "seat"), h("th", {}, "points")), state.summary.players.map((p, k) => h("tr", {}, h("td", {}, p.spec), h("td", {}, String(k)), h("td", { "data-test": `final-points-${k}` }, String(p.points))))) : null;
    this.replay.replaceChildren(h("h3", {}, "Result"), result, h("p", {}, links));
    if (this.withSeat && state.finished_games) {
      const box = h("div", { class: "replay-box" });
      this.replay.append(h("h3", {}, "Replay with every hand shown"), box);
      const replayer = new Replayer(box, (index) => call("GET", `/api/tables/${state.id}/game?index=${index}`));
      await replayer.loadGame(state.finished_games - 1);
    }
  }
}

main().catch((error) => {
  document.getElementById("app").replaceChildren(h("p", { class: "message" }, `The table failed to start: ${error.message}`));
});
