"""Cram at the published scale: the nimber of every rectangle up to a number of cells, by
`cgt.NimberSearch`, each in a fresh process (time, peak memory), beside the published table
(Beling and Rogalski's solver, Glop) and, where it finishes, the plain recursion (ratio in the
same run).

Run: ``python benchmarks/bench_cram_nimbers.py [MAX_CELLS] [--plain-upto CELLS] [--timeout S]``
(default 35 cells; the plain recursion on boards up to 20 cells).  Prints a Markdown table and
the machine's load.  Even-by-even boards are 0 by the symmetry strategy; they are computed
too, as a check, up to the size given.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import run_child, table

# Published nimbers of m x n Cram boards, m <= n (Beling's table in the impartial-games
# repository, computed with the solver of Beling and Rogalski, and by Glop before it).
PUBLISHED = {
    (4, 5): 2, (4, 7): 3, (4, 9): 1, (4, 11): 1, (4, 13): 3, (4, 15): 4,
    (5, 5): 0, (5, 6): 2, (5, 7): 1, (5, 8): 1, (5, 9): 1, (5, 10): 2, (5, 11): 0, (5, 12): 3,
    (6, 7): 5, (6, 9): 1, (7, 7): 1, (7, 8): 3, (7, 9): 1,
}  # fmt: skip

_CHILD = """
import json, resource, sys, time
import cgt
from games.grid.cram import rectangle
m, n, method = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
start = time.perf_counter()
if method == "search":
    solver = cgt.NimberSearch()
    value = solver.nimber(rectangle(m, n))
    positions = solver.stats.expanded
else:
    value = cgt.grundy(rectangle(m, n), method="plain")
    positions = None
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({"nimber": value, "seconds": seconds, "peak_mb": peak, "positions": positions}))
"""


def _run(m: int, n: int, method: str, timeout: float) -> dict[str, object] | None:
    found: dict[str, object] | None = run_child(_CHILD, [str(m), str(n), method], timeout)
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("max_cells", nargs="?", type=int, default=35)
    parser.add_argument("--plain-upto", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=3600)
    parser.add_argument("--min-cells", type=int, default=4)
    args = parser.parse_args()
    shapes = sorted(
        ((m, n) for m in range(1, 8) for n in range(m, 40) if args.min_cells <= m * n),
        key=lambda s: (s[0] * s[1], s),
    )
    shapes = [s for s in shapes if s[0] * s[1] <= args.max_cells]
    rows = []
    for m, n in shapes:
        found = _run(m, n, "search", args.timeout)
        plain = _run(m, n, "plain", args.timeout) if m * n <= args.plain_upto else None
        published = PUBLISHED.get((m, n), "0 (even x even)" if m % 2 == n % 2 == 0 else "")
        if found is None:
            rows.append([f"{m}x{n}", m * n, "timeout", "", "", "", published, ""])
            continue
        ratio = ""
        if plain is not None:
            assert plain["nimber"] == found["nimber"], (m, n, plain, found)
            ratio = f"{plain['seconds'] / max(found['seconds'], 1e-9):.1f}x"  # type: ignore[operator]
        rows.append(
            [
                f"{m}x{n}",
                m * n,
                found["nimber"],
                f"{found['seconds']:.2f} s",
                f"{found['peak_mb']} MB",
                f"{found['positions']:,}",
                published,
                ratio,
            ]
        )
        print(rows[-1], file=sys.stderr, flush=True)
    print(
        table(
            [
                "board",
                "cells",
                "nimber",
                "time",
                "peak memory",
                "positions searched",
                "published",
                "plain / search",
            ],
            rows,
        )
    )
    print(f"\nload average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
