"""Boards of empty and blocked cells held as bit boards: the fast core of Domineering and Cram.

A board of ``height`` rows and ``width`` columns is one int, ``empty``, whose bit
``r * width + c`` is set when cell ``(r, c)`` is empty.  Dominoes are found by shifts and masks,
the regions of empty cells by flood fill (grow by shifts, masked by the empty cells), and the
eight images under the symmetries of the square row by row, through tables that depend only on
the board's shape.  `DominoBoard` is the base of the game classes: it reads and writes the
string form of `games.grid._board` (``.`` empty, ``#`` blocked), which is used for nothing else.

>>> b = bits_of("..#|...")
>>> b, [bin(r) for r in regions(2, 3, b.empty)], cropped(2, 3, 0b011000)
(Bits(height=2, width=3, empty=59), ['0b111011'], (1, 2, 3))
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, NamedTuple, Self

import cgt
from games.grid._board import Grid, flood

__all__ = ["Bits", "DominoBoard", "bits_of", "cropped", "images", "regions"]


class Bits(NamedTuple):
    """A board's shape and its empty cells (bit ``r * width + c``)."""

    height: int
    width: int
    empty: int


def bits_of(text: str) -> Bits:
    """Read the string form (raises `games.grid._board.BoardError` if it is not a board)."""
    grid = Grid.parse(text, ".#")
    empty = int(grid.cells[::-1].replace(".", "1").replace("#", "0") or "0", 2)
    return Bits(grid.height, grid.width, empty)


def text_of(height: int, width: int, empty: int) -> str:
    """The string form of a bit board."""
    cells = format(empty, f"0{height * width}b")[::-1] if height else ""
    cells = cells.replace("0", "#").replace("1", ".")
    return "|".join(cells[r * width : (r + 1) * width] for r in range(height))


class _Lazy(dict[int, int]):
    """A table filled on first use: ``table[row]`` is ``function(row)``."""

    __slots__ = ("function",)

    def __init__(self, function: Callable[[int], int]) -> None:
        super().__init__()
        self.function = function

    def __missing__(self, row: int) -> int:
        value = self[row] = self.function(row)
        return value


class _Shape:
    """What depends only on the shape: masks of columns, row reversal and transposition tables."""

    __slots__ = (
        "first_column",
        "height",
        "last_column",
        "last_row",
        "not_first",
        "not_last",
        "packed",
        "reverse",
        "row",
        "spread",
        "width",
    )

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        full = (1 << height * width) - 1
        first_column = sum(1 << r * width for r in range(height))
        self.not_first = full & ~first_column  # cells with a left neighbour
        self.not_last = full & ~(first_column << (width - 1)) if width else 0
        self.row = (1 << width) - 1
        self.first_column = first_column
        self.last_column = first_column << (width - 1) if width else 0
        self.last_row = self.row << (height - 1) * width if height else 0
        # a row's cells in the opposite order, and a row laid out as a column of the transpose
        self.reverse = _Lazy(lambda r: int(format(r, f"0{width}b")[::-1], 2))
        self.spread = _Lazy(lambda r: sum(1 << c * height for c in range(width) if r >> c & 1))
        # row r's share of the 8 images of `_eight`, packed in fields of height * width bits
        self.packed = [_Lazy(functools.partial(self._share, r)) for r in range(height)]

    def _share(self, r: int, row: int) -> int:
        height, width = self.height, self.width
        back, column = self.reverse[row], self.spread[row]
        column_back = self.spread[back]
        down, up, turn = r * width, (height - 1 - r) * width, height - 1 - r
        n = height * width
        return (
            row << down
            | back << down + n
            | row << up + 2 * n
            | back << up + 3 * n
            | column << r + 4 * n
            | column_back << r + 5 * n
            | column << turn + 6 * n
            | column_back << turn + 7 * n
        )


_SHAPES: dict[tuple[int, int], _Shape] = {}


def _shape(height: int, width: int) -> _Shape:
    shape = _SHAPES.get((height, width))
    if shape is None:
        shape = _SHAPES[height, width] = _Shape(height, width)
    return shape


def regions(height: int, width: int, empty: int) -> list[int]:
    """The connected regions of the empty cells (orthogonally), lowest first cell first."""
    return list(_each_region(height, width, empty))


def _each_region(height: int, width: int, empty: int) -> Iterator[int]:
    """The regions one at a time, by flood fill from the lowest empty cell left (so a caller
    can stop early)."""
    shape = _SHAPES.get((height, width)) or _shape(height, width)
    return flood(empty, width, shape.not_first, shape.not_last)


def cropped(height: int, width: int, cells: int) -> tuple[int, int, int]:
    """``(height, width, cells)`` of the bounding box of ``cells`` (``(0, 0, 0)`` if none)."""
    if not cells:
        return 0, 0, 0
    shape = _SHAPES.get((height, width)) or _shape(height, width)
    mask = shape.row
    if cells & mask and cells & shape.last_row:
        top, bottom = 0, height
    else:
        top = ((cells & -cells).bit_length() - 1) // width
        bottom = (cells.bit_length() - 1) // width + 1
        cells >>= top * width
    if cells & shape.first_column and cells & shape.last_column:
        return bottom - top, width, cells  # it touches both sides
    columns, rest = 0, cells
    while rest:
        columns |= rest & mask
        rest >>= width
    left = (columns & -columns).bit_length() - 1
    inner = columns.bit_length() - left
    mask = (1 << inner) - 1
    box = 0
    for i in range(bottom - top):
        box |= (cells >> i * width + left & mask) << i * inner
    return bottom - top, inner, box


def _eight(height: int, width: int, empty: int) -> tuple[int, ...]:
    """The 8 images as bits: the board, mirrored, upside down, turned by half a turn; then
    the same four of its transpose, in the order t, transposed-mirrored, its upside down, its
    half turn.  Each row adds its share to all eight at once (packed in one int, by table)."""
    shape = _SHAPES.get((height, width)) or _shape(height, width)
    mask, n = shape.row, height * width
    total, rest = 0, empty
    for table in shape.packed:
        total += table[rest & mask]
        rest >>= width
    full = (1 << n) - 1
    return (
        total & full,
        total >> n & full,
        total >> 2 * n & full,
        total >> 3 * n & full,
        total >> 4 * n & full,
        total >> 5 * n & full,
        total >> 6 * n & full,
        total >> 7 * n,
    )


def images(height: int, width: int, empty: int) -> list[tuple[int, int, int, bool]]:
    """The 8 images under the symmetries of the square: ``(key, rows, bits, transposed)``.

    ``rows`` is the image's height; ``key`` orders images of one shape as their string forms
    do (``#`` before ``.``, the first cell most significant): it is the image turned by half a
    turn.  The images come in pairs related by the half turn.
    """
    e, m, f, o, t, tf, tm, to = _eight(height, width, empty)
    h, w = height, width
    return [
        (o, h, e, False),
        (e, h, o, False),
        (f, h, m, False),
        (m, h, f, False),
        (to, w, t, True),
        (t, w, to, True),
        (tm, w, tf, True),
        (tf, w, tm, True),
    ]


def least_image(
    height: int, width: int, empty: int, negates: bool
) -> tuple[tuple[int, int, int], bool, tuple[int, int, int]]:
    """The images of a cropped board least by their string form: ``(least, transposed,
    least_untransposed)``, where ``transposed`` counts only when ``negates`` (the unnegated
    image wins a tie).
    """
    known = _LEAST.get((height, width, empty, negates))
    if known is not None:
        return known
    if len(_LEAST) >= _LEAST_LIMIT:
        _LEAST.clear()
    if not empty:
        return (0, 0, 0), False, (0, 0, 0)
    # `_eight`, inlined: it runs for every board whose normal form is asked for
    shape = _SHAPES.get((height, width)) or _shape(height, width)
    mask, n = shape.row, height * width
    total, rest = 0, empty
    for table in shape.packed:
        total += table[rest & mask]
        rest >>= width
    full = (1 << n) - 1
    e, m, f, o = total & full, total >> n & full, total >> 2 * n & full, total >> 3 * n & full
    t, tf = total >> 4 * n & full, total >> 5 * n & full
    tm, to = total >> 6 * n & full, total >> 7 * n
    # the least key of each shape; the image whose key it is is its half turn
    plain_key = min(e, m, f, o)
    plain = o if plain_key == e else e if plain_key == o else f if plain_key == m else m
    turned_key = min(t, tf, tm, to)
    turned = to if turned_key == t else t if turned_key == to else tf if turned_key == tm else tm
    if height == width:
        use_turned = (turned_key, negates) < (plain_key, False)
    else:
        first = height * width - min(height, width)  # the first row's common cells, on top
        a, b = plain_key >> first, turned_key >> first
        use_turned = b < a if a != b else height > width  # then the longer first row is less
    least_plain = (height, width, plain)
    if use_turned:
        known = (width, height, turned), negates, least_plain
    else:
        known = least_plain, False, least_plain
    _LEAST[height, width, empty, negates] = known
    return known


_LEAST: dict[tuple[int, int, int, bool], tuple[tuple[int, int, int], bool, tuple[int, int, int]]]
_LEAST = {}
_LEAST_LIMIT = 1 << 16  # the table is emptied when it reaches this size


def joined(height: int, width: int, empty: int) -> int:
    """The empty cells with an empty neighbour (the others can never be covered)."""
    shape = _shape(height, width)
    return empty & (
        (empty << 1 & shape.not_first)
        | (empty >> 1 & shape.not_last)
        | empty << width
        | empty >> width
    )


class DominoBoard(cgt.Position):
    """Base of Domineering and Cram: a bit board of empty (``.``) and blocked (``#``) cells."""

    __slots__ = ("_hash", "_key", "_normal")
    TRANSPOSE_NEGATES: ClassVar[bool] = False
    ALPHABET: ClassVar[str] = ".#"
    """The characters of a cell (as `games.grid._board.GridPosition`'s; the board editor of
    ``cgt explore`` offers them)."""
    STYLE: ClassVar[dict[str, tuple[str, str]]] = {".": ("white", ""), "#": ("#555555", "")}
    _key: tuple[int, int, int]
    _hash: int
    _normal: tuple[Any, bool] | None
    """When known: the board is one region (besides single cells) and this is its
    `normal_form`.  Set by `components` and on the representatives it finds, so each board's
    regions and normal form are computed once."""

    def __init__(self, board: str) -> None:
        """Read the string form, e.g. ``'..|..'`` (raises `BoardError` if it is not a board)."""
        key = tuple(bits_of(board))
        _set(self, "_key", key)
        _set(self, "_hash", hash(key))
        _set(self, "_normal", None)

    @classmethod
    def _make(cls, height: int, width: int, empty: int) -> Self:
        key = (height, width, empty)
        return (_TABLES.get(cls) or _table(cls)).get(key) or _interned(cls, key)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} positions are immutable")

    @property
    def bits(self) -> Bits:
        """The board's shape and its empty cells as an int (bit ``r * width + c``)."""
        return Bits(*self._key)

    @property
    def grid(self) -> Grid:
        """The board as a `games.grid._board.Grid` of ``.`` and ``#``."""
        h, w, _ = self._key
        return Grid(h, w, str(self).replace("|", ""))

    def __str__(self) -> str:
        return text_of(*self._key)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self),))

    def to_text(self) -> str:
        """The board, one row a line."""
        return self.grid.to_text()

    def to_svg(self) -> str:
        """A small SVG picture of the board."""
        return self.grid.to_svg(self.STYLE)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # --- moves --------------------------------------------------------------------------------
    def _dominoes(self, vertical: bool) -> list[Self]:
        """The boards after a vertical or horizontal domino, by its first cell."""
        height, width, empty = self._key
        if vertical:
            step = width
            starts = empty & empty >> width
        else:
            step = 1
            starts = empty & empty >> 1 & _shape(height, width).not_last
        cls = type(self)
        get = (_TABLES.get(cls) or _table(cls)).get
        found = []
        while starts:
            low = starts & -starts
            key = (height, width, empty ^ (low | low << step))
            found.append(get(key) or _interned(cls, key))
            starts ^= low
        return found

    # --- the protocol's optional methods ------------------------------------------------------
    def components(self) -> tuple[Self, ...]:
        """The regions of two or more connected empty cells, each cropped to its box and turned
        to its `normal_form` (or, when that negates, to its least image that does not).

        A board of one such region is its own single component (`normal_form` crops it), one
        of none is the empty board.
        """
        if self._normal is not None:
            return (self,)  # one region, seen before
        height, width, empty = self._key
        shape = _SHAPES.get((height, width)) or _shape(height, width)
        not_first, not_last = shape.not_first, shape.not_last
        parts = []
        rest = empty
        while rest:  # flood fill from the lowest empty cell left (as `games.grid._board.flood`)
            region = rest & -rest
            while True:
                grown = (
                    region
                    | (region << 1 & not_first)
                    | (region >> 1 & not_last)
                    | region << width
                    | region >> width
                ) & rest
                if grown == region:
                    break
                region = grown
            if region & region - 1:
                if region == empty:
                    _set_normal(self, _normal_of(self, height, width, region, True))
                    return (self,)  # one region
                parts.append(region)
            rest ^= region
        if len(parts) == 1:  # one region and single cells: `normal_form` drops them
            _set_normal(self, _normal_of(self, height, width, parts[0], True))
            return (self,)
        if not parts:
            return (self._make(0, 0, 0),)
        cls = type(self)
        found = []
        for part in parts:
            settled = _PARTS.get((cls, height, width, part))
            if settled is None:
                settled = _settled(cls, height, width, part)
            found.append(settled)
        return tuple(found)

    def normal_form(self) -> tuple[Self, bool]:
        """The representative of this position's symmetry class, and whether the value negates.

        The representative is the board without the empty cells that have no empty neighbour,
        cropped, then turned to its least image by the string form (the unnegated one on a tie).
        """
        known = self._normal
        if known is not None:
            return known
        height, width, empty = self._key
        shape = _SHAPES.get((height, width)) or _shape(height, width)
        live = empty & (
            (empty << 1 & shape.not_first)
            | (empty >> 1 & shape.not_last)
            | empty << width
            | empty >> width
        )
        return _normal_of(self, height, width, live, False)


def _normal_of(
    board: Any, height: int, width: int, live: int, one_region: bool
) -> tuple[Any, bool]:
    """``board.normal_form()``, given its cells that have an empty neighbour, ``live``.  When
    they are ``one_region``, a new representative is told that it is its own normal form (it is
    one region too, and the least of its images)."""
    shape = _SHAPES.get((height, width)) or _shape(height, width)
    if (
        live & shape.row
        and live & shape.last_row
        and live & shape.first_column
        and live & shape.last_column
    ):
        box = height, width, live  # it touches every side
    else:
        box = cropped(height, width, live)
    cls = type(board)
    least, negated, _ = least_image(*box, cls.TRANSPOSE_NEGATES)
    if least == board._key:
        return board, False
    representative = (_TABLES.get(cls) or _table(cls)).get(least) or _interned(cls, least)
    if one_region and representative._normal is None:
        _set_normal(representative, (representative, False))
    return representative, negated


def _settled(cls: type[DominoBoard], height: int, width: int, part: int) -> Any:
    """The position on one region, cropped and turned to its least image (the least
    untransposed one when the least negates); shared through ``_PARTS``."""
    if len(_PARTS) >= _LEAST_LIMIT:
        _PARTS.clear()
    least, negated, plain = least_image(*cropped(height, width, part), cls.TRANSPOSE_NEGATES)
    settled = _PARTS[cls, height, width, part] = cls._make(*(plain if negated else least))
    if settled._normal is None:  # one region: its normal form is its least image
        representative = cls._make(*least) if negated else settled
        if representative._normal is None:
            _set_normal(representative, (representative, False))
        _set_normal(settled, (representative, negated))
    return settled


_PARTS: dict[tuple[type[DominoBoard], int, int, int], Any] = {}
_set = object.__setattr__
_BOARDS: dict[type, cgt.Memo[Any]] = {}
"""Per class: (height, width, empty) -> its one position, so equal boards are one object (the
memo tables then find them by identity, without calling ``__eq__``)."""
_TABLES: dict[type, dict[tuple[int, int, int], Any]] = {}
"""Per class: the dictionary of its `_BOARDS` memo (the same object for good: clearing and
shrinking a memo empty it in place)."""


def _boards(cls: type) -> cgt.Memo[Any]:
    table = _BOARDS.get(cls)
    if table is None:
        table = _BOARDS[cls] = cgt.Memo(f"{cls.__name__}-boards")
        _TABLES[cls] = table.table
    return table


def _table(cls: type) -> dict[tuple[int, int, int], Any]:
    """The dictionary of `_boards` (``_TABLES.get(cls) or _table(cls)``: an empty dict is
    false, and a `cgt.Memo` too, through its ``__len__``, which costs a call)."""
    return _boards(cls).table


def _interned(cls: type, key: tuple[int, int, int]) -> Any:
    """A new position of ``cls`` on ``key``, entered in its table of boards."""
    position: Any = _new(cls)
    _set_key(position, key)  # the slots' own setters: `__setattr__` refuses
    _set_hash(position, hash(key))
    _set_normal(position, None)
    boards = _BOARDS.get(cls)
    if boards is None:
        boards = _boards(cls)
    if boards.limit is None or len(boards.table) < boards.limit:
        boards.table[key] = position
    else:
        boards[key] = position  # (drops the older half first)
    return position


_set_key = DominoBoard.__dict__["_key"].__set__
_set_normal = DominoBoard.__dict__["_normal"].__set__
_set_hash = DominoBoard.__dict__["_hash"].__set__
_new = object.__new__
