"""Konane (Hawaiian checkers): jump over an adjacent enemy stone onto an empty cell behind it.

A position is a board in the cgt-tools string form: rows separated by ``|``, ``x`` a Left stone,
``o`` a Right stone, ``.`` an empty cell, ``#`` a missing cell.  A move jumps one of your stones
orthogonally over an enemy stone onto the empty cell just beyond, capturing it; it may go on
jumping in the same straight line, and stop after any jump (each stopping point is one move).
There is no opening phase here: a position is any board.  Who cannot move loses.

>>> import cgt
>>> from games.konane import Konane
>>> [str(cgt.value(Konane(b))) for b in ("xo.", ".ox", "xo.o.", "xo|.o|..")]
['1', '1', '1', '0']
>>> Konane("xo.o.").left_options()
(Konane('..xo.'), Konane('....x'))

The cells a stone can ever occupy are found by closing the stones under "a stone next to a
cell an enemy may reach may land beyond it"; every move stays within one connected part of
that set, so the parts holding both colours are independent (`Konane.components`), and cells
outside it are dead (`Konane.normal_form` blocks them, crops, and takes the least image under
the eight symmetries and the exchange of colours, which negates).
"""

from __future__ import annotations

from collections.abc import Iterator

from games._grid import ROOK_STEPS, SWAP_XO, BoardError, Grid, GridPosition, options_by

__all__ = ["BoardError", "Konane"]


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
        reach = _reachable(grid)
        parts = [r for r in _parts(grid, reach) if {grid.cells[i] for i in r} >= {"x", "o"}]
        return self._split(parts, "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return grid.restricted(_reachable(grid), "#", "#")


def _jumps(grid: Grid, mine: str, theirs: str) -> Iterator[Grid]:
    cells = grid.cells
    for i, ch in enumerate(cells):
        if ch != mine:
            continue
        for dr, dc in ROOK_STEPS:
            changes = {i: "."}
            at = i
            while True:
                over = grid.step(at, dr, dc)
                if over is None or cells[over] != theirs:
                    break
                land = grid.step(over, dr, dc)
                if land is None or cells[land] != ".":
                    break
                changes[over] = "."
                at = land
                yield grid.replaced({**changes, land: mine})


def _reachable(grid: Grid) -> set[int]:
    """Every cell a stone can ever stand on, an over-approximation: the colours that may ever
    stand on each cell, closed under "a stone next to a cell an enemy may stand on may land on
    the cell beyond" (captures and timing ignored)."""
    cells = grid.cells
    may = {i: {ch} for i, ch in enumerate(cells) if ch in "xo"}
    grown = True
    while grown:
        grown = False
        for i, colours in list(may.items()):
            for colour in list(colours):
                enemy = "o" if colour == "x" else "x"
                for dr, dc in ROOK_STEPS:
                    over = grid.step(i, dr, dc)
                    if over is None or enemy not in may.get(over, ()):
                        continue
                    land = grid.step(over, dr, dc)
                    if land is None or cells[land] == "#" or colour in may.get(land, ()):
                        continue
                    may.setdefault(land, set()).add(colour)
                    grown = True
    return set(may)


def _parts(grid: Grid, reach: set[int]) -> list[set[int]]:
    marks = "".join("r" if i in reach else "-" for i in range(len(grid.cells)))
    return Grid(grid.height, grid.width, marks).regions("r")
