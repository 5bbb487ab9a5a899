"""Sensible options (`cgt.sensible_options`) against cgt-py's sensible moves and the values."""

from collections import Counter

import pytest
from grid_support import boards, from_cgt_py
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.domineering import Domineering
from games.grid.konane import Konane
from games.placement import DigraphPlacement

DOMINEERING = (
    list(boards(".#", 3, 3, 9)) + list(boards(".#", 2, 4, 8)) + list(boards(".#", 4, 2, 8))
)
KONANE = list(boards(".xo", 2, 3, 6))


def _values(moves) -> Counter[cgt.Game]:
    return Counter(cgt.value(move) for move in moves)


def _theirs(moves) -> Counter[cgt.Game]:
    return Counter(from_cgt_py(move.canonical_form) for move in moves)


@pytest.mark.parametrize(("ruleset", "texts"), [(Domineering, DOMINEERING), (Konane, KONANE)])
def test_every_small_board_matches_cgt_py(ruleset, texts) -> None:
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    theirs_of = getattr(cgt_py, ruleset.__name__)
    compared = 0
    for text in texts:
        left, right = cgt.sensible_options(ruleset(text))
        theirs = theirs_of(text)
        # cgt-py lists one move of each symmetric set (its boards' moves come up to symmetry):
        # the values must be the same sets
        assert set(_values(left)) == set(_theirs(theirs.sensible_left_options)), text
        assert set(_values(right)) == set(_theirs(theirs.sensible_right_options)), text
        compared += bool(left or right)
    assert compared > 100


def _check(position) -> None:
    value = cgt.value(position)
    left, right = cgt.sensible_options(position)
    all_left, all_right = cgt.left_options_of(position), cgt.right_options_of(position)
    assert set(left) <= set(all_left) and set(right) <= set(all_right)
    # every canonical option that is some move's value is a sensible move's value
    moves_left = {cgt.value(m) for m in all_left}
    moves_right = {cgt.value(m) for m in all_right}
    sensible_left, sensible_right = set(_values(left)), set(_values(right))
    for k in value.left_options:
        assert k not in moves_left or k in sensible_left, (position, k)
    for k in value.right_options:
        assert k not in moves_right or k in sensible_right, (position, k)
    # and each sensible move is at least as good as some canonical option
    assert all(any(k <= v for k in value.left_options) for v in sensible_left)
    assert all(any(v <= k for k in value.right_options) for v in sensible_right)
    # with no reversible option, the sensible moves alone make the value
    if set(value.left_options) <= moves_left and set(value.right_options) <= moves_right:
        rebuilt = cgt.Game(
            left=sorted(sensible_left, key=str), right=sorted(sensible_right, key=str)
        )
        assert rebuilt == value, position


def test_the_laws_on_every_small_domineering_board() -> None:
    for text in DOMINEERING:
        _check(Domineering(text))


@settings(max_examples=40, deadline=None)
@given(
    st.text("BR", min_size=1, max_size=5),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=8),
)
def test_the_laws_on_random_digraph_placements(colours: str, arcs) -> None:
    n = len(colours)
    kept = sorted({(u, v) for u, v in arcs if u < n and v < n and u != v})
    _check(DigraphPlacement.of(colours, kept))


def test_games_in_notation() -> None:
    assert cgt.sensible_options(cgt.Game("{1, 0 | -1, 0}")) == ((cgt.Game(1),), (cgt.Game(-1),))
    # a reversible option: {* | } reverses through 0 in {*|}... Left's * is reversible in ↑
    up = cgt.Game("{0 | *}")
    assert cgt.sensible_options(up) == ((cgt.Game(0),), (cgt.Game("*"),))
    assert cgt.sensible_options(cgt.Game(0)) == ((), ())
