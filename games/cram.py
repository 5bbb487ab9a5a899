"""Cram: impartial Domineering, where either player places a domino either way.

A position is a board in the string form of `games.domineering` (rows separated by ``|``, ``.``
empty, ``#`` blocked).  Both players have the same moves, so a position's value is a nimber,
its Grundy value (`cgt.grundy`).

>>> import cgt
>>> from games.cram import Cram
>>> [cgt.grundy(Cram(b)) for b in ("..", "...", "..|..", "...|...", "...|...|...")]
[1, 1, 0, 1, 0]

All eight symmetries of the square keep the value (`Cram.normal_form`, never negated); the
empty cells split into independent regions (`Cram.components`).  Importing this module
registers the closed forms of the 1 x n strips (Dawson's Kayles, octal game 0.07) and of the
2 x n boards with ``cgt verify`` (see ``docs/games/grid-rulesets.md``).
"""

from __future__ import annotations

from itertools import chain

from games._grid import BoardError, Grid, GridPosition, options_by
from games.domineering import _horizontal, _vertical

__all__ = ["BoardError", "Cram", "rectangle"]


class Cram(GridPosition):
    """A Cram board: ``.`` empty, ``#`` blocked; a move covers two adjacent empty cells.

    >>> Cram("...").options()
    (Cram('##.'), Cram('.##'))
    >>> Cram("..#|...").normal_form()
    (Cram('#..|...'), False)
    """

    __slots__ = ()
    ALPHABET = ".#"

    def options(self) -> tuple[Cram, ...]:
        """Boards after one domino, vertical ones first."""
        return options_by(lambda g: chain(_vertical(g), _horizontal(g)), self)

    def components(self) -> tuple[Cram, ...]:
        """The regions of two or more connected empty cells, each cropped to its box."""
        regions = [r for r in self.grid.regions(".") if len(r) > 1]
        return self._split(regions, "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.cropped("#")


def rectangle(rows: int, columns: int) -> Cram:
    """The empty ``rows`` x ``columns`` board.

    >>> rectangle(1, 4)
    Cram('....')
    """
    return Cram("|".join(["." * columns] * rows) if rows and columns else "")
