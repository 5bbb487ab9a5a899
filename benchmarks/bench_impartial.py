"""Impartial engine: closed forms vs the generic recursion, and our engine vs pycgt.

Run: ``python benchmarks/bench_impartial.py`` (pycgt from the ``bench`` extra for the last table).
Each figure is a median of several runs; the ratios compare figures of the same run.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import clear_pycgt_caches, fmt, median_seconds, table

import cgt


@cgt.impartial_game
def Take23(n: int) -> list[int]:
    return [n - k for k in (2, 3) if k <= n]


@cgt.impartial_game
def Heap(n: int) -> range:
    return range(n)


def closed_form_vs_recursion() -> str:
    rows = []
    for size in (10_000, 100_000):
        recursion = median_seconds(
            lambda size=size: [cgt.grundy(Take23(n)) for n in range(size)],
            repeat=3,
            setup=cgt.clear_caches,
        )
        closed = median_seconds(lambda size=size: [(0, 0, 1, 1, 2)[n % 5] for n in range(size)])
        rows.append(
            [
                f"subtraction {{2,3}}, n < {size:,}",
                fmt(recursion),
                fmt(closed),
                f"{recursion / closed:.0f}x",
            ]
        )
    return table(["workload", "generic recursion", "closed form", "speed-up"], rows)


def sums() -> str:
    rows = []
    for heaps in [(3, 5, 6), (7, 9, 11), (12, 13, 14)]:
        position = cgt.Sum(*map(Heap, heaps))
        product = median_seconds(
            lambda p=position: cgt.grundy(p, decompose=False), repeat=3, setup=cgt.clear_caches
        )
        xor_law = median_seconds(lambda p=position: cgt.grundy(p), setup=cgt.clear_caches)
        rows.append([f"Nim {heaps}", fmt(product), fmt(xor_law), f"{product / xor_law:.0f}x"])
    return table(["sum", "over the product", "xor law", "speed-up"], rows)


def nim_multiplication() -> str:
    rng = random.Random(1)
    pairs = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(2000)]
    cgt.nim_multiply(3, 3)  # build the byte table outside the timing
    seconds = median_seconds(lambda: [cgt.nim_multiply(a, b) for a, b in pairs])
    return f"64-bit nim-multiplication: {fmt(seconds / len(pairs))} per product (median of 5 runs)"


def versus_pycgt() -> str:
    try:
        from pycgt.rulesets.nim import heaps as pycgt_heaps
    except ImportError:
        return "pycgt not installed (pip install '.[bench]'): comparison skipped"
    rows = []
    for sizes in [(3, 5, 6), (5, 6, 7), (6, 7, 8)]:
        ours = median_seconds(
            lambda s=sizes: cgt.grundy(cgt.Sum(*map(Heap, s))), setup=cgt.clear_caches
        )
        theirs = median_seconds(lambda s=sizes: pycgt_heaps(*s), repeat=3, setup=clear_pycgt_caches)
        rows.append([f"Nim {sizes}", fmt(theirs), fmt(ours), f"{theirs / ours:.1f}x"])
    note = (
        "Both start with empty caches, evaluate each heap from its rules, then combine the "
        "heaps (pycgt: canonical game sum; cgt: the xor law). pycgt's heap(n) rebuilds every "
        "smaller heap without a cache, so its time grows exponentially in n."
    )
    return table(["workload", "pycgt 0.2.0", "cgt", "cgt speed-up"], rows) + "\n\n" + note


if __name__ == "__main__":
    print("## Closed form vs generic recursion\n")
    print(closed_form_vs_recursion(), "\n")
    print("## Sums: the xor law vs the product\n")
    print(sums(), "\n")
    print(nim_multiplication(), "\n")
    print("## Against pycgt\n")
    print(versus_pycgt())
