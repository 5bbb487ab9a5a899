"""Hackenbush on general graphs against an independent implementation.

The oracle here shares no code with `games.hackenbush`: a position is a sorted tuple of edges
``(u, v, colour)`` (a multiset: parallel edges repeat, loops have ``u == v``) with the ground
vertex 0; a move deletes one copy of an edge and then keeps the edges whose end lies in the
ground's class of a union-find rebuilt from scratch on the remaining edges (ours walks the
graph from the ground and renumbers the vertices).  Values come from pycgt's own canonical-form
engine (`pycgt.game.game`), never from `cgt`.  Positions are compared on every multigraph (loops
and parallel edges included) with every colouring up to a size, on hypothesis graphs, and on
published principles of green Hackenbush (loop, parity and fusion principles).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement, permutations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.hackenbush import Hackenbush, green_graph

# the module: ``from pycgt import game`` gives pycgt's factory function of the same name
pycgt_game: Any = pytest.importorskip("pycgt.game")

Edges = tuple[tuple[int, int, str], ...]


# --- the oracle ---------------------------------------------------------------------------
def standing(edges: Edges) -> Edges:
    """The edges still joined to the ground: union-find over all edges, keep the ground's class."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for u, v, _ in edges:
        a, b = root(u), root(v)
        if a != b:
            parent[max(a, b)] = min(a, b)
    ground = root(0)
    return tuple(sorted(e for e in edges if root(e[0]) == ground))


def oriented(edges: Any) -> Edges:
    return tuple(sorted((min(u, v), max(u, v), c) for u, v, c in edges))


def cuts(edges: Edges, colours: str) -> set[Edges]:
    """Positions after deleting one copy of an edge whose colour is in ``colours``."""
    out = set()
    for i, (_, _, c) in enumerate(edges):
        if c in colours:
            out.add(standing(edges[:i] + edges[i + 1 :]))
    return out


@cache
def oracle(edges: Edges) -> Any:
    """pycgt's canonical game of a (sorted, standing) edge multiset."""
    return pycgt_game.game(
        [oracle(e) for e in cuts(edges, "LG")], [oracle(e) for e in cuts(edges, "RG")]
    )


@cache
def to_cgt(g: Any) -> cgt.Game:
    """A pycgt game as a `cgt.Game` (built from its options; cgt canonicalises)."""
    return cgt.Game(left=[to_cgt(x) for x in g.left], right=[to_cgt(x) for x in g.right])


def oracle_value(edges: Any) -> cgt.Game:
    return to_cgt(oracle(standing(oriented(edges))))


def isomorphism_key(edges: Edges, vertices: int) -> Edges:
    """The least relabelling of vertices ``1..vertices`` (the ground stays 0): brute force."""
    best = edges
    for perm in permutations(range(1, vertices + 1)):
        label = (0, *perm)
        best = min(best, oriented((label[u], label[v], c) for u, v, c in edges))
    return best


def every_graph(size: int, vertices: int, colours: str = "LRG") -> Iterator[Edges]:
    """One standing multigraph per isomorphism class, of at most ``size`` edges on the ground
    and ``vertices`` other vertices, each edge coloured from ``colours``."""
    pairs = [(u, v) for u in range(vertices + 1) for v in range(u, vertices + 1)]
    seen: set[Edges] = set()
    for count in range(size + 1):
        for chosen in combinations_with_replacement(pairs, count):
            for paint in product(colours, repeat=count):
                listed = [(u, v, c) for (u, v), c in zip(chosen, paint, strict=True)]
                edges = standing(oriented(listed))
                if len(edges) < count:
                    continue  # an edge fell: a smaller graph, listed already
                key = isomorphism_key(edges, vertices)
                if key not in seen:
                    seen.add(key)
                    yield edges


@cache
def small_graphs() -> tuple[Edges, ...]:
    """Every multigraph of <= 4 edges on the ground and <= 3 other vertices, every colouring."""
    return tuple(every_graph(4, 3))


# --- the oracle itself ----------------------------------------------------------------------
def test_the_oracle_knows_the_textbook_values():
    assert oracle_value([(0, 1, "L"), (1, 2, "R")]) == cgt.Game("1/2")
    assert oracle_value([(0, 1, "G"), (1, 2, "L")]) == cgt.UP + cgt.STAR
    assert oracle_value([(0, 0, "G")]) == cgt.STAR
    assert oracle_value([(0, 1, "G"), (0, 1, "G")]) == cgt.ZERO  # two parallel green edges
    assert oracle_value([(1, 2, "L")]) == cgt.ZERO  # not on the ground: falls at once


def test_a_wrong_move_generator_is_caught_by_the_oracle():
    """Edges that do not fall (a plausible bug) give another value: the comparison can fail."""

    def no_fall(edges: Edges) -> Any:
        left = [no_fall(edges[:i] + edges[i + 1 :]) for i, e in enumerate(edges) if e[2] in "LG"]
        right = [no_fall(edges[:i] + edges[i + 1 :]) for i, e in enumerate(edges) if e[2] in "RG"]
        return pycgt_game.game(left, right)

    stalk = ((0, 1, "L"), (1, 2, "R"))
    assert to_cgt(no_fall(stalk)) == cgt.ZERO != Hackenbush(stalk).value()


# --- every small graph ------------------------------------------------------------------------
def test_every_small_multigraph_agrees_with_the_oracle():
    graphs = small_graphs()
    assert len(graphs) == 3919  # isomorphism classes (loops and parallel edges included)
    for edges in graphs:
        expected = oracle_value(edges)
        position = Hackenbush(edges)
        assert position.value() == expected, edges
        assert cgt.value(position) == expected, edges


def has_cycle(edges: Edges) -> bool:
    """Whether a standing graph has a cycle, loop or parallel pair (more edges than vertices)."""
    return len(edges) > len({u for u, _, _ in edges} | {v for _, v, _ in edges} - {0})


def test_every_graph_with_a_cycle_of_five_edges_agrees_with_the_oracle():
    """Five edges: every colouring on one vertex above the ground, blue and green on two."""
    checked = 0
    for edges in (*every_graph(5, 1), *every_graph(5, 2, "LG")):
        if len(edges) == 5 and has_cycle(edges):
            assert Hackenbush(edges).value() == oracle_value(edges), edges
            checked += 1
    assert checked == 2540


def test_options_agree_with_the_oracle_as_sets_of_values():
    for edges in small_graphs():
        if len(edges) > 3:
            continue
        position = Hackenbush(edges)
        for ours, colours in ((position.left_options(), "LG"), (position.right_options(), "RG")):
            mine = sorted(str(p.value()) for p in ours)
            theirs = sorted(str(to_cgt(oracle(e))) for e in cuts(edges, colours))
            # ours lists one option per distinct resulting edge list; equal values may repeat
            assert sorted(set(mine)) == sorted(set(theirs)), (edges, colours)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from("LRG")),
        max_size=7,
    )
)
def test_random_graphs_agree_with_the_oracle(edges):
    assert Hackenbush(edges).value() == oracle_value(edges)


# --- green Hackenbush: published principles, checked by the oracle -------------------------------
# M. Beveridge, "Combinatorial Games: from Theory to Practice" (online textbook,
# mathbeveridge.github.io/games), sect. 4.4 (Lemma 4.4.2, the loop principle; Theorem 4.4.3,
# the fusion principle) and sect. 4.5 (Theorem 4.5.1, the parity principle); Berlekamp, Conway
# and Guy, Winning Ways, ch. 7.
def green_graphs() -> Iterator[Edges]:
    return (e for e in small_graphs() if all(c == "G" for *_, c in e))


def nim_value(edges: Edges) -> int:
    """The oracle's nim value of a green graph: the birthday of its canonical nimber."""
    g = oracle(standing(oriented(edges)))
    assert g.left == g.right  # impartial
    return int(pycgt_game.birthday(g))


def test_the_fusion_closed_form_agrees_with_the_oracle_on_every_green_graph():
    checked = 0
    for edges in green_graphs():
        assert cgt.Game(cgt.Nimber(green_graph(edges))) == oracle_value(edges), edges
        checked += 1
    assert checked == 94


def test_loop_principle_a_loop_is_worth_a_twig():
    """Beveridge, Lemma 4.4.2: replacing a loop at ``y`` by an edge from ``y`` to a new
    vertex keeps the value (so a lone loop on the ground is ``*1``)."""
    assert oracle_value([(0, 0, "G")]) == cgt.STAR
    checked = 0
    for edges in green_graphs():
        for i, (u, v, c) in enumerate(edges):
            if u == v:
                twig = (*edges[:i], (u, 99, c), *edges[i + 1 :])
                assert oracle_value(twig) == oracle_value(edges), edges
                checked += 1
    assert checked > 50


def test_parity_principle_the_nim_value_has_the_parity_of_the_edge_count():
    """Beveridge, Theorem 4.5.1 (for forests); fusion keeps the number of edges, so it holds
    for every green graph."""
    counts = [0, 0]
    for edges in green_graphs():
        assert nim_value(edges) % 2 == len(edges) % 2, edges
        counts[len(edges) % 2] += 1
    assert min(counts) > 20


def fused(edges: Edges, a: int, b: int) -> Edges:
    """Vertex ``b`` merged into ``a`` (edges between them become loops)."""
    return oriented((a if u == b else u, a if v == b else v, c) for u, v, c in edges)


def test_fusion_principle_fusing_the_ends_of_a_cycle_edge_keeps_the_value():
    """Beveridge, Theorem 4.4.3 (WW ch. 7): fusing two vertices of a cycle keeps the value.
    The ends of an edge that is not a bridge lie on a cycle; both sides by the oracle."""
    checked = 0
    for edges in green_graphs():
        for i, (u, v, _) in enumerate(edges):
            if u == v:
                continue
            rest = edges[:i] + edges[i + 1 :]
            if len(standing(rest)) < len(rest):
                continue  # a bridge: its ends are on no cycle
            assert oracle_value(fused(edges, u, v)) == oracle_value(edges), (edges, u, v)
            checked += 1
    assert checked > 50


def test_fusing_the_ends_of_a_bridge_can_change_the_value():
    """The counter-check: the principle needs a cycle.  The ground and the top of a green
    stalk of two lie on no common cycle; fused, the stalk (*2) becomes two parallel edges (0)."""
    stalk = ((0, 1, "G"), (1, 2, "G"))
    assert oracle_value(stalk) == cgt.Game("*2")
    assert oracle_value(fused(stalk, 0, 2)) == cgt.ZERO
