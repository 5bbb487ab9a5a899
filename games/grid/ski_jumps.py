"""Ski Jumps (Winning Ways, ch. 2): skiers slide across a slope and jump down over each other.

A position is a board in cgt-tools' string form: rows separated by ``|``, ``.`` an empty
square, ``L`` a Left jumper, ``l`` a Left slipper, ``R`` a Right jumper, ``r`` a Right slipper.
Left's skiers go east (to the right), Right's west.  A move is one of:

* **slide**: one of your skiers moves one or more squares in its direction along its row, over
  empty squares only, or off the board (it is then gone);
* **jump**: one of your *jumpers* whose square directly below holds an opponent's skier jumps
  over it onto the square below that one, which must be on the board and empty; the skier
  jumped over becomes a slipper (it can no longer jump).

Who cannot move loses.  The rules are cgt-tools' ``SkiJumps`` (no Python binding to compare
with); its values of the Winning Ways positions are checked in the tests.

>>> import cgt
>>> from games.grid.ski_jumps import SkiJumps
>>> [str(cgt.value(SkiJumps(b))) for b in ("L..", "..R", ".L...|.R...|.....")]
['3', '-3', '5/2']
>>> SkiJumps("L.|R.|..").left_options()
(SkiJumps('.L|R.|..'), SkiJumps('..|R.|..'), SkiJumps('..|r.|L.'))

Exchanging the players and reading the rows backwards negates the value
(`SkiJumps.normal_form`); empty rows at the top never matter and are cropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from games.grid._board import BoardError, Grid, GridPosition, options_by

__all__ = ["BoardError", "SkiJumps"]

_SWAP = str.maketrans("LlRr", "RrLl")
_JUMPER = {"L": "L", "R": "R"}
_OWN = {"L": "Ll", "R": "Rr"}
_SLIPPER_OF = {"L": "l", "R": "r"}


def _moves(grid: Grid, player: str) -> Iterator[Grid]:
    """The boards after each move of ``player`` (``"L"`` or ``"R"``), skier by skier."""
    cells, width, height = grid.cells, grid.width, grid.height
    own = _OWN[player]
    other = _OWN["R" if player == "L" else "L"]
    step = 1 if player == "L" else -1
    for index, skier in enumerate(cells):
        if skier not in own:
            continue
        row, column = divmod(index, width)
        target = column + step
        while True:
            if not 0 <= target < width:
                yield grid.replaced({index: "."})  # off the board
                break
            if cells[row * width + target] != ".":
                break
            yield grid.replaced({index: ".", row * width + target: skier})
            target += step
        if skier == _JUMPER.get(skier) and row + 2 < height:
            below, landing = index + width, index + 2 * width
            if cells[below] in other and cells[landing] == ".":
                yield grid.replaced(
                    {index: ".", below: _SLIPPER_OF[cells[below].upper()], landing: skier}
                )


class SkiJumps(GridPosition):
    """A Ski Jumps board: ``L``/``l`` Left's jumper/slipper, ``R``/``r`` Right's, ``.`` empty.

    >>> SkiJumps("....|.L..|..r.").normal_form()
    (SkiJumps('..R.|.l..'), True)
    """

    __slots__ = ()
    ALPHABET: ClassVar[str] = ".LlRr"
    STYLE: ClassVar[dict[str, tuple[str, str]]] = {
        ".": ("white", ""),
        "L": ("white", "black"),
        "l": ("#dddddd", "black"),
        "R": ("white", "white"),
        "r": ("#dddddd", "white"),
    }

    def left_options(self) -> tuple[SkiJumps, ...]:
        """Boards after a Left skier slides east or jumps."""
        return options_by(lambda grid: _moves(grid, "L"), self)

    def right_options(self) -> tuple[SkiJumps, ...]:
        """Boards after a Right skier slides west or jumps."""
        return options_by(lambda grid: _moves(grid, "R"), self)

    def components(self) -> tuple[SkiJumps, ...]:
        """The whole board: skiers of different rows meet by jumping."""
        return (self,)

    def normal_form(self) -> tuple[SkiJumps, bool]:
        """The board without its empty top rows, or its mirror image (rows read backwards,
        players exchanged, which negates the value) when that is less by the string form."""
        rows = str(self.grid).split("|") if self.grid.height else []
        while rows and set(rows[0]) <= {"."}:
            rows.pop(0)
        plain = "|".join(rows)
        mirrored = "|".join(row[::-1] for row in rows).translate(_SWAP)
        text, negated = (mirrored, True) if mirrored < plain else (plain, False)
        if text == str(self.grid):
            return self, False
        return SkiJumps(text), negated
