"""The classic rulesets side by side: us (`games.grid.domineering` ...), pycgt's rulesets (pure
Python) and cgt-py (the Rust cgt-tools, through its Python bindings), in one run.

Every measurement is a fresh process (``--one LIBRARY WORKLOAD``) that builds the position,
computes its canonical value, and reports the CPU seconds of that computation and the process's
peak memory; the libraries take turns (A B C A B C ...), so a drift of the machine's speed hits
them alike, and each figure is the median of ``--repeat`` runs.  Ratios are peer time / our
time (above 1: we are faster).  The three values are compared (through `cgt.parse` of the
printed forms): a ratio between different answers would mean nothing.

    python benchmarks/bench_rulesets.py [--repeat 3] [--timeout 40] [--only domineering]

The whole table (no ``--only``) takes under ten minutes (a process that times out runs once).

Needs the test extra (pycgt, cgt-py).  Figures are in docs/games/grid-rulesets.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _side_by_side import agreement, alternate, fmt, measured, ratio, summarize

# name -> (kind, text); the kinds say how each library builds the position
WORKLOADS: dict[str, tuple[str, str]] = {
    "domineering 3x6": ("domineering", "......|......|......"),
    "domineering 4x4": ("domineering", "....|....|....|...."),
    "domineering 4x5": ("domineering", ".....|.....|.....|....."),
    "domineering 5x5": ("domineering", ".....|.....|.....|.....|....."),
    "cram 4x4": ("cram", "....|....|....|...."),
    "cram 3x5": ("cram", ".....|.....|....."),
    "cram 4x5": ("cram", ".....|.....|.....|....."),
    "clobber 2x6": ("clobber", "xoxoxo|oxoxox"),
    "clobber 3x4": ("clobber", "xoxo|oxox|xoxo"),
    "clobber xoxoxoxoxoxo": ("clobber", "xoxoxoxoxoxo"),
    "toads ttt...fff": ("toads", "ttt...fff"),
    "toads tt.t.f.ff..": ("toads", "tt.t.f.ff.."),
    "toads tttt.t..f.ffff": ("toads", "tttt.t..f.ffff"),
    "sum of 16 hot games": ("sum", "16"),
    "sum of 20 hot games": ("sum", "20"),
}

LIBRARIES = ("cgt", "pycgt", "cgt-py")


def _hot_games() -> list[str]:
    """Twenty hot games of birthday 3 to 4 in the common notation (every library reads it)."""
    return [
        "{2|-1}",
        "{3|0}",
        "{1|-2}",
        "{{2|0}|-1}",
        "{{3|1}|0}",
        "{1|{0|-2}}",
        "{{4|2}|{1|-1}}",
        "{{2|1}|{-1|-2}}",
        "{3|{2|0}}",
        "{{1|0}|{-1|-3}}",
        "{5|1}",
        "{2|{1|-1}}",
        "{3|-3}",
        "{{1|1/2}|-1}",
        "{4|{3|1}}",
        "{{2|0}|-2}",
        "{{1/2|-1/2}|-2}",
        "{3/2|-1}",
        "{{2|-2}|-3}",
        "{4|0}",
    ]


def _ours(kind: str, text: str) -> tuple[float, str]:
    import cgt

    if kind == "sum":
        games = [cgt.parse(g) for g in _hot_games()[: int(text)]]
        start = time.process_time()
        total = cgt.Game(0)
        for g in games:
            total = total + g
        return time.process_time() - start, str(total)
    if kind == "domineering":
        from games.grid.domineering import Domineering as Ruleset
    elif kind == "clobber":
        from games.grid.clobber import Clobber as Ruleset  # type: ignore[assignment]
    elif kind == "cram":
        from games.grid.cram import Cram as Ruleset  # type: ignore[assignment]
    else:
        from games.grid.toads_and_frogs import ToadsAndFrogs as Ruleset  # type: ignore[assignment]
    position = Ruleset(text)
    start = time.process_time()
    value = cgt.value(position)
    return time.process_time() - start, str(value)


def _pycgt(kind: str, text: str) -> tuple[float, str]:
    from pycgt.notation import parse as parse_game
    from pycgt.notation import render

    if kind == "sum":
        games = [parse_game(g) for g in _hot_games()[: int(text)]]
        start = time.process_time()
        total = games[0]
        for g in games[1:]:
            total = total + g
        return time.process_time() - start, render(total)
    start = time.process_time()
    if kind == "domineering":
        from pycgt.rulesets import domineering

        value = domineering.parse(text.replace("|", "\n").replace("#", "X"))
    elif kind == "clobber":
        from pycgt.rulesets import clobber

        value = clobber.parse(text)
    elif kind == "cram":
        from pycgt.rulesets import cram

        value = cram.parse(text.replace("|", "\n"))
    else:
        from pycgt.rulesets import toads_and_frogs

        value = toads_and_frogs.parse(text)
    return time.process_time() - start, render(value)


def _cgt_py(kind: str, text: str) -> tuple[float, str] | None:
    import cgt_py

    if kind == "sum":
        games = [cgt_py.CanonicalForm(g) for g in _hot_games()[: int(text)]]
        start = time.process_time()
        total = games[0]
        for g in games[1:]:
            total = total + g
        return time.process_time() - start, str(total)[len("CanonicalForm('") : -2]
    if kind != "domineering":
        return None  # cgt-py has no Clobber, Cram or Toads and Frogs
    start = time.process_time()
    value = cgt_py.Domineering(text).canonical_form
    return time.process_time() - start, str(value)[len("CanonicalForm('") : -2]


def run_one(library: str, workload: str) -> dict[str, Any]:
    """Measure one library on one workload in this process."""
    kind, text = WORKLOADS[workload]
    return measured({"cgt": _ours, "pycgt": _pycgt, "cgt-py": _cgt_py}[library](kind, text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", nargs=2, metavar=("LIBRARY", "WORKLOAD"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=40)
    parser.add_argument("--only", default="", help="workloads whose name contains this")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_one(*args.one)))
        return
    began, load = time.monotonic(), os.getloadavg()[0]
    columns = ["workload", "us", "pycgt", "cgt-py", "pycgt / us", "cgt-py / us"]
    print("| " + " | ".join([*columns, "peak MiB (us, pycgt, cgt-py)"]) + " |")
    print("|---|---|---|---|---|---|---|")
    for workload in WORKLOADS:
        if args.only not in workload:
            continue
        runs = alternate(__file__, LIBRARIES, [workload], args.repeat, args.timeout)
        summary = summarize(runs, args.timeout)
        cpu, peak, ours = summary.cpu, summary.peak, summary.cpu["cgt"]
        cells = [
            workload + agreement(summary.values),
            fmt(ours),
            fmt(cpu["pycgt"]),
            fmt(cpu["cgt-py"]),
            ratio(cpu["pycgt"], ours),
            ratio(cpu["cgt-py"], ours),
            f"{peak['cgt']}, {peak['pycgt']}, {peak['cgt-py']}",
        ]
        print("| " + " | ".join(cells) + " |", flush=True)
    minutes = (time.monotonic() - began) / 60
    print(f"\n{minutes:.1f} min; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
