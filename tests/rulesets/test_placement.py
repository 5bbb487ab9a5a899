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
