"""The outcome solver's bounded table, Ctrl-C and checkpoints: exact answers whatever the bound,
an interrupted search that continues where it stopped, files that are not tables named."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import cgt
from games.grid._board import all_boards
from games.grid.domineering import Domineering, rectangle


@pytest.mark.parametrize("limit", [64, 200])
def test_a_small_table_is_halved_and_every_answer_stays_exact(limit: int) -> None:
    bounded = cgt.OutcomeSolver(small=0, table_limit=limit)
    for rows, columns in [(3, 4), (4, 4), (4, 5), (5, 4), (3, 6)]:
        board = rectangle(rows, columns)
        assert bounded.solve(board) is cgt.outcome(cgt.value(board)), board
    assert bounded.stats.table_drops > 0
    assert bounded.stats.table_size < limit
    # the same boards in one table, every board of a shape: item by item as the value says
    for board in list(all_boards(".#", 9, 3, 3))[::7]:
        position = Domineering(board)
        assert bounded.solve(position) is cgt.outcome(cgt.value(position)), board


def test_an_unbounded_table_is_never_halved() -> None:
    solver = cgt.OutcomeSolver(small=0, table_limit=None)
    assert solver.solve(rectangle(4, 5)) is cgt.Outcome.L
    assert solver.stats.table_drops == 0


def _ctrl_c(stats: cgt.SolverStats) -> None:
    """A progress callback that stops the search at its first report (after 64 positions)."""
    raise KeyboardInterrupt


def test_ctrl_c_keeps_the_table_and_asking_again_continues(tmp_path: Path) -> None:
    board = rectangle(4, 5)
    fresh = cgt.OutcomeSolver(small=0)
    assert fresh.solve(board) is cgt.Outcome.L
    total = fresh.stats.nodes

    solver = cgt.OutcomeSolver(small=0, progress=_ctrl_c)
    solver._last_report = -1e9
    with pytest.raises(cgt.OutcomeInterrupted) as stop:
        solver.solve(board)
    error = stop.value
    assert isinstance(error, KeyboardInterrupt) and isinstance(error, cgt.CGTError)
    assert error.stats.nodes == 64 and error.left_first is None and error.right_first is None
    assert "interrupted after 64 positions" in str(error) and "keeps its table" in str(error)
    kept = len(solver._table)
    assert kept > 0

    # saved, loaded into a new solver: the search goes on from there
    path = tmp_path / "table.pickle"
    solver.save(path)
    resumed = cgt.OutcomeSolver(small=0)
    resumed.load(path)
    assert resumed.stats.table_size == kept
    assert resumed.solve(board) is cgt.Outcome.L
    assert resumed.stats.nodes < total
    # the same solver continues too
    solver.progress = None
    assert solver.solve(board) is cgt.Outcome.L


def test_an_interrupt_in_the_second_question_says_the_first_answer() -> None:
    board = rectangle(4, 5)
    solver = cgt.OutcomeSolver(small=0)
    assert solver.wins_moving_first(board, True)  # Left moving first: decided and kept
    solver.progress = _ctrl_c
    solver._last_report = -1e9
    with pytest.raises(cgt.OutcomeInterrupted) as stop:
        solver.solve(board)
    assert stop.value.left_first is True and stop.value.right_first is None
    assert "found: Left moving first wins" in str(stop.value)
    assert pickle.loads(pickle.dumps(stop.value)).left_first is True


def test_checkpoint_files_that_are_not_tables_are_named(tmp_path: Path) -> None:
    solver = cgt.OutcomeSolver(small=4)
    garbage = tmp_path / "garbage"
    garbage.write_bytes(b"not a pickle")
    with pytest.raises(cgt.CheckpointError, match="is not an outcome table"):
        solver.load(garbage)
    other = tmp_path / "other"
    other.write_bytes(pickle.dumps({"something": 1}))
    with pytest.raises(cgt.CheckpointError, match="is not an outcome table"):
        solver.load(other)
    solver.solve(rectangle(3, 4))
    solver.save(tmp_path / "small4")
    with pytest.raises(cgt.CheckpointError, match="small=4, this solver has small=12"):
        cgt.OutcomeSolver().load(tmp_path / "small4")
    with pytest.raises(cgt.InvalidArgumentError, match="table_limit"):
        cgt.OutcomeSolver(table_limit=10)
    with pytest.raises(cgt.InvalidArgumentError, match="table_limit"):
        cgt.OutcomeSolver(table_limit=True)
