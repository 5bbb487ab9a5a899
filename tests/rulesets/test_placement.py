"""Digraph placement games: every digraph of up to three vertices (and random ones of five)
against cgt-py's DigraphPlacement, the components against the plain recursion, the outcome
solver against the value, the text form and its errors."""

import itertools

import pytest
from grid_support import from_cgt_py, plain_value
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.placement import DigraphPlacement, DigraphPlacementError


def _all_digraphs(max_vertices: int):
    for n in range(max_vertices + 1):
        pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
        for colours in itertools.product("BR", repeat=n):
            for chosen in itertools.product((False, True), repeat=len(pairs)):
                arcs = [pair for pair, keep in zip(pairs, chosen, strict=True) if keep]
                yield DigraphPlacement.of("".join(colours), arcs)


SMALL = list(_all_digraphs(3))


def _cgt_py_value(cgt_py, position: DigraphPlacement) -> cgt.Game:
    colours = position.colours
    blue = [v for v, c in enumerate(colours) if c == "B"]
    red = [v for v, c in enumerate(colours) if c == "R"]
    game = cgt_py.DigraphPlacement(len(colours), sorted(position.arcs), blue, red)
    return from_cgt_py(game.canonical_form)


def test_every_digraph_of_three_vertices_matches_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    assert len(SMALL) == 1 + 2 + 4 * 4 + 8 * 64
    for position in SMALL:
        assert cgt.value(position) == _cgt_py_value(cgt_py, position), position


digraphs = st.integers(1, 5).flatmap(
    lambda n: st.builds(
        DigraphPlacement.of,
        st.text("BR", min_size=n, max_size=n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n),
    )
)


@settings(max_examples=60)
@given(digraphs)
def test_random_digraphs_match_cgt_py_and_the_plain_recursion(position):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    expected = _cgt_py_value(cgt_py, position)
    assert cgt.value(position) == expected == plain_value(position), position


def test_components_against_the_plain_recursion_and_the_solver():
    solver = cgt.OutcomeSolver(small=0)
    for position in SMALL[::5]:
        value = plain_value(position)
        assert sum((cgt.value(p) for p in position.components()), cgt.Game(0)) == value
        assert solver.solve(position) is cgt.outcome(value), position


def test_text_form_and_errors():
    position = DigraphPlacement("BRB: 0>1, 1>2")
    assert str(position) == "BRB:0>1,1>2" and DigraphPlacement(str(position)) == position
    assert DigraphPlacement("BB:0>0") == DigraphPlacement("BB")  # a loop changes nothing
    assert DigraphPlacement("") == DigraphPlacement.of("", []) and cgt.value(position) == cgt.parse(
        "1*"
    )
    with pytest.raises(DigraphPlacementError, match=r"is B .* or R .*, not .G."):
        DigraphPlacement("BG")
    with pytest.raises(DigraphPlacementError, match="arc 0>2 names a vertex beyond the 2"):
        DigraphPlacement("BR:0>2")
    with pytest.raises(DigraphPlacementError, match="'0-1' is not an arc"):
        DigraphPlacement("BR:0-1")
    with pytest.raises(cgt.WrongTypeError):
        DigraphPlacement(3)  # type: ignore[arg-type]


def _bipartite_graphs(max_vertices: int):
    for blue in range(max_vertices + 1):
        for red in range(max_vertices + 1 - blue):
            pairs = [(b, r) for b in range(blue) for r in range(red)]
            for chosen in itertools.product((False, True), repeat=len(pairs)):
                yield blue, red, [pair for pair, keep in zip(pairs, chosen, strict=True) if keep]


def test_bipartite_snort_matches_cgt_py_on_every_graph_of_five_vertices():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    from games.placement import bipartite_snort

    checked = 0
    for blue, red, edges in _bipartite_graphs(5):
        ours = cgt.value(bipartite_snort(blue, red, edges))
        theirs = from_cgt_py(cgt_py.BipartiteSnort(blue, red, edges).canonical_form)
        assert ours == theirs, (blue, red, edges)
        checked += 1
    # sum over blue + red <= 5 of 2^(blue * red) graphs
    assert checked == sum(2 ** (b * r) for b in range(6) for r in range(6 - b))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), st.data())
def test_bipartite_snort_matches_cgt_py_on_random_graphs(blue, red, data):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    from games.placement import bipartite_snort

    pairs = [(b, r) for b in range(blue) for r in range(red)]
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    position = bipartite_snort(blue, red, edges)
    assert cgt.value(position) == from_cgt_py(
        cgt_py.BipartiteSnort(blue, red, edges).canonical_form
    )
    assert cgt.value(position) == plain_value(position)


def test_bipartite_snort_errors_are_named():
    from games.placement import bipartite_snort

    for blue, red, edges in [(-1, 1, []), (1, 1, [(0, 1)]), (1, 1, [(0,)]), (True, 1, [])]:
        with pytest.raises(DigraphPlacementError):
            bipartite_snort(blue, red, edges)
