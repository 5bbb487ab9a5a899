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
  ``exposed``: the most disjoint vertical dominoes on cells Horizontal *can* cover, all in
  columns of one parity (the better of the two), so that one horizontal move destroys at most
  one of them.  ``most``: how many moves Horizontal can still make at most, the most disjoint
  horizontal dominoes on the empty cells (``run // 2`` per row run; moves only shrink it).
  Playing exposed dominoes while any is left, then safe ones, Vertical makes at least
  ``safe + ceil(exposed / 2)`` moves moving first (each of her exposed moves is answered by at
  most one destroyed) and ``safe + floor(exposed / 2)`` moving second; so she wins moving first
  if ``safe + ceil(exposed / 2) > most`` (after her ``most + 1``-th move Horizontal has none
  left) and moving second if ``safe + floor(exposed / 2) >= most``.  The same with the roles
  exchanged (rows of one parity for Horizontal's exposed dominoes).  A node so settled is not
  searched.
* **Transpositions and symmetry.**  Results are kept by (empty cells, player to move), one entry
  for a board and its three mirror images that keep the players (left-right, top-bottom, the
  half-turn): a mirror maps vertical dominoes to vertical ones and horizontal to horizontal.
  On a square board (up to 8 x 8) the transpose with the other player to move is the same
  position with the players' names exchanged, so both share one entry too (`_Shape.table_key`).
  Before searching its moves, a node looks each resulting position up, and a position the
  table knows the opponent loses wins at once (an enhanced transposition cut-off).
* **Move ordering.**  The mover tries first the moves that leave the opponent the least margin
  of the opponent's ``most`` over the mover's ``safe``, less the mover's own margin (the moves
  that bring the safe-move rule closest to deciding for the mover), then the fewest replies.
  On 7 x 7 this searches 659,000 positions where the fewest replies alone searched 2.85 million
  (292,000 with the transposes).
* **Compiled kernel** (optional).  Boards of at most 8 x 8 cells (one 64-bit word) are searched
  by ``_domineering_kernel.c``, built with the machine's C compiler on first use
  (`games._native`); it is this search rule for rule (with unbounded tables both visit exactly
  the same positions, which the tests check) and 15 to 40 times faster.  ``compiled=False``,
  ``CGT_NO_KERNEL=1`` or a machine without a compiler use the pure-Python search, which stays
  the fallback and the test oracle; `kernel_status` says which is used.

The table is bounded (``table_limit`` entries for each board shape): when it is full the pure
Python search drops the older half and the kernel (whose table holds the largest power of two
of entries at most ``table_limit``) replaces, in a full window of its hash table,
the entry with the least work under it (``stats.table_drops`` counts halvings and replaced
entries respectively); either way answers stay exact and only work may be repeated.  The tests
compare the solver with `cgt.outcome` of `cgt.value` on every board of a few shapes (every
subset of the cells) and with the generic search on rectangles and on hypothesis boards
(``tests/rulesets/test_domineering_solver.py``).

>>> from games.grid.domineering import Domineering, rectangle
>>> solve_domineering(rectangle(2, 2)), solve_domineering(Domineering(".|.|#"))
(<Outcome.N: 'N'>, <Outcome.L: 'L'>)
"""

from __future__ import annotations

import ctypes
import os
import pickle
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import Any

import attrs

import cgt
from games._native import NativeKernel
from games.grid.domineering import Domineering

__all__ = ["DomineeringSolver", "DomineeringStats", "kernel_status", "solve_domineering"]

_FORMAT = "cgt-domineering-table-2"
_REVERSED_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
"""``bytes.translate`` table: each byte with its eight bits in reverse order."""
_HORIZONTAL_MOST = bytes(sum(len(run) // 2 for run in f"{b:b}".split("0")) for b in range(256))
"""``bytes.translate`` table: the most disjoint dominoes on the runs of set bits of a byte."""


@attrs.define
class DomineeringStats(cgt.SolverStats):
    """`cgt.SolverStats` with the nodes settled by the safe-move rule (``settled``)."""

    settled: int = 0


def _transpose(board: int) -> int:
    """The transpose of an 8 x 8 bit matrix (bit ``8 r + c`` to bit ``8 c + r``; three delta
    swaps, as in the kernel)."""
    t = (board ^ (board >> 7)) & 0x00AA00AA00AA00AA
    board ^= t ^ (t << 7)
    t = (board ^ (board >> 14)) & 0x0000CCCC0000CCCC
    board ^= t ^ (t << 14)
    t = (board ^ (board >> 28)) & 0x00000000F0F0F0F0
    return board ^ t ^ (t << 28)


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
        self.square = height == width and step == 8
        self.even_columns = sum(
            1 << (r * step + c) for r in range(height) for c in range(0, width, 2)
        )
        self.even_rows = sum(row << (r * step) for r in range(0, height, 2))

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

    def table_key(self, empty: int, vertical: bool) -> int:
        """The table's key of a position and the player to move: ``key << 1 | vertical``, and
        on a square board of at most 8 x 8 the smaller of that and its transpose's with the
        other player to move (the same position with the players' names exchanged; Vertical
        to move on a tie), as the kernel does."""
        key = self.key(empty)
        if self.square:
            other = self.key(_transpose(empty))
            if other < key or (other == key and not vertical):
                return other << 1 | (not vertical)
        return key << 1 | vertical

    def key(self, empty: int) -> int:
        """The least of the board and its three mirror images (all keep the players)."""
        turned = self.half_turn(empty)
        return min(empty, turned, self.top_bottom(empty), self.top_bottom(turned))

    def horizontal_most(self, cells: int) -> int:
        """The most disjoint horizontal dominoes on ``cells``."""
        if self.row_bytes == 1:  # a row is one byte: a table look-up per row
            return sum(cells.to_bytes(self.size, "little").translate(_HORIZONTAL_MOST))
        # a run may cross from one byte to the next: the runs of each row as a whole
        step, row = self.step, (1 << self.width) - 1
        return sum(
            len(run) // 2
            for r in range(self.height)
            for run in f"{(cells >> (r * step)) & row:b}".split("0")
        )

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

    def covers(self, empty: int) -> tuple[int, int]:
        """The cells a vertical domino can cover, and those a horizontal one can."""
        step = self.step
        v_pairs = empty & (empty >> step)
        h_pairs = empty & (empty >> 1) & self.not_last
        return v_pairs | (v_pairs << step), h_pairs | (h_pairs << 1)

    def counts(self, empty: int) -> tuple[int, int, int, int]:
        """Vertical's and Horizontal's safe moves, then their most moves (see the module)."""
        v_cover, h_cover = self.covers(empty)
        vmost, hmost = self.vertical_most, self.horizontal_most
        return vmost(empty & ~h_cover), hmost(empty & ~v_cover), vmost(empty), hmost(empty)

    def settled(self, empty: int, vertical: bool) -> bool | None:
        """Whether the player to move (Vertical if ``vertical``) wins on ``empty``, if the
        safe-move rule says so; else None."""
        v_cover, h_cover = self.covers(empty)
        vmost, hmost = self.vertical_most, self.horizontal_most
        safe_v, safe_h = vmost(empty & ~h_cover), hmost(empty & ~v_cover)
        most_v, most_h = vmost(empty), hmost(empty)
        exposed = empty & h_cover
        exposed_v = max(vmost(exposed & self.even_columns), vmost(exposed & ~self.even_columns))
        exposed = empty & v_cover
        exposed_h = max(hmost(exposed & self.even_rows), hmost(exposed & ~self.even_rows))
        if vertical:
            if safe_v + (exposed_v + 1) // 2 > most_h:
                return True
            if safe_h + exposed_h // 2 >= most_v:
                return False
        else:
            if safe_h + (exposed_h + 1) // 2 > most_v:
                return True
            if safe_v + exposed_v // 2 >= most_h:
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
        compiled: bool = True,
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
        self.compiled = compiled
        self._tables: dict[tuple[int, int], dict[int, bool]] = {}
        self._kernels: dict[tuple[int, int], _KernelTable] = {}
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
        kernel = self._kernel_table(shape)
        if kernel is not None:
            return self._kernel_wins(kernel, empty, vertical)
        return self._python_wins(shape, empty, vertical)

    def _kernel_table(self, shape: _Shape) -> _KernelTable | None:
        """The compiled search's table for this shape, made on first use; None when the
        kernel is off, cannot be built, or the board is larger than 8 x 8."""
        dimensions = (shape.height, shape.width)
        kernel = self._kernels.get(dimensions)
        if kernel is not None or not self.compiled or not _fits_kernel(*dimensions):
            return kernel
        library = _KERNEL.load()
        if library is None:
            return None
        kernel = _KernelTable(library, *dimensions, self.table_limit)
        kernel.put_all(self._tables.pop(dimensions, {}))
        self._kernels[dimensions] = kernel
        return kernel

    def _kernel_wins(self, kernel: _KernelTable, empty: int, vertical: bool) -> bool:
        """The search in the compiled kernel, a budget of positions at a time (progress and
        Ctrl-C between budgets; the table makes the repeated part cheap).  Each call starts
        again from the root, so the budget doubles from call to call: with a table too small
        to keep the work of a budget, a search still ends."""
        budget = _KERNEL_BUDGET
        while True:
            result = kernel.solve(empty, vertical, self.stats, budget)
            if result is not None:
                return result
            self._every()
            budget = min(2 * budget, 1 << 62)

    def _python_wins(self, shape: _Shape, empty: int, vertical: bool) -> bool:
        """The search in pure Python (the kernel's fallback and test oracle)."""
        table = self._table(shape)
        stats = self.stats
        step = shape.step
        not_last = shape.not_last
        key_of = shape.table_key
        settled = shape.settled
        counts = shape.counts
        limit = self.table_limit

        def wins(empty: int, vertical: bool, key: int) -> bool:
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
                    safe_v, safe_h, most_v, most_h = counts(child)
                    if vertical:
                        margin = (most_h - safe_v) - (most_v - safe_h)
                    else:
                        margin = (most_v - safe_h) - (most_h - safe_v)
                    children.append((margin, replies.bit_count(), child))
                children.sort()
                opponent = not vertical
                keys = [key_of(child, opponent) for _, _, child in children]
                result = any(table.get(k) is False for k in keys)
                if not result:
                    for (_, _, child), k in zip(children, keys, strict=True):
                        if not wins(child, opponent, k):
                            result = True
                            break
            if limit is not None and len(table) >= limit:
                _drop_older_half(table)
                stats.table_drops += 1
            table[key] = result
            return result

        return wins(empty, vertical, key_of(empty, vertical))

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
        self._count_table()

    def _count_table(self) -> None:
        self.stats.table_size = sum(len(t) for t in self._tables.values()) + sum(
            kernel.size() for kernel in self._kernels.values()
        )

    def clear(self) -> None:
        """Forget the table (the statistics stay)."""
        self._tables.clear()
        for kernel in self._kernels.values():
            kernel.clear()
        self.stats.table_size = 0

    def _all_tables(self) -> dict[tuple[int, int], dict[int, bool]]:
        """Every result known, in the pure-Python table's form (keys ``key << 1 | vertical``)."""
        tables = {shape: dict(table) for shape, table in self._tables.items()}
        for shape, kernel in self._kernels.items():
            tables.setdefault(shape, {}).update(kernel.export())
        return tables

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_tables"] = self._all_tables()
        state["_kernels"] = {}
        return state

    # -------------------------------------------------------------------------- checkpoints

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to a file (atomically: a file that exists is always complete)."""
        data = {"format": _FORMAT, "tables": self._all_tables(), "stats": attrs.asdict(self.stats)}
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
            kernel = self._kernels.get(shape)
            if kernel is not None:
                kernel.put_all(table)
            else:
                self._tables.setdefault(shape, {}).update(table)
        self._count_table()


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

_KERNEL_SOURCE = Path(__file__).with_name("_domineering_kernel.c")
_KERNEL_BUDGET = 1 << 20
"""Positions the compiled search visits between two looks at progress and Ctrl-C."""


def _fits_kernel(height: int, width: int) -> bool:
    """Whether a board shape fits the kernel's 64-bit word (at most 8 x 8)."""
    return 1 <= height <= 8 and 1 <= width <= 8


_WORD, _HANDLE, _BIG = ctypes.c_uint64, ctypes.c_void_p, ctypes.c_int64
_KERNEL = NativeKernel(
    _KERNEL_SOURCE,
    "cgt_domineering",
    {
        "cgt_dom_new": (_HANDLE, [ctypes.c_int, ctypes.c_int, _BIG]),
        "cgt_dom_free": (None, [_HANDLE]),
        "cgt_dom_solve": (ctypes.c_int, [_HANDLE, _WORD, ctypes.c_int, _BIG]),
        "cgt_dom_stats": (None, [_HANDLE, ctypes.POINTER(_BIG)]),
        "cgt_dom_export": (
            _BIG,
            [_HANDLE, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, _BIG],
        ),
        "cgt_dom_put": (None, [_HANDLE, _WORD, ctypes.c_int, ctypes.c_int]),
        "cgt_dom_clear": (None, [_HANDLE]),
    },
)


def kernel_status() -> str:
    """``"compiled kernel"`` or why the pure-Python search is used (for boards up to 8 x 8;
    larger boards always use the pure-Python search).

    >>> kernel_status().startswith(("compiled kernel", "pure Python ("))
    True
    """
    return _KERNEL.status()


class _KernelTable:
    """One board shape's search and table in the compiled kernel."""

    _UNBOUNDED = 1 << 40

    def __init__(self, library: ctypes.CDLL, height: int, width: int, limit: int | None) -> None:
        self._library = library
        entries = self._UNBOUNDED if limit is None else min(limit, self._UNBOUNDED)
        handle = library.cgt_dom_new(height, width, entries)
        if not handle:
            raise MemoryError(f"no memory for the Domineering kernel's table ({height} x {width})")
        self._handle = handle
        self._seen = [0] * 6

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            self._library.cgt_dom_free(handle)

    def _counts(self) -> list[int]:
        out = (ctypes.c_int64 * 6)()
        self._library.cgt_dom_stats(self._handle, out)
        return list(out)

    def solve(
        self, empty: int, vertical: bool, stats: DomineeringStats, budget: int
    ) -> bool | None:
        """Whether the player to move wins, or None when ``budget`` positions ran out; adds
        the work done to ``stats``."""
        result = self._library.cgt_dom_solve(self._handle, empty, int(vertical), budget)
        self._account(stats)
        return None if result < 0 else bool(result)

    def _account(self, stats: DomineeringStats | None) -> None:
        """Add the kernel's counts since the last call to ``stats`` (None: forget them)."""
        counts = self._counts()
        nodes, settled, hits, _, replaced, _ = (
            now - before for now, before in zip(counts, self._seen, strict=True)
        )
        if stats is not None:  # the stats first: a Ctrl-C in between loses no count
            stats.nodes += nodes
            stats.settled += settled
            stats.table_hits += hits
            stats.table_drops += replaced
        self._seen = counts

    def size(self) -> int:
        return self._counts()[3]

    def put_all(self, table: dict[int, bool]) -> None:
        """Add results with the pure-Python table's keys (``key << 1 | vertical``); entries
        they replace are not counted as the search's."""
        put = self._library.cgt_dom_put
        for key, result in table.items():
            put(self._handle, key >> 1, key & 1, int(result))
        self._account(None)

    def export(self) -> dict[int, bool]:
        """The table's results with the pure-Python table's keys."""
        n = self.size()
        keys, sides, results = (
            (ctypes.c_uint64 * n)(),
            (ctypes.c_uint8 * n)(),
            (ctypes.c_uint8 * n)(),
        )
        found = self._library.cgt_dom_export(self._handle, keys, sides, results, n)
        return {keys[i] << 1 | sides[i]: bool(results[i]) for i in range(found)}

    def clear(self) -> None:
        self._library.cgt_dom_clear(self._handle)


def solve_domineering(board: Domineering, **options: Any) -> cgt.Outcome:
    """The outcome class of a Domineering board (see the module docs); ``options`` are
    `DomineeringSolver`'s."""
    return DomineeringSolver(**options).solve(board)
