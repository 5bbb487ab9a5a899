"""Seed 002's experiments (Tagashira and Tajima 2016, section 5) with the opponents we have.

Run by hand (not in CI); every stage writes JSON under ``--out`` (default
``benchmarks/results/daihinmin``), and ``report`` turns the JSON files into the Markdown tables
of ``docs/games/daihinmin-experiments.md``::

    python benchmarks/daihinmin_experiments.py speed --games 200
    python benchmarks/daihinmin_experiments.py table --name vs-default --opponents default
    python benchmarks/daihinmin_experiments.py table --name table1 --games 400 --jobs 2
    python benchmarks/daihinmin_experiments.py table --name table1-strong \
        --opponents mc,mc,kou2,default --games 800 --jobs 2
    python benchmarks/daihinmin_experiments.py table --name table1-jn17 \
        --opponents mc,jn17,kou2,default --games 300 --sets 1 --jobs 2
    python benchmarks/daihinmin_experiments.py table --name vs-mc --opponents mc --games 100 \
        --sets 1 --jobs 2
    python benchmarks/daihinmin_experiments.py tricks --name tricks-vs-default \
        --opponents default --games 10000 --jobs 2
    python benchmarks/daihinmin_experiments.py tricks --name tricks-mixed --games 1000 --jobs 2
    python benchmarks/daihinmin_experiments.py headtohead --games 3000 --seed 7 --quick --jobs 2
    python benchmarks/daihinmin_experiments.py report > tables.md

(the figures of ``docs/games/daihinmin-experiments.md``; ``--out DIR`` for the JSON files).
A ``table`` runs every variant (kou2 and its twelve ablations) in seat 0 against the same four
opponents, ``--sets`` sets of ``--games`` games with
`games.daihinmin.experiments.tournament.run_tournament`
(seed ``SEED:s`` for set s, the same for every variant: the deals are the same, so the
comparison with kou2 is paired).  ``mc`` is `MonteCarloPlayer` (defaults), ``jn17`` the C
program through our server.  ``tricks`` plays w75 recording, for every meld it played while
its hand "could go out", its E and whether it took the trick (tables 5-7).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from games.daihinmin.experiments.stats import mean_ci95
from games.daihinmin.experiments.tournament import run_tournament
from games.daihinmin.players import KOU2_VARIANTS, make_player
from games.daihinmin.rules.match import Match

VARIANTS = ("kou2", *KOU2_VARIANTS)
MC = "games.daihinmin.players.montecarlo:MonteCarloPlayer"
KOU2PLUS = "games.daihinmin.players.kou2plus:Kou2PlusPlayer"
ALIASES = {"mc": MC, "kou2+": KOU2PLUS}
RESULTS = Path(__file__).parent / "results" / "daihinmin"

# The paper's tables: mean over 3 sets of 2,000 games, then each set (points of the variant).
PAPER = {
    "table1": {
        "kou2": (6359.3, 6342, 6416, 6320),
        "w75": (6341.0, 6216, 6309, 6498),
        "w95": (6293.3, 6357, 5995, 6528),
        "w100": (6134.7, 6051, 6200, 6153),
        "single": (5998.7, 6016, 6182, 5798),
        "weak": (6222.0, 6218, 6240, 6208),
        "rev-": (6324.7, 6258, 6364, 6352),
        "rev+": (6262.7, 6401, 6172, 6215),
        "lock-": (6266.0, 6472, 6162, 6164),
        "lock+": (6118.3, 6150, 6107, 6098),
        "use2": (6207.0, 6259, 6178, 6184),
        "useA": (6461.3, 6452, 6396, 6536),
        "useA+2": (6417.3, 6476, 6546, 6230),
    },
    "table2-chibiHana": {
        "kou2": (6562.7,), "w75": (6528.3,), "w95": (6424.0,), "w100": (6018.0,),
        "single": (6338.0,), "weak": (6465.0,), "rev-": (6599.0,), "rev+": (6362.0,),
        "lock-": (6441.7,), "lock+": (6257.3,), "use2": (6549.3,), "useA": (6485.7,),
        "useA+2": (6378.0,),
    },
    "table3-snowl": {
        "kou2": (5833.0,), "w75": (5856.7,), "w95": (5839.7,), "w100": (5657.0,),
        "single": (5484.3,), "weak": (5805.0,), "rev-": (5713.0,), "rev+": (5912.0,),
        "lock-": (5666.7,), "lock+": (5306.3,), "use2": (5659.3,), "useA": (5791.0,),
        "useA+2": (5694.7,),
    },
    "table4-beersong": {
        "kou2": (5238.0,), "w75": (5193.7,), "w95": (5228.3,), "w100": (5066.3,),
        "single": (5041.3,), "weak": (5136.3,), "rev-": (5130.7,), "rev+": (5237.3,),
        "lock-": (5075.0,), "lock+": (4926.3,), "use2": (5307.7,), "useA": (5197.3,),
        "useA+2": (5162.7,),
    },
}  # fmt: skip
# tables 5-7: E class -> (played, took the trick)
PAPER_TRICKS = {
    "table5 (4 kinds)": [(370, 163), (358, 187), (487, 263), (360, 279), (510, 437)],
    "table6 (chibiHana)": [(450, 196), (413, 237), (513, 288), (476, 352), (867, 788)],
    "table7 (beersong)": [(306, 130), (255, 136), (432, 247), (307, 222), (394, 340)],
}
#: which paper table each of our tables is set beside
PAPER_OF = {
    "table1": "table1",
    "table1-jn17": "table1",
    "table1-strong": "table1",
    "table1-strong-full": "table1",
    "vs-mc": "table3-snowl",
}
CLASSES = ((75, 79), (80, 84), (85, 89), (90, 94), (95, 99))


def _spec(name: str) -> str:
    return ALIASES.get(name, name)


def _opponents(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise SystemExit(f"--opponents needs 4 names (or one for all four), got {len(names)}")
    return names


def _save(out: Path, name: str, data: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(data, indent=1))
    print(f"wrote {out / (name + '.json')}", file=sys.stderr)


# ------------------------------------------------------------------ stages


def stage_table(args: argparse.Namespace) -> None:
    opponents = _opponents(args.opponents)
    variants = args.variants.split(",") if args.variants else list(VARIANTS)
    path = args.out / f"{args.name}.json"
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    data.update({"opponents": opponents, "games": args.games, "sets": args.sets, "seed": args.seed})
    data.setdefault("variants", {})
    for variant in variants:
        if variant in data["variants"] and not args.again:
            continue
        started = time.perf_counter()
        cpu = time.process_time()
        lineup = [_spec(variant), *(_spec(o) for o in opponents)]
        result = run_tournament(lineup, args.games, sets=args.sets, seed=args.seed, jobs=args.jobs)
        seconds = time.perf_counter() - started
        data["variants"][variant] = {
            "sets": result.set_points(),
            "per_game": [[list(g) for g in s.per_game] for s in result.sets],
            "faults": sum(len(s.faults) for s in result.sets),
            "seconds": seconds,
            "cpu_here": time.process_time() - cpu,
        }
        points = [s[0] for s in result.set_points()]
        print(f"{args.name} {variant}: {points} ({seconds:.0f} s)", file=sys.stderr)
        _save(args.out, args.name, data)


def _trick_chunk(task: tuple[str, tuple[str, ...], int, int, int]) -> list[tuple[int, bool]]:
    from games.daihinmin.players.kou2 import Kou2Player

    seed, opponents, start, stop, _ = task
    me = Kou2Player("w75", record_tricks=True)
    players = [me, *(make_player(o, seed=f"{seed}:{p + 1}") for p, o in enumerate(opponents))]
    match = Match(players, seed=seed)
    match.start_at(start + 1)
    match.play(stop - start)
    return [(r.strength, r.took_trick) for r in me.trick_records]


def stage_tricks(args: argparse.Namespace) -> None:
    from cgt.core.runner import run_chunks

    opponents = tuple(_spec(o) for o in _opponents(args.opponents))
    tasks = [
        (f"{args.seed}:tricks", opponents, start, min(start + 100, args.games), 0)
        for start in range(0, args.games, 100)
    ]
    started = time.perf_counter()
    chunks = run_chunks(_trick_chunk, tasks, jobs=args.jobs)
    records = [r for chunk in chunks for r in chunk]
    data = {
        "opponents": list(opponents),
        "games": args.games,
        "seconds": time.perf_counter() - started,
        "records": records,
    }
    _save(args.out, args.name, data)


def stage_headtohead(args: argparse.Namespace) -> None:
    lineups = {
        "kou2+ vs 4 kou2": [KOU2PLUS, "kou2", "kou2", "kou2", "kou2"],
        "kou2 vs 4 kou2": ["kou2"] * 5,
        "kou2+ vs mc,default,default,random": [KOU2PLUS, MC, "default", "default", "random"],
        "kou2 vs mc,default,default,random": ["kou2", MC, "default", "default", "random"],
    }
    data = {}
    for label, lineup in lineups.items():
        if args.quick and "mc" in label:
            continue
        result = run_tournament(lineup, args.games, sets=1, seed=args.seed, jobs=args.jobs)
        data[label] = [list(g) for g in result.sets[0].per_game]
        print(f"{label}: {result.sets[0].points}", file=sys.stderr)
    _save(args.out, "headtohead", data)


def _kou2_client(port: int) -> Any:
    from games.daihinmin.network.client import run_client
    from games.daihinmin.players.kou2 import Kou2Player

    return run_client("127.0.0.1", port, Kou2Player(), name="kou2")


def stage_cserver(args: argparse.Namespace) -> None:
    """Issue 12 item 6: kou2 as a UECda client on the C server ``tndhms`` against four C
    default clients, and against jn17 and three C default clients."""
    from games.daihinmin.network.kit import build_kit
    from games.daihinmin.network.kit import run_tournament as c_tournament

    kit = build_kit()
    lineups = {
        "kou2 + 4 C default": [_kou2_client],
        "kou2 + jn17 + 3 C default": [_kou2_client, [str(kit.jn17), "-n", "jn17"]],
    }
    data: dict[str, Any] = {}
    for label, clients in lineups.items():
        if args.variants and label not in args.variants.split(";"):
            continue
        started = time.perf_counter()
        run = c_tournament(args.games, clients, kit=kit, timeout=7200.0)  # type: ignore[arg-type]
        data[label] = {
            "names": list(run.names),
            "per_game": [[5 - r for r in ranks] for ranks in run.ranks],
            "seconds": time.perf_counter() - started,
        }
        print(f"{label}: {run.points} ({data[label]['seconds']:.0f} s)", file=sys.stderr)
    path = args.out / "cserver.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    _save(args.out, "cserver", {**old, **data})


def _cserver(data: dict[str, Any]) -> str:
    """kou2 (player 0) on the C server: mean points per game over the rank periods."""
    lines = ["| lineup | games | kou2 mean [95% CI] | others' means | kou2 - others | p |"]
    lines.append("|---|---|---|---|---|---|")
    from scipy import stats

    for label, entry in data.items():
        per_game = entry["per_game"]
        me = _periods([per_game])
        seats = [_periods([per_game], seat) for seat in range(1, 5)]
        others = [statistics.fmean(x) for x in zip(*seats, strict=True)]
        mean, ci = mean_ci95(me, lags=0)
        test = stats.ttest_rel(me, others)
        names = entry["names"][1:]
        shown = ", ".join(
            f"{n} {statistics.fmean(s):.3f}" for n, s in zip(names, seats, strict=True)
        )
        interval = f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""
        lines.append(
            f"| {label} | {len(per_game)} | {mean:.3f} {interval} | {shown} | "
            f"{statistics.fmean(me) - statistics.fmean(others):+.3f} | {test.pvalue:.2g} |"
        )
    return "\n".join(lines)


class _Timed:
    """Times every ``play`` of the player it wraps (CPU time of this process: the machine is
    shared, and CPU time leaves out the time other processes ran)."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name = getattr(player, "name", "?")
        self.times: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def play(self, obs: Any) -> Any:
        start = time.process_time_ns()
        meld = self.player.play(obs)
        self.times.append((time.process_time_ns() - start) / 1000)
        return meld


def stage_speed(args: argparse.Namespace) -> None:
    """Decision times (microseconds) of kou2 and mc, and CPU time per game of the lineups."""
    data: dict[str, Any] = {}
    for name, opponents in (("kou2", ["default"] * 4), (MC, ["default"] * 4)):
        timed = _Timed(make_player(name, seed=1))
        players = [timed, *(make_player(o, seed=k) for k, o in enumerate(opponents))]
        Match(players, seed=1).play(args.games)  # type: ignore[arg-type]
        times = sorted(timed.times)
        data[f"{timed.name} decision us"] = {
            "decisions": len(times),
            "median": statistics.median(times),
            "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
            "mean": statistics.fmean(times),
        }
    for label, lineup in (
        ("kou2 + 4 default", ["kou2", "default", "default", "default", "default"]),
        ("kou2 + mc, default, default, random", ["kou2", MC, "default", "default", "random"]),
    ):
        players = [make_player(n, seed=k) for k, n in enumerate(lineup)]
        cpu = time.process_time()
        wall = time.perf_counter()
        Match(players, seed=2).play(args.games)
        cpu = time.process_time() - cpu
        data[f"{label} games/s"] = {
            "per CPU second": args.games / cpu,
            "per wall second": args.games / (time.perf_counter() - wall),
        }
    print(json.dumps(data, indent=1))
    _save(args.out, "speed", data)


# ------------------------------------------------------------------ report


def _periods(per_set: list[list[list[int]]], seat: int = 0) -> list[float]:
    """Mean points of ``seat`` in each rank period (100 games) of each set: the periods are
    independent by construction (the ranks, hence the exchange, restart), single games are not."""
    out = []
    for games in per_set:
        for start in range(0, len(games), 100):
            block = games[start : start + 100]
            out.append(statistics.fmean(g[seat] for g in block))
    return out


def _period_tests(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """Mean difference of two runs' period means, the p-value of the paired t-test (the same
    deals period by period) and of Welch's t-test."""
    from scipy import stats

    paired = stats.ttest_rel(a, b).pvalue if len(a) == len(b) and len(a) > 1 else math.nan
    welch = stats.ttest_ind(a, b, equal_var=False).pvalue if min(len(a), len(b)) > 1 else math.nan
    return statistics.fmean(a) - statistics.fmean(b), float(paired), float(welch)


def _paper_p(variant: str) -> str:
    """The paper's own evidence (table 1): Welch's t-test of the variant's 3 set totals
    against kou2's."""
    from scipy import stats

    row, ref = PAPER["table1"].get(variant), PAPER["table1"]["kou2"]
    if row is None or variant == "kou2":
        return ""
    return f"{stats.ttest_ind(row[1:], ref[1:], equal_var=False).pvalue:.2g}"


def _table(data: dict[str, Any], paper_key: str | None) -> str:
    games, sets = data["games"], data["sets"]
    paper = PAPER.get(paper_key) if paper_key else None
    kou2 = data["variants"].get("kou2")
    base = _periods(kou2["per_game"]) if kou2 else None
    header = "| variant | mean/set | " + " | ".join(f"set {k + 1}" for k in range(sets))
    header += " | mean/game [95% CI] | - kou2 | p paired | p Welch |"
    if paper:
        header += f" paper ({paper_key}) mean/set | paper - kou2 per game |"
        if paper_key == "table1":
            header += " paper p (Welch, 3 sets) |"
    lines = [header, "|" + "---|" * (header.count("|") - 1)]
    for variant, entry in data["variants"].items():
        periods = _periods(entry["per_game"])
        per_set = [s[0] for s in entry["sets"]]
        mean, ci = mean_ci95(periods, lags=0)
        cells = [variant, f"{statistics.fmean(per_set):.1f}", *map(str, per_set)]
        cells.append(f"{mean:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else f"{mean:.3f}")
        if base is not None and variant != "kou2":
            difference, paired_p, welch_p = _period_tests(periods, base)
            cells += [f"{difference:+.3f}", _p(paired_p), _p(welch_p)]
        else:
            cells += ["", "", ""]
        if paper:
            row, ref = paper.get(variant), paper["kou2"]
            cells.append(f"{row[0]:.1f}" if row else "")
            cells.append(f"{(row[0] - ref[0]) / 2000:+.3f}" if row and variant != "kou2" else "")
            if paper_key == "table1":
                cells.append(_paper_p(variant))
        lines.append("| " + " | ".join(cells) + " |")
    opponents = ", ".join(_short(o) for o in data["opponents"])
    note = f"{sets} set(s) of {games} games, opponents {opponents}"
    return note + "\n\n" + "\n".join(lines)


def _p(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.2g}"


def _short(name: str) -> str:
    return {v: k for k, v in ALIASES.items()}.get(name, name)


def _tricks(data: dict[str, Any]) -> str:
    records = data["records"]
    lines = [
        "| E | played | took the trick | rate [95% CI] |",
        "|---|---|---|---|",
    ]
    groups = [(f"{lo}-{hi}", lo, hi) for lo, hi in CLASSES] + [("75-99", 75, 99), ("85-99", 85, 99)]
    for label, lo, hi in groups:
        inside = [took for e, took in records if lo <= e <= hi]
        n, k = len(inside), sum(inside)
        lines.append(f"| {label} | {n} | {k} | {_rate(k, n)} |")
    opponents = ", ".join(_short(o) for o in data["opponents"])
    return f"w75, {data['games']} games, opponents {opponents}\n\n" + "\n".join(lines)


def _rate(k: int, n: int) -> str:
    """Rate with a Wilson 95% interval."""
    if n == 0:
        return "-"
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}]"


def stage_report(args: argparse.Namespace) -> None:
    parts = []
    for path in sorted(args.out.glob("*.json")):
        data = json.loads(path.read_text())
        if "variants" in data:
            paper_key = PAPER_OF.get(path.stem)
            parts.append(f"### {path.stem}\n\n{_table(data, paper_key)}")
        elif "records" in data:
            parts.append(f"### {path.stem}\n\n{_tricks(data)}")
        elif path.stem == "cserver":
            parts.append(f"### cserver\n\n{_cserver(data)}")
        elif path.stem == "headtohead":
            parts.append(f"### {path.stem}\n\n{_headtohead(data)}")
        elif path.stem == "speed":
            parts.append(f"### speed\n\n```\n{json.dumps(data, indent=1)}\n```")
    print("\n\n".join(parts))


def _headtohead(data: dict[str, list[list[int]]]) -> str:
    from scipy import stats

    lines = ["| lineup | games | seat 0 mean [95% CI] | seat 0 - mean of the others | t | p |"]
    lines.append("|---|---|---|---|---|---|")
    for label, per_game in data.items():
        me = _periods([per_game])
        others = [
            statistics.fmean(x)
            for x in zip(*(_periods([per_game], seat) for seat in range(1, 5)), strict=True)
        ]
        mean, ci = mean_ci95(me, lags=0)
        test = stats.ttest_rel(me, others)
        difference = statistics.fmean(me) - statistics.fmean(others)
        lines.append(
            f"| {label} | {len(per_game)} | {mean:.3f} [{ci[0]:.3f}, {ci[1]:.3f}] | "
            f"{difference:+.3f} | {test.statistic:.2f} | {test.pvalue:.2g} |"
        )
    plus, plain = data.get("kou2+ vs 4 kou2"), data.get("kou2 vs 4 kou2")
    if plus and plain and len(plus) == len(plain):
        a, b = _periods([plus]), _periods([plain])
        difference, paired_p, _ = _period_tests(a, b)
        lines.append(
            f"\nkou2+ in seat 0 against kou2 in seat 0, the same deals (paired over {len(a)} "
            f"rank periods): {difference:+.3f} points per game, p = {paired_p:.2g}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "stage", choices=["table", "tricks", "headtohead", "speed", "cserver", "report"]
    )
    parser.add_argument("--name", default="table1")
    parser.add_argument("--opponents", default="mc,default,default,random")
    parser.add_argument("--variants", help="comma-separated (default: kou2 and all 12)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--sets", type=int, default=3)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--again", action="store_true", help="rerun variants already saved")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    {
        "table": stage_table,
        "tricks": stage_tricks,
        "headtohead": stage_headtohead,
        "speed": stage_speed,
        "cserver": stage_cserver,
        "report": stage_report,
    }[args.stage](args)


if __name__ == "__main__":
    main()
