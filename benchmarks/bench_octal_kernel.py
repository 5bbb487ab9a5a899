"""The compiled take-and-break kernel: the full equality check, and the hardest solved games.

Run:
* ``python benchmarks/bench_octal_kernel.py --check [--heaps 100000]``: every 0.abc and 4.abc
  code whose pure-Python path reaches the bound in reasonable time (certified period tiled, or
  the rare/common split in Python): the kernel's values equal it on every heap below the bound.
  Codes where the Python path would need the plain mex on every heap are listed as skipped.
* ``python benchmarks/bench_octal_kernel.py --scale``: 0.376 and 0.354 certified, CPU and wall
  time, peak memory (one fresh process each), beside the pure-Python path on the same prefix.

Figures go to stdout as Markdown rows; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from games.nim import octal
from games.nim.octal import OctalGame, parse_octal

CODES = [f"{d0}.{n:03o}" for d0 in (0, 4) for n in range(1, 512)]
PROBE = 1 << 13


def check(heaps: int, limit: int, open_heaps: int) -> int:
    """Codes whose Python path certifies a period within PROBE heaps: the kernel against the
    Python values (the certified period tiled) on every heap below ``heaps``.  The others (no
    period yet): the kernel against the Python rare/common split on ``open_heaps`` heaps, unless
    it has no sparse mask (then the Python path is the plain mex, quadratic: skipped)."""
    checked, opened, skipped, failed = [], [], [], []
    start = time.perf_counter()
    for code in CODES[:limit]:
        python = OctalGame(parse_octal(code), heaps, engine="python")
        probe = python.search_period(PROBE)
        size = heaps
        if probe is None:
            if python.mask == 0:
                skipped.append(code)
                continue
            size = open_heaps
            opened.append(code)
        truth = python.sequence(size)
        kernel = OctalGame(parse_octal(code), size, engine="kernel")
        kernel._extend(size)
        values = kernel._values.tolist()
        if values != truth:
            first = next(n for n in range(size) if values[n] != truth[n])
            failed.append((code, first))
        checked.append(code)
        print(f"{code}: {'DIFFERS' if failed and failed[-1][0] == code else 'equal'} ({size})",
              flush=True)  # fmt: skip
    seconds = time.perf_counter() - start
    print(
        f"{len(checked) - len(opened)} codes equal on every heap < {heaps:,}, {len(opened)} "
        f"(no period within {PROBE} heaps) on every heap < {open_heaps:,}; {len(failed)} differ "
        f"{failed}; {len(skipped)} skipped (no period within {PROBE} heaps and no sparse mask: "
        f"the Python path would be the plain mex): {' '.join(skipped)}; {seconds:.0f} s, load "
        f"{os.getloadavg()[0]:.2f}"
    )
    return 1 if failed else 0


def _one(code: str, bound: int, engine: str) -> dict[str, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    game = octal(code, search_bound=bound, engine=engine)
    found = game.search_period(bound)
    return {
        "code": code,
        "engine": game.engine,
        "preperiod": None if found is None else found.preperiod,
        "period": None if found is None else found.period,
        "heaps": game._searched_upto,
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "load": os.getloadavg()[0],
    }


def scale() -> None:
    rows = []
    for code, bound in (("0.376", 1 << 23), ("0.354", 1 << 25)):
        command = [sys.executable, __file__, "--one", code, str(bound), "kernel"]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout))
    print("| game | engine | certified | heaps computed | wall | CPU | peak memory | load |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['code']} | {row['engine']} | preperiod {row['preperiod']:,}, period "
            f"{row['period']} | {row['heaps']:,} | {row['wall']:.1f} s | {row['cpu']:.1f} s | "
            f"{row['peak_mb']:.0f} MB | {row['load']:.2f} |"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--heaps", type=int, default=100_000)
    parser.add_argument("--open-heaps", type=int, default=20_000)
    parser.add_argument("--limit", type=int, default=len(CODES))
    parser.add_argument("--scale", action="store_true")
    parser.add_argument("--one", nargs=3, metavar=("CODE", "BOUND", "ENGINE"))
    args = parser.parse_args()
    if args.one:
        code, bound, engine = args.one
        print(json.dumps(_one(code, int(bound), engine)))
        return 0
    status = 0
    if args.check:
        status = check(args.heaps, args.limit, args.open_heaps)
    if args.scale:
        scale()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
