"""The nimber of one large impartial position, by search (Lemoine and Viennot; Beling and
Rogalski), instead of the Grundy value of every position it reaches.

The plain recursion (`cgt.grundy`'s ``method="plain"``) computes the mex over the values of
*all* options, so it visits the whole game tree below the position (up to symmetry).  The
search decides questions ``"is the nimber of G equal to k?"``, which is the normal-play outcome
of ``G + *k`` (a P-position exactly when ``G`` has nimber ``k``), and stops at the first
witness:

* ``nimber(G)`` is the least ``k`` such that no option has nimber ``k``: for ``k = 0, 1, ...``
  it looks for *one* option of nimber ``k`` and stops at the first ``k`` with none;
* ``has(G, k)``: ``G`` has nimber ``k`` iff no option has nimber ``k`` and every smaller value
  is the nimber of an option.  The first half is tried first, and one option of nimber ``k``
  refutes it (*refutation*: the rest of the options are never looked at).  Only when no option
  refutes it is the exact nimber computed (it is then at most ``k``);
* an option is a sum of components (``components()``): its nimber is the xor of theirs.  The
  components whose nimber is known are folded into ``k`` (``has(A + B, k) = has(A, k xor
  nim(B))``, Sprague-Grundy), the others but the largest are computed exactly, and the question
  goes on for the largest alone (Lemoine and Viennot's rule: nimbers of small components are
  cheap and make the search of sums unnecessary);
* pruning by bounds (Beling and Rogalski): a position with ``m`` options has a nimber at most
  ``m`` (a mex of ``m`` values), so ``has(G, k)`` is false at once for ``k > m``; a ruleset may
  give a sharper bound with ``nimber_bound()`` (e.g. half the empty cells of a Cram board, the
  longest possible play); options are tried in an order that finds refutations early
  (options already solved first);
* a transposition table keyed by each component's ``normal_form()`` holds exact nimbers and, for
  the others, the values already refuted (a bit mask), so no question is asked twice.

Every step is an equivalence of the Sprague-Grundy theory, so the answer is exact; the tests
compare it with the plain recursion on every position up to a size and on random positions.

>>> import cgt
>>> @cgt.impartial_game
... def Kayles(n):
...     return [Kayles(a) + Kayles(n - k - a) for k in (1, 2) if k <= n
...             for a in range((n - k) // 2 + 1)]
>>> solver = cgt.NimberSearch()
>>> [solver.nimber(Kayles(n)) for n in range(12)]
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> solver.has_nimber(Kayles(11), 6), solver.has_nimber(Kayles(11), 2)
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs

from cgt.core._registry import lookup, register
from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.core.memo import after_clear
from cgt.core.runner import run_chunks
from cgt.impartial._plain import plain_grundy
from cgt.impartial.nimber import mex
from cgt.positions.protocol import normal_form_of, options_of, split_components
from cgt.positions.sums import Sum

__all__ = [
    "DEFAULT_TABLE_LIMIT",
    "NimberSearch",
    "SearchInterrupted",
    "SearchStats",
    "nimber_search",
    "nimber_search_for",
    "nimber_split",
    "register_nimber_search",
]

DEFAULT_TABLE_LIMIT = 4_000_000
"""Entries of the transposition table (exact nimbers plus refuted values) before its older half
is dropped: about 1 GB with Cram boards of 30-40 cells, boards included."""

_MAX_DEPTH = 120
"""Below this many nested questions the search hands a component to the plain (iterative)
recursion, so a game thousands of moves deep never meets Python's recursion limit."""

_REPORT_EVERY = 4096
"""Positions expanded between two calls of the progress callback."""


class SearchInterrupted(CGTError, KeyboardInterrupt):
    """Ctrl-C stopped a nimber search.  ``stats`` says how far it got; the solver keeps its
    table, so asking again continues from what it learnt."""

    def __init__(self, stats: SearchStats) -> None:
        self.stats = stats
        super().__init__(
            f"nimber search interrupted after {stats.expanded:,} positions "
            f"({stats.table_size:,} in the table, {stats.seconds:.1f} s); the solver keeps its "
            "table: ask again to continue"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.stats,))


@attrs.frozen
class SearchStats:
    """How far a search got: positions expanded (their options generated), questions asked
    (``has``), refutations found, entries of the table, times it was halved, seconds."""

    expanded: int
    questions: int
    refutations: int
    table_size: int
    table_drops: int
    seconds: float
    root_nimber_tested: int | None = None
    """The value ``k`` the root is being tested against (for the progress display)."""


Progress = Callable[[SearchStats], None]


class NimberSearch:
    """A nimber solver with its transposition table (kept across calls on one solver).

    ``table_limit`` bounds the table (entries); when it is reached the older half is dropped:
    answers stay exact, only work may be repeated.  ``progress(stats)`` is called every few
    thousand positions (`cgt.grundy` and ``cgt value`` pass a rich display).
    """

    name = "generic search"
    """How ``cgt nimber`` names this solver (a ruleset's own search has its own name)."""

    def __init__(
        self, *, table_limit: int | None = DEFAULT_TABLE_LIMIT, progress: Progress | None = None
    ) -> None:
        self.check_settings(table_limit, progress)
        self.table_limit = table_limit
        self.progress = progress
        self._exact: dict[Any, int] = {}
        self._refuted: dict[Any, int] = {}
        self._options: dict[Any, tuple[Any, ...]] = {}
        self._parts: dict[Any, tuple[tuple[Any, ...], int]] = {}
        self._splits: dict[Any, list[tuple[tuple[Any, ...], int]]] = {}
        self._expanded = 0
        self._questions = 0
        self._refutations = 0
        self._drops = 0
        self._started = time.perf_counter()
        self._root_k: int | None = None
        self._next_report = _REPORT_EVERY

    @staticmethod
    def check_settings(table_limit: Any, progress: Any) -> None:
        """Raise a named error unless ``table_limit`` is None or an int of at least 16 and
        ``progress`` is None or callable (shared by the searches of rulesets,
        `register_nimber_search`)."""
        if table_limit is not None and (
            not isinstance(table_limit, int) or isinstance(table_limit, bool) or table_limit < 16
        ):
            raise InvalidArgumentError(
                f"table_limit is an int of at least 16 (or None), got {table_limit!r}"
            )
        if progress is not None and not callable(progress):
            raise WrongTypeError(f"progress is a function of SearchStats, got {progress!r}")

    # --- public ---------------------------------------------------------------------------------
    def nimber(self, position: Any) -> int:
        """The nimber (Grundy value) of an impartial position or `cgt.Sum`."""
        with self._interruptible():
            parts, x = self._split(position)
            for part in parts:
                x ^= self._nimber(part, 0)
            return x

    def has_nimber(self, position: Any, k: int) -> bool:
        """Whether the position has nimber ``k``: whether ``position + *k`` is a P-position."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise InvalidArgumentError(f"a nimber is a non-negative int, got {k!r}")
        with self._interruptible():
            parts, x = self._split(position)
            if not parts:
                return x == k
            *small, big = parts
            for part in small:
                x ^= self._nimber(part, 0)
            return self._in_set(big, 1 << (k ^ x), 0) == k ^ x

    @property
    def stats(self) -> SearchStats:
        """How far the searches of this solver got."""
        return SearchStats(
            self._expanded,
            self._questions,
            self._refutations,
            len(self._exact) + len(self._refuted),
            self._drops,
            time.perf_counter() - self._started,
            self._root_k,
        )

    def clear(self) -> None:
        """Forget the table."""
        for table in (self._exact, self._refuted, self._options, self._parts, self._splits):
            table.clear()

    # --- the search -----------------------------------------------------------------------------
    def _interruptible(self) -> _Interruptible:
        return _Interruptible(self)

    def _split(self, position: Any) -> tuple[tuple[Any, ...], int]:
        """``(parts, x)``: the components of ``position`` with at least one move, each its normal
        form's representative, whose nimbers are not known; ``x`` the xor of the known ones."""
        known = self._parts.get(position)
        if known is not None:
            return known
        parts: list[Any] = []
        x = 0
        todo = [position]
        while todo:
            item = todo.pop()
            if isinstance(item, Sum):
                todo.extend(item.components)
                continue
            if item is position:
                split = split_components(item)
                if split is not None:
                    todo.extend(split)  # (each part is one component: not split again)
                    continue
            normal = normal_form_of(item)
            rep = item if normal is None else normal[0]
            value = self._exact.get(rep)
            if value is not None:
                x ^= value
            else:
                parts.append(rep)
        result = tuple(parts), x
        if not isinstance(position, Sum):
            if len(self._parts) >= 1 << 18:
                self._parts.clear()
            self._parts[position] = result
        return result

    def _options_of(self, rep: Any) -> tuple[Any, ...]:
        options = self._options.get(rep)
        if options is None:
            options = options_of(rep)
            if len(self._options) >= 1 << 16:
                self._options.clear()
            self._options[rep] = options
            self._expanded += 1
            if self._expanded >= self._next_report:
                self._next_report = self._expanded + _REPORT_EVERY
                self._report()
        return options

    def _report(self) -> None:
        limit = self.table_limit
        if limit is not None and len(self._exact) + len(self._refuted) >= limit:
            self._drop()
        if self.progress is not None:
            self.progress(self.stats)

    def _drop(self) -> None:
        """Halve the table: the refuted values first, then the older half of the exact ones."""
        self._drops += 1
        assert self.table_limit is not None
        self._refuted.clear()
        if len(self._exact) >= self.table_limit // 2:
            keys = list(self._exact)
            for key in keys[: len(keys) // 2]:
                del self._exact[key]
        self._parts.clear()

    def _moves(self, rep: Any) -> list[tuple[tuple[Any, ...], int]]:
        """The options of ``rep``, each split into its unsolved components and the xor of the
        solved ones (cached: the solved parts are folded in again when a move is used)."""
        moves = self._splits.get(rep)
        if moves is None:
            moves = [self._split(option) for option in self._options_of(rep)]
            if len(self._splits) >= 1 << 17:
                self._splits.clear()
            self._splits[rep] = moves
        return moves

    def _fold(self, move: tuple[tuple[Any, ...], int]) -> tuple[list[Any], int]:
        """The unsolved parts of a move and the xor of the nimbers of its solved ones."""
        parts, x = move
        exact = self._exact
        unknown = []
        for part in parts:
            value = exact.get(part)
            if value is None:
                unknown.append(part)
            else:
                x ^= value
        return unknown, x

    def _difficulty(self, move: tuple[tuple[Any, ...], int]) -> int:
        """How hard a move looks: the sum of the squared numbers of options of its unsolved
        parts (Beling's "less moves first" order: easy moves are searched first)."""
        exact = self._exact
        return sum(len(self._options_of(p)) ** 2 for p in move[0] if p not in exact)

    def _move_in_set(self, move: tuple[tuple[Any, ...], int], wanted: int, depth: int) -> int:
        """The nimber of a move (a sum of components) if it is in the set ``wanted`` (a bit
        mask), else -1 (or its nimber all the same, when that was found)."""
        unknown, x = self._fold(move)
        if not unknown:
            return x
        if len(unknown) > 1:
            # Lemoine-Viennot: the small components' nimbers exactly, the largest by search
            unknown.sort(key=lambda p: len(self._options_of(p)))
            for part in unknown[:-1]:
                x ^= self._in_set(part, -1, depth)
        value = self._in_set(unknown[-1], _xor_set(wanted, x), depth)
        return -1 if value < 0 else value ^ x

    def _in_set(self, rep: Any, wanted: int, depth: int) -> int:
        """The nimber of the single component ``rep`` if it is in ``wanted`` (a bit mask; -1:
        every value), else -1 (Beling and Rogalski's ``nimber_in_set``).

        ``possible`` starts as ``{0 .. m}`` for ``m`` options (the mex is at most ``m``); each
        option's nimber ``v`` takes ``v`` out of it, or its largest element when ``v`` is not in
        it; after every option the one element left is the mex.  An option is asked only
        about the values that still matter (``possible`` less its largest element, up to the
        largest wanted value): if its nimber is none of them, taking out the largest element
        keeps the answer wherever it is wanted.  As soon as no wanted value is possible, the
        answer is -1."""
        exact = self._exact
        value = exact.get(rep)
        if value is not None:
            return value
        refuted = self._refuted.get(rep, 0)
        wanted &= ~refuted
        if not wanted:
            return -1
        self._questions += 1
        if depth >= _MAX_DEPTH:
            value = exact[rep] = plain_grundy(rep)
            return value
        moves = self._moves(rep)
        possible = (1 << (len(moves) + 1)) - 1
        if wanted < 0:
            wanted = possible
        upto = (1 << wanted.bit_length()) - 1
        pending = []
        for move in moves:  # the solved moves first (Beling's enhanced transposition cutoff)
            unknown, x = self._fold(move)
            if unknown:
                pending.append(move)
            else:
                possible = _take(possible, x)
        if len(pending) > 1:
            pending.sort(key=self._difficulty)
        complete = True
        for move in pending:
            if not possible & wanted:
                break
            top = 1 << (possible.bit_length() - 1)
            v = self._move_in_set(move, (possible ^ top) & upto, depth + 1)
            if v < 0:
                possible ^= top
                complete = False
            else:
                possible = _take(possible, v)
        else:
            if complete or possible & upto:
                value = exact[rep] = possible.bit_length() - 1
                self._refuted.pop(rep, None)
                return value
        self._refutations += 1
        self._refuted[rep] = refuted | wanted
        return -1

    def _nimber(self, rep: Any, depth: int) -> int:
        """The nimber of the single component ``rep``: the least ``k`` that no option has,
        found by asking each option "is your nimber k?" for ``k = 0, 1, ...`` (the aspiration
        method of Beling and Rogalski: a narrow question prunes the most)."""
        value = self._exact.get(rep)
        if value is not None:
            return value
        if depth > 0:
            return self._in_set(rep, -1, depth)
        moves = list(self._moves(rep))
        found = 0  # values known to be some option's nimber
        k = 0
        while True:
            self._root_k = k
            if not found >> k & 1:
                index = 0
                while index < len(moves):
                    v = self._move_in_set(moves[index], 1 << k, depth + 1)
                    if v < 0:
                        index += 1
                        continue
                    del moves[index]
                    found |= 1 << v
                    if v == k:
                        break
                else:
                    break
            k += 1
        self._exact[rep] = k
        self._refuted.pop(rep, None)
        return k


def _take(possible: int, value: int) -> int:
    """``possible`` less ``value``, or less its largest element when ``value`` is not in it."""
    bit = 1 << value
    if possible & bit:
        return possible ^ bit
    return possible ^ (1 << (possible.bit_length() - 1))


def _xor_set(values: int, x: int) -> int:
    """``{v xor x : v in values}`` for a bit mask (``-1``, every value, stays -1)."""
    if values < 0 or not x:
        return values
    result = 0
    while values:
        low = values & -values
        result |= 1 << ((low.bit_length() - 1) ^ x)
        values ^= low
    return result


class _Interruptible:
    """Turns Ctrl-C inside a search into `SearchInterrupted` (with the search's stats)."""

    def __init__(self, solver: NimberSearch) -> None:
        self.solver = solver

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> None:
        if kind is KeyboardInterrupt:
            raise SearchInterrupted(self.solver.stats) from error


_SHARED: list[NimberSearch] = []


def shared_solver() -> NimberSearch:
    """The solver `cgt.grundy` uses (its table is emptied by `cgt.clear_caches`)."""
    if not _SHARED:
        _SHARED.append(NimberSearch())
    return _SHARED[0]


def _clear_shared() -> None:
    for solver in _SHARED:
        solver.clear()


after_clear(_clear_shared)


def nimber_search(
    position: Any,
    *,
    table_limit: int | None = DEFAULT_TABLE_LIMIT,
    progress: Progress | None = None,
) -> int:
    """The nimber of an impartial position by search (a fresh `NimberSearch`).

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> nimber_search(Heap(5) + Heap(3))
    6
    """
    return NimberSearch(table_limit=table_limit, progress=progress).nimber(position)


_SEARCHES: dict[type, Any] = {}


def register_nimber_search(kind: type, search: Any) -> None:
    """Name the nimber search of a position class (and its subclasses): a class with
    `NimberSearch`'s interface (``search(table_limit=..., progress=...)``, ``.nimber``,
    ``.has_nimber``, ``.stats``, `SearchInterrupted` on Ctrl-C, a ``name``), or its
    ``"module:name"``, imported when first needed.  ``cgt nimber`` and `nimber_split` (on
    every worker) then use it; Cram boards have a bit-board search.

    >>> import cgt
    >>> class Board(cgt.Position):
    ...     def options(self):
    ...         return []
    >>> cgt.register_nimber_search(Board, "cgt:NimberSearch")
    >>> cgt.nimber_search_for(Board()).__name__
    'NimberSearch'
    """
    register(_SEARCHES, kind, search, "a nimber search")


def nimber_search_for(position: Any, *, generic: bool = False) -> Any:
    """The nimber search class for a position: the one registered for its class
    (`register_nimber_search`), else `NimberSearch`; ``generic=True`` always gives
    `NimberSearch`.

    >>> import cgt
    >>> cgt.nimber_search_for(cgt.Sum()).__name__
    'NimberSearch'
    """
    if generic:
        return NimberSearch
    return lookup(_SEARCHES, position) or NimberSearch


def _chunk_nimber(position: Any, generic: bool = False) -> int:
    """One chunk of `nimber_split` (runs on a worker): the nimber of one position, by its
    ruleset's search (`nimber_search_for`)."""
    return int(nimber_search_for(position, generic=generic)().nimber(position))


def nimber_split(
    position: Any,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    generic: bool = False,
) -> int:
    """The nimber of a position with the work split over processes or a Dask cluster
    (`cgt.run_chunks`): a sum's components are chunks; a single component's options, one per
    symmetry class, are chunks, and the answer is the mex of their nimbers.  Each chunk is
    searched by the position's own search (`nimber_search_for`; ``generic=True``: always
    `NimberSearch`).  The positions must pickle.  The answer does not depend on the number of
    workers.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> nimber_split(Heap(5) + Heap(3), jobs=1), nimber_split(Heap(7), jobs=1)
    (6, 7)
    """
    solver = NimberSearch()
    parts, x = solver._split(position)
    if len(parts) > 1:
        for value in run_chunks(
            partial(_chunk_nimber, generic=generic),
            list(parts),
            jobs=jobs,
            scheduler=scheduler,
            progress=progress,
        ):
            x ^= value
        return x
    if not parts:
        return x
    options: dict[Any, Any] = {}
    for option in options_of(parts[0]):
        normal = normal_form_of(option)
        options.setdefault(option if normal is None else normal[0], option)
    values = run_chunks(
        partial(_chunk_nimber, generic=generic),
        list(options.values()),
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
    )
    return x ^ mex(values)
