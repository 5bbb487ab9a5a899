"""The fast path of `cgt.value` for games defined by `cgt.partizan_game`.

The generic evaluator (`cgt.core.memo.evaluate`) wraps every state in a position object, hashes and
compares those objects, and calls the game's function once per side.  For a game defined by a
function, this evaluator works on the *states* themselves: it calls the function once per
state, keys its memo by the plain argument tuple (hashed and compared in C), and only builds a
position object to report an error.  Same results (a test compares the two on every position
of several games), a fraction of the overhead.  States that are positions of some other kind
(another game, a `cgt.Sum`, a `cgt.Game`) are valued by `cgt.value` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cgt.core._collection import pause_collections, resume_collections
from cgt.core.errors import LoopyGameError
from cgt.core.memo import _PAUSE_AFTER, Memo
from cgt.partizan import _canonical as core
from cgt.positions.decorators import FunctionPosition, GameDefinition

__all__ = ["state_value"]


class _StateMemo(Memo[Any]):
    """Values by definition, then by state: a lookup hashes the bare state only.

    Behaves as a `Memo` of ``(definition, state)`` keys for ``len``, bounding and clearing.
    """

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.by_definition: dict[GameDefinition, dict[Any, Any]] = {}
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def states(self, definition: GameDefinition) -> dict[Any, Any]:
        table = self.by_definition.get(definition)
        if table is None:
            table = self.by_definition[definition] = {}
        return table

    def store(self, table: dict[Any, Any], state: Any, value: Any) -> None:
        if self.limit is not None and self.size >= self.limit:
            self._shrink()
        table[state] = value
        self.size += 1

    def _shrink(self) -> None:
        assert self.limit is not None
        keep = self.limit // 2
        for table in self.by_definition.values():
            drop = min(len(table), self.size - keep)
            if drop <= 0:
                break
            for state in list(table)[:drop]:
                del table[state]
            self.size -= drop

    def clear(self) -> None:
        self.by_definition.clear()
        self.size = 0


_STATE_VALUE = _StateMemo("value-states")
_PLAIN = frozenset({int, str, bytes, tuple, frozenset, bool, type(None)})
_MISSING = object()


def _children(
    definition: GameDefinition,
    node: Any,
    value_of: Callable[[Any], Any],
) -> tuple[list[Any], int]:
    """The nodes (states) or ready values of a node's options, and how many are Left's.

    A node is the state itself for a one-parameter definition, else the tuple of arguments.
    """
    single = len(definition.parameters) == 1
    moves = definition.function(node) if single else definition.function(*node)
    if moves.__class__ is not tuple or len(moves) != 2:
        definition.pair((node,) if single else node, moves)  # raises the protocol's error
    arity = len(definition.parameters)
    result: list[Any] = []
    left_count = 0
    for side, states in enumerate(moves):
        kind = states.__class__
        if kind is list or kind is tuple or kind is set or kind is frozenset:
            if single:
                plain = [s for s in states if s.__class__ in _PLAIN]
            else:
                plain = [s for s in states if s.__class__ is tuple and len(s) == arity]
            if len(plain) == len(states):
                result += plain  # the usual case: every option is a plain state
                if side == 0:
                    left_count = len(result)
                continue
        # anything else a game function may return: positions, other iterables, other states
        what = "left_options" if side == 0 else "right_options"
        for moved in definition.successors((node,) if single else node, states, what):
            if moved.__class__ is tuple:  # a state of this game
                result.append(moved[0] if single else moved)
            else:  # a position of another kind
                result.append(_Ready(value_of(moved)))
        if side == 0:
            left_count = len(result)
    return result, left_count


def _position(definition: GameDefinition, node: Any) -> FunctionPosition:
    """The position of a node, for error messages (or to raise the error of a bad state)."""
    return definition(node) if len(definition.parameters) == 1 else definition(*node)


class _Ready:
    """An option already valued (a position of another kind)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def state_value(position: FunctionPosition, value_of: Callable[[Any], Any]) -> Any:
    """The canonical value of a position of a partizan `GameDefinition`, without recursion."""
    definition = position.definition
    root = position.args[0] if len(definition.parameters) == 1 else position.args
    known = _STATE_VALUE.states(definition).get(root, _MISSING)
    if known is not _MISSING:
        return known
    children, split = _children(definition, root, value_of)
    paused = [False]
    try:
        return _search(definition, root, children, split, value_of, paused)
    finally:
        if paused[0]:
            resume_collections()


def _search(
    definition: GameDefinition,
    root: Any,
    children: list[Any],
    split: int,
    value_of: Callable[[Any], Any],
    paused: list[bool],
) -> Any:
    """`state_value` of a root not valued yet (``paused[0]`` set once collections were paused,
    after `_PAUSE_AFTER` positions, as `cgt.core.memo.evaluate` does)."""
    table = _STATE_VALUE.states(definition)
    get = table.get
    store = _STATE_VALUE.store
    make = core.make
    ready = _Ready
    until_pause = _PAUSE_AFTER
    # Frames: [node, children, left count, values so far]; on_path maps nodes to frame index.
    stack: list[list[Any]] = [[root, children, split, []]]
    on_path: dict[Any, int] = {root: 0}
    while True:
        node, children, split, values = stack[-1]
        index = len(values)
        count = len(children)
        while index < count:
            child = children[index]
            if child.__class__ is ready:
                values.append(child.value)
            else:
                try:
                    known = get(child, _MISSING)
                except TypeError:
                    _position(definition, child)  # raises UnhashablePositionError
                    raise
                if known is _MISSING:
                    break
                values.append(known)
            index += 1
        else:
            result = make(values[:split], values[split:])
            store(table, node, result)
            stack.pop()
            del on_path[node]
            if not stack:
                return result
            stack[-1][3].append(result)
            continue
        if child in on_path:
            path = [f[0] for f in stack[on_path[child] :]] + [child]
            raise LoopyGameError([_position(definition, n) for n in path])
        on_path[child] = len(stack)
        if until_pause:
            until_pause -= 1
            if not until_pause:
                pause_collections()
                paused[0] = True
        grand_children, child_split = _children(definition, child, value_of)
        stack.append([child, grand_children, child_split, []])
