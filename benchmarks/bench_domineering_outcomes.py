"""Who wins Domineering rectangles: the bit-board solver, board by board, with times and memory.

Run: ``python benchmarks/bench_domineering_outcomes.py [--boards 5x5,6x6,6x7,7x6,7x7]
[--generic-upto 20] [--table-limit N]``

Each board is solved in a fresh process (so the peak memory is that board's), with the table
unbounded unless ``--table-limit`` is given; CPU and wall seconds, positions searched, nodes
settled by the safe-move rule, peak RSS and the load average are printed as a Markdown table.
Boards of at most ``--generic-upto`` cells are also solved by the generic `cgt.OutcomeSolver`
and must agree (the ratio of their CPU times is shown).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

_CHILD = r"""
import json, os, resource, sys, time
import cgt
from games.grid.domineering import rectangle
rows, columns, generic, limit = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
board = rectangle(rows, columns)
kind = cgt.outcome_solver_for(board, generic=generic)
solver = kind(table_limit=None if limit == "none" else int(limit))
cpu, wall = time.process_time(), time.perf_counter()
found = solver.solve(board)
print(json.dumps({
    "outcome": found.value,
    "cpu": time.process_time() - cpu,
    "wall": time.perf_counter() - wall,
    "nodes": solver.stats.nodes,
    "settled": getattr(solver.stats, "settled", None),
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
}))
"""


def _solve(rows: int, columns: int, generic: bool, limit: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(rows), str(columns), "1" if generic else "0", limit],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="5x5,6x6,5x7,7x5,6x7,7x6,7x7")
    parser.add_argument("--generic-upto", type=int, default=20)
    parser.add_argument("--table-limit", default="none")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    columns = "board | outcome | CPU s | wall s | positions | settled | peak MB | load | generic s"
    print(f"| {columns} |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in args.boards.split(","):
        rows, columns = (int(part) for part in spec.split("x"))
        ours = _solve(rows, columns, False, args.table_limit)
        generic = ""
        if rows * columns <= args.generic_upto:
            theirs = _solve(rows, columns, True, args.table_limit)
            assert theirs["outcome"] == ours["outcome"], (spec, ours, theirs)
            generic = f"{theirs['cpu']:.2f}"
        print(
            f"| {rows} x {columns} | {ours['outcome']} | {ours['cpu']:.2f} | {ours['wall']:.2f} "
            f"| {ours['nodes']:,} | {ours['settled']:,} | {ours['peak_mb']} "
            f"| {os.getloadavg()[0]:.1f} | {generic} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
