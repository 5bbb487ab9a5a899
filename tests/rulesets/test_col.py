"""Col on grids: every small board against cgt-py's and pycgt's graph Col, the protocol."""

import pytest
from grid_support import (
    board_strategy,
    boards,
    cgt_py_colouring,
    check_protocol,
    pycgt_colouring,
)
from hypothesis import given, settings

import cgt
from games.grid.col import BoardError, Col

SMALL = list(boards(".xo#", 2, 2, 4)) + list(boards(".xo", 3, 3, 5)) + list(boards(".#", 3, 3, 6))


def test_every_small_board_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        assert cgt.value(Col(board)) == cgt_py_colouring(cgt_py, "Col", board), board


@settings(max_examples=40)
@given(board_strategy(".xo#", 3, 4))
def test_random_boards_match_cgt_py_and_the_protocol(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    assert check_protocol(Col(board)) == cgt_py_colouring(cgt_py, "Col", board), board


def test_every_small_board_matches_pycgt():
    graphs = pytest.importorskip("pycgt.rulesets.graphs", reason="pycgt is not installed")
    for board in boards(".xo#", 2, 2, 4):
        assert cgt.value(Col(board)) == pycgt_colouring(graphs, "Col", board), board


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Col(board))


@pytest.mark.parametrize(
    ("board", "value"),
    [
        (".", "*"),
        ("..", "0"),
        ("...", "0"),
        ("x.", "-1"),
        ("o.", "1"),
        (".x.", "-2"),
        ("x.o", "0"),
        ("o..|...", "1"),
    ],
)
def test_known_values(board, value):
    assert cgt.value(Col(board)) == cgt.parse(value)


def test_moves_and_notation():
    assert Col("x..").left_options() == (Col("x.x"),)
    assert Col("x..").right_options() == (Col("xo."), Col("x.o"))
    assert Col("L.R") == Col("x.o") and str(Col("L.R")) == "x.o"
    assert Col("x.#.").components() == (Col("x."), Col("."))
    assert Col(".x").normal_form() == (Col(".o"), True)


def test_claims_hold_quickly():
    claims = [c for c in cgt.claims() if c.game == "Col"]
    assert [c.run(quick=True).status for c in claims] == ["holds", "holds"]


def test_bad_board():
    with pytest.raises(BoardError, match="unexpected 'b'"):
        Col("x.b")
