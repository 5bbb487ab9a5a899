"""The suit as a partizan position through `cgt.value`, and the CGT sum against `winner`."""

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.sevens import algorithm1, suit_value, theorem3_value, winner
from games.sevens.claims import cgt_winner, generic_suit_value
from games.sevens.game import Suit, position
from games.sevens.positions import Position, all_positions, all_suits


def test_suit_moves():
    assert Suit("0LR").left_options() == (Suit("01R"),)
    assert Suit("0LR").right_options() == ()
    assert Suit("01R").right_options() == (Suit("012"),)
    assert Suit("0L2R").left_options() == (Suit("012R"),)
    assert Suit("LR").left_options() == (Suit("1R"),)
    assert Suit(["R", "L"]).right_options() == (Suit("1L"),)
    assert Suit("0123").left_options() == Suit("0123").right_options() == ()


def test_values_are_the_published_games():
    # 0LX = { 0X | } and 0RX = { | 0X }: e.g. 0RLL = { | 2 } = 0, 0LRR = { -2 | } = 0
    assert cgt.value(Suit("0RLL")) == cgt.Game(0)
    assert cgt.value(Suit("0LRR")) == cgt.Game(0)
    assert cgt.value(Suit("0LLL")) == cgt.Game(3)
    assert cgt.value(Suit("0RLR")) == cgt.Game(-1)


def test_three_ways_agree_on_every_suit_up_to_11_cards():
    for suit in all_suits(11):
        text = "0" + suit
        value = generic_suit_value(text)
        assert isinstance(value, int), text
        assert algorithm1(text) == theorem3_value(text) == value, text


def test_theorem2_field_cards_do_not_matter():
    for suit in all_suits(6):
        for mask in range(1 << len(suit)):
            text = "0" + "".join(str(i + 1) if mask >> i & 1 else c for i, c in enumerate(suit))
            kept = "".join(c for i, c in enumerate(suit) if not mask >> i & 1)
            assert cgt.value(Suit(text)) == cgt.value(Suit("0" + kept)), text


def test_cgt_sum_outcome_equals_winner_up_to_7_cards():
    for suits in all_positions(7, max_suits=4):
        assert cgt.value(position(suits)) == cgt.Game(sum(map(suit_value, suits)))
        for first in "LR":
            assert cgt_winner(Position(suits, first)) == winner(suits, first), suits


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="LR", max_size=24))
def test_generic_recursion_at_random(suit):
    assert generic_suit_value("0" + suit) == suit_value(suit)
