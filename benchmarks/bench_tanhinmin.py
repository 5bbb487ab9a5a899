"""Tanhinmin: linear scaling of the closed forms, and closed forms vs the exact solver.

Run: ``python benchmarks/bench_tanhinmin.py``.  Each figure is a median of several runs; the
ratios compare figures of the same run.  Hands are sorted once, outside the timings (the paper's
O(N) bounds are for sorted hands; validating and sorting a hand is O(N log N), timsort being
linear on sorted input).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import fmt, median_seconds, table

from games.tanhinmin import Position, WinnerTable, clear_cache, solve
from games.tanhinmin.hands import trusted
from games.tanhinmin.optimal import _algorithm_1, exact_optimal_moves
from games.tanhinmin.winner import delta_of


def _sorted_hand(cards: int, rng: random.Random) -> tuple[int, ...]:
    """``cards`` strengths in increasing order (steps of 0, 1 or 2: many ties), built in order
    so that the int objects lie in memory in the order they are read."""
    strengths = []
    value = 1
    for _ in range(cards):
        value += rng.randint(0, 2)
        strengths.append(value)
    return tuple(strengths)


def deal(cards: int, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two sorted hands of ``cards`` cards each, strengths about 1..2 * cards."""
    rng = random.Random(seed)
    return _sorted_hand(cards, rng), _sorted_hand(cards, rng)


def scaling() -> str:
    rows = []
    for cards in (10_000, 100_000, 300_000, 1_000_000):
        mover, other = deal(cards, seed=cards)
        c0, c1 = cards // 10, cards // 20
        s = trusted(mover, other, cards, c0, c1)
        winner = median_seconds(lambda s=s: delta_of(s) > 0, repeat=3)
        field = cards
        build = median_seconds(lambda m=mover, o=other, r=field: WinnerTable(m, o, r), repeat=3)
        built = WinnerTable(mover, other, field)
        query = median_seconds(
            lambda t=built, c1=c1: [t.wins(c, c1) for c in range(1000)], repeat=5
        )
        optimal = median_seconds(lambda s=s: _algorithm_1(s, literal=False), repeat=3)
        total = 2 * cards
        rows.append(
            [
                f"{total:,}",
                f"{fmt(winner)} ({winner / total * 1e9:.0f} ns/card)",
                f"{fmt(build)} ({build / total * 1e9:.0f} ns/card)",
                fmt(query / 1000),
                f"{fmt(optimal)} ({optimal / total * 1e9:.0f} ns/card)",
            ]
        )
    return table(
        [
            "cards in both hands",
            "winner (Theorem 1)",
            "Corollary 4 table, build",
            "table query",
            "Algorithm 1",
        ],
        rows,
    )


def closed_form_vs_solver() -> str:
    rows = []
    for cards in (8, 10, 12):
        rng = random.Random(cards)
        positions = []
        for _ in range(20):
            split = rng.randint(1, cards - 1)
            mover = [rng.randint(1, cards) for _ in range(split)]
            other = [rng.randint(1, cards) for _ in range(cards - split)]
            positions.append(Position(mover, other, rng.randint(0, cards), 0, 0))
        exact = median_seconds(
            lambda ps=positions: [solve(*p.args()) for p in ps], repeat=3, setup=clear_cache
        )
        closed = median_seconds(lambda ps=positions: [delta_of(p) > 0 for p in ps], repeat=5)
        moves_exact = median_seconds(
            lambda ps=positions: [exact_optimal_moves(*p.args()) for p in ps],
            repeat=3,
            setup=clear_cache,
        )
        moves_closed = median_seconds(
            lambda ps=positions: [_algorithm_1(p, literal=False) for p in ps], repeat=5
        )
        rows.append(
            [
                cards,
                fmt(exact / 20),
                fmt(closed / 20),
                f"{exact / closed:,.0f}x",
                fmt(moves_exact / 20),
                fmt(moves_closed / 20),
                f"{moves_exact / moves_closed:,.0f}x",
            ]
        )
    return table(
        [
            "cards",
            "winner: exact solver",
            "Theorem 1",
            "speed-up",
            "optimal moves: exact",
            "Algorithm 1",
            "speed-up",
        ],
        rows,
    )


def main() -> None:
    print("### Linear scaling (sorted hands, median of 3 runs)\n")
    print(scaling())
    print("\n### Closed forms vs the exact solver (per position, cold solver cache)\n")
    print(closed_form_vs_solver())


if __name__ == "__main__":
    main()
