"""Amazons: territories of a lone amazon, a defective one, and two amazons facing on a strip,
registered as claims with `cgt verify`; checked against the recursion and cgt-py."""

import pytest
from grid_support import from_cgt_py

import cgt
from games.grid.amazons import Amazons, facing_amazons, lone_amazon


def test_the_families_are_the_described_boards():
    assert lone_amazon(1, 4, 2) == Amazons("..x.")
    assert lone_amazon(2, 2, 3) == Amazons("..|.x")
    assert facing_amazons(2, 0, 1) == Amazons("..xo.")


@pytest.mark.parametrize(("rows", "columns"), [(1, 1), (1, 5), (2, 1), (2, 4), (3, 3)])
def test_a_lone_amazon_in_a_rectangle_burns_every_cell(rows, columns):
    for at in range(rows * columns):
        assert cgt.value(lone_amazon(rows, columns, at)) == cgt.Game(rows * columns - 1)


def test_a_defective_territory_is_worth_less_than_its_cells():
    assert cgt.value(Amazons(".#.|#x#")) == cgt.Game(1)  # two empty cells
    assert cgt.value(Amazons(".#.|.x.")) == cgt.Game(4)  # filled in: no defect


@pytest.mark.parametrize(
    ("c", "a", "b", "expected"),
    [
        (0, 0, 0, "0"),
        (2, 0, 1, "1"),
        (0, 1, 0, "*"),
        (3, 1, 1, "2*"),
        (0, 2, 0, "±1"),
        (1, 3, 0, "{3|-1}"),
        (0, 4, 2, "{1|-5}"),
        (2, 5, 2, "±4"),
    ],
)
def test_two_amazons_facing_on_a_strip(c, a, b, expected):
    assert cgt.value(facing_amazons(c, a, b)) == cgt.parse(expected)


def test_the_families_agree_with_cgt_py():
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    boards = [lone_amazon(2, 3, at) for at in range(6)] + [lone_amazon(1, 5, 2)]
    boards += [facing_amazons(c, a, b) for c in range(3) for a in range(4) for b in range(3)]
    boards += [Amazons(".#.|#x#")]
    for board in boards:
        expected = from_cgt_py(cgt_py.Amazons(str(board)).canonical_form)
        assert cgt.value(board) == expected, board


def test_claims_are_registered_with_their_status():
    mine = {c.claim: c for c in cgt.claims() if c.game == "Amazons"}
    assert len(mine) == 3
    rows = [claim.run(quick=True) for claim in mine.values()]
    assert sorted(row.status for row in rows) == ["holds", "holds", "refuted"]
    (refuted,) = (row for row in rows if row.status == "refuted")
    assert refuted.result.counterexample == Amazons(".#.|#x#")
    assert all(row.result.checked >= 30 for row in rows)
