"""Misère outcomes and misère Grundy values by direct search, against Bouton's misère rule and
against an independent search of sums written as one position."""

import itertools
from functools import reduce
from operator import xor

import pytest

import cgt
from cgt.misere import MisereOutcome


@cgt.impartial_game
def Heap(n):
    return range(n)


@cgt.impartial_game
def Kayles(n):
    return [
        Kayles(a) + Kayles(n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)
    ]


@cgt.impartial_game
def KaylesRow(heaps):
    """A sum of Kayles heaps as one position (a sorted tuple): an independent search."""
    result = []
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for k in (1, 2):
            for a in range((n - k) // 2 + 1) if n >= k else ():
                parts = [h for h in (a, n - k - a) if h]
                result.append(tuple(sorted(rest + tuple(parts))))
    return result


def _misere_wins_by_definition(heaps):
    """Bouton 1901: misère Nim is won by the player to move iff the nim-sum is non-zero,
    except when no heap exceeds 1, where it is won iff the nim-sum is zero."""
    nim_sum = reduce(xor, heaps, 0)
    return nim_sum != 0 if any(h > 1 for h in heaps) else nim_sum == 0


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_misere_nim_follows_boutons_rule(count):
    for heaps in itertools.product(range(6 if count < 4 else 4), repeat=count):
        expected = MisereOutcome.N if _misere_wins_by_definition(heaps) else MisereOutcome.P
        assert cgt.misere_outcome(*map(Heap, heaps)) is expected, heaps
        assert cgt.misere_outcome(cgt.Sum(*map(Heap, heaps))) is expected, heaps


def test_misere_grundy_of_heaps_and_small_sums():
    assert [cgt.misere_grundy(Heap(n)) for n in range(6)] == [1, 0, 2, 3, 4, 5]
    # ** = 0, so *+* has G^- = 1; *2+*2 is a P-position; *2+* has G^- = 3
    assert cgt.misere_grundy(Heap(1), Heap(1)) == 1
    assert cgt.misere_grundy(Heap(2), Heap(2)) == 0
    assert cgt.misere_grundy(Heap(2), Heap(1)) == 3


def test_grundy_minus_is_zero_exactly_on_p_positions():
    for heaps in itertools.product(range(5), repeat=3):
        positions = [Kayles(h) for h in heaps]
        p = cgt.is_misere_p_position(*positions)
        assert (cgt.misere_grundy(*positions) == 0) == p


def test_sums_against_one_position_search():
    for heaps in itertools.combinations_with_replacement(range(1, 8), 3):
        summed = cgt.misere_outcome(*map(Kayles, heaps))
        whole = cgt.misere_outcome(KaylesRow(tuple(sorted(heaps))))
        assert summed is whole, heaps


def test_misere_kayles_p_positions_among_single_heaps():
    # The single Kayles rows that are misère P-positions, n < 22, by both searches.
    losing = [n for n in range(22) if cgt.is_misere_p_position(Kayles(n))]
    assert losing == [1, 4, 9, 12, 20]
    assert losing == [n for n in range(22) if cgt.is_misere_p_position(KaylesRow((n,) * (n > 0)))]


def test_errors_are_named():
    @cgt.impartial_game
    def Spin(n):
        return [n]

    with pytest.raises(cgt.LoopyGameError):
        cgt.misere_outcome(Spin(0))
    with pytest.raises(cgt.NotAPositionError):
        cgt.misere_outcome(3)
    with pytest.raises(cgt.UnhashablePositionError):
        cgt.misere_grundy([1])


def test_deep_game_needs_no_recursion():
    @cgt.impartial_game
    def Chain(n):
        return [n - 1] if n else []

    # A chain of n moves: the player to move wins misère iff n is even.
    assert cgt.misere_outcome(Chain(3_000)) is MisereOutcome.N
    assert cgt.misere_outcome(Chain(3_001)) is MisereOutcome.P
