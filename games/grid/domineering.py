"""Domineering: Left places vertical dominoes, Right horizontal ones; who cannot move loses.

A position is a board in the CGSuite / cgt-tools string form: rows separated by ``|``, ``.`` an
empty cell, ``#`` a covered or missing one.  Left (Vertical) covers two empty cells one above the
other, Right (Horizontal) two side by side.  This is CGSuite's convention (``game.grid.
Domineering``: Left's domino is vertical) and cgt-py's (``cgt_py.Domineering('.|.|.')`` is 1),
checked in ``tests/rulesets/test_domineering.py``.

>>> import cgt
>>> from games.grid.domineering import Domineering
>>> [str(cgt.value(Domineering(b))) for b in (".|.", "..", "..|..", "...|...", "..|..|..")]
['1', '-1', '±1', '{2|-1/2}', '{1/2|-2}']
>>> Domineering("..#|...").left_options()
(Domineering('#.#|#..'), Domineering('.##|.#.'))

Transposing a board exchanges the players, so ``Domineering(transpose(b)) == -Domineering(b)``;
`Domineering.normal_form` uses it.  The empty cells split into independent regions
(`Domineering.components`).  Importing this module registers its closed forms with
``cgt verify``: the 1 x n and n x 1 strips, the law of transposition, and who wins 2 x n (see
``docs/games/grid-rulesets.md``).
"""

from __future__ import annotations

from collections.abc import Iterator

import cgt
from games.grid._bitboard import DominoBoard
from games.grid._board import BoardError, all_boards, check_cells, count_argument

__all__ = ["BoardError", "Domineering"]


class Domineering(DominoBoard):
    """A Domineering board: ``.`` empty, ``#`` blocked; Left vertical, Right horizontal.

    The board is held as a bit board (`games.grid._bitboard`); the string form is for input and
    output only.

    >>> Domineering("..|..").components(), Domineering("..|.#|.#").normal_form()
    ((Domineering('..|..'),), (Domineering('##.|...'), True))
    """

    __slots__ = ()
    TRANSPOSE_NEGATES = True

    def left_options(self) -> tuple[Domineering, ...]:
        """Boards after a vertical domino."""
        return tuple(self._dominoes(vertical=True))

    def right_options(self) -> tuple[Domineering, ...]:
        """Boards after a horizontal domino."""
        return tuple(self._dominoes(vertical=False))


cgt.register_outcome_solver(Domineering, "games.grid.domineering_solver:DomineeringSolver")
"""`cgt.solve_outcome` and ``cgt outcome`` decide Domineering boards with the bit-board search
of `games.grid.domineering_solver` (imported when first needed)."""

cgt.register_value_solver(Domineering, "games.grid.domineering_values:kernel_value")
"""`cgt.value` values Domineering boards of up to 64 cells with the compiled kernel of
`games.grid.domineering_values` when it is there (``method="engine"``: cgt's engine alone)."""


def rectangle(rows: int, columns: int) -> Domineering:
    """The empty ``rows`` x ``columns`` board.

    >>> rectangle(2, 3)
    Domineering('...|...')

    ``rows`` and ``columns`` are whole numbers (0 gives the empty board); a board of more than
    `games.grid._board.MAX_CELLS` cells raises `games.grid._board.BoardTooLargeError`.
    """
    rows, columns = count_argument("rows", rows), count_argument("columns", columns)
    check_cells(rows * columns)
    return Domineering("|".join(["." * columns] * rows) if rows and columns else "")


# --- closed forms, registered with ``cgt verify`` ----------------------------------------------
def _strips(size: int) -> Iterator[Domineering]:
    for n in range(1, size + 1):
        yield rectangle(1, n)
        yield rectangle(n, 1)


def _strip_value(position: Domineering) -> cgt.Game:
    grid = position.grid
    if grid.height == 1:
        return cgt.Game(-(grid.width // 2))
    return cgt.Game(grid.height // 2)


def _small_boards(size: int) -> Iterator[Domineering]:
    return map(Domineering, all_boards(".#", size, 4, 4))


def _transpose_negated(position: Domineering) -> cgt.Game:
    return -cgt.value(Domineering(str(position.grid.transposed())))


# Who wins 2 x n (2 rows, n columns), n = 0..29, as tabulated in MathWorld's "Domineering"
# (after Berlekamp, "Blockbusting and Domineering", J. Combin. Th. A 49, 1988): V (Vertical,
# Left) wins, H (Horizontal, Right) wins, 1 (the first player), 2 (the second player).
_TWO_BY_N = "2V11HV11HV11H211HH11HHH1HHH1HH"
_OUTCOME = {"V": "L", "H": "R", "1": "N", "2": "P"}


def _two_by_n(size: int) -> Iterator[Domineering]:
    return (rectangle(2, n) for n in range(min(size + 1, len(_TWO_BY_N))))


def _two_by_n_published(position: Domineering) -> cgt.Outcome:
    return cgt.Outcome(_OUTCOME[_TWO_BY_N[position.grid.width]])


def _register() -> None:
    cgt.register_claim(
        game="Domineering",
        claim="1 x n strip = -floor(n/2), n x 1 strip = floor(n/2)",
        source="elementary: only one player can move, and from one end she fits floor(n/2)",
        family=_strips,
        quick=12,
        full=100,
        fast=_strip_value,
        reference=cgt.value,
        checked_up_to="n <= {size}",
    )
    cgt.register_claim(
        game="Domineering",
        claim="transposing a board negates its value",
        source="the rules: transposition exchanges vertical and horizontal dominoes",
        family=_small_boards,
        quick=8,
        full=12,
        fast=_transpose_negated,
        reference=cgt.value,
        checked_up_to="every board of <= {size} cells, at most 4 x 4",
    )
    cgt.register_claim(
        game="Domineering",
        claim="who wins 2 x n, n = 0..29: 2V11 HV11 HV11 H211 HH11 HHH1 HHH1 HH",
        source="MathWorld, Domineering (after Berlekamp, J. Combin. Th. A 49, 1988)",
        family=_two_by_n,
        quick=12,
        full=18,
        standard=16,
        fast=_two_by_n_published,
        reference=cgt.outcome,
        checked_up_to="n <= {size}",
    )


_register()
