"""Loopy positions (opt-in, errors) and the seed games as loopy games."""

from __future__ import annotations

from typing import Any

import pytest

import cgt
from cgt import Game


@cgt.partizan_game
def Race(left: int, right: int) -> tuple[list[Any], list[Any]]:
    """Each player counts down their own number; at 0 they may wait (pass) forever."""
    return [Race(left - 1, right) if left else Race(left, right)], [
        Race(left, right - 1) if right else Race(left, right)
    ]


class Spin:
    """0 -> 1 -> 2 -> 0 for Left, nothing for Right: opts in to loopy play."""

    loopy = True

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spin) and other.n == self.n

    def __hash__(self) -> int:
        return hash(self.n)

    def left_options(self) -> list[Spin]:
        return [Spin((self.n + 1) % 3)]

    def right_options(self) -> list[Spin]:
        return []


def test_short_positions_keep_their_value_and_loopy_ones_need_the_opt_in() -> None:
    @cgt.partizan_game
    def Stairs(n: int) -> tuple[list[int], list[int]]:
        return ([n - 1] if n else []), []

    assert cgt.loopy_value(Stairs(5)) == cgt.value(Stairs(5)) == Game(5)
    with pytest.raises(cgt.LoopyGameError):
        cgt.value(Race(1, 1))
    assert cgt.loopy_value(Race(1, 1)) == cgt.parse("dud")
    assert cgt.outcome(Spin(0)) == cgt.Outcome.L and cgt.loopy_value(Spin(0)) == cgt.parse("on")


def test_bad_positions_are_named_errors() -> None:
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]
        loopy = True

    with pytest.raises(cgt.UnhashablePositionError):
        cgt.loopy_value(Unhashable())
    with pytest.raises(cgt.NotAPositionError):
        cgt.loopy_value(42)
    with pytest.raises(cgt.GraphTooLargeError):
        cgt.loopy_value(Race(50, 50), max_positions=100)
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.loopy_value(Race(1, 1), max_positions=0)


def test_loopy_games_are_positions_too() -> None:
    position = cgt.loopy.position_graph(cgt.parse("upon"))
    assert len(position[0]) == 3
    assert cgt.loopy_value(cgt.parse("over")) == cgt.parse("over")


def test_tanhinmin_with_the_empty_pass_has_the_short_outcomes() -> None:
    from games.tanhinmin.loopy import LoopyTanhinmin, loopy_outcome
    from games.tanhinmin.partizan import PartizanTanhinmin, partizan_positions

    positions = list(partizan_positions(4))
    assert len(positions) > 500
    for p in positions:
        assert loopy_outcome(p) == cgt.outcome(p)
    loopy = LoopyTanhinmin(PartizanTanhinmin((1, 2), (3,)))
    assert loopy in loopy.left_options() and not cgt.loopy_value(loopy).is_stopper


def test_pass_sevens_with_passes() -> None:
    from games.sevens.loopy import PassingSevens, _expected_unlimited, _unlimited
    from games.sevens.positions import all_positions

    for suits in all_positions(3, 3):
        zero = cgt.value(PassingSevens(suits))
        assert cgt.value(PassingSevens(suits, 2, 2)) == zero
        assert _unlimited(suits) == _expected_unlimited(suits)
    with pytest.raises(cgt.InvalidArgumentError):
        PassingSevens(("LR",), -1, 0)
