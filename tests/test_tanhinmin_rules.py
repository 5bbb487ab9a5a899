"""Tanhinmin positions, validation, real cards, and the exact solver on hand-checked positions."""

from __future__ import annotations

import pytest

import cgt
from games.tanhinmin import (
    DrawError,
    InvalidCardError,
    InvalidPositionError,
    Position,
    Result,
    deck,
    exact_result,
    hand_from_cards,
    solve,
    solve_table,
    strength,
)
from games.tanhinmin.checks import hand_pairs, positions, shapes
from games.tanhinmin.solver import canonical


@pytest.mark.parametrize(
    ("mover", "other", "field", "c0", "c1", "error", "text"),
    [
        ((1, 0), (2,), 0, 0, 0, InvalidPositionError, "card 0"),
        ((1, -3), (2,), 0, 0, 0, InvalidPositionError, "card -3"),
        ((1, 2.5), (2,), 0, 0, 0, InvalidCardError, "must be an int"),
        ((True,), (2,), 0, 0, 0, InvalidCardError, "must be an int"),
        ("1 2", (2,), 0, 0, 0, InvalidCardError, "iterable of ints"),
        (5, (2,), 0, 0, 0, InvalidCardError, "iterable of ints"),
        ((1, 2), (2,), -1, 0, 0, InvalidPositionError, "the field is -1"),
        ((1, 2), (2,), 0, 2, 0, InvalidPositionError, "c0 = 2 is out of range"),
        ((1, 2), (2,), 0, -1, 0, InvalidPositionError, "c0 = -1"),
        ((1, 2), (2,), 0, 0, 1, InvalidPositionError, "c1 = 1 is out of range"),
        ((), (2,), 0, 0, 0, InvalidPositionError, "c0 = 0 is out of range"),
        ((1,), (2,), 0, "0", 0, InvalidCardError, "c0 must be an int"),
    ],
)
def test_bad_positions_are_rejected_with_a_clear_error(mover, other, field, c0, c1, error, text):
    with pytest.raises(error, match=text) as caught:
        Position(mover, other, field, c0, c1)
    assert isinstance(caught.value, cgt.CGTError)
    with pytest.raises(error):
        solve(mover, other, field, c0, c1)


def test_errors_are_value_or_type_errors():
    assert issubclass(InvalidPositionError, ValueError)
    assert issubclass(InvalidCardError, TypeError)


def test_position_sorts_hands_and_reports_playable_cards():
    s = Position([5, 1, 3, 3], (4, 2), field=2, c0=1)
    assert s.mover == (1, 3, 3, 5)
    assert s.playable == (3, 5)
    assert s.cards == 6
    assert s.args() == ((1, 3, 3, 5), (2, 4), 2, 1, 0)


def test_real_cards_follow_daifugo_order():
    assert [strength(c) for c in ("3", "4S", "10H", "J", "Qd", "K", "A", "2C", "JOKER")] == [
        1,
        2,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
    ]
    assert hand_from_cards(["2S", "3H", "♠A"]) == (1, 12, 13)
    assert len(deck()) == 52 and deck().count(13) == 4
    assert deck(jokers=1)[-1] == 14
    for bad in ("1", "11", "ZZ", "3SH", ""):
        with pytest.raises(InvalidPositionError, match="unknown card"):
            strength(bad)
    with pytest.raises(InvalidCardError):
        strength(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="jokers"):
        deck(jokers=-1)


def test_canonical_shape_keeps_only_the_order():
    assert canonical((10, 30, 30), (20,), 25) == ((1, 3, 3), (2,), 2)
    assert canonical((10,), (20,), 0) == ((1,), (2,), 0)
    assert canonical((10,), (20,), 99) == ((1,), (2,), 2)
    assert solve((10, 30, 50), (20, 40), 10) == solve((1, 3, 5), (2, 4), 1)


def test_hand_checked_positions():
    # One card each: the mover plays it (if playable) and wins.
    assert solve((1,), (5,)) is True
    assert solve((1,), (5,), field=1) is False  # must pass; the other plays 5
    # Figure 1 of seed 000: the mover wins under (0, 0) and under (1, 1).
    assert solve((1, 3, 5), (2, 4), 1) is True
    assert solve((1, 3, 5), (2, 4), 1, 1, 1) is True
    # {1,1} against {2}: whatever the mover plays, 2 answers and empties the other hand.
    assert exact_result((1, 1), (2,)) is Result.LOSS
    # A mover stuck below the field passes; the other then leads its strongest card.
    assert solve((1, 2), (3,), field=2) is False
    # Under (1, 0) the mover needs one card only.
    assert solve((1, 2), (3,), field=0, c0=1) is True


def test_the_solver_handles_the_pass_loop_and_finds_no_draw():
    # Empty field, both players could pass forever; the solver resolves the loop.
    table = solve_table((1, 1), (1, 1))
    assert table.draws() == []
    assert table.result(0, 0) is Result.WIN  # play 1; the other cannot beat it; play 1
    for s in shapes(6):
        assert solve_table(s.mover, s.other, s.field).draws() == []


def test_draw_error_is_a_cgt_error():
    assert issubclass(DrawError, cgt.CGTError)


def test_family_counts_every_shape_once():
    # Shapes with 2 cards: {1}|{1}, {1}|{2}, {2}|{1}, with fields 0..k.
    assert sorted((s.mover, s.other, s.field) for s in shapes(2)) == [
        ((1,), (1,), 0),
        ((1,), (1,), 1),
        ((1,), (2,), 0),
        ((1,), (2,), 1),
        ((1,), (2,), 2),
        ((2,), (1,), 0),
        ((2,), (1,), 1),
        ((2,), (1,), 2),
    ]
    seen = set()
    for mover, other, _ in hand_pairs(5):
        assert canonical(mover, other, 0) == (mover, other, 0)
        seen.add((mover, other))
    assert len(seen) == len(list(hand_pairs(5)))
    assert sum(1 for _ in positions(4)) == 972


def test_deep_game_needs_no_recursion():
    # The mover holds 700 twos, the other a single 1: play goes 2, pass, 2, pass, ... (over
    # 1,400 plies, beyond the default recursion limit of 1,000).
    n = 700
    assert solve((2,) * n, (1,)) is True
    assert solve((1,), (2,) * n) is True  # play the 1 and win at once
    assert solve((1, 1), (2,) * n, field=1) is False
