"""Shared machinery for games played on a rectangular grid of cells.

A board is written as in CGSuite and cgt-tools: its rows from top to bottom, separated by ``|``,
one character a cell (``.`` empty, ``#`` blocked, other letters per game).  `Grid` holds such a
board (immutable, hashable); `GridPosition` is the base of the game classes: it parses the
string form, compares and hashes by it, draws the board as text or SVG, and finds the canonical
image of a board under the symmetries a game allows (`GridPosition.normal_form`).

A bad board raises `BoardError`, saying what is wrong and where; a board of more than
`MAX_CELLS` cells raises `BoardTooLargeError` before any work on it (no value of such a board
could be computed, and its parts alone would take seconds and gigabytes):

>>> Grid.parse("..|.z", ".#")
Traceback (most recent call last):
...
games.grid._board.BoardError: unexpected 'z' at row 2, column 2 (position 4); expected one of '.#'
    ..|.z
        ^
>>> g = Grid.parse("#..|#.#", ".#")
>>> g.height, g.width, str(g.cropped("#")), [sorted(r) for r in g.regions(".")]
(2, 3, '..|.#', [[1, 2, 4]])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar, Self

import cgt

__all__ = [
    "COLOURED",
    "KING_STEPS",
    "MAX_CELLS",
    "ROOK_STEPS",
    "SWAP_XO",
    "XO_ALIASES",
    "BoardError",
    "BoardTooLargeError",
    "Grid",
    "GridPosition",
    "all_boards",
    "cell_indices",
    "check_cells",
    "colourings",
    "count_argument",
    "flood",
    "live_cells",
    "uncoloured_regions",
]

SWAP_XO = str.maketrans("xo", "ox")
"""Exchanges Left's pieces ``x`` and Right's ``o`` (a ``str.translate`` table)."""
XO_ALIASES = {"L": "x", "R": "o"}
"""``L`` and ``R`` accepted for ``x`` and ``o``."""
COLOURED = {".": ("white", ""), "#": ("#555555", ""), "x": ("#3b6fd8", ""), "o": ("#d83b3b", "")}
"""The SVG style of the colouring games: Left's cells blue, Right's red."""


class BoardError(cgt.CGTError, ValueError):
    """A board string that is not a board of this game; ``position`` is the offending offset."""

    def __init__(self, message: str, text: str, position: int) -> None:
        self.message = message
        self.text = text
        self.position = position
        shown = text if len(text) <= 70 else text[:70] + "..."
        caret = " " * min(position, len(shown)) + "^"
        super().__init__(f"{message}\n    {shown}\n    {caret}")


MAX_CELLS = 10_000
"""The most cells a board of a grid game may have (a 100 x 100 board): far beyond any board
whose value can be computed, and beyond every board played by programs (19 x 19 Go has 361)."""


class BoardTooLargeError(cgt.CGTError, ValueError):
    """A board with more than `MAX_CELLS` cells (refused before any work on it)."""


def check_cells(cells: int, what: str = "board") -> None:
    """Raise `BoardTooLargeError` if a ``what`` of ``cells`` cells is larger than `MAX_CELLS`.

    >>> try:
    ...     check_cells(100 * 101)
    ... except BoardTooLargeError as error:
    ...     print(error)
    a board of 10,100 cells is larger than the 10,000 cells (100 x 100) the grid games accept
    """
    if cells > MAX_CELLS:
        raise BoardTooLargeError(
            f"a {what} of {cells:,} cells is larger than the {MAX_CELLS:,} cells (100 x 100) "
            "the grid games accept"
        )


def count_argument(name: str, value: object, *, minimum: int = 0) -> int:
    """``value`` if it is an int (not a bool) of at least ``minimum``; otherwise
    `cgt.WrongTypeError` or `cgt.InvalidArgumentError` naming ``name`` and what is allowed.

    >>> count_argument("rows", 3), count_argument("rows", 0)
    (3, 0)
    >>> count_argument("rows", -1)
    Traceback (most recent call last):
    ...
    cgt.core.errors.InvalidArgumentError: rows is a whole number >= 0; got -1
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise cgt.WrongTypeError(
            f"{name} is a whole number (an int) >= {minimum}; got {value!r} "
            f"({type(value).__name__})"
        )
    if value < minimum:
        raise cgt.InvalidArgumentError(f"{name} is a whole number >= {minimum}; got {value!r}")
    return value


class Grid:
    """A rectangular board: ``height`` rows of ``width`` cells, one character each.

    ``cells`` holds the rows one after the other (cell ``(r, c)`` is ``cells[r * width + c]``).

    >>> g = Grid.parse("ab|cd", "abcd")
    >>> str(g.transposed()), str(g.flipped_rows()), str(g.flipped_columns())
    ('ac|bd', 'cd|ab', 'ba|dc')
    """

    __slots__ = ("cells", "height", "width")
    cells: str
    height: int
    width: int

    def __init__(self, height: int, width: int, cells: str) -> None:
        if len(cells) != height * width:
            raise cgt.InvalidArgumentError(f"{height} x {width} grid given {_cells(len(cells))}")
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "width", width if height else 0)
        object.__setattr__(self, "cells", cells)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Grid is immutable (tried to set {name!r})")

    @classmethod
    def parse(cls, text: str, alphabet: str, aliases: Mapping[str, str] | None = None) -> Grid:
        """Read rows separated by ``|`` (the empty string is the empty board).

        ``alphabet`` lists the characters allowed; ``aliases`` maps other accepted characters
        to characters of the alphabet.
        """
        if not isinstance(text, str):
            raise cgt.WrongTypeError(f"a board is a string like '..|..', not {text!r}")
        aliases = aliases or {}
        if text == "":
            return cls(0, 0, "")
        if len(text) > MAX_CELLS:  # the separators count too: refuse before splitting
            check_cells(len(text) - text.count("|"))
        rows = text.split("|")
        width = len(rows[0])
        cells: list[str] = []
        offset = 0
        for r, row in enumerate(rows):
            if len(row) != width:
                raise BoardError(
                    f"row {r + 1} has {_cells(len(row))} but row 1 has {width}; "
                    "rows are separated by '|' and must have the same length",
                    text,
                    offset + min(len(row), width),
                )
            if width == 0:
                raise BoardError("empty row: a board is '' or rows of cells", text, offset)
            for c, ch in enumerate(row):
                ch = aliases.get(ch, ch)
                if ch not in alphabet:
                    raise BoardError(
                        f"unexpected {row[c]!r} at row {r + 1}, column {c + 1} "
                        f"(position {offset + c}); expected one of {alphabet!r}",
                        text,
                        offset + c,
                    )
                cells.append(ch)
            offset += width + 1
        return cls(len(rows), width, "".join(cells))

    # --- identity ---------------------------------------------------------------------------
    def __str__(self) -> str:
        return "|".join(self.rows())

    def __repr__(self) -> str:
        return f"Grid({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.width, self.cells) == (other.width, other.cells)

    def __hash__(self) -> int:
        return hash((self.width, self.cells))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Grid, (self.height, self.width, self.cells))

    def rows(self) -> list[str]:
        """The rows, top to bottom."""
        w = self.width
        return [self.cells[r * w : (r + 1) * w] for r in range(self.height)]

    # --- editing ----------------------------------------------------------------------------
    def replaced(self, changes: Mapping[int, str]) -> Grid:
        """The grid with the cells at the given indices changed."""
        cells = list(self.cells)
        for index, ch in changes.items():
            cells[index] = ch
        return Grid(self.height, self.width, "".join(cells))

    def translated(self, table: Mapping[int, Any]) -> Grid:
        """The grid with its characters translated (``str.translate``), e.g. colours swapped."""
        return Grid(self.height, self.width, self.cells.translate(table))

    def cropped(self, background: str) -> Grid:
        """The bounding box of the cells not in ``background`` (the empty grid if none)."""
        cells, w = self.cells, self.width
        if (
            cells[:w].strip(background)
            and cells[-w:].strip(background)
            and cells[::w].strip(background)
            and cells[w - 1 :: w].strip(background)
        ):
            return self  # it touches all four sides
        rows = self.rows()
        live = [r for r, row in enumerate(rows) if row.strip(background)]
        if not live:
            return Grid(0, 0, "")
        top, bottom = live[0], live[-1] + 1
        left = min(len(rows[r]) - len(rows[r].lstrip(background)) for r in live)
        right = max(len(rows[r].rstrip(background)) for r in live)
        if (top, bottom, left, right) == (0, self.height, 0, self.width):
            return self
        cells = "".join(row[left:right] for row in rows[top:bottom])
        return Grid(bottom - top, right - left, cells)

    def restricted(self, keep: Iterable[int], fill: str, background: str) -> Grid:
        """Only the cells at ``keep``; every other cell becomes ``fill``; then `cropped`."""
        kept = set(keep)
        if len(self.cells) - self.cells.count(fill) == len(kept) and all(
            self.cells[i] != fill for i in kept
        ):
            return self.cropped(background)  # every other cell is ``fill`` already
        cells = "".join(ch if i in kept else fill for i, ch in enumerate(self.cells))
        return Grid(self.height, self.width, cells).cropped(background)

    # --- geometry ---------------------------------------------------------------------------
    def neighbours(self, index: int, diagonal: bool = False) -> tuple[int, ...]:
        """The indices of the cells next to ``index`` (orthogonally, or also diagonally)."""
        return _layout(self.height, self.width).neighbours[diagonal][index]

    def step(self, index: int, dr: int, dc: int) -> int | None:
        """The index ``dr`` rows and ``dc`` columns away, or None off the board."""
        r, c = divmod(index, self.width)
        r, c = r + dr, c + dc
        if 0 <= r < self.height and 0 <= c < self.width:
            return r * self.width + c
        return None

    def bits(self, members: str) -> int:
        """The cells whose character is in ``members`` as the bits ``r * width + c`` of an int.

        >>> bin(Grid.parse("x.|ox", ".xo").bits("xo"))
        '0b1101'
        """
        return int(self.cells[::-1].translate(_bit_table(members)) or "0", 2)

    def bit_regions(self, members: str) -> Iterator[int]:
        """The orthogonally connected regions of the cells in ``members``, as bit masks, lowest
        first cell first (see `bits`)."""
        layout = _layout(self.height, self.width)
        return flood(self.bits(members), self.width, layout.not_first, layout.not_last)

    def regions(self, members: str, diagonal: bool = False) -> list[set[int]]:
        """The connected regions of cells whose character is in ``members``, in index order."""
        if not diagonal:
            return [cell_indices(region) for region in self.bit_regions(members)]
        cells = self.cells
        table = _layout(self.height, self.width).neighbours[diagonal]
        seen: set[int] = set()
        regions: list[set[int]] = []
        for start, ch in enumerate(cells):
            if ch not in members or start in seen:
                continue
            region = {start}
            stack = [start]
            while stack:
                for j in table[stack.pop()]:
                    if j not in region and cells[j] in members:
                        region.add(j)
                        stack.append(j)
            seen |= region
            regions.append(region)
        return regions

    # --- symmetries -------------------------------------------------------------------------
    def transposed(self) -> Grid:
        """Rows become columns."""
        h, w = self.height, self.width
        return Grid(w, h, "".join(self.cells[r * w + c] for c in range(w) for r in range(h)))

    def flipped_rows(self) -> Grid:
        """Upside down."""
        return Grid(self.height, self.width, "".join(reversed(self.rows())))

    def flipped_columns(self) -> Grid:
        """Mirrored left to right."""
        return Grid(self.height, self.width, "".join(row[::-1] for row in self.rows()))

    def symmetries(self) -> Iterator[tuple[Grid, bool]]:
        """The 8 images under the symmetries of the square, each with whether it transposes."""
        cells = self.cells
        for transposed, permutation in _layout(self.height, self.width).symmetries:
            h, w = (self.width, self.height) if transposed else (self.height, self.width)
            yield Grid(h, w, "".join(map(cells.__getitem__, permutation))), transposed

    # --- pictures ---------------------------------------------------------------------------
    def to_text(self) -> str:
        """The rows on separate lines."""
        return "\n".join(self.rows())

    def to_svg(self, style: Mapping[str, tuple[str, str]], cell: int = 24) -> str:
        """An SVG picture: ``style[ch] = (background colour, stone colour or '')``."""
        w, h = self.width * cell, self.height * cell
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2}" height="{h + 2}" '
            f'viewBox="-1 -1 {w + 2} {h + 2}">'
        ]
        for i, ch in enumerate(self.cells):
            r, c = divmod(i, self.width)
            fill, stone = style.get(ch, ("white", ""))
            x, y = c * cell, r * cell
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                'stroke="black" stroke-width="1"/>'
            )
            if stone:
                half = cell / 2
                parts.append(
                    f'<circle cx="{x + half}" cy="{y + half}" r="{cell * 0.35}" '
                    f'fill="{stone}" stroke="black" stroke-width="1"/>'
                )
        parts.append("</svg>")
        return "".join(parts)


ROOK_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
KING_STEPS = (*ROOK_STEPS, (-1, -1), (-1, 1), (1, -1), (1, 1))


class _Layout:
    """What depends only on a board's shape: each cell's neighbours, the symmetries as index
    permutations, and the same as pickers of an image's string form (cached per shape)."""

    __slots__ = ("neighbours", "not_first", "not_last", "pickers", "symmetries")

    def __init__(self, height: int, width: int) -> None:
        def around(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
            return tuple(
                tuple(
                    (r + dr) * width + c + dc
                    for dr, dc in steps
                    if 0 <= r + dr < height and 0 <= c + dc < width
                )
                for r in range(height)
                for c in range(width)
            )

        self.neighbours = (around(ROOK_STEPS), around(KING_STEPS))
        full = (1 << height * width) - 1
        first_column = sum(1 << r * width for r in range(height))
        self.not_first = full & ~first_column  # cells with a left neighbour
        self.not_last = full & ~(first_column << (width - 1)) if width else 0
        index = [[r * width + c for c in range(width)] for r in range(height)]
        transposed = [list(column) for column in zip(*index, strict=True)] if height else []
        images: list[tuple[bool, tuple[int, ...]]] = []
        pickers: list[tuple[bool, int, int, Callable[[str], Any]]] = []
        bar = height * width  # the index of the '|' appended to the cells
        for flag, base in ((False, index), (True, transposed)):
            for rows in (base, base[::-1]):
                for mirror in (False, True):
                    order = [row[::-1] if mirror else row for row in rows]
                    images.append((flag, tuple(i for row in order for i in row)))
                    text = [i for row in order for i in (*row, bar)][:-1]
                    pick = itemgetter(*text) if len(text) > 1 else _single(text)
                    pickers.append((flag, len(order), len(order[0]) if order else 0, pick))
        self.symmetries = tuple(images)
        self.pickers = tuple(pickers)


def _single(text: list[int]) -> Callable[[str], Any]:
    """A picker of one character (or none), like `itemgetter` of several."""
    return (lambda cells: (cells[text[0]],)) if text else (lambda cells: ())


def flood(cells: int, width: int, not_first: int, not_last: int) -> Iterator[int]:
    """The orthogonally connected regions of the set bits of ``cells`` (bit ``r * width + c``;
    ``not_first`` / ``not_last``: the cells with a left / right neighbour), one at a time, by
    flood fill from the lowest cell left, so a caller can stop early.

    >>> [bin(r) for r in flood(0b1011, 2, 0b1010, 0b0101)]
    ['0b1011']
    """
    rest = cells
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
        yield region
        rest ^= region


def cell_indices(bits: int) -> set[int]:
    """The indices of the set bits (the cells of a region of `Grid.bit_regions`)."""
    return {i for i in range(bits.bit_length()) if bits >> i & 1}


@lru_cache(maxsize=64)
def _bit_table(members: str) -> dict[int, str]:
    """A ``str.translate`` table: the characters of ``members`` to ``1``, others to ``0``."""
    return {code: "1" if chr(code) in members else "0" for code in range(256)}


@lru_cache(maxsize=256)
def _layout(height: int, width: int) -> _Layout:
    return _Layout(height, width)


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


class GridPosition(cgt.Position):
    """Base of the grid games: a position is its `Grid`; subclasses supply the moves.

    Class attributes: ``ALPHABET`` (the characters of the string form), ``ALIASES`` (other
    characters accepted on input), ``STYLE`` (colours for `to_svg`), ``COLOUR_SWAP`` (a
    ``str.maketrans`` table exchanging the players' pieces, or None when exchanging the players
    is a transposition as in Domineering, or impossible), ``TRANSPOSE_NEGATES``.
    """

    __slots__ = ("_grid", "_hash")
    ALPHABET: ClassVar[str] = ".#"
    ALIASES: ClassVar[Mapping[str, str]] = {}
    STYLE: ClassVar[Mapping[str, tuple[str, str]]] = {
        ".": ("white", ""),
        "#": ("#555555", ""),
        "x": ("white", "black"),
        "o": ("white", "white"),
    }
    COLOUR_SWAP: ClassVar[Mapping[int, Any] | None] = None
    TRANSPOSE_NEGATES: ClassVar[bool] = False
    _grid: Grid
    _hash: int

    def __init__(self, board: str) -> None:
        """Read the string form, e.g. ``'..|..'`` (raises `BoardError` if it is not a board)."""
        grid = Grid.parse(board, self.ALPHABET, self.ALIASES)
        object.__setattr__(self, "_grid", grid)
        object.__setattr__(self, "_hash", hash((type(self).__name__, grid)))

    @classmethod
    def _of(cls, grid: Grid) -> Self:
        """The position on ``grid`` (no parsing)."""
        position = object.__new__(cls)
        object.__setattr__(position, "_grid", grid)
        object.__setattr__(position, "_hash", hash((cls.__name__, grid)))
        return position

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} positions are immutable")

    @property
    def grid(self) -> Grid:
        """The board."""
        return self._grid

    def __str__(self) -> str:
        return str(self._grid)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self._grid)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._grid == other._grid

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self._grid),))

    def to_text(self) -> str:
        """The board, one row a line."""
        return self._grid.to_text()

    def to_svg(self) -> str:
        """A small SVG picture of the board."""
        return self._grid.to_svg(self.STYLE)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # --- the protocol's optional methods ----------------------------------------------------
    def _images(self) -> Iterator[tuple[Grid, bool]]:
        """The images of the board under the symmetries that keep the value or negate it."""
        for image, transposed in self._grid.symmetries():
            negated = transposed and self.TRANSPOSE_NEGATES
            yield image, negated
            if self.COLOUR_SWAP is not None:
                yield image.translated(self.COLOUR_SWAP), not negated

    def _normal_grid(self, grid: Grid) -> Grid:
        """The board made smaller without changing the value (cropped); the identity here."""
        return grid

    def normal_form(self) -> tuple[Self, bool]:
        """The representative of this position's symmetry class, and whether the value negates.

        The representative is the least image by its string form (the unnegated one on a tie).
        """
        grid = self._normal_grid(self._grid)
        cells = grid.cells + "|"
        swap, negates = self.COLOUR_SWAP, self.TRANSPOSE_NEGATES
        best: tuple[str, bool, int, int] | None = None
        for transposed, rows, columns, pick in _layout(grid.height, grid.width).pickers:
            text = "".join(pick(cells))
            negated = transposed and negates
            if best is None or (text, negated) < best[:2]:
                best = (text, negated, rows, columns)
            if swap is not None:
                text = text.translate(swap)
                if (text, not negated) < best[:2]:
                    best = (text, not negated, rows, columns)
        assert best is not None
        text, negated, rows, columns = best
        if text == str(self._grid):
            return self, False
        return self._of(Grid(rows, columns, text.replace("|", ""))), negated

    def _split(self, regions: Iterable[set[int]], fill: str, background: str) -> tuple[Self, ...]:
        """The positions on each region alone (other cells ``fill``), or ``(self,)``."""
        parts = [self._of(self._grid.restricted(r, fill, background)) for r in regions]
        if not parts:
            return (self._of(Grid(0, 0, "")),)
        if len(parts) == 1 and parts[0] == self:
            return (self,)
        return tuple(parts)


def options_by(moves: Callable[[Grid], Iterable[Grid]], position: GridPosition) -> tuple[Any, ...]:
    """The positions reached by ``moves`` from ``position``, in a fixed order, without repeats."""
    cls = type(position)
    return tuple(cls._of(g) for g in dict.fromkeys(moves(position.grid)))


def all_boards(alphabet: str, size: int, max_rows: int, max_columns: int) -> Iterator[str]:
    """Every board of at most ``size`` cells over ``alphabet``, in shapes of at most
    ``max_rows`` x ``max_columns``, by number of cells (then rows).

    >>> list(all_boards(".#", 2, 2, 2))
    ['.', '#', '..', '.#', '#.', '##', '.|.', '.|#', '#|.', '#|#']
    """
    for cells in range(1, size + 1):
        for rows in range(1, min(cells, max_rows) + 1):
            columns, extra = divmod(cells, rows)
            if extra or columns > max_columns:
                continue
            for chars in product(alphabet, repeat=cells):
                text = "".join(chars)
                yield "|".join(text[r * columns : (r + 1) * columns] for r in range(rows))


# --- moves shared by two games ----------------------------------------------------------------
class _ColouringPosition(GridPosition):
    """Snort and Col: a player colours an uncoloured cell (``x`` Left, ``o`` Right), never next
    to a cell of the colour ``FORBIDDEN_NEXT_TO`` names (the opponent's in Snort, one's own in
    Col).  The uncoloured regions with their coloured neighbours are the components."""

    __slots__ = ()
    ALPHABET = ".xo#"
    ALIASES = XO_ALIASES
    STYLE = COLOURED
    COLOUR_SWAP = SWAP_XO
    #: "own" (Col) or "opponent's" (Snort): whose colour the new cell may not touch
    FORBIDDEN_NEXT_TO = "own"

    def left_options(self) -> tuple[Any, ...]:
        """Boards after Left colours a cell she may colour."""
        forbidden = "x" if self.FORBIDDEN_NEXT_TO == "own" else "o"
        return options_by(lambda g: colourings(g, "x", forbidden=forbidden), self)

    def right_options(self) -> tuple[Any, ...]:
        """Boards after Right colours a cell he may colour."""
        forbidden = "o" if self.FORBIDDEN_NEXT_TO == "own" else "x"
        return options_by(lambda g: colourings(g, "o", forbidden=forbidden), self)

    def components(self) -> tuple[Any, ...]:
        """Each region of uncoloured cells with its coloured neighbours, cropped."""
        return self._split(uncoloured_regions(self.grid), "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return live_cells(grid)


def colourings(grid: Grid, colour: str, forbidden: str) -> Iterator[Grid]:
    """The boards after colouring an uncoloured cell (``.``) with no ``forbidden`` neighbour."""
    cells = grid.cells
    for i, ch in enumerate(cells):
        if ch == "." and all(cells[j] != forbidden for j in grid.neighbours(i)):
            yield grid.replaced({i: colour})


def uncoloured_regions(grid: Grid) -> list[set[int]]:
    """The connected regions of uncoloured cells, each with the coloured cells next to it."""
    regions = []
    for region in grid.regions("."):
        border = {j for i in region for j in grid.neighbours(i) if grid.cells[j] in "xo"}
        regions.append(region | border)
    return regions


def live_cells(grid: Grid) -> Grid:
    """The board without the coloured cells that touch no uncoloured cell, cropped."""
    keep = set().union(*uncoloured_regions(grid)) if "." in grid.cells else set()
    return grid.restricted(keep, "#", "#")
