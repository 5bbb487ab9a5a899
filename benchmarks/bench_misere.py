"""Misère play and loopy impartial games: the time of the main computations.

Run: ``python benchmarks/bench_misere.py [--repeat R]``.

* the misère quotient (Plambeck-Siegel, candidate + certificate) of standard octal games for
  heap bounds n: misère Nim, 0.75, Kayles (0.77), Dawson's Kayles (0.07), with the outcomes of
  sums found by search and by simplest forms (``outcomes="forms"``);
* misère simplest forms and genus of the heaps 0..n-1 of Kayles and 0.75 (memo tables cleared
  before each run; interned forms stay, as in a session);
* the misère outcome of sums of Kayles heaps by direct search against the simplest forms;
* the generalized Sprague-Grundy function of a random graph with cycles (nodes per second).

Published figures to compare with: MisereSolver (Siegel 2005) and CGSuite compute these
quotients in Java, but we found no published timings for them, so no ratio is printed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import fmt, median_seconds, table

import cgt
from cgt.loopy.sprague_grundy import generalized_grundy_of_graph
from games.nim import Nim, octal


def _quotients(repeat: int) -> None:
    rows = []
    cases = [
        ("misère Nim", lambda k: Nim((k,)), (3, 7)),
        ("0.75", octal("0.75").position, (6, 8, 10)),
        ("0.77 (Kayles)", octal("0.77").position, (6, 8)),
        ("0.07 (Dawson's Kayles)", octal("0.07").position, (8, 10)),
    ]
    for name, heap, bounds in cases:
        for n in bounds:
            q = cgt.misere_quotient(heap, n)
            times = [
                median_seconds(
                    lambda h=heap, n=n, how=how: cgt.misere_quotient(h, n, outcomes=how),
                    repeat,
                    cgt.clear_caches,
                )
                for how in ("search", "forms")
            ]
            p_portion = "{" + ", ".join(q.p_portion_names) + "}"
            rows.append((name, n, q.order, p_portion, *map(fmt, times)))
    print("## misère quotients (certified)\n")
    header = ("game", "heaps <=", "order", "P-portion", "outcomes by search", "by simplest forms")
    print(table(header, rows))


def _forms(repeat: int) -> None:
    rows = []
    for code, n in (("0.77", 30), ("0.75", 30), ("0.07", 50)):
        game = octal(code)

        def run(game=game, n=n):
            return [cgt.genus(game.position(k)) for k in range(n)]

        seconds = median_seconds(run, repeat, setup=cgt.clear_caches)
        last = cgt.misere_canonical(game.position(n - 1))
        rows.append((code, n, last.birthday, str(run()[-1]), fmt(seconds)))
    print("\n## misère simplest forms and genus of heaps 0..n-1\n")
    print(table(("game", "n", "birthday of heap n-1", "its genus", "median time"), rows))


def _sums(repeat: int) -> None:
    kayles = octal("0.77")
    sums = [tuple(kayles.position(h) for h in heaps) for heaps in ((7, 8, 9), (9, 10, 11, 3))]
    rows = []
    for parts in sums:
        direct = median_seconds(lambda p=parts: cgt.misere_outcome(*p), repeat, cgt.clear_caches)
        forms = median_seconds(
            lambda p=parts: cgt.misere_canonical(cgt.Sum(*p)).misere_wins, repeat, cgt.clear_caches
        )
        label = " + ".join(f"K{x.n}" for x in parts)
        rows.append((label, cgt.misere_outcome(*parts).value, fmt(direct), fmt(forms)))
    print("\n## misère outcome of Kayles sums: direct search vs simplest form of the sum\n")
    print(table(("sum", "outcome", "direct search", "simplest form"), rows))


def _loopy(repeat: int) -> None:
    rng = random.Random(7)
    n = 100_000
    graph = [[rng.randrange(n) for _ in range(rng.randint(0, 3))] for _ in range(n)]
    seconds = median_seconds(lambda: generalized_grundy_of_graph(graph), repeat)
    values = generalized_grundy_of_graph(graph)
    infinite = sum(v.is_infinite for v in values)
    print("\n## generalized Sprague-Grundy function\n")
    print(
        table(
            ("graph", "infinite values", "median time", "nodes/s"),
            [
                (
                    f"{n:,} nodes, out-degree 0-3",
                    f"{infinite:,}",
                    fmt(seconds),
                    f"{n / seconds:,.0f}",
                )
            ],
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    _quotients(args.repeat)
    _forms(args.repeat)
    _sums(args.repeat)
    _loopy(args.repeat)


if __name__ == "__main__":
    main()
