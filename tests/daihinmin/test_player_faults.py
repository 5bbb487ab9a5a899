"""A player that raises shows where (file and line), once per distinct error, in the match's
faults, in ``cgt daihinmin play``'s report (with and without ``--strict``) and in its JSON."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from games.daihinmin import PASS, Match, Player, make_player
from games.daihinmin.experiments.stats import format_notes, summarize


class TwoKindsOfTrouble(Player):
    name = "trouble"

    def __init__(self) -> None:
        self.turns = 0

    def play(self, obs):  # type: ignore[no-untyped-def]
        self.turns += 1
        if self.turns % 2:
            raise ValueError(f"odd turn {self.turns}")  # the message changes, the line does not
        return self.other()

    def other(self):  # type: ignore[no-untyped-def]
        return {}["missing"]


def test_each_distinct_error_keeps_its_traceback_once() -> None:
    players = [TwoKindsOfTrouble(), *(make_player("default") for _ in range(4))]
    result = Match(players, seed=3).play(4)
    faults = [f for f in result.faults if f.player == 0]
    assert len(faults) > 4
    with_traceback = [f for f in faults if f.traceback]
    assert [f.error.split(":")[0] for f in with_traceback] == ["ValueError", "KeyError"]
    value_error, key_error = with_traceback
    assert (
        __file__ in value_error.traceback and 'raise ValueError(f"odd turn' in value_error.traceback
    )
    assert "in other" in key_error.traceback and "KeyError: 'missing'" in key_error.traceback
    assert "match.py" not in value_error.traceback  # the match's own frames are cut
    lines = format_notes(summarize(result))
    assert sum(line.strip().startswith("Traceback") for line in lines) == 2


PLAYERS = textwrap.dedent(
    """
    from games.daihinmin import Player

    class Boom(Player):
        name = "boom"

        def play(self, obs):
            return self.helper(obs)

        def helper(self, obs):
            raise ValueError("boom at play")
    """
).lstrip()


def _play(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "bad_players.py").write_text(PLAYERS)
    lineup = "bad_players:Boom,default,default,default,default"
    command = [sys.executable, "-m", "cgt", "daihinmin", "play", "--games", "3"]
    return subprocess.run(
        [*command, "--players", lineup, *extra], capture_output=True, text=True, cwd=tmp_path
    )


def test_the_report_shows_where_a_player_raised(tmp_path: Path) -> None:
    run = _play(tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("Traceback (most recent call last):") == 1
    assert 'bad_players.py", line 10, in helper' in run.stdout
    assert "player 0, play: ValueError: boom at play (" in run.stdout  # alike faults on one line


def test_strict_stops_with_the_traceback(tmp_path: Path) -> None:
    run = _play(tmp_path, "--strict")
    assert run.returncode == 2
    assert "game 1: a player raised ValueError: boom at play" in run.stderr
    assert 'bad_players.py", line 7, in play' in run.stderr
    assert 'bad_players.py", line 10, in helper' in run.stderr
    assert "match.py" not in run.stderr


def test_the_json_has_the_traceback_once(tmp_path: Path) -> None:
    run = _play(tmp_path, "--json")
    faults = json.loads(run.stdout)["faults"]
    assert len(faults) > 1
    assert ["traceback" in f for f in faults].count(True) == 1
    assert "line 10, in helper" in faults[0]["traceback"]


def test_a_player_that_passes_is_no_fault() -> None:
    class Passer(Player):
        def play(self, obs):  # type: ignore[no-untyped-def]
            return PASS

    result = Match([Passer(), *(make_player("default") for _ in range(4))], seed=1).play(2)
    assert result.faults == []
