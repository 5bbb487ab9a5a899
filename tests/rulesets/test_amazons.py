"""Amazons on small boards: against cgt-py, queen moves and arrows, the protocol."""

import pytest
from grid_support import board_strategy, boards, check_protocol, from_cgt_py
from hypothesis import given, settings

import cgt
from games.grid.amazons import Amazons, BoardError

SMALL = list(boards(".xo#", 2, 2, 4)) + list(boards(".xo#", 1, 5, 5)) + list(boards(".xo", 3, 2, 5))


def _few_amazons(board: str) -> bool:
    return board.count("x") + board.count("o") <= 2


def test_every_small_board_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        assert cgt.value(Amazons(board)) == from_cgt_py(cgt_py.Amazons(board).canonical_form), board


def test_larger_boards_match_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in ("x..|...|..o", "x.#|o..", "x...|....", "x..|.#.|..o", "x..#|...o"):
        assert cgt.value(Amazons(board)) == from_cgt_py(cgt_py.Amazons(board).canonical_form), board


@settings(max_examples=30)
@given(board_strategy(".xo##", 2, 3).filter(_few_amazons))
def test_random_boards_match_cgt_py_and_the_protocol(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    expected = from_cgt_py(cgt_py.Amazons(board).canonical_form)
    assert check_protocol(Amazons(board)) == expected, board


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Amazons(board))


@pytest.mark.parametrize(
    ("board", "value"),
    [("x.", "1"), ("x..", "2"), ("o..", "-2"), ("x.o", "*"), ("x..|...", "5"), ("x#o", "0")],
)
def test_known_values(board, value):
    assert cgt.value(Amazons(board)) == cgt.parse(value)


def test_moves_shoot_through_the_square_just_left():
    assert Amazons("x..").left_options() == (
        Amazons("#x."),
        Amazons(".x#"),
        Amazons(".#x"),
        Amazons("#.x"),
    )
    assert Amazons("x|.").left_options() == (Amazons("#|x"),)  # diagonal moves need room
    assert Amazons("xo").left_options() == ()


def test_components_and_notation():
    assert Amazons("x.#.o|###..|.....").components() == (
        Amazons("x."),
        Amazons("###.o|###..|....."),
    )
    # cells touching at a corner are connected; a region without amazons is dropped
    assert Amazons("x.#|##.|.#.").components() == (Amazons("x.#|##.|##."),)
    assert Amazons("x.#|###|.#.").components() == (Amazons("x."),)
    assert Amazons("L.R") == Amazons("x.o") and str(Amazons("L.R")) == "x.o"
    assert Amazons(".x").normal_form() == (Amazons(".o"), True)


def test_bad_board():
    with pytest.raises(BoardError, match="row 2 has 3 cells but row 1 has 2"):
        Amazons("x.|..o")
