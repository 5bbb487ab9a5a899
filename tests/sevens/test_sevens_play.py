"""The winner (Algorithm 2), the strategy (Algorithm 3) and Theorem 1, against the exact solver."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sevens import SevensError, solve, total_value, winner, winning_moves
from games.sevens.play import algorithm3_moves, playout_wins
from games.sevens.positions import all_positions, position_count


def test_algorithm2_equals_minimax_on_every_position_up_to_10_cards():
    checked = 0
    for suits in all_positions(10, max_suits=4):
        for first in "LR":
            assert winner(suits, first) == solve(suits, first), (suits, first)
            checked += 1
    assert checked == 2 * position_count(10) == 57682


def test_algorithm3_wins_every_playout_up_to_9_cards():
    for suits in all_positions(9, max_suits=4):
        for first in "LR":
            assert playout_wins(suits, winner(suits, first), first), (suits, first)


def test_playout_detects_a_losing_side():
    # 0L + 0R with Left first: a sum of 0, so Right wins; Left's strategy cannot win it
    assert winner(["L", "R"], "L") == "R"
    assert not playout_wins(["L", "R"], "L", "L")
    assert playout_wins(["L", "R"], "R", "L")


@pytest.mark.parametrize("passes", [1, 2, 3])
def test_theorem1_passes_change_no_winner_up_to_7_cards(passes):
    for suits in all_positions(7, max_suits=4):
        for first in "LR":
            assert solve(suits, first, passes=passes) == winner(suits, first), (suits, first)


def test_winning_moves():
    assert total_value(["0LLRL", "0RRL"]) == 1
    assert winning_moves(["0LLRL", "0RRL"], "L") == [0]
    assert winning_moves(["0LLRL", "0RRL"], "R") == []
    assert winning_moves(["L", "LL", "RL"], "L") == [0, 1]
    assert algorithm3_moves(["R", "RR", "LR"], "R") == [0, 1]


def test_large_position_is_linear_and_exact():
    suits = ["LLR" * 300] * 500 + ["RRL" * 300] * 499  # values +2 and -2 (Algorithm 1, line 8)
    assert total_value(suits) == 2
    assert winner(suits, "R") == "L"


def test_bad_input():
    with pytest.raises(SevensError, match="first must be"):
        winner(["L"], "X")
    with pytest.raises(SevensError, match="at least one suit"):
        winner([])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="LR", min_size=1, max_size=5), min_size=1, max_size=3),
    st.sampled_from("LR"),
)
def test_winner_equals_minimax_at_random(suits, first):
    assert winner(suits, first) == solve(suits, first)
