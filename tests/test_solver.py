"""The outcome solver against `cgt.outcome` of `cgt.value`, on every small board of several
rulesets, on sums, and with every part small or none (the search alone)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid._board import all_boards
from games.grid.clobber import Clobber
from games.grid.cram import Cram
from games.grid.domineering import Domineering, rectangle
from games.grid.konane import Konane


def _agrees(position: object, small: int) -> None:
    expected = cgt.outcome(cgt.value(position))
    assert cgt.OutcomeSolver(small=small).solve(position) is expected, position


@pytest.mark.parametrize("small", [0, 4, 12])
def test_every_domineering_board_up_to_9_cells(small: int) -> None:
    for board in all_boards(".#", 9, 3, 3):
        _agrees(Domineering(board), small)


def test_domineering_rectangles() -> None:
    for rows, columns in itertools.product(range(1, 5), range(1, 5)):
        _agrees(rectangle(rows, columns), 6)
    _agrees(rectangle(3, 5), 0)  # the search alone, no part valued


@pytest.mark.parametrize("small", [0, 6])
def test_every_clobber_board_up_to_8_cells(small: int) -> None:
    for board in all_boards("xo.", 8, 2, 4):
        _agrees(Clobber(board), small)


def test_cram_and_konane() -> None:
    for board in all_boards(".#", 8, 2, 4):
        _agrees(Cram(board), 3)
    for board in ("xoxo|oxox", "xo.x|ox.o", "x.xo|oxox|xoxo"):
        _agrees(Konane(board), 0)


def test_sums_and_values() -> None:
    a, b = rectangle(2, 3), rectangle(3, 2)  # negatives of each other: they cancel
    assert cgt.solve_outcome(a + b) is cgt.Outcome.P
    assert cgt.OutcomeSolver(small=0).solve(a + b) is cgt.Outcome.P
    for extra in ("1", "-1/2", "*", "^", "{2|-1}"):
        position = a + cgt.Game(extra)
        _agrees(position, 0)
        _agrees(position, 12)
    assert cgt.solve_outcome(cgt.Game("{1|-1}")) is cgt.Outcome.N


games = st.recursive(
    st.sampled_from([cgt.Game(0), cgt.Game(1), cgt.Game(-1), cgt.STAR, cgt.UP, cgt.Game("1/2")]),
    lambda inner: st.builds(
        lambda a, b: cgt.Game(left=a, right=b),
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3),
    ),
    max_leaves=10,
)


@given(games, st.sampled_from(["..|..", "...|...", "..#|...", ".|.|.", "...."]))
@settings(max_examples=60, deadline=None)
def test_a_board_plus_a_game(g: cgt.Game, board: str) -> None:
    _agrees(Domineering(board) + g, 0)


def test_statistics_and_errors() -> None:
    solver = cgt.OutcomeSolver(small=0)
    assert solver.solve(rectangle(3, 4)) is cgt.Outcome.R
    assert solver.stats.nodes > 0 and solver.stats.table_size > 0
    nodes = solver.stats.nodes
    assert solver.solve(rectangle(3, 4)) is cgt.Outcome.R  # from the table
    assert solver.stats.nodes == nodes and solver.stats.table_hits > 0
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.OutcomeSolver(small=-1)
    with pytest.raises(cgt.NotAPositionError):
        cgt.solve_outcome(3)


def test_progress_is_reported() -> None:
    seen: list[int] = []
    solver = cgt.OutcomeSolver(small=0, progress=lambda stats: seen.append(stats.nodes))
    solver._last_report = -1e9  # report at the first chance
    solver.solve(rectangle(4, 5))
    assert seen[0] == 64
