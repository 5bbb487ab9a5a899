"""Who wins a Domineering board: a bit-board search with Obsequi's safe-move rule.

`solve_domineering` decides the outcome class of a `Domineering` board (Left: Vertical) by a
won/lost alpha-beta (negamax on booleans) over an ``int`` bit board, much faster than the
generic `cgt.OutcomeSolver`, which plays on `Domineering` objects.  The rules it adds, and why
each is exact:

* **Bit board.**  Cell ``(r, c)`` is bit ``r * (width + 1) + c``; the extra column stays 0 so a
  horizontal shift never wraps.  Vertical moves are ``e & (e >> (width + 1))``, horizontal ones
  ``e & (e >> 1)`` (``e``: the empty cells): each set bit is the upper / left cell of a domino.
* **Safe moves** (Bullock's Obsequi; Breuker, Uiterwijk and van den Herik).  A vertical domino
  whose two cells no horizontal domino can cover stays playable whatever Horizontal does (her
  moves only fill cells, so a cell she cannot cover now she never can).  ``safe``: how many
  pairwise disjoint such dominoes Vertical has (greedy from the top of each column run: exactly
  ``run // 2`` per run).  ``most``: how many moves Horizontal can still make at most, the most
  disjoint horizontal dominoes on the empty cells (``run // 2`` per row run; moves only shrink
  it).  Vertical moving first wins if ``safe > most`` (she plays only safe moves, and after her
  ``most + 1``-th Horizontal has no move left), moving second if ``safe >= most``.  The same with
  the roles exchanged.  A node so settled is not searched.
* **Transpositions and symmetry.**  Results are kept by (empty cells, player to move); a board
  and its half-turn (180 degree rotation, which keeps the players) are one entry.
* **Move ordering.**  The mover tries first the moves after which the opponent has the fewest
  moves.

The tests compare it with `cgt.solve_outcome` and `cgt.outcome(cgt.value(...))` on every board
small enough (``tests/rulesets/test_domineering_solver.py``).

>>> from games.grid.domineering import Domineering, rectangle
>>> solve_domineering(rectangle(2, 2)), solve_domineering(Domineering(".|.|#"))
(<Outcome.N: 'N'>, <Outcome.L: 'L'>)
"""

from __future__ import annotations

import attrs

import cgt
from games.grid.domineering import Domineering

__all__ = ["DomineeringSolver", "solve_domineering"]


def _disjoint(step: int, cells: int) -> int:
    """Most disjoint dominoes (``step`` apart) on ``cells``, taken greedily from the low end."""
    count = 0
    pairs = cells & (cells >> step)
    while pairs:
        low = pairs & -pairs
        count += 1
        cells &= ~(low | (low << step))
        pairs = cells & (cells >> step)
    return count


@attrs.define
class DomineeringStats:
    """What a search did: positions searched, table hits, nodes settled by safe moves."""

    nodes: int = 0
    table_hits: int = 0
    settled: int = 0


class DomineeringSolver:
    """Outcome search for one board shape (see the module docs); keeps its table.

    >>> from games.grid.domineering import rectangle
    >>> DomineeringSolver.for_board(rectangle(4, 4)).outcome()
    <Outcome.N: 'N'>
    """

    def __init__(self, height: int, width: int, empty: int) -> None:
        self.height, self.width, self.empty = height, width, empty
        self.down = width + 1
        self.span = (height - 1) * self.down + width if height and width else 0
        self.stats = DomineeringStats()
        self._table: dict[tuple[int, bool], bool] = {}

    @classmethod
    def for_board(cls, board: Domineering) -> DomineeringSolver:
        """The solver of a `Domineering` board."""
        rows = str(board).split("|") if str(board) else []
        width = max((len(row) for row in rows), default=0)
        empty = 0
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if cell == ".":
                    empty |= 1 << (r * (width + 1) + c)
        return cls(len(rows), width, empty)

    def _rotated(self, empty: int) -> int:
        if not self.span:
            return empty
        return int(format(empty, f"0{self.span}b")[::-1], 2)

    def _settled(self, empty: int, vertical: bool) -> bool | None:
        """Whether the player to move wins, if the safe-move rule says so; else None."""
        down = self.down
        mine, theirs = (down, 1) if vertical else (1, down)
        their_pairs = empty & (empty >> theirs)
        coverable = their_pairs | (their_pairs << theirs)
        safe = _disjoint(mine, empty & ~coverable)
        most = _disjoint(theirs, empty)
        if safe > most:
            return True
        my_pairs = empty & (empty >> mine)
        coverable_by_me = my_pairs | (my_pairs << mine)
        their_safe = _disjoint(theirs, empty & ~coverable_by_me)
        my_most = _disjoint(mine, empty)
        if their_safe >= my_most:
            return False
        return None

    def wins(self, empty: int, vertical: bool) -> bool:
        """Whether the player to move (Vertical if ``vertical``) wins on ``empty``."""
        key = (min(empty, self._rotated(empty)), vertical)
        known = self._table.get(key)
        if known is not None:
            self.stats.table_hits += 1
            return known
        self.stats.nodes += 1
        result = self._settled(empty, vertical)
        if result is not None:
            self.stats.settled += 1
        else:
            step, other = (self.down, 1) if vertical else (1, self.down)
            pairs = empty & (empty >> step)
            children = []
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                child = empty & ~(low | (low << step))
                replies = child & (child >> other)
                children.append((replies.bit_count(), child))
            children.sort()
            result = any(not self.wins(child, not vertical) for _, child in children)
        self._table[key] = result
        return result

    def outcome(self) -> cgt.Outcome:
        """The board's outcome class (Left: Vertical)."""
        left_first = self.wins(self.empty, True)
        right_first = self.wins(self.empty, False)
        return cgt.Outcome.from_results("L" if left_first else "R", "R" if right_first else "L")


def solve_domineering(board: Domineering) -> cgt.Outcome:
    """The outcome class of a Domineering board (see the module docs)."""
    if not isinstance(board, Domineering):
        raise cgt.NotAPositionError(f"solve_domineering() needs a Domineering board, not {board!r}")
    return DomineeringSolver.for_board(board).outcome()
