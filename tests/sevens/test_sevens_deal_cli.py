"""The real deck, and the ``cgt sevens`` command."""

import json

import pytest

from cgt.cli.command import main
from games.sevens import winner
from games.sevens.deal import deal
from games.sevens.notation import SevensError


def test_deal_is_reproducible_and_complete():
    first = deal(11)
    assert first == deal(11)
    assert first.suits != deal(12).suits
    left, right = first.cards("L"), first.cards("R")
    assert len(left) == len(right) == 24
    assert not set(left) & set(right)
    assert "♠7" not in left + right  # the 7s start on the field
    assert len(set(left + right)) == 48
    assert first.names == ("♠ up", "♠ down", "♥ up", "♥ down", "♦ up", "♦ down", "♣ up", "♣ down")


def test_deal_bad_input():
    with pytest.raises(SevensError, match="seed must be an int"):
        deal("7")  # type: ignore[arg-type]
    with pytest.raises(SevensError, match="0 to 48"):
        deal(1, left_cards=49)


def test_cli_text(capsys):
    assert main(["sevens", "LLRL", "0RRL"]) == 0
    out = capsys.readouterr().out
    assert "value +2" in out and "value -1" in out
    assert "sum of values    +1" in out
    assert "winner           L (L moves first)" in out
    assert "play in suit 1 (0LLRL)" in out


def test_cli_first_and_json(capsys):
    assert main(["sevens", "LR", "--first", "R", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "suits": ["0LR"],
        "values": [0],
        "sum": 0,
        "first": "R",
        "winner": "second player",
        "winning_moves": [],
    }


def test_cli_almighty(capsys):
    assert main(["sevens", "RRLL", "RRLL", "--almighty", "L", "--first", "R", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "second player" and data["algorithm4_winner"] == "first player"
    assert data["gains"] == [1, 1]


def test_cli_deal(capsys):
    assert main(["sevens", "--deal", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["suits"]) == 8 and len(data["hands"]["L"]) == 24
    first = winner(deal(5).suits, "L") == "L"
    assert data["winner"] == ("first player" if first else "second player")


def test_cli_errors(capsys):
    assert main(["sevens"]) == 2
    assert "at least one suit" in capsys.readouterr().err
    assert main(["sevens", "0L5"]) == 2
    assert "breaks the field order" in capsys.readouterr().err
    assert main(["sevens", "L", "--deal", "1"]) == 2
    assert "not both" in capsys.readouterr().err
