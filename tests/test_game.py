"""cgt.Game: construction, canonical forms, identities, order, sums; against the naive model."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import naive
import pytest

import cgt
from cgt import DOWN, STAR, UP, ZERO, Game


def G(text: str) -> Game:
    return cgt.parse(text)


IDENTITIES = [
    (Game(left=[0], right=[0]), STAR),
    (Game(left=[0, STAR], right=[0, STAR]), Game(cgt.Nimber(2))),
    (Game(left=[0], right=[STAR]), UP),
    (Game(left=[STAR], right=[0]), DOWN),
    (Game(left=[1], right=[-1]) + Game(left=[1], right=[-1]), ZERO),
    (UP + UP + STAR, cgt.up(2) + STAR),
    (Game(left=[Fraction(1, 2)], right=[1]), Game(Fraction(3, 4))),
    (Game(left=[0], right=[1]), Game("1/2")),
    (Game(left=[], right=[]), ZERO),
    (Game(left=[0], right=[]), Game(1)),
    (Game(left=[], right=[0]), Game(-1)),
    (Game(left=[1], right=[]), Game(2)),
    (Game(left=[-1], right=[1]), ZERO),
    (Game(left=[Fraction(1, 2)], right=[]), Game(1)),
    (Game(left=[], right=[STAR]), ZERO),
    (Game(left=[0, STAR], right=[0]), UP + STAR),
    (Game(left=[0], right=[UP + STAR]), cgt.up(2)),
    (Game(left=[0], right=[UP]), cgt.up(2) + STAR),
    (Game(left=[STAR], right=[STAR]), ZERO),
    (Game(left=[1], right=[1]), Game(1) + STAR),
    (Game("1/2") + Game("1/2"), Game(1)),
    (STAR + STAR, ZERO),
    (UP + DOWN, ZERO),
    (cgt.tiny(1) + cgt.miny(1), ZERO),
    (Game(left=[0], right=[Game(left=[0], right=[-2])]), cgt.tiny(2)),
]


@pytest.mark.parametrize(("built", "expected"), IDENTITIES)
def test_standard_identities(built: Game, expected: Game) -> None:
    assert built is expected
    assert built == expected and hash(built) == hash(expected)


def test_constructed_values_are_canonical_and_named() -> None:
    assert Game(left=[0], right=[0]).left_options == (ZERO,)
    assert STAR.right_options == (ZERO,)
    assert UP.left_options == (ZERO,) and UP.right_options == (STAR,)
    assert Game(5).left_options == (Game(4),) and Game(5).right_options == ()
    assert Game("3/4").left_options == (Game("1/2"),)
    assert Game("3/4").right_options == (Game(1),)
    # A dominated option (0 < 1) and a reversible one (1/2 via its right option 1 <= {1/2 | ...}).
    g = Game(left=[0, 1], right=[])
    assert g is Game(2) and g.left_options == (Game(1),)


def test_census_of_days_0_1_2() -> None:
    days = [[ZERO]]
    for _ in range(2):
        previous = days[-1]
        subsets = [
            list(c) for r in range(len(previous) + 1) for c in itertools.combinations(previous, r)
        ]
        days.append(list({Game(left=a, right=b) for a in subsets for b in subsets}))
    assert [len(day) for day in days] == [1, 4, 22]
    assert set(days[1]) == {ZERO, Game(1), Game(-1), STAR}
    assert all(g.birthday <= 2 for g in days[2])
    assert sum(g.birthday == 2 for g in days[2]) == 18


def test_census_matches_naive_model() -> None:
    assert {naive.to_game(g) for g in naive.born_by(2)} == {
        naive.to_game(g) for g in naive.born_by(2)
    }
    assert len({naive.to_game(g) for g in naive.born_by(2)}) == 22


@pytest.mark.parametrize("n", range(-5, 6))
@pytest.mark.parametrize("m", range(0, 6))
def test_up_star_closed_form_against_generic_sum(n: int, m: int) -> None:
    tree = naive.add(naive.times(naive.UP, n), naive.nimber(m))
    for x in (naive.ZERO, naive.dyadic(3, 2), naive.integer(-2)):
        built = naive.to_game(naive.add(tree, x))
        assert built.nus is not None
        number = {naive.ZERO: 0, naive.dyadic(3, 2): Fraction(3, 4), naive.integer(-2): -2}[x]
        assert built.nus == (number, n, m)
        assert built is Game(number) + cgt.up(n) + Game(cgt.Nimber(m))
    sign = (naive.le(naive.ZERO, tree), naive.le(tree, naive.ZERO))
    g = cgt.up(n) + Game(cgt.Nimber(m))
    assert (g >= 0, g <= 0) == sign


def test_numbers_are_closed_form_and_exact() -> None:
    big = Game(10**6)
    assert big + big is Game(2 * 10**6)
    assert int(Game(10**100) + Game(-(10**100) + 1)) == 1
    assert Game(Fraction(3, 8)).as_number() == Fraction(3, 8)
    assert Game(10**6).birthday == 10**6
    assert Game("3/4").birthday == 3 and Game("-5/2").birthday == 4
    assert (Game(10**6) - Fraction(1, 2**40)).as_number() == 10**6 - Fraction(1, 2**40)


@pytest.mark.parametrize(
    "bad", [Fraction(1, 3), "1/3", 0.5, True, [1], object(), "{1|", Fraction(2, 6)]
)
def test_bad_values_raise_clear_errors(bad: object) -> None:
    with pytest.raises((cgt.CGTError, TypeError)):
        Game(bad)


def test_non_dyadic_message() -> None:
    with pytest.raises(cgt.GameValueError, match="not a dyadic rational"):
        Game(Fraction(1, 3))
    with pytest.raises(ValueError, match="not an integer"):
        int(Game("1/2"))
    with pytest.raises(ValueError, match="not a number"):
        STAR.as_number()


def test_order_and_confusion() -> None:
    pm1 = Game(left=[1], right=[-1])
    assert pm1.confused(0) and not pm1 > 0 and not pm1 < 0 and pm1 != 0
    assert UP > 0 and UP.confused(STAR) and UP + STAR > -UP
    assert DOWN < 0 < UP < Game("1/64")
    assert Game(1).compare(Game("1/2")) == ">" and STAR.compare(STAR) == "="
    assert G("*2").confused("*3") and G("^*").confused(0)
    assert 2 * UP is cgt.up(2) and -3 * UP is cgt.up(-3) and 0 * pm1 is ZERO
    assert 3 * pm1 is pm1 and 5 * STAR is STAR


def test_outcome_classes() -> None:
    outcomes = cgt.Outcome
    assert [cgt.outcome(g) for g in (UP, DOWN, STAR, ZERO)] == [
        outcomes.L,
        outcomes.R,
        outcomes.N,
        outcomes.P,
    ]
    assert cgt.outcome(Game(left=[1], right=[-1])) is outcomes.N
    assert cgt.outcome(G("{0|^*}")) is outcomes.L


def test_stops_and_kinds() -> None:
    g = Game(left=[2], right=[-1])
    assert (g.left_stop, g.right_stop) == (2, -1)
    assert (UP.left_stop, UP.right_stop) == (0, 0) and UP.is_infinitesimal
    assert g.is_number is False and Game("3/4").is_number and Game(3).is_integer
    assert G("*5").is_nimber and not UP.is_nimber and not g.is_infinitesimal
    assert cgt.tiny(1).is_infinitesimal and cgt.tiny(1) > 0 and cgt.tiny(1) < UP
    assert Game(3) == 3 and hash(Game(3)) == hash(3) and Game("1/2") == Fraction(1, 2)


def test_naive_model_agrees_on_all_pairs_born_by_day_2() -> None:
    forms = naive.born_by(2)
    games = [naive.to_game(f) for f in forms]
    for f, g in zip(forms, games, strict=True):
        assert -g is naive.to_game(naive.neg(f))
        for f2, g2 in zip(forms, games, strict=True):
            assert (g <= g2) == naive.le(f, f2)
            assert g + g2 is naive.to_game(naive.add(f, f2))


def test_games_pickle_and_copy_to_the_same_object() -> None:
    import copy
    import pickle

    for g in (ZERO, UP + STAR, G("{2|0||-1}"), cgt.tiny(3), Game(10**30)):
        assert pickle.loads(pickle.dumps(g)) is g
        assert copy.copy(g) is g and copy.deepcopy([g])[0] is g


def test_huge_multiples_and_type_errors() -> None:
    assert cgt.switch(1) * 10**9 is ZERO and cgt.switch(1) * (10**9 + 1) is cgt.switch(1)
    assert (UP * 10**9).nus == (0, 10**9, 0)
    with pytest.raises(TypeError):
        UP * UP  # type: ignore[operator]
    with pytest.raises(TypeError, match="position, not a value"):
        Game(left=[cgt.Sum()])
    with pytest.raises(TypeError, match="not both"):
        Game(1, left=[0])


def test_nimbers_and_games_keep_hash_and_equality_consistent():
    from cgt import Nimber

    assert Nimber(3) != cgt.Game("*3") and cgt.Game("*3") != Nimber(3)
    assert cgt.Game(Nimber(3)) == cgt.Game("*3")
    assert len({Nimber(0), cgt.Game(0)}) == 2


def test_birthday_of_number_plus_nimber_is_closed_form():
    from fractions import Fraction

    from cgt import Nimber

    assert cgt.Game(Nimber(2**40)).birthday == 2**40
    for x in (0, 3, -2, Fraction(1, 2), Fraction(-5, 8)):
        for m in range(5):
            g = cgt.Game(x) + cgt.Game(Nimber(m))
            options = g.left_options + g.right_options
            assert g.birthday == max((o.birthday + 1 for o in options), default=0)


def test_outcome_of_none_is_an_error():
    with pytest.raises(cgt.CGTError, match="needs a game"):
        cgt.outcome(None)


def test_option_sets_that_differ_in_dominated_options_share_one_reduction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`make` looks the undominated options up before bypassing reversible ones: the second
    option set below differs from the first only in a dominated left option, so its value is
    found without a second reduction (and it is the same value)."""
    from cgt.partizan import _canonical as core

    cgt.clear_caches()
    reductions: list[tuple[int, int]] = []
    real = core._reduced

    def counted(left: list[Any], right: list[Any]) -> Any:
        reductions.append((len(left), len(right)))
        return real(left, right)

    monkeypatch.setattr(core, "_reduced", counted)
    one, star, half = Game(1), Game("*"), Game("1/2")
    switch = Game(left=[Game(2)], right=[Game(-2)])  # (reversible here: bypassed)
    reductions.clear()
    first = core.make([one, switch], [star])
    second = core.make([one, half, switch], [star])  # 1/2 < 1: dominated
    assert second is first
    assert str(first) == "{1|*}"
    assert reductions == [(2, 1)]
    # A set whose dominated options leave a set not seen before is reduced once, then known.
    third = core.make([Game(3), Game(2), switch], [star])  # 2 and {2|-2} are below 3
    assert reductions == [(2, 1), (1, 1)] and str(third) == "{3|*}"
    assert core.make([Game(3), Game(1), switch], [star]) is third
    assert reductions == [(2, 1), (1, 1)]
