"""Benchmarks of games.nim: closed forms vs the generic recursion, long sequences.

Run: ``python benchmarks/bench_nim.py [--repeat 3]``.  Every figure is the median of the
repeats, and every ratio compares two timings taken in the same run.  The recursion is timed
with cold caches (``cgt.clear_caches()`` before each repeat).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from itertools import product
from typing import Any

import cgt
from games.nim import MooreNim, Nim, Wythoff
from games.nim.octal import OctalGame, grundy_values_naive, parse_octal
from games.nim.subtraction import SubtractionGame


def median_seconds(
    task: Callable[[], Any], repeat: int, setup: Callable[[], Any] = cgt.clear_caches
) -> float:
    times = []
    for _ in range(repeat):
        setup()
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fresh_subtraction(moves: tuple[int, ...]) -> SubtractionGame:
    return SubtractionGame(moves, 1 << 22)


def fresh_octal(code: str) -> OctalGame:
    return OctalGame(parse_octal(code), 1 << 20)


def closed_form_rows(repeat: int) -> list[tuple[str, int, float, float]]:
    rows = []
    nim = [Nim(h) for k in range(5) for h in product(range(7), repeat=k)]
    rows.append(
        (
            "Nim, <= 4 heaps <= 6 (xor)",
            len(nim),
            median_seconds(lambda: [p.grundy() for p in nim], repeat),
            median_seconds(lambda: [cgt.grundy(p) for p in nim], repeat),
        )
    )
    s23 = fresh_subtraction((2, 3))
    s23.periodicity  # certify once, outside the timing  # noqa: B018
    heaps = [s23.position(n) for n in range(5000)]
    rows.append(
        (
            "subtraction {2,3}, n < 5000 (period)",
            len(heaps),
            median_seconds(lambda: [s23.periodic_grundy(p.n) for p in heaps], repeat),
            median_seconds(lambda: [cgt.grundy(p) for p in heaps], repeat),
        )
    )
    kayles = fresh_octal("0.77")
    kayles.periodicity  # noqa: B018
    heaps = [kayles.position(n) for n in range(200)]
    rows.append(
        (
            "Kayles, n < 200 (certified period)",
            len(heaps),
            median_seconds(lambda: [kayles.periodic_grundy(p.n) for p in heaps], repeat),
            median_seconds(lambda: [cgt.grundy(p) for p in heaps], repeat),
        )
    )
    board = [Wythoff(x, y) for x in range(30) for y in range(30)]
    rows.append(
        (
            "Wythoff P-positions, 30 x 30 (floor(k phi))",
            len(board),
            median_seconds(lambda: [p.is_p_position() for p in board], repeat),
            median_seconds(lambda: [cgt.grundy(p) == 0 for p in board], repeat),
        )
    )
    moore = [MooreNim(h, 2) for h in product(range(5), repeat=4)]
    rows.append(
        (
            "Moore Nim_2, 4 heaps <= 4 (column sums)",
            len(moore),
            median_seconds(lambda: [p.is_p_position() for p in moore], repeat),
            median_seconds(lambda: [cgt.grundy(p) == 0 for p in moore], repeat),
        )
    )
    return rows


def sequence_rows(repeat: int) -> list[tuple[str, float]]:
    rows = []
    size = 10**6
    rows.append(
        (
            "subtraction {2,3}: sequence(10**6), period certified then tiled",
            median_seconds(lambda: fresh_subtraction((2, 3)).sequence(size), repeat),
        )
    )
    rows.append(
        (
            "subtraction {2,3}: 10**6 values by the mex loop",
            median_seconds(lambda: fresh_subtraction((2, 3))._extend(size), repeat),
        )
    )
    rows.append(
        (
            "subtraction {3,100000}: certify period 100003 (prefix function)",
            median_seconds(lambda: fresh_subtraction((3, 100_000)).periodicity, repeat),
        )
    )
    rows.append(
        (
            "subtraction {3,5,7,11}: 10**6 values by the mex loop",
            median_seconds(lambda: fresh_subtraction((3, 5, 7, 11))._extend(size), repeat),
        )
    )
    return rows


def octal_rows(repeat: int) -> list[tuple[str, float]]:
    rows = []
    rows.append(
        (
            "Kayles 0.77: sequence(10**5), period certified then tiled",
            median_seconds(lambda: fresh_octal("0.77").sequence(10**5), repeat),
        )
    )
    for code in ("0.77", "0.16"):
        rows.append(
            (
                f"{code}: 10**5 values, rare/common split",
                median_seconds(lambda code=code: fresh_octal(code)._extend(10**5), repeat),
            )
        )
    for code in ("0.77", "0.16"):
        for size in (2000, 4000):
            rows.append(
                (
                    f"{code}: {size} values, rare/common split",
                    median_seconds(lambda code=code, s=size: fresh_octal(code)._extend(s), repeat),
                )
            )
            rows.append(
                (
                    f"{code}: {size} values, plain mex over all splits",
                    median_seconds(
                        lambda code=code, s=size: grundy_values_naive(parse_octal(code), s), repeat
                    ),
                )
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| closed form vs cgt.grundy | positions | closed form | recursion | speedup |")
    print("|---|---:|---:|---:|---:|")
    for name, count, fast, slow in closed_form_rows(args.repeat):
        ratio = slow / fast
        print(f"| {name} | {count} | {fast * 1e3:.2f} ms | {slow * 1e3:.1f} ms | {ratio:,.0f}x |")
    print()
    print("| sequence | median |")
    print("|---|---:|")
    for name, seconds in sequence_rows(args.repeat) + octal_rows(args.repeat):
        print(f"| {name} | {seconds:.3f} s |")


if __name__ == "__main__":
    main()
