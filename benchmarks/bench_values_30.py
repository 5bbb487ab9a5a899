"""Values of boards up to 30 cells: Domineering rectangles, Clobber and Konane boards, us beside
cgt-py (the Rust cgt-tools through its Python bindings) and pycgt (pure Python), in one run
(issue 24, item 2).

Every measurement is a fresh process (``--one LIBRARY GAME ROWSxCOLUMNS``) that builds the
board, computes its canonical value and reports the CPU seconds of that computation and the
process's peak memory.  The libraries take turns on each board (A B C A B C ...), each figure
is the median of ``--repeat`` runs, and each ratio is the peer's median over ours (above 1: we
are faster).  The values are compared (`cgt.parse` of the printed forms).  A library that
passes ``--timeout`` on a board is not run on the larger boards of that game (pycgt, whose
plain recursion has no components and no symmetries, falls out first).

Our values come from the compiled kernel of `games.grid.value_kernels` (Domineering, Clobber and
Konane) when it is there (``CGT_NO_KERNEL=1``: cgt's pure-Python engine); its library is loaded
before the clock starts, as cgt-py's is when it is imported.

Boards: every rectangle ``rows x columns`` with ``2 <= rows <= columns`` and at most
``--cells`` cells (30 by default); Domineering as the empty board, Clobber as the full
checkerboard (``x`` where row + column is even), Konane as that checkerboard with the two
middle stones of the middle row taken out (the position after the two opening removals).  The
transposed Domineering board is the negative, so only ``rows <= columns`` is run.  cgt-py has
no Clobber and pycgt no Konane: those cells are empty.

    nice -n 5 python benchmarks/bench_values_30.py [--repeat 3] [--timeout 120] [--only konane]

Needs the test extra (cgt-py, pycgt).  Figures are in docs/games/grid-rulesets.md.
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
from bench_rulesets import _pycgt as _pycgt_ruleset

GAMES = ("domineering", "clobber", "konane")
LIBRARIES = ("cgt", "cgt-py", "pycgt")


def board(game: str, rows: int, columns: int) -> str:
    """The board of ``game`` measured at this size, in the string form both libraries read."""
    if game == "domineering":
        return "|".join(["." * columns] * rows)
    cells = [["x" if (r + c) % 2 == 0 else "o" for c in range(columns)] for r in range(rows)]
    if game == "konane":
        middle = rows // 2
        left = (columns - 1) // 2
        cells[middle][left] = cells[middle][left + 1] = "."
    return "|".join("".join(row) for row in cells)


def sizes(max_cells: int) -> list[tuple[int, int]]:
    """Every rectangle with 2 <= rows <= columns and at most ``max_cells`` cells, by size."""
    found = [
        (rows, columns)
        for rows in range(2, max_cells + 1)
        for columns in range(rows, max_cells // rows + 1)
    ]
    return sorted(found, key=lambda size: (size[0] * size[1], size))


def _ours(game: str, text: str) -> tuple[float, str]:
    import cgt

    if game == "domineering":
        from games.grid.domineering import Domineering as Ruleset
    elif game == "clobber":
        from games.grid.clobber import Clobber as Ruleset  # type: ignore[assignment]
    else:
        from games.grid.konane import Konane as Ruleset  # type: ignore[assignment]
    position = Ruleset(text)
    from games.grid.value_kernels import GridValueKernel

    GridValueKernel.status()  # the compiled kernel loaded first, as cgt-py's is on import
    start = time.process_time()
    value = cgt.value(position)
    return time.process_time() - start, str(value)


def _cgt_py(game: str, text: str) -> tuple[float, str] | None:
    import cgt_py

    if game == "clobber":
        return None  # cgt-py has no Clobber
    ruleset = cgt_py.Domineering if game == "domineering" else cgt_py.Konane
    start = time.process_time()
    value = ruleset(text).canonical_form
    return time.process_time() - start, str(value)[len("CanonicalForm('") : -2]


def _pycgt(game: str, text: str) -> tuple[float, str] | None:
    if game == "konane":
        return None  # pycgt has no Konane
    return _pycgt_ruleset(game, text)


def run_one(library: str, game: str, size: str) -> dict[str, Any]:
    """Measure one library on one board in this process."""
    rows, columns = map(int, size.split("x"))
    measure = {"cgt": _ours, "cgt-py": _cgt_py, "pycgt": _pycgt}[library]
    return measured(measure(game, board(game, rows, columns)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", nargs=3, metavar=("LIBRARY", "GAME", "SIZE"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--cells", type=int, default=30)
    parser.add_argument("--only", default="", help="games whose name contains this")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_one(*args.one)))
        return
    began, load = time.monotonic(), os.getloadavg()[0]
    from games.grid.value_kernels import GridValueKernel

    print(f"load average {load:.1f} at the start; median of {args.repeat} runs, CPU seconds")
    print(f"Domineering, Clobber and Konane values by: {GridValueKernel.status()}")
    print(
        "| game | board | us | cgt-py | pycgt | cgt-py / us | pycgt / us "
        "| peak MiB (us, cgt-py, pycgt) | value |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game in GAMES:
        if args.only not in game:
            continue
        out_of_reach: set[str] = set()
        skipped: set[str] = set()  # a library without this game
        for rows, columns in sizes(args.cells):
            size = f"{rows}x{columns}"
            libraries = [lib for lib in LIBRARIES if lib not in out_of_reach | skipped]
            runs = alternate(__file__, libraries, [game, size], args.repeat, args.timeout)
            if all(not results for results in runs.values()):
                continue
            summary = summarize(runs, args.timeout)
            cpu, peak, values = summary.cpu, summary.peak, summary.values
            cpu.update((library, None) for library in out_of_reach | skipped)
            peak.update((library, "-") for library in out_of_reach | skipped)
            out_of_reach |= summary.timed_out
            skipped |= {lib for lib, results in runs.items() if results and "skipped" in results[0]}
            agree = agreement(values)
            shown = values[0] if values else "-"
            if len(shown) > 40:
                shown = shown[:37] + "..."
            cells = [
                game,
                size + agree,
                fmt(cpu["cgt"]),
                fmt(cpu["cgt-py"]),
                fmt(cpu["pycgt"]),
                ratio(cpu["cgt-py"], cpu["cgt"]),
                ratio(cpu["pycgt"], cpu["cgt"]),
                f"{peak['cgt']}, {peak['cgt-py']}, {peak['pycgt']}",
                f"`{shown}`",
            ]
            print("| " + " | ".join(cells) + " |", flush=True)
            if len(out_of_reach | skipped) == len(LIBRARIES):
                break
    minutes = (time.monotonic() - began) / 60
    print(f"\n{minutes:.1f} min; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
