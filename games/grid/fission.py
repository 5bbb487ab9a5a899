"""Fission: a stone splits in two, Left's vertically and Right's horizontally.

A position is a board in the cgt-tools / CGSuite string form: rows separated by ``|``, ``x`` a
stone, ``.`` an empty cell, ``#`` a cell no stone may use.  Left picks a stone whose cells just
above and just below are both empty (on the board, not ``#``): the stone goes, and a stone is
put on each of those two cells.  Right does the same with the cells to the left and right.
Who cannot move loses.  Rules as CGSuite's ``game.grid.Fission`` and cgt-tools' ``Fission``
(compared with cgt-py on every board up to a size in ``tests/rulesets/test_fission.py``).

>>> import cgt
>>> from games.grid.fission import Fission
>>> [str(cgt.value(Fission(b))) for b in (".|x|.", ".x.", ".|x|.|.", "...|.x.|...")]
['1', '-1', '2', '0']
>>> Fission(".|x|.").left_options()
(Fission('x|.|x'),)

The usable cells split into independent regions (`Fission.components`).  Transposing a
board exchanges the players (`Fission.normal_form` takes the least of the eight
images, negating for a transposition); rows and columns of ``#`` at the edge are cropped (a
``#`` is as good as the edge).  Empty cells at the edge are kept: a stone may split into them.
"""

from __future__ import annotations

from typing import ClassVar

from games.grid._board import BoardError, Grid, GridPosition, options_by

__all__ = ["BoardError", "Fission"]


def _splits(grid: Grid, vertical: bool) -> list[Grid]:
    """The boards after one split of a stone, in the order of the stones."""
    cells = grid.cells
    dr, dc = (1, 0) if vertical else (0, 1)
    found = []
    for index, ch in enumerate(cells):
        if ch != "x":
            continue
        before = grid.step(index, -dr, -dc)
        after = grid.step(index, dr, dc)
        if before is None or after is None or cells[before] != "." or cells[after] != ".":
            continue
        found.append(grid.replaced({index: ".", before: "x", after: "x"}))
    return found


class Fission(GridPosition):
    """A Fission board: ``x`` a stone, ``.`` empty, ``#`` unusable.

    >>> Fission("x.#.x|..#..").components()
    (Fission('x.|..'), Fission('.x|..'))
    >>> Fission("#..|#x.|#..").normal_form()  # cropped, and the transposed image is the least
    (Fission('...|.x.'), True)
    """

    __slots__ = ()
    ALPHABET: ClassVar[str] = ".x#"
    TRANSPOSE_NEGATES: ClassVar[bool] = True

    def left_options(self) -> tuple[Fission, ...]:
        """Boards after a stone splits vertically."""
        return options_by(lambda grid: _splits(grid, True), self)

    def right_options(self) -> tuple[Fission, ...]:
        """Boards after a stone splits horizontally."""
        return options_by(lambda grid: _splits(grid, False), self)

    def components(self) -> tuple[Fission, ...]:
        """The regions of usable cells (joined by sides) that hold a stone, each alone: a stone
        only ever lands next to where it was, so regions never meet."""
        cells = self.grid.cells
        regions = [r for r in self.grid.regions(".x") if any(cells[i] == "x" for i in r)]
        return self._split(regions, "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.cropped("#")
