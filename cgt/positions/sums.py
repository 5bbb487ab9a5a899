"""Disjunctive sums of positions.

In the sum ``G + H`` a player moves in exactly one component of their choice; the player who
cannot move in any component loses.  For impartial games the Grundy value of a sum is the xor of
the components' values (Sprague-Grundy); for partizan games the value of a sum is the sum of
the values.  `cgt.grundy` and `cgt.value` use those laws instead of exploring the (much larger)
game tree of the sum, unless told not to (``decompose=False``).

>>> import cgt
>>> @cgt.impartial_game
... def Heap(n):
...     return range(n)
>>> s = cgt.Sum(Heap(1), Heap(2))
>>> s.options()
(Sum(Heap(0), Heap(2)), Sum(Heap(1), Heap(0)), Sum(Heap(1), Heap(1)))
>>> cgt.grundy(s), cgt.grundy(s, decompose=False)
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cgt.core.errors import NotAPositionError, _short_repr
from cgt.positions.protocol import (
    check_hashable,
    is_position,
    left_options_of,
    options_of,
    right_options_of,
)

__all__ = ["Position", "Sum"]


class Position:
    """Optional base class for positions: gives ``p + q`` as the disjunctive `Sum`, with another
    position on either side, or a number (an int or dyadic Fraction, taken as its `cgt.Game`;
    ``p + 0`` is ``p``, so ``sum(positions)`` is their sum).
    """

    __slots__ = ()

    def __add__(self, other: Any) -> Any:
        if other.__class__ is int and other == 0:
            return self  # so that sum(positions) works and p + 0 is p
        return Sum(self, _summand(self, other))

    def __radd__(self, other: Any) -> Any:
        if other.__class__ is int and other == 0:
            return self
        return Sum(_summand(self, other), self)


#: turns a number into the `cgt.Game` of that value; set by `cgt.partizan` (a layer above)
_NUMBER_AS_GAME: list[Callable[[Any], Any]] = []


def _summand(position: Any, other: Any) -> Any:
    """What ``other`` adds to ``position`` as: itself if it is a position, the game of a number,
    else a `NotAPositionError` that says what was added."""
    if isinstance(other, (int, Fraction)) and not isinstance(other, bool) and _NUMBER_AS_GAME:
        return _NUMBER_AS_GAME[0](other)
    if isinstance(other, Sum) or is_position(other):
        return other
    raise NotAPositionError(
        f"cannot add {_short_repr(other)} (type {type(other).__name__}) to "
        f"{_short_repr(position)}: a sum's parts are positions, cgt.Game values or numbers"
    )


class Sum(Position):
    """The disjunctive sum of positions (impartial, partizan, or a mix).

    Nested sums are flattened: ``Sum(a, Sum(b, c)) == Sum(a, b, c)``.  The empty sum is the
    zero game.  A sum is itself a position with ``options()``, ``left_options()`` and
    ``right_options()``, each moving in exactly one component.
    """

    __slots__ = ("_hash", "components")

    def __init__(self, *components: Any) -> None:
        flat: list[Any] = []
        for component in components:
            if isinstance(component, Sum):
                flat.extend(component.components)
            else:
                check_hashable(component)
                flat.append(component)
        self.components: tuple[Any, ...] = tuple(flat)
        self._hash = hash((Sum, self.components))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and other.components == self.components

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.components))})"

    def __len__(self) -> int:
        return len(self.components)

    def _moves(self, moves_of: Callable[[Any], tuple[Any, ...]]) -> tuple[Sum, ...]:
        result = []
        for index, component in enumerate(self.components):
            before, after = self.components[:index], self.components[index + 1 :]
            for option in moves_of(component):
                result.append(Sum(*before, option, *after))
        return tuple(result)

    def options(self) -> tuple[Sum, ...]:
        """Every move in exactly one (impartial) component."""
        return self._moves(options_of)

    def left_options(self) -> tuple[Sum, ...]:
        """Every move of Left in exactly one component."""
        return self._moves(left_options_of)

    def right_options(self) -> tuple[Sum, ...]:
        """Every move of Right in exactly one component."""
        return self._moves(right_options_of)
