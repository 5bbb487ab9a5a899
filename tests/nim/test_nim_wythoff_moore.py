"""Wythoff's and Moore's closed forms, and sums across variants, against the recursion."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.nim import (
    InvalidRulesError,
    MooreNim,
    Nim,
    Wythoff,
    is_moore_p_position,
    is_wythoff_p_position,
    octal,
    subtraction,
    wythoff_grundy_table,
    wythoff_pair,
)


def test_wythoff_p_positions_on_a_30_by_30_board():
    table = wythoff_grundy_table(30)
    for x, y in product(range(30), repeat=2):
        assert (table[x][y] == 0) == is_wythoff_p_position(x, y), (x, y)
    assert all(table[x][y] == table[y][x] for x, y in product(range(30), repeat=2))
    assert table[0] == list(range(30))  # a single heap is a Nim heap
    assert table[1][:6] == [1, 2, 0, 4, 5, 3]


def test_wythoff_pairs_are_complementary_beatty_sequences():
    pairs = [wythoff_pair(k) for k in range(1, 3000)]
    firsts = {a for a, _ in pairs}
    seconds = {b for _, b in pairs}
    assert not firsts & seconds
    limit = pairs[-1][0]
    assert set(range(1, limit)) <= firsts | seconds


@given(st.integers(1, 10**40))
def test_wythoff_pair_is_exact_for_huge_k(k):
    a, b = wythoff_pair(k)
    # a = floor(k*phi) <=> (2a - k)**2 < 5 k**2 < (2a - k + 2)**2, in integers.
    assert (2 * a - k) ** 2 < 5 * k * k < (2 * a - k + 2) ** 2
    assert b == a + k


def test_moore_nim_criterion_against_the_recursion():
    for k in (1, 2, 3):
        for count in range(1, 5):
            for heaps in product(range(4), repeat=count):
                position = MooreNim(heaps, k)
                assert position.is_p_position() == cgt.is_p_position(position), (heaps, k)


def test_moore_with_k_1_is_nim():
    for heaps in product(range(5), repeat=3):
        assert cgt.grundy(MooreNim(heaps, 1)) == cgt.grundy(Nim(heaps))
        assert is_moore_p_position(heaps, 1) == (Nim(heaps).grundy() == 0)


def test_sums_across_variants_equal_the_xor_of_closed_forms():
    s23, kayles = subtraction({2, 3}), octal("0.77")
    for i, j, k, x, y in product(range(3), repeat=5):
        position = cgt.Sum(Nim((i,)), s23.position(j), kayles.position(k), Wythoff(x, y))
        expected = i ^ s23.grundy(j) ^ kayles.grundy(k) ^ cgt.grundy(Wythoff(x, y))
        assert cgt.grundy(position, decompose=False) == expected


def test_bad_inputs():
    with pytest.raises(InvalidRulesError):
        Wythoff(-1, 2)
    with pytest.raises(TypeError):
        Wythoff(1.0, 2)
    with pytest.raises(InvalidRulesError, match="at least 1"):
        MooreNim((1, 2), 0)
    with pytest.raises(TypeError):
        is_moore_p_position((1, 2), k="2")
