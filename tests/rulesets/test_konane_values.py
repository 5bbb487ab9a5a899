"""Konane: published 1 x n and tailed-line values (Ernst; Chan and Tsai), registered as claims
with `cgt verify`, checked against the recursion here and against cgt-py where it is fast."""

import pytest
from grid_support import from_cgt_py

import cgt
from games.grid.konane import Konane, offset_tailed_line, solid_line, tailed_line, three_lines


def game(text: str) -> cgt.Game:
    return cgt.parse(text)


def konane_claims() -> dict[str, cgt.Claim]:
    return {c.claim: c for c in cgt.claims() if c.game == "Konane"}


def test_the_families_are_the_pictured_boards():
    assert solid_line(4) == Konane(".xoxo.")
    assert str(tailed_line(3)) == "....|....|.xo.|.o..|....|...."
    assert str(offset_tailed_line(3)) == ".....|..ox.|.o...|....."
    assert three_lines(1, 0, 2) == Konane(".oxo.o.oxoxo.")


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "0"), (2, "*"), (3, "-1"), (4, "0"), (5, "-2"), (6, "*"), (7, "-3"), (8, "0"), (13, "-6")],
)
def test_solid_lines(n, expected):
    assert cgt.value(solid_line(n)) == game(expected)


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (2, "*"),
        (3, "*"),
        (4, "{*|v}"),
        (5, "{1|*}"),
        (6, "{0|-1}"),  # the restated formula says {*|-1}
        (7, "{2|0}"),
        (8, "{*|-2}"),
        (9, "{3|*}"),
        (10, "{0|-3}"),
        (11, "{4|0}"),
    ],
)
def test_lines_with_a_tail(n, expected):
    assert cgt.value(tailed_line(n)) == game(expected)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "0"), (2, "0"), (3, "v"), (4, "1"), (5, "*"), (6, "2"), (7, "0"), (9, "*"), (10, "4")],
)
def test_lines_with_an_offset_tail(n, expected):
    assert cgt.value(offset_tailed_line(n)) == game(expected)


def test_three_lines_are_worth_the_sum_of_their_halves():
    assert cgt.value(three_lines(2, 1, 0)) == cgt.Game(3)
    assert cgt.value(three_lines(1, 1, 1)) == cgt.Game(3)
    # the room at the ends matters: without it the same three lines are worth 0, not 3
    assert cgt.value(Konane("oxo.oxo.oxo")) == cgt.ZERO


def test_the_families_agree_with_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    boards = [solid_line(n) for n in range(9)]
    boards += [tailed_line(n) for n in range(2, 8)]
    boards += [offset_tailed_line(n) for n in range(1, 8)]
    boards += [three_lines(1, 0, 1), three_lines(0, 2, 0)]
    for board in boards:
        expected = from_cgt_py(cgt_py.Konane(str(board)).canonical_form)
        assert cgt.value(board) == expected, board


def test_claims_are_registered_with_their_status():
    mine = konane_claims()
    assert len(mine) == 5
    rows = {text: claim.run(quick=True) for text, claim in mine.items()}
    statuses = sorted(row.status for row in rows.values())
    assert statuses == ["holds"] * 4 + ["refuted"]
    (refuted,) = (row for row in rows.values() if row.status == "refuted")
    assert refuted.result.counterexample == tailed_line(6)
    assert all(row.result.checked >= 5 for row in rows.values())
