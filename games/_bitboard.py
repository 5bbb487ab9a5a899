"""Boards of empty and blocked cells held as bit boards: the fast core of Domineering and Cram.

A board of ``height`` rows and ``width`` columns is one int, ``empty``, whose bit
``r * width + c`` is set when cell ``(r, c)`` is empty.  Dominoes are found by shifts and masks,
the regions of empty cells by flood fill (grow by shifts, masked by the empty cells), and the
eight images under the symmetries of the square row by row, through tables that depend only on
the board's shape.  `DominoBoard` is the base of the game classes: it reads and writes the
string form of `games._grid` (``.`` empty, ``#`` blocked), which is used for nothing else.

>>> b = bits_of("..#|...")
>>> b, [bin(r) for r in regions(2, 3, b.empty)], cropped(2, 3, 0b011000)
(Bits(height=2, width=3, empty=59), ['0b111011'], (1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple, Self

from games._grid import Grid

__all__ = ["Bits", "DominoBoard", "bits_of", "cropped", "images", "regions"]


class Bits(NamedTuple):
    """A board's shape and its empty cells (bit ``r * width + c``)."""

    height: int
    width: int
    empty: int


def bits_of(text: str) -> Bits:
    """Read the string form (raises `games._grid.BoardError` if it is not a board)."""
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


_SHAPES: dict[tuple[int, int], _Shape] = {}


def _shape(height: int, width: int) -> _Shape:
    shape = _SHAPES.get((height, width))
    if shape is None:
        shape = _SHAPES[height, width] = _Shape(height, width)
    return shape


def regions(height: int, width: int, empty: int) -> list[int]:
    """The connected regions of the empty cells (orthogonally), lowest first cell first."""
    shape = _shape(height, width)
    not_first, not_last = shape.not_first, shape.not_last
    found = []
    rest = empty
    while rest:
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
        found.append(region)
        rest ^= region
    return found


def cropped(height: int, width: int, cells: int) -> tuple[int, int, int]:
    """``(height, width, cells)`` of the bounding box of ``cells`` (``(0, 0, 0)`` if none)."""
    if not cells:
        return 0, 0, 0
    shape = _shape(height, width)
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


def images(height: int, width: int, empty: int) -> list[tuple[int, int, int, bool]]:
    """The 8 images under the symmetries of the square: ``(key, rows, bits, transposed)``.

    ``rows`` is the image's height; ``key`` orders images of one shape as their string forms
    do (``#`` before ``.``, the first cell most significant): it is the image turned by half a
    turn.  The images come in pairs related by the half turn.
    """
    shape = _shape(height, width)
    reverse, spread, mask = shape.reverse, shape.spread, shape.row
    e = m = f = o = t = tf = tm = to = 0
    last = height - 1
    for r in range(height):
        row = empty >> r * width & mask
        back = reverse[row]
        down, up = r * width, (last - r) * width
        e |= row << down
        m |= back << down
        f |= row << up
        o |= back << up
        column, column_back = spread[row], spread[back]
        t |= column << r
        tf |= column_back << r
        tm |= column << last - r
        to |= column_back << last - r
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
    found = images(height, width, empty)
    plain = min(found[:4])
    turned = min(found[4:])
    if height == width:
        use_turned = (turned[0], negates) < (plain[0], False)
    else:
        first = height * width - min(height, width)  # the first row's common cells, on top
        a, b = plain[0] >> first, turned[0] >> first
        use_turned = b < a if a != b else height > width  # then the longer first row is less
    least_plain = (height, width, plain[2])
    if use_turned:
        known = (width, height, turned[2]), negates, least_plain
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


class DominoBoard:
    """Base of Domineering and Cram: a bit board of empty (``.``) and blocked (``#``) cells."""

    __slots__ = ("_hash", "_key")
    TRANSPOSE_NEGATES: ClassVar[bool] = False
    STYLE: ClassVar[dict[str, tuple[str, str]]] = {".": ("white", ""), "#": ("#555555", "")}
    _key: tuple[int, int, int]
    _hash: int

    def __init__(self, board: str) -> None:
        """Read the string form, e.g. ``'..|..'`` (raises `BoardError` if it is not a board)."""
        key = tuple(bits_of(board))
        _set(self, "_key", key)
        _set(self, "_hash", hash(key))

    @classmethod
    def _make(cls, height: int, width: int, empty: int) -> Self:
        position = _new(cls)
        key = (height, width, empty)
        _set_key(position, key)  # the slots' own setters: `__setattr__` refuses
        _set_hash(position, hash(key))
        return position

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} positions are immutable")

    @property
    def bits(self) -> Bits:
        """The board's shape and its empty cells as an int (bit ``r * width + c``)."""
        return Bits(*self._key)

    @property
    def grid(self) -> Grid:
        """The board as a `games._grid.Grid` of ``.`` and ``#``."""
        h, w, _ = self._key
        return Grid(h, w, str(self).replace("|", ""))

    def __str__(self) -> str:
        return text_of(*self._key)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
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
        found = []
        while starts:
            low = starts & -starts
            position = _new(cls)
            key = (height, width, empty ^ (low | low << step))
            _set_key(position, key)
            _set_hash(position, hash(key))
            found.append(position)
            starts ^= low
        return found

    # --- the protocol's optional methods ------------------------------------------------------
    def components(self) -> tuple[Self, ...]:
        """The regions of two or more connected empty cells, each cropped to its box and turned
        to its `normal_form` (or, when that negates, to its least image that does not).

        A board of one such region is its own single component (`normal_form` crops it), one
        of none is the empty board.
        """
        height, width, empty = self._key
        parts = [r for r in regions(height, width, empty) if r & r - 1]
        if len(parts) == 1:
            return (self,)
        if not parts:
            return (self._make(0, 0, 0),)
        negates, make = self.TRANSPOSE_NEGATES, self._make
        return tuple(make(*_settled(height, width, part, negates)) for part in parts)

    def normal_form(self) -> tuple[Self, bool]:
        """The representative of this position's symmetry class, and whether the value negates.

        The representative is the board without the empty cells that have no empty neighbour,
        cropped, then turned to its least image by the string form (the unnegated one on a tie).
        """
        height, width, empty = self._key
        least, negated, _ = least_image(
            *cropped(height, width, joined(height, width, empty)), self.TRANSPOSE_NEGATES
        )
        if least == self._key:
            return self, False
        return self._make(*least), negated


def _settled(height: int, width: int, part: int, negates: bool) -> tuple[int, int, int]:
    """A region cropped and turned to its least image (the least untransposed one, when the
    least negates)."""
    known = _PARTS.get((height, width, part, negates))
    if known is None:
        if len(_PARTS) >= _LEAST_LIMIT:
            _PARTS.clear()
        least, negated, plain = least_image(*cropped(height, width, part), negates)
        known = _PARTS[height, width, part, negates] = plain if negated else least
    return known


_PARTS: dict[tuple[int, int, int, bool], tuple[int, int, int]] = {}
_set = object.__setattr__
_set_key = DominoBoard.__dict__["_key"].__set__
_set_hash = DominoBoard.__dict__["_hash"].__set__
_new = object.__new__
