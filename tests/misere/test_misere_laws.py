"""Algebraic laws of misère simplest forms (hypothesis): a commutative monoid with cancellation
(Conway's cancellation theorem), whose sums agree with direct search."""

import itertools
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import MisereGame

FORMS = cgt.misere_games_born_by(4)
forms = st.sampled_from(FORMS)
ZERO = MisereGame.nim(0)


@settings(max_examples=80, deadline=None)
@given(forms, forms, forms)
def test_commutative_monoid(g, h, k):
    assert g + h == h + g
    assert (g + h) + k == g + (h + k)
    assert g + ZERO == g


@settings(max_examples=100, deadline=None)
@given(forms, forms)
def test_sum_agrees_with_direct_search(g, h):
    total = g + h
    assert total.misere_grundy == cgt.misere_grundy(g, h)
    assert (total.misere_grundy == 0) == cgt.is_misere_p_position(g, h)
    assert total.normal_grundy == g.normal_grundy ^ h.normal_grundy


def test_cancellation_on_day_3_forms():
    # Conway: G + T = H + T implies G = H (misère impartial games cancel)
    day3 = cgt.misere_games_born_by(3)
    for g, h, t in itertools.product(day3, repeat=3):
        if g + t == h + t:
            assert g == h


def test_only_0_and_star_are_their_own_inverse_by_day_4():
    assert [g for g in FORMS if g + g == ZERO] == [ZERO, MisereGame.nim(1)]


def test_forms_pickle_to_the_same_interned_game():
    for g in FORMS:
        assert pickle.loads(pickle.dumps(g)) is g


@cgt.impartial_game
def Tree(children):
    return children


trees = st.recursive(
    st.just(frozenset()),
    lambda kids: st.frozensets(kids, max_size=3),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(trees, trees)
def test_forms_of_random_trees_agree_with_search(a, b):
    g, h = Tree(a), Tree(b)
    total = cgt.misere_canonical(cgt.Sum(g, h))
    assert total == cgt.misere_canonical(g) + cgt.misere_canonical(h)
    assert total.misere_grundy == cgt.misere_grundy(g, h)
    assert cgt.genus(cgt.Sum(g, h)).normal == cgt.grundy(g) ^ cgt.grundy(h)
