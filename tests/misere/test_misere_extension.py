"""The construction of a misère quotient inside the previous quotient (`cgt.misere._extension`)
against the direct search of sums of heaps: the same quotient on every game and heap bound
below, and the outcome of every sum of up to three heaps read from it equals direct search."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.misere._extension import extend_by_one_heap, reduce_bipartite
from cgt.misere.quotient import (
    QuotientNotFoundError,
    _Builder,
    _HeapSums,
    _octal_options,
    misere_quotient,
)
from games.nim import octal


@cgt.impartial_game
def Heap(n):
    return range(n)


def _built(digits: tuple[int, ...], n: int, method: str) -> _Builder:
    sums = _HeapSums.from_raw(_octal_options(digits, n))
    builder = _Builder(sums, 4, 512, None, method)
    for _ in builder.steps():
        pass
    return builder


def _direct_check(q: cgt.MisereQuotient, position_of, heaps_at_most: int) -> int:
    count = 0
    for k in range(1, heaps_at_most + 1):
        for heaps in itertools.combinations_with_replacement(range(1, q.max_heap + 1), k):
            direct = cgt.is_misere_p_position(*map(position_of, heaps))
            assert q.is_p_position(heaps) == direct, heaps
            count += 1
    return count


# Every heap bound up to n: the two constructions give the same quotient (same numbering,
# names, P-portion and heap images), and the quotient agrees with direct search.
CASES = [("0.75", 9), ("0.77", 9), ("0.07", 9), ("0.33", 8), ("0.12", 8), ("0.137", 8), ("4.7", 8)]


@pytest.mark.parametrize(("code", "n"), CASES)
def test_extension_equals_direct_search_on_every_heap_bound(code: str, n: int) -> None:
    game = octal(code)
    for m in range(1, n + 1):
        extended = misere_quotient(game.position, m)
        searched = misere_quotient(game.position, m, method="search")
        assert extended == searched, (code, m)
    assert _direct_check(extended, game.position, 3) > 100


def test_misere_nim_by_extension():
    for n in range(1, 8):
        q = misere_quotient(Heap, n)
        assert q == misere_quotient(Heap, n, method="search")
    assert _direct_check(misere_quotient(Heap, 6), Heap, 3) > 50


def test_most_kayles_steps_are_done_inside_the_quotient():
    # Heap 9 of Kayles tells apart sums of the smaller heaps that the quotient of heaps <= 8
    # identifies: there the candidate fails its certificate and the direct search takes over.
    builder = _built((0, 7, 7), 10, "extend")
    assert builder.searched_steps == 1
    assert builder.extended_steps == 9
    assert builder.quotient(10).order == 18


def test_extend_by_one_heap_directly():
    # misère nim: from the quotient of heaps of size 1 ({1, a}, a^2 = 1, P = {a}) add *2.
    table = [[0, 1], [1, 0]]
    found = extend_by_one_heap(table, {1}, [1], [(0, 0), (1, 0)], [[(0, 0)], [(0, 0), (1, 0)]], 1)
    assert found is not None
    reduced, p_portion, generators, reps = found
    # T_2 restricted to *1, *2: order 6, *2 = b with b^3 = b, P = {a, b^2}
    assert len(reduced) == 6 and len(p_portion) == 2
    a, b = generators
    assert reduced[a][a] == 0 and reduced[reduced[b][b]][b] == b and reduced[b][b] != 0
    assert {reduced[b][b], a} == p_portion
    assert len(reps) == 6 and reps[0] == (0, 0)
    # slices that never repeat within the bound: no candidate
    assert extend_by_one_heap(table, {1}, [1], [(0, 0), (1, 0)], [[(0, 0)], [(0, 0)]], 1, 0) is None


def test_reduce_bipartite_merges_exactly_the_indistinguishable():
    # Z_4 with P = {2}: 0 and 2 are told apart by 2 itself (0 * 2 in P, 2 * 2 = 0 not)
    z4 = [[(x + y) % 4 for y in range(4)] for x in range(4)]
    table, p_portion, new_of = reduce_bipartite(z4, {2})
    assert len(table) == 4 and new_of == [0, 1, 2, 3]
    # P = {1, 3}: x and x + 2 are indistinguishable, Z_2 remains
    table, p_portion, new_of = reduce_bipartite(z4, {1, 3})
    assert table == [[0, 1], [1, 0]] and p_portion == {1} and new_of == [0, 1, 0, 1]


def test_unknown_method_is_refused():
    with pytest.raises(cgt.InvalidArgumentError):
        misere_quotient(Heap, 3, method="guess")
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.octal_misere_quotient((0, 7, 5), method="guess")


@settings(max_examples=25, deadline=None)
@given(
    digits=st.lists(st.integers(0, 7), min_size=1, max_size=3).map(lambda d: (0, *d)),
    n=st.integers(1, 7),
)
def test_random_octal_games_extension_equals_search(digits: tuple[int, ...], n: int) -> None:
    sums_extend = _built(digits, n, "extend")
    try:
        searched = _built(digits, n, "search").quotient(n)
    except QuotientNotFoundError:
        return
    assert sums_extend.quotient(n) == searched
