"""Tournaments: sets of many games between five players, run in parallel chunks.

`run_tournament` plays ``sets`` independent runs of ``games`` games (set ``s`` is seeded
``f"{seed}:{s}"``); each run is cut into chunks of `CHUNK_GAMES` games (one rank period, so the
chunks do not depend on each other) that `cgt.run_chunks` plays on local cores or a
Dask cluster, and the results are merged in chunk order.  An in-process set is exactly
``Match(players, seed=f"{seed}:{s}").play(games)``, whatever the number of workers.

A player is a registry name (`games.daihinmin.players.make_player`), ``jn17`` (the kit's
jn17, built by `games.daihinmin.network.kit.build_kit`), ``cmd:COMMAND LINE`` or the path of an
executable: those programs play through our UECda server
(`games.daihinmin.network.server.run_server`, one server per chunk on a free port, the program
started per chunk with ``-p PORT``).  A chunk with a program plays the same deals as an in-process
run (the server starts at the chunk's first game), and it is only as deterministic as the program
(jn17 draws from its own unseeded RNG): the C default client, which decides exactly as `default`,
gives the in-process results.  A chunk
that fails (a program that dies or does not connect) keeps the games it finished; the failure is
a `~games.daihinmin.rules.match.Fault` with ``player == -1`` and ``phase == "chunk"``.

>>> result = run_tournament(["default", "random", "random", "random", "random"], 30, sets=2,
...                         seed=5, jobs=1)
>>> [len(s.per_game) for s in result.sets], result.set_points()[0] == result.sets[0].points
([30, 30], True)
>>> print(format_tournament(result.summary()).splitlines()[3])  # doctest: +ELLIPSIS
0       default  ...
"""

from __future__ import annotations

import os
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import cgt
from games.daihinmin.rules.match import Fault, Match, MatchResult

__all__ = [
    "CHUNK_GAMES",
    "PlayerSpec",
    "TournamentChunk",
    "TournamentError",
    "TournamentResult",
    "chunk_log_dirs",
    "format_tournament",
    "play_chunk",
    "resolve_player",
    "run_tournament",
]

#: games per chunk: one rank period (the ranks, hence the exchange, restart after it)
CHUNK_GAMES = 100


class TournamentError(cgt.CGTError, ValueError):
    """Bad arguments to a tournament (players, games, sets)."""


@attrs.frozen
class PlayerSpec:
    """A player as given (``text``): an in-process registry name (``argv is None``) or the
    command line of a UECda client program (``argv``; ``-p PORT`` is appended)."""

    text: str
    argv: tuple[str, ...] | None = None

    @property
    def external(self) -> bool:
        return self.argv is not None


def resolve_player(text: str) -> PlayerSpec:
    """The `PlayerSpec` of a player given on the command line; registry names are checked
    (`UnknownPlayerError` if unknown), ``jn17`` builds the C kit if needed.

    >>> resolve_player("kou2")
    PlayerSpec(text='kou2', argv=None)
    >>> resolve_player("cmd:/opt/bot -n me").argv
    ('/opt/bot', '-n', 'me')
    >>> resolve_player("cmd:")
    Traceback (most recent call last):
    ...
    games.daihinmin.experiments.tournament.TournamentError: player 'cmd:' has an empty command line
    """
    if not isinstance(text, str):
        raise TournamentError(f"a player is named by a string, not {type(text).__name__}")
    name = text.strip()
    if name.startswith("cmd:"):
        try:
            argv = shlex.split(name[4:])
        except ValueError as error:
            raise TournamentError(f"player {text!r}: bad command line ({error})") from None
        if not argv:
            raise TournamentError(f"player {text!r} has an empty command line")
        return PlayerSpec(name, tuple(argv))
    if name == "jn17":
        from games.daihinmin.network.kit import build_kit

        return PlayerSpec(name, (str(build_kit().jn17), "-n", "jn17"))
    if os.sep in name and ":" not in name:
        if os.path.isfile(name) and os.access(name, os.X_OK):
            return PlayerSpec(name, (name,))
        raise TournamentError(
            f"player {text!r}: no executable file there (a UECda client program is given by"
            " the path of its executable, or as cmd:COMMAND LINE)"
        )
    from games.daihinmin.players import PLAYER_NAMES, UnknownPlayerError, make_player

    try:
        make_player(name)
    except UnknownPlayerError:
        if ":" in name:  # a class that cannot be loaded: make_player says why
            raise
        raise UnknownPlayerError(
            f"unknown player {text!r}: a tournament takes a registry name"
            f" ({', '.join(PLAYER_NAMES)}), module.path:Class, jn17 (the C client of the"
            " UECda kit), cmd:COMMAND LINE or the path of an executable UECda client"
        ) from None
    return PlayerSpec(name)


@attrs.frozen
class TournamentChunk:
    """Games ``start + 1 .. stop`` of set ``set_index`` (seeded ``seed``): what a worker plays."""

    set_index: int
    seed: str
    start: int
    stop: int
    players: tuple[PlayerSpec, ...]
    #: seconds a program may take per message (our server's move timeout)
    move_timeout: float = 30.0
    #: seconds for the programs to connect
    connect_timeout: float = 30.0
    #: write the chunk's games (``games.jsonl``, `games.daihinmin.network.server.run_server`'s
    #: format) to this directory
    log_dir: str | None = None


def play_chunk(chunk: TournamentChunk) -> MatchResult:
    """Play one chunk; never raises for a failing program (see the module documentation)."""
    from games.daihinmin.players import make_player

    games = chunk.stop - chunk.start
    if not any(spec.external for spec in chunk.players):
        players = [
            make_player(s.text, seed=f"{chunk.seed}:{p}") for p, s in enumerate(chunk.players)
        ]
        match = Match(players, seed=chunk.seed, record_moves=chunk.log_dir is not None)
        match.start_at(chunk.start + 1)
        if chunk.log_dir is None:
            return match.play(games)
        return _play_logged(match, chunk, games)
    return _play_on_server(chunk, games)


def _play_logged(match: Match, chunk: TournamentChunk, games: int) -> MatchResult:
    """`Match.play` writing each game to ``chunk.log_dir/games.jsonl`` as our server does."""
    import json
    from pathlib import Path

    from games.daihinmin.network.server import game_json

    assert chunk.log_dir is not None
    Path(chunk.log_dir).mkdir(parents=True, exist_ok=True)
    result = MatchResult([getattr(p, "name", type(p).__name__) for p in match.players])
    with (Path(chunk.log_dir) / "games.jsonl").open("w") as log:
        for index in range(games):
            record = match.play_game(final=index == games - 1)
            result.add(record)
            log.write(json.dumps(game_json(chunk.seed, record, names=result.names)) + "\n")
    result.faults.extend(match.faults)
    return result


def _play_on_server(chunk: TournamentChunk, games: int) -> MatchResult:
    from games.daihinmin.network.server import run_server
    from games.daihinmin.players import make_player

    seed = chunk.seed
    seats = [
        None if s.external else make_player(s.text, seed=f"{seed}:{p}")
        for p, s in enumerate(chunk.players)
    ]
    names = [s.text for s in chunk.players]
    partial = MatchResult(names)
    listening = threading.Event()
    ports: list[int] = []
    joined: list[int] = []
    outcome: list[MatchResult | BaseException] = []

    def ready(port: int) -> None:
        ports.append(port)
        listening.set()

    def serve() -> None:
        try:
            outcome.append(
                run_server(
                    0,
                    games,
                    players=seats,
                    seed=seed,
                    host="127.0.0.1",
                    move_timeout=chunk.move_timeout,
                    connect_timeout=chunk.connect_timeout,
                    ready=ready,
                    on_connect=lambda number, name: joined.append(number),
                    on_game=partial.add,
                    first_game=chunk.start + 1,
                    log_dir=chunk.log_dir,
                )
            )
        except BaseException as exc:  # reported as the chunk's fault
            outcome.append(exc)
        finally:
            listening.set()

    thread = threading.Thread(target=serve, name="tournament-server", daemon=True)
    thread.start()
    processes: list[subprocess.Popen[bytes]] = []
    error: str | None = None
    try:
        listening.wait(30)
        if not ports:
            error = f"our server did not start: {outcome[0] if outcome else 'no answer'}"
        else:
            for p, spec in enumerate(chunk.players):
                if spec.argv is None:
                    continue
                processes.append(_start_program(spec.argv, ports[0]))
                deadline = time.monotonic() + chunk.connect_timeout
                count = len(processes)
                while len(joined) < count and thread.is_alive():
                    if processes[-1].poll() is not None:
                        error = f"player {p} ({spec.text}) exited before connecting"
                        break
                    if time.monotonic() > deadline:
                        error = f"player {p} ({spec.text}) did not connect"
                        break
                    time.sleep(0.005)
                if error:
                    break
            if error is None:
                thread.join()
    finally:
        for process in processes:
            _stop(process)
        # after an error the server may still wait for connections: it gives up by itself
        # after `connect_timeout` (a daemon thread), so do not wait for it here
        thread.join(10 if error is None else 0.5)
    result = outcome[0] if outcome else None
    if error is None and not isinstance(result, MatchResult):
        error = f"{type(result).__name__}: {result}"
    if isinstance(result, MatchResult) and error is None:
        result.names = names
        return result
    partial.faults.append(Fault(chunk.start + partial.games + 1, -1, "chunk", error or "?"))
    return partial


def _start_program(argv: Sequence[str], port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*argv, "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@attrs.define
class TournamentResult:
    """The sets of a tournament (`MatchResult` each, games in order) and how it was run."""

    players: tuple[PlayerSpec, ...]
    seed: object
    games: int
    sets: list[MatchResult]
    seconds: float = 0.0

    @property
    def names(self) -> list[str]:
        return [spec.text for spec in self.players]

    def set_points(self) -> list[list[int]]:
        """Points per player of each set."""
        return [list(s.points) for s in self.sets]

    def merged(self) -> MatchResult:
        """All sets as one run (their games one after the other)."""
        total = MatchResult(self.names)
        for s in self.sets:
            total.merge(s)
        return total

    def summary(self) -> dict[str, Any]:
        """`games.daihinmin.experiments.stats.summarize` of all games, plus ``"sets"`` (points per
        player per set), ``"seed"``, ``"games_per_set"`` and each player's ``"spec"``."""
        from games.daihinmin.experiments.stats import summarize

        merged = self.merged()
        summary = summarize(merged)
        for entry, spec in zip(summary["players"], self.players, strict=True):
            entry["spec"] = spec.text
        summary["rejected"] = list(merged.rejected)
        summary["seed"] = self.seed if isinstance(self.seed, (int, str)) else repr(self.seed)
        summary["games_per_set"] = self.games
        summary["sets"] = self.set_points()
        return summary


def run_tournament(
    players: Sequence[str],
    games: int,
    *,
    sets: int = 1,
    seed: object = 0,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    move_timeout: float = 30.0,
    log_dir: str | None = None,
) -> TournamentResult:
    """Play ``sets`` runs of ``games`` games between five ``players`` (see the module
    documentation); ``jobs``/``scheduler`` as in `cgt.run_chunks`, ``progress(done,
    total)`` after each chunk; ``log_dir``: every game's record goes to
    ``log_dir/set{s}-{first game}/games.jsonl`` (`chunk_log_dirs` lists them in order)."""
    from cgt import run_chunks

    if isinstance(players, str) or len(players) != 5:
        raise TournamentError("a tournament needs a list of exactly 5 players")
    for name, value in (("games", games), ("sets", sets)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise TournamentError(f"{name} must be a positive int, got {value!r}")
    specs = tuple(resolve_player(p) for p in players)
    chunks = [
        TournamentChunk(
            s,
            f"{seed}:{s}",
            start,
            min(start + CHUNK_GAMES, games),
            specs,
            move_timeout,
            log_dir=None if log_dir is None else os.path.join(log_dir, f"set{s}-{start + 1}"),
        )
        for s in range(sets)
        for start in range(0, games, CHUNK_GAMES)
    ]
    started = time.perf_counter()
    results = run_chunks(play_chunk, chunks, jobs=jobs, scheduler=scheduler, progress=progress)
    names = [spec.text for spec in specs]
    per_set = [MatchResult(names) for _ in range(sets)]
    for chunk, result in zip(chunks, results, strict=True):
        per_set[chunk.set_index].merge(result)
    return TournamentResult(specs, seed, games, per_set, time.perf_counter() - started)


def chunk_log_dirs(log_dir: str, games: int, sets: int = 1) -> list[str]:
    """The directories a `run_tournament` with ``log_dir`` wrote, in the order of the games.

    >>> chunk_log_dirs("logs", 250)
    ['logs/set0-1', 'logs/set0-101', 'logs/set0-201']
    """
    return [
        os.path.join(log_dir, f"set{s}-{start + 1}")
        for s in range(sets)
        for start in range(0, games, CHUNK_GAMES)
    ]


def format_tournament(summary: dict[str, Any]) -> str:
    """The paper's table shape: player, mean points over the sets, each set's points, the
    mean per game with its 95% interval, the rank counts.

    >>> s = {"games": 4, "games_per_set": 2, "sets": [[9, 3, 6, 6, 6], [8, 4, 6, 6, 6]],
    ...      "players": [{"name": n, "mean": m, "ci95": None, "ranks": [0] * 5}
    ...                  for n, m in zip("abcde", [4.25, 1.75, 3, 3, 3])]}
    >>> print(format_tournament(s))
    2 sets of 2 games; points 5 4 3 2 1 for places 1st to 5th
    player  name  mean/set  set 1  set 2  mean/game  95% CI  1st  2nd  3rd  4th  5th
    ------  ----  --------  -----  -----  ---------  ------  ---  ---  ---  ---  ---
    0       a          8.5      9      8      4.250  -         0    0    0    0    0
    1       b          3.5      3      4      1.750  -         0    0    0    0    0
    2       c          6.0      6      6      3.000  -         0    0    0    0    0
    3       d          6.0      6      6      3.000  -         0    0    0    0    0
    4       e          6.0      6      6      3.000  -         0    0    0    0    0
    """
    from games.daihinmin.experiments.stats import format_notes  # scipy only when needed

    sets = summary["sets"]
    header = ["player", "name", "mean/set"] + [f"set {k + 1}" for k in range(len(sets))]
    header += ["mean/game", "95% CI", "1st", "2nd", "3rd", "4th", "5th"]
    ci_column = header.index("95% CI")
    rows = []
    for p, entry in enumerate(summary["players"]):
        per_set = [row[p] for row in sets]
        mean = "-" if entry["mean"] is None else f"{entry['mean']:.3f}"
        ci = entry["ci95"]
        interval = "-" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"
        rows.append(
            [str(p), str(entry["name"]), f"{sum(per_set) / len(per_set):.1f}"]
            + [str(x) for x in per_set]
            + [mean, interval]
            + [str(n) for n in entry["ranks"]]
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str], is_header: bool = False) -> str:
        parts = [
            c.ljust(w) if is_header or i < 2 or i == ci_column else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = [
        f"{len(sets)} sets of {summary['games_per_set']} games; "
        "points 5 4 3 2 1 for places 1st to 5th",
        line(header, True),
        "  ".join("-" * w for w in widths),
    ]
    lines.extend(line(row) for row in rows)
    lines.extend(format_notes(summary))
    return "\n".join(lines)
