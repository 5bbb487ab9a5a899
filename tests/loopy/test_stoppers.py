"""Stoppers: the order against short games, simplest forms against the raw graphs."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, assume, given, settings

import cgt
from cgt import Game
from cgt.loopy import game as loopy_game
from cgt.loopy._graphs import has_cycle, is_stopper, le_matrix, short_games, simplify


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 6) -> tuple[list[list[int]], list[list[int]]]:
    n = draw(st.integers(1, max_nodes))
    edges = st.lists(st.integers(0, n - 1), max_size=2, unique=True)
    return [draw(edges) for _ in range(n)], [draw(edges) for _ in range(n)]


def _le_raw(g: tuple, h: tuple) -> bool:
    return loopy_game._le(g, h)


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_simplest_form_equals_the_raw_stopper(graph: tuple) -> None:
    left, right = graph
    assume(is_stopper(left, right))
    from cgt.loopy._graphs import reachable

    left, right = reachable(left, right, 0)
    simple = simplify(left, right)
    assert is_stopper(*simple)
    assert _le_raw((left, right), simple) and _le_raw(simple, (left, right))
    assert len(simple[0]) <= len(left)
    again = simplify(*simple)
    assert len(again[0]) == len(simple[0])  # simplest forms are fixed points
    value = cgt.LoopyGame.from_graph(left, right)
    if not has_cycle(*simple):
        assert type(value) is Game and value == short_games(*simple)[0]
    else:
        assert isinstance(value, cgt.LoopyGame) and value.is_stopper


@settings(max_examples=100, deadline=None)
@given(graphs(max_nodes=7))
def test_order_of_acyclic_graphs_is_the_order_of_short_games(graph: tuple) -> None:
    left, right = graph
    n = len(left)
    # keep only edges to larger nodes: no cycles
    left = [[w for w in options if w > v] for v, options in enumerate(left)]
    right = [[w for w in options if w > v] for v, options in enumerate(right)]
    games = short_games(left, right)
    le = le_matrix(left, right)
    for i in range(n):
        for j in range(n):
            gi, gj = games[i], games[j]
            assert gi is not None and gj is not None
            assert bool(le[i * n + j]) == (gi <= gj)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(graphs(max_nodes=4), graphs(max_nodes=4), graphs(max_nodes=3))
def test_order_is_transitive_and_sums_with_short_games_are_monotone(
    g: tuple, h: tuple, k: tuple
) -> None:
    assume(is_stopper(*g) and is_stopper(*h) and is_stopper(*k))
    if _le_raw(g, h) and _le_raw(h, k):
        assert _le_raw(g, k)
    for x in (Game(1), Game("*"), Game("^"), Game("{1|-1}")):
        graph = loopy_game.loopy_graph(x)
        gx, hx = loopy_game._sum(g, graph), loopy_game._sum(h, graph)
        assert is_stopper(*gx) and is_stopper(*hx)
        assert _le_raw(gx, hx) == _le_raw(g, h)  # x - x = 0 for short x: the order is kept


def test_comparison_with_short_games_matches_game_order() -> None:
    for x in [Game(0), Game(1), Game("*"), Game("^*"), Game("{1|-1}")]:
        for y in [Game(0), Game(-1), Game("*"), Game("v")]:
            lx = cgt.LoopyGame.from_graph(*loopy_game.loopy_graph(x))
            assert type(lx) is Game  # short graphs come back as games
            assert _le_raw(loopy_game.loopy_graph(x), loopy_game.loopy_graph(y)) == (x <= y)


@settings(max_examples=60, deadline=None)
@given(graphs(max_nodes=4), graphs(max_nodes=4), graphs(max_nodes=3))
def test_sums_commute_associate_and_negation_is_an_involution(g: tuple, h: tuple, k: tuple) -> None:
    a, b, c = (cgt.LoopyGame.from_graph(*x) for x in (g, h, k))
    assert a + b == b + a  # the same game tree up to the order of the pairs
    left_first, right_first = (a + b) + c, a + (b + c)
    assert cgt.outcome(left_first) == cgt.outcome(right_first)
    if all(type(x) is Game or x.is_stopper for x in (left_first, right_first)):
        assert left_first == right_first  # else equality may need sides, not computed
    negative = -a
    assert -negative == a and a + 0 == a
    if isinstance(a, cgt.LoopyGame) and a.is_stopper:
        assert a >= a and a <= a
        assert cgt.outcome(a) == cgt.outcome(cgt.LoopyGame.from_graph(*g))
