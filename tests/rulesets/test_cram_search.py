"""`games.grid.cram_search.CramSearch` against the plain recursion and `cgt.NimberSearch`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid._bitboard import text_of
from games.grid.cram import Cram, rectangle
from games.grid.cram_search import CramSearch, cram_nimber


@pytest.mark.parametrize("shape", [(1, 8), (2, 4), (3, 3), (2, 5), (4, 3)])
def test_every_board_of_a_shape_agrees_with_the_plain_recursion(shape: tuple[int, int]) -> None:
    height, width = shape
    solver = CramSearch()
    for empty in range(1 << height * width):
        board = Cram(text_of(height, width, empty))
        assert solver.nimber(board) == cgt.grundy(board, method="plain"), board


@settings(max_examples=40, deadline=None)
@given(
    st.integers(3, 4).flatmap(
        lambda h: st.tuples(st.just(h), st.just(5), st.integers(0, (1 << h * 5) - 1))
    )
)
def test_random_boards_agree_with_the_generic_search(case: tuple[int, int, int]) -> None:
    height, width, empty = case
    board = Cram(text_of(height, width, empty))
    value = cgt.NimberSearch().nimber(board)
    assert cram_nimber(board) == value
    solver = CramSearch()  # fresh: `has_nimber` answers from an empty table
    assert [solver.has_nimber(board, k) for k in range(value + 3)] == [
        k == value for k in range(value + 3)
    ]


def test_rectangles_and_published_values() -> None:
    # 3 x n as the plain recursion gives them; 4x5 = 2 in Beling and Rogalski's table, also
    # reproduced by `cgt.NimberSearch`
    solver = CramSearch()
    assert [solver.nimber(rectangle(3, n)) for n in range(1, 7)] == [1, 1, 0, 1, 1, 4]
    assert solver.nimber(rectangle(4, 5)) == 2
    assert solver.nimber(rectangle(4, 4)) == 0


def test_sums_and_bad_input() -> None:
    solver = CramSearch()
    assert solver.nimber(Cram("...#....|........")) == cgt.grundy(Cram("...#....|........"))
    with pytest.raises(cgt.InvalidArgumentError):
        solver.has_nimber(rectangle(2, 3), -1)
    with pytest.raises(cgt.WrongTypeError):
        solver.nimber("...")
    with pytest.raises(cgt.InvalidArgumentError):
        CramSearch(table_limit=3)
