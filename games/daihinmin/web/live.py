"""Live tables: a match played in the background while the page watches it or plays in it.

A `LiveTable` plays ``games`` games between five seats, each a player name of
`games.daihinmin.players` (``default``, ``kou2``, ``kou2+``, ``random``, ...), a C client of the
UECda kit (``c-default``, ``c-jn17``: built with gcc and connected to our own server,
`games.daihinmin.network.server.run_server`, over loopback TCP) or ``you``: a person at the page,
through a `HumanSeat`.  The page polls `LiveTable.status`; every finished game is kept as a game
record (`games.daihinmin.network.server.game_json`, what the server's ``games.jsonl`` holds),
and the finished run as the same JSON as ``cgt daihinmin play --json``
(`games.daihinmin.experiments.stats.play_summary`).

A person's seat offers the legal plays and refuses any other with the rules' reason
(`HumanSeat.submit` raises `SeatError`); a decision not made within ``time_limit`` seconds is a
pass (an exchange: the weakest cards), as a late client's on the server.  Names that import
code (``module.path:Class``) are not accepted from a page.

>>> table = LiveTable(["default"] * 5, games=2, seed=5)
>>> table.run()  # in this thread (the page starts it in a thread of its own)
>>> table.state, len(table.records), table.summary["games"]
('over', 2, 2)
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import cgt
from games.daihinmin.experiments.stats import play_summary
from games.daihinmin.network.server import game_json
from games.daihinmin.players import PLAYER_NAMES, make_player
from games.daihinmin.rules.cards import JOKER, REAL_CARDS, format_cards, parse_cards
from games.daihinmin.rules.engine import MoveResult, rejection
from games.daihinmin.rules.match import GameRecord, Match, MatchResult
from games.daihinmin.rules.melds import PASS, Meld, MeldError
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, weakest_cards
from games.daihinmin.web.timeline import cards

__all__ = [
    "C_CLIENTS",
    "HUMAN",
    "MAX_GAMES",
    "HumanSeat",
    "LiveTable",
    "SeatError",
    "TableSetupError",
    "seat_names",
]

HUMAN = "you"
"""The seat name of the person at the page."""
C_CLIENTS = ("c-default", "c-jn17")
"""The C clients of the UECda kit a seat can hold."""
MAX_GAMES = 1000
"""The most games one table plays."""
_RANK_TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")


class TableSetupError(cgt.CGTError, ValueError):
    """A table that cannot be set up: bad seat names, games, seed or time limit."""


class SeatError(cgt.CGTError, ValueError):
    """A person's play or exchange that the rules refuse (the message says why)."""


class _Stopped(BaseException):
    """Raised in the match's thread to end a table that was closed (not an `Exception`, so that
    no player's fault handler catches it)."""


def seat_names(names: Sequence[str]) -> list[str]:
    """The five seats, checked: names of `PLAYER_NAMES`, `C_CLIENTS` or `HUMAN` (at most one).

    >>> seat_names(["you", "kou2", "default", "c-default", "kou2+"])
    ['you', 'kou2', 'default', 'c-default', 'kou2+']
    >>> seat_names(["default", "os:system", "default", "default", "default"])
    Traceback (most recent call last):
    ...
    games.daihinmin.web.live.TableSetupError: seat 1: unknown player 'os:system'; ...
    """
    if not isinstance(names, (list, tuple)) or len(names) != 5:
        raise TableSetupError("a table has 5 seats: give 5 player names")
    seats = []
    for k, name in enumerate(names):
        if not isinstance(name, str):
            raise TableSetupError(f"seat {k}: a player name, not {name!r}")
        name = name.strip()
        if name not in (*PLAYER_NAMES, *C_CLIENTS, HUMAN):
            known = ", ".join((*PLAYER_NAMES, *C_CLIENTS, HUMAN))
            raise TableSetupError(f"seat {k}: unknown player {name!r}; the players are: {known}")
        seats.append(name)
    if seats.count(HUMAN) > 1:
        raise TableSetupError("only one seat can be yours")
    return seats


def _meld_view(meld: Meld | None) -> dict[str, Any] | None:
    if meld is None or meld.is_pass:
        return None
    shown = []
    for word in str(meld).split():
        shown.append({"card": "JK", "as": word[3:-1]} if word.startswith("JK(") else {"card": word})
    return {"text": str(meld), "cards": shown}


class HumanSeat(Player):
    """A person's seat: the match's thread waits in `play` and `exchange` until the page
    submits a choice (`submit`), or until ``time_limit`` seconds have passed."""

    name = HUMAN

    def __init__(self, table: LiveTable, time_limit: float) -> None:
        self.table = table
        self.time_limit = time_limit
        self._ready = threading.Condition()
        self._question: dict[str, Any] | None = None
        self._answer: Any = None
        self._asked = 0
        self.player = -1
        self.view: dict[str, Any] = {}

    # --- what the match tells the seat -------------------------------------------------------
    def start_game(self, deal: Deal) -> None:
        self.player = deal.player
        self.view = {
            "game": deal.game,
            "you": deal.player,
            "hand": cards(deal.hand),
            "counts": list(deal.counts),
            "seats": list(deal.seats),
            "ranks": list(deal.ranks) if deal.ranks is not None else None,
            "field": None,
            "field_player": None,
            "lock": False,
            "revolution": False,
            "passed": [],
            "finished": [],
            "turn": None,
            "trick": 1,
        }
        title = _RANK_TITLES[deal.ranks[deal.player]] if deal.ranks else None
        self.table.event(
            f"game {deal.game}: you are player {deal.player}"
            + (f", {title}" if title else "")
            + (f"; give back {deal.give} card(s)" if deal.give else "")
        )

    def on_turn(self, obs: Observation) -> None:
        self.view.update(
            hand=cards(obs.hand),
            counts=list(obs.counts),
            field=_meld_view(obs.field),
            field_player=obs.last_player if obs.field is not None else None,
            lock=obs.lock,
            revolution=obs.revolution,
            passed=[p for p in range(5) if obs.passed >> p & 1],
            finished=list(obs.finished),
            turn=obs.turn,
        )
        self.table.touch()

    def observe(self, result: MoveResult) -> None:
        who = "you" if result.player == self.player else f"player {result.player}"
        if result.accepted:
            text = f"{who}: {result.meld}"
        elif result.reason is not None and result.player != self.player:
            text = f"{who}: refused ({result.reason}), passes"
        else:
            text = f"{who}: pass"
        if result.finished:
            text += f" and is out ({len(self.view.get('finished', [])) + 1}.)"
        if result.accepted and result.meld.is_revolution:
            text += " - revolution!"
        if result.cleared:
            self.view["trick"] = self.view.get("trick", 1) + 1
            text += " - the field is cleared"
        if result.cleared:
            self.view.update(field=None, field_player=None, lock=False)
        elif result.accepted:
            self.view.update(
                field=_meld_view(result.field), field_player=result.player, lock=result.lock
            )
        self.view["revolution"] = result.revolution
        if result.accepted:
            counts = self.view.get("counts", [0] * 5)
            counts[result.player] -= result.meld.hand_cards.bit_count()
        self.table.event(text, move=result.player)

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        place = ranking.index(self.player) + 1 if self.player in ranking else None
        self.view.update(turn=None, finished=list(ranking))
        self.table.event(f"game over: you finished {place}. of 5" if place else "game over")

    # --- the decisions -----------------------------------------------------------------------
    def _ask(self, question: dict[str, Any]) -> Any:
        deadline = time.monotonic() + self.time_limit
        with self._ready:
            self._answer = None
            self._asked += 1
            self._question = {**question, "id": self._asked, "deadline": deadline}
            self.table.touch()
            while self._answer is None:
                if self.table.stopping:
                    self._question = None
                    raise _Stopped
                left = deadline - time.monotonic()
                if left <= 0:
                    self._question = None
                    self.table.touch()
                    return None
                self._ready.wait(min(left, 0.25))
            answer, self._answer, self._question = self._answer, None, None
            self.table.touch()
            return answer

    def play(self, obs: Observation) -> Meld:
        legal = obs.legal_moves()
        self._hand, self._obs, self._legal = obs.hand, obs, legal
        answer = self._ask(
            {
                "kind": "play",
                "legal": [
                    {"text": str(m), "cards": cards(m.hand_cards), "meld": _meld_view(m)}
                    for m in legal
                ],
            }
        )
        if answer is None:
            self.table.event(f"time is up ({self.time_limit:g} s): you pass")
            return PASS
        return answer

    def exchange(self, deal: Deal) -> int:
        self._hand, self._give = deal.hand, deal.give
        answer = self._ask({"kind": "exchange", "give": deal.give, "hand": cards(deal.hand)})
        if answer is None:
            chosen = weakest_cards(deal.hand, deal.give)
            self.table.event(f"time is up: you give {format_cards(chosen)}")
            return chosen
        self.table.event(f"you give {format_cards(answer)}")
        return answer

    def question(self) -> dict[str, Any] | None:
        """What the seat is asked now (with the seconds left), or None."""
        with self._ready:
            if self._question is None:
                return None
            left = max(0.0, self._question["deadline"] - time.monotonic())
            shown = {k: v for k, v in self._question.items() if k != "deadline"}
            return {**shown, "seconds_left": round(left, 1), "time_limit": self.time_limit}

    def submit(self, choice: Any, question_id: int | None = None) -> str:
        """The person's answer to the current question (``question_id``: the ``id`` of the
        question answered, if known): ``"pass"``, a meld's text (``"5S 5H"``, ``"JK(5D) 5S"``)
        or a list of card names.  Returns what was played; raises `SeatError` with the reason
        when the rules refuse it."""
        with self._ready:
            question = self._question
            if question is None or self._answer is not None:
                raise SeatError("it is not your turn")
            if question_id is not None and question_id != question["id"]:
                raise SeatError("that question is over (the time ran out?); answer the new one")
            if question["kind"] == "exchange":
                mask = self._cards(choice)
                if mask & ~self._hand:
                    raise SeatError(f"{format_cards(mask & ~self._hand)}: not in your hand")
                if mask.bit_count() != self._give:
                    raise SeatError(f"give exactly {self._give} card(s), not {mask.bit_count()}")
                self._answer = mask
                self._ready.notify_all()
                return format_cards(mask)
            meld = self._meld(choice)
            self._answer = meld
            self._ready.notify_all()
            return str(meld)

    @staticmethod
    def _cards(choice: Any) -> int:
        if isinstance(choice, list) and all(isinstance(c, str) for c in choice):
            text = " ".join(choice)
        elif isinstance(choice, str):
            text = choice
        else:
            raise SeatError("choose cards: a list of card names such as ['5S', '5H']")
        try:
            return parse_cards(text)
        except cgt.CGTError as exc:
            raise SeatError(str(exc)) from None

    def _meld(self, choice: Any) -> Meld:
        obs, legal = self._obs, self._legal
        if choice == "pass" or choice == [] or choice == ["pass"]:
            return PASS
        if isinstance(choice, str) and "(" in choice:  # a meld's text, the joker's role said
            try:
                meld = Meld.parse(choice)
            except MeldError as exc:
                raise SeatError(str(exc)) from None
            if meld in legal:
                return meld
            raise SeatError(self._why(meld))
        mask = self._cards(choice)
        if mask & ~obs.hand:
            raise SeatError(f"{format_cards(mask & ~obs.hand)}: not in your hand")
        playable = [m for m in legal if m.hand_cards == mask]
        if playable:  # the joker's role, if any: the strongest reading
            return playable[-1]
        if mask & JOKER and mask & REAL_CARDS:
            raise SeatError(
                f"{format_cards(mask)}: no legal play uses exactly these cards"
                + (f" ({self._why_field()})" if obs.field is not None else "")
            )
        try:
            meld = Meld.parse(format_cards(mask))
        except MeldError as exc:
            raise SeatError(str(exc)) from None
        raise SeatError(self._why(meld))

    def _why(self, meld: Meld) -> str:
        obs = self._obs
        reason = rejection(obs.hand, meld, obs.field, obs.revolution, obs.lock)
        return f"{meld}: {reason}" if reason else f"{meld}: not a legal play now"

    def _why_field(self) -> str:
        obs = self._obs
        return f"the field is {obs.field}" + (", locked" if obs.lock else "")


class LiveTable:
    """A match at the web table (see the module).  ``state``: ``starting``, ``running``,
    ``over``, ``failed`` (``error`` says why) or ``stopped``."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        games: int = 1,
        seed: object = 0,
        time_limit: float = 60.0,
        table_id: str = "t1",
        kit: Callable[[], Any] | None = None,
    ) -> None:
        self.names = seat_names(names)
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise TableSetupError(f"games: 1..{MAX_GAMES}, not {games!r}")
        if not isinstance(time_limit, (int, float)) or not 1 <= time_limit <= 3600:
            raise TableSetupError(f"time_limit: 1..3600 seconds, not {time_limit!r}")
        if not isinstance(seed, (int, str)) or isinstance(seed, bool) or len(str(seed)) > 100:
            raise TableSetupError("seed: an integer or a short text")
        self.id = table_id
        self.games = games
        self.seed = seed
        self.state = "starting"
        self.error: str | None = None
        self.stopping = False
        self.events: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.summary: dict[str, Any] | None = None
        self.version = 0
        self._lock = threading.Lock()
        self._kit = kit
        self._clients: list[subprocess.Popen[bytes]] = []
        self.human = HumanSeat(self, float(time_limit)) if HUMAN in self.names else None
        self.thread: threading.Thread | None = None

    # --- what the page reads -------------------------------------------------------------------
    def touch(self) -> None:
        with self._lock:
            self.version += 1

    def event(self, text: str, **extra: Any) -> None:
        """Add a line to the table's log (what the page lists)."""
        with self._lock:
            self.events.append({"n": len(self.events), "text": text, **extra})
            self.version += 1

    def status(self, after: int = 0) -> dict[str, Any]:
        """The table for the page: state, the log lines from ``after`` on, the finished games,
        and for a person's table what the seat sees and is asked."""
        with self._lock:
            answer: dict[str, Any] = {
                "id": self.id,
                "names": self.names,
                "games": self.games,
                "seed": self.seed,
                "state": self.state,
                "error": self.error,
                "version": self.version,
                "events": self.events[max(0, after) :],
                "finished_games": len(self.records),
                "totals": [sum(r["points"][p] for r in self.records) for p in range(5)],
                "summary": self.summary,
            }
        if self.human is not None:
            answer["seat"] = dict(self.human.view)
            answer["question"] = self.human.question()
        return answer

    # --- playing -------------------------------------------------------------------------------
    def start(self) -> LiveTable:
        """Play in a background thread."""
        self.thread = threading.Thread(target=self.run, name=f"daihinmin-{self.id}", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        """End the table: the match stops at the next decision of the person or of a game."""
        self.stopping = True
        for client in self._clients:
            with contextlib.suppress(OSError):
                client.kill()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=30)

    def _players(self) -> list[Player | None]:
        seated: list[Player | None] = []
        for k, name in enumerate(self.names):
            if name == HUMAN:
                assert self.human is not None
                seated.append(self.human)
            elif name in C_CLIENTS:
                seated.append(None)
            else:
                seated.append(make_player(name, seed=f"{self.seed}:{k}"))
        return seated

    def run(self) -> None:
        """Play the games (in the calling thread); the outcome is in ``state``."""
        self.state = "running"
        self.touch()
        try:
            seated = self._players()
            if any(p is None for p in seated):
                result = self._run_with_clients(seated)
            else:
                result = self._run_in_process([p for p in seated if p is not None])
            self.summary = play_summary(result, self.names, self.seed)
            self.state = "over"
        except _Stopped:
            self.state = "stopped"
        except Exception as error:  # a table never takes the server down: it says why
            self.error = f"{type(error).__name__}: {error}"
            self.state = "stopped" if self.stopping else "failed"
        finally:
            for client in self._clients:
                with contextlib.suppress(OSError):
                    client.kill()
            self.touch()

    def _game_done(self, record: GameRecord, names: Sequence[str]) -> None:
        if self.stopping:
            raise _Stopped
        with self._lock:
            # as the page and a games.jsonl line have it (lists, not tuples)
            self.records.append(json.loads(json.dumps(game_json(self.seed, record, names=names))))
        points = " ".join(str(p) for p in record.points)
        self.event(f"game {record.game} over: points {points}", game=len(self.records) - 1)

    def _run_in_process(self, players: list[Player]) -> MatchResult:
        match = Match(players, seed=self.seed, record_moves=True)
        result = MatchResult([getattr(p, "name", type(p).__name__) for p in players])
        shown = [HUMAN if n == HUMAN else n for n in self.names]
        for index in range(self.games):
            if self.stopping:
                raise _Stopped
            record = match.play_game(final=index == self.games - 1)
            result.add(record)
            self._game_done(record, shown)
        result.faults.extend(match.faults)
        return result

    def _run_with_clients(self, seated: list[Player | None]) -> MatchResult:
        from games.daihinmin.network.kit import build_kit
        from games.daihinmin.network.server import run_server

        self.event("building the C clients of the UECda kit (gcc)...")
        kit = self._kit() if self._kit is not None else build_kit()
        numbers = [k for k, p in enumerate(seated) if p is None]

        joined = threading.Semaphore(0)

        def start_clients(port: int) -> None:
            # one at a time: the server numbers clients in the order they connect
            for k in numbers:
                if self.stopping:
                    return
                program = kit.client if self.names[k] == "c-default" else kit.jn17
                self._clients.append(
                    subprocess.Popen(
                        [str(program), "-p", str(port), "-n", self.names[k][2:][:8]],
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        stdin=subprocess.DEVNULL,
                        start_new_session=True,
                    )
                )
                if not joined.acquire(timeout=60):
                    return  # the server gives up after its connect_timeout and says so

        def ready(port: int) -> None:
            threading.Thread(target=start_clients, args=(port,), daemon=True).start()

        result = run_server(
            0,
            self.games,
            players=seated,
            seed=self.seed,
            host="127.0.0.1",
            ready=ready,
            on_connect=lambda number, name: joined.release(),
            connect_timeout=60.0,
            record_moves=True,
            move_timeout=max(60.0, self.human.time_limit + 30) if self.human else 60.0,
            on_game=lambda record: self._game_done(record, self.names),
        )
        return result
