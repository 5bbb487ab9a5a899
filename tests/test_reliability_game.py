"""Issue 16, wrong answers of `cgt.Game`: equality, hashing and ordering with other types, and
sums with positions."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

import cgt
from cgt import STAR, Game, Nimber, WrongTypeError


@pytest.mark.parametrize("items", list(permutations([1, 1.0, Fraction(1), Game(1)])))
def test_sets_of_equal_numbers_agree_in_any_order(items: tuple[object, ...]) -> None:
    """``len({1, 1.0, Game(1)})`` was 1 but ``len({Game(1), 1.0, 1})`` was 2."""
    assert len(set(items)) == 1


def test_equality_is_exact_and_consistent_with_hash() -> None:
    half = Game("1/2")
    assert half == 0.5 == Fraction(1, 2) and hash(half) == hash(0.5)
    assert half != 0.5000001 and half != 1 and Game(1) != "1" and STAR != 0 and STAR != 0.0
    assert Game(1) == True  # noqa: E712  (as 1 == True: hash(True) == 1)
    assert Game(-3) != float("nan") and Game(0) != float("inf")


@pytest.mark.parametrize("other", ["1", 1.0, Nimber(1), None, True, [1]])
def test_ordering_takes_only_what_equality_takes(other: object) -> None:
    """``parse('1') <= '1'`` and ``>= '1'`` were True, but ``== '1'`` was False."""
    g = cgt.parse("1")
    for compare in (g.__le__, g.__ge__, g.__lt__, g.__gt__):
        with pytest.raises(WrongTypeError):
            compare(other)
    assert g.compare("1") == "=" and STAR.compare(Nimber(1)) == "="  # explicit: converts


def test_ordering_with_ints_and_fractions() -> None:
    assert Game("1/2") < 1 and Game("1/2") >= Fraction(1, 2) and 0 < Game("1/4") <= Fraction(1, 4)


def test_game_plus_position_is_position_plus_game() -> None:
    """``Game(1) + Heap(3)`` failed (TypeError) while ``Heap(3) + Game(1)`` gave their sum."""

    @cgt.impartial_game
    def Heap(n: int) -> range:
        return range(n)

    assert Game(1) + Heap(3) == cgt.Sum(Game(1), Heap(3))
    assert Heap(3) + Game(1) == cgt.Sum(Heap(3), Game(1))
    assert cgt.value(Game(1) + Heap(3)) == cgt.value(Heap(3) + Game(1)) == Game("1*3")


@pytest.mark.parametrize("other", ["1", 1.5, True, None])
def test_arithmetic_with_text_floats_and_bools_is_a_named_error(other: object) -> None:
    for operation in (lambda: Game(1) + other, lambda: other + Game(1), lambda: Game(1) - other):
        with pytest.raises(WrongTypeError):
            operation()
    with pytest.raises(WrongTypeError):
        Game(1) * other  # type: ignore[operator]


def test_arithmetic_with_nimbers_and_fractions() -> None:
    assert Game(1) + Nimber(1) == Nimber(1) + Game(1) == Game("1*")
    with pytest.raises(cgt.GameValueError):
        Game(1) + Fraction(1, 3)
