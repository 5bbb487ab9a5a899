"""Fission: every small board against cgt-py (cgt-tools' Fission), the normal form against the
plain recursion, and the outcome solver against the value."""

import pytest
from grid_support import board_strategy, boards, check_protocol, from_cgt_py
from hypothesis import given, settings

import cgt
from games.grid.fission import BoardError, Fission

SMALL = list(boards(".x#", 3, 3, 6)) + list(boards(".x", 3, 4, 9))


def test_every_small_board_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        assert cgt.value(Fission(board)) == from_cgt_py(cgt_py.Fission(board).canonical_form), board


@settings(max_examples=40)
@given(board_strategy(".x#", 4, 4))
def test_random_boards_match_cgt_py_and_the_protocol(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    expected = from_cgt_py(cgt_py.Fission(board).canonical_form)
    assert check_protocol(Fission(board)) == expected, board


def test_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Fission(board))


def test_the_outcome_solver_agrees_with_the_value():
    solver = cgt.OutcomeSolver(small=0)
    for board in SMALL[::3]:
        position = Fission(board)
        assert solver.solve(position) is cgt.outcome(cgt.value(position)), board


@pytest.mark.parametrize(
    ("board", "value"),
    [(".|x|.", "1"), (".x.", "-1"), (".|x|.|.", "2"), ("...|.x.|...", "0"), ("#|x|.", "0")],
)
def test_known_values(board, value):
    assert cgt.value(Fission(board)) == cgt.parse(value)


def test_moves_and_bad_boards():
    assert Fission(".|x|.").left_options() == (Fission("x|.|x"),)
    assert Fission(".|x|.").right_options() == ()
    assert Fission("..x..").right_options() == (Fission(".x.x."),)
    with pytest.raises(BoardError, match="unexpected 'o'"):
        Fission(".o.")
