"""Nim: Bouton's xor rule and the winning moves, against the generic recursion."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.nim import InvalidRulesError, Nim, nim_sum


def all_positions(heaps, size):
    for count in range(heaps + 1):
        for sizes in product(range(size + 1), repeat=count):
            yield Nim(sizes)


def test_xor_rule_on_every_position_up_to_four_heaps_of_seven():
    checked = 0
    for position in all_positions(4, 7):
        assert position.grundy() == cgt.grundy(position), position
        checked += 1
    assert checked == 1 + 8 + 8**2 + 8**3 + 8**4


def test_winning_moves_are_exactly_the_moves_to_p_positions():
    for position in all_positions(3, 7):
        listed = {move.result for move in position.winning_moves()}
        assert listed == {o for o in position.options() if cgt.grundy(o) == 0}
        for move in position.winning_moves():
            assert move.result.heaps[move.index] == move.after < move.before


def test_known_position_3_5_7():
    position = Nim((3, 5, 7))
    assert position.grundy() == 1
    assert [(m.index, m.before, m.after) for m in position.winning_moves()] == [
        (0, 3, 2),
        (1, 5, 4),
        (2, 7, 6),
    ]
    assert Nim((1, 2, 3)).winning_moves() == ()


@given(st.lists(st.integers(0, 12), max_size=3))
def test_xor_rule_random(heaps):
    position = Nim(heaps)
    assert position.grundy() == cgt.grundy(position) == nim_sum(heaps)


def test_positions_add_into_sums():
    assert cgt.grundy(Nim((3,)) + Nim((5,)), decompose=False) == 6


@pytest.mark.parametrize(
    ("heaps", "error"),
    [(3, TypeError), ("357", TypeError), ((1, -2), InvalidRulesError), ((1.5,), TypeError),
     ((True,), TypeError)],
)  # fmt: skip
def test_bad_heaps_are_rejected(heaps, error):
    with pytest.raises(error):
        Nim(heaps)


def test_invalid_rules_error_is_a_cgt_error_and_value_error():
    with pytest.raises(cgt.CGTError, match="non-negative"):
        Nim((-1,))
    with pytest.raises(ValueError):
        Nim((-1,))
