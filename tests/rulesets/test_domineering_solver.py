"""The bit-board Domineering solver against the engine and the generic outcome search."""

from __future__ import annotations

import itertools
import json
import os
import pickle
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.cli import main
from games.grid import domineering_solver
from games.grid.domineering import Domineering, rectangle
from games.grid.domineering_solver import (
    DomineeringSolver,
    _layout,
    kernel_status,
    solve_domineering,
)

needs_kernel = pytest.mark.skipif(
    kernel_status() != "compiled kernel", reason=f"no compiled kernel: {kernel_status()}"
)
both_searches = pytest.mark.parametrize(
    "compiled",
    [pytest.param(True, marks=needs_kernel, id="kernel"), pytest.param(False, id="python")],
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


@both_searches
@pytest.mark.parametrize(("rows", "columns"), [(3, 4), (4, 3), (1, 9), (9, 1), (2, 5)])
def test_every_board_of_a_shape_agrees_with_the_engine(
    rows: int, columns: int, compiled: bool
) -> None:
    solver = DomineeringSolver(compiled=compiled)  # one table for all the boards of the shape
    boards = _boards(rows, columns)
    for board in boards:
        assert solver.solve(board) == cgt.outcome(cgt.value(board)), board
    assert len(boards) == 2 ** (rows * columns)


@pytest.mark.parametrize(
    ("rows", "columns"), [(3, 4), (4, 3), (3, 5), (5, 3), (4, 4), (2, 8), (8, 2)]
)
def test_every_safe_move_verdict_is_the_searched_one(rows: int, columns: int) -> None:
    """The safe-move rule, checked alone on every board of a shape: wherever it decides, the
    engine agrees; the exposed dominoes (the ceil / floor halves) decide boards that the safe
    ones alone leave open."""
    decided = by_exposed = 0
    for board in _boards(rows, columns):
        shape, empty = _layout(board)
        outcome = cgt.outcome(cgt.value(board))
        left_first = outcome in (cgt.Outcome.L, cgt.Outcome.N)
        right_first = outcome in (cgt.Outcome.R, cgt.Outcome.N)
        safe_v, safe_h, most_v, most_h = shape.counts(empty)
        for vertical, truth in ((True, left_first), (False, right_first)):
            verdict = shape.settled(empty, vertical)
            if verdict is not None:
                decided += 1
                assert verdict == truth, (board, vertical)
                mine, theirs = (safe_v, most_h) if vertical else (safe_h, most_v)
                other_safe, my_most = (safe_h, most_v) if vertical else (safe_v, most_h)
                by_exposed += mine <= theirs and other_safe < my_most
    assert decided > 3000
    assert by_exposed > (0 if rows * columns < 15 else 500)


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
    # the transpose exchanges the players: on a square board it shares the table's entry
    transposed = Domineering(_transpose_text(text))
    assert solve_domineering(transposed) == _SWAPPED[solve_domineering(images[0])]
    if rows == columns:
        shape, empty = _layout(images[0])
        _, other = _layout(transposed)
        for vertical in (True, False):
            assert shape.table_key(empty, vertical) == shape.table_key(other, not vertical)


_SWAPPED = {
    cgt.Outcome.L: cgt.Outcome.R,
    cgt.Outcome.R: cgt.Outcome.L,
    cgt.Outcome.N: cgt.Outcome.N,
    cgt.Outcome.P: cgt.Outcome.P,
}


def _transpose_text(text: str) -> str:
    rows = text.split("|")
    return "|".join("".join(row[c] for row in rows) for c in range(len(rows[0])))


def test_the_bit_transpose_is_the_transpose() -> None:
    for text in ("..#|#..|...", ".#..|....|...#|#...", "#......|.......|..#....|......."):
        transposed = _transpose_text(text)
        assert (
            domineering_solver._transpose(_layout(Domineering(text))[1])
            == (_layout(Domineering(transposed))[1])
        )


def test_wide_boards_use_two_bytes_a_row() -> None:
    board = Domineering("#.........|..........")  # 10 columns: rows of 16 bits
    shape, empty = _layout(board)
    assert shape.step == 16
    assert solve_domineering(board) == cgt.outcome(cgt.value(board))
    _, mirrored = _layout(Domineering(".........#|.........."))
    assert shape.key(empty) == shape.key(mirrored)


@both_searches
def test_a_small_table_gives_the_same_answers(compiled: bool) -> None:
    solver = DomineeringSolver(table_limit=64, compiled=compiled)
    assert solver.solve(rectangle(5, 5)) == cgt.Outcome.P
    assert solver.stats.table_drops > 0
    assert solver.stats.table_size <= 64  # a table for each board shape
    assert solver.solve(rectangle(4, 5)) == cgt.Outcome.L
    with pytest.raises(cgt.InvalidArgumentError):
        DomineeringSolver(table_limit=10)


@both_searches
def test_progress_and_ctrl_c_keep_the_table(compiled: bool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    reports: list[int] = []
    monkeypatch.setattr(domineering_solver, "_KERNEL_BUDGET", 16384)

    def stop(stats: cgt.SolverStats) -> None:
        reports.append(stats.nodes)
        raise KeyboardInterrupt

    solver = DomineeringSolver(progress=stop, compiled=compiled)
    solver._next_report = 0.0
    with pytest.raises(cgt.OutcomeInterrupted) as stopped:
        solver.solve(rectangle(6, 6))
    assert reports and stopped.value.stats.nodes >= 16384
    assert stopped.value.left_first is None and "interrupted" in str(stopped.value)
    kept = solver.stats.table_size
    assert kept > 0
    solver.progress = None
    assert solver.solve(rectangle(6, 6)) == cgt.Outcome.N  # published: first player wins


@pytest.mark.parametrize(
    ("saver", "loader"),
    [
        pytest.param(True, True, marks=needs_kernel, id="kernel-kernel"),
        pytest.param(True, False, marks=needs_kernel, id="kernel-python"),
        pytest.param(False, True, marks=needs_kernel, id="python-kernel"),
        pytest.param(False, False, id="python-python"),
    ],
)
def test_save_and_load(tmp_path, saver: bool, loader: bool) -> None:  # type: ignore[no-untyped-def]
    """One file format for both searches: a table saved by one answers in the other."""
    solver = DomineeringSolver(compiled=saver)
    solver.solve(rectangle(5, 5))
    path = tmp_path / "table.pkl"
    solver.save(path)
    again = DomineeringSolver(compiled=loader)
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


@needs_kernel
@pytest.mark.parametrize(
    ("rows", "columns"), [(4, 4), (5, 5), (4, 6), (6, 4), (3, 8), (8, 3), (6, 6)]
)
def test_the_kernel_visits_exactly_the_positions_python_visits(rows: int, columns: int) -> None:
    """The compiled search is the pure-Python one rule for rule: with tables that never drop an
    entry, the same outcome after the same positions, settled nodes, table hits and entries."""
    found = []
    for compiled in (True, False):
        solver = DomineeringSolver(table_limit=None, compiled=compiled)
        outcome = solver.solve(rectangle(rows, columns))
        stats = solver.stats
        found.append((outcome, stats.nodes, stats.settled, stats.table_hits, stats.table_size))
    assert found[0] == found[1]
    assert found[0][1] > 0


@needs_kernel
def test_the_kernel_asked_again_after_each_budget_gives_the_same_answers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(domineering_solver, "_KERNEL_BUDGET", 50)
    reports: list[int] = []
    solver = DomineeringSolver(progress=lambda stats: reports.append(stats.nodes))
    assert solver.solve(rectangle(6, 6)) == cgt.Outcome.N
    assert solver.solve(rectangle(5, 6)) == cgt.solve_outcome(rectangle(5, 6), generic=True)
    assert reports  # progress between budgets
    plain = DomineeringSolver(table_limit=None, compiled=False)
    assert plain.solve(rectangle(6, 6)) == cgt.Outcome.N
    assert solver.stats.nodes > plain.stats.nodes  # the repeated paths were searched again


@needs_kernel
def test_a_pickled_solver_keeps_its_kernel_table() -> None:
    solver = DomineeringSolver()
    solver.solve(rectangle(5, 5))
    copy = pickle.loads(pickle.dumps(solver))
    assert copy.stats.table_size == solver.stats.table_size > 0
    nodes = copy.stats.nodes
    assert copy.solve(rectangle(5, 5)) == cgt.Outcome.P
    assert copy.stats.nodes == nodes  # answered from the table it carried


def test_without_the_kernel_the_python_search_answers() -> None:
    code = (
        "from games.grid.domineering import rectangle\n"
        "from games.grid.domineering_solver import kernel_status, solve_domineering\n"
        "print(kernel_status()); print(solve_domineering(rectangle(5, 6)).value)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "CGT_NO_KERNEL": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split("\n")[:2] == ["pure Python (turned off by CGT_NO_KERNEL)", "R"]


@needs_kernel
def test_a_small_table_and_a_small_budget_still_end(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each budget starts again from the root and a 64-entry table keeps little of it: the
    budget doubles from call to call, so the search ends (it looped before)."""
    monkeypatch.setattr(domineering_solver, "_KERNEL_BUDGET", 100)
    solver = DomineeringSolver(table_limit=64)
    assert solver.solve(rectangle(6, 6)) == cgt.Outcome.N
    assert solver.solve(rectangle(5, 6)) == cgt.Outcome.R


def test_runs_across_the_bytes_of_a_wide_row_count_whole() -> None:
    """Ten columns: a row is two bytes, and the run in columns 7-8 is one run (counting the
    bytes apart said Horizontal had no move there, and the solver answered L)."""
    board = Domineering("#######..|#######..")
    shape, empty = _layout(board)
    assert shape.horizontal_most(empty) == 2
    assert solve_domineering(board) == cgt.outcome(cgt.value(board)) == cgt.Outcome.N


@settings(max_examples=60, deadline=None)
@given(st.integers(9, 10), st.data())
def test_wide_boards_agree_with_the_engine(columns: int, data: st.DataObject) -> None:
    cells = data.draw(st.lists(st.sampled_from(".#.."), min_size=2 * columns, max_size=2 * columns))
    board = Domineering("|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(2)))
    outcome = cgt.outcome(cgt.value(board))
    assert solve_domineering(board) == outcome
    shape, empty = _layout(board)
    truths = (outcome in (cgt.Outcome.L, cgt.Outcome.N), outcome in (cgt.Outcome.R, cgt.Outcome.N))
    for vertical, truth in zip((True, False), truths, strict=True):
        assert shape.settled(empty, vertical) in (None, truth)


@both_searches
def test_a_square_board_answers_its_transpose_from_the_table(compiled: bool) -> None:
    board = Domineering("..#..|.....|#....|.....|...#.")
    solver = DomineeringSolver(table_limit=None, compiled=compiled)
    outcome = solver.solve(board)
    nodes = solver.stats.nodes
    assert solver.solve(Domineering(_transpose_text(str(board)))) == _SWAPPED[outcome]
    assert solver.stats.nodes == nodes  # both questions of the transpose were in the table
