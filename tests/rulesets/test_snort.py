"""Snort on grids: every small board against cgt-py's and pycgt's graph Snort, the protocol."""

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
from games.grid.snort import BoardError, Snort

SMALL = list(boards(".xo#", 2, 2, 4)) + list(boards(".xo", 3, 3, 5)) + list(boards(".#", 3, 3, 6))


def test_every_small_board_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        assert cgt.value(Snort(board)) == cgt_py_colouring(cgt_py, "Snort", board), board


@settings(max_examples=40)
@given(board_strategy(".xo#", 3, 4))
def test_random_boards_match_cgt_py_and_the_protocol(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    assert check_protocol(Snort(board)) == cgt_py_colouring(cgt_py, "Snort", board), board


def test_every_small_board_matches_pycgt():
    graphs = pytest.importorskip("pycgt.rulesets.graphs", reason="pycgt is not installed")
    for board in boards(".xo#", 2, 2, 4):
        assert cgt.value(Snort(board)) == pycgt_colouring(graphs, "Snort", board), board


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Snort(board))


@pytest.mark.parametrize(
    ("board", "value"),
    [
        (".", "*"),
        ("..", "±1"),
        ("...", "±2"),
        ("....", "±{2|1}"),
        (".....", "{1, {3|0} | -1, {0|-3}}"),
        ("x.", "1"),
        ("o.", "-1"),
        ("x.o", "0"),
        ("..|..", "0"),
    ],
)
def test_known_values(board, value):
    assert cgt.value(Snort(board)) == cgt.parse(value)


def test_moves_and_notation():
    assert Snort("x..").left_options() == (Snort("xx."), Snort("x.x"))
    assert Snort("x..").right_options() == (Snort("x.o"),)
    assert Snort("L.R") == Snort("x.o") and str(Snort("L.R")) == "x.o"
    assert Snort("..#x|####|o...").components() == (Snort(".."), Snort("o..."))
    assert Snort("x.").normal_form() == (Snort(".o"), True)


def test_claims_hold_quickly():
    claims = [c for c in cgt.claims() if c.game == "Snort"]
    assert [c.run(quick=True).status for c in claims] == ["holds"]


def test_bad_board():
    with pytest.raises(BoardError, match="unexpected 'b'"):
        Snort("x.b")
