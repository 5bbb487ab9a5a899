"""Whole positions as values, and the families of small positions that verification walks.

A `Position` is a tuple of suits (holder strings) with the player who moves first, the passes
each player may use, and the holder of the almighty card, if any.  The families enumerate every
position up to a number of cards, smallest first, so that the first counterexample found is a
smallest one.  Suits are kept as a sorted tuple: the order of suits does not matter.

>>> from games.sevens.positions import Position, all_positions, all_suits
>>> Position(("RRLL", "RRLL"), "R", almighty="L")
Position(0RRLL + 0RRLL, R first, L holds the almighty card)
>>> list(all_suits(2))
['', 'L', 'R', 'LL', 'LR', 'RL', 'RR']
>>> sum(1 for _ in all_positions(3, max_suits=2))
25
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import attrs

from games.sevens.notation import check_player, parse_suits

__all__ = ["Position", "all_positions", "all_suits", "position_count", "positions_with"]


def _suits(value: object) -> tuple[str, ...]:
    return tuple(sorted(parse_suits(value)))  # type: ignore[arg-type]


@attrs.frozen
class Position:
    """Suits, who moves first, the passes each player may use, and the almighty card's holder."""

    suits: tuple[str, ...] = attrs.field(converter=_suits)
    first: str = attrs.field(default="L", converter=check_player)
    passes: int = 0
    almighty: str | None = None

    @property
    def cards(self) -> int:
        """The number of cards still in the players' hands."""
        return sum(map(len, self.suits))

    def __repr__(self) -> str:
        text = " + ".join("0" + s for s in self.suits) + f", {self.first} first"
        if self.passes:
            text += f", {self.passes} passes each"
        if self.almighty is not None:
            text += f", {self.almighty} holds the almighty card"
        return f"Position({text})"


def all_suits(max_length: int) -> Iterator[str]:
    """Every suit (holder string) of at most ``max_length`` cards, shortest first."""
    for length in range(max_length + 1):
        for letters in itertools.product("LR", repeat=length):
            yield "".join(letters)


def _multisets(cards: int, max_suits: int, largest: tuple[int, str] | None) -> Iterator[tuple]:
    """Sorted tuples of non-empty suits with exactly ``cards`` cards (each suit <= largest)."""
    if cards == 0:
        yield ()
        return
    if max_suits == 0:
        return
    for length in range(1, cards + 1):
        for letters in itertools.product("LR", repeat=length):
            suit = "".join(letters)
            key = (length, suit)
            if largest is not None and key > largest:
                continue
            for rest in _multisets(cards - length, max_suits - 1, key):
                yield (suit, *rest)


def all_positions(max_cards: int, max_suits: int = 4) -> Iterator[tuple[str, ...]]:
    """Every position (as sorted suits) of 1 to ``max_cards`` cards in 1 to ``max_suits`` suits,
    by increasing number of cards."""
    for cards in range(1, max_cards + 1):
        for suits in _multisets(cards, max_suits, None):
            yield tuple(sorted(suits))


def positions_with(
    max_cards: int,
    max_suits: int = 4,
    passes: tuple[int, ...] = (0,),
    almighty: tuple[str | None, ...] = (None,),
) -> Iterator[Position]:
    """`all_positions`, each with both players first, and the given passes and holders."""
    for suits in all_positions(max_cards, max_suits):
        for holder in almighty:
            for p in passes:
                for first in ("L", "R"):
                    yield Position(suits, first, p, holder)


def position_count(max_cards: int, max_suits: int = 4) -> int:
    """How many positions `all_positions` yields.

    >>> position_count(10)
    28841
    """
    return sum(1 for _ in all_positions(max_cards, max_suits))
