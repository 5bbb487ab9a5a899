"""Grundy values of impartial positions.

The Grundy value of a position is the mex of the Grundy values of its options; a position is a
P-position (the player to move loses) exactly when its Grundy value is 0.  By the
Sprague-Grundy theorem every impartial game equals the nimber of its Grundy value, and the value
of a sum is the xor (nim-sum) of the values of its components.

>>> import cgt
>>> @cgt.impartial_game
... def Take123(n):
...     return [n - k for k in (1, 2, 3) if k <= n]
>>> [cgt.grundy(Take123(n)) for n in range(9)]
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> cgt.is_p_position(Take123(8))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import Any

from cgt.core.memo import Memo, evaluate
from cgt.impartial.nimber import mex
from cgt.positions.protocol import normal_form_of, options_of, split_components
from cgt.positions.sums import Sum

__all__ = ["grundy", "is_p_position"]

_GRUNDY: Memo[int] = Memo("grundy")
_GRUNDY_PRODUCT: Memo[int] = Memo("grundy-product")


def _xor_all(values: list[int]) -> int:
    return reduce(xor, values, 0)


def _first(values: list[int]) -> int:
    return values[0]


def _expand_decomposed(position: Any) -> tuple[Sequence[Any], Any]:
    if isinstance(position, Sum):
        return position.components, _xor_all
    parts = split_components(position)
    if parts is not None:
        return parts, _xor_all
    normal = normal_form_of(position)
    if normal is not None:  # -G = G for an impartial game: the sign does not matter
        return (normal[0],), _first
    return options_of(position), mex


def _expand_product(position: Any) -> tuple[Sequence[Any], Any]:
    return options_of(position), mex


def grundy(position: Any, *, decompose: bool = True) -> int:
    """The Grundy value of an impartial position, memoized across calls.

    With ``decompose=True`` (the default) a `cgt.Sum` is evaluated as the xor of its components'
    values; ``decompose=False`` explores the options of the sum itself, which is how the xor law
    is checked.  Raises `cgt.LoopyGameError` if a position can reach itself,
    `cgt.UnhashablePositionError` for an unhashable position, and `cgt.NotAPositionError` for an
    object without ``options()``.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Chain(n):
    ...     return [n - 1] if n else []
    >>> cgt.grundy(Chain(100_000))
    0
    """
    if decompose:
        return int(evaluate(position, _expand_decomposed, _GRUNDY))
    return int(evaluate(position, _expand_product, _GRUNDY_PRODUCT))


def is_p_position(position: Any) -> bool:
    """Whether the player to move loses (normal play): the Grundy value is 0."""
    return grundy(position) == 0
