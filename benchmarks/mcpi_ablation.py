"""What each part of mcpi adds: the ablation table of ``docs/games/daihinmin-mcpi.md``.

Run: ``python benchmarks/mcpi_ablation.py [--games 1000] [--seed S] [--jobs N]
[--opponents jn17,default,default,default] [--variants NAME,...] [--out DIR] [--report]``.

Every variant sits in seat 0 (player 0) of the same tournament on our UECda server (the kit's
jn17 joins it as a C program; `~games.daihinmin.experiments.tournament.run_tournament`, one set,
seed ``S``): the same deals and seats for every variant, and jn17 and the default clients decide
from their hands alone (jn17 seeds its own generator with a constant), so the variants are
compared on the same games, period by period.  Games of one rank period are correlated, the
periods are not, so the statistics are over the **period means**: each variant's mean points per
game with a Student-t 95% interval, and its difference from the full mcpi (paired t-test over
the periods).  Each variant's games are saved as JSON in ``--out``
(``benchmarks/results/mcpi``) as soon as it has played; a run that is stopped goes on with the
variants not yet saved.
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

#: mcpi with the learned policy in the play-outs for itself and for the opponents not (yet)
#: identified as default clients (the rows named mcpi+, after the name it had while measured)
POLICY_PLAYOUTS = "mcpi[self_model=policy;unknown_model=policy;known_models=default+policy"
#: the variants, each with what it changes
VARIANTS = {
    "mcpi": ("mcpi", "the full player"),
    "no inference": ("mcpi[inference=false]", "guesses not weighed by the opponents' moves"),
    "no identification": (
        "mcpi[identify=false]",
        "every opponent simulated and read as kou2 (no model chosen from its games)",
    ),
    "unknown = policy": (
        "mcpi[unknown_model=policy]",
        "opponents not yet identified simulated with the learned policy, not kou2",
    ),
    "self = policy": ("mcpi[self_model=policy]", "mcpi itself simulated with the learned policy"),
    "self = default": ("mcpi[self_model=default]", "mcpi itself simulated as the default client"),
    "self = default x5": (
        "mcpi[self_model=default;rollouts=480]",
        "mcpi itself simulated as the default client, five times the play-outs",
    ),
    "no policy candidate": ("mcpi[policy_candidates=0]", "kou2's candidates only"),
    "no endgame": ("mcpi[endgame_cards=0]", "two-player endgames searched, not solved"),
    "32 rollouts": ("mcpi[rollouts=32]", "a third of the play-outs"),
    "192 rollouts": ("mcpi[rollouts=192]", "twice the play-outs"),
    "budget 0.05 s": (
        "mcpi[rollouts=4000;time_budget=0.05]",
        "as many play-outs as 50 ms of wall clock allow (at least one per candidate)",
    ),
    "budget 0.2 s": (
        "mcpi[rollouts=4000;time_budget=0.2]",
        "as many play-outs as 200 ms of wall clock allow",
    ),
    "mcpi+": (
        POLICY_PLAYOUTS + ";rollouts=1500;candidates=6]",
        "play-outs in C with every player simulated by the learned policy (itself too) or, once "
        "identified, the default client; 1,500 play-outs",
    ),
    "mcpi+ every move": (
        POLICY_PLAYOUTS + ";candidates=0;rollouts=3000;replays=2]",
        "as mcpi+, every legal move a candidate, 3,000 play-outs, two per guess",
    ),
    "mcpi+ 6000": (
        POLICY_PLAYOUTS + ";rollouts=6000;candidates=6;replays=4]",
        "as mcpi+, 6,000 play-outs, four per guess",
    ),
    "mcpi+ T0.5": (
        POLICY_PLAYOUTS + ";rollouts=1500;candidates=6;policy_temperature=0.5]",
        "as mcpi+, the policy sampling from its scores at temperature 0.5 (sharper)",
    ),
    "kernel 96": (
        "mcpi",
        "the same settings with the play-outs in C (another random stream than the Python's)",
    ),
    "kernel 1500": (
        "mcpi[rollouts=1500;replays=2]",
        "play-outs in C (kou2 for itself): 1,500 of them, two per guess",
    ),
    "kernel 4000": (
        "mcpi[rollouts=4000;replays=4]",
        "play-outs in C (kou2 for itself): 4,000 of them, four per guess",
    ),
    "kernel every move": (
        "mcpi[candidates=0;rollouts=3000;replays=2]",
        "play-outs in C (kou2 for itself), every legal move a candidate, 3,000 play-outs",
    ),
    "kou2+": ("kou2+", "reference: kou2 with rollouts and the exact endgame"),
    "kou2": ("kou2", "reference: the heuristic player of seed 002"),
}
PERIOD = 100
OUT = Path(__file__).parent / "results" / "mcpi"


def _path(out: Path, seed: str, opponents: list[str], label: str) -> Path:
    tag = "-".join(opponents).replace("+", "p")
    name = label.replace(" ", "_").replace("=", "").replace("+", "p")
    return out / f"ablation_{seed}_{tag}_{name}.json"


def period_means(per_game: list[list[int]], seat: int = 0) -> list[float]:
    return [
        statistics.fmean(g[seat] for g in per_game[start : start + PERIOD])
        for start in range(0, len(per_game), PERIOD)
    ]


def _interval(values: list[float], signed: bool = False) -> str:
    mean, ci = mean_ci95(values, lags=0)
    form = "{:+.3f}" if signed else "{:.3f}"
    if ci is None:
        return form.format(mean)
    return f"{form.format(mean)} [{form.format(ci[0])}, {form.format(ci[1])}]"


def table(runs: dict[str, dict[str, Any]]) -> str:
    """The ablation table: one row per variant, against the full mcpi."""
    from scipy import stats

    lines = [
        "| variant | what changes | games | mean points/game [95% CI] | - mcpi [95% CI] | p | "
        "jn17 or seat 1 mean |",
        "|---|---|---|---|---|---|---|",
    ]
    base = runs.get("mcpi")
    base_periods = period_means(base["per_game"]) if base else None
    for label, data in runs.items():
        per_game = data["per_game"]
        periods = period_means(per_game)
        row = f"| {label} | {VARIANTS[label][1]} | {len(per_game)} | {_interval(periods)} |"
        if label != "mcpi" and base_periods and len(base_periods) == len(periods) > 1:
            difference = [a - b for a, b in zip(periods, base_periods, strict=True)]
            test = stats.ttest_rel(periods, base_periods)
            row += f" {_interval(difference, True)} | {test.pvalue:.2g} |"
        else:
            row += " | |"
        row += f" {statistics.fmean(period_means(per_game, 1)):.3f} |"
        lines.append(row)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default="mcpi-ablation")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--opponents", default="jn17,default,default,default")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", action="store_true", help="only print the saved runs")
    args = parser.parse_args(argv)
    opponents = [name.strip() for name in args.opponents.split(",")]
    labels = [name.strip() for name in args.variants.split(",")]
    for label in labels:
        if label not in VARIANTS:
            parser.error(f"unknown variant {label!r}: use {', '.join(VARIANTS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    runs: dict[str, dict[str, Any]] = {}
    for label in labels:
        path = _path(args.out, args.seed, opponents, label)
        if path.exists():
            runs[label] = json.loads(path.read_text())
            continue
        if args.report:
            continue
        started = time.perf_counter()
        result = run_tournament(
            [VARIANTS[label][0], *opponents], args.games, seed=args.seed, jobs=args.jobs
        )
        seconds = time.perf_counter() - started
        import os

        data = {
            "player": VARIANTS[label][0],
            "opponents": opponents,
            "seed": args.seed,
            "per_game": [list(g) for g in result.sets[0].per_game],
            "faults": len(result.sets[0].faults),
            "seconds": seconds,
            "load": os.getloadavg()[0],
        }
        path.write_text(json.dumps(data))
        runs[label] = data
        print(f"{label}: {result.sets[0].points} ({seconds:.0f} s)", file=sys.stderr, flush=True)
    print(f"seed {args.seed!r}, opponents {', '.join(opponents)}\n")
    print(table(runs))


if __name__ == "__main__":
    main()
