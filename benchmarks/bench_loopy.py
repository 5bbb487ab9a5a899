"""Loopy partizan games: retrograde analysis speed, in positions per second.

Run: ``python benchmarks/bench_loopy.py [--nodes N] [--repeat R]``.

* retrograde analysis (`cgt.loopy._retrograde.solve`) of a random game graph of N nodes
  (default 10^6) with two Left and two Right edges per node: nodes per second, both players
  to move (each node is two positions);
* the same graph made a `cgt.LoopyGame` (reachability, cycle and stopper tests) and its outcome;
* a sum explored lazily: a random 1,000-node graph plus the negative of another, 10^6 pairs,
  explored breadth first and solved (the work of one comparison ``G <= H``);
* the simplest form of random stoppers of 100 and 200 nodes (an order matrix of n^2 pairs);
* sidling: the onside and offside of random games that are not stoppers, of 50 to 400 nodes
  (``--sidling-sizes``; every round computes an order matrix of the graph and the previous
  guesses, so the work grows with the square of the size);
* sidling of a large game whose cycles are all near the top (``--sidling-large``, default 10^4
  nodes): the part without cycles is collapsed to its values first, and the sides are checked
  against the whole graph (a retrograde analysis of ``G - side``, linear in the size of ``G``).

No published timings exist for these (CGSuite's loopy code is Java and reports none), so no
ratio is printed; figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import fmt, median_seconds, table

import cgt
from cgt.loopy import _graphs, _sidling
from cgt.loopy._retrograde import solve
from cgt.loopy.game import _sum


def _random_graph(n: int, degree: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    rng = random.Random(seed)
    left = [list({rng.randrange(n) for _ in range(degree)}) for _ in range(n)]
    right = [list({rng.randrange(n) for _ in range(degree)}) for _ in range(n)]
    for v in rng.sample(range(n), n // 10):  # some ends of play
        (left if v % 2 else right)[v] = []
    return left, right


def _random_stopper(n: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    # Left moves to the same node (a pass) or a larger one, Right only to larger ones: every
    # alternating play climbs, so none is infinite.
    rng = random.Random(seed)
    left = [[w for w in (rng.randrange(v, n + 1) for _ in range(2)) if w < n] for v in range(n)]
    right = [
        [w for w in (rng.randrange(v + 1, n + 1) for _ in range(2)) if w < n] for v in range(n)
    ]
    return _graphs.reachable(left, right, 0)


def _rate(positions: int, seconds: float) -> str:
    return f"{positions / seconds:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sidling-sizes", type=int, nargs="*", default=[50, 100, 200, 400])
    parser.add_argument("--sidling-large", type=int, default=10_000)
    args = parser.parse_args()
    n, repeat = args.nodes, args.repeat
    rows = []

    left, right = _random_graph(n, 2, 1)
    edges = sum(map(len, left)) + sum(map(len, right))
    seconds = median_seconds(lambda: solve(left, right), repeat)
    first, second = solve(left, right)
    draws = sum(1 for r in first if r == 0) + sum(1 for r in second if r == 0)
    rows.append(
        (f"retrograde, {n:,} nodes, {edges:,} edges", fmt(seconds), f"{2 * n / seconds:,.0f}")
    )
    print(f"(draws: {draws:,} of {2 * n:,} positions)")

    seconds = median_seconds(lambda: cgt.LoopyGame.from_graph(left, right).outcome, repeat)
    rows.append(
        (f"LoopyGame.from_graph + outcome, {n:,} nodes", fmt(seconds), f"{2 * n / seconds:,.0f}")
    )

    side = max(2, int(n**0.5))
    g = _random_graph(side, 2, 2)
    h = _random_graph(side, 2, 3)
    negative_h = (h[1], h[0])

    def explore_and_solve() -> int:
        sum_left, sum_right = _sum(g, negative_h)
        solve(sum_left, sum_right)
        return len(sum_left)

    pairs = explore_and_solve()
    seconds = median_seconds(explore_and_solve, repeat)
    rows.append(
        (
            f"sum explored lazily + solved, {pairs:,} pairs",
            fmt(seconds),
            f"{2 * pairs / seconds:,.0f}",
        )
    )

    for size in (100, 200):
        stopper = _random_stopper(size, size)
        assert _graphs.is_stopper(*stopper)
        seconds = median_seconds(lambda s=stopper: _graphs.simplify(*s), repeat)
        nodes = len(stopper[0])
        rows.append(
            (
                f"simplest form of a stopper, {nodes} nodes",
                fmt(seconds),
                f"{2 * nodes * nodes / seconds:,.0f}",
            )
        )

    for size in args.sidling_sizes:
        graph = _sided_game(size, size)
        nodes = len(graph[0])
        seconds = median_seconds(lambda g=graph: _sidling.sides(*g), repeat)
        rows.append(
            (f"sidling (both sides), {nodes} nodes", fmt(seconds), f"{nodes / seconds:,.0f}")
        )

    large = _loopy_top(args.sidling_large, 10)
    seconds = median_seconds(lambda: _sidling.sides(*large), repeat)
    rows.append(
        (
            f"sidling, {args.sidling_large:,} nodes, cycles at the top",
            fmt(seconds),
            f"{args.sidling_large / seconds:,.0f}",
        )
    )

    print(table(("computation", "median time", "positions per second"), rows))


def _loopy_top(n: int, loops: int) -> tuple[list[list[int]], list[list[int]]]:
    """``n`` nodes, each with the options ``i + 1`` and ``i + 2`` for both players (values
    ``0``, ``*``, ``*2``), and below the first ``3 * loops`` nodes Left passes and Right moves
    back (games that are not stoppers)."""
    left = [[w for w in (i + 1, i + 2) if w < n] for i in range(n)]
    right = [list(options) for options in left]
    for i in range(0, 3 * loops, 3):
        left[i].append(i)
        right[i + 1].append(i)
    return left, right


def _sided_game(n: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """A random game of about ``n`` nodes that is not a stopper and whose sides sidling finds:
    a random stopper whose Left options also include a copy of ``tis`` hung below some nodes,
    and some of whose Right options are ``dud``."""
    rng = random.Random(seed)
    left, right = _random_stopper(n, seed)
    size = len(left)
    tis, tisn, dud = size, size + 1, size + 2
    left += [[tisn], [], [dud]]
    right += [[], [tis], [dud]]
    for v in rng.sample(range(size), max(1, size // 5)):
        (left if v % 2 else right)[v].append(tis if v % 2 else dud)
    graph = _graphs.reachable(left, right, 0)
    assert not _graphs.is_stopper(*graph)
    return graph


if __name__ == "__main__":
    main()
