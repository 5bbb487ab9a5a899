"""Evaluate by plain recursion while the line of play is short; deeper, the iterative evaluator.

`cgt.core.memo.evaluate` keeps its own stack of frames, so that a game a million moves deep
needs no recursion and a position that reaches itself is named.  Most games are shallow (a
Domineering board of 30 cells is at most 15 moves deep), and for them a Python call per
position is cheaper than a frame on an explicit stack: in Python 3.11 a call of one Python
function from another needs no C stack.  `evaluate_shallow` recurses up to `RECURSE_UP_TO`
moves; a longer line of play (a deep game, or a loop, whose line never ends) stops the
recursion, and `evaluate` starts again from the root, finding the values computed so far in
the memo.  Same values, same errors, the same memo entries.

>>> from cgt.core.memo import Memo
>>> def chain(n):  # n -> n - 1 -> ... -> 0: the length of the line from n
...     return ([n - 1] if n else []), lambda values: 1 + sum(values)
>>> evaluate_shallow(10, chain, Memo("doctest-short")), evaluate_shallow(5_000, chain,
...     Memo("doctest-long"))
(11, 5001)
"""

from __future__ import annotations

from typing import Any

from cgt.core._collection import pause_collections, resume_collections
from cgt.core.errors import UnhashablePositionError
from cgt.core.memo import _PAUSE_AFTER, Expand, Memo, evaluate

__all__ = ["RECURSE_UP_TO", "evaluate_shallow"]

RECURSE_UP_TO = 200
"""How many moves deep `evaluate_shallow` follows a line of play by recursion."""


class _TooDeep(Exception):
    """The line of play is longer than `RECURSE_UP_TO` moves."""


def evaluate_shallow(root: Any, expand: Expand, memo: Memo[Any]) -> Any:
    """`cgt.core.memo.evaluate`, by recursion while the line of play is at most
    `RECURSE_UP_TO` moves long (values are never ``None``)."""
    try:
        known = memo.table.get(root)
    except TypeError:
        raise UnhashablePositionError(root) from None
    if known is not None:
        return known
    paused = [False]
    try:
        return _recurse(root, expand, memo, paused)
    except _TooDeep:
        return evaluate(root, expand, memo)  # the values found so far are in the memo
    finally:
        if paused[0]:
            resume_collections()


def _recurse(root: Any, expand: Expand, memo: Memo[Any], paused: list[bool]) -> Any:
    table = memo.table
    get = table.get
    until_pause = _PAUSE_AFTER

    def value(position: Any, depth: int) -> Any:
        nonlocal until_pause
        if depth > RECURSE_UP_TO:
            raise _TooDeep
        if until_pause:
            until_pause -= 1
            if not until_pause:
                pause_collections()
                paused[0] = True
        children, combine = expand(position)
        depth += 1
        try:
            values = [k if (k := get(c)) is not None else value(c, depth) for c in children]
        except TypeError:
            for child in children:
                try:
                    hash(child)
                except TypeError:
                    raise UnhashablePositionError(child, position) from None
            raise
        result = combine(values)
        if memo.limit is not None and len(table) >= memo.limit:
            memo._shrink()
        table[position] = result
        return result

    return value(root, 0)
