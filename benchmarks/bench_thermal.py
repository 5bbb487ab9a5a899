"""Temperature theory: exact walls vs the naive search oracle, and cgt vs pycgt.

Run: ``python benchmarks/bench_thermal.py`` (pycgt from the ``bench`` extra for its column).
Each figure is a median of several runs with empty caches; ratios compare figures of one run.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

import naive_thermal  # the deliberately naive oracle of the tests
from _timing import clear_pycgt_caches, fmt, median_seconds, table

import cgt
from cgt import Game
from cgt.verification.laws import games_in_order


def random_games(count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    atoms = list(games_in_order()[:80])

    def build(depth: int) -> Game:
        if depth == 0:
            return rng.choice(atoms)
        return Game(
            left=[build(depth - 1) for _ in range(rng.randint(1, 2))],
            right=[build(depth - 1) for _ in range(rng.randint(1, 2))],
        )

    return [build(rng.randint(1, 3)) for _ in range(count)]


def switches_sum(n: int) -> Game:
    """``{2|-1} + {4|1} + ... ``: a sum of ``n`` hot switches (a classic hot-game workload)."""
    total = Game(0)
    for k in range(n):
        total += Game(left=[Game(2 * k + 2)], right=[Game(-k - 1)])
    return total


def clear_all() -> None:
    cgt.clear_caches()
    naive_thermal.temperature_and_mean.cache_clear()
    naive_thermal.cool.cache_clear()


def main() -> None:
    games = random_games(150, 1)
    rows = []
    walls = median_seconds(lambda: [(cgt.temperature(g), cgt.mean(g)) for g in games], 5, clear_all)
    naive = median_seconds(
        lambda: [naive_thermal.temperature_and_mean(g) for g in games], 3, clear_all
    )
    row = ["temperature + mean of 150 random games", fmt(naive), fmt(walls)]
    try:
        import pycgt

        def to_pycgt(g: Game, memo: dict[Game, object]) -> object:
            if g not in memo:
                memo[g] = pycgt.game(
                    [to_pycgt(x, memo) for x in g.left_options],
                    [to_pycgt(x, memo) for x in g.right_options],
                )
            return memo[g]

        memo: dict[Game, object] = {}
        theirs = [to_pycgt(g, memo) for g in games]
        row.append(
            fmt(
                median_seconds(
                    lambda: [(pycgt.temperature(p), pycgt.mean(p)) for p in theirs],
                    5,
                    clear_pycgt_caches,
                )
            )
        )
    except ImportError:
        row.append("(not installed)")
    rows.append(row)
    pictures = median_seconds(lambda: [cgt.thermograph(g) for g in games], 5, clear_all)
    rows.append(["thermographs (Fraction walls) of the same 150 games", "", fmt(pictures), ""])
    for n in (4, 6, 8):
        g = switches_sum(n)
        walls = median_seconds(lambda g=g: cgt.thermograph(g), 5, clear_all)
        naive = median_seconds(lambda g=g: naive_thermal.temperature_and_mean(g), 3, clear_all)
        rows.append([f"thermograph of a sum of {n} switches", fmt(naive), fmt(walls), ""])
    up = median_seconds(
        lambda: cgt.thermograph(cgt.up(100_000) + Game(Fraction(3, 4))), 5, clear_all
    )
    rows.append(["thermograph of 100000.↑ + 3/4", "", fmt(up), ""])
    print(table(["workload", "naive oracle (search)", "cgt (exact walls)", "pycgt 0.2.0"], rows))


if __name__ == "__main__":
    main()
