"""Loopy positions: the game graph of a user's positions, its value and its outcome.

`cgt.value` refuses a position that can reach itself (`cgt.LoopyGameError`), because a cycle in
a game meant to be short is usually a bug in its rules.  Loopy play is asked for explicitly:

* ``cgt.loopy_value(position)`` explores every position reachable from ``position`` (breadth
  first, no recursion) and returns the value of the graph: a `cgt.Game` if no position repeats,
  else a `cgt.LoopyGame`;
* a position class with the class attribute ``loopy = True`` opts in for `cgt.outcome`, which
  then solves it by retrograde analysis and may answer a draw (`cgt.Outcome.D` and friends).

>>> import cgt
>>> class Walk:
...     '''A token on 0..n: Left steps up, Right steps down (not from 0); n ends the game.'''
...     loopy = True
...     def __init__(self, at, n):
...         self.at, self.n = at, n
...     def __eq__(self, other):
...         return (self.at, self.n) == (other.at, other.n)
...     def __hash__(self):
...         return hash((self.at, self.n))
...     def left_options(self):
...         return [Walk(self.at + 1, self.n)] if self.at < self.n else []
...     def right_options(self):
...         return [Walk(self.at - 1, self.n)] if 0 < self.at < self.n else []
>>> cgt.outcome(Walk(1, 3)), cgt.loopy_value(Walk(1, 3))
(<Outcome.D: 'D'>, LoopyGame('2 & -1'))
"""

from __future__ import annotations

from typing import Any

from cgt.core.errors import InvalidArgumentError
from cgt.loopy import game as _game
from cgt.loopy._retrograde import Graph, explore
from cgt.loopy.errors import GraphTooLargeError
from cgt.loopy.game import LoopyGame
from cgt.partizan import _extensions
from cgt.partizan.game import Game
from cgt.partizan.outcomes import Outcome
from cgt.positions.protocol import check_hashable, left_options_of, right_options_of

__all__ = ["GraphTooLargeError", "loopy_outcome", "loopy_value", "position_graph"]

DEFAULT_MAX_POSITIONS = 5_000_000


def position_graph(position: Any, *, max_positions: int | None = DEFAULT_MAX_POSITIONS) -> Graph:
    """The positions reachable from ``position`` (``position`` first) and the Left and Right
    edges between them, explored breadth first.

    >>> nodes, left, right = position_graph(Game("*"))
    >>> nodes, left, right
    ([Game('*'), Game('0')], [[1], []], [[1], []])
    """
    if max_positions is not None and (not isinstance(max_positions, int) or max_positions < 1):
        raise InvalidArgumentError(
            f"max_positions must be a positive int or None, not {max_positions!r}"
        )
    check_hashable(position)
    graphs: list[tuple[list[list[int]], list[list[int]]]] = []
    seen = [0]

    def key_of(option: Any, parent: Any) -> Any:
        if isinstance(option, LoopyGame):
            graphs.append((option._left, option._right))
            return (_Embedded, len(graphs) - 1, 0)
        check_hashable(option, parent)
        return option

    def expand(node: Any) -> tuple[list[Any], list[Any]]:
        seen[0] += 1
        if max_positions is not None and seen[0] > max_positions:
            raise GraphTooLargeError(
                f"the position {position!r} reaches more than {max_positions} positions; pass a "
                "larger max_positions (or None) to explore further"
            )
        if isinstance(node, tuple) and len(node) == 3 and node[0] is _Embedded:
            left, right = graphs[node[1]]
            return (
                [(_Embedded, node[1], w) for w in left[node[2]]],
                [(_Embedded, node[1], w) for w in right[node[2]]],
            )
        return (
            [key_of(option, node) for option in left_options_of(node)],
            [key_of(option, node) for option in right_options_of(node)],
        )

    return explore(key_of(position, None), expand)


class _Embedded:
    """Marks the nodes of a `LoopyGame` met as an option among positions."""


def loopy_value(
    position: Any, *, max_positions: int | None = DEFAULT_MAX_POSITIONS
) -> Game | LoopyGame:
    """The value of a position whose play may repeat: a `cgt.Game` if it is short, else a
    `cgt.LoopyGame` (in simplest form if it is a small stopper).

    >>> import cgt
    >>> @cgt.partizan_game
    ... def Pass(n):
    ...     '''n tokens; Left may take one, or pass while any remain.'''
    ...     return ([n - 1, n] if n else []), []
    >>> cgt.loopy_value(Pass(0)), cgt.loopy_value(Pass(2))
    (Game('0'), LoopyGame('on'))
    """
    if isinstance(position, (Game, LoopyGame)):
        return position
    _, left, right = position_graph(position, max_positions=max_positions)
    return _game._value_of_graph(left, right, 0)


def loopy_outcome(position: Any, *, max_positions: int | None = DEFAULT_MAX_POSITIONS) -> Outcome:
    """The outcome of a loopy game or position by retrograde analysis: draws included.

    >>> import cgt
    >>> loopy_outcome(cgt.parse("tisn")), loopy_outcome(cgt.parse("over"))
    (<Outcome.RD: 'RD'>, <Outcome.L: 'L'>)
    """
    if isinstance(position, LoopyGame):
        return position.outcome
    _, left, right = position_graph(position, max_positions=max_positions)
    return _game._outcome_of(left, right)


_extensions.provide(loopy_outcome=loopy_outcome)
