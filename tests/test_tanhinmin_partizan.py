"""Tanhinmin as a short partizan game: outcome classes against the exact solver, and values."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.cli.command import main
from games.tanhinmin import PartizanTanhinmin, outcome_by_solver
from games.tanhinmin.checks import partizan_game, positions
from games.tanhinmin.partizan import classify, value_census

PARTIZAN_CARDS = 5


def test_encoding_options():
    g = PartizanTanhinmin((1, 3, 5), (2, 4), field=1)
    assert len(g.left_options()) == 3  # 3, 5, pass
    assert len(g.right_options()) == 3  # 2, 4, pass
    empty = PartizanTanhinmin((1, 3, 5), (2, 4), field=0)
    assert len(empty.left_options()) == 3 and len(empty.right_options()) == 2  # no empty pass
    done = PartizanTanhinmin((1,), (2,)).left_options()[0]
    assert done.finished and done.left_options() == () and done.right_options() == ()


def test_outcome_class_equals_the_exact_solver_for_both_first_players():
    """The value's outcome class, computed without the pass on an empty field, equals the
    winners found by the exact solver of the literal rules (with that pass) when Left starts and
    when Right starts, on every position up to 5 cards."""
    for s in positions(PARTIZAN_CARDS):
        g = partizan_game(s)
        value = cgt.value(g)
        assert cgt.outcome(value).value == outcome_by_solver(g), s
        assert outcome_by_solver(g, empty_pass=False) == outcome_by_solver(g), s


def test_small_values():
    # One card each, empty field: whoever moves plays it and wins: *.
    assert cgt.value(PartizanTanhinmin((1,), (1,))) == cgt.STAR
    # Left {2, 2} against Right {1}: Right starting plays 1 and is out; Left starting plays 2,
    # Right cannot answer, and Left plays 2 again: the player to move wins.
    assert cgt.outcome(cgt.value(PartizanTanhinmin((2, 2), (1,)))) is cgt.Outcome.N
    # Left {3} against Right {1, 2}: Left wins moving first, and second (3 beats either card).
    assert cgt.outcome(cgt.value(PartizanTanhinmin((3,), (1, 2)))) is cgt.Outcome.L
    assert cgt.outcome(cgt.value(PartizanTanhinmin((1, 2), (3,)))) is cgt.Outcome.R
    # Swapping the hands negates the value.
    for s in positions(4):
        g = cgt.value(PartizanTanhinmin(s.mover, s.other, s.field, s.c0, s.c1))
        h = cgt.value(PartizanTanhinmin(s.other, s.mover, s.field, s.c1, s.c0))
        assert g == -h, s


def test_every_value_up_to_5_cards_is_infinitesimal():
    by_value, by_kind = value_census(PARTIZAN_CARDS)
    assert sum(by_kind.values()) == 6_716
    assert set(by_kind) == {"zero", "nimber", "ups + nimber", "other infinitesimal"}
    assert by_value["0"] == 975
    assert classify(cgt.parse("{1|-1}")) == "hot" and classify(cgt.parse("3/4")) == "number"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 9), min_size=1, max_size=4),
    st.lists(st.integers(1, 9), min_size=1, max_size=3),
    st.integers(0, 9),
)
def test_outcome_at_random(left, right, field):
    g = PartizanTanhinmin(left, right, field)
    assert cgt.outcome(cgt.value(g)).value == outcome_by_solver(g)


def test_cli_value(capsys):
    assert main(["tanhinmin", "1", "1", "--value", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == "*" and data["outcome"] == "N"
