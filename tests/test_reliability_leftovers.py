"""Issue 28, item 12 (the parts done here): bad arguments give named errors, not raw
`TypeError` / `AttributeError`."""

from __future__ import annotations

import pytest

import cgt
from games.daihinmin import Meld, parse_cards


@pytest.mark.parametrize("bad", [None, 5, b"3S"])
def test_parse_cards_of_a_non_text(bad: object) -> None:
    with pytest.raises(cgt.WrongTypeError, match="cards are text"):
        parse_cards(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, ["5S"]])
def test_meld_parse_of_a_non_text(bad: object) -> None:
    with pytest.raises(cgt.WrongTypeError, match="a meld is text"):
        Meld.parse(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 3, [None], [3]])
def test_loopy_game_from_a_graph_that_is_not_one(bad: object) -> None:
    with pytest.raises(cgt.WrongTypeError, match="lists of each node's options"):
        cgt.LoopyGame.from_graph(bad, bad)  # type: ignore[arg-type]


def test_the_good_forms_still_work() -> None:
    assert parse_cards(["3S", "JK"]) == parse_cards("3S JK")
    assert str(Meld.parse("pass")) == str(Meld.parse(""))
    assert str(cgt.LoopyGame.from_graph([[0]], [[]])) == "on"
