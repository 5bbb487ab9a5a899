"""Suit values: Algorithm 1 as published against the Theorem 3 recursion, and the corollaries."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from games.sevens import suit_value
from games.sevens.positions import all_suits
from games.sevens.values import (
    algorithm1,
    algorithm1_trace,
    delete_first,
    theorem3_value,
)

# values worked by hand from Theorem 3 (the fold from the last card)
KNOWN = {
    "0": 0,
    "0L": 1,
    "0R": -1,
    "0LR": 0,
    "0RL": 0,
    "0LL": 2,
    "0LRR": 0,
    "0RLL": 0,
    "0LRL": 1,
    "0RLR": -1,
    "01LLRL": 2,
    "0LLRLR": 1,
    "0RRRL": -2,
    "0LLLRR": 2,
    "0RLRLRR": -1,
}


def test_known_values():
    for text, value in KNOWN.items():
        assert theorem3_value(text) == value, text
        assert algorithm1(text) == value, text
        assert suit_value(text) == value, text


def test_algorithm1_equals_theorem3_on_every_suit_up_to_14_cards():
    count = 0
    for suit in all_suits(14):
        assert algorithm1(suit) == theorem3_value(suit), suit
        count += 1
    assert count == 2**15 - 1


def test_field_cards_never_matter_to_the_algorithms():
    # every way of putting cards 1..6 on the field inside every suit of 6 cards (Theorem 2)
    for letters in itertools.product("LR", repeat=6):
        for on_field in itertools.product((False, True), repeat=6):
            pairs = list(zip(letters, on_field, strict=True))
            text = "0" + "".join(str(i + 1) if out else c for i, (c, out) in enumerate(pairs))
            kept = "".join(c for c, out in pairs if not out)
            assert algorithm1(text) == theorem3_value(kept)


def test_every_published_return_is_reached_except_line_30():
    lines = {algorithm1_trace(s)[1] for s in all_suits(8)}
    assert lines == {3, 5, 8, 10, 12, 14, 19, 21, 24, 26, 28, 34}


def test_line_25_read_as_a_prefix_would_be_wrong():
    # 0RLRLR: k = 1, then LRLR; its value is -1 (line 28), not -k + 1 = 0
    assert theorem3_value("0RLRLR") == -1
    assert algorithm1_trace("0RLRLR") == (-1, 28)


@given(st.text(alphabet="LR", max_size=300))
def test_algorithm1_equals_theorem3_at_random(suit):
    assert algorithm1(suit) == theorem3_value(suit)


@given(st.text(alphabet="LR", max_size=100))
def test_swapping_hands_negates(suit):
    swapped = suit.translate(str.maketrans("LR", "RL"))
    assert suit_value(swapped) == -suit_value(suit)


def test_deep_suits():
    assert suit_value("L" * 10_000) == 10_000
    assert suit_value("LR" * 5_000) == 0
    assert suit_value("R" + "L" * 9_999) == 0
    assert theorem3_value("RL" * 5_000 + "R") == -1


def test_corollary_1_and_2():
    for x in all_suits(10):
        assert theorem3_value("LRR" + x) == 0
        assert theorem3_value("RLL" + x) == 0
    for k in range(50):
        assert theorem3_value("L" * k) == k
        assert theorem3_value("R" * k) == -k


def test_corollary_3_as_printed_fails_with_an_arbitrary_x():
    # 0LRL X with X = R is 0LRLR, of value 0, not 1; 0RLR L is 0, not -1
    assert theorem3_value("0LRLR") == 0
    assert theorem3_value("0RLRL") == 0
    # with X starting with the doubled letter the corollary holds
    for j in range(1, 5):
        for x in all_suits(6):
            assert theorem3_value("LR" * j + "L" + "L" + x) == 1
            assert theorem3_value("RL" * j + "R" + "R" + x) == -1
            assert theorem3_value("LR" * j + "R" + x) == 0
            assert theorem3_value("RL" * j + "L" + x) == 0


def test_corollaries_4_and_5_smallest_counterexamples():
    # deleting the leftmost L of 0RLL leaves 0RL: both are 0, no drop of 1
    assert (theorem3_value("0RLL"), theorem3_value(delete_first("0RLL", "L"))) == (0, 0)
    assert (theorem3_value("0LRR"), theorem3_value(delete_first("0LRR", "R"))) == (0, 0)
    # no shorter suit fails
    for suit in all_suits(2):
        if "L" in suit:
            assert theorem3_value(suit) - theorem3_value(delete_first(suit, "L")) >= 1


def test_corollaries_4_and_5_corrected():
    for suit in all_suits(12):
        for letter, sign in (("L", 1), ("R", -1)):
            if letter not in suit:
                continue
            change = sign * (theorem3_value(suit) - theorem3_value(delete_first(suit, letter)))
            assert change >= (1 if suit[0] == letter else 0), suit
            if suit[0] == letter and sign * theorem3_value(suit) > 0:
                assert change == 1, suit  # Algorithm 3's step: exactly one
