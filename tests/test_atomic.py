"""All-small games and atomic weight: published values, laws, and an outcome-based oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_thermal import DAY2, DAY3

import cgt
from cgt import Game, Nimber
from cgt.infinitesimals import atomic as A

SMALL = [g for g in DAY2 + DAY3 if g.is_all_small]


def all_small_games() -> st.SearchStrategy[Game]:
    """Random all-small games: options built from 0, *, ↑, ↓ with both sides non-empty."""
    base = st.sampled_from([cgt.ZERO, cgt.STAR, cgt.UP, cgt.DOWN, Game("*2"), Game("^*")])
    return st.recursive(
        base,
        lambda children: st.builds(
            lambda left, right: Game(left=left, right=right),
            st.lists(children, min_size=1, max_size=2),
            st.lists(children, min_size=1, max_size=2),
        ),
        max_leaves=6,
    )


PUBLISHED = [
    ("^", "1", "issue 7; Winning Ways ch. 8"),
    ("^*", "1", "issue 7; Winning Ways ch. 8"),
    ("*", "0", "issue 7; Winning Ways ch. 8: nimbers weigh nothing"),
    ("*5", "0", "Winning Ways ch. 8"),
    ("0", "0", "Winning Ways ch. 8"),
    ("^^", "2", "Winning Ways ch. 8: aw is additive"),
    ("v3*2", "-3", "aw(n.↑ + *m) = n"),
    ("{0|v3}", "-3/2", "the calculus: {0-2 | -3+2} = -3/2 is not an integer"),
    ("{^3|v}", "1*", "the calculus: {3-2 | -1+2} = {1|1} = 1*"),
    ("{0|vv*}", "-1", "the calculus: {-2|0} = -1 is an integer; G < remote star"),
]


@pytest.mark.parametrize("text, weight, source", PUBLISHED)
def test_published_atomic_weights(text: str, weight: str, source: str) -> None:
    g = cgt.parse(text)
    assert cgt.atomic_weight(g) == cgt.parse(weight), source
    assert g.atomic_weight == cgt.parse(weight)


@pytest.mark.parametrize("text", ["1", "1/2", "±1", "{1|0}", "1*", "^ + 1/4"])
def test_not_all_small(text: str) -> None:
    g = cgt.parse(text)
    assert not g.is_all_small
    with pytest.raises(A.NotAllSmallError, match="not all-small"):
        cgt.atomic_weight(g)
    with pytest.raises(cgt.CGTError):
        _ = g.atomic_weight
    with pytest.raises(A.NotAllSmallError):
        cgt.atomic_weight(cgt.tiny(1))  # infinitesimal, but not all-small


def _naive_all_small(g: Game) -> bool:
    return bool(g.left_options) == bool(g.right_options) and all(
        _naive_all_small(x) for x in g.left_options + g.right_options
    )


@pytest.mark.parametrize("g", DAY2 + DAY3, ids=str)
def test_all_small_by_the_definition(g: Game) -> None:
    assert cgt.is_all_small(g) == _naive_all_small(g)
    if g.is_all_small:
        assert g.is_infinitesimal


def test_nus_values() -> None:
    for n in range(-5, 6):
        for m in range(5):
            assert cgt.atomic_weight(cgt.up(n) + Game(Nimber(m))) == n
    assert cgt.atomic_weight(cgt.up(10_000)) == 10_000


def test_additive_on_all_pairs() -> None:
    for g in SMALL:
        for h in SMALL:
            assert cgt.atomic_weight(g + h) == cgt.atomic_weight(g) + cgt.atomic_weight(h)


@settings(max_examples=80, deadline=None)
@given(all_small_games(), all_small_games(), st.integers(0, 5))
def test_laws(g: Game, h: Game, m: int) -> None:
    weight = cgt.atomic_weight(g)
    assert cgt.atomic_weight(g + h) == weight + cgt.atomic_weight(h)
    assert cgt.atomic_weight(-g) == -weight
    assert cgt.atomic_weight(g + Game(Nimber(m))) == weight
    # The two-ahead rule (Winning Ways ch. 8; Siegel II.7).
    if weight >= 2:
        assert g > 0
    if weight <= -2:
        assert g < 0
    if weight >= 1:
        assert cgt.outcome(g).left_wins_moving_first


@pytest.mark.parametrize("g", SMALL, ids=str)
def test_outcome_oracle(g: Game) -> None:
    """The defining relation (Siegel II.7; CGSuite): G ~ aw(G).↑ means
    o(G + X + *m) = o(aw(G).↑ + X + *m) for games X and large m; checked for integer weights,
    X among the all-small games here, and m = 16 (remote for all these sums)."""
    weight = cgt.atomic_weight(g)
    if not weight.is_integer:
        pytest.skip("the oracle compares with an integer multiple of ↑")
    far = Game(Nimber(16))
    for x in SMALL[:12]:
        assert cgt.outcome(g + x + far) == cgt.outcome(cgt.up(int(weight)) + x + far), x


@pytest.mark.parametrize("far", [Game(Nimber(64)), Game(Nimber(13))])
def test_remote_star_is_remote_enough(monkeypatch: pytest.MonkeyPatch, far: Game) -> None:
    """The remote star *N (N small) gives the same weights as much larger stars, and the
    comparisons with it are those with any larger nimber."""
    for g in [*SMALL, Game("{^*4|v}"), Game("{*3|0}"), Game("{0, *5|*2}")]:
        n = A.remote_star(g).nus[2]  # type: ignore[index]
        for x in (g, *g.left_options, *g.right_options):
            for bigger in range(n, n + 6):
                star = Game(Nimber(bigger))
                assert (x > star, x < star) == (x > far, x < far), (g, x, bigger)
    expected = {g: cgt.atomic_weight(g) for g in SMALL}
    A._WEIGHT.clear()
    monkeypatch.setattr(A, "remote_star", lambda g: far)
    try:
        assert {g: cgt.atomic_weight(g) for g in SMALL} == expected
    finally:
        A._WEIGHT.clear()


def test_deep_all_small_game() -> None:
    g = Game(0)
    for k in range(10_000):
        g = Game(left=[Game(0)], right=[g]) if k % 3 else Game(left=[g, cgt.STAR], right=[0])
    assert g.is_all_small
    small = Game(0)  # the same chain, 10 deep, checked by the outcome oracle's relation
    for k in range(10):
        small = (
            Game(left=[Game(0)], right=[small])
            if k % 3
            else Game(left=[small, cgt.STAR], right=[0])
        )
    assert cgt.atomic_weight(small) + cgt.atomic_weight(-small) == 0
    weight = cgt.atomic_weight(g)
    assert weight == Game("{3333|2}")
