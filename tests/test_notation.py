"""cgt.parse and str(Game): conventional names, round trips, and errors that say where."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games

import cgt
from cgt import Game

CANONICAL_SPELLINGS = [
    "0", "1/2", "-3/4", "*", "*3", "*6", "^", "v", "^*", "^^", "vv*", "^3", "v5*2", "1/2^3*",
    "-1v", "±1", "{1|*}", "{2|0||-1}", "{1||0|-1}", "{0, ^*|0}", "tiny(2)", "miny(1/2)",
    "±{3|1}", "±3/2", "{3|2||1|0}", "{1|-1*}", "123456789012345678901234567890",
]  # fmt: skip


@pytest.mark.parametrize("text", CANONICAL_SPELLINGS)
def test_canonical_spellings_print_as_themselves(text: str) -> None:
    g = cgt.parse(text)
    assert str(g) == text
    assert eval(repr(g), {"Game": Game}) is g


EQUIVALENT = [
    ("v2*", "vv*"),
    ("^2", "^^"),
    ("↑", "^"),
    ("⇑*", "^^*"),
    ("⇓", "vv"),
    ("↓*3", "v*3"),
    ("+-1", "±1"),
    ("{1|-1}", "±1"),
    ("{|}", "0"),
    ("{0|0}", "*"),
    ("{0,*|0,*}", "*2"),
    ("{0,*,*2,*3,*4,*5|0,*,*2,*3,*4,*5}", "*6"),
    ("{0|*}", "^"),
    ("^ + ^ + *", "^^*"),
    ("{1/2|1}", "3/4"),
    ("1/2±3/2", "{2|-1}"),
    ("{0||0|-2}", "tiny(2)"),
    ("-tiny(2)", "miny(2)"),
    ("{0|^^*}", "^3"),
    ("{0|{0|^*}}", "^3*"),
    ("{0|^}", "^^*"),
    ("1 + *", "1*"),
    ("2 - 1/2", "3/2"),
    ("-(1 + ^)", "-1v"),
    ("-{1|0}", "{0|-1}"),
    ("( {2 | 0} )", "{2|0}"),
    ("--1", "1"),
    ("*0", "0"),
    ("{{2|0}|-1}", "{2|0||-1}"),
]


@pytest.mark.parametrize(("text", "printed"), EQUIVALENT)
def test_standard_notation_is_read_and_printed_conventionally(text: str, printed: str) -> None:
    assert str(cgt.parse(text)) == printed


def test_print_styles() -> None:
    g = cgt.parse("{4|{2|^^*}, ±3}")
    assert str(g) == "{4|{2|^^*}, ±3}"
    assert format(g, "a") == "{4|{2|^^*}, +-3}"
    assert format(g, "u") == "{4|{2|⇑*}, ±3}"
    assert cgt.parse(format(g, "a")) is g and cgt.parse(format(g, "u")) is g
    assert g._repr_latex_() == r"$\{4 \mid \{2 \mid {\Uparrow}*\}, \pm 3\}$"
    with pytest.raises(ValueError, match="unknown format"):
        format(g, "x")


@settings(max_examples=300, deadline=None)
@given(games())
def test_round_trip_random_games(g: Game) -> None:
    for text in (str(g), format(g, "a"), format(g, "u")):
        assert cgt.parse(text) is g
    assert eval(repr(g), {"Game": Game}) is g


MALFORMED = [
    ("", 0, "empty"),
    ("{", 0, "never closed"),
    ("}", 0, "unmatched"),
    ("{1|2", 0, "never closed"),
    ("{1 2|}", 3, "expected"),
    ("1/3", 2, "dyadic"),
    ("1/0", 2, "dyadic"),
    ("{1|2|3}", 4, "ambiguous"),
    ("*-", 2, "expected a game"),
    ("{,1|}", 1, "expected a game"),
    ("{1,|}", 2, "expected an option"),
    ("{1}", 0, "needs '|'"),
    ("tiny 1", 5, "expected '('"),
    ("1 +", 3, "expected a game"),
    ("@", 0, "unexpected character"),
    ("(1", 0, "never closed"),
    ("1/", 2, "denominator"),
    ("{1|0}(2)", 5, "expected"),
    ("foo", 0, "expected a game"),
    ("(]", 1, "unexpected character"),
]


@pytest.mark.parametrize(("text", "position", "message"), MALFORMED)
def test_malformed_input_says_what_and_where(text: str, position: int, message: str) -> None:
    with pytest.raises(cgt.NotationError, match=re.escape(message)) as caught:
        cgt.parse(text)
    assert caught.value.position == position
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, cgt.CGTError)
    assert "^" in str(caught.value).splitlines()[-1]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="{}|,*^v+-±↑⇓/()0123 tinymx@", max_size=14))
def test_fuzzed_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        g = cgt.parse(text)
    except cgt.NotationError as error:
        assert 0 <= error.position <= len(text)
    else:
        assert cgt.parse(str(g)) is g


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(TypeError):
        cgt.parse(3)  # type: ignore[arg-type]


def test_deeply_nested_text() -> None:
    depth = 5_000
    ups = cgt.parse("{0|" * depth + "0" + "}" * depth)
    assert ups is cgt.up(depth - 1) and ups.birthday == depth
    hot = cgt.parse("{1|" * depth + "0" + "}" * depth)  # {1|{1|...{1|0}}}: no simplification
    assert hot.birthday == depth + 1 and hot.left_stop == 1 and hot > 0
    assert cgt.parse(str(hot)) is hot
