"""Onsides and offsides (sidling), checked against their defining property.

The onside ``s = G⁺`` of a loopy game ``G`` is the stopper with: for every stopper ``X``, Left
survives ``G + X`` (wins, or play is infinite) exactly when she survives ``s + X``, moving first
and moving second; moving second, the latter is ``s + X >= 0``, that is ``s >= -X``.  The
offside ``t = G⁻`` is the same with Right.  The left-hand sides are decided here by retrograde
analysis of the graph of ``G + X`` alone, with no use of the sidling code; the sides are checked
against every stopper born by day 2, ``on``, ``off``, ``over``, ``under``, ``upon``, ``-upon``,
and against the negated sides of the other games of the family.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import cgt
from cgt import Game, parse
from cgt.loopy import _sidling
from cgt.loopy._graphs import is_stopper, reachable
from cgt.loopy._retrograde import LEFT_WINS, RIGHT_WINS, solve
from cgt.loopy.game import _sum, loopy_graph

Graph = tuple[list[list[int]], list[list[int]]]


def _born_by_day_two() -> list[Game]:
    day_one = [Game(0), Game(1), Game(-1), Game("*")]
    subsets = [list(c) for k in range(5) for c in itertools.combinations(day_one, k)]
    return sorted({Game(left=a, right=b) for a in subsets for b in subsets}, key=str)


def _test_stoppers() -> list[Any]:
    named = [parse(name) for name in ("on", "off", "over", "under", "upon")]
    return [*_born_by_day_two(), *named, -parse("upon")]


STOPPERS = _test_stoppers()
STOPPER_GRAPHS = [loopy_graph(x) for x in STOPPERS]


def test_the_test_stoppers() -> None:
    assert len(_born_by_day_two()) == 22  # the census: 1, 4, 22 games born by days 0, 1, 2
    assert all(type(x) is Game or x.is_stopper for x in STOPPERS)


def _survival(graph: Graph, x: Graph) -> tuple[bool, bool, bool, bool]:
    """Who survives ``G + X``: (Left moving first, Left moving second, Right moving first,
    Right moving second), by retrograde analysis of the sum's graph."""
    left_first, right_first = solve(*_sum(graph, x))
    return (
        left_first[0] != RIGHT_WINS,
        right_first[0] != RIGHT_WINS,
        right_first[0] != LEFT_WINS,
        left_first[0] != LEFT_WINS,
    )


def _check_sides(graph: Graph, others: list[Graph] = ()) -> tuple[Graph, Graph]:  # type: ignore[assignment]
    onside, offside = _sidling.sides(*graph)
    assert is_stopper(*onside) and is_stopper(*offside)
    s, t = (cgt.LoopyGame.from_graph(*side) for side in (onside, offside))
    assert s >= t
    for x, x_graph in zip(STOPPERS, STOPPER_GRAPHS, strict=True):
        game = _survival(graph, x_graph)
        on_sum, off_sum = _survival(onside, x_graph), _survival(offside, x_graph)
        assert game[:2] == on_sum[:2], (graph, x)  # Left: infinite play is hers
        assert game[2:] == off_sum[2:], (graph, x)  # Right: infinite play is his
        assert game[1] == (s >= -x), (graph, x)  # G⁺ + X >= 0, in the order of stoppers
        assert game[3] == (t <= -x), (graph, x)  # G⁻ + X <= 0
    for other in others:  # X = -H⁺ for the sides H⁺ found for other games
        negative = (other[1], other[0])
        assert _survival(graph, negative)[1] == _survival(onside, negative)[1]
        assert _survival(graph, negative)[3] == _survival(offside, negative)[3]
    return onside, offside


def _graphs_of_size(n: int) -> list[Graph]:
    """Every game graph of ``n`` nodes (all Left and Right edge sets) that is not a stopper,
    once each up to the part reachable from node 0."""
    subsets = [list(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
    seen: set[Any] = set()
    found = []
    for left in itertools.product(subsets, repeat=n):
        for right in itertools.product(subsets, repeat=n):
            graph = reachable(list(left), list(right), 0)
            key = str(graph)
            if key not in seen and not is_stopper(*graph):
                seen.add(key)
                found.append(graph)
    return found


def test_every_game_of_at_most_two_positions() -> None:
    graphs = _graphs_of_size(1) + _graphs_of_size(2)
    assert len(graphs) == 1 + 150
    onsides = []
    for graph in graphs:
        onside, _ = _check_sides(graph)
        onsides.append(onside)
    rng = random.Random(2)
    for graph in rng.sample(graphs, 20):
        _check_sides(graph, rng.sample(onsides, 20))


def test_a_sample_of_the_games_of_three_positions() -> None:
    rng = random.Random(3)
    n = 3
    subsets = [list(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
    checked = 0
    while checked < 60:
        left = [rng.choice(subsets) for _ in range(n)]
        right = [rng.choice(subsets) for _ in range(n)]
        graph = reachable(left, right, 0)
        if not is_stopper(*graph):
            _check_sides(graph)
            checked += 1


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 5) -> Graph:
    n = draw(st.integers(1, max_nodes))
    edges = st.lists(st.integers(0, n - 1), max_size=2, unique=True)
    return reachable([draw(edges) for _ in range(n)], [draw(edges) for _ in range(n)], 0)


@settings(max_examples=40, deadline=None)
@given(graphs())
def test_sides_of_random_graphs(graph: Graph) -> None:
    _check_sides(graph)


def _onside(x: Any) -> Any:
    return x if type(x) is Game else x.onside


def _offside(x: Any) -> Any:
    return x if type(x) is Game else x.offside


@settings(max_examples=25, deadline=None)
@given(graphs(max_nodes=3), graphs(max_nodes=3))
def test_sides_of_sums_are_sums_of_sides(g: Graph, h: Graph) -> None:
    game, other = cgt.LoopyGame.from_graph(*g), cgt.LoopyGame.from_graph(*h)
    total = game + other
    assert _onside(total) == _onside(_onside(game) + _onside(other))
    assert _offside(total) == _offside(_offside(game) + _offside(other))
    assert _onside(-game) == -_offside(game) and _offside(-game) == -_onside(game)


def _parse(text: str) -> Any:
    return parse(text)


def test_known_sides() -> None:
    on, off, dud, tis, tisn = (_parse(t) for t in ("on", "off", "dud", "tis", "tisn"))
    assert dud.sides == (on, off) and dud.onside == on and dud.offside == off
    assert tis.sides == (1, 0) and tisn.sides == (0, -1)  # Winning Ways: tis = 1&0, tisn = 0&-1
    for stopper in (on, off, _parse("over"), _parse("upon"), _parse("a{0||||0|||a|*||*}")):
        assert stopper.sides == (stopper, stopper)  # a stopper G is G & G
    assert on + off == dud and (on + off).sides == (on, off)
    assert _parse("{pass | pass, 0}").sides == (parse("under"), off)


def test_order_and_equality_by_sides() -> None:
    on, off, dud, tis, tisn = (_parse(t) for t in ("on", "off", "dud", "tis", "tisn"))
    assert dud == dud + on  # the same graph: {pass | pass}
    assert dud + 1 == dud and dud + parse("over") == dud  # on + x = on, off + x = off
    assert tis > 0 and tis < 2 and not tis <= Game("1/2")
    assert tis >= tisn and tis != tisn
    assert tis <= 1 and tis >= 0 and tis != 1 and tis != 0
    assert off < tis < on and off < dud < on and not dud <= 0 and not dud >= 0
    assert (tis + tisn).sides == (1, -1) and tis + tisn != 0


def test_sides_that_sidling_cannot_find_are_a_named_error(monkeypatch: Any) -> None:
    monkeypatch.setattr(_sidling, "ROUND_LIMIT", -100)  # no rounds at all
    game = _parse("{pass | pass, 0}")
    with pytest.raises(cgt.NotAStopperError, match="sidling found no onside"):
        _ = game.sides
    with pytest.raises(cgt.NotAStopperError):
        _ = game <= 0


def test_s_and_t_is_read_and_printed() -> None:
    assert parse("1 & 0") == parse("tis") and parse("0 & -1") == parse("tisn")
    assert parse("on & off") == parse("dud") and parse("over & over") == parse("over")
    assert parse("1 & 0").sides == (1, 0) and str(parse("1/2 & *")) == "1/2 & *"
    walk = _parse("a{{0|a}|{a|}}")  # a game that is not a stopper, printed as its sides
    assert str(walk) == "2 & -1" and parse(repr(walk)[11:-2]) == walk
    assert str(_parse("{on, pass | pass}")) == "on"  # on + over: both sides are on
    for text in ("1 & 2", "dud & 0", "1 & 0 & -1", "{1 & 0 | }"):
        with pytest.raises(cgt.NotationError):
            parse(text)


def test_s_and_t_for_every_pair_of_test_stoppers() -> None:
    """The graph built for ``s & t`` has sides ``s`` and ``t`` (found by sidling), for every
    pair ``s >= t`` of the test stoppers, checked as values; a sample against the defining
    property of sides."""
    from cgt.loopy._sided import sided_graph

    pairs = [(s, t) for s in STOPPERS for t in STOPPERS if s != t and s >= t]
    assert len(pairs) == 308
    rng = random.Random(5)
    sample = rng.sample(pairs, 10)
    for s, t in pairs:
        graph = sided_graph(s, t)
        game = cgt.LoopyGame.from_graph(*graph)
        assert isinstance(game, cgt.LoopyGame) and game.sides == (s, t)
        if (s, t) in sample:
            onside, offside = _check_sides(graph)
            assert cgt.LoopyGame.from_graph(*onside) == s
            assert cgt.LoopyGame.from_graph(*offside) == t


def test_a_large_game_with_cycles_only_at_the_top(monkeypatch: Any) -> None:
    n = 3000  # both players move i -> i + 1, i + 2 (values 0, *, *2); passes and returns on top
    left = [[w for w in (i + 1, i + 2) if w < n] for i in range(n)]
    right = [list(options) for options in left]
    for i in range(0, 12, 3):
        left[i].append(i)
        right[i + 1].append(i)
    assert len(_sidling._collapse_short(left, right)[0]) < 20
    onside, offside = _sidling.sides(left, right)
    small = _sidling._collapse_short(left, right)
    assert (onside, offside) == _sidling.sides(*small)  # collapsing keeps the sides
    monkeypatch.setattr(_sidling, "SIZE_LIMIT", 10)
    with pytest.raises(cgt.NotAStopperError, match="sidling"):
        _sidling.sides(left, right)
