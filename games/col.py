"""Col on a grid: colour an empty cell your colour, never next to your own colour.

The board is written as for `games.snort`: rows separated by ``|``, ``.`` uncoloured, ``x``
Left's colour, ``o`` Right's, ``#`` no cell (``L``/``R`` read as ``x``/``o``); cells sharing a
side are adjacent.  Col's values are numbers and numbers plus ``*`` (Winning Ways, ch. 2).

>>> import cgt
>>> from games.col import Col
>>> [str(cgt.value(Col(b))) for b in (".", "..", "...", "x.", ".x.")]
['*', '0', '0', '-1', '-2']
>>> Col("x..").left_options()
(Col('x.x'),)

Importing this module registers the closed form of the 1 x n strips of uncoloured cells with
``cgt verify``.
"""

from __future__ import annotations

from games._grid import BoardError, Grid, GridPosition, options_by
from games.snort import _ALIASES, _STYLE, _SWAP, colourings, live_cells, uncoloured_regions

__all__ = ["BoardError", "Col"]


class Col(GridPosition):
    """A Col board: ``.`` uncoloured, ``x`` Left's colour, ``o`` Right's, ``#`` no cell.

    >>> Col("x.#.").components(), Col(".x").normal_form()
    ((Col('x.'), Col('.')), (Col('.o'), True))
    """

    __slots__ = ()
    ALPHABET = ".xo#"
    ALIASES = _ALIASES
    STYLE = _STYLE
    COLOUR_SWAP = _SWAP

    def left_options(self) -> tuple[Col, ...]:
        """Boards after Left colours a cell with no ``x`` next to it."""
        return options_by(lambda g: colourings(g, "x", forbidden="x"), self)

    def right_options(self) -> tuple[Col, ...]:
        """Boards after Right colours a cell with no ``o`` next to it."""
        return options_by(lambda g: colourings(g, "o", forbidden="o"), self)

    def components(self) -> tuple[Col, ...]:
        """Each region of uncoloured cells with its coloured neighbours, cropped."""
        return self._split(uncoloured_regions(self.grid), "#", "#")

    def _normal_grid(self, grid: Grid) -> Grid:
        return live_cells(grid)
