"""Kayles' certified misère quotient against the plain misère recursion on every small sum.

Run: ``python benchmarks/kayles_misere_check.py [--total N] [--quotient FILE]``.

Computes (or loads from ``--quotient``, a pickle written by a previous run) the certified
quotient of all Kayles (0.77) heaps, then reads the outcome of every sum of Kayles heaps whose
heap sizes add up to at most ``N`` from the quotient and compares it with the plain misère
recursion (memoised on sorted heap tuples, written here from the rules alone: a move takes one
or two adjacent pins from one row, which may leave two rows).  Any mismatch is printed with the
element the quotient gives it: a mismatch would be a counterexample to the certificate.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from cgt.misere.quotient import octal_misere_quotient


def kayles_split(h: int) -> Iterator[tuple[int, int]]:
    """The rows left by one Kayles move in a row of ``h`` pins (``(a, b)``, ``a <= b``)."""
    for taken in (1, 2):
        rest = h - taken
        for a in range(rest // 2 + 1) if rest >= 0 else ():
            yield a, rest - a


class MisereKayles:
    """The plain misère recursion on sums of Kayles rows (P-positions, memoised)."""

    def __init__(self) -> None:
        self.memo: dict[tuple[int, ...], bool] = {(): False}

    def is_p(self, pos: tuple[int, ...]) -> bool:
        known = self.memo.get(pos)
        if known is not None:
            return known
        result = True
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            base = pos[:i] + pos[i + 1 :]
            for a, b in kayles_split(h):
                child = tuple(sorted(base + tuple(x for x in (a, b) if x)))
                if self.is_p(child):
                    result = False
                    break
            if not result:
                break
        self.memo[pos] = result
        return result


def partitions(n: int, largest: int) -> Iterator[tuple[int, ...]]:
    """The partitions of ``n`` into parts ``<= largest``, parts in increasing order."""
    if n == 0:
        yield ()
        return
    for k in range(min(n, largest), 0, -1):
        for rest in partitions(n - k, k):
            yield (*rest, k)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--total", type=int, default=30)
    parser.add_argument("--quotient", type=Path, default=None)
    args = parser.parse_args()
    sys.setrecursionlimit(max(10_000, 20 * args.total))
    if args.quotient is not None and args.quotient.exists():
        q = pickle.loads(args.quotient.read_bytes())
    else:
        start = time.process_time()
        q = octal_misere_quotient((0, 7, 7), max_heap=200)
        print(f"quotient: {q} ({time.process_time() - start:.1f} s CPU)", flush=True)
        if args.quotient is not None:
            args.quotient.write_bytes(pickle.dumps(q))
    oracle = MisereKayles()
    checked = mismatches = 0
    start = time.process_time()
    for n in range(args.total + 1):
        for pos in partitions(n, n):
            checked += 1
            if q.is_p_position(pos) != oracle.is_p(pos):
                mismatches += 1
                print(f"MISMATCH {pos}: quotient element {q.names[q.image(pos)]}", flush=True)
        print(f"total {n}: {checked} sums, {mismatches} mismatches", flush=True)
    elapsed = time.process_time() - start
    summary = f"{checked} sums of total size <= {args.total}: {mismatches} mismatches"
    print(f"{summary} ({elapsed:.1f} s CPU)")


if __name__ == "__main__":
    main()
