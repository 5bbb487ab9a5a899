"""Wythoff's game: two heaps; take any number from one heap, or the same number from both.

Wythoff (1907): the P-positions (the player to move loses) are ``(a_k, b_k)`` and ``(b_k, a_k)``
with ``a_k = floor(k * phi)``, ``b_k = floor(k * phi**2) = a_k + k``, ``phi = (1 + sqrt 5) / 2``.
No float is used: ``k * phi = (k + sqrt(5 k**2)) / 2`` and ``sqrt(5 k**2)`` is irrational for
``k > 0``, so ``floor(k * phi) = (k + isqrt(5 * k * k)) // 2`` exactly, for any size of ``k``.
The Grundy values have no known closed form; they come from the generic recursion.

>>> from games.nim import Wythoff, wythoff_pair, is_wythoff_p_position
>>> [wythoff_pair(k) for k in range(5)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> is_wythoff_p_position(5, 3), is_wythoff_p_position(5, 4)
(True, False)
>>> import cgt
>>> cgt.grundy(Wythoff(5, 3)), cgt.grundy(Wythoff(2, 2))
(0, 1)
"""

from __future__ import annotations

from math import isqrt

import attrs

import cgt
from games.nim._errors import InvalidArgumentError, InvalidRulesError, WrongTypeError

__all__ = ["Wythoff", "is_wythoff_p_position", "wythoff_grundy_table", "wythoff_pair"]


def _size(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongTypeError(f"a Wythoff heap size is an int, got {value!r}")
    if value < 0:
        raise InvalidRulesError(f"a Wythoff heap size is non-negative, got {value}")
    return value


def wythoff_pair(k: int) -> tuple[int, int]:
    """``(floor(k*phi), floor(k*phi**2))``, exactly, with integers only."""
    k = _size(k)
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def is_wythoff_p_position(x: int, y: int) -> bool:
    """Whether ``(x, y)`` is a P-position, by Wythoff's closed form."""
    a, b = sorted((_size(x), _size(y)))
    return wythoff_pair(b - a)[0] == a


@attrs.frozen
class Wythoff(cgt.Position):
    """A position of Wythoff's game: heaps of ``x`` and ``y`` tokens."""

    x: int = attrs.field(converter=_size)
    y: int = attrs.field(converter=_size)

    def options(self) -> tuple[Wythoff, ...]:
        x, y = self.x, self.y
        return (
            *(Wythoff(x - k, y) for k in range(1, x + 1)),
            *(Wythoff(x, y - k) for k in range(1, y + 1)),
            *(Wythoff(x - k, y - k) for k in range(1, min(x, y) + 1)),
        )

    def is_p_position(self) -> bool:
        """Wythoff's closed form for ``grundy == 0``."""
        return is_wythoff_p_position(self.x, self.y)


def wythoff_grundy_table(size: int) -> list[list[int]]:
    """``table[x][y]`` = Grundy value of ``Wythoff(x, y)`` for ``x, y < size``, by recursion.

    >>> wythoff_grundy_table(3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    if not isinstance(size, int) or size < 0:
        raise InvalidArgumentError(f"a table size is a non-negative int, got {size!r}")
    return [[cgt.grundy(Wythoff(x, y)) for y in range(size)] for x in range(size)]
