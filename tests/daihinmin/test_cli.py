"""The ``cgt daihinmin`` commands, through ``cgt.cli.command`` as a user runs them."""

from __future__ import annotations

import io
import json
import signal
import socket
import subprocess
import sys
import textwrap
import time

import pytest

from cgt.cli.command import main
from games.daihinmin import Match, compare_players, make_player, summarize
from games.daihinmin.cli import _Progress, parse_players, parse_seed
from games.daihinmin.players import KOU2_VARIANTS, PLAYER_NAMES, UnknownPlayerError


def _play_json(capsys, *args: str) -> dict:
    assert main(["daihinmin", "play", "--json", *args]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    return json.loads(captured.out)


def test_play_json_is_the_summary_of_the_same_match(capsys):
    data = _play_json(capsys, "--games", "30", "--players", "random", "--seed", "5")
    expected = summarize(Match([make_player("random") for _ in range(5)], seed=5).play(30))
    assert data["games"] == 30 and data["seed"] == 5
    assert data["rejected"] == [0, 0, 0, 0, 0]
    for got, want in zip(data["players"], expected["players"], strict=True):
        assert got["spec"] == "random"
        assert {k: got[k] for k in want} == want
    assert sum(p["points"] for p in data["players"]) == 30 * 15
    assert "faults" not in data


def test_play_is_reproducible_and_the_seed_matters(capsys):
    args = ("--games", "20", "--players", "random,random,random,random,random")
    a = _play_json(capsys, *args, "--seed", "run-a")
    b = _play_json(capsys, *args, "--seed", "run-a")
    c = _play_json(capsys, *args, "--seed", "run-b")
    assert a == b and a["seed"] == "run-a"
    assert a["players"] != c["players"]


def test_play_text_output(capsys):
    assert main(["daihinmin", "play", "--games", "10", "--players", "random", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "10 games; points 5 4 3 2 1 for places 1st to 5th"
    assert lines[1].split()[:4] == ["player", "name", "points", "mean"]
    assert [line.split()[0] for line in lines[3:8]] == ["0", "1", "2", "3", "4"]
    assert sum(int(line.split()[2]) for line in lines[3:8]) == 150
    assert lines[8] == "rejected plays: 0, 0, 0, 0, 0"
    assert lines[9].startswith("seed 2; ") and "games/s" in lines[9]


def test_user_defined_player_and_faults(capsys, tmp_path, monkeypatch):
    (tmp_path / "my_players.py").write_text(
        textwrap.dedent(
            """
            from games.daihinmin import PASS, Player, Meld

            class Weakest(Player):
                name = "weakest"

                def play(self, obs):
                    moves = obs.legal_moves()[1:]
                    return min(moves, key=lambda m: (m.rank, -m.size)) if moves else PASS

            class Broken(Player):
                def play(self, obs):
                    raise RuntimeError("broken player")

            class Cheat(Player):
                def play(self, obs):
                    return Meld.parse("2S 2H 2D 2C")
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    players = "my_players:Weakest,random,my_players:Broken,random,random"
    data = _play_json(capsys, "--games", "5", "--players", players)
    assert [p["name"] for p in data["players"]] == [
        "weakest",
        "random",
        "player",
        "random",
        "random",
    ]
    assert data["players"][0]["spec"] == "my_players:Weakest"
    assert {(f["player"], f["phase"], f["error"]) for f in data["faults"]} == {
        (2, "play", "RuntimeError: broken player")
    }
    assert data["players"][2]["ranks"][4] == 5  # it never plays a card
    # the text output lists the faults too
    assert main(["daihinmin", "play", "--games", "2", "--players", players]) == 0
    assert "player 2, play: RuntimeError: broken player" in capsys.readouterr().out
    # --strict stops at the first illegal play, with one line on stderr
    cheat = "my_players:Cheat,random,random,random,random"
    assert main(["daihinmin", "play", "--games", "5", "--players", cheat, "--strict"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cgt daihinmin: player 0: 2S 2H 2D 2C:") and err.count("\n") == 1
    data = _play_json(capsys, "--games", "5", "--players", cheat)
    assert data["rejected"][0] > 0 and data["rejected"][1:] == [0, 0, 0, 0]
    # --strict and a player that raises
    broken = "my_players:Broken,random,random,random,random"
    assert main(["daihinmin", "play", "--games", "2", "--players", broken, "--strict"]) == 2
    assert "a player raised RuntimeError: broken player" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,nobody,random,random,random"], "unknown player 'nobody'"),
        (["--players", "random,random"], "needs 5 names"),
        (["--players", "random,,random,random,random"], "empty name"),
        (["--games", "0"], "--games must be at least 1, got 0"),
        (["--games", "-3"], "--games must be at least 1, got -3"),
        (["--time-limit", "0"], "--time-limit must be a positive number of seconds"),
        (["--players", "no.such.module:Player"], "cannot import module 'no.such.module'"),
        (["--players", "games.daihinmin:NoSuchPlayer"], "has no 'NoSuchPlayer'"),
        (["--players", "games.daihinmin:PASS"], "'PASS' is not a class"),
        (["--players", "games.daihinmin:Meld"], "cannot build player"),
        (["--players", "games.daihinmin:Rules"], "makes objects without a play(obs) method"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, args, message):
    assert main(["daihinmin", "play", "--games", "2", *[a for a in args if a]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


def test_argparse_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["daihinmin", "play", "--games", "many"])
    assert exit_info.value.code == 2
    assert "invalid int value: 'many'" in capsys.readouterr().err


def test_no_subcommand_prints_help(capsys):
    assert main(["daihinmin"]) == 2
    assert "play" in capsys.readouterr().err


def test_progress_bar_on_a_terminal_only():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    bar = _Progress(1000, screen)
    start = time.perf_counter()
    for _ in range(1000):  # far faster than 10 redraws a second
        bar(1)
    bar.close()
    elapsed = time.perf_counter() - start
    text = screen.getvalue()
    # the first redraw, the last one, the clearing, and at most one per 0.1 s in between
    assert 3 <= text.count("\r") <= 3 + int(elapsed / 0.1)
    assert "[" + "#" * 30 + "] 1000/1000 games" in text
    assert text.endswith("\r\x1b[K")
    piped = io.StringIO()
    bar = _Progress(10, piped)
    for _ in range(10):
        bar(1)
    bar.close()
    assert piped.getvalue() == ""


def test_registry_and_parsers():
    assert parse_players(" random , default,random,random,random ")[1] == "default"
    assert parse_seed("007") == 7 and parse_seed("x1") == "x1"
    assert set(KOU2_VARIANTS) < set(PLAYER_NAMES)
    assert make_player("games.daihinmin.players.base:RandomPlayer", seed=3).rng.random() == (
        make_player("random", seed=3).rng.random()
    )
    with pytest.raises(UnknownPlayerError, match="not int"):
        make_player(5)  # type: ignore[arg-type]


def test_the_cgt_command_runs_as_a_program():
    run = subprocess.run(
        [sys.executable, "-m", "cgt.cli", "daihinmin", "play", "--games", "3", "--players", "x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("cgt daihinmin: unknown player 'x'")


# --- server and client, with the real C programs --------------------------------------------


def _kit():  # type: ignore[no-untyped-def]
    from games.daihinmin.network import kit as uecda_kit

    try:
        return uecda_kit.build_kit()
    except uecda_kit.UecdaKitError as exc:  # no gcc or no kit: not a failure of ours
        pytest.skip(f"the UECda kit cannot be built: {exc}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.uecda
def test_server_command_with_five_c_default_clients(tmp_path):
    """``cgt daihinmin server`` as a process, on a port of its choice, with 5 C clients."""
    kit = _kit()
    command = [sys.executable, "-m", "cgt.cli", "daihinmin", "server", "--port", "0"]
    command += ["--games", "30", "--seed", "4", "--log-dir", str(tmp_path), "--json"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    clients = []
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        prefix = "cgt daihinmin server: listening on port "
        assert line.startswith(prefix) and line.endswith(", waiting for 5 client(s)\n"), line
        port = line[len(prefix) :].split(",")[0]
        for k in range(5):
            clients.append(
                subprocess.Popen(
                    [str(kit.client), "-h", "127.0.0.1", "-p", port, "-n", f"c{k}"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
            time.sleep(0.05)  # connection order = player numbers
        out, err = server.communicate(timeout=120)
    finally:
        for process in [server, *clients]:
            process.kill()
            process.wait()
    assert server.returncode == 0, err
    data = json.loads(out)
    assert data["games"] == 30 and data["seed"] == 4
    assert [p["name"] for p in data["players"]] == ["c0", "c1", "c2", "c3", "c4"]
    assert sum(p["points"] for p in data["players"]) == 30 * 15
    assert all(sum(p["ranks"]) == 30 for p in data["players"])
    assert "faults" not in data
    assert [c.returncode for c in clients] == [0] * 5  # they saw the end of the run
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 30


@pytest.mark.uecda
def test_client_command_on_the_c_server(capsys):
    from games.daihinmin.network.kit import run_tournament

    kit = _kit()

    def ours(port: int) -> int:
        args = ["client", "--port", str(port), "--name", "ours", "--player", "random"]
        return main(["daihinmin", *args, "--json"])

    c = run_tournament(40, [ours], kit=kit, seed=1006, timeout=120)
    assert c.returns[0] == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 40 and data["player"] == 0
    assert data["rejected"] == 0  # a random player picks legal moves only
    assert tuple(p["points"] for p in data["players"]) == c.points
    assert [p["ranks"] for p in data["players"]] == [
        [sum(1 for g in c.ranks if g[p] == k) for k in range(5)] for p in range(5)
    ]


def test_client_and_server_errors(capsys):
    port = _free_port()  # nobody listens there
    assert main(["daihinmin", "client", "--port", str(port), "--player", "random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cgt daihinmin: cannot connect to 127.0.0.1:") and err.count("\n") == 1
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen(1)
        busy = taken.getsockname()[1]
        assert main(["daihinmin", "server", "--port", str(busy), "--games", "1"]) == 2
        assert "cannot listen on port" in capsys.readouterr().err
    for args, message in [
        (["server", "--players", "random"], "leaves no seat for a TCP client"),
        (["server", "--port", "70000"], "--port must be 0..65535, got 70000"),
        (["server", "--games", "15000"], "--games must be 1..14999, got 15000"),
        (["server", "--move-timeout", "0"], "--move-timeout must be a positive number"),
        (["client", "--player", "nobody"], "unknown player 'nobody'"),
        (["client", "--port", "-1"], "--port must be 0..65535, got -1"),
    ]:
        assert main(["daihinmin", *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err


def test_user_players_load_from_the_current_directory(tmp_path):
    """Like the ``cgt`` script: sys.path starts with the script's directory, not the cwd."""
    (tmp_path / "work").mkdir()
    (tmp_path / "bin").mkdir()
    (tmp_path / "work" / "slow_players.py").write_text(
        textwrap.dedent(
            """
            import time
            from games.daihinmin import RandomPlayer

            class SlowOnce(RandomPlayer):
                name = "slow"
                slept = False

                def play(self, obs):
                    if not self.slept:
                        self.slept = True
                        time.sleep(5)
                    return super().play(obs)
            """
        )
    )
    script = tmp_path / "bin" / "cgt_script.py"
    script.write_text("import sys\nfrom cgt.cli import main\nsys.exit(main())\n")
    players = "slow_players:SlowOnce,random,random,random,random"
    args = ["daihinmin", "play", "--games", "3", "--players", players, "--json"]
    run = subprocess.run(
        [sys.executable, str(script), *args, "--time-limit", "0.2"],
        cwd=tmp_path / "work",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["players"][0]["name"] == "slow" and data["games"] == 3
    assert data["faults"] == [
        {"game": 1, "player": 0, "phase": "play", "error": "no answer within 0.2 s"}
    ]


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_every_registered_name_plays(name):
    players = [make_player(name, seed=p) for p in range(5)]
    expected = {
        "random": "RandomPlayer",
        "default": "DefaultPlayer",
        "kou2+": "Kou2PlusPlayer",
        "mc": "MonteCarloPlayer",
        "mcpi": "McpiPlayer",
        "strongest": "McpiPlayer",
    }.get(name, "Kou2Player")
    assert {type(p).__name__ for p in players} == {expected}
    # the searching players: one game is enough here
    games = 1 if name in ("kou2+", "mcpi", "strongest") else 3
    result = Match(players, seed=1).play(games)
    shown = "mcpi" if name == "strongest" else name  # the alias plays under its own name
    assert result.names == [shown] * 5 and not result.faults
    assert result.games == games and sum(result.points) == 15 * games


def test_compare_two_players(capsys):
    args = ["--games", "60", "--players", "random", "--seed", "8", "--compare", "2,4"]
    data = _play_json(capsys, *args)
    result = Match([make_player("random") for _ in range(5)], seed=8).play(60)
    expected = compare_players(result, 2, 4).to_json()
    assert data["comparison"] == {"players": [2, 4], **expected}
    assert expected["method"] == "newey-west" and expected["games"] == 60
    assert main(["daihinmin", "play", *args]) == 0
    line = capsys.readouterr().out.splitlines()[-2]
    assert line.startswith("player 2 - player 4: ") and line.endswith("(newey-west)")
    for bad in ("1,1", "0,5", "a,b", "0,1,2"):
        assert main(["daihinmin", "play", "--games", "2", "--compare", bad]) == 2
        assert "--compare needs two different player numbers 0-4" in capsys.readouterr().err


def test_interrupted_play_ends_with_one_line(tmp_path):
    (tmp_path / "marking.py").write_text(
        textwrap.dedent(
            """
            import pathlib
            from games.daihinmin import RandomPlayer

            class Marking(RandomPlayer):
                def play(self, obs):
                    pathlib.Path("started").touch()
                    return super().play(obs)
            """
        )
    )
    args = ["daihinmin", "play", "--games", "10000000", "--players", "marking:Marking"]
    run = subprocess.Popen(
        [sys.executable, "-m", "cgt.cli", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130 and out == ""
    assert err.startswith("cgt daihinmin play: interrupted in game ") and err.count("\n") == 1


def test_evaluate_command(capsys):
    assert main(["daihinmin", "evaluate", "--hand", "6S 6D 7S KH 2S", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["cards"], m["E"], m["priority"]) for m in data["melds"]] == [
        ("6S 6D", 1, 64),
        ("7S", 1, 70),
        ("KH", 39, 58),
        ("2S", 99, 11),
    ]
    assert data["hand_value"] == 4 and data["play"] == "7S"
    assert main(["daihinmin", "evaluate", "--hand", "6C 7C 8C 9S 2S 2H"]) == 0
    assert "play:" in capsys.readouterr().out
    assert main(["daihinmin", "evaluate", "--hand", "6S 6S"]) == 2
    assert "given twice" in capsys.readouterr().err
    assert main(["daihinmin", "evaluate", "--hand", "6S", "--played", "6S"]) == 2
    assert "both in the hand and played" in capsys.readouterr().err


def test_a_closed_pipe_ends_quietly():
    """``cgt ... | head -1`` must not print 'Broken pipe' (issue 16, newcomer review): the
    reading end is closed before the command writes, so its write always fails."""
    command = [sys.executable, "-m", "cgt", "daihinmin", "play", "--games", "60"]
    child = subprocess.Popen(
        [*command, "--players", "random"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # nobody reads: the first write gets EPIPE
    err = child.stderr.read()
    assert child.wait(timeout=120) == 0
    assert "Broken pipe" not in err and "Traceback" not in err and "Exception" not in err


def test_tournament_command_is_wired(capsys):
    args = ["daihinmin", "tournament", "--players", "kou2,default,default,default,random"]
    assert (
        main([*args, "--games", "100", "--sets", "2", "--seed", "3", "--jobs", "1", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 200 and len(data["sets"]) == 2
    assert [p["name"] for p in data["players"]][:2] == ["kou2", "default"]
