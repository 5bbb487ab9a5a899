"""Who wins: mu, gamma, delta, Theorem 1, Corollaries 2-4, checked against the exact solver on
every position with up to 8 cards (every shape of strengths, field and condition)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tanhinmin import (
    Position,
    Result,
    SuffixMatchings,
    WinnerTable,
    delta,
    gamma,
    mover_wins,
    mu,
    mu0,
    mu1,
    solve,
    solve_table,
)
from games.tanhinmin.checks import (
    brute_gamma,
    brute_mu,
    matching_pairs,
    shapes,
)
from games.tanhinmin.hands import trusted
from games.tanhinmin.matching import mu_sorted
from games.tanhinmin.solver import result_of
from games.tanhinmin.winner import delta_of

EXHAUSTIVE_CARDS = 8


def test_figure_2():
    assert mu({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7}) == 4
    assert gamma({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7}) == 7


def test_mu_and_gamma_small_cases():
    assert mu([], []) == 0 and gamma([], []) is None
    assert mu([1, 1], [1]) == 0 and gamma([1, 1], [1]) == 1  # ties never match
    assert mu([2, 2, 2], [1, 1]) == 2 and gamma([2, 2, 2], [1, 1]) == 2
    assert gamma([5], [4]) is None  # the only card is needed
    assert mu((3, 1, 2), [0]) == 1  # unsorted input is fine


def test_mu_and_gamma_equal_their_definitions_on_every_pair_up_to_8_values():
    for pair in matching_pairs(8):
        upper, lower = pair
        assert mu(upper, lower) == brute_mu(pair), pair
        assert gamma(upper, lower) == brute_gamma(pair), pair


def test_suffix_matchings_agree_with_direct_matchings():
    for upper, lower in matching_pairs(7):
        for extra in (None, 0, 1, 2, 3, 4, 8):
            oracle = SuffixMatchings(upper, lower, extra)
            for i in range(len(upper) + 1):
                for j in range(len(lower) + 1):
                    kept = sorted(lower[len(lower) - j :] + (() if extra is None else (extra,)))
                    assert oracle(i, j) == mu_sorted(kept, upper[len(upper) - i :])


def test_figure_1_matching_numbers():
    assert (mu0((1, 3, 5), (2, 4), 1), mu1((1, 3, 5), (2, 4), 1)) == (2, 1)
    assert (mu0((1, 3, 5), (2, 4), 1, 1, 1), mu1((1, 3, 5), (2, 4), 1, 1, 1)) == (1, 0)
    assert delta((1, 3, 5), (2, 4), 1) == 1


def test_theorem_1_and_corollaries_on_every_position_up_to_8_cards():
    """Theorem 1 (delta > 0), Corollary 2 (no draw), Corollary 3 (ignore the weakest cards) and
    Corollary 4 (threshold table)."""
    checked = 0
    for s in shapes(EXHAUSTIVE_CARDS):
        table = solve_table(s.mover, s.other, s.field)
        thresholds = WinnerTable(s.mover, s.other, s.field)
        assert table.draws() == [], s
        for c0 in range(len(s.mover)):
            for c1 in range(len(s.other)):
                exact = table.result(c0, c1) is Result.WIN
                assert (delta_of(trusted(s.mover, s.other, s.field, c0, c1)) > 0) == exact, (
                    s,
                    c0,
                    c1,
                )
                assert thresholds.wins(c0, c1) == exact, (s, c0, c1)
                reduced = result_of(trusted(s.mover[c0:], s.other[c1:], s.field, 0, 0))
                assert (reduced is Result.WIN) == exact, (s, c0, c1)
                checked += 1
    assert checked == 1_146_208


def test_leaving_out_the_empty_field_pass_changes_no_winner_up_to_7_cards():
    for s in shapes(7):
        literal = solve_table(s.mover, s.other, s.field)
        short = solve_table(s.mover, s.other, s.field, empty_pass=False)
        for c0 in range(len(s.mover)):
            for c1 in range(len(s.other)):
                assert literal.result(c0, c1) == short.result(c0, c1), (s, c0, c1)


def test_thresholds_are_monotone_and_the_table_reads_like_theorem_1():
    table = WinnerTable((1, 3, 5), (2, 4), field=1)
    assert table.thresholds == (0, 1, 1)
    assert table.rows() == ["c0=0: WL", "c0=1: WW", "c0=2: WW"]
    with pytest.raises(IndexError):
        table.wins(3, 0)


hands = st.lists(st.integers(1, 30), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(hands, hands, st.integers(0, 31), st.data())
def test_corollary_4_table_equals_theorem_1_on_larger_hands(mover, other, field, data):
    table = WinnerTable(mover, other, field)
    c0 = data.draw(st.integers(0, len(mover) - 1))
    c1 = data.draw(st.integers(0, len(other) - 1))
    assert table.wins(c0, c1) == mover_wins(mover, other, field, c0, c1)
    for c in range(len(mover) - 1):
        assert table.thresholds[c] <= table.thresholds[c + 1]


small_hands = st.lists(st.integers(1, 12), min_size=1, max_size=5)


@settings(max_examples=120, deadline=None)
@given(small_hands, small_hands, st.integers(0, 13), st.data())
def test_theorem_1_at_random_beyond_the_exhaustive_size(mover, other, field, data):
    c0 = data.draw(st.integers(0, len(mover) - 1))
    c1 = data.draw(st.integers(0, len(other) - 1))
    assert mover_wins(mover, other, field, c0, c1) == solve(mover, other, field, c0, c1)


def test_closed_forms_on_a_hand_of_100_000_cards():
    rng = random.Random(6)
    mover = [rng.randint(1, 1000) for _ in range(100_000)]
    other = [rng.randint(1, 1000) for _ in range(100_000)]
    s = Position(mover, other, 500, 10, 20)
    table = WinnerTable(mover, other, 500)
    assert table.wins(10, 20) == (delta(mover, other, 500, 10, 20) > 0)
    assert len(table.thresholds) == 100_000
    assert s.cards == 200_000


multisets = st.lists(st.integers(1, 20), max_size=8)


@settings(max_examples=200, deadline=None)
@given(multisets, multisets)
def test_mu_and_gamma_equal_their_definitions_at_random(upper, lower):
    pair = (tuple(sorted(upper)), tuple(sorted(lower)))
    assert mu(upper, lower) == brute_mu(pair)
    assert gamma(upper, lower) == brute_gamma(pair)
