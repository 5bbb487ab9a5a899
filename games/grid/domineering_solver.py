"""Who wins a Domineering board: a bit-board search with Obsequi's safe-move rule.

`DomineeringSolver` decides the outcome class of a `Domineering` board (Left: Vertical) by a
won/lost alpha-beta (negamax on booleans) over an ``int`` bit board, much faster than the
generic `cgt.OutcomeSolver`, which plays on `Domineering` objects.  It has the generic solver's
interface (``solve``, ``stats``, ``progress``, ``table_limit``, ``save``/``load``, Ctrl-C as
`cgt.OutcomeInterrupted`), and `games.grid.domineering` registers it
(`cgt.register_outcome_solver`), so
`cgt.solve_outcome` and ``cgt outcome`` use it for Domineering boards (``generic=True`` /
``--generic`` picks the generic search).  The rules it adds, and why each is exact:

* **Bit board.**  Cell ``(r, c)`` is bit ``r * step + c``, with ``step`` the width rounded up
  to whole bytes, so a row is one or more whole bytes of ``int.to_bytes``.  Vertical moves are
  ``e & (e >> step)``, horizontal ones ``e & (e >> 1)`` without the last column (``e``: the
  empty cells): each set bit is the upper / left cell of a domino.
* **Safe moves** (Bullock's Obsequi; Breuker, Uiterwijk and van den Herik).  A vertical domino
  whose two cells no horizontal domino can cover stays playable whatever Horizontal does (her
  moves only fill cells, so a cell she cannot cover now she never can).  ``safe``: how many
  pairwise disjoint such dominoes Vertical has (``run // 2`` per column run of such cells).
  ``most``: how many moves Horizontal can still make at most, the most disjoint horizontal
  dominoes on the empty cells (``run // 2`` per row run; moves only shrink it).  Vertical
  moving first wins if ``safe > most`` (she plays only safe moves, and after her ``most + 1``-th
  Horizontal has no move left), moving second if ``safe >= most``.  The same with the roles
  exchanged.  A node so settled is not searched.
* **Transpositions and symmetry.**  Results are kept by (empty cells, player to move), one entry
  for a board and its three mirror images that keep the players (left-right, top-bottom, the
  half-turn): a mirror maps vertical dominoes to vertical ones and horizontal to horizontal.
* **Move ordering.**  The mover tries first the moves after which the opponent has the fewest
  moves.

The table is bounded (``table_limit`` entries for each board shape): when it is full the older
half is dropped, so answers stay exact and only work may be repeated.  The tests compare the
solver with `cgt.outcome` of `cgt.value` on every board of a few shapes (every subset of the
cells) and with the generic search on rectangles and on hypothesis boards
(``tests/rulesets/test_domineering_solver.py``).

>>> from games.grid.domineering import Domineering, rectangle
>>> solve_domineering(rectangle(2, 2)), solve_domineering(Domineering(".|.|#"))
(<Outcome.N: 'N'>, <Outcome.L: 'L'>)
"""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from itertools import islice
from typing import Any

import attrs

import cgt
from games.grid.domineering import Domineering

__all__ = ["DomineeringSolver", "DomineeringStats", "solve_domineering"]

_FORMAT = "cgt-domineering-table-2"
_REVERSED_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
"""``bytes.translate`` table: each byte with its eight bits in reverse order."""
_HORIZONTAL_MOST = bytes(sum(len(run) // 2 for run in f"{b:b}".split("0")) for b in range(256))
"""``bytes.translate`` table: the most disjoint dominoes on the runs of set bits of a byte."""


@attrs.define
class DomineeringStats(cgt.SolverStats):
    """`cgt.SolverStats` with the nodes settled by the safe-move rule (``settled``)."""

    settled: int = 0


class _Shape:
    """The bit layout of one board shape: masks and the symmetry maps."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.step = step = 8 * max(1, -(-width // 8))
        self.row_bytes = step // 8
        self.size = height * self.row_bytes
        row = (1 << width) - 1
        self.cells = sum(row << (r * step) for r in range(height))
        self.not_last = sum((row >> 1) << (r * step) for r in range(height))
        self.shift = step - width

    def half_turn(self, empty: int) -> int:
        raw = empty.to_bytes(self.size, "little").translate(_REVERSED_BITS)
        return int.from_bytes(raw, "big") >> self.shift

    def top_bottom(self, empty: int) -> int:
        raw = empty.to_bytes(self.size, "little")
        if self.row_bytes == 1:
            return int.from_bytes(raw, "big")
        n = self.row_bytes
        rows = [raw[i : i + n] for i in range(0, self.size, n)]
        return int.from_bytes(b"".join(reversed(rows)), "little")

    def key(self, empty: int) -> int:
        """The least of the board and its three mirror images (all keep the players)."""
        turned = self.half_turn(empty)
        return min(empty, turned, self.top_bottom(empty), self.top_bottom(turned))

    def horizontal_most(self, cells: int) -> int:
        """The most disjoint horizontal dominoes on ``cells``."""
        return sum(cells.to_bytes(self.size, "little").translate(_HORIZONTAL_MOST))

    def vertical_most(self, cells: int) -> int:
        """The most disjoint vertical dominoes on ``cells`` (greedy from the top of each
        column run, all columns at once)."""
        step = self.step
        row = (1 << step) - 1
        count = used = 0
        above = cells & row
        for r in range(1, self.height):
            below = (cells >> (r * step)) & row
            pairs = above & ~used & below
            count += pairs.bit_count()
            used, above = pairs, below
        return count

    def settled(self, empty: int, vertical: bool) -> bool | None:
        """Whether the player to move (Vertical if ``vertical``) wins on ``empty``, if the
        safe-move rule says so; else None."""
        step = self.step
        v_pairs = empty & (empty >> step)
        h_pairs = empty & (empty >> 1) & self.not_last
        v_cover = v_pairs | (v_pairs << step)
        h_cover = h_pairs | (h_pairs << 1)
        vmost, hmost = self.vertical_most, self.horizontal_most
        if vertical:
            if vmost(empty & ~h_cover) > hmost(empty):
                return True
            if hmost(empty & ~v_cover) >= vmost(empty):
                return False
        else:
            if hmost(empty & ~v_cover) > vmost(empty):
                return True
            if vmost(empty & ~h_cover) >= hmost(empty):
                return False
        return None


class DomineeringSolver:
    """Outcome search for Domineering boards (see the module docs); keeps its table across
    calls.  The arguments are `cgt.OutcomeSolver`'s (``small`` is accepted for the same
    interface and not used: the search plays the whole board).

    >>> from games.grid.domineering import rectangle
    >>> solver = DomineeringSolver()
    >>> solver.solve(rectangle(4, 4)), solver.solve(rectangle(5, 5))
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """

    name = "domineering bit board"

    def __init__(
        self,
        small: int = 12,
        progress: Callable[[cgt.SolverStats], None] | None = None,
        *,
        table_limit: int | None = cgt.DEFAULT_OUTCOME_TABLE_LIMIT,
    ) -> None:
        if table_limit is not None and (
            not isinstance(table_limit, int) or isinstance(table_limit, bool) or table_limit < 64
        ):
            raise cgt.InvalidArgumentError(
                f"table_limit is an int of at least 64 (or None), got {table_limit!r}"
            )
        self.small = small
        self.progress = progress
        self.table_limit = table_limit
        self.stats = DomineeringStats()
        self._tables: dict[tuple[int, int], dict[int, bool]] = {}
        self._started = 0.0
        self._seconds_before = 0.0
        self._next_report = 0.0

    # ----------------------------------------------------------------------------- answers

    def solve(self, board: Domineering) -> cgt.Outcome:
        """The outcome class of a Domineering board (Left: Vertical).  Ctrl-C raises
        `cgt.OutcomeInterrupted` (the table is kept: asking again continues)."""
        shape, empty = _layout(board)
        left_first = right_first = None
        self._started = time.monotonic()
        self._seconds_before = self.stats.seconds
        try:
            left_first = self._wins(shape, empty, True)
            right_first = self._wins(shape, empty, False)
        except KeyboardInterrupt as stop:
            if isinstance(stop, cgt.OutcomeInterrupted):
                raise
            self._tick()
            raise cgt.OutcomeInterrupted(self.stats, left_first, right_first) from None
        finally:
            self._tick()
        return cgt.Outcome.from_results("L" if left_first else "R", "R" if right_first else "L")

    def outcome(self, board: Domineering) -> cgt.Outcome:
        """The same as `solve`."""
        return self.solve(board)

    def _table(self, shape: _Shape) -> dict[int, bool]:
        return self._tables.setdefault((shape.height, shape.width), {})

    def _wins(self, shape: _Shape, empty: int, vertical: bool) -> bool:
        """Whether the player to move (Vertical if ``vertical``) wins on ``empty``."""
        table = self._table(shape)
        stats = self.stats
        step = shape.step
        not_last = shape.not_last
        key_of = shape.key
        settled = shape.settled
        limit = self.table_limit

        def wins(empty: int, vertical: bool) -> bool:
            key = key_of(empty) << 1 | vertical
            known = table.get(key)
            if known is not None:
                stats.table_hits += 1
                return known
            stats.nodes += 1
            if not stats.nodes & 0x3FFF:
                self._every()
            result = settled(empty, vertical)
            if result is not None:
                stats.settled += 1
            else:
                if vertical:
                    mine, other = step, 1
                    pairs = empty & (empty >> step)
                else:
                    mine, other = 1, step
                    pairs = empty & (empty >> 1) & not_last
                children = []
                while pairs:
                    low = pairs & -pairs
                    pairs ^= low
                    child = empty ^ (low | (low << mine))
                    replies = child & (child >> other)
                    if other == 1:
                        replies &= not_last
                    children.append((replies.bit_count(), child))
                children.sort()
                result = False
                for _, child in children:
                    if not wins(child, not vertical):
                        result = True
                        break
            if limit is not None and len(table) >= limit:
                _drop_older_half(table)
                stats.table_drops += 1
            table[key] = result
            return result

        return wins(empty, vertical)

    def _every(self) -> None:
        """Every 16,384 positions: report progress (at most twice a second)."""
        if self.progress is None:
            return
        now = time.monotonic()
        if now >= self._next_report:
            self._next_report = now + 0.5
            self._tick()
            self.progress(self.stats)

    def _tick(self) -> None:
        self.stats.seconds = self._seconds_before + time.monotonic() - self._started
        self.stats.table_size = sum(len(t) for t in self._tables.values())

    def clear(self) -> None:
        """Forget the table (the statistics stay)."""
        self._tables.clear()
        self.stats.table_size = 0

    # -------------------------------------------------------------------------- checkpoints

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to a file (atomically: a file that exists is always complete)."""
        data = {"format": _FORMAT, "tables": self._tables, "stats": attrs.asdict(self.stats)}
        temporary = f"{os.fspath(path)}.part"
        with open(temporary, "wb") as out:
            pickle.dump(data, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Add the results of a table written by `save`, so that a search stopped earlier
        continues where it was.  Only load files you trust (they are pickles)."""
        try:
            with open(path, "rb") as source:
                data = pickle.load(source)
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError) as error:
            raise cgt.CheckpointError(
                f"{os.fspath(path)} is not an outcome table of the Domineering solver ({error})"
            ) from None
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise cgt.CheckpointError(
                f"{os.fspath(path)} is not an outcome table of the Domineering solver"
            )
        for shape, table in data["tables"].items():
            self._tables.setdefault(shape, {}).update(table)
        self.stats.table_size = sum(len(t) for t in self._tables.values())


def _drop_older_half(table: dict[int, bool]) -> None:
    """Keep the newer half of a table (dicts keep their order of insertion)."""
    newer = dict(islice(table.items(), len(table) // 2, None))
    table.clear()
    table.update(newer)


def _layout(board: Any) -> tuple[_Shape, int]:
    """The shape and the empty cells of a `Domineering` board."""
    if not isinstance(board, Domineering):
        raise cgt.NotAPositionError(
            f"the Domineering solver needs a Domineering board, not {board!r}"
        )
    rows = str(board).split("|") if str(board) else []
    width = max((len(row) for row in rows), default=0)
    shape = _SHAPES.get((len(rows), width))
    if shape is None:
        shape = _SHAPES[len(rows), width] = _Shape(len(rows), width)
    empty = 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == ".":
                empty |= 1 << (r * shape.step + c)
    return shape, empty


_SHAPES: dict[tuple[int, int], _Shape] = {}


def solve_domineering(board: Domineering, **options: Any) -> cgt.Outcome:
    """The outcome class of a Domineering board (see the module docs); ``options`` are
    `DomineeringSolver`'s."""
    return DomineeringSolver(**options).solve(board)
