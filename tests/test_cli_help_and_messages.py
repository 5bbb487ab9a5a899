"""What a newcomer reads: --help texts without docstring markup, a description for every
command, the plan line of `cgt verify`, singular nouns where there is one of a thing, and the
players a tournament accepts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cgt.cli.command import build_parser, main, plain_text


def _subparsers(parser):  # type: ignore[no-untyped-def]
    for action in parser._actions:
        if action.__class__.__name__ == "_SubParsersAction":
            for name, sub in action.choices.items():
                yield name, sub
                for deeper, subsub in _subparsers(sub):
                    yield f"{name} {deeper}", subsub


def test_no_help_text_shows_docstring_markup() -> None:
    parser = build_parser()
    texts = [("cgt", parser.format_help())]
    texts += [(name, sub.format_help()) for name, sub in _subparsers(parser)]
    assert len(texts) > 10
    for name, text in texts:
        assert "`" not in text, name


def test_every_command_has_a_description() -> None:
    parser = build_parser()
    for name, sub in _subparsers(parser):
        if name in ("daihinmin", "nim", "sevens", "tanhinmin") or " " in name:
            continue  # groups and their sub-commands describe themselves in their help
        assert sub.description, f"cgt {name} --help has no description"
    verify = dict(_subparsers(parser))["verify"].format_help()
    assert "against the generic recursion" in verify and "--quick" in verify


def test_plain_text() -> None:
    assert plain_text("``cgt verify`` and `cgt.value`, `~games.nim.octal`") == (
        "cgt verify and cgt.value, games.nim.octal"
    )
    assert plain_text("no markup | here") == "no markup | here"


def test_verify_says_what_it_will_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--quick", "--game", "nim"]) == 0
    captured = capsys.readouterr()
    first = captured.err.splitlines()[0]
    assert first.startswith("cgt verify: 2 claims of 1 game at CI size (--quick) in one process")
    assert "CPU" in first or "not timed before" in first
    assert captured.out.splitlines()[-1].startswith("2 claims: 2 hold")


def test_one_cell_is_singular() -> None:
    from games.grid import Domineering

    with pytest.raises(ValueError, match="row 2 has 1 cell but row 1 has 2;"):
        Domineering("..|.")


def test_tournament_lists_every_kind_of_player() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cgt", "daihinmin", "tournament", "--players", "foo"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    for kind in ("kou2", "module.path:Class", "jn17", "cmd:COMMAND LINE", "path of an executable"):
        assert kind in run.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "cgt", "daihinmin", "tournament", "--players", "./nothere"],
        capture_output=True,
        text=True,
    )
    assert "no executable file there" in missing.stderr
