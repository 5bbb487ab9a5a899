"""Hackenbush: rules, notation, closed forms, components and normal forms, each against the
plain recursion on the options (and pycgt's blue-red strings as an independent oracle)."""

from __future__ import annotations

import pickle
import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.hackenbush import (
    Hackenbush,
    HackenbushError,
    blue_red_tree,
    canonical,
    green_graph,
    green_tree,
    sign_expansion,
)
from games.hackenbush.families import graphs, plain_value, strings, trees


def game(text: str) -> cgt.Game:
    return cgt.Game(text)


# --- notation and construction ----------------------------------------------------------
def test_notation_for_stalks_trees_and_edges():
    assert Hackenbush("LR").edges == ((0, 1, "L"), (1, 2, "R"))
    assert Hackenbush("blr") == Hackenbush("LLR") == Hackenbush.string("BLR")
    assert Hackenbush("e") == Hackenbush("G")  # CGSuite's edge letters l, r, e
    assert Hackenbush("L(R,G)").edges == ((0, 1, "L"), (1, 2, "R"), (1, 3, "G"))
    assert Hackenbush("0-1:L 1-2:R 2-0:G").edges == ((0, 1, "L"), (0, 2, "G"), (1, 2, "R"))
    assert Hackenbush([(0, 1, "L"), (1, 1, "g")]).edges == ((0, 1, "L"), (1, 1, "G"))
    assert Hackenbush("") == Hackenbush() == Hackenbush([])
    assert len(Hackenbush("LR G")) == 3


def test_edges_not_joined_to_the_ground_fall_at_once():
    assert Hackenbush([(0, 1, "L"), (2, 3, "R")]) == Hackenbush("L")
    assert Hackenbush([(5, 6, "L")], ground=[5]) == Hackenbush("L")
    assert Hackenbush([(1, 2, "G"), (2, 3, "R")], ground=[1, 3]).edges == ((0, 1, "G"), (0, 1, "R"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("LXR", "unknown colour 'X' at column 2"),
        ("L(", "unclosed '('"),
        ("L)", "unmatched ')' at column 2"),
        ("L()", "empty branch at column 3"),
        ("L(R G)", "expected ',' or ')' at column 5"),
        ("L(R)G", "expected a space between stalks at column 5"),
        ("0-1", "bad edge '0-1' at column 1"),
        ("0-1:Q", "unknown colour 'Q' in edge '0-1:Q'"),
        ([(0, 1)], "an edge is (u, v, colour); got (0, 1)"),
        ([(0, -1, "L")], "a vertex is a non-negative int; got -1"),
        ([(0, 1.0, "L")], "a vertex is a non-negative int; got 1.0"),
        (7, "notation (str) or edges (u, v, colour); got 7"),
    ],
)
def test_bad_input_is_a_named_error(spec, message):
    with pytest.raises(HackenbushError) as error:
        Hackenbush(spec)
    assert message in str(error.value)
    assert isinstance(error.value, cgt.CGTError) and isinstance(error.value, ValueError)


def test_flowers():
    assert Hackenbush.flower(2, 1) == Hackenbush("GGL")
    assert Hackenbush.flower(1, 2, 1) == Hackenbush("G(L,L,R)")
    assert Hackenbush.flower(3, 0) == Hackenbush("GGG")
    assert Hackenbush.flower(1, 1).value() == cgt.UP + cgt.STAR
    assert Hackenbush.flower(3, 2, 2).value() == cgt.Game("*3")
    assert cgt.atomic_weight(Hackenbush.flower(2, 1, 3).value()) == -1
    for bad in ((0, 1, 0), (1, -1, 0), (1, 1, True), (1.0, 1, 0)):
        with pytest.raises(HackenbushError, match="flower"):
            Hackenbush.flower(*bad)


def test_string_constructor_refuses_trees_and_bad_ground():
    with pytest.raises(HackenbushError, match="a string is a word of colours"):
        Hackenbush.string("L(R,G)")
    with pytest.raises(HackenbushError, match="ground vertex"):
        Hackenbush("L", ground=["x"])


# --- moves -------------------------------------------------------------------------------
def shapes(positions):
    """Positions up to isomorphism (equality of positions is of edges and vertex numbers)."""
    return sorted(p.normal_form()[0].edges for p in positions)


def test_moves_cut_an_edge_and_everything_above_it():
    p = Hackenbush("LRL G")
    assert set(p.left_options()) == {Hackenbush("G"), Hackenbush("LR G"), Hackenbush("LRL")}
    assert set(p.right_options()) == {Hackenbush("L G"), Hackenbush("LRL")}
    triangle = Hackenbush("0-1:L 1-2:R 2-0:R")
    assert shapes(triangle.left_options()) == shapes([Hackenbush("RR")])  # both reds stand
    assert shapes(triangle.right_options()) == shapes([Hackenbush("LR"), Hackenbush("L R")])


def test_parallel_edges_give_one_option_each_kind():
    p = Hackenbush("0-1:G 0-1:G")
    assert p.left_options() == p.right_options() == (Hackenbush("G"),)


def test_positions_are_hashable_immutable_and_picklable():
    p = Hackenbush("L(R,G) 0-3:G 3-0:L")
    assert pickle.loads(pickle.dumps(p)) == p and hash(pickle.loads(pickle.dumps(p))) == hash(p)
    with pytest.raises(AttributeError):
        p.foo = 1  # type: ignore[attr-defined]
    assert len({Hackenbush("LR"), Hackenbush("LR"), Hackenbush("RL")}) == 2


def test_repr_round_trips_to_an_isomorphic_position():
    for p in fewer_positions():
        again = eval(repr(p))
        assert again.normal_form() == p.normal_form(), p


# --- published values ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("L", "1"),
        ("LL", "2"),
        ("LR", "1/2"),
        ("LRR", "1/4"),
        ("LRL", "3/4"),
        ("LLR", "3/2"),
        ("RL", "-1/2"),
        ("LR LR R", "0"),  # Winning Ways: two half-moves make a whole one
        ("G", "*"),
        ("GGG", "*3"),
        ("G(G,GG)", "*4"),  # colon principle: 1 ^ 2 = 3 above the stem
        ("0-1:G 1-2:G 2-0:G", "*"),  # fusion: a triangle is three loops, *1 + *1 + *1
        ("LG", "1*"),
        ("GL", "^*"),
    ],
)
def test_known_values(spec, expected):
    p = Hackenbush(spec)
    assert p.value() == plain_value(p) == game(expected)


def test_blue_red_strings_against_pycgt():
    pycgt_nim = pytest.importorskip("pycgt.rulesets.nim")

    def from_pycgt(g):
        return cgt.Game(
            left=[from_pycgt(x) for x in g.left], right=[from_pycgt(x) for x in g.right]
        )

    checked = 0
    for p in strings(8, "LR"):
        assert from_pycgt(pycgt_nim.hackenbush_string(str(p))) == plain_value(p) == p.value()
        checked += 1
    assert checked == 2**9 - 1


# --- closed forms against the recursion ----------------------------------------------------
def test_sign_expansion_on_every_string_up_to_nine():
    for p in strings(9, "LR"):
        assert cgt.Game(sign_expansion(str(p))) == plain_value(p), p


def test_blue_red_tree_rule_on_every_forest_up_to_five_edges():
    checked = 0
    for p in trees(5, "LR"):
        assert cgt.Game(blue_red_tree(p.edges)) == plain_value(p), p
        checked += 1
    # forests with two edge colours: F = Euler transform of T(n) = 2 F(n-1)
    assert checked == 1 + 2 + 7 + 26 + 107 + 458


def test_colon_and_fusion_principles_exhaustively():
    for p in trees(8, "G"):
        assert cgt.Game(cgt.Nimber(green_tree(p.edges))) == plain_value(p), p
    for p in graphs(5, 3, "G"):
        assert cgt.Game(cgt.Nimber(green_graph(p.edges))) == plain_value(p), p


def test_a_wrong_closed_form_is_caught_with_its_smallest_counterexample():
    wrong = cgt.verify(
        strings(6, "LR"),
        lambda p: cgt.Game(
            sign_expansion(str(p).replace("R", "L", 1) if "LR" in str(p) else str(p))
        ),
        plain_value,
    )
    assert not wrong.ok and wrong.counterexample == Hackenbush("LR")
    loops_ignored = cgt.verify(
        graphs(3, 2, "G"),
        lambda p: cgt.Game(cgt.Nimber(green_tree([e for e in p.edges if e[0] != e[1]]))),
        plain_value,
    )
    assert not loops_ignored.ok and loops_ignored.counterexample == Hackenbush("0-0:G")


def test_claims_are_registered_and_the_cheap_ones_hold():
    """``cgt verify --quick`` runs them all (in CI); here the registration and two of them."""
    mine = {c.claim: c for c in cgt.claims() if c.game == "Hackenbush"}
    assert len(mine) == 9
    for text, claim in mine.items():
        if text.startswith(("green string", "Hackenbush.value")):
            row = claim.run(quick=True)
            assert row.status == "holds" and row.result.checked > 30, text


# --- components and normal forms ------------------------------------------------------------
@cache
def small_positions() -> tuple[Hackenbush, ...]:
    """Every graph of <= 4 edges on <= 2 vertices above the ground and every forest of <= 4
    edges: 2,828 positions, each isomorphism class once."""
    return (*graphs(4, 2, "LRG"), *trees(4, "LRG"))


@cache
def fewer_positions() -> tuple[Hackenbush, ...]:
    """Every graph of <= 3 edges on <= 3 vertices above the ground, every forest of <= 4."""
    return (*graphs(3, 3, "LRG"), *trees(4, "LRG"))


def test_value_components_and_normal_form_against_the_recursion():
    for p in small_positions():
        v = plain_value(p)
        assert p.value() == v, p
        parts = p.components()
        assert all(isinstance(c, Hackenbush) for c in parts)
        assert sum((plain_value(c) for c in parts), cgt.Game(0)) == v, p
        rep, negated = p.normal_form()
        assert (-plain_value(rep) if negated else plain_value(rep)) == v, p
        assert rep.normal_form() == (rep, False), p
        assert plain_value(p.negative()) == -v


def relabelled(p: Hackenbush, rng: random.Random) -> Hackenbush:
    vertices = sorted({u for u, _, _ in p.edges} | {v for _, v, _ in p.edges} - {0})
    shuffled = vertices[:]
    rng.shuffle(shuffled)
    new = dict(zip(vertices, [v + 100 for v in shuffled], strict=True)) | {0: 0}
    edges = [
        (new[v], new[u], c) if rng.random() < 0.5 else (new[u], new[v], c) for u, v, c in p.edges
    ]
    rng.shuffle(edges)
    return Hackenbush(edges)


def test_normal_form_is_the_same_for_isomorphic_and_swapped_positions():
    rng = random.Random(7)
    for p in fewer_positions():
        rep, negated = p.normal_form()
        v = plain_value(p)
        assert relabelled(p, rng).normal_form() == (rep, negated), p
        other, flipped = p.negative().normal_form()
        assert other == rep
        assert flipped != negated or v == -v, p


def test_normal_form_beyond_the_numbering_budget_is_a_fixed_isomorphic_representative():
    def k2(n: int) -> Hackenbush:  # the ground and one vertex, both joined to n others
        return Hackenbush(
            [(0, i, "G") for i in range(2, n + 2)] + [(1, i, "L") for i in range(2, n + 2)]
        )

    exact, _ = canonical.normal_edges(k2(6).edges)
    assert canonical.normal_edges(k2(6).edges)[1] and exact == k2(6).normal_form()[0].edges
    big = k2(7)  # 7! numberings of the seven equivalent vertices: more than the budget
    assert not canonical.normal_edges(big.edges)[1]
    rep, negated = big.normal_form()
    assert not negated and rep.normal_form() == (rep, False)
    assert sorted(c for *_, c in rep.edges) == sorted(c for *_, c in big.edges)
    assert [len(part) for part in canonical.ground_components(rep.edges)] == [14]


def test_components_split_at_the_ground_only():
    assert Hackenbush("LR").components() == (Hackenbush("LR"),)
    assert Hackenbush("0-1:L 1-2:R 2-0:G").components() == (Hackenbush("0-1:L 1-2:R 2-0:G"),)
    assert Hackenbush("0-0:G 0-0:L").components() == (Hackenbush("0-0:G"), Hackenbush("0-0:L"))
    assert set(Hackenbush("L(R,G) G R").components()) == {
        Hackenbush("L(R,G)"),
        Hackenbush("G"),
        Hackenbush("R"),
    }


def test_large_stalks_and_trees_use_the_closed_forms_without_recursing():
    stalk = Hackenbush.string("L" + "R" * 3000)
    assert stalk.value() == cgt.Game(Fraction(1, 2**3000))
    broom = Hackenbush("G" * 2000 + "(" + ",".join(["G"] * 9) + ")")
    assert broom.value() == cgt.Game(cgt.Nimber(2000 + 1))


# --- random positions ---------------------------------------------------------------------
@given(st.text(alphabet="LR", max_size=30))
def test_sign_expansion_random_strings(colours):
    assert cgt.Game(sign_expansion(colours)) == plain_value(Hackenbush.string(colours))


def random_graph(colours: str, most: int, vertices: int):
    edge = st.tuples(st.integers(0, vertices), st.integers(0, vertices), st.sampled_from(colours))
    return st.lists(edge, max_size=most).map(Hackenbush)


def random_tree(colours: str, most: int):
    step = st.tuples(st.integers(0, 1000), st.sampled_from(colours))
    return st.lists(step, max_size=most).map(
        lambda steps: Hackenbush([(b % (i + 1), i + 1, c) for i, (b, c) in enumerate(steps)])
    )


@given(random_tree("LR", 9))
def test_blue_red_tree_rule_random(p):
    assert cgt.Game(blue_red_tree(p.edges)) == plain_value(p)


@given(random_graph("G", 8, 4))
def test_fusion_principle_random(p):
    assert cgt.Game(cgt.Nimber(green_graph(p.edges))) == plain_value(p)


@given(random_graph("LRG", 6, 3), st.randoms(use_true_random=False))
def test_value_and_normal_form_random(p, rng):
    v = plain_value(p)
    assert p.value() == v
    rep, negated = p.normal_form()
    assert (-plain_value(rep) if negated else plain_value(rep)) == v
    assert relabelled(p, rng).normal_form() == (rep, negated)


# --- pictures -------------------------------------------------------------------------------
def test_text_picture():
    assert Hackenbush("L(R,G) R").to_text() == "\n".join(
        [
            "ground",
            "├── L blue",
            "│   ├── R red",
            "│   └── G green",
            "└── R red",
        ]
    )
    assert Hackenbush("0-1:G 0-1:L").to_text().splitlines()[0] == "ground = vertex 0"
    assert Hackenbush("").to_text() == "ground (no edges)"


@pytest.mark.parametrize("spec", ["", "L", "L(R,G) RR", "0-1:L 1-2:R 2-0:G 1-1:G 0-1:R"])
def test_svg_is_well_formed_with_one_stroke_per_edge(spec):
    p = Hackenbush(spec)
    root = ET.fromstring(p.to_svg())
    assert root.tag.endswith("svg") and p._repr_svg_() == p.to_svg()
    coloured = [e for e in root if e.get("stroke") in ("#1f5fd6", "#d62728", "#2ca02c")]
    assert len(coloured) == len(p)
    blue = sum(1 for e in coloured if e.get("stroke") == "#1f5fd6")
    assert blue == sum(1 for _, _, c in p.edges if c == "L")
