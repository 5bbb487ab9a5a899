"""Tournaments: chunked runs equal one long run whatever the workers; programs through our
server (the C default client, jn17); failing programs lose no other chunk."""

from __future__ import annotations

import argparse
import json
import shutil
import sys

import pytest

from games.daihinmin.experiments.tournament import (
    CHUNK_GAMES,
    TournamentError,
    format_tournament,
    resolve_player,
    run_tournament,
)
from games.daihinmin.network.kit import UecdaKit, UecdaKitError, build_kit, kit_source
from games.daihinmin.players import UnknownPlayerError, make_player
from games.daihinmin.rules.match import Match

LINEUP = ["kou2", "default", "random", "default", "w100"]


@pytest.fixture(scope="module")
def kit() -> UecdaKit:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed: cannot build the UECda C kit")
    try:
        kit_source()
    except UecdaKitError as exc:
        pytest.skip(str(exc))
    return build_kit()


def test_a_set_is_one_long_match() -> None:
    """Chunks of 100 games started at their rank period give the games of one long run."""
    games = CHUNK_GAMES + 30
    result = run_tournament(LINEUP, games, sets=2, seed=11, jobs=1)
    for s in range(2):
        players = [make_player(n, seed=f"11:{s}:{p}") for p, n in enumerate(LINEUP)]
        whole = Match(players, seed=f"11:{s}").play(games)
        assert result.sets[s].per_game == whole.per_game
        assert result.sets[s].points == whole.points
        assert result.sets[s].ranks == whole.ranks
    assert result.sets[0].per_game != result.sets[1].per_game  # sets are independent
    summary = result.summary()
    assert summary["games"] == 2 * games
    assert summary["sets"] == [result.sets[0].points, result.sets[1].points]
    assert [e["points"] for e in summary["players"]] == [
        a + b for a, b in zip(*summary["sets"], strict=True)
    ]
    assert sum(map(sum, summary["sets"])) == 15 * 2 * games
    json.dumps(summary)  # JSON-ready


def test_workers_do_not_change_the_result() -> None:
    lineup = ["default", "random", "kou2", "random", "default"]
    one = run_tournament(lineup, 120, sets=2, seed=3, jobs=1)
    two = run_tournament(lineup, 120, sets=2, seed=3, jobs=2)
    assert [s.per_game for s in one.sets] == [s.per_game for s in two.sets]
    assert one.summary() == two.summary()


def test_progress_counts_chunks() -> None:
    calls: list[tuple[int, int]] = []
    run_tournament(["random"] * 5, 150, sets=2, jobs=1, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_bad_arguments_are_named_errors() -> None:
    with pytest.raises(TournamentError, match="exactly 5"):
        run_tournament(["kou2"] * 4, 10)
    with pytest.raises(TournamentError, match="games must be a positive int"):
        run_tournament(["kou2"] * 5, 0)
    with pytest.raises(TournamentError, match="sets must be a positive int"):
        run_tournament(["kou2"] * 5, 10, sets=True)
    with pytest.raises(UnknownPlayerError, match="nobody"):
        run_tournament(["kou2"] * 4 + ["nobody"], 10)
    with pytest.raises(TournamentError, match="bad command line"):
        resolve_player("cmd:'unclosed")


def test_text_table_has_the_papers_shape() -> None:
    result = run_tournament(
        ["default", "random", "random", "random", "kou2"], 40, sets=3, seed=2, jobs=1
    )
    text = format_tournament(result.summary()).splitlines()
    assert text[0] == "3 sets of 40 games; points 5 4 3 2 1 for places 1st to 5th"
    assert text[1].split()[:7] == ["player", "name", "mean/set", "set", "1", "set", "2"]
    row = text[3].split()
    sets = [result.sets[k].points[0] for k in range(3)]
    assert row[:2] == ["0", "default"]
    assert float(row[2]) == pytest.approx(sum(sets) / 3, abs=0.05)
    assert [int(x) for x in row[3:6]] == sets


@pytest.mark.uecda
def test_c_default_client_plays_as_our_default(kit: UecdaKit) -> None:
    """The C default client through our server plays the games our DefaultPlayer plays
    in-process (the first chunk of a set deals from the set's seed)."""
    ours = run_tournament(["default"] * 5, 60, seed=4, jobs=1)
    c_client = run_tournament([f"cmd:{kit.client}", *["default"] * 4], 60, seed=4, jobs=1)
    assert c_client.players[0].external
    assert c_client.sets[0].faults == []
    assert c_client.sets[0].per_game == ours.sets[0].per_game


@pytest.mark.uecda
def test_jn17_plays_through_our_server(kit: UecdaKit) -> None:
    result = run_tournament(["jn17", "default", "default", "default", "random"], 12, jobs=1)
    assert result.players[0].argv is not None and result.players[0].argv[0] == str(kit.jn17)
    s = result.sets[0]
    assert s.games == 12 and s.faults == [] and sum(s.points) == 15 * 12
    assert s.rejected[1:] == [0, 0, 0, 0]  # jn17's own refused plays are its business


@pytest.mark.uecda
def test_a_dying_program_loses_no_other_chunk(kit: UecdaKit, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A program that never connects: its chunks are faults; a program that dies mid-run is
    dropped (it passes), the games are kept."""
    never = run_tournament(["cmd:false", *["default"] * 4], 150, jobs=1)
    s = never.sets[0]
    assert s.games == 0
    assert [(f.game, f.player, f.phase) for f in s.faults] == [(1, -1, "chunk"), (101, -1, "chunk")]
    assert "exited before connecting" in s.faults[0].error
    # a client that plays 30 moves, then dies (deterministic, unlike a timer)
    script = tmp_path / "dies.py"
    script.write_text(
        "import os, sys\n"
        "from games.daihinmin.network.client import run_client\n"
        "from games.daihinmin.players.default import DefaultPlayer\n"
        "class Dies(DefaultPlayer):\n"
        "    moves = 0\n"
        "    def play(self, obs):\n"
        "        Dies.moves += 1\n"
        "        if Dies.moves > 30:\n"
        "            os._exit(3)\n"
        "        return super().play(obs)\n"
        "run_client('127.0.0.1', int(sys.argv[sys.argv.index('-p') + 1]), Dies(), name='dies')\n"
    )
    script = tmp_path / "dies.sh"
    script.write_text(f'#!/bin/sh\nexec {sys.executable} {tmp_path / "dies.py"} "$@"\n')
    script.chmod(0o755)
    dying = run_tournament([str(script), *["default"] * 4], 120, jobs=1)
    s = dying.sets[0]
    assert s.games == 120 and sum(s.points) == 15 * 120
    assert s.faults and all(f.player == 0 for f in s.faults)


def test_cli_builds_on_a_given_parser(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    from games.daihinmin.cli.tournament import add_commands

    parser = argparse.ArgumentParser(prog="cgt daihinmin")
    commands = parser.add_subparsers(dest="command")
    add_commands(commands)
    plot = tmp_path / "scores.svg"
    args = parser.parse_args(
        ["tournament", "--players", "default,random,random,random,kou2", "--games", "30",
         "--sets", "2", "--seed", "1", "--json", "--jobs", "1", "--plot", str(plot)]
    )  # fmt: skip
    assert args.handler(args) == 0
    summary = json.loads(capsys.readouterr().out)
    expected = run_tournament(
        ["default", "random", "random", "random", "kou2"], 30, sets=2, seed=1, jobs=1
    )
    assert summary["sets"] == expected.set_points()
    assert summary["players"][4]["spec"] == "kou2"
    svg = plot.read_text()
    assert svg.startswith("<svg") and svg.count("<polyline") == 5 * 2


def test_cli_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from games.daihinmin.cli.tournament import add_commands

    parser = argparse.ArgumentParser(prog="cgt daihinmin")
    add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["tournament", "--players", "kou2,kou2", "--games", "5"])
    with pytest.raises(Exception, match="5 names"):
        args.handler(args)
    args = parser.parse_args(["tournament", "--games", "0"])
    with pytest.raises(TournamentError, match="games"):
        args.handler(args)
    from games.daihinmin.experiments.plot import PlotError

    args = parser.parse_args(["tournament", "--games", "5000", "--plot", "out.pdf"])
    with pytest.raises(PlotError, match=r"svg or \.png"):  # before any game is played
        args.handler(args)


def test_plot_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from games.daihinmin.experiments.plot import PlotError, cumulative, cumulative_svg, write_plot

    names = ["a", "b", "c", "d", "e"]
    sets = [[(5, 4, 3, 2, 1)] * 3, [(1, 2, 3, 4, 5)] * 3]
    assert cumulative(sets[0], 0) == [0, 5, 10, 15]
    svg = cumulative_svg(names, sets)
    assert svg.count("<polyline") == 10 and svg.count('stroke-dasharray="6,3"') == 5
    assert ">0 a<" in svg and ">4 e<" in svg  # the legend
    # the highest point (15 points) is drawn at the top of the plot area (y = 30)
    assert ",30.0" in svg.split("<polyline")[1].split("/>")[0]
    with pytest.raises(PlotError, match=r"svg or \.png"):
        write_plot(tmp_path / "x.pdf", names, sets)
    with pytest.raises(PlotError, match="no games"):
        write_plot(tmp_path / "x.svg", names, [[]])
    pytest.importorskip("matplotlib")
    write_plot(tmp_path / "x.png", names, sets)
    assert (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.uecda
def test_the_c_default_client_plays_the_in_process_deals(kit: UecdaKit) -> None:
    """A chunk with a program deals as the in-process run does (the server starts at the
    chunk's first game); the C default client decides exactly as `default`, so a tournament
    with it equals one with `default`, game by game, past the first chunk too."""
    c_client = run_tournament([f"cmd:{kit.client}", *["default"] * 4], 150, seed=4, jobs=1)
    ours = run_tournament(["default"] * 5, 150, seed=4, jobs=1)
    assert not c_client.sets[0].faults
    assert c_client.sets[0].per_game == ours.sets[0].per_game
