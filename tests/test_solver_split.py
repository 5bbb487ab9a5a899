"""The outcome search split at the root (`cgt.solve_outcome_split`) on real Dask workers: a
LocalCluster and a real ``dask scheduler`` with two ``dask worker`` processes, one of them killed
mid-run; the same answer and the same winning first moves as in one process, and as the value
says."""

from __future__ import annotations

import os
import signal
import subprocess

import pytest
from test_runner import dask_cluster  # noqa: F401  (the fixture: a real scheduler and workers)

import cgt
from games.grid.clobber import Clobber
from games.grid.domineering import Domineering, rectangle


def _winning(moves: tuple[object, ...], mover_is_left: bool) -> set[object]:
    """The first moves after which the opponent loses moving first, by the value."""
    good = (cgt.Outcome.L, cgt.Outcome.P) if mover_is_left else (cgt.Outcome.R, cgt.Outcome.P)
    return {move for move in moves if cgt.outcome(cgt.value(move)) in good}


@pytest.mark.parametrize(
    "position",
    [rectangle(3, 4), rectangle(4, 4), Domineering("..#|...|...|.#."), Clobber("xox|oxo|x..")],
)
def test_one_process_agrees_with_the_value_move_by_move(position: object) -> None:
    result = cgt.solve_outcome_split(position, jobs=1)
    assert result.outcome is cgt.outcome(cgt.value(position))
    assert set(result.left_winning) == _winning(result.left_moves, True)
    assert set(result.right_winning) == _winning(result.right_moves, False)
    assert result.complete
    # distinct first moves: no two lead to the same sum
    assert len(result.left_moves) <= len(cgt.left_options_of(position))


def test_positions_without_moves_and_games() -> None:
    result = cgt.solve_outcome_split(Domineering("#"), jobs=1)
    assert result.outcome is cgt.Outcome.P and result.left_moves == result.right_moves == ()
    result = cgt.solve_outcome_split(cgt.Game("{1, *|-2}"), jobs=1)
    assert result.outcome is cgt.Outcome.N and result.left_winning == (cgt.Game(1),)
    with pytest.raises(cgt.NotAPositionError):
        cgt.solve_outcome_split(3, jobs=1)


def test_a_local_cluster_gives_the_one_process_result() -> None:
    board = rectangle(4, 5)
    here = cgt.solve_outcome_split(board, jobs=1)
    assert cgt.solve_outcome_split(board, jobs=2) == here
    assert here.outcome is cgt.Outcome.L  # 4 x 5 (4 rows): Vertical (Left) wins
    early = cgt.solve_outcome_split(board, jobs=2, all_moves=False)
    assert early.outcome is here.outcome
    assert set(early.left_winning) <= set(here.left_winning)


def test_ctrl_c_says_what_the_finished_chunks_decided() -> None:
    finished: list[int] = []

    def interrupt(done: int, total: int) -> None:
        finished.append(done)
        if done == 4:
            raise KeyboardInterrupt

    with pytest.raises(cgt.OutcomeInterrupted) as stop:
        cgt.solve_outcome_split(rectangle(4, 5), jobs=1, progress=interrupt)
    assert "interrupted after 4 of 10 first moves" in str(stop.value)
    # the first four chunks are Left's first moves; in 4 x 5 the first of them wins already
    assert stop.value.left_first is True and stop.value.right_first is None


def test_a_real_cluster_survives_a_killed_worker(
    dask_cluster: tuple[str, list[subprocess.Popen[bytes]]],  # noqa: F811
) -> None:
    address, workers = dask_cluster
    board = rectangle(4, 5)
    expected = cgt.solve_outcome_split(board, jobs=1, small=0)
    assert cgt.solve_outcome_split(board, scheduler=address, small=0) == expected

    killed: list[int] = []

    def kill_first_worker(finished: int, total: int) -> None:
        if not killed:
            os.kill(workers[0].pid, signal.SIGKILL)
            killed.append(workers[0].pid)

    result = cgt.solve_outcome_split(board, scheduler=address, small=0, progress=kill_first_worker)
    assert killed and workers[0].wait(timeout=10) == -signal.SIGKILL
    assert result == expected  # every first move's answer, none lost
