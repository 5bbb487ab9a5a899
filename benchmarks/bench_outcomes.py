"""Who wins Domineering on rectangles: `cgt.OutcomeSolver` beside `cgt.value` and published results.

Run: ``python benchmarks/bench_outcomes.py [--max-rows 7] [--max-columns 8] [--timeout 600]
[--value-up-to 20]``.  Each board is solved in a fresh process (CPU seconds, peak memory,
positions searched); boards of at most ``--value-up-to`` cells are also valued by `cgt.value`
in another fresh process and the two outcomes compared.  Rows are Left's (Vertical) direction.

Published outcomes beside ours (V: Vertical = Left wins, H: Horizontal = Right, 1: the first
player, 2: the second): the 2 x n strips as tabulated in MathWorld after Berlekamp (the claim
``games.grid.domineering`` registers), 5 x 5 a second-player win and 6 x 6, 7 x 7 and 8 x 8
first-player wins (Breuker, Uiterwijk and van den Herik, "Solving 8 x 8 Domineering", 2000;
Bullock's Obsequi confirms them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

_TWO_BY_N = "2V11HV11HV11H211HH11HHH1HHH1HH"  # n = 0..29 (see games.grid.domineering)
_OURS = {"L": "V", "R": "H", "N": "1", "P": "2"}


def published(rows: int, columns: int) -> str:
    """The published outcome of the rows x columns board, or '' when none is recorded here."""
    if rows == 2 and columns < len(_TWO_BY_N):
        return _TWO_BY_N[columns]
    if columns == 2 and rows < len(_TWO_BY_N):  # transposed: the players exchange roles
        return {"V": "H", "H": "V"}.get(_TWO_BY_N[rows], _TWO_BY_N[rows])
    return {(5, 5): "2", (6, 6): "1", (7, 7): "1", (8, 8): "1"}.get((rows, columns), "")


def run_one(kind: str, rows: int, columns: int) -> dict[str, Any]:
    import cgt
    from games.grid.domineering import rectangle

    board = rectangle(rows, columns)
    start = time.process_time()
    if kind == "solve":
        solver = cgt.OutcomeSolver()
        result = solver.solve(board)
        extra = {"nodes": solver.stats.nodes, "valued": solver.stats.valued}
    else:
        result = cgt.outcome(cgt.value(board))
        extra = {}
    seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"outcome": str(result), "cpu": seconds, "peak_mib": peak} | extra


def spawn(kind: str, rows: int, columns: int, timeout: float) -> dict[str, Any]:
    command = [sys.executable, __file__, "--one", kind, str(rows), str(columns)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": True}
    if done.returncode:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return dict(json.loads(done.stdout))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", nargs=3, metavar=("KIND", "ROWS", "COLUMNS"))
    parser.add_argument("--max-rows", type=int, default=7)
    parser.add_argument("--max-columns", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--value-up-to", type=int, default=20)
    parser.add_argument("--boards", default="", help="only these, e.g. 6x6,8x8")
    args = parser.parse_args()
    if args.one:
        kind, rows, columns = args.one[0], int(args.one[1]), int(args.one[2])
        print(json.dumps(run_one(kind, rows, columns)))
        return 0
    if args.boards:
        boards = [tuple(map(int, b.split("x"))) for b in args.boards.split(",")]
    else:
        boards = [
            (r, c)
            for r in range(2, args.max_rows + 1)
            for c in range(r, args.max_columns + 1)
            if not (r == 2 and c > 12)
        ]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(
        "| board | ours | published | cgt.value | solver CPU | nodes | parts valued | "
        "peak MiB | value CPU |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for rows, columns in boards:
        for r, c in {(rows, columns), (columns, rows)}:
            ours = spawn("solve", r, c, args.timeout)
            check = spawn("value", r, c, args.timeout) if r * c <= args.value_up_to else {}
            if "outcome" in ours:
                mine = _OURS[ours["outcome"]]
                cells = [f"{ours['cpu']:.2f} s", f"{ours['nodes']:,}", f"{ours['valued']:,}"]
                cells.append(f"{ours['peak_mib']:.0f}")
            else:
                mine = "timeout" if ours.get("timeout") else f"error: {ours.get('error')}"
                cells = ["-", "-", "-", "-"]
            value = _OURS[check["outcome"]] if "outcome" in check else ""
            paper = published(r, c)
            flags = []
            if value and value != mine:
                flags.append("DIFFERS FROM cgt.value")
            if paper and paper != mine and "outcome" in ours:
                flags.append("DIFFERS FROM PUBLISHED")
            value_cpu = f"{check['cpu']:.2f} s" if "outcome" in check else ""
            row = [f"{r}x{c}", mine + (" " + ", ".join(flags) if flags else ""), paper, value]
            print("| " + " | ".join([*row, *cells, value_cpu]) + " |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
