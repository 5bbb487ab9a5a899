"""``cgt value --loopy``: loopy values in CGSuite's notation, with draws; short games as before."""

from __future__ import annotations

import json

import pytest

from cgt.cli import main


def test_loopy_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--loopy", "on"]) == 0
    out = capsys.readouterr().out
    assert "value          on" in out and "stopper        yes" in out
    assert main(["value", "--loopy", "a{0|a}", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["value"] == "over" and facts["stopper"] is True and facts["outcome"] == "L"
    assert main(["value", "--loopy", "dud", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "D"


def test_a_short_game_is_summarised_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--loopy", "{1|-1}"]) == 0
    assert "mean           0" in capsys.readouterr().out


def test_without_the_flag_loopy_notation_is_a_notation_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["value", "on"]) != 0
    assert "on" in capsys.readouterr().err
