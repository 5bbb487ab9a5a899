"""Clobber: every small board against pycgt, published values, the claims, the protocol."""

import pytest
from grid_support import board_strategy, boards, check_protocol, from_pycgt
from hypothesis import given, settings

import cgt
from games.grid.clobber import BoardError, Clobber

SMALL = list(boards(".xo", 3, 3, 5)) + list(boards(".xo", 1, 6, 6))


@pytest.mark.parametrize("method", ["auto", "engine"])  # the compiled kernel, cgt's engine
def test_every_small_board_matches_pycgt(method):
    cgt.clear_caches()  # the two methods share the memo of values: each starts afresh
    pycgt = pytest.importorskip("pycgt.rulesets.clobber", reason="pycgt is not installed")
    for board in SMALL:
        expected = from_pycgt(pycgt.parse(board))
        assert cgt.value(Clobber(board), method=method) == expected, board


@settings(max_examples=40)
@given(board_strategy(".xo", 3, 4))
def test_random_boards_match_pycgt_and_the_protocol(board):
    pycgt = pytest.importorskip("pycgt.rulesets.clobber", reason="pycgt is not installed")
    assert check_protocol(Clobber(board)) == from_pycgt(pycgt.parse(board)), board


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Clobber(board))


@pytest.mark.parametrize(
    ("board", "value"),
    [
        ("xo", "*"),
        ("xxo", "^"),
        ("xoo", "v"),
        ("xxxo", "^^*"),
        ("xox", "*"),
        ("xoxoxo", "0"),
        ("xo|ox", "*"),
        ("xx|oo", "0"),
        ("x.o", "0"),
    ],
)
def test_known_values(board, value):
    assert cgt.value(Clobber(board)) == cgt.parse(value)


def test_colour_exchange_negates_and_symmetries_keep():
    assert Clobber("xxo").normal_form() == (Clobber("oox"), True)
    assert Clobber("oxx").normal_form() == (Clobber("oox"), True)
    assert Clobber("oox").normal_form() == (Clobber("oox"), False)
    assert Clobber("x|x|o").normal_form() == (Clobber("oox"), True)


def test_components_drop_dead_groups():
    assert Clobber("xx.oo|.....|xo.x.").components() == (Clobber("xo"),)
    assert Clobber("xx.oo").components() == (Clobber(""),)


def test_claims_hold_quickly():
    claims = [c for c in cgt.claims() if c.game == "Clobber"]
    assert len(claims) == 2
    for claim in claims:
        assert claim.run(quick=True).status == "holds", claim.claim


def test_bad_board():
    with pytest.raises(BoardError, match="unexpected '#' at row 1, column 2"):
        Clobber("x#o")
