"""Col on a grid: colour an empty cell your colour, never next to your own colour.

The board is written as for Snort: rows separated by ``|``, ``.`` uncoloured, ``x``
Left's colour, ``o`` Right's, ``#`` no cell (``L``/``R`` read as ``x``/``o``); cells sharing a
side are adjacent.  Col's values are numbers and numbers plus ``*`` (Winning Ways, ch. 2).

>>> import cgt
>>> from games.grid.col import Col
>>> [str(cgt.value(Col(b))) for b in (".", "..", "...", "x.", ".x.")]
['*', '0', '0', '-1', '-2']
>>> Col("x..").left_options()
(Col('x.x'),)

Importing this module registers with ``cgt verify`` that every value is a number or a number
plus ``*``, and the values of the 1 x n strips of uncoloured cells (``*`` for n = 1, else 0).
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games.grid._board import (
    BoardError,
    _ColouringPosition,
    all_boards,
)

__all__ = ["BoardError", "Col"]


class Col(_ColouringPosition):
    """A Col board: ``.`` uncoloured, ``x`` Left's colour, ``o`` Right's, ``#`` no cell.

    >>> Col("x.#.").components(), Col(".x").normal_form()
    ((Col('x.'), Col('.')), (Col('.o'), True))
    """

    __slots__ = ()
    FORBIDDEN_NEXT_TO = "own"


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
def _strips(size: int) -> Iterator[Col]:
    return (Col("." * n) for n in range(1, size + 1))


def _small_boards(size: int) -> Iterator[Col]:
    return map(Col, all_boards(".xo#", size, 3, size))


def _number_or_number_star(value: cgt.Game) -> bool:
    nus = value.nus
    return nus is not None and nus[1] == 0 and nus[2] in (0, 1)


def _register() -> None:
    cgt.register_claim(
        game="Col",
        claim="every position is a number or a number plus *",
        source="Winning Ways, ch. 2 (Col)",
        family=_small_boards,
        quick=4,
        full=6,
        fast=lambda p: True,
        reference=lambda p: _number_or_number_star(cgt.value(p)),
        checked_up_to="every board of <= {size} cells, at most 3 rows",
    )
    cgt.register_claim(
        game="Col",
        claim="1 x n strip of uncoloured cells: * for n = 1, 0 for n >= 2",
        source="this project: found by computation (the mirror strategy only proves even n)",
        family=_strips,
        quick=9,
        full=40,
        fast=lambda p: cgt.STAR if p.grid.width == 1 else cgt.ZERO,
        reference=cgt.value,
        checked_up_to="n <= {size}",
    )


_register()
