"""Nimbers: mex, nim-addition, nim-multiplication and the field axioms."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt import Nimber, mex, nim_inverse, nim_multiply

BELOW_2_16 = st.integers(min_value=0, max_value=2**16 - 1)
NIMBERS = BELOW_2_16.map(Nimber)


def test_mex_edge_cases():
    assert mex([]) == 0
    assert mex([1, 2, 3]) == 0
    assert mex([0, 1, 2]) == 3
    assert mex([0, 0, 2, 2]) == 1
    assert mex(range(1000)) == 1000
    assert mex(x for x in [3, 0, 1]) == 2


def test_mex_rejects_bad_values():
    with pytest.raises(ValueError, match="-1"):
        mex([0, -1])
    with pytest.raises(TypeError, match="non-negative integers"):
        mex([0, "1"])


def _multiplication_table(size):
    """Nim-products straight from Conway's mex definition."""
    table = {}
    for a in range(size):
        for b in range(size):
            table[a, b] = mex(
                table[a2, b] ^ table[a, b2] ^ table[a2, b2] for a2 in range(a) for b2 in range(b)
            )
    return table


def test_multiplication_matches_the_mex_definition():
    table = _multiplication_table(40)
    assert {key: nim_multiply(*key) for key in table} == table


def test_published_products():
    # Conway, On Numbers and Games, ch. 6: Fermat 2-powers square to 3/2 of themselves.
    assert Nimber(2) * Nimber(2) == Nimber(3)
    assert Nimber(4) * Nimber(4) == Nimber(6)
    assert Nimber(16) * Nimber(16) == Nimber(24)
    assert Nimber(256) * Nimber(256) == Nimber(384)
    assert nim_multiply(2**32, 2**32) == 3 * 2**31
    assert nim_multiply(2**64, 2**64) == 3 * 2**63
    # The 4x4 table of the field with four elements.
    assert [[nim_multiply(a, b) for b in range(4)] for a in range(4)] == [
        [0, 0, 0, 0],
        [0, 1, 2, 3],
        [0, 2, 3, 1],
        [0, 3, 1, 2],
    ]


def test_addition_is_xor_and_printing():
    assert Nimber(3) + Nimber(5) == Nimber(6)
    assert Nimber(7) - Nimber(7) == Nimber(0)
    assert -Nimber(5) == Nimber(5)
    assert repr(Nimber(6)) == "*6" and str(Nimber(0)) == "*0"
    assert int(Nimber(9)) == 9
    assert {Nimber(2), Nimber(2), Nimber(3)} == {Nimber(2), Nimber(3)}


def test_nimber_validation():
    with pytest.raises(ValueError):
        Nimber(-1)
    with pytest.raises(TypeError):
        Nimber(1.5)
    with pytest.raises(TypeError):
        Nimber(True)
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / Nimber(0)


def test_64_bit_products_are_fast_and_consistent():
    rng = random.Random(7)
    for _ in range(300):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert nim_multiply(a, b) == nim_multiply(b, a)
        assert nim_multiply(a, b ^ c) == nim_multiply(a, b) ^ nim_multiply(a, c)
        assert nim_multiply(a, b) < 2**64
    x = rng.getrandbits(64) | 1
    assert nim_multiply(x, nim_inverse(x)) == 1


@given(NIMBERS, NIMBERS, NIMBERS)
def test_field_associativity_and_distributivity(a, b, c):
    assert (a * b) * c == a * (b * c)
    assert (a + b) + c == a + (b + c)
    assert a * (b + c) == a * b + a * c


@given(NIMBERS, NIMBERS)
def test_field_commutativity_and_identities(a, b):
    assert a * b == b * a
    assert a + b == b + a
    assert a * Nimber(1) == a and a + Nimber(0) == a
    assert a + a == Nimber(0)


@given(BELOW_2_16.filter(bool).map(Nimber))
def test_field_inverses(a):
    assert a * a.inverse() == Nimber(1)
    assert a / a == Nimber(1)
    assert a**65535 == Nimber(1)  # the multiplicative group of GF(2**16) has order 2**16 - 1


@given(NIMBERS, st.integers(min_value=0, max_value=20))
def test_powers(a, k):
    expected = Nimber(1)
    for _ in range(k):
        expected = expected * a
    assert a**k == expected
