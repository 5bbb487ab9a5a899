"""cgt.Game against an independent implementation, pycgt (when installed: the `bench` extra)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt

pycgt = pytest.importorskip("pycgt")


def from_pycgt(g: Any) -> cgt.Game:
    return cgt.Game(left=[from_pycgt(x) for x in g.left], right=[from_pycgt(x) for x in g.right])


LEAVES = [Fraction(n, d) for n in range(-2, 3) for d in (1, 2, 4)] + ["*", "^"]


def trees(depth: int = 3) -> st.SearchStrategy[Any]:
    leaf = st.sampled_from(LEAVES).map(lambda x: ("leaf", x))
    if depth == 0:
        return leaf
    sub = trees(depth - 1)
    return st.one_of(
        leaf, st.tuples(st.just("node"), st.lists(sub, max_size=3), st.lists(sub, max_size=3))
    )


def build_cgt(tree: Any) -> cgt.Game:
    if tree[0] == "leaf":
        named = {"*": cgt.STAR, "^": cgt.UP}
        return named[tree[1]] if tree[1] in named else cgt.Game(tree[1])
    return cgt.Game(left=[build_cgt(t) for t in tree[1]], right=[build_cgt(t) for t in tree[2]])


def build_pycgt(tree: Any) -> Any:
    if tree[0] == "leaf":
        if tree[1] == "*":
            return pycgt.nimber(1)
        if tree[1] == "^":
            return pycgt.up_multiple(1)
        return pycgt.number(tree[1])
    return pycgt.game([build_pycgt(t) for t in tree[1]], [build_pycgt(t) for t in tree[2]])


@settings(max_examples=100, deadline=None)
@given(trees(), trees())
def test_values_sums_and_order_agree_with_pycgt(a: Any, b: Any) -> None:
    g, h = build_cgt(a), build_cgt(b)
    p, q = build_pycgt(a), build_pycgt(b)
    assert g is from_pycgt(p) and h is from_pycgt(q)
    assert g + h is from_pycgt(pycgt.add(p, q))
    assert (g <= h) == pycgt.leq(p, q)
    assert g.birthday == pycgt.birthday(p)
    assert (g.left_stop, g.right_stop) == (pycgt.left_stop(p), pycgt.right_stop(p))
