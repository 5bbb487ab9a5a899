"""The standard loopy values, their order, sums and notation, and the errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

import cgt
from cgt import Game, parse

ON, OFF, OVER, UNDER, UPON, DUD, TIS, TISN = map(
    parse, ["on", "off", "over", "under", "upon", "dud", "tis", "tisn"]
)
SHORT = [Game(x) for x in (0, 1, -1, 100, Fraction(1, 2), "*", "^", "v*", "{2|-1}", "*5")]


def test_on_and_off_bound_every_short_game() -> None:
    for g in SHORT:
        assert ON > g and g + ON == ON and OFF < g and OFF + g == OFF  # noqa: SIM300


def test_on_plus_off_is_dud() -> None:
    assert ON + OFF == DUD and parse("on + off") == parse("dud") and ON - ON == DUD
    assert cgt.outcome(DUD) == cgt.Outcome.D and not DUD.is_stopper


def test_over_is_a_positive_infinitesimal_above_up() -> None:
    assert OVER > 0 and OVER > Game("^") and OVER > Game("^^^")  # noqa: SIM300
    for k in range(6):
        assert OVER < Game(Fraction(1, 2**k))  # noqa: SIM300
    assert -OVER == UNDER and OVER + OVER == OVER
    # A sum of stoppers need not be one: in on + over both players may pass forever.
    assert not (ON + OVER).is_stopper and cgt.outcome(ON + OVER) == cgt.Outcome.L
    # its sides are on and on: equal to on, and hashed as on (issue 28, item 7)
    assert str(ON + OVER) == "on" and ON + OVER == ON and hash(ON + OVER) == hash(ON)
    assert cgt.outcome(OVER) == cgt.Outcome.L and cgt.outcome(UNDER) == cgt.Outcome.R


def test_upon() -> None:
    # upon = {pass | *}: positive, larger than up, confused with * (upon* is a first player win).
    assert UPON > 0 and UPON > Game("^") and UPON < OVER  # noqa: SIM300
    assert cgt.outcome(UPON + Game("*")) == cgt.Outcome.N
    assert not UPON <= Game("*") and not UPON >= Game("*")  # noqa: SIM300
    assert str(UPON + Game("*")) == "upon*" and str(-UPON) == "{*|pass}"


def test_tis_and_tisn() -> None:
    assert cgt.outcome(TIS) == cgt.Outcome.DL and cgt.outcome(TISN) == cgt.Outcome.RD
    assert TIS.left_options == (TISN,) and TIS.right_options == ()
    assert TISN.right_options == (TIS,) and -TIS == TISN
    assert not TIS.is_stopper
    assert TIS <= 1 and TIS > 0 and TIS.sides == (1, 0)  # tis = 1 & 0: ordered by its sides


def test_a_game_on_the_left_of_a_comparison_hands_it_to_the_loopy_game() -> None:
    assert Game(1) < ON and Game(1) <= ON and not Game(1) >= ON


def test_names_print_back() -> None:
    for text in ["on", "off", "over", "under", "upon", "dud", "tis", "tisn"]:
        assert str(parse(text)) == text and repr(parse(text)) == f"LoopyGame({text!r})"
    assert parse("{pass|}") == ON and parse("a{0|a}") == OVER and parse("{0||0|pass}") == OVER
    assert parse("a{{|a}|}") == TIS and cgt.LoopyGame("upon") == UPON


@pytest.mark.parametrize(
    "text",
    ["{0,pass|0}", "a{0|{0|{{a|*}|*}}}", "{1|pass}", "{on|off}", "{pass|-1}", "a{0|{a|-1}}"],
)
def test_printing_round_trips(text: str) -> None:
    g = parse(text)
    assert parse(str(g)) == g


def test_short_results_are_games() -> None:
    assert parse("{0, over|}") == Game(1) and type(parse("{0, over|}")) is Game
    assert type(parse("1 + {2|0}")) is Game


def test_the_figure_vi_3_2_stopper_keeps_its_4_cycle() -> None:
    g = parse("a{0||||0|||a|*||*}")  # Siegel, Combinatorial Game Theory, Figure VI.3.2
    assert g.is_stopper and str(g) == "a{0|{0|{{a|*}|*}}}" and len(g.graph[0]) == 6


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{0|pass+1}", "a sum or negative cannot contain 'pass'"),
        ("pass", "'pass' is a move from a game to itself"),
        ("on{0|}", "'on' is a reserved name"),
        ("a{0|b}", "unknown name 'b'"),
        ("a{0|-a}", "a sum or negative cannot contain"),
        ("{pass|0|1}", "ambiguous"),
    ],
)
def test_bad_notation_is_a_named_error(text: str, message: str) -> None:
    with pytest.raises(cgt.NotationError, match=message):
        parse(text)


def test_bad_operands_and_graphs_are_named_errors() -> None:
    with pytest.raises(TypeError):
        ON + 1.5  # type: ignore[operator]
    with pytest.raises(cgt.WrongTypeError):
        assert ON <= 1.5
    with pytest.raises(cgt.WrongTypeError):
        cgt.LoopyGame.from_graph([[3]], [[]])
    with pytest.raises(cgt.WrongTypeError):
        cgt.LoopyGame(3)  # type: ignore[arg-type]
    assert DUD != ON  # dud = on & off: its offside is not on's
    assert (ON == "not a game") is False


def test_hash_agrees_with_equality() -> None:
    assert hash(parse("{0|pass}+{0|pass}")) == hash(OVER)
    assert len({ON, ON + 1, ON + Game("^"), OVER, OVER + OVER}) == 2


def test_loopy_games_pickle_and_copy() -> None:
    import copy
    import pickle

    for g in (UPON, TIS, DUD, parse("a{0|{0|{{a|*}|*}}}")):
        again = pickle.loads(pickle.dumps(g))
        assert again == g and str(again) == str(g) and copy.deepcopy(g) is g


def test_summary_for_the_command_line() -> None:
    from cgt.loopy.summary import format_loopy_summary, summarize_loopy

    facts = summarize_loopy(TIS)
    assert facts["outcome"] == "DL" and facts["stopper"] is False and facts["positions"] == 2
    assert facts["left_options"] == ["tisn"] and facts["right_options"] == []
    assert "known by its sides" in format_loopy_summary(facts) and facts["sides"] == "1 & 0"
