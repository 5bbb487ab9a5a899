"""The real game: a 52-card deck dealt to two players, as 8 suits of 6 cards.

The four 7s start on the field.  Each suit splits at its 7 into two independent suits of the
paper (section 2): 8, 9, 10, J, Q, K upward and 6, 5, 4, 3, 2, A downward, each with the 7 as its
card 0.  The other 48 cards are shuffled (``random.Random(seed)``, so a seed always gives the
same deal) and dealt 24 to each player.

>>> from games.sevens.deal import deal
>>> hand = deal(2024)
>>> len(hand.suits), sorted(map(len, hand.suits)), len(hand.cards("L"))
(8, [6, 6, 6, 6, 6, 6, 6, 6], 24)
>>> hand.names[0], hand.ranks[0]
('♠ up', ('8', '9', '10', 'J', 'Q', 'K'))
"""

from __future__ import annotations

import random

import attrs

from games.sevens.notation import SevensError, check_player

__all__ = ["Deal", "deal"]

_SUITS = ("♠", "♥", "♦", "♣")
_UP = ("8", "9", "10", "J", "Q", "K")
_DOWN = ("6", "5", "4", "3", "2", "A")


@attrs.frozen
class Deal:
    """A dealt position: the 8 suits (holder strings), their names and their card ranks."""

    seed: int
    suits: tuple[str, ...]
    names: tuple[str, ...]
    ranks: tuple[tuple[str, ...], ...]

    def cards(self, player: str) -> list[str]:
        """The cards in ``player``'s hand, like ``'♠9'``."""
        who = check_player(player)
        return [
            name.split()[0] + rank
            for name, ranks, suit in zip(self.names, self.ranks, self.suits, strict=True)
            for rank, holder in zip(ranks, suit, strict=True)
            if holder == who
        ]


def deal(seed: int, left_cards: int = 24) -> Deal:
    """Shuffle the 48 cards other than the 7s with ``seed`` and give ``left_cards`` to Left.

    >>> deal(1).suits == deal(1).suits, deal(1).suits == deal(2).suits
    (True, False)
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SevensError(f"a deal's seed must be an int, not {seed!r}")
    if not 0 <= left_cards <= 48:
        raise SevensError(f"Left's hand must hold 0 to 48 cards, not {left_cards}")
    owners = list("L" * left_cards + "R" * (48 - left_cards))
    random.Random(seed).shuffle(owners)
    names, ranks = [], []
    for suit in _SUITS:
        names += [f"{suit} up", f"{suit} down"]
        ranks += [_UP, _DOWN]
    suits = tuple("".join(owners[6 * i : 6 * i + 6]) for i in range(8))
    return Deal(seed, suits, tuple(names), tuple(ranks))
