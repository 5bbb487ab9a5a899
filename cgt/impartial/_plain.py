"""The plain recursion for Grundy values: the mex over every option, iteratively (any depth),
splitting positions into ``components()`` and sharing one memo entry per ``normal_form()``.

>>> import cgt
>>> @cgt.impartial_game
... def Heap(n):
...     return range(n)
>>> plain_grundy(Heap(3) + Heap(5))
6
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

__all__ = ["plain_grundy"]

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


def plain_grundy(position: Any) -> int:
    """The Grundy value by the plain recursion (`grundy` with ``method="plain"``)."""
    return int(evaluate(position, _expand_decomposed, _GRUNDY))
