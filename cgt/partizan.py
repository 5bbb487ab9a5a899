"""Values of partizan positions: `value` maps a position to its canonical `cgt.Game`.

The value of a position is ``{values of its left options | values of its right options}`` in
canonical form.  `value` walks the positions with the iterative evaluator of `cgt.memo` (so a
chain of moves 100,000 deep needs no recursion), remembers every value across calls, and raises
`cgt.LoopyGameError` when a position can reach itself.  A `cgt.Sum` is worth the sum of its
components' values; an impartial position (``options()`` only) is worth the nimber of its
Grundy value; a `cgt.Game` is worth itself.

>>> import cgt
>>> @cgt.partizan_game
... def Hackenbush(edges):
...     '''A blue-red Hackenbush string, bottom first: cutting an edge removes all above it.'''
...     cuts = lambda colour: [edges[:i] for i, c in enumerate(edges) if c == colour]
...     return cuts("L"), cuts("R")
>>> [cgt.value(Hackenbush(s)) for s in ("LL", "LR", "LRR", "RL", "LRL")]
[Game('2'), Game('1/2'), Game('1/4'), Game('-1/2'), Game('3/4')]
>>> cgt.value(cgt.Sum(Hackenbush("LR"), Hackenbush("LR"), Hackenbush("R")))
Game('0')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cgt import _canonical as core
from cgt._deep import deep
from cgt.game import Game
from cgt.impartial import grundy
from cgt.memo import Memo, evaluate
from cgt.position import FunctionPosition, left_options_of, right_options_of
from cgt.sums import Sum

__all__ = ["value"]

_VALUE: Memo[Game] = Memo("value")
_VALUE_PRODUCT: Memo[Game] = Memo("value-product")


def _sum_all(values: list[Game]) -> Game:
    total = core.from_nus((0, 0, 0, 0))
    for v in values:
        total = core.add(total, v)
    return total


def _is_impartial(position: Any) -> bool:
    if isinstance(position, FunctionPosition):
        return not position.definition.partizan
    return not callable(getattr(position, "left_options", None)) and callable(
        getattr(position, "options", None)
    )


def _expand(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    if isinstance(position, Sum):
        return position.components, _sum_all
    return _expand_product(position)


def _moves(position: Any, left: bool) -> tuple[Any, ...]:
    """A player's options; a `Game` inside a `Sum` moves by its own canonical options."""
    if position.__class__ is Game:
        return position.left_options if left else position.right_options
    if isinstance(position, Sum):
        parts = position.components
        return tuple(
            Sum(*parts[:i], option, *parts[i + 1 :])
            for i, part in enumerate(parts)
            for option in _moves(part, left)
        )
    return left_options_of(position) if left else right_options_of(position)


def _expand_product(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    if position.__class__ is Game:
        return (), lambda _values: position
    if _is_impartial(position):
        return (), lambda _values: core.from_nus((0, 0, 0, grundy(position)))
    left = _moves(position, True)
    right = _moves(position, False)
    split = len(left)

    def combine(values: list[Game]) -> Game:
        return core.make(values[:split], values[split:])

    return left + right, combine


@deep
def value(position: Any, *, decompose: bool = True) -> Game:
    """The canonical value of a position, memoized across calls (see the module docs).

    With ``decompose=False`` a `cgt.Sum` is explored through its own options (moves in one
    component at a time) instead of adding its components' values: how the sum law is checked.

    >>> import cgt
    >>> @cgt.partizan_game
    ... def Stairs(n):
    ...     return [n - 1] if n else [], []
    >>> cgt.value(Stairs(10_000)), cgt.value(cgt.Sum(Stairs(3), Stairs(4)))
    (Game('10000'), Game('7'))
    """
    if decompose:
        result = evaluate(position, _expand, _VALUE)
    else:
        result = evaluate(position, _expand_product, _VALUE_PRODUCT)
    if result.__class__ is not Game:
        raise TypeError(f"internal error: value of {position!r} is {result!r}")
    return result
