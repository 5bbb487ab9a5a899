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
import time
from collections.abc import Callable
from typing import Any

import attrs

from cgt.core.errors import InvalidArgumentError, NotAPositionError
from cgt.partizan.game import ZERO, Game
from cgt.partizan.outcomes import Outcome
from cgt.partizan.values import value
from cgt.positions.protocol import (
    left_options_of,
    normal_form_of,
    right_options_of,
    split_components,
)

__all__ = ["OutcomeSolver", "SolverStats", "solve_outcome"]

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


class OutcomeSolver:
    """An outcome search with a transposition table kept across calls (see the module docs).

    ``small``: a part with at most this many moves (both players' together) is valued by
    `cgt.value` instead of searched.  ``progress``: a function called now and then with the
    running `SolverStats` (for a progress display).

    >>> from cgt.partizan.game import Game
    >>> solver = OutcomeSolver()
    >>> solver.solve(Game("{2|-1}")), solver.solve(Game("{2|1}")), solver.solve(Game("*"))
    (<Outcome.N: 'N'>, <Outcome.L: 'L'>, <Outcome.N: 'N'>)
    """

    def __init__(
        self, small: int = 12, progress: Callable[[SolverStats], None] | None = None
    ) -> None:
        if not isinstance(small, int) or isinstance(small, bool) or small < 0:
            raise InvalidArgumentError(f"small is a number of moves >= 0, not {small!r}")
        self.small = small
        self.progress = progress
        self.stats = SolverStats()
        self._table: dict[tuple[Any, Game, bool], bool] = {}
        self._parts: dict[Any, tuple[tuple[Part, ...], Game]] = {}
        self._moves: dict[tuple[Any, bool, bool], list[tuple[tuple[Part, ...], Game]]] = {}
        self._counts: dict[tuple[Any, bool], int] = {}
        self._last_report = 0.0

    # ----------------------------------------------------------------------------- answers

    def solve(self, position: Any) -> Outcome:
        """The outcome class of a position (or a `cgt.Game`, or a `cgt.Sum`)."""
        start = time.monotonic()
        state = self._state(position)
        left_first = self._wins(state, True)
        right_first = self._wins(state, False)
        self.stats.seconds += time.monotonic() - start
        self.stats.table_size = len(self._table)
        return Outcome.from_results("L" if left_first else "R", "R" if right_first else "L")

    def wins_moving_first(self, position: Any, left: bool) -> bool:
        """Whether the player who moves first (Left if ``left``) wins."""
        return self._wins(self._state(position), left)

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
        if self.progress is not None and not stats.nodes & 63:
            self._report()
        result = False
        for child in self._children(state, left):
            if not self._wins(child, not left):
                result = True
                break
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

    def _report(self) -> None:
        now = time.monotonic()
        if now - self._last_report >= 0.5 and self.progress is not None:
            self._last_report = now
            self.stats.table_size = len(self._table)
            self.progress(self.stats)


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


def solve_outcome(position: Any, *, small: int = 12) -> Outcome:
    """The outcome class of a position by `OutcomeSolver` (a fresh table).

    >>> import cgt
    >>> cgt.solve_outcome(cgt.Game("{1|1/2}")), cgt.solve_outcome(cgt.Game(0))
    (<Outcome.L: 'L'>, <Outcome.P: 'P'>)
    """
    return OutcomeSolver(small=small).solve(position)
