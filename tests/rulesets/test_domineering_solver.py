"""The bit-board Domineering solver against the generic outcome search and the engine."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.domineering import Domineering, rectangle
from games.grid.domineering_solver import DomineeringSolver, solve_domineering


@pytest.mark.parametrize(
    ("rows", "columns"), [(r, c) for r in range(1, 6) for c in range(1, 6) if r * c <= 20]
)
def test_rectangles_agree_with_the_generic_search(rows: int, columns: int) -> None:
    board = rectangle(rows, columns)
    assert solve_domineering(board) == cgt.solve_outcome(board)


def test_known_rectangles() -> None:
    # published: 5 x 5 is a second-player win, 4 x 4 a first-player win
    assert solve_domineering(rectangle(5, 5)) == cgt.Outcome.P
    assert solve_domineering(rectangle(4, 4)) == cgt.Outcome.N
    assert solve_domineering(rectangle(2, 4)) == cgt.Outcome.R


def test_every_board_of_at_most_nine_cells_agrees_with_the_engine() -> None:
    checked = 0
    for rows, columns in [(1, 9), (9, 1), (3, 3), (2, 4), (4, 2)]:
        for cells in itertools.product(".#", repeat=rows * columns):
            text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
            board = Domineering(text)
            assert solve_domineering(board) == cgt.outcome(cgt.value(board)), text
            checked += 1
    assert checked == 2 * 2**9 + 2**9 + 2 * 2**8


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(2, 5), st.data())
def test_random_boards_agree(rows: int, columns: int, data: st.DataObject) -> None:
    cells = data.draw(
        st.lists(st.sampled_from(".#."), min_size=rows * columns, max_size=rows * columns)
    )
    text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
    board = Domineering(text)
    assert solve_domineering(board) == cgt.solve_outcome(board)


def test_safe_move_rule_settles_nodes() -> None:
    solver = DomineeringSolver.for_board(rectangle(4, 5))
    assert solver.outcome() == cgt.Outcome.L
    assert 0 < solver.stats.settled < solver.stats.nodes


def test_bad_input_is_named() -> None:
    with pytest.raises(cgt.NotAPositionError):
        solve_domineering(".|.")  # type: ignore[arg-type]
