"""The almighty card: Algorithm 4 refuted, the corrected criterion, Algorithm 6 by play-out."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sevens import almighty_winner, solve
from games.sevens.almighty import (
    algorithm4_total,
    algorithm4_winner,
    algorithm5_suits,
    algorithm6_wins,
    holder_gain,
)
from games.sevens.deal import deal
from games.sevens.notation import SevensError
from games.sevens.positions import all_positions


def _algorithm4_claims(suits, holder, first):
    total = algorithm4_total(suits, holder)
    return (total == 0 and first != holder) or ((total > 0) == (holder == "L") and total != 0)


def test_gains():
    assert [holder_gain(s) for s in ("0RRLL", "0RLL", "0LRRR", "0LL", "0LRLL")] == [1, 2, 0, 0, 2]
    assert algorithm4_total(["RRLL", "RRLL"], "L") == -1
    assert algorithm5_suits(["LR", "RLL", "RR"], "L") == [1]


def test_algorithm4_smallest_counterexamples():
    """Every counterexample of at most 8 cards: the squeeze 0RRLL + 0RRLL and its mirror."""
    failures = []
    for suits in all_positions(8, max_suits=4):
        for holder in "LR":
            for first in "LR":
                if algorithm4_winner(suits, holder, first) != solve(suits, first, almighty=holder):
                    failures.append((suits, holder, first))
    assert failures == [(("LLRR", "LLRR"), "R", "L"), (("RRLL", "RRLL"), "L", "R")]
    # the published total is -2 + 1 = -1, but Right must play into a suit, leaving 0RLL,
    # and Left's card on that R gains 2
    assert algorithm4_winner(["RRLL", "RRLL"], "L", "R") == "R"
    assert almighty_winner(["RRLL", "RRLL"], "L", "R") == "L"


def test_corrected_criterion_equals_minimax_up_to_10_cards():
    for suits in all_positions(10, max_suits=4):
        for holder in "LR":
            for first in "LR":
                expected = solve(suits, first, almighty=holder)
                assert almighty_winner(suits, holder, first) == expected, (suits, holder, first)
                if _algorithm4_claims(suits, holder, first):  # the lemma
                    assert expected == holder, (suits, holder, first)


def test_algorithm4_errs_only_against_the_holder():
    for suits in all_positions(9, max_suits=4):
        for holder in "LR":
            for first in "LR":
                published = algorithm4_winner(suits, holder, first)
                if published == holder:
                    assert solve(suits, first, almighty=holder) == holder


def test_algorithm4_fails_on_real_deals():
    # deal 3: Algorithm 4 says Right, but Left (holding the card, Right first) wins
    suits = deal(3).suits
    assert algorithm4_winner(suits, "L", "R") == "R"
    assert almighty_winner(suits, "L", "R") == "L"


def test_algorithm6_as_published_fails():
    # 0LR + 0RL, Left first: both suits gain 1; if step 6 picks 0RL as A, step 7 finds no
    # suit Left can play (0RL's value is raised, but its next card is Right's)
    assert algorithm6_wins(["LR", "RL"], "L", "L", ties="all") is False
    # with the lowest index as A: 0LR + 0RRLL, Right first; after Right's 0RRLL -> 0RLL, A is
    # 0RLL (gain 2) and again step 7 has nothing to play before step 8 spends the card
    assert algorithm6_wins(["LR", "RRLL"], "L", "R", ties="first") is False
    assert algorithm6_wins(["LR", "RRLL"], "L", "R", card_first=True) is True


def test_algorithm6_corrected_wins_wherever_algorithm4_says_so_up_to_8_cards():
    for suits in all_positions(8, max_suits=4):
        for holder in "LR":
            for first in "LR":
                if _algorithm4_claims(suits, holder, first):
                    assert algorithm6_wins(suits, holder, first, card_first=True), (suits, holder)


def test_mirror_image():
    for suits in all_positions(6, max_suits=3):
        swapped = [s.translate(str.maketrans("LR", "RL")) for s in suits]
        for first, other in (("L", "R"), ("R", "L")):
            assert almighty_winner(suits, "L", first) == (
                "L" if almighty_winner(swapped, "R", other) == "R" else "R"
            )


def test_bad_input():
    with pytest.raises(SevensError, match="holder must be"):
        almighty_winner(["L"], "M", "L")
    with pytest.raises(SevensError, match="ties must be"):
        algorithm6_wins(["L"], "L", "L", ties="last")


def test_deep_and_real_sized_positions():
    assert almighty_winner(["RL" * 2_000], "L", "R") == solve(["RL" * 2_000], "R", almighty="L")
    for seed in range(3):
        suits = deal(seed).suits
        for holder in "LR":
            # the holder never does worse than without the card
            for first in "LR":
                if almighty_winner(suits, holder, first) != holder:
                    assert algorithm4_winner(suits, holder, first) != holder


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet="LR", min_size=1, max_size=5), min_size=1, max_size=3),
    st.sampled_from("LR"),
    st.sampled_from("LR"),
)
def test_corrected_criterion_at_random(suits, holder, first):
    assert almighty_winner(suits, holder, first) == solve(suits, first, almighty=holder)
