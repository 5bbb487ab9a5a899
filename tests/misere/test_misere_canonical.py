"""Misère simplest forms: the census of games born by day 4, every form distinguished from the
others by some game added to both, every unsimplified game equal to its form (same misère
outcome plus any test game), and forms of sums against direct search."""

import itertools

import pytest

import cgt
from cgt import MisereGame


@cgt.impartial_game
def Tree(children):
    """A raw game tree: a frozenset of children, each a frozenset (no simplification)."""
    return children


def _tree(game):
    return frozenset(_tree(g) for g in game.options())


def _raw_games():
    """Unsimplified games: every set of raw trees of the day-3 forms and their pair sums."""
    day3 = [_tree(g) for g in cgt.misere_games_born_by(3)]
    pool = day3 + [frozenset({a, b}) for a, b in itertools.combinations(day3, 2)]
    for size in range(4):
        for chosen in itertools.combinations(pool, size):
            yield Tree(frozenset(chosen))


def _tests():
    day3 = cgt.misere_games_born_by(3)
    return list(day3) + [cgt.Sum(a, b) for a, b in itertools.combinations_with_replacement(day3, 2)]


def test_census_of_games_born_by_day_4():
    # Conway (ONAG ch. 12), Siegel (2020): 1, 2, 3, 5, 22 games born by days 0..4
    assert [len(cgt.misere_games_born_by(d)) for d in range(5)] == [1, 2, 3, 5, 22]
    assert [str(g) for g in cgt.misere_games_born_by(3)] == ["0", "*", "*2", "*3", "{*2}"]
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.misere_games_born_by(5)


def test_distinct_forms_are_distinguished_by_a_test_game():
    forms = cgt.misere_games_born_by(4)
    tests = [(x,) for x in forms] + list(itertools.combinations_with_replacement(forms, 2))
    for g, h in itertools.combinations(forms, 2):
        assert any(cgt.misere_outcome(g, *x) is not cgt.misere_outcome(h, *x) for x in tests), (
            g,
            h,
        )


def test_every_raw_game_equals_its_form():
    tests = _tests()
    checked = 0
    for raw in _raw_games():
        form = cgt.misere_canonical(raw)
        assert form.misere_grundy == cgt.misere_grundy(raw)
        assert form.normal_grundy == cgt.grundy(raw)
        for x in tests:
            assert cgt.misere_outcome(raw, x) is cgt.misere_outcome(form, x), (raw, x)
        checked += 1
    assert checked > 400


def test_forms_of_sums_are_sums_of_forms():
    forms = cgt.misere_games_born_by(4)[:12]
    for g, h in itertools.combinations_with_replacement(forms, 2):
        total = g + h
        assert total == h + g
        assert total == cgt.misere_canonical(cgt.Sum(_as_tree(g), _as_tree(h)))
        assert total.misere_grundy == cgt.misere_grundy(g, h)


def _as_tree(game):
    return Tree(_tree(game))


def test_known_identities():
    star, two, three = (MisereGame.nim(n) for n in (1, 2, 3))
    zero = MisereGame.nim(0)
    assert star + star == zero  # ** = 0
    assert two + star == three  # tame: *2 + * = *3
    assert two + two != zero  # *2 + *2 is not 0 in misère play
    assert MisereGame.from_options([star]) == zero  # {*} = 0, proviso satisfied
    assert MisereGame.from_options([two]) != zero  # {*2} is a P-position, 0 is not
    assert repr(two + two) == "{*3, *2}"
    assert MisereGame.from_options([zero, star]) is two  # interned
    assert MisereGame.from_options([zero, star, two]) is three


def test_named_errors():
    with pytest.raises(cgt.WrongTypeError):
        MisereGame()
    with pytest.raises(cgt.InvalidArgumentError):
        MisereGame.nim(-1)
    with pytest.raises(cgt.WrongTypeError):
        MisereGame.from_options([1])
