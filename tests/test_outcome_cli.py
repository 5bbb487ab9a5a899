"""``cgt outcome`` as users run it: a real subprocess, its output, its errors, Ctrl-C and SIGTERM
(exit 130, what was found, the table saved) and a checkpoint that continues a search."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cgt
from games.grid.clobber import Clobber
from games.grid.domineering import Domineering, rectangle


def _board(rows: int, columns: int) -> str:
    return "|".join(["." * columns] * rows)


def _cgt(*arguments: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cgt", "outcome", *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "100"},
    )


def test_boards_and_games_get_their_outcome() -> None:
    done = _cgt("--game", "domineering", _board(4, 5))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"domineering {_board(4, 5)}: L (Left wins)"
    assert lines[1] == "Left moving first wins; Right moving first loses"
    assert "positions searched" in lines[2]
    done = _cgt("{1|-1}")
    assert done.stdout.splitlines()[0] == "{1|-1}: N (the first player wins)"
    done = _cgt("--game", "clobber", "xo.|ox.", "--json", "--small", "0")
    report = json.loads(done.stdout)
    assert report["outcome"] == cgt.outcome(cgt.value(Clobber("xo.|ox."))).value
    assert report["small"] == 0 and report["positions_searched"] > 0


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--game", "domineering", ".x"], "cgt outcome: unexpected 'x' at row 1, column 2"),
        (["--game", "nonsense", ".."], "cgt outcome: no ruleset is named 'nonsense'"),
        (["{1|"], "cgt outcome: '{' at position 0 is never closed"),
        (["--small", "-1", ".."], "argument --small: expected an integer >= 0, got -1"),
        (["--table-limit", "10", ".."], "the table holds at least 64 entries, got 10"),
        (["--jobs", "0", ".."], "argument --jobs: expected a positive integer, got 0"),
        (["--scheduler", "nonsense", "0"], "scheduler address 'nonsense' is not host:port"),
        (
            ["--jobs", "2", "--checkpoint", "x", "0"],
            "--checkpoint keeps the table of one search: it cannot be used with --jobs",
        ),
    ],
)
def test_bad_input_gets_a_named_error(arguments: list[str], message: str) -> None:
    done = _cgt(*arguments)
    assert done.returncode == 2, done
    assert message in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_a_checkpoint_is_saved_and_read_back(tmp_path: Path) -> None:
    table = tmp_path / "table"
    first = _cgt("--game", "domineering", _board(4, 5), "--checkpoint", str(table), "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["positions_searched"] > 0 and table.exists()
    again = _cgt("--game", "domineering", _board(4, 5), "--checkpoint", str(table), "--json")
    report = json.loads(again.stdout)
    assert report["outcome"] == "L" and report["positions_searched"] == 0
    assert report["resumed_entries"] > 0
    bad = tmp_path / "bad"
    bad.write_text("not a table")
    done = _cgt("..", "--game", "domineering", "--checkpoint", str(bad))
    assert done.returncode == 2 and "is not an outcome table" in done.stderr


def _ctrl_c_as_on_a_terminal() -> None:
    """In the child: SIGINT back to its default, so Python raises KeyboardInterrupt on it even
    when the tests run in the background (a shell starts background jobs with SIGINT ignored,
    and Python then leaves it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stop_with_what_was_found_and_save_the_table(
    signal_number: int, tmp_path: Path
) -> None:
    table = tmp_path / "table"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cgt",
            "outcome",
            "--game",
            "domineering",
            _board(6, 6),
            "--checkpoint",
            str(table),
            "--progress",
            "--generic",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_on_a_terminal,
    )
    assert process.stderr is not None
    # --progress on a pipe: plain lines, the first once the search runs (6 x 6 takes 20 s+)
    first = process.stderr.readline()
    assert first.startswith("outcome search: 64 positions searched"), first
    time.sleep(1)
    process.send_signal(signal_number)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, (out, err)
    assert out == ""
    assert "cgt outcome: outcome search interrupted after" in err and "positions" in err
    assert f"table saved to {table}: run again with --checkpoint {table}" in err
    solver = cgt.OutcomeSolver()
    solver.load(table)
    assert solver.stats.table_size > 0
    # what the file holds is exact: a board it knows is answered from it as the value says
    assert solver.solve(rectangle(3, 4)) is cgt.outcome(cgt.value(rectangle(3, 4)))


def test_the_split_lists_the_winning_first_moves() -> None:
    done = _cgt("--game", "domineering", _board(3, 4), "--jobs", "2", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["outcome"] == "R" and report["complete"] is True
    assert (
        report["left_winning"] == []
        and report["left_moves"] + report["right_moves"] == report["chunks"]
    )
    assert len(report["right_winning"]) >= 1
    for move in report["right_winning"]:
        # a winning first move of Right leaves a position Left loses moving first
        assert cgt.outcome(cgt.value(Domineering(move))) in (cgt.Outcome.R, cgt.Outcome.P)


def test_ctrl_c_stops_the_domineering_bit_board_search_and_a_second_run_continues(
    tmp_path: Path,
) -> None:
    table = tmp_path / "table"
    # 8 x 8: minutes even for the compiled kernel, so the search is surely still running
    command = [sys.executable, "-m", "cgt", "outcome", "--game", "domineering", _board(8, 8)]
    command += ["--checkpoint", str(table), "--progress"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_on_a_terminal,
    )
    assert process.stderr is not None
    # the first report: after 16,384 positions (pure Python) or a budget of the kernel's
    first = process.stderr.readline()
    assert first.startswith("outcome search: ") and "positions searched" in first, first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, (out, err)
    assert "cgt outcome: outcome search interrupted after" in err
    assert f"table saved to {table}" in err
    from games.grid.domineering_solver import DomineeringSolver

    solver = DomineeringSolver()
    solver.load(table)
    # every position searched but those still open on the stack when Ctrl-C came
    assert solver.stats.table_size >= 16384 - 64
