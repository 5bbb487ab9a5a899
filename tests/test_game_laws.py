"""Algebraic laws of cgt.Game on random games (hypothesis), and agreement with a naive model."""

from __future__ import annotations

import naive
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games, nus_values

import cgt
from cgt import Game

LAWS = settings(max_examples=150, deadline=None)


@LAWS
@given(games(), games())
def test_addition_commutes(g: Game, h: Game) -> None:
    assert g + h is h + g


@LAWS
@given(games(6), games(6), games(6))
def test_addition_associates(g: Game, h: Game, k: Game) -> None:
    assert (g + h) + k is g + (h + k)


@LAWS
@given(games())
def test_inverse_and_identity(g: Game) -> None:
    assert g - g is cgt.ZERO
    negated = -g
    assert g + cgt.ZERO is g and -negated is g
    assert (g + g) - g is g


@LAWS
@given(games(), games(), games())
def test_order_is_transitive_and_compatible_with_sums(g: Game, h: Game, k: Game) -> None:
    if g <= h and h <= k:
        assert g <= k
    assert (g <= h) == (g + k <= h + k)
    assert (g <= h) == (g - h <= 0)
    assert (g <= h and h <= g) == (g is h)


@LAWS
@given(games(), games())
def test_exactly_one_relation(g: Game, h: Game) -> None:
    relations = [g < h, g > h, g == h, g.confused(h)]
    assert relations.count(True) == 1
    expected = ["<", ">", "=", "||"][relations.index(True)]
    assert g.compare(h) == expected


@LAWS
@given(games())
def test_outcome_matches_comparison_with_zero(g: Game) -> None:
    outcome = cgt.outcome(g)
    assert (g > 0) == (outcome is cgt.Outcome.L)
    assert (g < 0) == (outcome is cgt.Outcome.R)
    assert (g == 0) == (outcome is cgt.Outcome.P)
    assert g.confused(0) == (outcome is cgt.Outcome.N)


@LAWS
@given(games())
def test_canonical_form_is_idempotent_and_has_no_dominated_or_reversible_options(
    g: Game,
) -> None:
    if g.is_nus:
        return
    rebuilt = Game(left=g.left_options, right=g.right_options)
    assert rebuilt is g
    left, right = g.left_options, g.right_options
    for a in left:
        assert not any(a <= b for b in left if b is not a)  # no dominated left option
        assert not any(ar <= g for ar in a.right_options)  # no reversible left option
    for a in right:
        assert not any(a >= b for b in right if b is not a)
        assert not any(al >= g for al in a.left_options)


@LAWS
@given(games(), st.integers(-3, 3))
def test_integer_multiples(g: Game, n: int) -> None:
    total = cgt.ZERO
    for _ in range(abs(n)):
        total = total + (g if n > 0 else -g)
    assert n * g is total


SMALL_NUS = st.builds(
    lambda x, n, m: Game(x) + cgt.up(n) + Game(cgt.Nimber(m)),
    st.sampled_from(["-1", "-1/2", "0", "1/4", "1"]),
    st.integers(-2, 2),
    st.integers(0, 2),
)


@LAWS
@given(nus_values(), nus_values())
def test_nus_canonical_options_rebuild_the_value(g: Game, h: Game) -> None:
    assert Game(left=g.left_options, right=g.right_options) is g
    total = g + h
    assert Game(left=total.left_options, right=total.right_options) is total
    assert (g <= h) == (Game(left=g.left_options, right=g.right_options) - h <= 0)


@LAWS
@given(SMALL_NUS, SMALL_NUS)
def test_nus_closed_forms_agree_with_the_naive_model(g: Game, h: Game) -> None:
    left = Game(left=g.left_options, right=g.right_options)
    assert left is g
    assert (g <= h) == naive.le(to_naive(g), to_naive(h))
    assert g + h is naive.to_game(naive.add(to_naive(g), to_naive(h)))


def to_naive(g: Game) -> naive.Naive:
    return naive.game([to_naive(x) for x in g.left_options], [to_naive(x) for x in g.right_options])


@st.composite
def naive_forms(draw: st.DrawFn, depth: int = 3) -> naive.Naive:
    """Random game forms, not canonical (dominated and reversible options allowed)."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from([naive.ZERO, naive.STAR, naive.integer(1), naive.integer(-1)]))
    left = draw(st.lists(naive_forms(depth - 1), max_size=3))
    right = draw(st.lists(naive_forms(depth - 1), max_size=3))
    return naive.game(left, right)


@LAWS
@given(naive_forms(), naive_forms())
def test_canonical_form_preserves_value_against_the_unreduced_form(
    f: naive.Naive, f2: naive.Naive
) -> None:
    g, g2 = naive.to_game(f), naive.to_game(f2)
    assert naive.eq(to_naive(g), f)  # the canonical form equals the form it came from
    assert (g <= g2) == naive.le(f, f2)
    assert g + g2 is naive.to_game(naive.add(f, f2))
    assert g.birthday <= naive.birthday(f)
    assert (g.birthday == naive.birthday(f)) or naive.birthday(to_naive(g)) < naive.birthday(f)


@LAWS
@given(games())
def test_stops_bound_the_game(g: Game) -> None:
    assert g.left_stop >= g.right_stop
    epsilon = Game(cgt.parse("1/1048576"))
    assert Game(g.right_stop) - epsilon < g < Game(g.left_stop) + epsilon
    if g.is_number:
        assert g.left_stop == g.right_stop == g.as_number()
