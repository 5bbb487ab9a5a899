"""mcpi on the real C server (issue 25): strength against jn17, FujiGokoro and kou2+, and the
time of its decisions.

One command starts everything (the kit's C server ``tndhms``, the C clients, our players as
UECda clients in threads) and prints the tables of ``docs/games/daihinmin-mcpi.md``::

    python benchmarks/mcpi_cserver.py                     # the three lineups, 2,000 games each
    python benchmarks/mcpi_cserver.py --lineups jn17 --games 500 --player "mcpi[time_budget=0.02]"
    python benchmarks/mcpi_cserver.py --report            # the tables of the saved runs

Lineups (player 0 is ``--player``, default ``strongest``, i.e. mcpi):

* ``jn17``: jn17 and three C default clients;
* ``jn17+kou2+``: jn17, kou2+ (our client) and two C default clients;
* ``fujigokoro``: FujiGokoro (the kit's build, without its learned parameters, with its own
  settings: adaptive thinking time, 2 threads here) and three C default clients;
* ``kou2+``: kou2+ in player 0's place with jn17 and three C default clients (a reference).

Chunks of 100 games (one rank period, a fresh C server each:
`games.daihinmin.experiments.cserver`) are saved as they finish, one JSON line each, in
``--out`` (``benchmarks/results/mcpi``); a run that is stopped resumes where it was.  Without
``--seed`` the C server seeds its deals with the clock, so a run cannot be repeated exactly:
only its statistics can.  With ``--seed S`` chunk ``k``'s server deals as if seeded ``S + k``
(its clock stopped: `games.daihinmin.network.kit.fixed_clock`) and our players are seeded from
it: a seeded run of mcpi (no time budget), jn17, kou2+ and the default clients is repeated
game for game; FujiGokoro and a player with a time budget think by the clock, so runs with
them repeat only the deals.

Statistics are over the rank periods (independent by construction; the games within one are
not): each player's mean points per game with a Student-t 95% interval over the period means,
and player 0 minus each other player, paired over the periods (paired t-test).  The decision
times are those of player 0's ``play`` calls: CPU time of its thread (one core) and wall time;
forced moves (only the pass) are included, as every decision is.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

from games.daihinmin.experiments.cserver import (
    CChunkResult,
    run_c_tournament,
    timing_summary,
)
from games.daihinmin.experiments.stats import mean_ci95

LINEUPS = {
    "jn17": ["PLAYER", "jn17", "default", "default", "default"],
    "jn17+kou2+": ["PLAYER", "jn17", "kou2+", "default", "default"],
    "fujigokoro": ["PLAYER", "fujigokoro", "default", "default", "default"],
    "kou2+": ["kou2+", "jn17", "default", "default", "default"],
}
OUT = Path(__file__).parent / "results" / "mcpi"


def _file(out: Path, lineup: str, player: str, seed: int | None = None) -> Path:
    suffix = "" if seed is None else f"__seed{seed}"
    tag = re.sub(r"[^A-Za-z0-9_.+=-]+", "_", f"{lineup}__{player}{suffix}")
    return out / f"cserver_{tag}.jsonl"


def load(path: Path) -> list[CChunkResult]:
    if not path.exists():
        return []
    return [CChunkResult.from_json(json.loads(line)) for line in path.read_text().splitlines()]


def run(
    lineup: str, player: str, games: int, jobs: int, out: Path, seed: int | None = None
) -> None:
    players = [player if name == "PLAYER" else name for name in LINEUPS[lineup]]
    path = _file(out, lineup, player, seed)
    done = {c.index for c in load(path) if c.error is None}
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()

    def save(result: CChunkResult) -> None:
        with path.open("a") as handle:
            handle.write(json.dumps(result.to_json()) + "\n")
        state = "ok" if result.error is None else f"FAILED: {result.error}"
        print(
            f"{lineup}: chunk {result.index} {state} ({result.seconds:.0f} s, load "
            f"{result.load[0]:.1f}-{result.load[1]:.1f}, {time.perf_counter() - started:.0f} s "
            "so far)",
            file=sys.stderr,
            flush=True,
        )

    run_c_tournament(players, games, jobs=jobs, skip=sorted(done), on_result=save, seed=seed)


def _interval(values: list[float], signed: bool = False) -> str:
    mean, ci = mean_ci95(values, lags=0)
    form = "{:+.3f}" if signed else "{:.3f}"
    if ci is None:
        return form.format(mean)
    return f"{form.format(mean)} [{form.format(ci[0])}, {form.format(ci[1])}]"


def report(path: Path) -> str:
    """The table of one saved run (chunks that failed are counted, not used)."""
    from scipy import stats

    chunks = [c for c in load(path) if c.error is None and c.per_game]
    failed = [c for c in load(path) if c.error is not None]
    if not chunks:
        return f"{path.name}: no complete chunk"
    names = chunks[0].names
    periods = [[statistics.fmean(g[p] for g in c.per_game) for c in chunks] for p in range(5)]
    games = sum(len(c.per_game) for c in chunks)
    loads = [x for c in chunks for x in c.load]
    lines = [
        f"**{' + '.join(names)}** ({games} games, {len(chunks)} rank periods"
        + (f", {len(failed)} failed chunks left out" if failed else "")
        + f"; load average {min(loads):.1f}-{max(loads):.1f}, mean {statistics.fmean(loads):.1f})",
        "",
        "| player | mean points/game [95% CI] | player 0 - this player [95% CI] | t | p |",
        "|---|---|---|---|---|",
    ]
    for p in range(5):
        if p == 0:
            lines.append(f"| 0 {names[0]} | {_interval(periods[0])} | | | |")
            continue
        difference = [a - b for a, b in zip(periods[0], periods[p], strict=True)]
        t, pvalue = "-", "-"
        if len(chunks) > 1:
            test = stats.ttest_rel(periods[0], periods[p])
            t, pvalue = f"{test.statistic:.2f}", f"{test.pvalue:.2g}"
        lines.append(
            f"| {p} {names[p]} | {_interval(periods[p])} | {_interval(difference, True)} | "
            f"{t} | {pvalue} |"
        )
    for p in range(5):
        cpu = [x for c in chunks if c.cpu_ms[p] is not None for x in c.cpu_ms[p] or ()]
        wall = [x for c in chunks if c.wall_ms[p] is not None for x in c.wall_ms[p] or ()]
        summary, walls = timing_summary(cpu), timing_summary(wall)
        if summary is None or walls is None:
            continue
        rejected = sum(c.rejected[p] or 0 for c in chunks)
        faults = sum(len([f for f in c.faults if f.startswith(f"player {p},")]) for c in chunks)
        lines.append(
            f"\n{names[p]} (player {p}) decisions: {summary['decisions']}; CPU time median "
            f"{summary['median']:.1f} ms, 99th percentile {summary['p99']:.0f} ms, mean "
            f"{summary['mean']:.1f} ms, max {summary['max']:.0f} ms; wall time median "
            f"{walls['median']:.1f} ms, 99th percentile {walls['p99']:.0f} ms; refused plays "
            f"{rejected}, faults {faults}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lineups", default="jn17,jn17+kou2+,fujigokoro")
    parser.add_argument("--player", default="strongest", help="player 0 (default: strongest)")
    parser.add_argument("--games", type=int, default=2000, help="games per lineup")
    parser.add_argument("--jobs", type=int, default=1, help="chunks played at once")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--seed", type=int, help="seed the C server (chunk k: SEED + k) and our players"
    )
    parser.add_argument("--report", action="store_true", help="only print the saved runs")
    args = parser.parse_args(argv)
    lineups = [name.strip() for name in args.lineups.split(",")]
    for name in lineups:
        if name not in LINEUPS:
            parser.error(f"unknown lineup {name!r}: use {', '.join(LINEUPS)}")
    if not args.report:
        for name in lineups:
            run(name, args.player, args.games, args.jobs, args.out, args.seed)
    for name in lineups:
        print(report(_file(args.out, name, args.player, args.seed)) + "\n")


if __name__ == "__main__":
    main()
