"""Who wins Domineering rectangles: the bit-board solver, board by board, with times and memory.

Run: ``python benchmarks/bench_domineering_outcomes.py [--boards 5x5,6x6,6x7,7x6,7x7]
[--generic-upto 20] [--python-upto 49] [--table-limit N]``

Each board is solved in a fresh process (so the peak memory is that board's), with the table
unbounded unless ``--table-limit`` is given; CPU and wall seconds, positions searched, nodes
settled by the safe-move rule, peak RSS and the load average are printed as a Markdown table
(a board that runs long reports its progress on stderr every minute).
The solver uses its compiled kernel where it can (boards up to 8 x 8; the first column says
which search ran).  Boards of at most ``--python-upto`` cells are also solved by the pure-Python
search (``compiled=False``) and boards of at most ``--generic-upto`` cells by the generic
`cgt.OutcomeSolver`; all must agree, and their CPU times are shown beside ours.
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
from games.grid.domineering_solver import kernel_status
rows, columns, mode, limit = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
board = rectangle(rows, columns)
kind = cgt.outcome_solver_for(board, generic=mode == "generic")
options = {} if mode == "generic" else {"compiled": mode == "kernel"}
last = [time.monotonic()]


def report(stats):
    if time.monotonic() - last[0] >= 60:
        last[0] = time.monotonic()
        print(f"  {rows} x {columns}: {stats.nodes:,} positions, table {stats.table_size:,}, "
              f"{time.process_time():.0f} s CPU", file=sys.stderr, flush=True)


solver = kind(table_limit=None if limit == "none" else int(limit), progress=report, **options)
cpu, wall = time.process_time(), time.perf_counter()
found = solver.solve(board)
print(json.dumps({
    "outcome": found.value,
    "cpu": time.process_time() - cpu,
    "wall": time.perf_counter() - wall,
    "nodes": solver.stats.nodes,
    "settled": getattr(solver.stats, "settled", None),
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    "search": kernel_status() if mode == "kernel" else mode,
}))
"""


def _solve(rows: int, columns: int, mode: str, limit: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(rows), str(columns), mode, limit],
        stdout=subprocess.PIPE,  # progress (every minute) goes to stderr as it comes
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="5x5,6x6,5x7,7x5,6x7,7x6,7x7")
    parser.add_argument("--generic-upto", type=int, default=20)
    parser.add_argument("--python-upto", type=int, default=49)
    parser.add_argument("--table-limit", default="none")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    columns = (
        "board | search | outcome | CPU s | wall s | positions | settled | peak MB | load "
        "| pure Python CPU s | Python / ours | generic CPU s"
    )
    print(f"| {columns} |")
    print("|---" * (columns.count("|") + 1) + "|")
    for spec in args.boards.split(","):
        rows, columns = (int(part) for part in spec.split("x"))
        ours = _solve(rows, columns, "kernel", args.table_limit)
        python = ratio = generic = ""
        if rows * columns <= args.python_upto and ours["search"] == "compiled kernel":
            plain = _solve(rows, columns, "python", args.table_limit)
            assert plain["outcome"] == ours["outcome"], (spec, ours, plain)
            python = f"{plain['cpu']:.2f}"
            ratio = f"{float(plain['cpu']) / max(float(ours['cpu']), 1e-3):.1f}x"  # type: ignore[arg-type]
        if rows * columns <= args.generic_upto:
            theirs = _solve(rows, columns, "generic", args.table_limit)
            assert theirs["outcome"] == ours["outcome"], (spec, ours, theirs)
            generic = f"{theirs['cpu']:.2f}"
        search = "kernel" if ours["search"] == "compiled kernel" else "python"
        print(
            f"| {rows} x {columns} | {search} | {ours['outcome']} | {ours['cpu']:.2f} "
            f"| {ours['wall']:.2f} | {ours['nodes']:,} | {ours['settled']:,} | {ours['peak_mb']} "
            f"| {os.getloadavg()[0]:.1f} | {python} | {ratio} | {generic} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
