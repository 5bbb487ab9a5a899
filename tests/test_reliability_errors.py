"""Issue 16: bad input to the public functions gives the library's named errors, never a bare
TypeError, ValueError or ZeroDivisionError (found by calling them with wrong types)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import cgt
from cgt import Game, Nimber
from cgt.impartial.nimber import NimDivisionError

BAD = [None, True, 1.5, "x", [1], (1,), Fraction(1, 3), b"1"]


@pytest.mark.parametrize("bad", BAD)
def test_nim_arithmetic_takes_ints(bad: object) -> None:
    for call in (
        lambda: cgt.nim_multiply(bad, 2),  # type: ignore[arg-type]
        lambda: cgt.nim_multiply(2, bad),  # type: ignore[arg-type]
        lambda: cgt.nim_inverse(bad),  # type: ignore[arg-type]
        lambda: Nimber(2) ** bad,  # type: ignore[operator]
        lambda: Nimber(2) + bad,
        lambda: Nimber(2) * bad,
        lambda: Nimber(2) / bad,
    ):
        with pytest.raises(cgt.WrongTypeError):
            call()


@pytest.mark.parametrize("bad", [None, 1.5, 3, object()])
def test_mex_of_a_non_iterable(bad: object) -> None:
    with pytest.raises(cgt.WrongTypeError):
        cgt.mex(bad)  # type: ignore[arg-type]


def test_no_inverse_of_star_zero() -> None:
    with pytest.raises(NimDivisionError) as caught:
        Nimber(3) / Nimber(0)
    assert isinstance(caught.value, (cgt.CGTError, ZeroDivisionError))
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.nim_inverse(-1)


def test_nimbers_and_games_still_add() -> None:
    assert Nimber(2) + Game(1) == Game("1*2") and Nimber(1) + Nimber(3) == Nimber(2)
    assert Nimber(2) ** 3 == Nimber(2) * Nimber(2) * Nimber(2)
