"""The ``cgt`` command as users meet it: ``--version``, negative values, ASCII terminals, output
piped into ``head``, ``cgt subtraction "2 3"`` and ``cgt value --game``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

import cgt
from cgt.cli import command as cli
from cgt.cli import rulesets

CGT = [sys.executable, "-m", "cgt.cli"]


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CGT, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def test_version(capsys: Any) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"cgt {cli.version()}\n"
    assert cli.version() == "0.1.0" == cgt.__version__


@pytest.mark.parametrize(
    ("text", "value"), [("-1/2", "-1/2"), ("-1*", "-1*"), ("-^", "v"), ("-v", "^"), ("-2", "-2")]
)
def test_negative_values_are_values_not_options(text: str, value: str, capsys: Any) -> None:
    assert cli.main(["value", text, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == value


def test_options_still_work_and_unknown_long_options_are_refused(capsys: Any) -> None:
    assert cli.main(["value", "--json", "-1"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == "-1"
    with pytest.raises(SystemExit):
        cli.main(["value", "1", "--jsn"])
    assert "unrecognized arguments: --jsn" in capsys.readouterr().err


def test_a_terminal_without_unicode_gets_ascii() -> None:
    done = _run("value", "{1|-1}", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[0].split() == ["value", "+-1"]
    # the error handler main installs on standard output and error
    assert "↑* ± ⇑ ♠10 …".encode("ascii", "cgt-ascii") == b"^* +- ^^ S10 ..."
    assert "é".encode("ascii", "cgt-ascii") == b"?"


def test_piping_into_head_ends_quietly() -> None:
    process = subprocess.Popen(
        [*CGT, "subtraction", "2,3", "--upto", "1000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == "subtraction({2, 3})\n"
    process.stdout.close()  # as head does after its lines
    assert process.stderr.read() == ""  # no "Broken pipe", no "Exception ignored"
    assert process.wait(timeout=120) == 0


class _Closed:
    """A pipe whose reader has gone after the first line."""

    def __init__(self) -> None:
        self.lines = 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        if self.lines > 1:
            raise BrokenPipeError(32, "Broken pipe")
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("not a real file")


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["value", "{2|-1}"],
        ["nim", "1", "2", "3", "--json"],
        ["octal", "0.07", "--upto", "300"],
        ["sevens", "--deal", "1"],
        ["tanhinmin", "1 3 5", "2 4", "--all-conditions"],
        ["verify", "--quick", "--game", "Nim"],
    ],
)
def test_every_command_stops_quietly_when_the_reader_goes(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setattr("sys.stdout", _Closed())
    try:
        status = cli.main(args)
    except SystemExit as done:  # --help
        status = int(done.code or 0)
    assert status == 0
    err = capsys.readouterr().err
    if args[0] == "verify":  # its plan line only
        assert err.startswith("cgt verify: 2 claims of 1 game") and len(err.splitlines()) == 1
    else:
        assert err == ""


@pytest.mark.parametrize("text", ["2 3", "2,3", "2, 3", " 2 ,3 "])
def test_subtraction_sets_with_spaces_or_commas(text: str, capsys: Any) -> None:
    assert cli.main(["subtraction", text, "--upto", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["subtraction_set"] == [2, 3]
    assert data["sequence"] == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]


def test_a_subtraction_set_that_is_not_numbers_is_refused(capsys: Any) -> None:
    assert cli.main(["subtraction", "2;3"]) == 2
    assert "a subtraction set is written like 2,3 or '2 3'" in capsys.readouterr().err


@cgt.impartial_game
def Heap(n: int) -> list[int]:
    return list(range(n))


def _heap(text: str) -> Any:
    return Heap(int(text))


def test_value_of_a_position_of_a_named_ruleset(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setattr(rulesets, "_REGISTERED", {})
    rulesets.register_ruleset("Heap", _heap)
    assert cli.main(["value", "--game", "heap", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["position"], data["value"], data["outcome"]) == (
        "heap",
        "5",
        "*5",
        "N",
    )
    assert cli.main(["value", "--game", "HEAP", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["game           heap", "position       0", "value          0"]
    assert cli.main(["value", "--game", "hex", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cgt value: no ruleset is named 'hex'; the rulesets are: ")
    assert "heap" in err


def test_installed_rulesets_are_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    class Entry:
        name = "Heap"

        def load(self) -> Any:
            return _heap

    monkeypatch.setattr(rulesets, "entry_points", lambda group: [Entry()])
    monkeypatch.setattr(rulesets, "_REGISTERED", {})
    assert sorted(rulesets.rulesets()) == ["heap"]
    assert rulesets.position_value("heap", "3") == cgt.Game("*3")
    with pytest.raises(rulesets.UnknownRulesetError, match="the rulesets are: heap"):
        rulesets.position_value("nim", "3")


@pytest.mark.parametrize(
    ("args", "winner"),
    [
        (["nim", "1", "2", "3"], "second player"),
        (["nim", "1", "2"], "first player"),
        (["sevens", "LR", "--first", "R"], "second player"),  # L wins, R moves first
        (["sevens", "RRLL", "RRLL", "--almighty", "L", "--first", "R"], "second player"),
        (["tanhinmin", "1 3 5", "2 4", "--exact"], "first player"),
    ],
)
def test_every_command_names_the_winner_alike(args: list[str], winner: str, capsys: Any) -> None:
    """The winner is the "first player" (the one to move) or the "second player" everywhere."""
    assert cli.main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == winner
    for key in ("algorithm4_winner", "exact_winner"):
        assert data.get(key, "first player") in ("first player", "second player")
