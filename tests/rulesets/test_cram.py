"""Cram: every small board against pycgt, the 2 x n and 1 x n closed forms, the protocol."""

import pytest
from grid_support import boards, check_protocol, from_pycgt

import cgt
from games.grid.cram import BoardError, Cram, rectangle

SMALL = list(boards(".#", 3, 3, 9)) + list(boards(".#", 2, 4, 8))


def test_every_small_board_matches_pycgt():
    pycgt = pytest.importorskip("pycgt.rulesets.cram", reason="pycgt is not installed")
    for board in SMALL:
        ours = cgt.value(Cram(board))
        assert ours == from_pycgt(pycgt.parse(board.replace("|", "\n"))), board
        assert ours == cgt.parse(f"*{cgt.grundy(Cram(board))}")


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Cram(board))


def test_normal_form_uses_all_eight_symmetries_and_never_negates():
    images = {Cram(b).normal_form() for b in ("..#|...", "...|..#", "#.|..|..", ".#|..|..")}
    assert images == {(Cram("#..|..."), False)}


@pytest.mark.parametrize(
    ("rows", "columns", "grundy"),
    [
        (1, 1, 0),
        (1, 2, 1),
        (1, 3, 1),
        (1, 4, 2),
        (2, 2, 0),
        (2, 3, 1),
        (3, 3, 0),
        (3, 4, 1),
        (2, 5, 1),
    ],
)
def test_rectangles(rows, columns, grundy):
    # 2 x n: 0 for even n (symmetry), 1 for odd n; 3 x 3 = 0 by the point symmetry.
    assert cgt.grundy(rectangle(rows, columns)) == grundy
    assert cgt.grundy(rectangle(columns, rows)) == grundy


def test_claims_are_registered_and_hold_quickly():
    claims = {c.claim: c for c in cgt.claims() if c.game == "Cram"}
    assert set(claims) == {
        "2 x n: Grundy value 0 for even n, 1 for odd n",
        "1 x n: Dawson's Kayles (octal 0.07)",
        "m x n with m and n even: Grundy value 0",
    }
    for claim in claims.values():
        run = claim.run(quick=True)
        assert run.status == "holds" and run.result.checked > 2, claim.claim


def test_moves_and_errors():
    assert Cram("...").options() == (Cram("##."), Cram(".##"))
    assert Cram(".|.").options() == (Cram("#|#"),)
    with pytest.raises(BoardError, match="unexpected 'x'"):
        Cram("x.")
