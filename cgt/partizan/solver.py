"""Who wins, without the value: an outcome search for positions too big for `cgt.value`.

`OutcomeSolver.solve` decides a position's outcome class (`cgt.Outcome`) by searching who wins
with Left moving first and with Right moving first, as alpha-beta does on a won/lost game (a
player wins if some move leads to a position the opponent loses moving first), with the
knowledge of combinatorial game theory cutting the tree:

* **Sums.**  A position with ``components()`` is searched as the sum of its parts.  A part
  that is *small* (at most `small` moves for the two players together) is replaced by its
  canonical value, found by `cgt.value` and remembered (the value database built by the
  engine); the small parts add up to one `cgt.Game`.  When no large part is left, the sign of
  that game is the answer, with no search at all; otherwise the search moves in the large parts
  and in the value (its canonical options), exactly as in the sum.
* **Symmetry.**  Each large part is replaced by its ``normal_form()`` representative (a part
  whose representative negates is kept as the representative with the players' roles
  exchanged), so symmetric parts are one entry; a part and its negative cancel (``G - G = 0``).
* **Transpositions.**  Results are remembered by the multiset of the large parts' normal forms
  and the value of the small ones, so the same sum reached by other move orders (or the same
  parts in another arrangement on the board) is searched once.
* **Move ordering.**  A player tries first the moves after which the opponent has the fewest
  moves left against the most of her own (mobility, as Domineering programs order moves);
  moves whose result is already known come first when they win.

The table is bounded (``table_limit`` entries, counting the cached splits of parts into their
options): when it is full the older half of the results and every cached split are dropped, so
answers stay exact and only work may be repeated.  Ctrl-C raises `OutcomeInterrupted`, which
says how far the search got and which of the two questions it had answered; the solver keeps
its table, so asking again continues, and `OutcomeSolver.save` / `OutcomeSolver.load` keep it
in a file between runs (``cgt outcome --checkpoint``).  `cgt.solve_outcome_split` splits the
search at the root over processes or a Dask cluster (`cgt.run_chunks`).

The search is exact: it plays the sum itself; values are used only for parts whose value the
engine computes exactly, and a sum of values is decided by its sign (``G > 0``: Left wins,
``G < 0``: Right, ``G = 0``: the second player, ``G || 0``: the first).  Tests compare it with
`cgt.outcome` of `cgt.value` on every position small enough for both.

>>> import cgt
>>> from cgt.partizan.game import Game
>>> cgt.solve_outcome(Game("{1|-1}")), cgt.solve_outcome(Game("^"))
(<Outcome.N: 'N'>, <Outcome.L: 'L'>)
"""

from __future__ import annotations

import collections
import os
import pickle
import time
from collections.abc import Callable
from typing import Any

import attrs

from cgt.core._registry import lookup, register
from cgt.core.errors import CGTError, InvalidArgumentError, NotAPositionError
from cgt.partizan.game import ZERO, Game
from cgt.partizan.outcomes import Outcome
from cgt.partizan.values import value
from cgt.positions.protocol import (
    left_options_of,
    normal_form_of,
    right_options_of,
    split_components,
)

__all__ = [
    "DEFAULT_OUTCOME_TABLE_LIMIT",
    "CheckpointError",
    "OutcomeInterrupted",
    "OutcomeSolver",
    "SolverStats",
    "outcome_solver_for",
    "register_outcome_solver",
    "solve_outcome",
]

DEFAULT_OUTCOME_TABLE_LIMIT = 3_000_000
"""Entries of an `OutcomeSolver`'s table and caches (results, splits of parts, move counts)
before the older half of the results and all the caches are dropped: a few GB at most with
Domineering boards (Domineering 6 x 6 keeps about 300,000 entries and 340 MB)."""

_CHECKPOINT_FORMAT = "cgt-outcome-table-1"

Part = tuple[Any, bool]
"""A large part of a sum: a representative position, and whether the part is its negative."""
State = tuple[tuple[Part, ...], Game]
"""A sum being searched: its large parts (sorted by key) and the value of its small parts."""


@attrs.define
class SolverStats:
    """What a search did: positions searched (``nodes``), answers found in the table
    (``table_hits``), parts valued by the engine (``valued``), table size and seconds."""

    nodes: int = 0
    table_hits: int = 0
    valued: int = 0
    table_size: int = 0
    seconds: float = 0.0
    table_drops: int = 0
    """Times the table was full and its older half dropped."""


class OutcomeInterrupted(CGTError, KeyboardInterrupt):
    """Ctrl-C stopped an outcome search.  ``stats`` says how far it got; ``left_first`` and
    ``right_first`` are whether the player who moves first wins (Left first, Right first), or
    None for a question not answered yet.  The solver keeps its table: asking again continues.
    ``done``: how far a split search got, when it was one (`cgt.solve_outcome_split`)."""

    def __init__(
        self,
        stats: SolverStats,
        left_first: bool | None = None,
        right_first: bool | None = None,
        done: str | None = None,
    ) -> None:
        self.stats = stats
        self.left_first = left_first
        self.right_first = right_first
        self.done = done
        answered = [
            f"{who} moving first {'wins' if won else 'loses'}"
            for who, won in (("Left", left_first), ("Right", right_first))
            if won is not None
        ]
        found = f"; found: {', '.join(answered)}" if answered else ""
        kept = ""
        if done is None:
            done = (
                f"{stats.nodes:,} positions ({stats.table_size:,} in the table, "
                f"{stats.seconds:.1f} s)"
            )
            kept = "; the solver keeps its table: ask again to continue"
        super().__init__(f"outcome search interrupted after {done}{found}{kept}")


class CheckpointError(CGTError, ValueError):
    """A checkpoint file that is not an outcome solver's table (or one of another ``small``)."""


class OutcomeSolver:
    """An outcome search with a transposition table kept across calls (see the module docs).

    ``small``: a part with at most this many moves (both players' together) is valued by
    `cgt.value` instead of searched.  ``progress``: a function called now and then with the
    running `SolverStats` (for a progress display).  ``table_limit``: entries of the table and
    its caches before the older half is dropped (None: unbounded).

    >>> from cgt.partizan.game import Game
    >>> solver = OutcomeSolver()
    >>> solver.solve(Game("{2|-1}")), solver.solve(Game("{2|1}")), solver.solve(Game("*"))
    (<Outcome.N: 'N'>, <Outcome.L: 'L'>, <Outcome.N: 'N'>)
    """

    def __init__(
        self,
        small: int = 12,
        progress: Callable[[SolverStats], None] | None = None,
        *,
        table_limit: int | None = DEFAULT_OUTCOME_TABLE_LIMIT,
    ) -> None:
        if not isinstance(small, int) or isinstance(small, bool) or small < 0:
            raise InvalidArgumentError(f"small is a number of moves >= 0, not {small!r}")
        if table_limit is not None and (
            not isinstance(table_limit, int) or isinstance(table_limit, bool) or table_limit < 64
        ):
            raise InvalidArgumentError(
                f"table_limit is an int of at least 64 (or None), got {table_limit!r}"
            )
        self.small = small
        self.table_limit = table_limit
        self.progress = progress
        self.stats = SolverStats()
        self._table: dict[tuple[Any, Game, bool], bool] = {}
        self._parts: dict[Any, tuple[tuple[Part, ...], Game]] = {}
        self._moves: dict[tuple[Any, bool, bool], list[tuple[tuple[Part, ...], Game]]] = {}
        self._counts: dict[tuple[Any, bool], int] = {}
        self._last_report = 0.0
        self._clock = (time.monotonic(), 0.0)

    # ----------------------------------------------------------------------------- answers

    def solve(self, position: Any) -> Outcome:
        """The outcome class of a position (or a `cgt.Game`, or a `cgt.Sum`).

        Ctrl-C raises `OutcomeInterrupted` (the table is kept: asking again continues)."""
        state = self._state(position)
        left_first = self._answer(state, True)
        right_first = self._answer(state, False, left_first)
        return Outcome.from_results("L" if left_first else "R", "R" if right_first else "L")

    def wins_moving_first(self, position: Any, left: bool) -> bool:
        """Whether the player who moves first (Left if ``left``) wins."""
        return self._answer(self._state(position), left)

    def _answer(self, state: State, left: bool, other: bool | None = None) -> bool:
        """`_wins` timed, with Ctrl-C turned into `OutcomeInterrupted` (``other``: the answer
        for the other player moving first, when known)."""
        self._clock = (time.monotonic(), self.stats.seconds)
        try:
            return self._wins(state, left)
        except KeyboardInterrupt as stop:
            if isinstance(stop, OutcomeInterrupted):
                raise
            self._tick()
            raise OutcomeInterrupted(
                self.stats, *((None, other) if left else (other, None))
            ) from None
        finally:
            self._tick()

    def _tick(self) -> None:
        """Bring the statistics' seconds and table size up to now."""
        start, before = self._clock
        self.stats.seconds = before + time.monotonic() - start
        self.stats.table_size = len(self._table)

    def clear(self) -> None:
        """Forget the table and the caches (the statistics stay)."""
        self._table.clear()
        self._parts.clear()
        self._moves.clear()
        self._counts.clear()
        self.stats.table_size = 0

    # -------------------------------------------------------------------------- checkpoints

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to a file (atomically: a file that exists is always complete).
        The positions in it must pickle."""
        data = {
            "format": _CHECKPOINT_FORMAT,
            "small": self.small,
            "table": self._table,
            "stats": attrs.asdict(self.stats),
        }
        temporary = f"{os.fspath(path)}.part"
        with open(temporary, "wb") as out:
            pickle.dump(data, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Add the results of a table written by `save` (by a solver of the same ``small``),
        so that a search stopped earlier continues where it was.  Only load files you trust
        (they are pickles)."""
        try:
            with open(path, "rb") as source:
                data = pickle.load(source)
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError) as error:
            raise CheckpointError(f"{os.fspath(path)} is not an outcome table ({error})") from None
        if not isinstance(data, dict) or data.get("format") != _CHECKPOINT_FORMAT:
            raise CheckpointError(f"{os.fspath(path)} is not an outcome table")
        if data["small"] != self.small:
            raise CheckpointError(
                f"{os.fspath(path)} was made with small={data['small']}, this solver has "
                f"small={self.small}"
            )
        self._table.update(data["table"])
        self.stats.table_size = len(self._table)

    # ------------------------------------------------------------------------------- sums

    def _state(self, position: Any) -> State:
        if position.__class__ is Game:
            return (), position
        if not (hasattr(position, "left_options") or hasattr(position, "options")):
            raise NotAPositionError(f"solve_outcome() needs a position, not {position!r}")
        parts, small = self._split(position, False)
        return _normalized(parts), small

    def _split(self, position: Any, negated: bool) -> tuple[tuple[Part, ...], Game]:
        """The large parts of ``position`` (or of its negative) and the value of the small."""
        known = self._parts.get((position, negated))
        if known is not None:
            return known
        large: list[Part] = []
        small = ZERO
        pieces = split_components(position)
        for piece in (position,) if pieces is None else pieces:
            if piece.__class__ is Game:
                small += -piece if negated else piece
                continue
            normal = normal_form_of(piece)
            representative, flip = (piece, False) if normal is None else normal
            sign = negated != flip
            if self._is_small(representative):
                worth = value(representative)
                self.stats.valued += 1
                small += -worth if sign else worth
            else:
                large.append((representative, sign))
        result = (tuple(large), small)
        self._parts[position, negated] = result
        return result

    def _is_small(self, position: Any) -> bool:
        count = len(left_options_of(position))
        if count > self.small:
            return False
        return count + len(right_options_of(position)) <= self.small

    def _options(self, part: Part, left: bool) -> list[tuple[tuple[Part, ...], Game]]:
        """The moves of ``left``'s player in one large part: each as the parts it leaves."""
        representative, negated = part
        key = (representative, negated, left)
        known = self._moves.get(key)
        if known is None:
            # the negative's Left moves are the negatives of the representative's Right moves
            mover_is_left = left != negated
            options = (
                left_options_of(representative)
                if mover_is_left
                else right_options_of(representative)
            )
            known = self._moves[key] = [self._split(option, negated) for option in options]
        return known

    # ----------------------------------------------------------------------------- search

    def _wins(self, state: State, left: bool) -> bool:
        """Whether the player to move (Left if ``left``) wins the sum ``state``."""
        parts, small = state
        if not parts:
            return _wins_value(small, left)
        key = (_key(parts), small, left)
        known = self._table.get(key)
        if known is not None:
            self.stats.table_hits += 1
            return known
        stats = self.stats
        stats.nodes += 1
        if not stats.nodes & 63 and self.progress is not None:
            self._every_64()
        result = False
        for child in self._children(state, left):
            if not self._wins(child, not left):
                result = True
                break
        limit = self.table_limit
        if limit is not None and self._entries() >= limit:
            self._drop()
        self._table[key] = result
        return result

    def _children(self, state: State, left: bool) -> list[State]:
        """The sums after each move of the player to move, best first (see the module docs)."""
        parts, small = state
        children: list[State] = []
        for i, part in enumerate(parts):
            rest = parts[:i] + parts[i + 1 :]
            for moved, worth in self._options(part, left):
                children.append((_normalized(rest + moved), small + worth))
        for option in small.left_options if left else small.right_options:
            children.append((parts, option))
        if len(children) > 1:
            children.sort(key=lambda child: self._order(child, left))
        return children

    def _order(self, child: State, left: bool) -> tuple[int, int]:
        """Sort key of a move's result: known wins first, then the opponent's mobility."""
        parts, small = child
        if not parts:
            return (0 if not _wins_value(small, not left) else 2, 0)
        known = self._table.get((_key(parts), small, not left))
        if known is False:
            return (0, 0)
        if known is True:
            return (2, 0)
        theirs = sum(self._count(p, not left) for p in parts)
        mine = sum(self._count(p, left) for p in parts)
        return (1, theirs - mine)

    def _count(self, part: Part, left: bool) -> int:
        """How many moves ``left``'s player has in a large part."""
        representative, negated = part
        key = (representative, negated != left)
        known = self._counts.get(key)
        if known is None:
            options = (
                left_options_of(representative)
                if negated != left
                else right_options_of(representative)
            )
            known = self._counts[key] = len(options)
        return known

    def _every_64(self) -> None:
        """Every 64 positions: report progress."""
        if self.progress is not None:
            now = time.monotonic()
            if now - self._last_report >= 0.5:
                self._last_report = now
                self._tick()
                self.progress(self.stats)

    def _entries(self) -> int:
        return len(self._table) + len(self._parts) + len(self._moves) + len(self._counts)

    def _drop(self) -> None:
        """The table is full: drop every cache and the older half of the results (exact
        answers stay; the searches in progress hold what they need)."""
        self.stats.table_drops += 1
        self._parts.clear()
        self._moves.clear()
        self._counts.clear()
        keys = list(self._table)
        for key in keys[: len(keys) // 2]:
            del self._table[key]
        self.stats.table_size = len(self._table)


def _wins_value(g: Game, left: bool) -> bool:
    """Whether the player to move wins a game of value ``g``."""
    zero = ZERO
    if g._nus is not None and g._nus[2] == 0 and g._nus[3] == 0:  # a number: no need to compare
        return g._nus[0] > 0 if left else g._nus[0] < 0
    return not (g <= zero) if left else not (g >= zero)


def _normalized(parts: tuple[Part, ...]) -> tuple[Part, ...]:
    """The parts with each part and its negative cancelled, in a fixed order."""
    if len(parts) < 2:
        return parts
    counts = collections.Counter(parts)
    for (representative, negated), count in list(counts.items()):
        if not negated and count:
            opposite = counts.get((representative, True), 0)
            cancel = min(count, opposite)
            if cancel:
                counts[(representative, False)] -= cancel
                counts[(representative, True)] -= cancel
    kept = [part for part, count in counts.items() for _ in range(count)]
    kept.sort(key=_part_order)
    return tuple(kept)


def _part_order(part: Part) -> tuple[int, bool]:
    return (hash(part[0]), part[1])


def _key(parts: tuple[Part, ...]) -> Any:
    """The table key of the large parts: their multiset (order and arrangement forgotten)."""
    if len(parts) == 1:
        return parts[0]
    return frozenset(collections.Counter(parts).items())


_OUTCOME_SOLVERS: dict[type, Any] = {}
"""Position class -> its own outcome solver (a class, or ``"module:name"`` imported when first
needed)."""


def register_outcome_solver(kind: type, solver: Any) -> None:
    """Name the outcome solver of a position class (and its subclasses): a class with
    `OutcomeSolver`'s interface (``solver(small=..., table_limit=..., progress=...)``, ``.solve``,
    ``.stats``, ``.save``/``.load``), or its ``"module:name"``, imported when first needed (so a
    ruleset can name a solver that imports the ruleset).  `solve_outcome` and ``cgt outcome``
    then use it.

    >>> import cgt
    >>> class Board(cgt.Game): pass
    >>> cgt.register_outcome_solver(Board, "cgt:OutcomeSolver")
    >>> cgt.outcome_solver_for(Board(0)).__name__
    'OutcomeSolver'
    """
    register(_OUTCOME_SOLVERS, kind, solver, "an outcome solver")


def outcome_solver_for(position: Any, *, generic: bool = False) -> Any:
    """The outcome solver class for a position: the one registered for its class
    (`register_outcome_solver`), else `OutcomeSolver`; ``generic=True`` always gives
    `OutcomeSolver`.

    >>> import cgt
    >>> cgt.outcome_solver_for(cgt.Game("{1|-1}")).__name__
    'OutcomeSolver'
    """
    if generic:
        return OutcomeSolver
    return lookup(_OUTCOME_SOLVERS, position) or OutcomeSolver


def solve_outcome(
    position: Any,
    *,
    small: int = 12,
    table_limit: int | None = DEFAULT_OUTCOME_TABLE_LIMIT,
    generic: bool = False,
) -> Outcome:
    """The outcome class of a position, by its ruleset's own solver if it has one
    (`outcome_solver_for`), else by `OutcomeSolver` (``generic=True``: always that); a fresh
    table.

    >>> import cgt
    >>> cgt.solve_outcome(cgt.Game("{1|1/2}")), cgt.solve_outcome(cgt.Game(0))
    (<Outcome.L: 'L'>, <Outcome.P: 'P'>)
    """
    solver = outcome_solver_for(position, generic=generic)
    result: Outcome = solver(small=small, table_limit=table_limit).solve(position)
    return result
