"""Tournaments on the kit's C server ``tndhms``: our players as UECda clients beside the C
programs, in chunks of one rank period, with every decision of our players timed.

`run_c_tournament` plays ``games`` games between five players, cut into chunks of
`CHUNK_GAMES` (one rank period: the C server forgets the ranks every 100 games); each chunk is
a fresh C server (`games.daihinmin.network.kit.run_tournament`) with fresh clients, and the
chunks run on ``jobs`` local workers.  A player is

* a registry name (`games.daihinmin.players.make_player`, settings included:
  ``mcpi[time_budget=0.05]``): our UECda client (`~games.daihinmin.network.client.run_client`)
  in a thread of the worker, its ``play`` timed (CPU time of its thread, and wall time);
* ``default`` (the kit's C default client), ``jn17`` (the kit's jn17), ``fujigokoro`` (the
  kit's FujiGokoro with its own settings: adaptive thinking time, min(8, cores) threads; built
  by `games.daihinmin.network.fujigokoro.build_fujigokoro`) or ``cmd:COMMAND LINE``.

The C server deals with a clock-seeded generator, so unseeded runs are not repeatable: only
their statistics are.  With a ``seed``, chunk ``k``'s server has its clock stopped at
``seed + k`` (`games.daihinmin.network.kit.fixed_clock`) and our players are seeded from
``seed`` and ``k``: the deals are repeated, and so is every game whose other players are
repeatable (jn17 and the default client are; FujiGokoro thinks by the clock, and so does a
player with a ``time_budget``).  A chunk that fails
(a program that dies, a server that stops) keeps no games and says why in its `CChunkResult`.

>>> c_program("jn17", build_kit=lambda: None) is None
False
>>> c_program("kou2") is None  # an in-process player
True
"""

from __future__ import annotations

import os
import shlex
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from games.daihinmin.rules.player import Player

__all__ = [
    "CHUNK_GAMES",
    "CChunk",
    "CChunkResult",
    "TimedPlayer",
    "c_program",
    "play_c_chunk",
    "run_c_tournament",
    "timing_summary",
]

#: games per chunk: one rank period of the C server (FLASH_MIBUN_NUMBER)
CHUNK_GAMES = 100
#: the C programs known by name
C_PROGRAMS = ("default", "jn17", "fujigokoro")


class TimedPlayer(Player):
    """A player whose every ``play`` is timed: ``cpu_ms`` (CPU time of the calling thread) and
    ``wall_ms``, one entry per decision; every hook goes to the player inside."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", type(inner).__name__)
        self.cpu_ms: list[float] = []
        self.wall_ms: list[float] = []

    def start_game(self, deal: Any) -> None:
        self.inner.start_game(deal)

    def exchange(self, deal: Any) -> int:
        return self.inner.exchange(deal)

    def play(self, obs: Any) -> Any:
        cpu, wall = time.thread_time_ns(), time.perf_counter_ns()
        meld = self.inner.play(obs)
        self.cpu_ms.append((time.thread_time_ns() - cpu) / 1e6)
        self.wall_ms.append((time.perf_counter_ns() - wall) / 1e6)
        return meld

    def observe(self, result: Any) -> None:
        self.inner.observe(result)

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        self.inner.end_game(ranking, final)


def c_program(name: str, build_kit: Callable[[], Any] | None = None) -> list[str] | None:
    """The command line of the C program ``name`` (``None``: an in-process player).
    ``build_kit`` stands in for `games.daihinmin.network.kit.build_kit` (tests)."""
    if name.startswith("cmd:"):
        return shlex.split(name[4:])
    if name not in C_PROGRAMS:
        return None
    if name == "fujigokoro":
        from games.daihinmin.network.fujigokoro import build_fujigokoro, fujigokoro_command

        return fujigokoro_command(build_fujigokoro())
    if build_kit is None:
        from games.daihinmin.network import kit as uecda_kit

        kit = uecda_kit.build_kit()
    else:
        kit = build_kit()
    if kit is None:  # a stand-in
        return [name]
    return [str(kit.client if name == "default" else kit.jn17), "-n", name]


@attrs.frozen
class CChunk:
    """Chunk ``index`` of a C-server tournament: ``games`` games of ``players``."""

    index: int
    games: int
    players: tuple[str, ...]
    #: seconds the whole chunk may take
    timeout: float = 7200.0
    #: the C server's seed (its stopped clock), None: its real clock
    seed: int | None = None


@attrs.frozen
class CChunkResult:
    """One chunk: the points of every game, our players' decision times and refused plays,
    the load average around it, or why it failed."""

    index: int
    names: tuple[str, ...]
    per_game: tuple[tuple[int, ...], ...]
    #: per player (None for C programs): decision times in ms, CPU and wall
    cpu_ms: tuple[tuple[float, ...] | None, ...]
    wall_ms: tuple[tuple[float, ...] | None, ...]
    rejected: tuple[int | None, ...]
    faults: tuple[str, ...]
    seconds: float
    load: tuple[float, float]
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CChunkResult:
        def tuples(value: Any) -> Any:
            if isinstance(value, list):
                return tuple(tuples(v) for v in value)
            return value

        return cls(**{key: tuples(value) for key, value in data.items()})


def play_c_chunk(chunk: CChunk) -> CChunkResult:
    """Play one chunk on a fresh C server (never raises for a failing program or server)."""
    from games.daihinmin.network.client import ClientResult, run_client
    from games.daihinmin.network.kit import UecdaKitError, build_kit
    from games.daihinmin.network.kit import run_tournament as run_on_c_server
    from games.daihinmin.players import make_player

    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    timed: list[TimedPlayer | None] = []
    clients: list[Any] = []
    for p, name in enumerate(chunk.players):
        argv = c_program(name)
        if argv is not None:
            clients.append(argv if name != "default" else [*argv[:-1], f"default{p}"])
            timed.append(None)
            continue
        salt = "" if chunk.seed is None else f"{chunk.seed}:"
        player = TimedPlayer(make_player(name, seed=f"cserver:{salt}{chunk.index}:{p}"))
        timed.append(player)
        label = player.name[:9]

        def client(port: int, player: Player = player, label: str = label) -> Any:
            return run_client("127.0.0.1", port, player, name=label, timeout=chunk.timeout)

        clients.append(client)
    names = tuple(chunk.players)
    error = None
    per_game: tuple[tuple[int, ...], ...] = ()
    rejected: list[int | None] = [None] * 5
    faults: list[str] = []
    try:
        run = run_on_c_server(
            chunk.games, clients, kit=build_kit(), timeout=chunk.timeout, seed=chunk.seed
        )
        per_game = tuple(tuple(5 - r for r in ranks) for ranks in run.ranks)
        for p, returned in enumerate(run.returns):
            if isinstance(returned, ClientResult):
                rejected[p] = returned.own_rejected
                faults += [f"player {p}, game {f.game}: {f.error}" for f in returned.faults]
    except UecdaKitError as exc:
        error = str(exc).splitlines()[0]
    except Exception as exc:  # a chunk must not stop the tournament
        error = f"{type(exc).__name__}: {exc}"
    return CChunkResult(
        chunk.index,
        names,
        per_game,
        tuple(None if t is None else tuple(t.cpu_ms) for t in timed),
        tuple(None if t is None else tuple(t.wall_ms) for t in timed),
        tuple(rejected),
        tuple(faults),
        time.perf_counter() - started,
        (load_before, os.getloadavg()[0]),
        error,
    )


def run_c_tournament(
    players: Sequence[str],
    games: int,
    *,
    jobs: int | None = 1,
    skip: Sequence[int] = (),
    on_result: Callable[[CChunkResult], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = 7200.0,
    seed: int | None = None,
) -> list[CChunkResult]:
    """Play ``games`` games of ``players`` on the C server in chunks of `CHUNK_GAMES`, on
    ``jobs`` local workers; ``skip``: chunk numbers already played (to resume a run);
    ``on_result`` is called with each chunk as it finishes (save it there); ``seed``: chunk
    ``k`` deals as the C server seeded ``seed + k`` (None: the server's clock)."""
    from cgt import run_chunks

    if isinstance(players, str) or len(players) != 5:
        raise ValueError("a tournament needs a list of exactly 5 players")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31 - 10**6
    ):
        raise ValueError(f"a C server seed is an int in 0..2**31-10**6, got {seed!r}")
    for name in players:  # check the names before starting anything
        if c_program(name, build_kit=lambda: None) is None:
            from games.daihinmin.players import make_player

            make_player(name)
    chunks = [
        CChunk(
            k,
            min(CHUNK_GAMES, games - start),
            tuple(players),
            timeout,
            None if seed is None else seed + k,
        )
        for k, start in enumerate(range(0, games, CHUNK_GAMES))
        if k not in set(skip)
    ]
    lock = threading.Lock()

    def report(index: int, result: CChunkResult) -> None:
        if on_result is not None:
            with lock:
                on_result(result)

    return run_chunks(play_c_chunk, chunks, jobs=jobs, progress=progress, on_result=report)


def timing_summary(times: Sequence[float]) -> dict[str, float] | None:
    """Median, 99th percentile, mean and maximum of decision times (ms).

    >>> timing_summary([1.0, 2.0, 3.0, 100.0])
    {'decisions': 4, 'median': 2.5, 'p99': 100.0, 'mean': 26.5, 'max': 100.0}
    """
    if not times:
        return None
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "median": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "mean": statistics.fmean(ordered),
        "max": ordered[-1],
    }
