"""kou2+ against kou2, head to head (issue 12, item 7b).

Run: ``python benchmarks/kou2plus_vs_kou2.py [--games 3000] [--seed S] [--jobs N]
[--opponents kou2,kou2,kou2,kou2] [--timing-games 100] [--out DIR]``.

Two tournaments on the same deals
(`~games.daihinmin.experiments.tournament.run_tournament`, one set,
seed ``S``): one ``kou2+`` in seat 0 against four ``kou2`` (or ``--opponents a,b,c,d``), and
the control, a plain ``kou2`` in seat 0 against the same four.  Games of one run are
correlated (the ranks decide the next exchange), rank periods of 100 games are not (they
restart the ranks and draw from their own random streams), so every test is over the
**period means**:

* seat 0 against the mean of the other four seats, paired t-test over the periods (by
  symmetry a plain kou2 should show no difference: the control's row checks the test);
* kou2+ against the control in seat 0, the same deals period by period: paired t-test.

The 95% intervals are Student-t intervals over the periods.  Then kou2+'s decision times (CPU
time of this process, so that other jobs on a shared machine do not count): a separate
`~games.daihinmin.rules.match.Match` of ``--timing-games`` games against four kou2, every
``play`` timed; median, 99th percentile, mean and maximum, and CPU time per game.  The results
are saved as JSON in ``--out`` (``benchmarks/results/kou2plus``) and the table is printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from games.daihinmin.experiments.stats import mean_ci95
from games.daihinmin.experiments.tournament import run_tournament
from games.daihinmin.players import make_player
from games.daihinmin.rules.match import Match


def lineups(opponents: list[str]) -> dict[str, list[str]]:
    """kou2+ in seat 0 against ``opponents``, and the control: kou2 in its place."""
    shown = ", ".join(opponents) if len(set(opponents)) > 1 else f"4 {opponents[0]}"
    return {
        f"kou2+ vs {shown}": ["kou2+", *opponents],
        f"kou2 vs {shown} (control)": ["kou2", *opponents],
    }


PERIOD = 100


def period_means(per_game: list[list[int]], seat: int) -> list[float]:
    """Mean points of ``seat`` in each rank period (100 games)."""
    return [
        statistics.fmean(g[seat] for g in per_game[start : start + PERIOD])
        for start in range(0, len(per_game), PERIOD)
    ]


def _interval(values: list[float]) -> str:
    mean, ci = mean_ci95(values, lags=0)
    return f"{mean:+.3f} [{ci[0]:+.3f}, {ci[1]:+.3f}]" if ci else f"{mean:+.3f}"


def _paired(a: list[float], b: list[float]) -> tuple[str, float, float]:
    """The mean difference with its 95% interval, t and p of the paired t-test."""
    from scipy import stats

    test = stats.ttest_rel(a, b)
    difference = [x - y for x, y in zip(a, b, strict=True)]
    return _interval(difference), float(test.statistic), float(test.pvalue)


def table(data: dict[str, Any]) -> str:
    """The head-to-head table and the paired comparison with the control."""
    lines = [
        "| lineup | games | periods | seat 0 mean [95% CI] | seat 0 - mean of the others "
        "[95% CI] | t | p |",
        "|---|---|---|---|---|---|---|",
    ]
    seat0 = {}
    for label, per_game in data["runs"].items():
        me = period_means(per_game, 0)
        others = [
            statistics.fmean(x)
            for x in zip(*(period_means(per_game, s) for s in range(1, 5)), strict=True)
        ]
        seat0[label] = me
        mean, ci = mean_ci95(me, lags=0)
        difference, t, p = _paired(me, others)
        interval = f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""
        lines.append(
            f"| {label} | {len(per_game)} | {len(me)} | {mean:.3f} {interval} | {difference} | "
            f"{t:.2f} | {p:.2g} |"
        )
    plus, control = list(seat0.values())[:2] if len(seat0) >= 2 else (None, None)
    if plus and control and len(plus) == len(control) > 1:
        difference, t, p = _paired(plus, control)
        lines.append(
            f"\nkou2+ - kou2 in seat 0 on the same deals (paired t-test over {len(plus)} rank "
            f"periods): {difference} points per game, t = {t:.2f}, p = {p:.2g}"
        )
    timing = data.get("timing")
    if timing:
        lines.append(
            f"\nkou2+ decisions ({timing['decisions']} in {timing['games']} games, CPU time): "
            f"median {timing['median_ms']:.2f} ms, 99th percentile {timing['p99_ms']:.1f} ms, "
            f"mean {timing['mean_ms']:.2f} ms, max {timing['max_ms']:.0f} ms; "
            f"{timing['cpu_per_game_ms']:.0f} ms of CPU per game for kou2+ "
            f"({timing['searched']} decisions searched, {timing['changed']} changed kou2's "
            f"choice; {timing['solved']} endgame decisions solved, {timing['overridden']} changed)"
        )
    return "\n".join(lines)


def decision_times(games: int, seed: str) -> dict[str, Any]:
    """kou2+'s CPU time per decision in ``games`` games against four kou2."""
    player = make_player("kou2+")
    times: list[float] = []
    play = player.play

    def timed(obs: Any) -> Any:
        start = time.process_time_ns()
        meld = play(obs)
        times.append((time.process_time_ns() - start) / 1e6)
        return meld

    player.play = timed  # type: ignore[method-assign]
    Match([player, *(make_player("kou2") for _ in range(4))], seed=seed).play(games)
    times.sort()
    return {
        "games": games,
        "decisions": len(times),
        "median_ms": statistics.median(times),
        "p99_ms": times[min(len(times) - 1, int(0.99 * len(times)))],
        "mean_ms": statistics.fmean(times),
        "max_ms": times[-1],
        "cpu_per_game_ms": sum(times) / games,
        **{k: getattr(player, k) for k in ("searched", "changed", "solved", "overridden")},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", default="kou2plus-report")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument(
        "--opponents", default="kou2,kou2,kou2,kou2", help="four player names (default: kou2)"
    )
    parser.add_argument("--timing-games", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "kou2plus")
    args = parser.parse_args(argv)
    opponents = [name.strip() for name in args.opponents.split(",")]
    if len(opponents) != 4:
        parser.error(f"--opponents needs four player names, got {len(opponents)}")
    data: dict[str, Any] = {"seed": args.seed, "games": args.games, "runs": {}}
    for label, lineup in lineups(opponents).items():
        started = time.perf_counter()
        result = run_tournament(lineup, args.games, sets=1, seed=args.seed, jobs=args.jobs)
        data["runs"][label] = [list(g) for g in result.sets[0].per_game]
        seconds = time.perf_counter() - started
        data.setdefault("seconds", {})[label] = seconds
        print(f"{label}: {result.sets[0].points} ({seconds:.0f} s)", file=sys.stderr)
    if args.timing_games:
        data["timing"] = decision_times(args.timing_games, f"{args.seed}:timing")
    args.out.mkdir(parents=True, exist_ok=True)
    tag = "" if opponents == ["kou2"] * 4 else "_" + "-".join(opponents)
    (args.out / f"kou2plus_vs_kou2_{args.seed}{tag}.json").write_text(json.dumps(data))
    print(f"seed {args.seed!r}, {args.games} games per lineup\n")
    print(table(data))


if __name__ == "__main__":
    main()
