"""The bit-board Domineering solver against the engine and the generic outcome search."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.cli import main
from games.grid.domineering import Domineering, rectangle
from games.grid.domineering_solver import (
    DomineeringSolver,
    _layout,
    solve_domineering,
)


def _boards(rows: int, columns: int) -> list[Domineering]:
    """Every board of this shape: each cell empty or covered."""
    found = []
    for cells in itertools.product(".#", repeat=rows * columns):
        text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
        found.append(Domineering(text))
    return found


def _mirrors(text: str) -> list[Domineering]:
    rows = text.split("|")
    return [
        Domineering("|".join(rows)),
        Domineering("|".join(row[::-1] for row in rows)),
        Domineering("|".join(rows[::-1])),
        Domineering("|".join(row[::-1] for row in rows[::-1])),
    ]


@pytest.mark.parametrize(
    ("rows", "columns"), [(r, c) for r in range(1, 6) for c in range(1, 6) if r * c <= 20]
)
def test_rectangles_agree_with_the_generic_search(rows: int, columns: int) -> None:
    board = rectangle(rows, columns)
    assert solve_domineering(board) == cgt.solve_outcome(board, generic=True)


def test_known_rectangles() -> None:
    # Winning Ways / Conway: 5 x 5 is a second-player win, 4 x 4 a first-player win
    assert solve_domineering(rectangle(5, 5)) == cgt.Outcome.P
    assert solve_domineering(rectangle(4, 4)) == cgt.Outcome.N
    assert solve_domineering(rectangle(2, 4)) == cgt.Outcome.R


@pytest.mark.parametrize(("rows", "columns"), [(3, 4), (4, 3), (1, 9), (9, 1), (2, 5)])
def test_every_board_of_a_shape_agrees_with_the_engine(rows: int, columns: int) -> None:
    solver = DomineeringSolver()  # one table for all the boards of the shape
    boards = _boards(rows, columns)
    for board in boards:
        assert solver.solve(board) == cgt.outcome(cgt.value(board)), board
    assert len(boards) == 2 ** (rows * columns)


def test_every_safe_move_verdict_is_the_searched_one() -> None:
    """The safe-move rule, checked alone: wherever it decides, the engine agrees."""
    decided = 0
    for board in _boards(3, 4) + _boards(4, 3):
        shape, empty = _layout(board)
        outcome = cgt.outcome(cgt.value(board))
        left_first = outcome in (cgt.Outcome.L, cgt.Outcome.N)
        right_first = outcome in (cgt.Outcome.R, cgt.Outcome.N)
        for vertical, truth in ((True, left_first), (False, right_first)):
            verdict = shape.settled(empty, vertical)
            if verdict is not None:
                decided += 1
                assert verdict == truth, (board, vertical)
    assert decided > 1000


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.data())
def test_mirror_images_share_a_key_and_an_outcome(
    rows: int, columns: int, data: st.DataObject
) -> None:
    cells = data.draw(
        st.lists(st.sampled_from(".#."), min_size=rows * columns, max_size=rows * columns)
    )
    text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
    images = _mirrors(text)
    keys = {_layout(image)[0].key(_layout(image)[1]) for image in images}
    assert len(keys) == 1
    assert len({solve_domineering(image) for image in images}) == 1
    assert solve_domineering(images[0]) == cgt.solve_outcome(images[0], generic=True)


def test_wide_boards_use_two_bytes_a_row() -> None:
    board = Domineering("#.........|..........")  # 10 columns: rows of 16 bits
    shape, empty = _layout(board)
    assert shape.step == 16
    assert solve_domineering(board) == cgt.outcome(cgt.value(board))
    _, mirrored = _layout(Domineering(".........#|.........."))
    assert shape.key(empty) == shape.key(mirrored)


def test_a_small_table_gives_the_same_answers() -> None:
    solver = DomineeringSolver(table_limit=64)
    assert solver.solve(rectangle(5, 5)) == cgt.Outcome.P
    assert solver.stats.table_drops > 0
    assert solver.stats.table_size <= 64  # a table for each board shape
    assert solver.solve(rectangle(4, 5)) == cgt.Outcome.L
    with pytest.raises(cgt.InvalidArgumentError):
        DomineeringSolver(table_limit=10)


def test_progress_and_ctrl_c_keep_the_table() -> None:
    reports: list[int] = []

    def stop(stats: cgt.SolverStats) -> None:
        reports.append(stats.nodes)
        raise KeyboardInterrupt

    solver = DomineeringSolver(progress=stop)
    solver._next_report = 0.0
    with pytest.raises(cgt.OutcomeInterrupted) as stopped:
        solver.solve(rectangle(6, 6))
    assert reports and stopped.value.stats.nodes >= 16384
    assert stopped.value.left_first is None and "interrupted" in str(stopped.value)
    kept = solver.stats.table_size
    assert kept > 0
    solver.progress = None
    assert solver.solve(rectangle(6, 6)) == cgt.Outcome.N  # published: first player wins


def test_save_and_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    solver = DomineeringSolver()
    solver.solve(rectangle(5, 5))
    path = tmp_path / "table.pkl"
    solver.save(path)
    again = DomineeringSolver()
    again.load(path)
    assert again.stats.table_size == solver.stats.table_size
    assert again.solve(rectangle(5, 5)) == cgt.Outcome.P
    assert again.stats.nodes == 0  # answered from the loaded table
    (tmp_path / "junk").write_bytes(b"not a pickle")
    with pytest.raises(cgt.CheckpointError):
        again.load(tmp_path / "junk")


def test_solve_outcome_picks_the_rulesets_solver() -> None:
    assert cgt.outcome_solver_for(rectangle(3, 3)) is DomineeringSolver
    assert cgt.outcome_solver_for(rectangle(3, 3), generic=True) is cgt.OutcomeSolver
    assert cgt.solve_outcome(rectangle(4, 5)) == cgt.solve_outcome(rectangle(4, 5), generic=True)
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.register_outcome_solver("Domineering", DomineeringSolver)  # type: ignore[arg-type]
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.register_outcome_solver(Domineering, "no colon")


def test_cli_names_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    board = "....|....|....|...."
    assert main(["outcome", "--game", "domineering", board, "--no-progress", "--json"]) == 0
    fast = json.loads(capsys.readouterr().out)
    assert (
        main(["outcome", "--game", "domineering", board, "--no-progress", "--json", "--generic"])
        == 0
    )
    generic = json.loads(capsys.readouterr().out)
    assert (fast["solver"], generic["solver"]) == ("domineering bit board", "generic")
    assert fast["outcome"] == generic["outcome"] == "N"


def test_bad_input_is_named() -> None:
    with pytest.raises(cgt.NotAPositionError):
        solve_domineering(".|.")  # type: ignore[arg-type]
