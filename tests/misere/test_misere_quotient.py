"""Misère quotients of heap games, against direct misère search of sums, and against the
published quotients (the tame quotient of misère Nim; R_8 of 0.75)."""

import itertools

import pytest

import cgt
from cgt.misere import QuotientNotFoundError, misere_quotient
from games.nim import octal


@cgt.impartial_game
def Heap(n):
    return range(n)


def _agrees_with_search(q, position_of, heaps_at_most=4):
    sizes = range(1, q.max_heap + 1)
    count = 0
    for k in range(heaps_at_most + 1):
        for heaps in itertools.combinations_with_replacement(sizes, k):
            direct = cgt.is_misere_p_position(*map(position_of, heaps))
            assert q.is_p_position(heaps) == direct, heaps
            count += 1
    return count


def test_misere_nim_quotients():
    orders = [misere_quotient(Heap, n).order for n in range(1, 6)]
    assert orders == [2, 6, 6, 10, 10]
    tame = misere_quotient(Heap, 3)
    # Plambeck-Siegel 2008: T_2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}; *3 = ab
    assert tame.p_portion_names == ("a", "b^2")
    assert tame.heap_names == ("1", "a", "b", "ab")
    a, b = tame.heap_images[1], tame.heap_images[2]
    t = tame.table
    assert t[a][a] == 0 and t[t[b][b]][b] == b and t[b][b] != 0
    assert _agrees_with_search(tame, Heap) > 30
    assert _agrees_with_search(misere_quotient(Heap, 5), Heap) > 100


def test_quotient_of_0_75_is_r8():
    game = octal("0.75")
    for n in (5, 8):
        q = misere_quotient(game.position, n)
        assert q.order == 8
        assert q.p_portion_names == ("a", "b^2")
    q = misere_quotient(game.position, 8)
    assert q.heap_names == ("1", "a", "b", "a", "b", "c", "b", "c", "b")
    # R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2> (Plambeck and Siegel 2008)
    assert q.names == ("1", "a", "b", "c", "ab", "ac", "b^2", "ab^2")
    t, (one, a, b, c) = q.table, (0, 1, 2, 3)
    assert t[a][a] == one and t[t[b][b]][b] == b and t[b][c] == t[a][b] and t[c][c] == t[b][b]
    assert _agrees_with_search(q, game.position, 3) > 100


def test_small_kayles_quotients_against_search():
    game = octal("0.77")
    orders = []
    for n in range(1, 7):
        q = misere_quotient(game.position, n)
        orders.append(q.order)
        _agrees_with_search(q, game.position, 3)
    assert orders == [2, 6, 6, 6, 12, 12]


def test_quotient_errors_are_named():
    @cgt.impartial_game
    def Bad(n):
        return [Heap(1)] if n else []

    with pytest.raises(cgt.InvalidArgumentError):
        misere_quotient(Bad, 2)
    with pytest.raises(QuotientNotFoundError):
        misere_quotient(Heap, 5, max_order=4)
    with pytest.raises(cgt.InvalidArgumentError):
        misere_quotient(Heap, -1)
    q = misere_quotient(Heap, 2)
    with pytest.raises(cgt.InvalidArgumentError):
        q.image([3])
    assert misere_quotient(Heap, 0).order == 1


def test_too_few_test_sums_never_give_a_wrong_quotient(monkeypatch):
    from cgt.misere import quotient as module

    def only_the_empty_sum(reps, kinds, width, weight):
        return [(0,) * width]

    monkeypatch.setattr(module, "_tests_from", only_the_empty_sum)
    game = octal("0.75")
    # The candidate from the empty test sum alone fails its certificate; the fallback tests
    # (every sum of <= test_weight heaps) find R_8 again.
    assert misere_quotient(game.position, 6, method="search").order == 8
    # With fallback tests too small as well, the certificate refuses: an error, not a wrong Q.
    with pytest.raises(QuotientNotFoundError):
        misere_quotient(game.position, 6, test_weight=1, method="search")
    # The construction inside the quotient needs no test sums at all.
    assert misere_quotient(game.position, 6, test_weight=1).order == 8


@pytest.mark.parametrize(("code", "n"), [("0.75", 6), ("0.77", 6), ("0.07", 8)])
def test_outcomes_by_simplest_forms_give_the_same_quotient(code, n):
    game = octal(code)
    searched = misere_quotient(game.position, n)
    by_forms = misere_quotient(game.position, n, outcomes="forms")
    assert by_forms == searched
    with pytest.raises(cgt.InvalidArgumentError):
        misere_quotient(game.position, n, outcomes="guess")
