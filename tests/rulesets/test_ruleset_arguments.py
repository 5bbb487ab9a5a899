"""Issue 28, item 10: the ruleset helpers accepted nonsense (``rectangle(-1, 2)``, a bool, an amazon
placed at cell -1, which wrapped around) or failed with raw ``TypeError`` / ``IndexError``; huge
boards were neither refused nor bounded (``components()`` of a 10**6-cell strip ran over a
minute, ``rectangle(10**5, 10**5)`` ended in a raw ``MemoryError``).  Each now gives a named
error that says what is allowed, and a board of more than ``MAX_CELLS`` cells is refused before
any work on it: at once, in a small fraction of the memory the board would take."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

import pytest

import cgt
from games.grid import (
    BoardTooLargeError,
    Clobber,
    Domineering,
    Konane,
    ToadsAndFrogs,
    amazons,
    cram,
    domineering,
    konane,
    toads_and_frogs,
)
from games.grid._board import MAX_CELLS

_HELPERS = [domineering.rectangle, cram.rectangle]


@pytest.mark.parametrize("rectangle", _HELPERS)
@pytest.mark.parametrize(
    ("rows", "columns", "error", "says"),
    [
        (None, 2, cgt.WrongTypeError, r"rows is a whole number \(an int\) >= 0; got None"),
        (True, 2, cgt.WrongTypeError, r"rows is a whole number \(an int\) >= 0; got True \(bool\)"),
        (2.0, 2, cgt.WrongTypeError, r"rows .* got 2\.0 \(float\)"),
        ("2", 2, cgt.WrongTypeError, r"rows .* got '2' \(str\)"),
        (-1, 2, cgt.InvalidArgumentError, r"rows is a whole number >= 0; got -1"),
        (2, -3, cgt.InvalidArgumentError, r"columns is a whole number >= 0; got -3"),
        (10**5, 10**5, BoardTooLargeError, r"10,000,000,000 cells .* the 10,000 cells"),
        (101, 100, BoardTooLargeError, r"10,100 cells"),
    ],
)
def test_rectangle_arguments(rectangle, rows, columns, error, says) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=says):
        rectangle(rows, columns)


@pytest.mark.parametrize("rectangle", _HELPERS)
def test_rectangles_that_are_boards(rectangle) -> None:  # type: ignore[no-untyped-def]
    assert str(rectangle(0, 5)) == str(rectangle(5, 0)) == ""
    assert str(rectangle(2, 3)) == "...|..."
    assert rectangle(100, 100).bits.height == 100  # the largest board accepted


@pytest.mark.parametrize(
    ("args", "error", "says"),
    [
        ((2, 2, -1), cgt.InvalidArgumentError, r"at is a whole number >= 0; got -1"),
        ((2, 2, 4), cgt.InvalidArgumentError, r"at is a cell of the 2 x 2 board, 0 to 3"),
        ((0, 2, 0), cgt.InvalidArgumentError, r"rows is a whole number >= 1; got 0"),
        ((2, None, 0), cgt.WrongTypeError, r"columns is a whole number"),
        ((2, 2, 1.0), cgt.WrongTypeError, r"at is a whole number"),
        ((10**4, 10**4, 0), BoardTooLargeError, r"100,000,000 cells"),
    ],
)
def test_lone_amazon_arguments(args, error, says) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=says):
        amazons.lone_amazon(*args)


def test_lone_amazon_on_each_cell_and_facing_amazons() -> None:
    assert [str(amazons.lone_amazon(2, 2, at)) for at in range(4)] == [
        "x.|..",
        ".x|..",
        "..|x.",
        "..|.x",
    ]
    with pytest.raises(cgt.InvalidArgumentError, match="between is a whole number >= 0; got -1"):
        amazons.facing_amazons(0, -1, 0)
    with pytest.raises(BoardTooLargeError):
        amazons.facing_amazons(0, MAX_CELLS, 0)
    assert str(amazons.facing_amazons(0, 0, 0)) == "xo"


@pytest.mark.parametrize(
    ("build", "stones", "error", "says"),
    [
        (konane.solid_line, -1, cgt.InvalidArgumentError, r"stones is a whole number >= 0; got -1"),
        (konane.solid_line, None, cgt.WrongTypeError, r"stones is a whole number \(an int\)"),
        (konane.solid_line, 10**12, BoardTooLargeError, r"1,000,000,000,000 cells"),
        (konane.tailed_line, 1, cgt.InvalidArgumentError, r"stones is a whole number >= 2; got 1"),
        (konane.offset_tailed_line, 0, cgt.InvalidArgumentError, r">= 1; got 0"),
        (konane.tailed_line, MAX_CELLS // 6, BoardTooLargeError, r"cells"),  # 6 rows
    ],
)
def test_konane_lines_arguments(build, stones, error, says) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=says):
        build(stones)


def test_konane_three_lines_and_the_smallest_lines() -> None:
    with pytest.raises(cgt.WrongTypeError, match="c is a whole number"):
        konane.three_lines(0, 1, "a")  # type: ignore[arg-type]
    assert str(konane.solid_line(0)) == ".."
    assert cgt.value(konane.tailed_line(2)) == cgt.STAR  # the smallest line the formula covers
    assert cgt.value(konane.offset_tailed_line(1)) == cgt.ZERO


def test_toads_and_frogs_strips() -> None:
    with pytest.raises(BoardTooLargeError, match="a strip of 1,000,000 cells"):
        toads_and_frogs.family(10**6, 0, 0)
    with pytest.raises(BoardTooLargeError, match="a strip of 10,001 cells"):
        ToadsAndFrogs("T" * (MAX_CELLS + 1))
    assert len(ToadsAndFrogs("T." * (MAX_CELLS // 2)).board) == MAX_CELLS


@pytest.mark.parametrize(
    "make", [Domineering, Clobber, Konane, lambda text: Domineering(text.replace(".", "#"))]
)
def test_huge_board_strings_are_refused_before_any_work(make) -> None:  # type: ignore[no-untyped-def]
    text = "|".join(["." * 1000] * 1000)  # 10**6 cells
    start = time.perf_counter()
    with pytest.raises(BoardTooLargeError, match="a board of 1,000,000 cells"):
        make(text)
    assert time.perf_counter() - start < 5  # a refusal, not a minute of work


def test_the_largest_board_still_splits_into_its_parts() -> None:
    strip = Clobber("xo" * (MAX_CELLS // 2))
    assert strip.components() == (strip,)
    blocked = Domineering("|".join([".#" * 50] * 100))  # 5,000 single cells: no region
    assert len(str(blocked)) == 100 * 100 + 99


_MEMORY = textwrap.dedent(
    """
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB; 1e5 x 1e5 needs 10
    import cgt
    from games.grid import domineering, cram, konane, BoardTooLargeError
    for call in (lambda: domineering.rectangle(10**5, 10**5), lambda: cram.rectangle(10**6, 10**6),
                 lambda: konane.solid_line(10**10)):
        try:
            call()
        except BoardTooLargeError:
            print("refused")
    """
)


def test_huge_boards_are_refused_within_a_memory_bound() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _MEMORY], capture_output=True, text=True, timeout=120
    )
    assert run.stdout.split() == ["refused"] * 3, run.stderr[-1500:]
