"""Cram: impartial Domineering, where either player places a domino either way.

A position is a board in Domineering's string form (rows separated by ``|``, ``.``
empty, ``#`` blocked).  Both players have the same moves, so a position's value is a nimber,
its Grundy value (`cgt.grundy`).

>>> import cgt
>>> from games.grid.cram import Cram
>>> [cgt.grundy(Cram(b)) for b in ("..", "...", "..|..", "...|...", "...|...|...")]
[1, 1, 0, 1, 0]

All eight symmetries of the square keep the value (`Cram.normal_form`, never negated); the
empty cells split into independent regions (`Cram.components`).  Importing this module
registers the closed forms of the 1 x n strips (Dawson's Kayles, octal game 0.07) and of the
2 x n boards with ``cgt verify`` (see ``docs/games/grid-rulesets.md``).
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games.grid._bitboard import DominoBoard
from games.grid._board import BoardError, check_cells, count_argument

__all__ = ["BoardError", "Cram", "rectangle"]


class Cram(DominoBoard):
    """A Cram board: ``.`` empty, ``#`` blocked; a move covers two adjacent empty cells.

    >>> Cram("...").options()
    (Cram('##.'), Cram('.##'))
    >>> Cram("..#|...").normal_form()
    (Cram('#..|...'), False)
    """

    __slots__ = ()

    def options(self) -> tuple[Cram, ...]:
        """Boards after one domino, vertical ones first."""
        return (*self._dominoes(vertical=True), *self._dominoes(vertical=False))


cgt.register_nimber_solver(Cram, "games.grid.cram_search:shared_nimber")
cgt.register_nimber_search(Cram, "games.grid.cram_search:CramSearch")
"""`cgt.grundy` asks the bit-board search of `games.grid.cram_search` first (boards of 12 or
more empty cells), and ``cgt nimber`` and `cgt.nimber_split` search Cram boards with it
(imported when first needed)."""


def rectangle(rows: int, columns: int) -> Cram:
    """The empty ``rows`` x ``columns`` board.

    >>> rectangle(1, 4)
    Cram('....')

    ``rows`` and ``columns`` are whole numbers (0 gives the empty board); a board of more than
    `games.grid._board.MAX_CELLS` cells raises `games.grid._board.BoardTooLargeError`.
    """
    rows, columns = count_argument("rows", rows), count_argument("columns", columns)
    check_cells(rows * columns)
    return Cram("|".join(["." * columns] * rows) if rows and columns else "")


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
def _two_by_n(size: int) -> Iterator[Cram]:
    return (rectangle(2, n) for n in range(size + 1))


def _one_by_n(size: int) -> Iterator[Cram]:
    """The strips up to ``size`` cells, at most 52 (the published terms typed below)."""
    return (rectangle(1, n) for n in range(min(size, len(_DAWSONS_CHESS)) + 1))


def _even_by_even(size: int) -> Iterator[Cram]:
    shapes = [(m, n) for m in range(2, size + 1, 2) for n in range(2, size + 1, 2) if m * n <= size]
    return (rectangle(m, n) for m, n in sorted(shapes, key=lambda s: (s[0] * s[1], s)))


# Dawson's chess, OEIS A002187 (Winning Ways pp. 89, 102), its first 52 terms (to the last
# exception, n = 51), typed from the source; Dawson's Kayles on n pins is Dawson's chess on n - 1.
_DAWSONS_CHESS = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
)  # fmt: skip


def _dawsons_kayles(position: Cram) -> int:
    """Dawson's Kayles (0.07) on ``n`` pins, as published (for n <= 52)."""
    n = position.grid.width
    return 0 if n == 0 else _DAWSONS_CHESS[n - 1]


def _register() -> None:
    cgt.register_claim(
        game="Cram",
        claim="2 x n: Grundy value 0 for even n, 1 for odd n",
        source="issue 14, quoting Winning Ways (Cram); even n by the symmetry strategy",
        family=_two_by_n,
        quick=8,
        full=11,
        fast=lambda p: p.grid.width % 2,
        checked_up_to="n <= {size}",
    )
    cgt.register_claim(
        game="Cram",
        claim="1 x n: Dawson's Kayles (octal 0.07)",
        source="Winning Ways (Cram on a strip is Dawson's Kayles); values from OEIS A002187",
        family=_one_by_n,
        quick=16,
        full=52,
        fast=_dawsons_kayles,
        checked_up_to="n <= {size}",
    )
    cgt.register_claim(
        game="Cram",
        claim="m x n with m and n even: Grundy value 0",
        source="Winning Ways (Cram): the second player answers by the point reflection",
        family=_even_by_even,
        quick=8,
        full=16,
        fast=lambda p: 0,
        checked_up_to="m * n <= {size}",
    )


_register()
