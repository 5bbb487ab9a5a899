"""Snort on a grid: colour an empty cell your colour, never next to your opponent's colour.

A position is a board: rows separated by ``|``, ``.`` an uncoloured cell, ``x`` a cell Left
coloured, ``o`` one Right coloured, ``#`` no cell (``L`` and ``R`` are read as ``x`` and ``o``).
Cells are adjacent when they share a side, so a board is a graph (the grid graph of its cells;
the tests compare with cgt-py's and pycgt's Snort on that graph).  Who cannot move loses.

>>> import cgt
>>> from games.grid.snort import Snort
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
from games.grid._board import (
    BoardError,
    _ColouringPosition,
)

__all__ = ["BoardError", "Snort"]


class Snort(_ColouringPosition):
    """A Snort board: ``.`` uncoloured, ``x`` Left's colour, ``o`` Right's, ``#`` no cell.

    >>> Snort("..#x|####|o...").components()
    (Snort('..'), Snort('o...'))
    """

    __slots__ = ()
    FORBIDDEN_NEXT_TO = "opponent's"


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
# as printed there (the last, pycgt's ±{1,{3|0}}, in CGSuite's spelling)
_PATHS = ("*", "±1", "±2", "±{2|1}", "±(1,{3|0})")


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
