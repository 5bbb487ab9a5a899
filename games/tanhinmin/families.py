"""The families of positions on which the claims are checked: every shape up to N cards.

**Every position up to N cards.**  The rules and every formula only compare strengths, so a
position is determined, up to relabelling, by its *shape*: the order of its cards, with ties.
`shapes(N)` lists every shape with 2 to N cards in total (both hands non-empty, repeated
strengths allowed), with strengths 1..k for the k distinct strengths present, every field
0..k (a field between two strengths, or above all of them, acts as the strength below it), and
`positions(N)` adds every condition ``0 <= c0 < |X|``, ``0 <= c1 < |X̄|``.  Checking these is
checking every position with up to N cards and *any* strengths.  They come in order of the
number of cards, so the first counterexample found is a smallest one.

>>> from games.tanhinmin.families import shapes, positions
>>> [len(list(shapes(n))) for n in range(2, 6)]
[8, 60, 313, 1409]
>>> next(iter(positions(3)))
Position(mover=(1,), other=(1,), field=0, c0=0, c1=0)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from games.tanhinmin.hands import Position, trusted

__all__ = ["hand_pairs", "positions", "round_starts", "shapes"]


def hand_pairs(cards: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every shape of two non-empty hands with ``cards`` cards: ``(X, X̄, k)``."""
    for k in range(1, cards + 1):
        # Each card is (strength, owner) coded as 2 * (strength - 1) + owner.
        for combo in combinations_with_replacement(range(2 * k), cards):
            if len({code >> 1 for code in combo}) != k:
                continue
            mover = tuple((code >> 1) + 1 for code in combo if not code & 1)
            other = tuple((code >> 1) + 1 for code in combo if code & 1)
            if mover and other:
                yield mover, other, k


def shapes(max_cards: int, *, fields: bool = True, min_cards: int = 2) -> Iterator[Position]:
    """Every shape with ``min_cards..max_cards`` cards, every field, condition ``(0, 0)``."""
    for cards in range(min_cards, max_cards + 1):
        for mover, other, k in hand_pairs(cards):
            for field in range(k + 1) if fields else (0,):
                yield trusted(mover, other, field, 0, 0)


def positions(max_cards: int, *, fields: bool = True) -> Iterator[Position]:
    """Every shape with up to ``max_cards`` cards, every field, every condition."""
    for s in shapes(max_cards, fields=fields):
        for c0 in range(len(s.mover)):
            for c1 in range(len(s.other)):
                yield trusted(s.mover, s.other, s.field, c0, c1)


def round_starts(max_cards: int, *, sets_only: bool = False) -> Iterator[Position]:
    """Every shape at the start of a round (empty field), plain rule; ``sets_only`` keeps the
    hands without repeated strengths."""
    for s in shapes(max_cards, fields=False):
        if not sets_only or (
            len(set(s.mover)) == len(s.mover) and len(set(s.other)) == len(s.other)
        ):
            yield s
