"""Daihinmin games as the web table shows them: every move with the whole table after it.

A game arrives as a **game record**: the JSON object of one line of the server's
``games.jsonl`` (`games.daihinmin.network.server.game_json`: seats, dealer, ranks, the dealt
hands, the hands after the exchange, every move, ranking, points), the same for a game played
at the web table, or a game of a C-server run recorded through the proxies
(`games.daihinmin.network.recording`, converted by `record_games`).  `timeline` replays the
moves through the engine (`games.daihinmin.rules.engine.GameState`) and returns what the page
draws: the exchange, and per move the hands, the field, who made it, the passes, the lock, the
revolution, who has finished, whose turn it is, and the trick number.  A record whose moves
the rules refuse raises `TimelineError` at the first such move.

`read_games` reads a file of either kind (``.jsonl``, gzip-compressed or not, or an
``uecda-record``); `LogLibrary` serves the files under one path and nothing else.

>>> from games.daihinmin.players import make_player
>>> from games.daihinmin.rules.match import Match
>>> from games.daihinmin.network.server import game_json
>>> match = Match([make_player("default") for _ in range(5)], seed=3, record_moves=True)
>>> record = game_json(3, match.play_game())
>>> view = timeline(record)
>>> len(view["frames"]) == len(record["moves"]), view["frames"][-1]["finished"], record["ranking"]
(True, [1, 0, 4, 3], (1, 0, 4, 3, 2))
>>> sum(len(hand) for hand in view["hands"])  # the hands after the exchange: all 53 cards
53
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import cgt
from games.daihinmin.rules.cards import format_cards
from games.daihinmin.rules.engine import POINTS, GameState, Rules
from games.daihinmin.rules.melds import PASS, Meld, MeldError

__all__ = [
    "MAX_LOG_BYTES",
    "LogLibrary",
    "TimelineError",
    "cards",
    "read_games",
    "record_games",
    "timeline",
]

MAX_LOG_BYTES = 512 * 2**20
"""The largest log file the table reads (uncompressed)."""


class TimelineError(cgt.CGTError, ValueError):
    """A game record that is not one, or whose moves the rules refuse; a log file that cannot
    be read or is not under the table's log path."""


def cards(mask: int) -> list[str]:
    """The cards of a mask as names, weakest first (``["3D", "5S", "JK"]``).

    >>> from games.daihinmin.rules.cards import parse_cards
    >>> cards(parse_cards("5S JK 3D"))
    ['3D', '5S', 'JK']
    """
    return format_cards(mask).split() if mask else []


def _meld_json(meld: Meld | None) -> dict[str, Any] | None:
    """A meld as the page draws it: its text and its cards (a joker standing in for a card is
    ``JK`` with ``as``)."""
    if meld is None or meld is PASS:
        return None
    shown: list[dict[str, str]] = []
    for word in str(meld).split():
        if word.startswith("JK("):
            shown.append({"card": "JK", "as": word[3:-1]})
        else:
            shown.append({"card": word})
    return {"text": str(meld), "cards": shown}


def _hand(value: Any, what: str) -> int:
    try:
        mask = int(value, 16) if isinstance(value, str) else int(value)
    except (TypeError, ValueError):
        raise TimelineError(f"{what}: not a card mask: {value!r}") from None
    return mask


def _exchanges(dealt: Sequence[int], hands: Sequence[int]) -> list[dict[str, Any]]:
    """Who gave which cards to whom, from the hands before and after the exchange."""
    gone = [dealt[p] & ~hands[p] for p in range(5)]
    came = [hands[p] & ~dealt[p] for p in range(5)]
    moves = []
    for giver in range(5):
        for taker in range(5):
            moved = gone[giver] & came[taker]
            if giver != taker and moved:
                moves.append({"from": giver, "to": taker, "cards": cards(moved)})
    return moves


def timeline(record: Mapping[str, Any], rules: Rules | None = None) -> dict[str, Any]:
    """The game ``record`` move by move, as the page shows it (see the module)."""
    try:
        seats = tuple(int(s) for s in record["seats"])
        hands = [_hand(h, f"hands[{p}]") for p, h in enumerate(record["hands"])]
        dealt = [_hand(h, f"dealt[{p}]") for p, h in enumerate(record.get("dealt") or hands)]
        moves = list(record["moves"])
        ranking = [int(p) for p in record["ranking"]]
        points = [int(p) for p in record["points"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise TimelineError(f"not a game record: {type(exc).__name__}: {exc}") from None
    if len(hands) != 5 or len(dealt) != 5 or sorted(seats) != [0, 1, 2, 3, 4]:
        raise TimelineError("not a game record: 5 hands and seats 0-4 are needed")
    try:
        state = GameState(hands, seats, rules=rules or Rules())
    except cgt.CGTError as exc:
        raise TimelineError(f"not a game record: {exc}") from None
    frames = []
    trick = 1
    for number, move in enumerate(moves, 1):
        if state.over:
            raise TimelineError(f"move {number}: the game was already over")
        player = state.turn
        try:
            if int(move["player"]) != player:
                raise TimelineError(
                    f"move {number}: player {move['player']} moved, but it was player "
                    f"{player}'s turn"
                )
            text = str(move["meld"])
            meld = PASS if text == "pass" else Meld.parse(text)
        except (KeyError, TypeError, ValueError, MeldError) as exc:
            raise TimelineError(f"move {number}: {exc}") from None
        field_before = state.field
        result = state.submit(meld)
        if text != "pass" and not result.accepted:
            raise TimelineError(f"move {number}: player {player} played {text}: {result.reason}")
        frames.append(
            {
                "move": {
                    "player": player,
                    "meld": _meld_json(meld if result.accepted else None),
                    "accepted": result.accepted,
                    "refused": move.get("refused"),
                    "cleared": result.cleared,
                    "finished": result.finished,
                    "revolution": result.accepted and meld.is_revolution,
                    "beaten": _meld_json(field_before),
                },
                "trick": trick,
                "hands": [cards(h) for h in state.hands],
                # the table after the move: a cleared field is empty and unlocked
                "field": None if result.cleared else _meld_json(result.field),
                "field_player": None if result.cleared else state.last_player,
                "lock": result.lock and not result.cleared,
                "revolution": result.revolution,
                "passed": [p for p in range(5) if state.passed >> p & 1],
                "finished": list(state.finished),
                "turn": None if state.over else state.turn,
            }
        )
        if result.cleared:
            trick += 1
    if moves and not state.over:
        raise TimelineError(f"the record ends after {len(moves)} moves, before the game does")
    if frames:
        frames[-1]["finished"] = ranking[:4] if record.get("stalled") else frames[-1]["finished"]
    first = next((p for p in range(5) if hands[p] & (1 << 6)), seats[0])
    return {
        "game": record.get("game"),
        "names": list(record.get("names") or [f"player {p}" for p in range(5)]),
        "seats": list(seats),
        "dealer": record.get("dealer"),
        "ranks": record.get("ranks"),
        "dealt": [cards(h) for h in dealt],
        "hands": [cards(h) for h in hands],
        "exchange": _exchanges(dealt, hands),
        "first": first,
        "frames": frames,
        "ranking": ranking,
        "points": points,
        "stalled": bool(record.get("stalled")),
        "rejected": record.get("rejected"),
    }


# --------------------------------------------------------------------------- files


def record_games(run: Any) -> list[dict[str, Any]]:
    """The games of a recorded C-server run (`games.daihinmin.network.recording.RunRecord`)
    as game records: the hands from the deal and hand tables, the moves read from the
    submissions as the server reads them, replayed through the engine."""
    from games.daihinmin.network.table import read_hand, read_submission

    games = []
    for log in run.games:
        deals = [t.grid() for t in log.deals]
        seats = tuple(deals[0][6][10:15])
        dealt = [read_hand(grid) for grid in deals]
        if not log.turns:
            continue
        hands = [read_hand(t.grid()) for t in log.turns[0].hands]
        state = GameState(hands, seats)
        moves: list[dict[str, Any]] = []
        for turn in log.turns:
            if state.over:
                break
            meld = read_submission(turn.submission.grid(), state.hands[turn.mover])
            result = state.submit(meld)
            entry: dict[str, Any] = {
                "player": turn.mover,
                "meld": str(meld) if result.accepted else "pass",
            }
            if result.reason is not None and meld is not PASS:
                entry["refused"] = result.reason
            moves.append(entry)
        if log.ranks is not None:
            ranking = sorted(range(5), key=lambda p: log.ranks[p])
        else:
            ranking = state.ranking()
        points = [0] * 5
        for place, p in enumerate(ranking):
            points[p] = POINTS[place]
        games.append(
            {
                "game": log.number,
                "names": list(run.names),
                "seats": list(seats),
                "dealer": None,
                "ranks": None,
                "dealt": [hex(h) for h in dealt],
                "hands": [hex(h) for h in hands],
                "moves": moves,
                "ranking": ranking,
                "points": points,
                "stalled": False,
            }
        )
    return games


def _opened(path: Path) -> Iterator[str]:
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
    opener = gzip.open if gzipped else open
    read = 0
    with opener(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            read += len(line)
            if read > MAX_LOG_BYTES:
                raise TimelineError(f"{path.name}: over {MAX_LOG_BYTES // 2**20} MiB of text")
            yield line


def read_games(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The game records of a log file: the server's ``games.jsonl`` (or the table's), plain or
    gzip-compressed, or a recorded C-server run (``uecda-record``)."""
    path = Path(path)
    try:
        lines = [line for line in _opened(path) if line.strip()]
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise TimelineError(f"{path.name}: cannot be read ({exc})") from None
    if not lines:
        raise TimelineError(f"{path.name}: no games in the file")
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise TimelineError(f"{path.name} line 1: not JSON") from None
    if isinstance(first, dict) and first.get("format") == "uecda-record":
        from games.daihinmin.network.recording import RecordingError, read_record

        try:
            return record_games(read_record(path))
        except RecordingError as exc:
            raise TimelineError(str(exc)) from None
    games = []
    for number, line in enumerate(lines, 1):
        try:
            game = json.loads(line)
        except ValueError:
            raise TimelineError(f"{path.name} line {number}: not JSON") from None
        if not isinstance(game, dict) or "moves" not in game or "hands" not in game:
            raise TimelineError(f"{path.name} line {number}: not a game record")
        games.append(game)
    return games


class LogLibrary:
    """The log files the table may serve: ``root`` itself (a file) or the ``.jsonl``,
    ``.jsonl.gz`` and ``.gz`` files under it (a folder).  A name from a request is looked up
    among these, never opened as a path, so no other file can be read.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "games.jsonl").write_text("")
    >>> library = LogLibrary(folder)
    >>> library.names(), library.path("games.jsonl").name
    (['games.jsonl'], 'games.jsonl')
    >>> library.path("../etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.daihinmin.web.timeline.TimelineError: no log named '../etc/passwd'; the logs are: ...
    """

    SUFFIXES = (".jsonl", ".jsonl.gz", ".gz", ".json")
    MAX_FILES = 1000

    def __init__(self, root: str | os.PathLike[str] | None) -> None:
        self.root = Path(root).resolve() if root is not None else None
        if self.root is not None and not self.root.exists():
            raise TimelineError(f"--log {root}: no such file or folder")
        self._games: dict[str, list[dict[str, Any]]] = {}

    def _files(self) -> dict[str, Path]:
        if self.root is None:
            return {}
        if self.root.is_file():
            return {self.root.name: self.root}
        found: dict[str, Path] = {}
        for path in sorted(self.root.rglob("*")):
            if len(found) >= self.MAX_FILES:
                break
            resolved = path.resolve()
            if (
                path.is_file()
                and path.name.endswith(self.SUFFIXES)
                and self.root in resolved.parents  # a link out of the folder is not served
            ):
                found[path.relative_to(self.root).as_posix()] = resolved
        return found

    def names(self) -> list[str]:
        """The files, by their names relative to the root."""
        return list(self._files())

    def path(self, name: str) -> Path:
        """The file of that name; raises `TimelineError` for any other name."""
        found = self._files().get(name)
        if found is None:
            raise TimelineError(f"no log named {name!r}; the logs are: {', '.join(self._files())}")
        return found

    def games(self, name: str) -> list[dict[str, Any]]:
        """The game records of a file (read once)."""
        path = self.path(name)
        key = f"{path}:{path.stat().st_mtime_ns}"
        if key not in self._games:
            self._games = {key: read_games(path)}  # keep one file's games
        return self._games[key]
