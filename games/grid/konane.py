"""Konane (Hawaiian checkers): jump over an adjacent enemy stone onto an empty cell behind it.

A position is a board in the cgt-tools string form: rows separated by ``|``, ``x`` a Left stone,
``o`` a Right stone, ``.`` an empty cell, ``#`` a missing cell.  A move jumps one of your stones
orthogonally over an enemy stone onto the empty cell just beyond, capturing it; it may go on
jumping in the same straight line, and stop after any jump (each stopping point is one move).
There is no opening phase here: a position is any board.  Who cannot move loses.

>>> import cgt
>>> from games.grid.konane import Konane
>>> [str(cgt.value(Konane(b))) for b in ("xo.", ".ox", "xo.o.", "xo|.o|..")]
['1', '1', '1', '0']
>>> Konane("xo.o.").left_options()
(Konane('..xo.'), Konane('....x'))

The cells a stone can ever occupy are found by closing the stones under "a stone next to a
cell an enemy may reach may land beyond it"; every move stays within one connected part of
that set, so the parts holding both colours are independent (`Konane.components`), and cells
outside it are dead (`Konane.normal_form` blocks them, crops, and takes the least image under
the eight symmetries and the exchange of colours, which negates).

Importing the module registers published values with ``cgt verify`` (see
``docs/games/grid-rulesets.md``): Ernst's solid lines (`solid_line`), lines with a tail
(`tailed_line`, one restated formula refuted) or an offset tail (`offset_tailed_line`), and
Chan and Tsai's three odd lines (`three_lines`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache, partial
from typing import Any

import cgt
from games.grid._board import (
    ROOK_STEPS,
    SWAP_XO,
    BoardError,
    Grid,
    GridPosition,
    _layout,
    cell_indices,
    check_cells,
    count_argument,
    flood,
    options_by,
)

__all__ = [
    "BoardError",
    "Konane",
    "offset_tailed_line",
    "solid_line",
    "tailed_line",
    "three_lines",
]


class Konane(GridPosition):
    """A Konane board: ``x`` Left's stones, ``o`` Right's, ``.`` empty, ``#`` missing.

    >>> Konane("xo...|.....|...ox").components()
    (Konane('xo...'), Konane('...ox'))
    """

    __slots__ = ()
    ALPHABET = ".xo#"
    COLOUR_SWAP = SWAP_XO

    def left_options(self) -> tuple[Konane, ...]:
        """Boards after Left's jumps."""
        return options_by(lambda g: _jumps(g, "x", "o"), self)

    def right_options(self) -> tuple[Konane, ...]:
        """Boards after Right's jumps."""
        return options_by(lambda g: _jumps(g, "o", "x"), self)

    def components(self) -> tuple[Konane, ...]:
        """The connected parts of the reachable cells that hold both colours, each cropped."""
        grid = self.grid
        layout = _layout(grid.height, grid.width)
        left, right = grid.bits("x"), grid.bits("o")
        parts = [
            cell_indices(part)
            for part in flood(_reachable_bits(grid), grid.width, layout.not_first, layout.not_last)
            if part & left and part & right
        ]
        return self._split(parts, "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.restricted(_reachable(grid), "#", "#")


def _jumps(grid: Grid, mine: str, theirs: str) -> Iterator[Grid]:
    cells = grid.cells
    rays = _rays(grid.height, grid.width)
    at = cells.find(mine)
    while at >= 0:
        for ray in rays[at]:
            changes = {at: "."}
            for k in range(0, len(ray) - 1, 2):
                over, land = ray[k], ray[k + 1]
                if cells[over] != theirs or cells[land] != ".":
                    break
                changes[over] = "."
                yield grid.replaced({**changes, land: mine})
        at = cells.find(mine, at + 1)


@lru_cache(maxsize=256)
def _rays(height: int, width: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, the cells beyond it in each of the four directions, nearest first (the
    directions with at least two: room for one jump)."""
    found = []
    for r in range(height):
        for c in range(width):
            rays = []
            for dr, dc in ROOK_STEPS:
                ray = []
                row, column = r + dr, c + dc
                while 0 <= row < height and 0 <= column < width:
                    ray.append(row * width + column)
                    row, column = row + dr, column + dc
                if len(ray) >= 2:
                    rays.append(tuple(ray))
            found.append(tuple(rays))
    return tuple(found)


def _reachable(grid: Grid) -> set[int]:
    """Every cell a stone can ever stand on, an over-approximation: the colours that may ever
    stand on each cell, closed under "a stone next to a cell an enemy may stand on may land on
    the cell beyond" (captures and timing ignored).  Computed on bit boards (bit
    ``r * width + c``), all cells and directions at once."""
    return cell_indices(_reachable_bits(grid))


@lru_cache(maxsize=1024)
def _reachable_bits(grid: Grid) -> int:
    """`_reachable` as the bits of the cells (cached: `Konane.components` and
    `Konane.normal_form` both ask for the same board, one after the other)."""
    width = grid.width
    layout = _layout(grid.height, width)
    not_first, not_last = layout.not_first, layout.not_last  # cells with a left / right neighbour
    left, right = grid.bits("x"), grid.bits("o")
    open_ = ((1 << len(grid.cells)) - 1) & ~grid.bits("#")
    while True:
        grown_left = left | _landings(left, right, width, not_first, not_last) & open_
        grown_right = right | _landings(right, left, width, not_first, not_last) & open_
        if grown_left == left and grown_right == right:
            return left | right
        left, right = grown_left, grown_right


def _landings(mine: int, theirs: int, width: int, not_first: int, not_last: int) -> int:
    """The cells one jump of a ``mine`` stone over a ``theirs`` stone lands on (any direction;
    the caller masks out the cells beyond the board's bottom and the blocked ones)."""
    east = ((mine << 1 & not_first & theirs) << 1) & not_first
    west = ((mine >> 1 & not_last & theirs) >> 1) & not_last
    south = (mine << width & theirs) << width
    north = (mine >> width & theirs) >> width
    return east | west | south | north


# --- published families, registered with ``cgt verify`` ----------------------------------------
# Ernst's closed forms are quoted from I. Shehadeh's restatement ("Known Facts" of his Konane
# notes, github.com/ishehadeh: konjecture and cgtjs), with his pictures' orientation: Left's
# stones x, a tail below the leftmost stone of the row.
_ERNST = "M. D. Ernst, Playing Konane mathematically, UMAP J. 16 (1995) 95-121"
_RESTATED = "; as restated in I. Shehadeh's Konane notes (github.com/ishehadeh/konjecture)"
_CHAN_TSAI = "A. Chan, A. Tsai, 1 x n Konane: a summary of results, More Games of No Chance (2002)"


def _row(stones: int, first: str = "x") -> str:
    """``stones`` alternating stones, the first one ``first``."""
    other = "o" if first == "x" else "x"
    return "".join(first if i % 2 == 0 else other for i in range(stones))


def _stone_count(stones: object, minimum: int) -> None:
    """Refuse a number of stones that is not a whole number >= ``minimum`` or that cannot fit
    on a board (the board built from it is checked exactly when it is read)."""
    check_cells(count_argument("stones", stones, minimum=minimum))


def _board(rows: list[str]) -> Konane:
    width = max(map(len, rows))
    return Konane("|".join(row.ljust(width, ".") for row in rows))


def _stones(position: Konane) -> int:
    return sum(ch in "xo" for ch in str(position))


def solid_line(stones: int) -> Konane:
    """A solid linear pattern: ``stones`` alternating stones (x first), an empty cell at each end.

    >>> solid_line(5), cgt.value(solid_line(5))
    (Konane('.xoxox.'), Game('-2'))
    """
    _stone_count(stones, 0)
    return Konane(f".{_row(stones)}.")


def tailed_line(stones: int) -> Konane:
    """A solid linear pattern with a tail of one: ``stones - 1`` alternating stones in a row (x
    first) and an ``o`` below the first, with two empty rows above and below.

    >>> str(tailed_line(4))
    '.....|.....|.xox.|.o...|.....|.....'
    """
    _stone_count(stones, 2)
    return _board(["", "", f".{_row(stones - 1)}.", ".o", "", ""])


def offset_tailed_line(stones: int) -> Konane:
    """A solid linear pattern with an offset tail of one: ``stones - 1`` alternating stones in a
    row (o first) from the third column, and an ``o`` diagonally below-left of the first.

    >>> str(offset_tailed_line(4))
    '......|..oxo.|.o....|......'
    """
    _stone_count(stones, 1)
    return _board(["", f"..{_row(stones - 1, 'o')}.", ".o", ""])


def three_lines(a: int, b: int, c: int) -> Konane:
    """Three solid patterns of ``2a+1``, ``2b+1``, ``2c+1`` stones, each o first (so o last),
    one empty cell between them and at each end.

    >>> three_lines(0, 1, 0), cgt.value(three_lines(0, 1, 0))
    (Konane('.o.oxo.o.'), Game('1'))
    """
    counts = [count_argument(name, value) for name, value in (("a", a), ("b", b), ("c", c))]
    check_cells(2 * sum(counts) + 7)
    return Konane("." + ".".join(_row(2 * k + 1, "o") for k in (a, b, c)) + ".")


def _solid_line_value(position: Konane) -> cgt.Game:
    n = _stones(position)
    return cgt.Game(-(n // 2)) if n % 2 else cgt.STAR if n % 4 == 2 else cgt.ZERO


def _tailed_line_value(position: Konane, *, corrected: bool) -> cgt.Game:
    n = _stones(position)
    j, r = divmod(n, 4)
    if n in (2, 3):
        return cgt.STAR
    if n == 4:
        return cgt.Game(left=[cgt.STAR], right=[cgt.DOWN])
    if r == 0:
        return cgt.Game(left=[cgt.STAR], right=[cgt.Game(2 - 2 * j)])
    if r == 1:
        return cgt.Game(left=[cgt.Game(2 * j - 1)], right=[cgt.STAR])
    if r == 2:
        return cgt.Game(left=[cgt.ZERO if corrected else cgt.STAR], right=[cgt.Game(1 - 2 * j)])
    return cgt.Game(left=[cgt.Game(2 * j)], right=[cgt.ZERO])


def _offset_tailed_line_value(position: Konane) -> cgt.Game:
    n = _stones(position)
    if n == 1:
        return cgt.ZERO
    if n == 3:
        return cgt.DOWN
    if n % 2 == 0:
        return cgt.Game(max(n // 2 - 1, 0))
    return cgt.STAR if n % 4 == 1 else cgt.ZERO


def _three_lines_value(position: Konane) -> cgt.Game:
    runs = [len(run) for run in str(position).split(".") if run]
    return cgt.Game(sum(run // 2 for run in runs))


def _three_lines_family(size: int) -> Iterator[Konane]:
    for total in range(size + 1):
        for a in range(total + 1):
            for b in range(total - a + 1):
                yield three_lines(a, b, total - a - b)


def _lines(build: Callable[[int], Konane], first: int) -> Callable[[int], Iterator[Konane]]:
    """The family ``build(first), ..., build(size)``."""
    return lambda size: map(build, range(first, size + 1))


_TAIL = (
    "solid line with a tail of one, n stones in all: * (n = 2, 3), {*|v} (n = 4), "
    "{*|2-2j} (n = 4j), {2j-1|*} (4j+1), {%s|1-2j} (4j+2), {2j|0} (4j+3)"
)


def _claim(
    text: str, source: str, family: Any, sizes: tuple[int, int], fast: Any, **more: Any
) -> None:
    """Register a claim on Konane, checked against `cgt.value` (up to n = size unless told)."""
    more.setdefault("checked_up_to", "n <= {size}")
    cgt.register_claim(cgt.Claim("Konane", text, source, family, *sizes, fast, cgt.value, **more))


def _register() -> None:
    ernst = _ERNST + _RESTATED
    solid = "solid line of n stones: -(n-1)/2 for odd n, 0 for n = 4j, * for n = 4j+2"
    _claim(solid, ernst, _lines(solid_line, 0), (12, 24), _solid_line_value)
    as_restated = partial(_tailed_line_value, corrected=False)
    wrong = "fails at n = 4j+2: the smallest counterexample n = 6 is {0|-1}, not {*|-1}"
    refuted = {"expect": "refuted", "note": wrong}
    _claim(_TAIL % "*", ernst, _lines(tailed_line, 2), (8, 16), as_restated, **refuted)
    corrected = "the restated form corrected at n = 4j+2 (as in ishehadeh/cgtjs's tests)"
    fixed = partial(_tailed_line_value, corrected=True)
    _claim(_TAIL % "0", corrected, _lines(tailed_line, 2), (10, 16), fixed)
    offset = (
        "solid line with an offset tail of one, n stones: v (n = 3), n/2-1 (n even), "
        "* (n = 4j+1), 0 (n = 4j+3, and n = 1)"
    )
    _claim(offset, ernst, _lines(offset_tailed_line, 1), (10, 16), _offset_tailed_line_value)
    three = "three solid lines of 2a+1, 2b+1, 2c+1 stones, one cell apart: a + b + c"
    sums, bound = _CHAN_TSAI + _RESTATED, "a + b + c <= {size}"
    _claim(three, sums, _three_lines_family, (2, 4), _three_lines_value, checked_up_to=bound)


_register()
cgt.register_value_solver(Konane, "games.grid.value_kernels:konane_kernel_value")
"""Values of boards of at most 64 cells come from the compiled kernel of
`games.grid.value_kernels` when it is there (``method="engine"``: cgt's engine alone)."""
