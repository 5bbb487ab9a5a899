"""Cram rectangles by the three exact methods side by side, each run in a fresh process:
`games.grid.cram_search.CramSearch` (bit boards), the generic `cgt.NimberSearch`, and the plain
recursion (`cgt.grundy(..., method="plain")`), with time, peak memory and the load average.

Run: ``python benchmarks/bench_cram.py [--boards 4x5,5x5,...] [--timeout S]
[--generic-upto CELLS] [--plain-upto CELLS]``.  Prints a Markdown table.  Every value found by
more than one method must agree (the run stops otherwise), and is compared with the published
table (Beling and Rogalski) where it has the board.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import run_child, table
from bench_cram_nimbers import PUBLISHED

_CHILD = """
import json, resource, sys, time
import cgt
from games.grid.cram import rectangle
from games.grid.cram_search import CramSearch
m, n, method = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
start, cpu = time.perf_counter(), time.process_time()
if method == "cram":
    value = CramSearch().nimber(rectangle(m, n))
elif method == "generic":
    value = cgt.NimberSearch().nimber(rectangle(m, n))
else:
    value = cgt.grundy(rectangle(m, n), method="plain")
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({"nimber": value, "seconds": seconds, "cpu": cpu, "peak_mb": peak}))
"""

DEFAULT_BOARDS = "4x5,5x5,4x6,3x8,3x9,4x7,3x10,5x6,4x8,5x7,4x9"


def _run(m: int, n: int, method: str, timeout: float) -> dict[str, float] | None:
    found: dict[str, float] | None = run_child(_CHILD, [str(m), str(n), method], timeout)
    return found


def _cell(found: dict[str, float] | None, limit: float) -> str:
    if found is None:
        return f"> {limit:.0f} s"
    return f"{found['cpu']:.2f} s CPU ({found['seconds']:.1f} s wall), {found['peak_mb']:.0f} MB"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", default=DEFAULT_BOARDS)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--generic-upto", type=int, default=28)
    parser.add_argument("--plain-upto", type=int, default=25)
    args = parser.parse_args()
    rows = []
    for board in args.boards.split(","):
        m, n = sorted(int(x) for x in board.split("x"))
        load = os.getloadavg()[0]
        runs = {"cram": _run(m, n, "cram", args.timeout)}
        if m * n <= args.generic_upto:
            runs["generic"] = _run(m, n, "generic", args.timeout)
        if m * n <= args.plain_upto:
            runs["plain"] = _run(m, n, "plain", args.timeout)
        values = {int(r["nimber"]) for r in runs.values() if r is not None}
        if len(values) > 1:
            raise SystemExit(f"{m}x{n}: the methods disagree: {runs}")
        value = values.pop() if values else None
        published = PUBLISHED.get((m, n), 0 if m % 2 == n % 2 == 0 else None)
        cram = runs["cram"]
        ratio = ""
        if cram is not None and runs.get("plain") is not None:
            ratio = f"{runs['plain']['cpu'] / max(cram['cpu'], 1e-9):.1f}x"  # type: ignore[index]
        rows.append(
            [
                f"{m}x{n}",
                m * n,
                "?" if value is None else value,
                "" if published is None else published,
                _cell(cram, args.timeout),
                _cell(runs["generic"], args.timeout) if "generic" in runs else "not run",
                _cell(runs["plain"], args.timeout) if "plain" in runs else "not run",
                ratio,
                f"{load:.1f}",
            ]
        )
        print(rows[-1], file=sys.stderr, flush=True)
    print(
        table(
            [
                "board",
                "cells",
                "nimber",
                "published",
                "CramSearch",
                "NimberSearch",
                "plain recursion",
                "plain / CramSearch",
                "load at start",
            ],
            rows,
        )
    )
    print(f"\nload average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
