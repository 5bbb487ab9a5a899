"""Amazons on small boards: move an amazon like a chess queen, then shoot an arrow like one.

A position is a board in the cgt-tools string form: rows separated by ``|``, ``x`` a Left
amazon, ``o`` a Right amazon, ``.`` an empty cell, ``#`` a burned (or missing) cell; ``L`` and
``R`` are read as ``x`` and ``o``.  A move slides one of your amazons any distance in one of the
eight directions over empty cells, then shoots an arrow from where it stopped, the same way
(it may pass over the square just left), burning the cell it lands on.  Who cannot move loses.

>>> import cgt
>>> from games.grid.amazons import Amazons
>>> [str(cgt.value(Amazons(b))) for b in ("x.", "x..", "o..", "x.o", "x..|...")]
['1', '2', '-2', '*', '5']
>>> Amazons("x..").left_options()
(Amazons('#x.'), Amazons('.x#'), Amazons('.#x'), Amazons('#.x'))

Only cells that are not burned matter, and amazons and arrows move through them in all eight
directions, so the regions of unburned cells connected through sides or corners are independent
(`Amazons.components`, which drops regions without amazons); the symmetries of the square keep
the value and exchanging the colours negates it (`Amazons.normal_form`).

Importing the module registers closed forms with ``cgt verify``: a lone amazon in a 1 x n or
2 x n rectangle (`lone_amazon`) is worth its empty cells, which fails for a defective region,
and two amazons facing on a strip (`facing_amazons`) are a number plus a switch.
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games.grid._board import (
    KING_STEPS,
    SWAP_XO,
    XO_ALIASES,
    BoardError,
    Grid,
    GridPosition,
    all_boards,
    check_cells,
    count_argument,
    options_by,
)

__all__ = ["Amazons", "BoardError", "facing_amazons", "lone_amazon"]


class Amazons(GridPosition):
    """An Amazons board: ``x`` Left's amazons, ``o`` Right's, ``.`` empty, ``#`` burned.

    >>> Amazons("x.#.o|###..|.....").components()
    (Amazons('x.'), Amazons('###.o|###..|.....'))
    """

    __slots__ = ()
    ALPHABET = ".xo#"
    ALIASES = XO_ALIASES
    COLOUR_SWAP = SWAP_XO

    def left_options(self) -> tuple[Amazons, ...]:
        """Boards after a move and shot by one of Left's amazons."""
        return options_by(lambda g: _moves(g, "x"), self)

    def right_options(self) -> tuple[Amazons, ...]:
        """Boards after a move and shot by one of Right's amazons."""
        return options_by(lambda g: _moves(g, "o"), self)

    def components(self) -> tuple[Amazons, ...]:
        """The regions of unburned cells (touching by side or corner) with an amazon, cropped."""
        grid = self.grid
        regions = [
            r for r in grid.regions(".xo", diagonal=True) if any(grid.cells[i] != "." for i in r)
        ]
        return self._split(regions, "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.cropped("#")


def _rays(grid: Grid, start: int, cells: str) -> Iterator[int]:
    """The empty cells a queen at ``start`` reaches on ``cells``."""
    for dr, dc in KING_STEPS:
        at = grid.step(start, dr, dc)
        while at is not None and cells[at] == ".":
            yield at
            at = grid.step(at, dr, dc)


def _moves(grid: Grid, amazon: str) -> Iterator[Grid]:
    cells = grid.cells
    for i, ch in enumerate(cells):
        if ch != amazon:
            continue
        for j in _rays(grid, i, cells):
            moved = list(cells)
            moved[i], moved[j] = ".", amazon
            after = "".join(moved)
            for k in _rays(grid, j, after):
                yield Grid(grid.height, grid.width, after[:k] + "#" + after[k + 1 :])


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
_DEFECTS = (
    "territories and their defects: E. Berlekamp, Sums of N x 2 Amazons (2000); M. Mueller and "
    "T. Tegos, Experiments in Computer Amazons, More Games of No Chance (2002)"
)


def lone_amazon(rows: int, columns: int, at: int) -> Amazons:
    """A ``rows`` x ``columns`` rectangle, empty but for Left's amazon on cell ``at`` (row by
    row from the top left).

    >>> lone_amazon(2, 3, 4), cgt.value(lone_amazon(2, 3, 4))
    (Amazons('...|.x.'), Game('5'))
    """
    rows, columns = (
        count_argument("rows", rows, minimum=1),
        count_argument("columns", columns, minimum=1),
    )
    check_cells(rows * columns)
    at = count_argument("at", at)
    if at >= rows * columns:
        raise cgt.InvalidArgumentError(
            f"at is a cell of the {rows} x {columns} board, 0 to {rows * columns - 1} (row by row "
            f"from the top left); got {at}"
        )
    cells = ["."] * (rows * columns)
    cells[at] = "x"
    text = "".join(cells)
    return Amazons("|".join(text[r * columns : (r + 1) * columns] for r in range(rows)))


def facing_amazons(behind_left: int, between: int, behind_right: int) -> Amazons:
    """A 1 x n strip: ``behind_left`` empty cells, Left's amazon, ``between`` empty cells,
    Right's amazon, ``behind_right`` empty cells.

    >>> facing_amazons(1, 3, 0), cgt.value(facing_amazons(1, 3, 0))
    (Amazons('.x...o'), Game('{3|-1}'))
    """
    counts = [
        count_argument(name, value)
        for name, value in (
            ("behind_left", behind_left),
            ("between", between),
            ("behind_right", behind_right),
        )
    ]
    check_cells(sum(counts) + 2)
    return Amazons("." * behind_left + "x" + "." * between + "o" + "." * behind_right)


def _empty_cells_of_live_regions(position: Amazons) -> int:
    return sum(str(part).count(".") for part in position.components())


def _facing_value(position: Amazons) -> cgt.Game:
    behind_left, between, behind_right = map(len, str(position).replace("o", "x").split("x"))
    base = cgt.Game(behind_left - behind_right)
    return base + cgt.switch(between - 1) if between else base


def _rectangles(size: int) -> Iterator[Amazons]:
    for columns in range(1, size + 1):
        for rows in (1, 2):
            yield from (lone_amazon(rows, columns, at) for at in range(rows * columns))


def _lone_amazon_boards(size: int) -> Iterator[Amazons]:
    for text in all_boards(".#x", size, 3, size):
        if text.count("x") == 1:
            yield Amazons(text)


def _facing_family(size: int) -> Iterator[Amazons]:
    for total in range(size + 1):
        for between in range(total + 1):
            for left in range(total - between + 1):
                yield facing_amazons(left, between, total - between - left)


_LONE = "a lone amazon anywhere in a 1 x n or 2 x n rectangle: the number of empty cells"
_NAIVE = "a lone amazon is worth the number of empty cells of her region"
_FACING = "1 x n strip .^c x .^a o .^b = (c - b) ± (a - 1) for a >= 1, c - b for a = 0"
_DEFECT = (
    "a defective territory: the smallest counterexample '.#.|#x#' (two empty cells, value 1: "
    "after the first move the other cell is out of reach)"
)


def _register() -> None:
    count, value = _empty_cells_of_live_regions, cgt.value
    no_defect = "observed here (no defect: she can burn every cell); " + _DEFECTS
    rectangles = "every cell of the 1 x n and 2 x n rectangles, n <= {size}"
    lone = (_LONE, no_defect, _rectangles, 4, 6, count, value)
    naive = (_NAIVE, "the naive count; " + _DEFECTS, _lone_amazon_boards, 6, 8, count, value)
    boards = "every board of <= {size} cells (., #, one x), at most 3 rows"
    behind = "observed here (each amazon owns the cells behind her; the first to move into "
    facing = (_FACING, behind + "the gap takes all but one of it)", _facing_family, 6, 12)
    cgt.register_claim(cgt.Claim("Amazons", *lone, checked_up_to=rectangles))
    cgt.register_claim(
        cgt.Claim("Amazons", *naive, expect="refuted", checked_up_to=boards, note=_DEFECT)
    )
    bound = "a + b + c <= {size}"
    cgt.register_claim(cgt.Claim("Amazons", *facing, _facing_value, value, checked_up_to=bound))


_register()
