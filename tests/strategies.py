"""Hypothesis strategies for games."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

import cgt
from cgt import Game

ATOMS = [
    cgt.ZERO,
    cgt.STAR,
    cgt.UP,
    cgt.DOWN,
    Game(1),
    Game(-1),
    Game(2),
    Game(Fraction(1, 2)),
    Game(Fraction(-3, 4)),
    Game(cgt.Nimber(2)),
    cgt.switch(1),
]


def nus_values() -> st.SearchStrategy[Game]:
    """x + n.↑ + *m with small dyadic x."""
    return st.builds(
        lambda p, k, n, m: Game(Fraction(p, 2**k)) + cgt.up(n) + Game(cgt.Nimber(m)),
        st.integers(-8, 8),
        st.integers(0, 3),
        st.integers(-4, 4),
        st.integers(0, 4),
    )


def games(max_leaves: int = 8) -> st.SearchStrategy[Game]:
    """Random games: options drawn recursively from atoms, NUS values and smaller games."""
    base = st.one_of(st.sampled_from(ATOMS), nus_values())
    return st.recursive(
        base,
        lambda children: st.builds(
            lambda left, right: Game(left=left, right=right),
            st.lists(children, max_size=3),
            st.lists(children, max_size=3),
        ),
        max_leaves=max_leaves,
    )
