"""Positions of every ruleset take part in disjunctive sums with ``+``: with each other, with
positions of other rulesets, and with `cgt.Game` values on either side; the value of a sum is
the sum of the values (checked against the sum's own game tree, ``decompose=False``)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

import cgt
from games.grid import Amazons, Clobber, Col, Cram, Domineering, Konane, Snort, ToadsAndFrogs
from games.hackenbush import Hackenbush
from games.sevens.game import Suit
from games.tanhinmin import PartizanTanhinmin

PARTIZAN: dict[str, list[Any]] = {
    "domineering": [Domineering(b) for b in ("..", ".|.", "..|..", "...", ".#.|...")],
    "clobber": [Clobber(b) for b in ("xo", "xxo", "x.o|ox.", "xoxo")],
    "konane": [Konane(b) for b in ("xo.", ".ox", "xo..|....")],
    "snort": [Snort(b) for b in ("..", "x..", "...|.o.")],
    "col": [Col(b) for b in ("..", ".x.", "..|..")],
    "amazons": [Amazons(b) for b in ("x..", "x.o", "x.|.o")],
    "toads and frogs": [ToadsAndFrogs(b) for b in ("t.f", "t..f", "tt.f.")],
    "hackenbush": [Hackenbush(s) for s in ("L", "LR", "LR G", "RRL")],
    "sevens": [Suit(s) for s in ("0LR", "0L2R", "0RLL")],
    "tanhinmin": [PartizanTanhinmin((1, 3), (2,), field=0), PartizanTanhinmin((2,), (1, 3))],
}


@pytest.mark.parametrize("name", sorted(PARTIZAN))
def test_sums_within_a_ruleset(name: str) -> None:
    positions = PARTIZAN[name]
    for a, b in product(positions, repeat=2):
        total = a + b
        assert isinstance(total, cgt.Sum) and total.components == (a, b)
        assert cgt.value(total) == cgt.value(a) + cgt.value(b)
        assert cgt.value(total, decompose=False) == cgt.value(a) + cgt.value(b)


@pytest.mark.parametrize("name", sorted(PARTIZAN))
def test_sums_with_games_on_either_side(name: str) -> None:
    for position in PARTIZAN[name]:
        for game in (cgt.Game(1), cgt.Game("{1|-1}"), cgt.UP, cgt.Game("-1/2")):
            expected = cgt.value(position) + game
            assert cgt.value(position + game) == expected
            assert cgt.value(game + position) == expected
            assert cgt.value(position + game, decompose=False) == expected


def test_sums_across_rulesets() -> None:
    mixed = Domineering("..|..") + Clobber("xo") + Hackenbush("LR") + ToadsAndFrogs("t.f")
    assert len(mixed.components) == 4
    parts = [Domineering("..|.."), Clobber("xo"), Hackenbush("LR"), ToadsAndFrogs("t.f")]
    assert cgt.value(mixed) == sum((cgt.value(p) for p in parts), cgt.Game(0))
    assert cgt.value(mixed, decompose=False) == cgt.value(mixed)


def test_cram_sums_follow_the_xor_law() -> None:
    boards = [Cram(b) for b in ("..", "...", "..|..", "...|...", ".#..")]
    for a, b in product(boards, repeat=2):
        assert cgt.grundy(a + b) == cgt.grundy(a) ^ cgt.grundy(b)
        assert cgt.grundy(a + b, decompose=False) == cgt.grundy(a) ^ cgt.grundy(b)


def test_numbers_and_the_builtin_sum() -> None:
    board = Domineering("..|..")
    assert cgt.value(board + 1) == cgt.value(1 + board) == cgt.Game("{2|0}")
    assert cgt.value(board + Fraction(1, 2)) == cgt.Game("{3/2|-1/2}")
    assert board + 0 is board and 0 + board is board
    strips = [ToadsAndFrogs("t.f"), ToadsAndFrogs("t..f"), ToadsAndFrogs("tt.f.")]
    assert cgt.value(sum(strips)) == sum((cgt.value(s) for s in strips), cgt.Game(0))
    with pytest.raises(cgt.NotAPositionError, match=r"cannot add 'x' \(type str\) to"):
        board + "x"
    with pytest.raises(cgt.NotAPositionError, match="float"):
        0.5 + board
