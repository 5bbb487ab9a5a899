"""The fast paths of `cgt.value`: games defined by `cgt.partizan_game`, and plain position classes.

The generic evaluator (`cgt.core.memo.evaluate`, `cgt.core._shallow`) asks each position how to
split (`components`, `normal_form`), wraps every state of a `cgt.partizan_game` in a position
object, calls the game's function once per side, and gives `make` a list of games, whose ids
it reads one attribute at a time.  Two kinds of position need none of that, and are valued
here on their *nodes*:

* a game defined by a function: the nodes are its states (the argument, or the tuple of
  arguments), hashed and compared in C; the function is called once per state;
* a plain position class: ``left_options()`` and ``right_options()`` are plain functions on the
  class and it has neither ``components`` nor ``normal_form``: the nodes are its positions.

Each kind has its own table from node to the *id* of its value (`_BY_ID` maps ids back to the
games), so the values of a node's options come out of the table as a list of ints, which is the
key of `make`'s table as it is.  Options of another kind (a `cgt.Game`, a `cgt.Sum`, a
position of another class or game) are valued by `cgt.value` itself.  Same results as the
generic evaluator (a test compares them on every position of several games), a fraction of the
overhead.

A node's value is found by plain recursion (a Python call is the cheapest frame) while the line
of play is at most `_RECURSE_UP_TO` moves long; deeper positions, and loops, are left to the
searches without recursion (see `_RECURSE_UP_TO`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from cgt.core._collection import pause_collections, resume_collections
from cgt.core.errors import LoopyGameError
from cgt.core.memo import _PAUSE_AFTER, Memo
from cgt.partizan import _canonical as core
from cgt.positions.decorators import FunctionPosition, GameDefinition
from cgt.positions.protocol import _as_tuple

__all__ = ["class_value", "is_plain_class", "state_value"]

_BY_ID: dict[int, Any] = {}
"""Id -> game, for every id in a node table (and, until `_NodeMemo.room` prunes it, ids that
were there)."""


class _NodeMemo(Memo[Any]):
    """Value ids by kind (a `GameDefinition` or a class), then by node: a lookup hashes the bare
    node only.  Behaves as one `Memo` for ``len``, bounding and clearing."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.by_kind: dict[Any, dict[Any, int]] = {}
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def nodes(self, kind: Any) -> dict[Any, int]:
        table = self.by_kind.get(kind)
        if table is None:
            table = self.by_kind[kind] = {}
        return table

    def room(self, start: bool = False) -> int:
        """How many entries may be added before the bound is reached (shrinking first when
        it is; -1: no bound); `recount` after adding them.  At the ``start`` of an evaluation,
        the games of ids no table refers to any more are forgotten once they are many."""
        self.recount()
        if start and len(_BY_ID) > 2 * max(self.size, 1 << 16):
            self._prune()
        if self.limit is None:
            return -1  # counted down, never back to 0
        if self.size >= self.limit:
            self._shrink()
        return max(self.limit - self.size, 1)

    def recount(self) -> None:
        self.size = sum(map(len, list(self.by_kind.values())))

    def _prune(self) -> None:
        """Forget the games of ids no table refers to any more (entries dropped by `_shrink`),
        when no other evaluation runs (a running one may hold ids in its frames)."""
        if _RUNNING[0] == 1:
            live = {i for table in list(self.by_kind.values()) for i in list(table.values())}
            for i in [i for i in list(_BY_ID) if i not in live]:
                _BY_ID.pop(i, None)

    def _shrink(self) -> None:
        assert self.limit is not None
        keep = self.limit // 2
        for table in list(self.by_kind.values()):
            drop = min(len(table), self.size - keep)
            if drop <= 0:
                break
            for node in list(table)[:drop]:
                table.pop(node, None)
            self.size -= drop

    def clear(self) -> None:
        self.by_kind.clear()
        self.size = 0
        with _RUNNING_LOCK:
            if not _RUNNING[0]:  # (an evaluation running in another thread still needs them)
                _BY_ID.clear()


_NODE_VALUE = _NodeMemo("value-states")
_PLAIN = frozenset({int, str, bytes, tuple, frozenset, bool, type(None)})
_COLLECTIONS = frozenset({list, tuple, set, frozenset})
_MISSING = object()
_RUNNING = [0]
"""Evaluations running here (any thread): `_NodeMemo._prune` runs when only its own does."""
_RUNNING_LOCK = threading.Lock()

_RECURSE_UP_TO = 200
"""Moves deep that the recursion follows a line of play; deeper positions (and loops, which
never end) are valued by `_search_by_frames` (games of a function) or `cgt.core.memo.evaluate`
(plain classes); when they find a loop, the search starts again from the root without
recursion, so that the error names the first loop on the line of play, as it always did."""


class _Ready:
    """An option valued already (a position of another kind): the id of its value."""

    __slots__ = ("value",)

    def __init__(self, game: Any) -> None:
        self.value = _register(game)


def _register(game: Any) -> int:
    _BY_ID[game._id] = game
    return game._id


def _make(ids: list[int], split: int) -> int:
    """The id of ``{ids[:split] | ids[split:]}`` (ids of canonical games) in canonical form."""
    both = tuple(ids)
    key = (both[:split], both[split:])
    result = core._CANONICAL_TABLE.get(key)
    if result is None:
        games = [_BY_ID[i] for i in ids]
        result = core._make(games[:split], games[split:], key)
    rid: int = result._id
    _BY_ID[rid] = result
    return rid


def _evaluation(run: Callable[[list[bool]], int]) -> Any:
    """Run one evaluation (``run(paused)`` gives the root's value id): collections paused once
    it has expanded `_PAUSE_AFTER` nodes (``paused[0]``), the running count kept."""
    paused = [False]
    with _RUNNING_LOCK:
        _RUNNING[0] += 1
    try:
        return _BY_ID[run(paused)]
    finally:
        with _RUNNING_LOCK:
            _RUNNING[0] -= 1
        _NODE_VALUE.recount()
        if paused[0]:
            resume_collections()


# ------------------------------------------------------------------- games of a function


def state_value(position: FunctionPosition, value_of: Callable[[Any], Any]) -> Any:
    """The canonical value of a position of a partizan `GameDefinition` (``value_of`` values
    positions of other kinds)."""
    definition = position.definition
    root = position.args[0] if len(definition.parameters) == 1 else position.args
    known = _NODE_VALUE.nodes(definition).get(root)
    if known is not None:
        return _BY_ID[known]

    def run(paused: list[bool]) -> int:
        try:
            return _recursive_state_value(definition, root, value_of, paused)
        except LoopyGameError:  # name the first loop on a line from the root, as always
            children, split = _children(definition, root, value_of)
            return _search_by_frames(definition, root, children, split, value_of, paused)

    return _evaluation(run)


def _recursive_state_value(
    definition: GameDefinition, root: Any, value_of: Callable[[Any], Any], paused: list[bool]
) -> int:
    """The value id of a state not valued yet, by recursion; a state `_RECURSE_UP_TO` moves
    deep is valued by `_search_by_frames` (a deep game, or a loop, which it names)."""
    memo = _NODE_VALUE
    table = memo.nodes(definition)
    get = table.get
    make = _make
    function = definition.function
    single = len(definition.parameters) == 1
    plain = _PLAIN
    until_pause = _PAUSE_AFTER
    room = memo.room(start=True)  # entries the memo takes before it must shrink

    def value(node: Any, depth: int, parent: Any) -> int:
        nonlocal until_pause, room
        if depth > _RECURSE_UP_TO and (not single or type(node) in plain):
            children, split = _children(definition, node, value_of)
            return _search_by_frames(definition, node, children, split, value_of, paused)
        if single:
            if type(node) not in plain:  # a position of another kind, or a state that is not data
                (moved,) = definition.successors((parent,), [node], "left_options")
                if moved.__class__ is not tuple:
                    return _Ready(value_of(moved)).value
                node = moved[0]
                known = get(node)
                if known is not None:
                    return known
            moves = function(node)
        else:
            moves = function(*node)
        if until_pause:
            until_pause -= 1
            if not until_pause and not paused[0]:
                pause_collections()
                paused[0] = True
        left = right = None
        if single and type(moves) is tuple and len(moves) == 2:
            left, right = moves
            kind, other = type(left), type(right)
            if not ((kind is list or kind is tuple) and (other is list or other is tuple)):
                left = None
        depth += 1
        if left is not None:
            try:
                ids = [
                    k if type(c) in plain and (k := get(c)) is not None else value(c, depth, node)
                    for c in (*left, *right)  # type: ignore[misc]
                ]
            except TypeError:
                _check_hashable(definition, [*left, *right])  # type: ignore[misc]
                raise
            split = len(left)
        else:
            children, split = _children(definition, node, value_of, moves)
            try:
                ids = [
                    c.value
                    if c.__class__ is _Ready
                    else k
                    if (k := get(c)) is not None
                    else value(c, depth, node)
                    for c in children
                ]
            except TypeError:
                _check_hashable(definition, children)
                raise
        result = make(ids, split)
        room -= 1
        if not room:
            room = memo.room()
        table[node] = result
        return result

    return value(root, 0, None)


def _children(
    definition: GameDefinition,
    node: Any,
    value_of: Callable[[Any], Any],
    moves: Any = _MISSING,
) -> tuple[list[Any], int]:
    """The nodes (states) or ready values of a node's options, and how many are Left's.
    ``moves``: the function's answer for the node, when it was called already.

    A node is the state itself for a one-parameter definition, else the tuple of arguments.
    """
    single = len(definition.parameters) == 1
    arity = len(definition.parameters)
    if moves is _MISSING:
        moves = definition.function(node) if single else definition.function(*node)
    if moves.__class__ is not tuple or len(moves) != 2:
        definition.pair((node,) if single else node, moves)  # raises the protocol's error
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


def _check_hashable(definition: GameDefinition, children: list[Any]) -> None:
    """Raise `UnhashablePositionError` for the first unhashable state among ``children``."""
    for child in children:
        if child.__class__ is not _Ready:
            _position(definition, child)  # raises UnhashablePositionError


def _search_by_frames(
    definition: GameDefinition,
    root: Any,
    children: list[Any],
    split: int,
    value_of: Callable[[Any], Any],
    paused: list[bool],
) -> int:
    """The value id of a state not valued yet, without recursion: the values of each state's
    options are kept in its frame on the line of play (a small cache bound cannot drop them),
    and a state that can reach itself raises `LoopyGameError` with the loop."""
    memo = _NODE_VALUE
    table = memo.nodes(definition)
    get = table.get
    ready = _Ready
    until_pause = _PAUSE_AFTER
    room = memo.room()
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
                    known = get(child)
                except TypeError:
                    _position(definition, child)  # raises UnhashablePositionError
                    raise
                if known is None:
                    break
                values.append(known)
            index += 1
        else:
            result = _make(values, split)
            room -= 1
            if not room:
                room = memo.room()
            table[node] = result
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
            if not until_pause and not paused[0]:
                pause_collections()
                paused[0] = True
        grand_children, child_split = _children(definition, child, value_of)
        stack.append([child, grand_children, child_split, []])


# ----------------------------------------------------------------------- plain classes

_PLAIN_CLASS: dict[type, tuple[Any, Any] | None] = {}
"""Per class: its ``left_options`` and ``right_options`` functions when it is a plain position
class (see the module docs), else None."""


def is_plain_class(cls: type) -> bool:
    """Whether positions of ``cls`` are valued by `class_value`."""
    moves = _PLAIN_CLASS.get(cls, _MISSING)
    if moves is _MISSING:
        moves = _PLAIN_CLASS[cls] = _class_moves(cls)
    return moves is not None


def _class_moves(cls: type) -> tuple[Any, Any] | None:
    from types import FunctionType

    from cgt.positions.sums import Sum

    if issubclass(cls, (Sum, FunctionPosition)) or getattr(cls, "loopy", False) is True:
        return None
    if hasattr(cls, "components") or hasattr(cls, "normal_form"):
        return None
    left = getattr(cls, "left_options", None)
    right = getattr(cls, "right_options", None)
    if isinstance(left, FunctionType) and isinstance(right, FunctionType):
        return left, right
    return None


def class_value(
    position: Any, value_of: Callable[[Any], Any], fallback: Callable[[Any], Any]
) -> Any:
    """The canonical value of a position of a plain class (`is_plain_class`); ``value_of``
    values options of other kinds, ``fallback`` (the generic evaluator) finishes a game
    deeper than `_RECURSE_UP_TO` moves or one with a loop."""
    cls = position.__class__
    try:
        known = _NODE_VALUE.nodes(cls).get(position)
    except TypeError:
        return fallback(position)  # (raises UnhashablePositionError)
    if known is not None:
        return _BY_ID[known]
    try:
        return _evaluation(
            lambda paused: _recursive_class_value(position, value_of, fallback, paused)
        )
    except LoopyGameError:  # name the first loop on a line from the root, as always
        return fallback(position)


def _recursive_class_value(
    root: Any,
    value_of: Callable[[Any], Any],
    fallback: Callable[[Any], Any],
    paused: list[bool],
) -> int:
    """The value id of a position of a plain class, by recursion (`_recursive_state_value`);
    a position `_RECURSE_UP_TO` moves deep is valued by ``fallback``."""
    cls = root.__class__
    left_options, right_options = _PLAIN_CLASS[cls]  # type: ignore[misc]
    memo = _NODE_VALUE
    table = memo.nodes(cls)
    get = table.get
    make = _make
    until_pause = _PAUSE_AFTER
    room = memo.room(start=True)

    def value(position: Any, depth: int, parent: Any) -> int:
        nonlocal until_pause, room
        if type(position) is not cls:
            return _register(value_of(position))
        if depth > _RECURSE_UP_TO:
            return _register(fallback(position))
        left = left_options(position)
        if type(left) is not tuple:
            left = _as_tuple(position, "left_options", left)
        right = right_options(position)
        if type(right) is not tuple:
            right = _as_tuple(position, "right_options", right)
        if until_pause:
            until_pause -= 1
            if not until_pause and not paused[0]:
                pause_collections()
                paused[0] = True
        depth += 1
        try:
            ids = [
                k if type(c) is cls and (k := get(c)) is not None else value(c, depth, position)
                for c in left + right
            ]
        except TypeError:
            from cgt.positions.protocol import check_hashable

            for child in left + right:
                check_hashable(child, position)
            raise
        result = make(ids, len(left))
        room -= 1
        if not room:
            room = memo.room()
        table[position] = result
        return result

    return value(root, 0, None)
