// The game explorer of cgt: the same code in the web page (explorer-app.js) and in the
// Jupyter widget (cgt/explorer/widget.py).  It knows no game: the server lists the rulesets,
// with how their boards are drawn ("grid": rows of cells separated by |, "strip": one row,
// "forest": trees of coloured edges), and analyses positions.
//
// transport: { rulesets(), analyse({game, position, path}), job(id), cancel(id), pollEvery }
// each returning a promise of the server's JSON (a job: {id, state, phase, positions,
// seconds, result, error}).

import { h, s } from "./page.js";

const OUTCOMES = {
  L: "Left wins, whoever starts",
  R: "Right wins, whoever starts",
  N: "the player to move wins",
  P: "the player to move loses",
};
// An SVG picture made by the library, parsed and cleaned of anything active.
export function safeSvg(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName.toLowerCase() !== "svg") return null;
  for (const bad of root.querySelectorAll("script, foreignObject, iframe")) bad.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith("on") || (name.endsWith("href") && value.startsWith("javascript:"))) {
        node.removeAttribute(attr.name);
      }
    }
  }
  return document.importNode(root, true);
}

// --- boards drawn from their text -------------------------------------------------------
function boardRows(text, editor) {
  if (editor.kind === "strip") return text === "" ? [] : [text];
  return text === "" ? [] : text.split("|");
}

function boardText(rows, editor) {
  return editor.kind === "strip" ? rows.join("") : rows.join("|");
}

function isBoard(text, editor) {
  if (!editor || (editor.kind !== "grid" && editor.kind !== "strip")) return false;
  const rows = boardRows(text, editor);
  if (!rows.length) return text === "";
  const width = rows[0].length;
  return rows.every((row) => row.length === width && width > 0 && [...row].every((c) => editor.cells.includes(c)));
}

export function drawBoard(text, editor, { cell = 26, before = null, onCell = null } = {}) {
  const rows = boardRows(text, editor);
  const old = before !== null && isBoard(before, editor) ? boardRows(before, editor) : null;
  const width = rows.length ? rows[0].length : 0;
  const svg = s("svg", {
    width: width * cell + 2,
    height: Math.max(rows.length, 1) * cell + 2,
    viewBox: `-1 -1 ${width * cell + 2} ${Math.max(rows.length, 1) * cell + 2}`,
    class: "board",
    role: "img",
    "aria-label": text === "" ? "empty board" : text,
  });
  const style = editor.style || {};
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const [fill, stone] = style[ch] || [ch === "#" ? "#555555" : "white", ""];
      const changed = old && old[r] && old[r][c] !== ch;
      const square = s("rect", {
        x: c * cell,
        y: r * cell,
        width: cell,
        height: cell,
        fill,
        stroke: "#222",
        "stroke-width": 1,
        "data-cell": `${r},${c}`,
        class: "cell",
      });
      svg.append(square);
      if (stone) {
        svg.append(s("circle", { cx: c * cell + cell / 2, cy: r * cell + cell / 2, r: cell * 0.34, fill: stone, stroke: "#222", "stroke-width": 1, "pointer-events": "none" }));
      }
      if (!stone && !"#.".includes(ch) && !(ch in style)) {
        const label = s("text", { x: c * cell + cell / 2, y: r * cell + cell * 0.68, "text-anchor": "middle", "font-size": cell * 0.6, "pointer-events": "none" });
        label.textContent = ch;
        svg.append(label);
      }
      if (changed) {
        svg.append(s("rect", { x: c * cell + 2, y: r * cell + 2, width: cell - 4, height: cell - 4, fill: "none", stroke: "#f0a500", "stroke-width": 3, class: "changed", "pointer-events": "none" }));
      }
      if (onCell) square.addEventListener("click", () => onCell(r, c));
    });
  });
  return svg;
}

// --- forests of coloured edges (Hackenbush trees) ----------------------------------------
// A tree is {colour, children: [trees]}; a forest is a list of trees standing on the ground.
export function parseForest(text, colours) {
  let at = 0;
  const fail = (why) => {
    throw new Error(`${why} at column ${at + 1}`);
  };
  function tree() {
    const c = text[at];
    if (!c || !colours.includes(c.toUpperCase())) fail("expected an edge colour (" + colours + ")");
    at += 1;
    const node = { colour: c.toUpperCase(), children: [] };
    if (text[at] === "(") {
      at += 1;
      node.children.push(tree());
      while (text[at] === ",") {
        at += 1;
        node.children.push(tree());
      }
      if (text[at] !== ")") fail("expected )");
      at += 1;
    } else if (text[at] && colours.includes(text[at].toUpperCase())) {
      node.children.push(tree());
    }
    return node;
  }
  const forest = [];
  text = text.trim();
  while (at < text.length) {
    if (text[at] === " ") {
      at += 1;
      continue;
    }
    forest.push(tree());
    if (at < text.length && text[at] !== " ") fail("unexpected " + JSON.stringify(text[at]));
  }
  return forest;
}

export function forestText(forest) {
  const tree = (node) => {
    if (node.children.length === 0) return node.colour;
    if (node.children.length === 1) return node.colour + tree(node.children[0]);
    return node.colour + "(" + node.children.map(tree).join(",") + ")";
  };
  return forest.map(tree).join(" ");
}

const EDGE_COLOURS = { L: "#1f5fd6", R: "#d62728", G: "#2ca02c" };

function drawForest(forest, { onVertex, onEdge }) {
  const step = 44;
  const width = (node) => Math.max(1, node.children.reduce((sum, child) => sum + width(child), 0));
  const depth = (node) => 1 + Math.max(0, ...node.children.map(depth));
  const total = forest.reduce((sum, t) => sum + width(t), 0) + 1;
  const height = Math.max(1, ...forest.map(depth));
  const W = total * step + step;
  const H = (height + 1) * step;
  const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: "forest" });
  const ground = H - step / 2;
  svg.append(s("line", { x1: 4, y1: ground, x2: W - 4, y2: ground, stroke: "#6b4f2a", "stroke-width": 4 }));
  const groundHit = s("rect", { x: 0, y: ground - 8, width: W, height: 16, fill: "transparent", class: "ground", "data-vertex": "ground" });
  groundHit.addEventListener("click", () => onVertex(null));
  svg.append(groundHit);
  let left = step / 2;
  const place = (node, x0, y0, path) => {
    const w = width(node);
    const x = left + (w * step) / 2;
    const y = y0 - step;
    const line = s("line", { x1: x0, y1: y0, x2: x, y2: y, stroke: EDGE_COLOURS[node.colour] || "#000", "stroke-width": 6, "stroke-linecap": "round", class: "edge", "data-edge": path.join(".") });
    line.addEventListener("click", (event) => {
      event.stopPropagation();
      onEdge(path);
    });
    svg.append(line);
    const start = left;
    for (const [k, child] of node.children.entries()) place(child, x, y, [...path, k]);
    left = start + w * step;
    const dot = s("circle", { cx: x, cy: y, r: 7, fill: "#fff", stroke: "#222", "stroke-width": 1.5, class: "vertex", "data-vertex": path.join(".") });
    dot.addEventListener("click", (event) => {
      event.stopPropagation();
      onVertex(path);
    });
    svg.append(dot);
  };
  forest.forEach((tree, k) => {
    const x = left + (width(tree) * step) / 2;
    const start = left;
    place(tree, x, ground, [k]);
    left = start + width(tree) * step;
  });
  return svg;
}

// --- the explorer --------------------------------------------------------------------------
export function mountExplorer(root, transport, options = {}) {
  const useHash = Boolean(options.useHash);
  const state = {
    rulesets: [],
    game: options.game || "",
    position: options.position || "",
    path: [], // [{side: "L"|"R", index, text}]
    job: null,
    node: null,
    fixedRoot: Boolean(options.fixedRoot), // the widget's position object: no typing
    grid: null, // the board being drawn
    forest: null,
    paint: null,
  };

  const gameSelect = h("select", { name: "game", "aria-label": "game", "data-test": "game" });
  const positionInput = h("input", {
    name: "position",
    "aria-label": "position",
    "data-test": "position",
    placeholder: "{2|-1}, ^* + 1/2, or a board such as ..|..",
    spellcheck: "false",
    autocomplete: "off",
  });
  const exploreButton = h("button", { type: "submit", "data-test": "explore" }, "Explore");
  const drawButton = h("button", { type: "button", "data-test": "draw", onclick: () => toggleEditor() }, "Draw");
  const entry = h(
    "form",
    { class: "entry", onsubmit: (event) => { event.preventDefault(); startAt(gameSelect.value, positionInput.value); } },
    gameSelect,
    positionInput,
    exploreButton,
    drawButton,
  );
  const editor = h("div", { class: "editor", hidden: true, "data-test": "editor" });
  const message = h("pre", { class: "error", role: "alert", hidden: true, "data-test": "error" });
  const trail = h("nav", { class: "trail", "aria-label": "moves followed", "data-test": "trail" });
  const progressText = h("span", { "data-test": "progress-text" });
  const cancelButton = h("button", { type: "button", "data-test": "cancel", onclick: () => cancel() }, "Cancel");
  const progress = h("div", { class: "progress", hidden: true, "data-test": "progress" }, h("span", { class: "spinner" }), progressText, cancelButton);
  const view = h("section", { class: "node", "data-test": "node" });
  root.classList.add("cgt-explorer");
  root.replaceChildren(
    h("header", {}, h("h1", {}, "cgt explore"), state.fixedRoot ? null : entry),
    editor,
    message,
    trail,
    progress,
    view,
  );

  const rulesetOf = (name) => state.rulesets.find((r) => r.name === name);
  const editorOf = (name) => (rulesetOf(name) || {}).editor || null;

  function showError(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  // ---- the route: game, position, path (kept in the address's #fragment on the page) ----
  function writeHash() {
    if (!useHash) return;
    const parts = [`game=${encodeURIComponent(state.game)}`, `position=${encodeURIComponent(state.position)}`];
    if (state.path.length) parts.push(`path=${state.path.map((m) => m.side + m.index).join(",")}`);
    const hash = "#" + parts.join("&");
    if (location.hash !== hash) history.pushState(null, "", hash);
  }

  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const path = (params.get("path") || "")
      .split(",")
      .filter(Boolean)
      .map((step) => ({ side: step[0], index: Number(step.slice(1)), text: "" }))
      .filter((m) => (m.side === "L" || m.side === "R") && Number.isInteger(m.index));
    return { game: params.get("game") || "", position: params.get("position") || "", path };
  }

  function startAt(game, position) {
    state.game = game;
    state.position = position;
    state.path = [];
    writeHash();
    load();
  }

  function follow(side, index, text) {
    state.path.push({ side, index, text });
    writeHash();
    load();
  }

  function goBack(depth) {
    state.path = state.path.slice(0, depth);
    writeHash();
    load();
  }

  // ---- jobs -------------------------------------------------------------------------------
  let polling = 0;
  async function load() {
    gameSelect.value = state.game;
    positionInput.value = state.position;
    showError("");
    renderTrail();
    if (state.job && !["done", "failed", "cancelled"].includes(state.job.state)) {
      transport.cancel(state.job.id).catch(() => {});
    }
    const ticket = ++polling;
    if (!state.fixedRoot && state.position.trim() === "" && !editorOf(state.game)) {
      view.replaceChildren(h("p", { class: "hint" }, "Type a game, such as {2|-1} or ^* + 1/2, or choose a ruleset and draw a board."));
      return;
    }
    let job;
    try {
      job = await transport.analyse({ game: state.game || null, position: state.position, path: state.path.map((m) => [m.side, m.index]) });
    } catch (error) {
      showError(error.message);
      return;
    }
    state.job = job;
    while (ticket === polling && !["done", "failed", "cancelled"].includes(job.state)) {
      showProgress(job);
      await new Promise((resolve) => setTimeout(resolve, transport.pollEvery || 200));
      if (ticket !== polling) return;
      try {
        job = await transport.job(job.id);
      } catch (error) {
        showError(error.message);
        progress.hidden = true;
        return;
      }
      state.job = job;
    }
    if (ticket !== polling) return;
    progress.hidden = true;
    if (job.state === "done") {
      state.node = job.result;
      (job.result.path || []).forEach((text, k) => {
        if (state.path[k]) state.path[k].text = text;
      });
      renderTrail();
      renderNode(job.result);
    } else {
      showError(job.state === "cancelled" ? "Cancelled." : job.error || "failed");
      view.replaceChildren();
    }
  }

  function showProgress(job) {
    progress.hidden = false;
    const count = job.positions ? `, ${job.positions.toLocaleString("en")} positions valued` : "";
    progressText.textContent = `${job.phase}${count}, ${Number(job.seconds || 0).toFixed(1)} s`;
  }

  async function cancel() {
    if (!state.job) return;
    try {
      await transport.cancel(state.job.id);
    } catch (error) {
      showError(error.message);
    }
  }

  // ---- rendering ----------------------------------------------------------------------------
  function picture(text, svgText, before = null) {
    const ed = editorOf(state.game);
    if (isBoard(text, ed)) return drawBoard(text, ed, { before, cell: before === null ? 30 : 16 });
    return safeSvg(svgText);
  }

  function renderTrail() {
    const crumbs = [h("button", { type: "button", class: "crumb", "data-test": "crumb-0", onclick: () => goBack(0) }, "start")];
    state.path.forEach((move, k) => {
      const who = move.side === "L" ? "Left" : "Right";
      crumbs.push(" › ", h("button", { type: "button", class: "crumb", "data-test": `crumb-${k + 1}`, onclick: () => goBack(k + 1) }, `${who}: ${move.text || "option " + (move.index + 1)}`));
    });
    const back = h("button", { type: "button", "data-test": "back", disabled: state.path.length === 0, onclick: () => goBack(state.path.length - 1) }, "← Back");
    trail.replaceChildren(back, " ", ...crumbs);
  }

  function fact(name, label, value, note) {
    return h("tr", {}, h("th", { scope: "row" }, label), h("td", { "data-fact": name }, value, note ? h("span", { class: "note" }, ` (${note})`) : null));
  }

  function optionList(node, side) {
    const options = side === "L" ? node.left : node.right;
    const who = side === "L" ? "Left" : "Right";
    const items = options.map((o, i) => {
      const marks = [];
      if (o.dominated_by !== null) {
        const other = options[o.dominated_by];
        const equal = other.value === o.value;
        marks.push(h("span", { class: "mark dominated", "data-test": "dominated" }, equal ? `equal to option ${o.dominated_by + 1}` : `dominated by option ${o.dominated_by + 1}`));
      }
      if (o.reversible_through !== null) {
        const by = side === "L" ? "Right" : "Left";
        const into = o.replacement.length ? `{${o.replacement.join(", ")}}` : "nothing";
        marks.push(h("span", { class: "mark reversible", "data-test": "reversible" }, `reversible: ${by}'s ${o.reversible_through} reverses it to ${into}`));
      }
      return h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "option", "data-side": side, "data-index": i, "data-test": `option-${side}${i}`, title: `follow ${who}'s move to ${o.text}`, onclick: () => follow(side, i, o.text) },
          h("span", { class: "option-picture" }, picture(o.text, o.picture, node.text)),
          h("span", { class: "option-text" }, o.text),
          h("span", { class: "option-value", "data-test": "option-value" }, "= ", o.value),
        ),
        marks,
      );
    });
    return h(
      "div",
      { class: `options ${side === "L" ? "left" : "right"}`, "data-test": side === "L" ? "left-options" : "right-options" },
      h("h3", {}, `${who}'s options (${options.length})`),
      options.length ? h("ol", {}, items) : h("p", { class: "none" }, `${who} has no move.`),
    );
  }

  function renderNode(node) {
    const rows = [
      fact("value", "canonical form", node.value),
      fact("outcome", "outcome", node.outcome, OUTCOMES[node.outcome]),
      fact("stops", "stops", `left ${node.left_stop}, right ${node.right_stop}`),
      fact("mean", "mean", node.mean),
      fact("temperature", "temperature", node.temperature, node.kind),
      fact("birthday", "birthday", String(node.birthday)),
      fact("reduced", "reduced canonical form", node.reduced),
      fact("incentives", "incentives", node.incentives.join(", ") || "none"),
    ];
    if (node.atomic_weight !== undefined) rows.push(fact("atomic_weight", "atomic weight", node.atomic_weight));
    const board = picture(node.text, node.picture);
    view.replaceChildren(
      h(
        "div",
        { class: "summary" },
        h("div", { class: "position" }, h("h2", {}, "Position"), board, h("code", { class: "position-text", "data-test": "node-text" }, node.text || "(empty)"), state.path.length && !state.fixedRoot ? h("button", { type: "button", class: "restart", "data-test": "start-here", onclick: () => startAt(state.game, node.text) }, "Start from here") : null),
        h("table", { class: "facts" }, h("tbody", {}, rows)),
        h("figure", { class: "thermograph", "data-test": "thermograph" }, safeSvg(node.thermograph_svg), h("figcaption", {}, "thermograph")),
      ),
      h("div", { class: "moves" }, optionList(node, "L"), optionList(node, "R")),
    );
  }

  // ---- drawing a board ------------------------------------------------------------------------
  function toggleEditor(force) {
    const open = force !== undefined ? force : editor.hidden;
    editor.hidden = !open;
    if (open) openEditor();
  }

  function openEditor() {
    const ed = editorOf(gameSelect.value);
    if (!ed) {
      editor.replaceChildren(h("p", {}, gameSelect.value ? `${gameSelect.value} positions are typed, not drawn.` : "Choose a ruleset to draw its board; games in the notation are typed."));
      return;
    }
    const text = positionInput.value.trim();
    if (ed.kind === "forest") {
      try {
        state.forest = parseForest(text, ed.colours);
      } catch (error) {
        state.forest = [];
        if (text) showError(`The editor draws trees (${error.message}); this position stays as typed.`);
      }
      state.paint = state.paint && ed.colours.includes(state.paint) ? state.paint : ed.colours[0];
      renderForestEditor(ed);
    } else {
      state.grid = isBoard(text, ed) && text !== "" ? boardRows(text, ed).map((row) => [...row]) : ed.kind === "strip" ? [[..."T..F"].map((c) => (ed.cells.includes(c) ? c : ed.cells[0]))] : Array.from({ length: 3 }, () => Array(3).fill(ed.cells[0]));
      state.paint = state.paint && ed.cells.includes(state.paint) ? state.paint : ed.cells[ed.cells.length > 1 ? 1 : 0];
      renderGridEditor(ed);
    }
  }

  function palette(chars, ed, label) {
    return h(
      "div",
      { class: "palette", role: "radiogroup", "aria-label": label },
      [...chars].map((ch) =>
        h(
          "button",
          { type: "button", class: ch === state.paint ? "paint chosen" : "paint", "data-test": `paint-${ch}`, "aria-checked": String(ch === state.paint), role: "radio", onclick: () => { state.paint = ch; ed.kind === "forest" ? renderForestEditor(ed) : renderGridEditor(ed); } },
          ed.kind === "forest" ? h("span", { class: "swatch", style: `background:${EDGE_COLOURS[ch]}` }) : drawBoard(ch, { kind: "strip", cells: ed.cells, style: ed.style }, { cell: 18 }),
          " ",
          ch,
        ),
      ),
    );
  }

  function renderGridEditor(ed) {
    const rows = state.grid;
    const text = boardText(rows.map((r) => r.join("")), ed);
    positionInput.value = text;
    const resize = (dr, dc) => {
      const height = Math.max(1, Math.min(12, rows.length + dr));
      const width = Math.max(1, Math.min(24, (rows[0] || []).length + dc));
      state.grid = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => (rows[r] && rows[r][c]) || ed.cells[0]));
      renderGridEditor(ed);
    };
    const board = drawBoard(text, ed, {
      cell: 34,
      onCell: (r, c) => {
        rows[r][c] = state.paint;
        renderGridEditor(ed);
      },
    });
    const sizeButtons = ed.kind === "strip"
      ? [h("button", { type: "button", "data-test": "add-column", onclick: () => resize(0, 1) }, "+ square"), h("button", { type: "button", "data-test": "remove-column", onclick: () => resize(0, -1) }, "− square")]
      : [
          h("button", { type: "button", "data-test": "add-row", onclick: () => resize(1, 0) }, "+ row"),
          h("button", { type: "button", "data-test": "remove-row", onclick: () => resize(-1, 0) }, "− row"),
          h("button", { type: "button", "data-test": "add-column", onclick: () => resize(0, 1) }, "+ column"),
          h("button", { type: "button", "data-test": "remove-column", onclick: () => resize(0, -1) }, "− column"),
        ];
    editor.replaceChildren(
      h("p", { class: "help" }, "Pick a cell kind, click cells to paint them, then Explore."),
      palette(ed.cells, ed, "cell kind"),
      h("div", { class: "sizes" }, sizeButtons),
      h("div", { class: "canvas", "data-test": "canvas" }, board),
    );
  }

  function renderForestEditor(ed) {
    const forest = state.forest;
    positionInput.value = forestText(forest);
    const nodeAt = (path) => path.slice(1).reduce((node, k) => node.children[k], forest[path[0]]);
    const picture = drawForest(forest, {
      onVertex: (path) => {
        const edge = { colour: state.paint, children: [] };
        if (path === null) forest.push(edge);
        else nodeAt(path).children.push(edge);
        renderForestEditor(ed);
      },
      onEdge: (path) => {
        if (path.length === 1) forest.splice(path[0], 1);
        else nodeAt(path.slice(0, -1)).children.splice(path[path.length - 1], 1);
        renderForestEditor(ed);
      },
    });
    editor.replaceChildren(
      h("p", { class: "help" }, "Pick a colour; click the ground or a vertex to grow an edge there; click an edge to cut it (and all above it)."),
      palette(ed.colours, ed, "edge colour"),
      h("div", { class: "canvas", "data-test": "canvas" }, picture),
    );
  }

  gameSelect.addEventListener("change", () => {
    if (!editor.hidden) openEditor();
  });

  // ---- start ------------------------------------------------------------------------------------
  (async () => {
    try {
      state.rulesets = await transport.rulesets();
    } catch (error) {
      showError(error.message);
    }
    gameSelect.replaceChildren(
      h("option", { value: "" }, "game in notation"),
      ...state.rulesets.filter((r) => !r.error).map((r) => h("option", { value: r.name, title: r.doc || "" }, r.name)),
    );
    if (useHash) {
      window.addEventListener("popstate", () => {
        Object.assign(state, readHash());
        load();
      });
      if (location.hash.length > 1) Object.assign(state, readHash());
    }
    if (options.path) state.path = options.path.map(([side, index]) => ({ side, index, text: "" }));
    if (state.position || state.fixedRoot) load();
    else {
      gameSelect.value = state.game;
      renderTrail();
      view.replaceChildren(h("p", { class: "hint" }, "Type a game, such as {2|-1} or ^* + 1/2, or choose a ruleset and draw a board."));
    }
  })();
  return state;
}
