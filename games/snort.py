"""Snort on a grid: colour an empty cell your colour, never next to your opponent's colour.

A position is a board: rows separated by ``|``, ``.`` an uncoloured cell, ``x`` a cell Left
coloured, ``o`` one Right coloured, ``#`` no cell (``L`` and ``R`` are read as ``x`` and ``o``).
Cells are adjacent when they share a side, so a board is a graph (the grid graph of its cells;
the tests compare with cgt-py's and pycgt's Snort on that graph).  Who cannot move loses.

>>> import cgt
>>> from games.snort import Snort
>>> [str(cgt.value(Snort(b))) for b in (".", "..", "...", "x.", "..|..")]
['*', '±1', '±2', '1', '0']
>>> Snort("o..").left_options()
(Snort('o.x'),)

The uncoloured cells split into independent regions, each with the coloured cells next to it
(`Snort.components`); the symmetries of the square keep the value and exchanging the colours
negates it (`Snort.normal_form`).  Importing this module registers the values of the first
five strips, as printed in pycgt's documentation, with ``cgt verify``.
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games._grid import (
    COLOURED,
    SWAP_XO,
    XO_ALIASES,
    BoardError,
    Grid,
    GridPosition,
    colourings,
    live_cells,
    options_by,
    uncoloured_regions,
)

__all__ = ["BoardError", "Snort"]


class Snort(GridPosition):
    """A Snort board: ``.`` uncoloured, ``x`` Left's colour, ``o`` Right's, ``#`` no cell.

    >>> Snort("..#x|####|o...").components()
    (Snort('..'), Snort('o...'))
    """

    __slots__ = ()
    ALPHABET = ".xo#"
    ALIASES = XO_ALIASES
    STYLE = COLOURED
    COLOUR_SWAP = SWAP_XO

    def left_options(self) -> tuple[Snort, ...]:
        """Boards after Left colours a cell with no ``o`` next to it."""
        return options_by(lambda g: colourings(g, "x", forbidden="o"), self)

    def right_options(self) -> tuple[Snort, ...]:
        """Boards after Right colours a cell with no ``x`` next to it."""
        return options_by(lambda g: colourings(g, "o", forbidden="x"), self)

    def components(self) -> tuple[Snort, ...]:
        """Each region of uncoloured cells with its coloured neighbours, cropped."""
        return self._split(uncoloured_regions(self.grid), "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return live_cells(grid)


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
# as printed there; the last, ±{1,{3|0}}, is {1, {3|0} | -1, {0|-3}} (cgt.parse reads no ±(a, b))
_PATHS = ("*", "±1", "±2", "±{2|1}", "{1, {3|0} | -1, {0|-3}}")


def _strips(size: int) -> Iterator[Snort]:
    return (Snort("." * n) for n in range(1, min(size, len(_PATHS)) + 1))


def _register() -> None:
    cgt.register_claim(
        game="Snort",
        claim="1 x n strips, n = 1..5: *, ±1, ±2, ±{2|1}, ±{1,{3|0}}",
        source="pycgt 0.2.0, pycgt.rulesets.graphs (Snort on paths)",
        family=_strips,
        quick=5,
        full=5,
        fast=lambda p: cgt.parse(_PATHS[p.grid.width - 1]),
        reference=cgt.value,
        checked_up_to="n <= {size}",
    )


_register()
