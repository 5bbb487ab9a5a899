"""Toads and Frogs: rules, published values, components and normal forms against the plain
recursion, and pycgt's Toads and Frogs as an independent oracle."""

from __future__ import annotations

import pickle
from functools import cache
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.grid.toads_and_frogs import (
    ToadsAndFrogs,
    ToadsAndFrogsError,
    erickson_e1,
    erickson_e2,
    erickson_e3,
    family,
    plain_value,
)

T = ToadsAndFrogs


@cache
def boards(length: int, squares: str = "TF.") -> tuple[ToadsAndFrogs, ...]:
    """Every board of at most ``length`` squares."""
    return tuple(T("".join(w)) for n in range(length + 1) for w in product(squares, repeat=n))


# --- rules --------------------------------------------------------------------------------
def test_steps_and_jumps():
    assert T("T.").left_options() == (T(".T"),) and T("T.").right_options() == ()
    assert T(".F").right_options() == (T("F."),) and T(".F").left_options() == ()
    assert T("TF.").left_options() == (T(".FT"),)  # a toad jumps one frog
    assert T(".TF").right_options() == (T("FT."),)  # a frog jumps one toad
    assert T("TFF.").left_options() == ()  # never over two
    assert T("TT.").left_options() == (T("T.T"),)  # never over its own kind
    assert set(T("T.T.F").left_options()) == {T(".TT.F"), T("T..TF")}
    assert T(".T").left_options() == () and T("F.").right_options() == ()  # no moving back


def test_board_letters_and_errors():
    assert (
        T("tt_□ff") == T("TT..FF")
        and str(T("t.f")) == "T.F"
        and repr(T("t.f")) == "ToadsAndFrogs('T.F')"
    )
    for bad, where in (("TT.X", "'X' at column 4"), ("T-F", "'-' at column 2")):
        with pytest.raises(ToadsAndFrogsError, match=where) as error:
            T(bad)
        assert isinstance(error.value, cgt.CGTError) and isinstance(error.value, ValueError)
    with pytest.raises(ToadsAndFrogsError, match="a board is a string"):
        T(["T", "."])  # type: ignore[arg-type]


def test_family_checks_its_counts():
    assert family(3, 2, 1) == T("TTT..F")
    for bad in ((-1, 1, 1), (1, 1.5, 1), (1, 1, True)):
        with pytest.raises(ToadsAndFrogsError, match="non-negative int"):
            family(*bad)


def test_positions_are_immutable_hashable_and_picklable():
    p = T("TT..FF")
    with pytest.raises(AttributeError):
        p.board = "T"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(p)) == p and len({p, T("tt..ff"), T("T.F")}) == 2


# --- published values -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("T.", "1"),  # pycgt's docstring examples
        ("T.F", "*"),
        ("TF", "0"),
        ("TT.FF", "*"),  # Erickson 1996, introduction: whoever moves first wins
        ("TFTF.", "0"),  # small positions worked out move by move
        ("TF.TF", "0"),
        ("TFT.F", "*"),
        ("T.TFF", "{0|*}"),
        ("TT..F", "1"),  # Erickson's theorem: T^a □□ F is the integer a - 1 here
        ("TTT...FFF", "0"),
    ],
)
def test_known_values(board, expected):
    p = T(board)
    assert p.value() == plain_value(p) == cgt.Game(expected)


def test_every_board_up_to_seven_squares_against_pycgt():
    oracle = pytest.importorskip("pycgt.rulesets.toads_and_frogs")

    @cache
    def from_pycgt(g):
        return cgt.Game(
            left=[from_pycgt(x) for x in g.left], right=[from_pycgt(x) for x in g.right]
        )

    for p in boards(7):
        assert from_pycgt(oracle.value(p.board.lower())) == plain_value(p), p


def test_erickson_families_against_the_recursion():
    for a in range(3, 6):
        for b in range(2, a):
            assert erickson_e1(a, b) == plain_value(family(a, 2, b)), (a, b)
    for a in range(2, 6):
        assert erickson_e2(a) == plain_value(family(a, 3, 2)) == cgt.Game(a - 2) + cgt.STAR
    assert [erickson_e3(a) for a in (5, 6)] == [cgt.Game("3/2"), cgt.Game("5/2")]
    assert plain_value(family(5, 3, 3)) == erickson_e3(5)
    # outside the stated ranges the formulas do not hold: the ranges matter
    assert erickson_e1(2, 2) != plain_value(family(2, 2, 2))
    assert erickson_e3(4) != plain_value(family(4, 3, 3))


def test_claims_are_registered_and_the_quick_ones_hold():
    mine = {c.claim: c for c in cgt.claims() if c.game == "Toads and Frogs"}
    assert len(mine) == 5
    for text in (c for c in mine if c.startswith(("E2", "contiguous"))):
        row = mine[text].run(quick=True)
        assert row.status == "holds" and row.result.checked >= 5, text


# --- components and normal forms ---------------------------------------------------------------
def test_frozen_creatures():
    assert T("FF.T.TT").frozen() == (True, True, False, False, False, True, True)
    assert T(".TTFF.").frozen() == (False, True, True, True, True, False)
    assert T("TF.").frozen() == (False, False, False)  # the toad can still jump
    assert T("TF").frozen() == (True, True)


def test_components_examples():
    assert T("T.F").components() == (T("T.F"),)
    assert T("F.T.TTFF.F").components() == (T(".T."), T(".F"))
    assert T("TF").components() == (T(""),)
    assert T("").components() == (T(""),)


@pytest.mark.parametrize(("length", "squares"), [(7, "TF."), (5, "TF.|")])
def test_components_and_normal_form_on_every_board(length, squares):
    for p in boards(length, squares):
        v = plain_value(p)
        assert p.value() == v, p
        parts = p.components()
        assert sum((plain_value(c) for c in parts), cgt.Game(0)) == v, p
        rep, negated = p.normal_form()
        assert (-plain_value(rep) if negated else plain_value(rep)) == v, p
        assert rep.normal_form() == (rep, False), p
        other, flipped = p.negative().normal_form()
        assert other == rep and (flipped != negated or v == -v), p


@given(st.text(alphabet="TF.|", max_size=11))
def test_components_and_normal_form_random(board):
    p = T(board)
    v = plain_value(p)
    assert sum((plain_value(c) for c in p.components()), cgt.Game(0)) == v
    rep, negated = p.normal_form()
    assert (-plain_value(rep) if negated else plain_value(rep)) == v
    assert p.negative().value() == -v
