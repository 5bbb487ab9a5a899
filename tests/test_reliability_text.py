"""Issue 16, items 4 and 7 on text: huge integers print and parse, options print in an order
that does not depend on what the process computed first, LaTeX bars render."""

from __future__ import annotations

import json
import pickle
from fractions import Fraction

import pytest

import cgt
from cgt import Game
from cgt.cli.summary import format_summary, summarize
from cgt.partizan.notation import NotationError


def test_integers_over_4300_digits_print_and_parse() -> None:
    """They raised ValueError ("Exceeds the limit (4300 digits)"), not even NotationError."""
    n = 7 * 10**5000 + 3
    g = Game(n) + cgt.STAR
    text = str(g)
    assert text == "7" + "0" * 4999 + "3*" and cgt.parse(text) is g
    digits = text[:-1]
    assert cgt.parse(f"-{digits}/{2**20}") == Game(Fraction(-n, 2**20))
    assert pickle.loads(pickle.dumps(g)) is g
    assert str(Game(f"*{digits}")) == f"*{digits}" and str(cgt.up(n)) == f"^{digits}"
    assert g._repr_latex_() == "$" + text + "$"


def test_huge_non_dyadic_fraction_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match=r"\(5001 digits\)/3 is not a dyadic"):
        cgt.parse("1" * 5001 + "/3")


def test_summary_of_a_huge_integer_game() -> None:
    facts = summarize(Game(10**5000) + cgt.STAR)
    assert facts["birthday"] == "1" + "0" * 4999 + "1"  # too long for a JSON number
    assert facts["left_stop"] == "1" + "0" * 5000
    assert json.loads(json.dumps(facts)) == facts and "birthday" in format_summary(facts)


def _hot_pair(n: int) -> tuple[Game, Game]:
    return Game(left=[n + 3], right=[n - 1]), Game(left=[n + 2], right=[n])


def test_text_does_not_depend_on_the_order_values_were_first_made() -> None:
    """Options were printed in the order in which a game was first built, so two runs computing
    the same values in another order wrote different files.  Two fresh translates of one game,
    built with their options in opposite orders, stand for two runs."""
    n1, n2 = 10**12 + 7, 2 * 10**12 + 7
    a1, b1 = _hot_pair(n1)
    b2, a2 = reversed(_hot_pair(n2))
    text1 = str(Game(left=[a1, b1], right=[-n1]))
    text2 = str(Game(left=[b2, a2], right=[-n2]))
    assert text1 == f"{{{{{n1 + 2}|{n1}}}, {{{n1 + 3}|{n1 - 1}}}|{-n1}}}"
    assert text2 == text1.replace(str(n1 + 3), str(n2 + 3)).replace(
        str(n1 + 2), str(n2 + 2)
    ).replace(str(n1 - 1), str(n2 - 1)).replace(str(n1), str(n2))


def test_options_by_birthday() -> None:
    late, early = Game("{4|2}"), Game("{3||2|1}")  # born on days 5 and 4
    assert str(Game(left=[late, early], right=[-10])) == "{{3||2|1}, {4|2}|-10}"
    assert str(Game(left=[early, late], right=[-10])) == "{{3||2|1}, {4|2}|-10}"


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        ("{2|0||-1}", r"$\{2 \mid 0 \mathbin{||} -1\}$"),
        ("{3|2||1|||0}", r"$\{3 \mid 2 \mathbin{||} 1 \mathbin{|||} 0\}$"),
        ("1/2^3*", r"$\frac{1}{2}+3{\cdot}{\uparrow}*$"),
        ("-3/4", r"$-\frac{3}{4}$"),
    ],
)
def test_latex_bars(text: str, latex: str) -> None:
    """``|||`` was written ``\\mathbin{\\|\\|}``, which KaTeX and MathJax draw as four bars
    (two double bars); KaTeX 0.16 renders ``\\mathbin{|||}`` as three."""
    assert Game(text)._repr_latex_() == latex
