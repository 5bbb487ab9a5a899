"""A fast nimber search for Cram boards, on bit boards (no position objects).

The same method as `cgt.NimberSearch` (Beling and Rogalski's ``nimber_in_set`` with Lemoine
and Viennot's components), specialised to Cram so that the inner loop handles plain ints:

* a position is a region of empty cells, keyed by one int: the least of its eight images under
  the symmetries of the square, cropped to its box (`games.grid._bitboard.least_image`), with
  its shape; cells with no empty neighbour are dropped first (no domino can cover them);
* an option (one domino placed) is split into its regions by flood fill; regions of 2 or 3
  cells have nimber 1 (one move is left in each), the others are looked up in the table of
  known nimbers, the rest are searched;
* besides "a mex of ``m`` values is at most ``m``", a region of ``c`` cells has nimber at most
  ``c // 2``: a nimber is at most the length of the longest play (by induction: the mex of
  values below ``L`` is at most ``L``), and a Cram play covers two cells a move;
* options are searched from the smallest (fewest empty cells in their unsolved regions) on;
* two equal regions in one option cancel (``G + G = 0``), so neither is searched;
* **mirror strategy** (Tweedledum and Tweedledee): a region mapped onto itself by a symmetry
  of its box (the half turn, a reflection, or a diagonal of a square box) that fixes no empty
  cell and no domino has nimber 0, with no search.  Whatever domino the first player places,
  its image is disjoint from it (a domino meeting its image would share a fixed cell or be its
  own image) and was empty, so the second player answers with it and the region stays
  symmetric; the second player makes the last move.  (`mirror_zero`; tested on every board of
  a few shapes against the plain recursion.)

The generic `cgt.NimberSearch` and the plain recursion stay the oracles: the tests compare
this solver with both on every board of a few shapes and on random boards.

>>> from games.grid.cram import rectangle
>>> solver = CramSearch()
>>> [solver.nimber(rectangle(3, n)) for n in range(1, 7)]
[1, 1, 0, 1, 1, 4]
>>> solver.has_nimber(rectangle(4, 5), 2), solver.has_nimber(rectangle(4, 5), 0)
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cgt import (
    InvalidArgumentError,
    NimberSearch,
    SearchInterrupted,
    SearchStats,
    WrongTypeError,
)
from games.grid._bitboard import _each_region, cropped, joined, least_image

__all__ = ["DEFAULT_CRAM_TABLE_LIMIT", "CramSearch", "cram_nimber"]

_SHIFT = 12  # a key is ``bits << 12 | height << 6 | width``
_LIMIT = 1 << 22  # entries of a cache before it is emptied (exact answers are kept longer)


def mirror_zero(height: int, width: int, cells: int) -> bool:
    """Whether the mirror strategy shows that the board ``cells`` (bit ``r * width + c``) has
    nimber 0: some symmetry of the box maps the empty cells onto themselves and fixes no empty
    cell and no domino on empty cells (see the module docs).

    >>> mirror_zero(2, 2, 0b1111), mirror_zero(1, 3, 0b111), mirror_zero(2, 3, 0b101101)
    (True, False, True)
    """
    n = height * width
    if n == 0:
        return True
    rows = [(cells >> (r * width)) & ((1 << width) - 1) for r in range(height)]
    turned = int(format(cells, f"0{n}b")[::-1], 2)
    if turned == cells:  # the half turn: fixed cell only if both sides are odd
        middle_r, middle_c = (height - 1) / 2, (width - 1) / 2
        ok = True
        if height % 2 and width % 2:
            ok = not cells >> (int(middle_r) * width + int(middle_c)) & 1
        elif height % 2:  # a horizontal domino across the centre is its own image
            r, c = int(middle_r), width // 2 - 1
            ok = not (cells >> (r * width + c) & 1 and cells >> (r * width + c + 1) & 1)
        elif width % 2:  # a vertical domino across the centre
            r, c = height // 2 - 1, int(middle_c)
            ok = not (cells >> (r * width + c) & 1 and cells >> ((r + 1) * width + c) & 1)
        if ok:
            return True
    reversed_rows = [int(format(row, f"0{width}b")[::-1], 2) for row in rows]
    if reversed_rows == rows:  # left-right: the middle column (odd width) is fixed
        if width % 2:
            middle = width // 2
            ok = not any(row >> middle & 1 for row in rows)
        else:  # a horizontal domino across the axis is its own image
            half = width // 2
            ok = not any(row >> (half - 1) & 1 and row >> half & 1 for row in rows)
        if ok:
            return True
    if rows == rows[::-1]:  # top-bottom
        if height % 2:
            ok = not rows[height // 2]
        else:
            half = height // 2
            ok = not (rows[half - 1] & rows[half])
        if ok:
            return True
    if height == width:  # the diagonals: their cells are fixed, no domino is
        transposed = [sum(((rows[r] >> c) & 1) << r for r in range(height)) for c in range(width)]
        if transposed == rows and not any(rows[i] >> i & 1 for i in range(height)):
            return True
        anti = [
            sum(((rows[height - 1 - r] >> (width - 1 - c)) & 1) << r for r in range(height))
            for c in range(width)
        ]
        if anti == rows and not any(rows[i] >> (width - 1 - i) & 1 for i in range(height)):
            return True
    return False


def _key(height: int, width: int, cells: int) -> int:
    h, w, c = cropped(height, width, cells)
    (h, w, c), _, _ = least_image(h, w, c, False)
    return c << _SHIFT | h << 6 | w


_REPORT_EVERY = 4096
"""Regions expanded between two calls of the progress callback."""

DEFAULT_CRAM_TABLE_LIMIT = 8_000_000
"""Exact nimbers kept before the older half is dropped (5 x 7 peaks at about 3 GB with it)."""


class CramSearch:
    """The nimber of a Cram board by search; the tables are kept across calls.

    The interface is `cgt.NimberSearch`'s (``cgt nimber`` and `cgt.nimber_split` use it for
    Cram boards, `cgt.register_nimber_search`): ``table_limit`` bounds the table of exact
    nimbers (entries; None: unbounded): when it is reached the older half is dropped and the
    other tables are emptied (answers stay exact, only work may be repeated); ``progress(stats)``
    (a `cgt.SearchStats`) is called every few thousand regions expanded; Ctrl-C raises
    `cgt.SearchInterrupted` with the stats, and the solver keeps what it learnt.
    """

    name = "Cram bit-board search"

    def __init__(
        self,
        *,
        table_limit: int | None = DEFAULT_CRAM_TABLE_LIMIT,
        progress: Callable[[SearchStats], None] | None = None,
    ) -> None:
        NimberSearch.check_settings(table_limit, progress)
        self.table_limit = table_limit
        self.progress = progress
        self.exact: dict[int, int] = {}
        self._refuted: dict[int, int] = {}
        self._moves: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        self._splits: dict[tuple[int, int, int], tuple[tuple[int, ...], int]] = {}
        self.expanded = 0
        self.mirrored = 0
        self._questions = 0
        self._refutations = 0
        self._drops = 0
        self._root_k: int | None = None
        self._started = time.perf_counter()
        self._report_every = self._next_report = _REPORT_EVERY

    # --- public ---------------------------------------------------------------------------------
    def nimber(self, board: Any) -> int:
        """The nimber of a `games.grid.cram.Cram` board (any shape, blocked cells allowed)."""
        bits = _bits(board)
        try:
            parts, x = self._split(*bits)
            for part in parts:
                x ^= self._root(part)
        except KeyboardInterrupt as stop:
            raise SearchInterrupted(self.stats) from stop
        return x

    def has_nimber(self, board: Any, k: int) -> bool:
        """Whether the board has nimber ``k`` (whether board + *k is a P-position)."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise InvalidArgumentError(f"a nimber is a non-negative int, got {k!r}")
        bits = _bits(board)
        try:
            parts, x = self._split(*bits)
            if not parts:
                return x == k
            *small, big = parts
            for part in small:
                x ^= self._in_set(part, -1)
            return self._in_set(big, 1 << (k ^ x)) == k ^ x
        except KeyboardInterrupt as stop:
            raise SearchInterrupted(self.stats) from stop

    @property
    def stats(self) -> SearchStats:
        """How far the searches of this solver got (``expanded``: regions whose options were
        generated; ``questions``: searches of one region against a set of values)."""
        return SearchStats(
            self.expanded,
            self._questions,
            self._refutations,
            len(self.exact) + len(self._refuted),
            self._drops,
            time.perf_counter() - self._started,
            self._root_k,
        )

    # --- the search -----------------------------------------------------------------------------
    def _split(self, height: int, width: int, empty: int) -> tuple[tuple[int, ...], int]:
        """The unsolved regions' keys (largest last) and the xor of the solved ones' nimbers."""
        known = self._splits.get((height, width, empty))
        if known is not None:
            return known
        exact = self.exact
        parts = []
        x = 0
        for region in _each_region(height, width, joined(height, width, empty)):
            size = region.bit_count()
            if size <= 3:
                x ^= 1  # one domino fits, then none
                continue
            key = _key(height, width, region)
            value = exact.get(key)
            if value is None:
                parts.append((size, key))
            else:
                x ^= value
        parts.sort()
        keys = [key for _, key in parts]
        kept: list[int] = []
        for key in keys:  # equal regions cancel in pairs (G + G = 0)
            if kept and kept[-1] == key:
                kept.pop()
            else:
                kept.append(key)
        result = tuple(kept), x
        if len(self._splits) >= _LIMIT:
            self._splits.clear()
        self._splits[height, width, empty] = result
        return result

    def _options(self, key: int) -> list[tuple[tuple[int, ...], int]]:
        moves = self._moves.get(key)
        if moves is not None:
            return moves
        self.expanded += 1
        if self.expanded >= self._next_report:
            self._next_report += self._report_every
            if self.progress is not None:
                self.progress(self.stats)
        height, width, empty = key >> 6 & 63, key & 63, key >> _SHIFT
        not_last = empty & ~_left_column(height, width)  # (cells with a right neighbour)
        split = self._split
        moves = []
        for step, starts in ((width, empty & empty >> width), (1, empty & empty >> 1 & not_last)):
            while starts:
                low = starts & -starts
                moves.append(split(height, width, empty ^ (low | low << step)))
                starts ^= low
        if len(self._moves) >= _LIMIT:
            self._moves.clear()
        self._moves[key] = moves
        return moves

    def _in_set(self, key: int, wanted: int) -> int:
        """The nimber of the region ``key`` if it is in ``wanted`` (a bit mask; -1: any), else
        -1 (as `cgt.NimberSearch`: ``possible`` starts as ``{0..m}``, each option's nimber
        takes itself or the largest element out, the one element left is the mex)."""
        exact = self.exact
        value = exact.get(key)
        if value is not None:
            return value
        if key not in self._refuted and self._mirrored(key):
            return 0
        refuted = self._refuted.get(key, 0)
        bound = (1 << (((key >> _SHIFT).bit_count() >> 1) + 1)) - 1  # nimber <= cells // 2
        wanted &= bound & ~refuted
        if not wanted:
            return -1
        self._questions += 1
        moves = self._options(key)
        possible = (1 << (len(moves) + 1)) - 1
        upto = (1 << wanted.bit_length()) - 1
        pending = []
        for parts, x in moves:  # the options whose regions are all solved first
            unknown = [p for p in parts if p not in exact]
            if unknown:
                pending.append((sum((p >> _SHIFT).bit_count() for p in unknown), parts, x))
            else:
                for p in parts:
                    x ^= exact[p]
                bit = 1 << x
                possible ^= bit if possible & bit else 1 << (possible.bit_length() - 1)
        pending.sort()
        complete = True
        for _, parts, x in pending:
            if not possible & wanted:
                break
            top = 1 << (possible.bit_length() - 1)
            v = self._move_in_set(parts, x, (possible ^ top) & upto)
            if v < 0:
                possible ^= top
                complete = False
            else:
                bit = 1 << v
                possible ^= bit if possible & bit else top
        else:
            if complete or possible & upto:
                value = possible.bit_length() - 1
                if self.table_limit is not None and len(exact) >= self.table_limit:
                    self._drop()
                exact[key] = value
                self._refuted.pop(key, None)
                return value
        self._refutations += 1
        if len(self._refuted) >= _LIMIT:
            self._refuted.clear()
        self._refuted[key] = refuted | wanted
        return -1

    def _root(self, key: int) -> int:
        """The nimber of a region by aspiration (Beling and Rogalski): for ``k = 0, 1, ...``
        ask the options "is your nimber k?" and stop at the first ``k`` that none has."""
        value = self.exact.get(key)
        if value is not None:
            return value
        if self._mirrored(key):
            return 0
        exact = self.exact
        moves = sorted(
            self._options(key), key=lambda m: sum((p >> _SHIFT).bit_count() for p in m[0])
        )
        found = 0  # nimbers of options seen
        k = 0
        while True:
            self._root_k = k
            if not found >> k & 1:
                index = 0
                while index < len(moves):
                    v = self._move_in_set(*moves[index], 1 << k)
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
        exact[key] = k
        return k

    def _mirrored(self, key: int) -> bool:
        """`mirror_zero` of a region; a region found so is entered with nimber 0."""
        if not mirror_zero(key >> 6 & 63, key & 63, key >> _SHIFT):
            return False
        self.mirrored += 1
        if self.table_limit is not None and len(self.exact) >= self.table_limit:
            self._drop()
        self.exact[key] = 0
        return True

    def _move_in_set(self, parts: tuple[int, ...], x: int, wanted: int) -> int:
        """The nimber of an option (regions ``parts`` plus a solved nimber ``x``) if it is in
        ``wanted``, else -1: every region but the largest exactly, the largest by search."""
        exact = self.exact
        last = None
        for p in parts:
            value = exact.get(p)
            if value is not None:
                x ^= value
            elif last is None:
                last = p
            else:
                x ^= self._in_set(last, -1)  # the smaller ones first (parts go up in size)
                last = p
        if last is None:
            return x
        if x:
            shifted = 0
            rest = wanted
            while rest:
                low = rest & -rest
                shifted |= 1 << ((low.bit_length() - 1) ^ x)
                rest ^= low
            wanted = shifted
        value = self._in_set(last, wanted)
        return -1 if value < 0 else value ^ x

    def _drop(self) -> None:
        self._drops += 1
        keys = list(self.exact)
        for key in keys[: len(keys) // 2]:
            del self.exact[key]
        self._refuted.clear()
        self._splits.clear()
        self._moves.clear()


_LEFT: dict[tuple[int, int], int] = {}


def _left_column(height: int, width: int) -> int:
    """The cells of the last column (they have no right neighbour)."""
    mask = _LEFT.get((height, width))
    if mask is None:
        mask = _LEFT[height, width] = sum(1 << (r * width + width - 1) for r in range(height))
    return mask


def _bits(board: Any) -> tuple[int, int, int]:
    from games.grid.cram import Cram

    if not isinstance(board, Cram):
        raise WrongTypeError(f"a Cram board, got {board!r}")
    return tuple(board.bits)  # type: ignore[return-value]


_SHARED: list[CramSearch] = []


def shared_nimber(board: Any) -> int | None:
    """The nimber of a Cram board by one `CramSearch` kept for the process (its tables serve
    every later board), or None for a board of fewer than 12 empty cells (the generic methods
    are as fast there).  `cgt.grundy` asks it first for Cram boards
    (`cgt.register_nimber_solver`)."""
    if board.bits.empty.bit_count() < 12:
        return None
    if not _SHARED:
        _SHARED.append(CramSearch())
    return _SHARED[0].nimber(board)


def cram_nimber(board: Any) -> int:
    """The nimber of a Cram board by `CramSearch` (a fresh solver).

    >>> from games.grid.cram import rectangle
    >>> cram_nimber(rectangle(5, 5)), cram_nimber(rectangle(3, 7))
    (0, 1)
    """
    return CramSearch().nimber(board)
