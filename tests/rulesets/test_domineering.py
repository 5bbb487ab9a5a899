"""Domineering: every small board against cgt-py and pycgt, published values, the protocol."""

import pickle
import re
from fractions import Fraction

import pytest
from grid_support import (
    board_strategy,
    boards,
    check_protocol,
    from_cgt_py,
    from_pycgt,
    plain_value,
)
from hypothesis import given, settings

import cgt
from games.grid.domineering import BoardError, Domineering, rectangle

SMALL = list(boards(".#", 3, 3, 9)) + list(boards(".#", 4, 2, 8)) + list(boards(".#", 2, 4, 8))


def test_every_small_board_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        ours = cgt.value(Domineering(board))
        assert ours == from_cgt_py(cgt_py.Domineering(board).canonical_form), board


def test_every_small_board_matches_pycgt():
    pycgt = pytest.importorskip("pycgt.rulesets.domineering", reason="pycgt is not installed")
    for board in boards(".#", 3, 3, 9):
        ours = cgt.value(Domineering(board))
        assert ours == from_pycgt(pycgt.parse(board.replace("|", "\n"))), board


@settings(max_examples=25)
@given(board_strategy("..#", 4, 4))
def test_random_boards_up_to_4x4_match_cgt_py(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    assert cgt.value(Domineering(board)) == from_cgt_py(cgt_py.Domineering(board).canonical_form)


def test_pycgt_readme_values():
    # pycgt 0.2.0's README: rectangle(2, 4) is Miny(2); the temperature of rectangle(2, 3) is 5/4
    assert cgt.value(rectangle(2, 4)) == cgt.miny(2)
    assert cgt.temperature(cgt.value(rectangle(2, 3))) == Fraction(5, 4)


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        assert check_protocol(Domineering(board)) == cgt.value(Domineering(board))


@pytest.mark.parametrize(
    ("board", "value"),
    [
        ("", "0"),
        (".", "0"),
        (".|.", "1"),  # Left's vertical domino
        ("..", "-1"),  # Right's horizontal one
        ("..|..", "±1"),  # Winning Ways, ch. 5
        ("..|.#", "*"),  # the corner tromino
        ("...|...|...", "±1"),
        ("...|...", "{2|-1/2}"),
        ("..|..|..", "{1/2|-2}"),
        (".|.|.|.", "2"),
        ("....", "-2"),
    ],
)
def test_known_values(board, value):
    assert cgt.value(Domineering(board)) == cgt.parse(value)
    assert plain_value(Domineering(board)) == cgt.parse(value)


def test_transposing_negates():
    assert cgt.value(Domineering("...|.#.")) == -cgt.value(Domineering("..|.#|.."))


def test_moves_and_string_form():
    position = Domineering("..#|...")
    assert position.left_options() == (Domineering("#.#|#.."), Domineering(".##|.#."))
    assert position.right_options() == (
        Domineering("###|..."),
        Domineering("..#|##."),
        Domineering("..#|.##"),
    )
    assert str(position) == "..#|..." and repr(position) == "Domineering('..#|...')"
    assert position.to_text() == "..#\n..."
    assert pickle.loads(pickle.dumps(position)) == position
    assert rectangle(2, 3) == Domineering("...|...") and rectangle(0, 5) == Domineering("")
    with pytest.raises(AttributeError):
        position.x = 1  # type: ignore[attr-defined]


def test_components_split_the_regions():
    board = Domineering("..#.|..#.|####|.#..")
    assert board.components() == (Domineering("..|.."), Domineering(".|."), Domineering(".."))
    assert Domineering(".#.").components() == (Domineering(""),)
    assert Domineering("..|..").components() == (Domineering("..|.."),)


def test_svg_picture():
    svg = Domineering("..|.#").to_svg()
    assert svg.startswith("<svg") and svg.count("<rect") == 4 and "#555555" in svg
    assert Domineering("..")._repr_svg_() == Domineering("..").to_svg()


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("..|.", "row 2 has 1 cell but row 1 has 2"),
        (".x", "unexpected 'x' at row 1, column 2 (position 1)"),
        ("..||..", "row 2 has 0 cells"),
        ("|", "empty row"),
    ],
)
def test_bad_boards(board, message):
    with pytest.raises(BoardError, match=re.escape(message)) as error:
        Domineering(board)
    assert isinstance(error.value, cgt.CGTError) and isinstance(error.value, ValueError)


def test_board_error_pickles_with_its_position():
    with pytest.raises(BoardError) as caught:
        Domineering("..|.?")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.position, copy.text, str(copy)) == (4, "..|.?", str(caught.value))


def test_bad_board_position_and_type():
    with pytest.raises(BoardError) as error:
        Domineering("...|.?.")
    assert error.value.position == 5 and "^" in str(error.value)
    with pytest.raises(cgt.WrongTypeError):
        Domineering(12)  # type: ignore[arg-type]


def test_claims_hold_quickly():
    claims = {c.claim: c for c in cgt.claims() if c.game == "Domineering"}
    assert len(claims) == 3
    for claim in claims.values():
        run = claim.run(quick=True)
        assert run.status == "holds" and run.result.checked > 10, claim.claim


def test_the_published_2_x_n_table_reads_as_outcomes():
    assert [str(cgt.outcome(rectangle(2, n))) for n in range(9)] == [
        str(cgt.Outcome(o)) for o in "PLNNRLNNR"
    ]
