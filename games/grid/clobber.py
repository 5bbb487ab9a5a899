"""Clobber: move one of your stones onto an orthogonally adjacent enemy stone, removing it.

A position is a board in the CGSuite string form: rows separated by ``|``, ``x`` a Left stone,
``o`` a Right stone, ``.`` an empty cell.  Who cannot move loses.  Clobber is all-small: a player
can move exactly when some ``x`` touches some ``o``, as can the other.

>>> import cgt
>>> from games.grid.clobber import Clobber
>>> [str(cgt.value(Clobber(b))) for b in ("xo", "xxo", "xoo", "xox", "xo|ox")]
['*', '^', 'v', '*', '*']
>>> Clobber("xo.|.x.").left_options()
(Clobber('.x.|.x.'), Clobber('xx.|...'))

A stone only ever moves onto a stone, so the connected groups of stones are independent and a
group of one colour is dead (`Clobber.components`); the eight symmetries of the square keep the
value and exchanging the colours negates it (`Clobber.normal_form`).
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games.grid._board import (
    SWAP_XO,
    BoardError,
    Grid,
    GridPosition,
    all_boards,
    cell_indices,
    options_by,
)

__all__ = ["BoardError", "Clobber"]


class Clobber(GridPosition):
    """A Clobber board: ``x`` Left's stones, ``o`` Right's, ``.`` empty.

    >>> Clobber("xo.xx|....o").components()
    (Clobber('xo'), Clobber('xx|.o'))
    >>> Clobber("ox").normal_form(), Clobber("oox").normal_form()
    ((Clobber('ox'), False), (Clobber('oox'), False))
    """

    __slots__ = ()
    ALPHABET = ".xo"
    COLOUR_SWAP = SWAP_XO

    def left_options(self) -> tuple[Clobber, ...]:
        """Boards after Left clobbers."""
        return options_by(lambda g: _clobbers(g, "x", "o"), self)

    def right_options(self) -> tuple[Clobber, ...]:
        """Boards after Right clobbers."""
        return options_by(lambda g: _clobbers(g, "o", "x"), self)

    def components(self) -> tuple[Clobber, ...]:
        """The connected groups of stones holding both colours, each cropped to its box."""
        grid = self.grid
        left = grid.bits("x")
        groups = [r for r in grid.bit_regions("xo") if r & left and r & ~left]
        if len(groups) == 1 and groups[0] == grid.bits("xo"):  # one group, no dead stones
            box = grid.cropped(".")
            return (self,) if box is grid else (self._of(box),)
        return self._split(map(cell_indices, groups), ".", ".")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.cropped(".")


def _clobbers(grid: Grid, mine: str, theirs: str) -> Iterator[Grid]:
    cells = grid.cells
    for i, ch in enumerate(cells):
        if ch != mine:
            continue
        for j in grid.neighbours(i):
            if cells[j] == theirs:
                yield grid.replaced({i: ".", j: mine})


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
def _x_n_o(size: int) -> Iterator[Clobber]:
    return (Clobber("x" * n + "o") for n in range(1, size + 1))


def _up_star(position: Clobber) -> cgt.Game:
    n = position.grid.width - 1
    return cgt.up(n - 1) + (cgt.STAR if n % 2 else cgt.ZERO)


def _small_boards(size: int) -> Iterator[Clobber]:
    return map(Clobber, all_boards(".xo", size, 3, size))


def _register() -> None:
    cgt.register_claim(
        game="Clobber",
        claim="x^n o = (n-1).up + n.*",
        source="this project: a pattern found by computation (not taken from a paper)",
        family=_x_n_o,
        quick=10,
        full=100,
        fast=_up_star,
        reference=cgt.value,
        checked_up_to="n <= {size}",
    )
    cgt.register_claim(
        game="Clobber",
        claim="every position is all-small",
        source="D. Wolfe, Clobber research (homepages.gac.edu/~wolfe/games/clobber)",
        family=_small_boards,
        quick=5,
        full=7,
        fast=lambda p: True,
        reference=lambda p: cgt.value(p).is_all_small,
        checked_up_to="every board of <= {size} cells, at most 3 rows",
    )


_register()
cgt.register_value_solver(Clobber, "games.grid.value_kernels:clobber_kernel_value")
"""Values of boards of at most 64 cells come from the compiled kernel of
`games.grid.value_kernels` when it is there (``method="engine"``: cgt's engine alone)."""
