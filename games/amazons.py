"""Amazons on small boards: move an amazon like a chess queen, then shoot an arrow like one.

A position is a board in the cgt-tools string form: rows separated by ``|``, ``x`` a Left
amazon, ``o`` a Right amazon, ``.`` an empty cell, ``#`` a burned (or missing) cell; ``L`` and
``R`` are read as ``x`` and ``o``.  A move slides one of your amazons any distance in one of the
eight directions over empty cells, then shoots an arrow from where it stopped, the same way
(it may pass over the square just left), burning the cell it lands on.  Who cannot move loses.

>>> import cgt
>>> from games.amazons import Amazons
>>> [str(cgt.value(Amazons(b))) for b in ("x.", "x..", "o..", "x.o", "x..|...")]
['1', '2', '-2', '*', '5']
>>> Amazons("x..").left_options()
(Amazons('#x.'), Amazons('.x#'), Amazons('.#x'), Amazons('#.x'))

Only cells that are not burned matter, and amazons and arrows move through them in all eight
directions, so the regions of unburned cells connected through sides or corners are independent
(`Amazons.components`, which drops regions without amazons); the symmetries of the square keep
the value and exchanging the colours negates it (`Amazons.normal_form`).
"""

from __future__ import annotations

from collections.abc import Iterator

from games._grid import KING_STEPS, SWAP_XO, XO_ALIASES, BoardError, Grid, GridPosition, options_by

__all__ = ["Amazons", "BoardError"]


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
