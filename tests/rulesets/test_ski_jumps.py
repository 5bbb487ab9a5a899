"""Ski Jumps: the Winning Ways values, every small board against the plain recursion (with the
normal form), the jump rule, and the shortcut of cgt-tools that does not hold."""

import itertools

import pytest
from grid_support import check_protocol, plain_value
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.ski_jumps import BoardError, SkiJumps

# Winning Ways positions, with the values cgt-tools' tests give for them
WINNING_WAYS = [
    ("...L....|..R.....|........", "2"),
    ("........|...l....|.......R|........|......L.", "-1"),
    (".L...|.R...|.....", "5/2"),
    ("...R.|...L.|.....", "-5/2"),
    ("L....|....R|.....", "1/2"),
    ("L....|R....|.....", "9/2"),
    ("L....|....R|l....", "5"),
]


@pytest.mark.parametrize(("board", "value"), WINNING_WAYS)
def test_winning_ways_positions(board: str, value: str) -> None:
    assert cgt.value(SkiJumps(board)) == cgt.parse(value)


def _boards(rows: int, columns: int):
    for cells in itertools.product(".LlRr", repeat=rows * columns):
        text = "".join(cells)
        yield "|".join(text[r * columns : (r + 1) * columns] for r in range(rows))


def test_every_small_board_against_the_plain_recursion() -> None:
    checked = 0
    for rows, columns in [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (3, 1), (4, 1)]:
        for board in _boards(rows, columns):
            check_protocol(SkiJumps(board))
            checked += 1
    assert checked == 5 + 25 + 125 + 625 + 625 + 125 + 625


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(1, 3), st.data())
def test_random_boards(rows: int, columns: int, data: st.DataObject) -> None:
    cells = data.draw(st.text(".....LlRr", min_size=rows * columns, max_size=rows * columns))
    board = "|".join(cells[r * columns : (r + 1) * columns] for r in range(rows))
    position = SkiJumps(board)
    assert check_protocol(position) == cgt.value(position)


def test_the_jump() -> None:
    # a jumper jumps over the opponent below onto the empty square under it; the one jumped
    # over becomes a slipper
    assert SkiJumps("L|R|.").left_options() == (SkiJumps(".|R|."), SkiJumps(".|r|L"))
    assert SkiJumps("l|R|.").left_options() == (SkiJumps(".|R|."),)  # a slipper cannot jump
    assert SkiJumps("L|R").left_options() == (SkiJumps(".|R"),)  # no square to land on
    assert SkiJumps("L|r|R").left_options() == (SkiJumps(".|r|R"),)  # the landing is taken
    assert SkiJumps("L|L|.").left_options() == (SkiJumps(".|L|."), SkiJumps("L|.|."))


def test_cgt_tools_shortcut_does_not_hold() -> None:
    """cgt-tools values a board where no jumper has an opponent anywhere in the row below as
    the difference of the skiers' distances off the board (sum of width - x for Left, x + 1
    for Right).  Skiers of one row block each other, so it fails; the smallest
    counterexample has three squares."""

    def shortcut(board: str) -> int:
        rows = board.split("|")
        width = len(rows[0])
        return sum(
            width - x if c in "Ll" else -(x + 1) for r in rows for x, c in enumerate(r) if c != "."
        )

    for board, value in [(".LR", "0"), ("L.R", "*"), ("LLR", "0")]:
        assert cgt.value(SkiJumps(board)) == cgt.parse(value) != cgt.Game(shortcut(board))
    for columns in (1, 2):  # one row (no jumps): every board of one or two squares fits it
        for board in _boards(1, columns):
            assert cgt.value(SkiJumps(board)) == cgt.Game(shortcut(board)), board
    assert plain_value(SkiJumps(".LR")) == cgt.ZERO


def test_bad_boards_are_named() -> None:
    for board in ("LX", "L.|.", 5):
        with pytest.raises((BoardError, cgt.WrongTypeError)):
            SkiJumps(board)  # type: ignore[arg-type]
