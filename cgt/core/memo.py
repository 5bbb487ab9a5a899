"""Bounded memo tables shared across calls, and the iterative evaluator that fills them.

`cgt.grundy` and `cgt.value` remember the value of every position they evaluate, across calls,
in a `Memo`.  Each memo holds at most `limit` entries (default 1,000,000); past that the oldest
half is dropped.  ``cgt.clear_caches()`` empties them all; ``cgt.set_cache_limit(n)`` bounds them
(``None``: unbounded); ``cgt.cache_info()`` reports their sizes.

The evaluator walks the game tree depth-first with an explicit stack, so a game 100,000 moves
deep needs no Python recursion; a position that can reach itself raises `cgt.LoopyGameError`
instead of looping.  While it runs, automatic garbage collection runs less often
(`cgt.core._collection`).

>>> import cgt
>>> cgt.set_cache_limit(10)
>>> cgt.cache_info()["grundy"].limit
10
>>> cgt.set_cache_limit(1_000_000); cgt.clear_caches()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from cgt.core._collection import pause_collections, resume_collections
from cgt.core.errors import (
    InvalidArgumentError,
    LoopyGameError,
    UnhashablePositionError,
    WrongTypeError,
)

__all__ = ["Memo", "MemoInfo", "cache_info", "clear_caches", "evaluate", "set_cache_limit"]

V = TypeVar("V")

DEFAULT_LIMIT = 1_000_000


@attrs.frozen
class MemoInfo:
    """Size and bound of one memo table."""

    size: int
    limit: int | None


class Memo(Generic[V]):
    """A dictionary from positions to values that never grows beyond its limit."""

    _all: ClassVar[dict[str, Memo[Any]]] = {}

    def __init__(self, name: str, limit: int | None = DEFAULT_LIMIT) -> None:
        self.name = name
        self.limit = limit
        self.table: dict[Any, V] = {}
        Memo._all[name] = self

    def __len__(self) -> int:
        return len(self.table)

    def get(self, key: Any, default: Any = None) -> Any:
        return self.table.get(key, default)

    def __contains__(self, key: Any) -> bool:
        return key in self.table

    def __getitem__(self, key: Any) -> V:
        return self.table[key]

    def __setitem__(self, key: Any, value: V) -> None:
        table = self.table
        if self.limit is not None and len(table) >= self.limit:
            self._shrink()
        table[key] = value

    def _shrink(self) -> None:
        assert self.limit is not None
        table = self.table
        keep = self.limit // 2
        drop = len(table) - keep
        for key in list(table)[:drop]:
            table.pop(key, None)  # another thread may be shrinking too: it is gone either way

    def clear(self) -> None:
        self.table.clear()


_AFTER_CLEAR: list[Callable[[], None]] = []
"""Run by `clear_caches` after the memo tables are emptied (the game intern table sweeps the
values that only the caches kept)."""


def after_clear(hook: Callable[[], None]) -> None:
    """Have `clear_caches` call ``hook()`` once the memo tables are empty."""
    _AFTER_CLEAR.append(hook)


def clear_caches() -> None:
    """Forget every memoized value (the values of positions, and of game operations), and the
    interned game values that nothing refers to any more."""
    for memo in Memo._all.values():
        memo.clear()
    for hook in _AFTER_CLEAR:
        hook()


def set_cache_limit(limit: int | None) -> None:
    """Bound every memo table to ``limit`` entries (``None`` removes the bound).

    A bound far below the number of positions a game reaches trades memory for time: values
    dropped from the table are computed again when they are needed again, which can take
    exponentially long on games whose positions share many subpositions.
    """
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
        raise WrongTypeError(f"a cache limit is a positive int or None, got {limit!r}")
    if limit is not None and limit < 1:
        raise InvalidArgumentError(f"a cache limit is a positive int or None, got {limit!r}")
    for memo in Memo._all.values():
        memo.limit = limit
        if limit is not None and len(memo) > limit:
            memo._shrink()


def cache_info() -> dict[str, MemoInfo]:
    """Size and bound of each memo table, by name."""
    return {name: MemoInfo(len(memo), memo.limit) for name, memo in Memo._all.items()}


Expand = Callable[[Any], tuple[Sequence[Any], Callable[[list[Any]], Any]]]


def evaluate(root: Any, expand: Expand, memo: Memo[Any]) -> Any:
    """Evaluate ``root`` bottom-up without recursion.

    ``expand(position)`` returns ``(children, combine)``: the positions whose values are needed,
    and a function from their values (in order) to the value of ``position``.  Values are stored
    in ``memo``.  A position that can reach itself raises `LoopyGameError` with the first
    cycle on the line of play (looked for when the line gets long: `_FIRST_LOOP_CHECK`).
    """
    try:
        known = memo.table.get(root, _MISSING)
    except TypeError:
        raise UnhashablePositionError(root) from None
    if known is not _MISSING:
        return known
    paused = [False]
    try:
        return _search(root, expand, memo, paused)
    finally:
        if paused[0]:
            resume_collections()


_PAUSE_AFTER = 200
"""Automatic garbage collection runs less often (`cgt.core._collection`) once an evaluation has
expanded this many positions: a small one is not worth the switch (about 1.5 µs)."""


def _search(root: Any, expand: Expand, memo: Memo[Any], paused: list[bool]) -> Any:
    """`evaluate` of a root that is not in the memo yet (``paused[0]`` set once collections
    were paused)."""
    table = memo.table
    get = table.get
    limit = memo.limit  # (read once: a new bound applies from the next evaluation)
    until_pause = _PAUSE_AFTER
    children, combine = expand(root)
    # A frame: [position, children, combine, values of the children computed so far].
    stack: list[list[Any]] = [[root, children, combine, []]]
    check_at = _FIRST_LOOP_CHECK
    while True:
        frame = stack[-1]
        position, children, combine, values = frame
        count = len(children)
        done = len(values)
        while done < count:
            child = children[done]
            try:
                known = get(child, _MISSING)
            except TypeError:
                raise UnhashablePositionError(child, position) from None
            if known is _MISSING:
                # A child whose own children are all known is finished at once, without a
                # frame.  (It cannot be on the current line of play: a position equal to one
                # there has the next position of that line, not yet known, among its options.)
                if until_pause:
                    until_pause -= 1
                    if not until_pause:
                        pause_collections()
                        paused[0] = True
                grand_children, child_combine = expand(child)
                child_values = []
                for grand_child in grand_children:
                    try:
                        known = get(grand_child, _MISSING)
                    except TypeError:
                        raise UnhashablePositionError(grand_child, child) from None
                    if known is _MISSING:
                        break
                    child_values.append(known)
                else:
                    known = child_combine(child_values)
                    if limit is not None and len(table) >= limit:
                        memo._shrink()
                    table[child] = known
                    values.append(known)
                    done += 1
                    continue
                break
            values.append(known)
            done += 1
        else:
            value = combine(values)
            if limit is not None and len(table) >= limit:
                memo._shrink()
            table[position] = value
            stack.pop()
            if not stack:
                return value
            stack[-1][3].append(value)
            continue
        if len(stack) >= check_at:
            _raise_if_loop([f[0] for f in stack] + [child])
            check_at *= 2
        stack.append([child, grand_children, child_combine, child_values])


_FIRST_LOOP_CHECK = 512
"""A line of play is searched for a repeated position when it is this long, then each time its
length doubles.  A position that can reach itself makes the line grow without end (none of its
positions ever gets a value), so it is found, at a cost of about one hash per position pushed,
instead of a lookup in a set of the positions on the line at every push."""


def _raise_if_loop(line: list[Any]) -> None:
    """Raise `LoopyGameError` with the first cycle of ``line`` (positions from the root down):
    the one an exact check at every step would have found first."""
    seen: dict[Any, int] = {}
    for j, position in enumerate(line):
        i = seen.get(position)
        if i is not None:
            raise LoopyGameError(line[i : j + 1])
        seen[position] = j


_MISSING = object()
