"""Daihinmin: games per second in-process against the C UECda server with five C clients.

Run: ``python benchmarks/bench_daihinmin.py [--games N] [--c-games N] [--repeat R] [--profile]``.

* in-process games/s of five ``default`` players and of five ``random`` players (one process,
  pinned to one core when the OS allows it), medians of ``--repeat`` runs;
* in the same run, the C server ``tndhms`` with five C default clients (`uecda_kit`), games/s
  from the 5th connection to the server's exit; the ratio of the two;
* the cost of legal-move generation per turn and of one ``default`` decision (medians over
  the turns of recorded games, microseconds);
* ``--profile``: cProfile of the in-process loop, the functions where the time goes;
* ``--coverage RUNS``: how often the 95% intervals of `games.daihinmin.experiments.stats`
  hold the true mean (3 points per game: five identical players) over RUNS runs of 100 and 200
  games, plain Student t against Newey-West, and the lag-1 autocorrelation of the per-game points.

The issue's goals: at least 300 games/s for five ``default`` players on one core, and at
least 5 times the C tournament's games/s.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import itertools
import os
import pstats
import resource
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import table

from games.daihinmin import Match, Observation, make_player
from games.daihinmin.players import UnknownPlayerError
from games.daihinmin.rules.moves import legal_melds


@contextlib.contextmanager
def _one_core() -> Iterator[None]:
    """Pin this process to one CPU (Linux) for the in-process figures; the C server and its
    clients run unpinned, as they would in a tournament."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, cpus)


def _players(name: str) -> list | None:
    try:
        return [make_player(name, seed=p) for p in range(5)]
    except UnknownPlayerError as error:
        print(f"  ({name}: {error})")
        return None


@dataclass
class Rate:
    """Games per second of wall-clock time (median and each run), and per second of CPU time
    (median; for the C tournament the CPU time of the server and the five clients)."""

    wall: float
    runs: list[float]
    cpu: float


def in_process_rate(name: str, games: int, repeat: int) -> Rate | None:
    """Games/s of five ``name`` players over ``repeat`` runs of ``games`` games."""
    walls, cpus = [], []
    for r in range(repeat):
        players = _players(name)
        if players is None:
            return None
        match = Match(players, seed=f"bench:{r}")
        with _one_core():
            start, cpu = time.perf_counter(), time.process_time()
            match.play(games)
            walls.append(games / (time.perf_counter() - start))
            cpus.append(games / (time.process_time() - cpu))
    return Rate(statistics.median(walls), walls, statistics.median(cpus))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def c_rate(games: int, repeat: int) -> Rate | None:
    """Games/s of the C server with five C default clients (wall: from the 5th connection to
    the server's exit; CPU: of the six processes, whole run)."""
    from games.daihinmin.network.kit import UecdaKitError, build_kit, run_tournament

    try:
        kit = build_kit()
    except UecdaKitError as error:
        print(f"  (C kit: {error})")
        return None
    walls, cpus = [], []
    for _ in range(repeat):
        cpu = _children_cpu()
        result = run_tournament(games, kit=kit)
        assert result.games == games
        walls.append(games / result.elapsed)
        cpus.append(games / max(_children_cpu() - cpu, 1e-9))
    return Rate(statistics.median(walls), walls, statistics.median(cpus))


class _Snapshot:
    """A player that plays like ``inner`` and keeps every observation it is shown."""

    def __init__(self, inner: object, keep: list[Observation]) -> None:
        self.inner = inner
        self.keep = keep
        self.name = getattr(inner, "name", "player")

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.inner, attribute)

    def play(self, obs: Observation) -> object:
        self.keep.append(obs)
        return self.inner.play(obs)  # type: ignore[attr-defined]


def per_turn_costs(name: str, games: int) -> dict[str, float]:
    """Median microseconds of legal-move generation, and of one decision of ``name``, over
    the turns of ``games`` recorded games (each timed alone, ``perf_counter_ns``)."""
    observations: list[Observation] = []
    players = _players(name)
    if players is None:
        return {}
    Match([_Snapshot(p, observations) for p in players], seed="turns").play(games)
    legal = []
    for obs in observations:
        start = time.perf_counter_ns()
        legal_melds(obs.hand, obs.field, obs.revolution, obs.lock)
        legal.append(time.perf_counter_ns() - start)
    decide = []
    deciders = _players(name) or []
    for obs in observations:
        player = deciders[obs.player]
        start = time.perf_counter_ns()
        player.play(obs)
        decide.append(time.perf_counter_ns() - start)
    return {
        "turns": len(observations),
        "legal_us": statistics.median(legal) / 1000,
        "legal_mean_us": statistics.fmean(legal) / 1000,
        "decide_us": statistics.median(decide) / 1000,
        "decide_mean_us": statistics.fmean(decide) / 1000,
    }


def profile(name: str, games: int, lines: int = 25) -> str:
    """cProfile of ``games`` in-process games of five ``name`` players: the functions with the
    most time of their own, and their share of the total."""
    players = _players(name)
    if players is None:
        return ""
    match = Match(players, seed="profile")
    profiler = cProfile.Profile()
    profiler.enable()
    match.play(games)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    entries = stats.stats  # type: ignore[attr-defined]
    for (filename, line, function), (_calls, nc, tt, ct, _) in sorted(
        entries.items(), key=lambda item: -item[1][2]
    )[:lines]:
        where = f"{Path(filename).name}:{line}" if line else filename
        rows.append(
            [
                f"`{function}` ({where})",
                nc,
                f"{100 * tt / total:.1f}%",
                f"{100 * ct / total:.1f}%",
            ]
        )
    out = io.StringIO()
    out.write(f"cProfile, {games} games of five {name} players, {total:.2f} s profiled\n\n")
    out.write(table(["function", "calls", "own time", "with callees"], rows))
    return out.getvalue()


def interval_coverage(name: str, games: int, runs: int) -> dict[str, float]:
    """Share of the 95% intervals (5 per run) holding 3, the true mean of five identical
    players: plain Student t (``lags=0``) and Newey-West (automatic lags)."""
    from games.daihinmin.experiments.stats import mean_ci95

    held = {"plain": 0, "newey-west": 0}
    correlation = []
    for run in range(runs):
        players = _players(name) or []
        result = Match(players, seed=f"coverage:{run}").play(games)
        for p in range(5):
            column = [g[p] for g in result.per_game]
            for method, lags in (("plain", 0), ("newey-west", None)):
                _, ci = mean_ci95(column, lags)
                held[method] += ci is not None and ci[0] <= 3 <= ci[1]
            mean = statistics.fmean(column)
            d = [x - mean for x in column]
            correlation.append(sum(a * b for a, b in itertools.pairwise(d)) / sum(x * x for x in d))
    out = {method: count / (5 * runs) for method, count in held.items()}
    out["lag-1 autocorrelation"] = statistics.fmean(correlation)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="in-process games per run")
    parser.add_argument("--c-games", type=int, default=300, help="C tournament games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--profile", action="store_true", help="profile the in-process loop")
    parser.add_argument("--no-c", action="store_true", help="skip the C tournament")
    parser.add_argument(
        "--coverage", type=int, metavar="RUNS", help="check the 95%% intervals over RUNS runs"
    )
    args = parser.parse_args()

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"Daihinmin speed ({cpus} CPUs; in-process on one; medians of {args.repeat} runs)\n")
    rows = []
    figures: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for name in ("default", "random"):
        got = in_process_rate(name, args.games, args.repeat)
        if got is not None:
            figures[name], cpu[name] = got.wall, got.cpu
            runs = ", ".join(f"{r:.0f}" for r in got.runs)
            rows.append(
                [f"in-process, five {name}", args.games, f"{got.wall:.0f}", runs, f"{got.cpu:.0f}"]
            )
    if not args.no_c:
        got = c_rate(args.c_games, args.repeat)
        if got is not None:
            figures["C"], cpu["C"] = got.wall, got.cpu
            runs = ", ".join(f"{r:.0f}" for r in got.runs)
            rows.append(
                [
                    "C tndhms + five C default clients",
                    args.c_games,
                    f"{got.wall:.0f}",
                    runs,
                    f"{got.cpu:.0f}",
                ]
            )
    header = ["run", "games", "games/s", "runs (games/s)", "games per CPU second"]
    print(table(header, rows))
    print()
    if "C" in figures:
        for name in ("default", "random"):
            if name in figures:
                print(
                    f"ratio in-process {name} / C: {figures[name] / figures['C']:.1f}x "
                    f"(per CPU second: {cpu[name] / cpu['C']:.1f}x)"
                )
    if "default" in figures:
        verdict = "met" if figures["default"] >= 300 else "NOT met"
        print(f"goal >= 300 games/s for five default: {verdict} ({figures['default']:.0f})")
        if "C" in figures:
            ratio = figures["default"] / figures["C"]
            print(
                f"goal >= 5x the C tournament: {'met' if ratio >= 5 else 'NOT met'} ({ratio:.1f}x)"
            )
    print()
    for name in ("default", "random"):
        with _one_core():
            costs = per_turn_costs(name, min(args.games, 200))
        if costs:
            print(
                f"per turn ({name}, {costs['turns']:.0f} turns): legal moves "
                f"{costs['legal_us']:.1f} us median ({costs['legal_mean_us']:.1f} mean); "
                f"one {name} decision {costs['decide_us']:.1f} us median "
                f"({costs['decide_mean_us']:.1f} mean)"
            )
    if args.coverage:
        for games in (100, 200):
            got = interval_coverage("default", games, args.coverage)
            print(
                f"intervals of {games} games of five default, {5 * args.coverage} of each kind:"
                f" plain t holds the mean in {got['plain']:.1%}, Newey-West in "
                f"{got['newey-west']:.1%}; lag-1 autocorrelation {got['lag-1 autocorrelation']:.3f}"
            )
    if args.profile:
        for name in ("default", "random"):
            with _one_core():
                text = profile(name, min(args.games, 500))
            if text:
                print()
                print(text)


if __name__ == "__main__":
    main()
