"""A suit, and a whole position, as partizan positions for the generic machinery of `cgt`.

`Suit` keeps the suit exactly as written, field cards included, and knows only the rule: the
holder of the next card (the first that is not on the field) may play it, which puts its
number on the field.  Nothing here uses a formula, so ``cgt.value(Suit(text))`` is the generic
recursion that Algorithm 1, Theorem 3 and Theorem 2 (``0XkY = 0XY``) are checked against, and
``cgt.Sum`` of the suits is the CGT view of the whole game.

>>> from games.sevens.game import Suit, position
>>> Suit("0LR").left_options(), Suit("0LR").right_options()
((Suit('01R'),), ())
>>> Suit("0L2R").left_options()
(Suit('012R'),)
>>> len(position(["LR", "RL"]))
2
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import cgt
from games.sevens.notation import holders

__all__ = ["Suit", "position"]


def _checked(text: str) -> str:
    if not isinstance(text, str):
        text = holders(text)  # structured input: a sequence of "L"/"R"
    holders(text)
    return text


@attrs.frozen
class Suit(cgt.Position):
    """One suit in the paper's notation, as a partizan position (Left holds the L cards)."""

    text: str = attrs.field(converter=_checked)

    def _next(self) -> int:
        for index, char in enumerate(self.text):
            if char == "L" or char == "R":
                return index
        return -1

    def _played(self, index: int) -> Suit:
        card = index + (0 if self.text.startswith("0") else 1)
        return Suit(self.text[:index] + str(card % 10) + self.text[index + 1 :])

    def left_options(self) -> tuple[Suit, ...]:
        """Left's move: play the next card if Left holds it."""
        index = self._next()
        return (self._played(index),) if index >= 0 and self.text[index] == "L" else ()

    def right_options(self) -> tuple[Suit, ...]:
        """Right's move: play the next card if Right holds it."""
        index = self._next()
        return (self._played(index),) if index >= 0 and self.text[index] == "R" else ()

    def __repr__(self) -> str:
        return f"Suit({self.text!r})"


def position(suits: Sequence[str]) -> cgt.Sum:
    """The disjunctive sum of the suits: the whole game as one partizan position.

    >>> position(["0LL", "0R"]).left_options()
    (Sum(Suit('01L'), Suit('0R')),)
    """
    return cgt.Sum(*(Suit(s) for s in suits))
