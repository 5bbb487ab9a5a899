"""Subtraction games: seed 001's tables and the certified period, against the recursion."""

from itertools import combinations, product

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.nim import (
    GENERALIZED_NIM,
    ONE_HEAP_NIM,
    RESTRICTED_NIM,
    InvalidRulesError,
    Nim,
    subtraction,
)
from games.nim.claims import literal_seed_rule


def recursion(game, size):
    return [cgt.grundy(game.position(n)) for n in range(size)]


def test_seed_001_tables():
    # Examples 6.1, 6.2 and 6.3, as printed.
    assert [ONE_HEAP_NIM.grundy(i) for i in range(7)] == [0, 1, 2, 3, 4, 5, 6]
    assert RESTRICTED_NIM.sequence(10) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert GENERALIZED_NIM.sequence(11) == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0]
    # Examples 4.2 and 4.3: the P-positions (the paper's G) by i mod 4 and i mod 5.
    assert [cgt.is_p_position(RESTRICTED_NIM.position(i)) for i in range(10)] == [
        i % 4 == 0 for i in range(10)
    ]
    assert [cgt.is_p_position(GENERALIZED_NIM.position(i)) for i in range(11)] == [
        i % 5 in (0, 1) for i in range(11)
    ]
    assert GENERALIZED_NIM.position(1).options() == ()  # terminal set {0, 1}


def test_seed_001_example_8_1_on_the_product_game():
    a = [0, 0, 1, 1, 2]
    for i, j, k in product(range(7), repeat=3):
        position = cgt.Sum(Nim((i,)), RESTRICTED_NIM.position(j), GENERALIZED_NIM.position(k))
        assert cgt.grundy(position, decompose=False) == i ^ (j % 4) ^ a[k % 5]


def test_printed_rule_loops_at_zero():
    with pytest.raises(cgt.LoopyGameError) as caught:
        cgt.grundy(literal_seed_rule(0, (2, 3)))
    assert [p.n for p in caught.value.cycle] == [0, 0]


def test_period_and_preperiod_of_every_set_within_1_to_7_against_the_recursion():
    for k in range(1, 8):
        for moves in combinations(range(1, 8), k):
            game = subtraction(moves)
            n0, p = game.preperiod, game.period
            size = 2 * (n0 + p) + max(moves) + 20
            truth = recursion(game, size)
            assert [game.periodic_grundy(n) for n in range(size)] == truth, moves
            # least period and least preperiod: no smaller one fits the computed truth
            tail = range(n0, size - p)
            for q in range(1, p):
                assert any(truth[n] != truth[n + q] for n in range(n0, size - q)), (moves, q)
            if n0:
                assert truth[n0 - 1] != truth[n0 - 1 + p]
            assert all(truth[n] == truth[n + p] for n in tail)


@settings(max_examples=40, deadline=None)
@given(st.frozensets(st.integers(1, 15), min_size=1, max_size=4), st.integers(0, 300))
def test_certified_values_random(moves, n):
    game = subtraction(moves)
    assert game.periodic_grundy(n) == cgt.grundy(game.position(n))


def test_huge_heaps_are_answered_from_the_period():
    game = subtraction({2, 3})
    assert game.grundy(10**18) == [0, 0, 1, 1, 2][10**18 % 5]
    assert subtraction({3, 5, 7}).grundy(10**18 + 1) == subtraction({3, 5, 7}).periodic_grundy(
        10**18 + 1
    )


def test_closed_forms():
    n = sympy.Symbol("n")
    assert RESTRICTED_NIM.closed_form() == sympy.Mod(n, 4)
    for moves in [(2, 3), (1, 4), (2, 5, 6), (3, 4, 9)]:
        game = subtraction(moves)
        form = game.closed_form()
        assert [int(form.subs(n, i)) for i in range(120)] == game.sequence(120)


def test_sequence_tiles_the_period_for_a_million_values():
    values = subtraction({2, 3}).sequence(10**6)
    assert len(values) == 10**6 and values[-5:] == [0, 0, 1, 1, 2]


def test_deep_heap_uses_no_python_recursion():
    assert cgt.grundy(subtraction({1}).position(10_000)) == 0


def test_the_same_set_gives_the_same_game():
    assert subtraction([3, 2, 2]) is subtraction({2, 3})
    assert subtraction({2, 3}).position(4) == subtraction([2, 3]).position(4)


@pytest.mark.parametrize(
    ("moves", "error", "match"),
    [
        ({0, 2}, InvalidRulesError, "positive"),
        ({-1}, InvalidRulesError, "positive"),
        (set(), InvalidRulesError, "at least one"),
        ("2,3", TypeError, "iterable"),
        (5, TypeError, "iterable"),
        ({2.0}, TypeError, "ints"),
    ],
)
def test_bad_sets_are_rejected(moves, error, match):
    with pytest.raises(error, match=match):
        subtraction(moves)


def test_search_bound_too_small_is_an_error_not_a_hang():
    with pytest.raises(InvalidRulesError, match="search_bound"):
        _ = subtraction({50}, search_bound=60).period


def test_small_heaps_of_a_slow_game_need_no_period():
    game = subtraction({50}, search_bound=10**4)
    assert game.grundy(10) == 0 and game.sequence(101)[-3:] == [1, 1, 0]
    assert (game.preperiod, game.period) == (0, 100)
    assert game.grundy(10**18 + 75) == 1


def test_bad_heap_sizes():
    with pytest.raises(ValueError):
        GENERALIZED_NIM.grundy(-1)
    with pytest.raises(TypeError):
        GENERALIZED_NIM.grundy(2.0)
    with pytest.raises(ValueError):
        GENERALIZED_NIM.position(-3)
