"""One walk over the subgames of a game, options before the games they are options of, each
subgame once and without recursion (a canonical form shares subgames; its depth may pass
Python's recursion limit): the printer (`cgt.partizan.printing`) and the text measurer
(`cgt.partizan.long_text`) both find their subgames' shapes with it.

>>> order = []
>>> tree = {"g": ("a", "b"), "a": ("b",), "b": ()}
>>> bottom_up("g", order.__contains__, lambda node: tree[node], order.append)
>>> order
['b', 'a', 'g']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["bottom_up"]

_Node = TypeVar("_Node")


def bottom_up(
    root: _Node,
    done: Callable[[_Node], bool],
    parts: Callable[[_Node], Sequence[_Node] | None],
    visit: Callable[[_Node], object],
) -> None:
    """Call ``visit(node)`` for ``root`` and each subgame it needs, the ``parts(node)`` of a
    node first, skipping the nodes ``done`` says are done (``visit`` makes them so).
    ``parts(node)`` returning None means the node needs no parts and is done already (``parts``
    has recorded it, e.g. a game printed by its name)."""
    stack: list[tuple[_Node, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if done(node):
            continue
        if ready:
            visit(node)
            continue
        children = parts(node)
        if children is None:
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in children if not done(child))
