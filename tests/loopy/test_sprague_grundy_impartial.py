"""The generalized Sprague-Grundy function (Smith, Fraenkel) against retrograde analysis of
sums: on random graphs with cycles, the outcome read from γ (N, P or draw) equals the outcome
found by solving the graph of the sum directly."""

import itertools
import random

import pytest

import cgt
from cgt.loopy._retrograde import DRAW, LEFT_WINS, explore, solve
from cgt.loopy.sprague_grundy import (
    GeneralizedGrundy,
    LoopyImpartialOutcome,
    generalized_grundy_of_graph,
)

N, P, D = LoopyImpartialOutcome.N, LoopyImpartialOutcome.P, LoopyImpartialOutcome.D


@cgt.impartial_game
def Node(edges, v):
    return [(edges, w) for w in edges[v]]


def _random_graph(rng, size, degree):
    return tuple(
        tuple(sorted(rng.sample(range(size), rng.randint(0, min(degree, size)))))
        for _ in range(size)
    )


def _retrograde(*positions):
    """Solve the graph of the sum itself (Left = Right: an impartial game)."""
    root = cgt.Sum(*positions)
    _nodes, left, right = explore(root, lambda p: (cgt.options_of(p), cgt.options_of(p)))
    result = solve(left, right)[0][0]
    return N if result == LEFT_WINS else D if result == DRAW else P


def _my_own_retrograde(successors):
    """A second, independent retrograde analysis of one graph: outcome of each node."""
    n = len(successors)
    outcome = [None] * n
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if outcome[v] is not None:
                continue
            kids = [outcome[w] for w in successors[v]]
            if any(k is P for k in kids):
                outcome[v], changed = N, True
            elif all(k is N for k in kids):
                outcome[v], changed = P, True
    return [D if o is None else o for o in outcome]


def _check_definition(successors, gamma):
    """Smith's conditions, checked directly on every node."""
    for u, g in enumerate(gamma):
        kids = [gamma[w] for w in successors[u]]
        finite = {k.value for k in kids if not k.is_infinite}
        if not g.is_infinite:
            m = g.value
            assert m not in finite
            assert set(range(m)) <= finite
            for w in successors[u]:
                if gamma[w].is_infinite:
                    assert any(gamma[x].value == m for x in successors[w])
        else:
            assert g.followers == frozenset(finite)
            target = min(set(range(len(finite) + 1)) - finite)
            assert any(
                gamma[w].is_infinite and all(gamma[x].value != target for x in successors[w])
                for w in successors[u]
            )


def test_single_graphs_against_retrograde_and_definition():
    rng = random.Random(15)
    for _ in range(300):
        size = rng.randint(1, 9)
        graph = _random_graph(rng, size, 3)
        gamma = generalized_grundy_of_graph(graph)
        _check_definition(graph, gamma)
        assert [g.outcome for g in gamma] == _my_own_retrograde(graph)


def test_sums_against_retrograde_of_the_sum():
    rng = random.Random(2026)
    checked = {N: 0, P: 0, D: 0}
    for _ in range(120):
        parts = []
        for _ in range(rng.randint(2, 3)):
            size = rng.randint(1, 5)
            graph = _random_graph(rng, size, 2)
            parts.append(Node(graph, rng.randrange(size)))
        expected = _retrograde(*parts)
        assert cgt.loopy_impartial_outcome(*parts) is expected, parts
        assert cgt.loopy_grundy(cgt.Sum(*parts)).outcome is expected
        checked[expected] += 1
    assert min(checked.values()) > 5  # every outcome occurs


def test_acyclic_games_have_their_grundy_value():
    @cgt.impartial_game
    def Take123(n):
        return [n - k for k in (1, 2, 3) if k <= n]

    for n in range(30):
        assert cgt.loopy_grundy(Take123(n)) == GeneralizedGrundy(cgt.grundy(Take123(n)))


def test_generalized_nim_sum():
    inf = GeneralizedGrundy(None, frozenset({0, 2}))
    assert inf + GeneralizedGrundy(2) == GeneralizedGrundy(None, frozenset({2, 0}))
    assert (inf + GeneralizedGrundy(1)).followers == {1, 3}
    assert (inf + inf) == GeneralizedGrundy(None)
    assert (inf + GeneralizedGrundy(3)).outcome is D
    assert (inf + GeneralizedGrundy(2)).outcome is N
    assert str(GeneralizedGrundy(None)) == "∞(∅)" and str(inf) == "∞(0,2)"
    for a, b in itertools.product(range(4), repeat=2):
        assert GeneralizedGrundy(a) + GeneralizedGrundy(b) == GeneralizedGrundy(a ^ b)


def test_named_errors():
    with pytest.raises(cgt.InvalidArgumentError):
        generalized_grundy_of_graph([[3]])
    with pytest.raises(cgt.NotAPositionError):
        cgt.loopy_grundy(7)

    @cgt.impartial_game
    def Up(n):
        return [n + 1]

    with pytest.raises(cgt.CGTError):
        cgt.loopy_grundy(Up(0), max_positions=100)
