"""Misère quotients by refinement inside candidate monoids (`cgt.misere._refine`), the default
construction, against the direct search of sums, the growth inside the quotient, the exact
certificate of `cgt.misere.quotient` and the plain misère recursion on the rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.misere._refine import RefinementError, Refiner, _least_n_failure, _least_p_failure
from cgt.misere.quotient import (
    QuotientNotFoundError,
    _Builder,
    _certify,
    _HeapSums,
    _octal_options,
    misere_quotient,
    octal_misere_quotient,
)
from games.nim import octal

DAWSON = (0, 0, 7)


def _built(digits: tuple[int, ...], n: int, max_order: int = 512) -> _Builder:
    builder = _Builder(_HeapSums.from_raw(_octal_options(digits, n)), 4, max_order, None, "refine")
    for _ in builder.steps():
        pass
    return builder


class PlainMisere:
    """The misère outcome of a sum of octal heaps from the rules alone: a sum (sorted heap
    sizes, heaps with no move dropped) is a P-position when it has a move and every move leads
    to an N-position."""

    def __init__(self, digits: tuple[int, ...], max_heap: int) -> None:
        raw = _octal_options(digits, max_heap)
        self.moves = [
            [tuple(sorted(j for j in option if raw[j])) for option in raw[k]]
            for k in range(max_heap + 1)
        ]
        self.known: dict[tuple[int, ...], bool] = {}

    def is_p(self, heaps: tuple[int, ...]) -> bool:
        heaps = tuple(sorted(h for h in heaps if self.moves[h]))
        answer = self.known.get(heaps)
        if answer is None:
            answer = bool(heaps) and not any(
                self.is_p(heaps[:i] + heaps[i + 1 :] + option)
                for i, h in enumerate(heaps)
                if i == 0 or heaps[i - 1] != h
                for option in self.moves[h]
            )
            self.known[heaps] = answer
        return answer


def _sums_of_tokens(total: int, largest: int, smallest: int) -> itertools.chain:
    def parts(rest: int, top: int):
        if rest == 0:
            yield ()
            return
        for part in range(min(rest, top), smallest - 1, -1):
            for tail in parts(rest - part, part):
                yield (part, *tail)

    return itertools.chain.from_iterable(parts(t, largest) for t in range(total + 1))


# Every heap bound up to n: the refinement gives the same quotient (numbering, names, P-portion
# and heap images) as the direct search of sums, and the quotient agrees with the rules.
CASES = [("0.75", 9), ("0.77", 9), ("0.07", 9), ("0.33", 8), ("0.12", 8), ("0.137", 8), ("4.7", 8)]


@pytest.mark.parametrize(("code", "n"), CASES)
def test_refinement_equals_direct_search_on_every_heap_bound(code: str, n: int) -> None:
    game = octal(code)
    plain = PlainMisere(game.digits, n)
    for m in range(1, n + 1):
        refined = misere_quotient(game.position, m)
        assert refined == misere_quotient(game.position, m, method="search"), (code, m)
    checked = 0
    for k in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(1, n + 1), k):
            assert refined.is_p_position(heaps) == plain.is_p(heaps), heaps
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    ("digits", "n"),
    [((0, 7, 7), 40), ((0, 7, 1), 30), ((0, 7, 5), 30), ((0, 1, 3, 7), 18), (DAWSON, 24)],
)
def test_refinement_equals_growth_inside_the_quotient_further(
    digits: tuple[int, ...], n: int
) -> None:
    sums = _HeapSums.from_raw(_octal_options(digits, n))
    extended = _Builder(sums, 4, 512, None, "extend")
    for _ in extended.steps():
        pass
    assert _built(digits, n).quotient(n) == extended.quotient(n)


@settings(max_examples=30, deadline=None)
@given(
    digits=st.lists(st.integers(0, 7), min_size=1, max_size=3).map(lambda d: (0, *d)),
    n=st.integers(1, 7),
    sums=st.lists(st.lists(st.integers(1, 7), min_size=1, max_size=4), min_size=5, max_size=5),
)
def test_refinement_on_random_octal_games(digits, n, sums) -> None:
    code = digits
    q = _built(code, n).quotient(n)
    direct = _HeapSums.from_raw(_octal_options(code, n))
    searched = _Builder(direct, 4, 512, None, "search")
    try:
        for _ in searched.steps():
            pass
    except QuotientNotFoundError:
        return  # the direct search's test sums were too small: nothing to compare with
    assert q == searched.quotient(n)
    plain = PlainMisere(code, n)
    for heaps in sums:
        heaps = [min(h, n) for h in heaps]
        assert q.is_p_position(heaps) == plain.is_p(tuple(heaps))


def test_dawsons_kayles_heap_25_tells_apart_a_class_of_the_smaller_heaps():
    # Q_24(0.07) identifies the heap 21 with two heaps of 4; the heap 25 tells them apart:
    # 21 + 25 is a P-position and 4 + 4 + 25 an N-position (the plain recursion says so).
    plain = PlainMisere(DAWSON, 25)
    assert plain.is_p((21, 25)) and not plain.is_p((4, 4, 25))
    q24 = _built(DAWSON, 24).quotient(24)
    assert q24.order == 24 and q24.image([21]) == q24.image([4, 4])
    builder = _built(DAWSON, 25)
    q25 = builder.quotient(25)
    assert builder.refiner is not None and builder.refiner.refinements > 0
    assert q25.order == 144 and len(q25.p_portion) == 23
    assert q25.image([21]) != q25.image([4, 4])
    assert q25.is_p_position([21, 25]) and not q25.is_p_position([4, 4, 25])


def test_q30_of_dawsons_kayles_is_siegels_360_and_right_on_every_small_sum():
    # Siegel (miseregames.wordpress.com, 2007-08-28): Q_30(0.07) has 360 elements.
    builder = _built(DAWSON, 30)
    q = builder.quotient(30)
    assert q.order == 360 and len(q.p_portion) == 65
    assert builder.refiner is not None and builder.refiner.largest_candidate >= 360
    # Every sum of at most 50 tokens and every pair of heaps, by the plain recursion.
    plain = PlainMisere(DAWSON, 30)
    pairs = itertools.combinations_with_replacement(range(2, 31), 2)
    elements = set()
    for heaps in itertools.chain(_sums_of_tokens(50, 30, 2), pairs):
        assert q.is_p_position(heaps) == plain.is_p(heaps), heaps
        elements.add(q.image(heaps))
    assert len(plain.known) > 200_000 and len(elements) == 140


def test_the_certificate_of_the_direct_construction_accepts_refined_quotients():
    for digits, n in [(DAWSON, 25), ((0, 7, 7), 30), ((0, 7, 1), 20)]:
        builder = _built(digits, n)
        assert builder.refiner is not None
        table, p_portion, images = builder.refiner.bipartite()
        sums = _HeapSums.from_raw(_octal_options(digits, n))
        _certify(sums, table, p_portion, images)  # raises if any sum is mispredicted


def test_the_checks_catch_every_wrong_outcome():
    # Flip the outcome of any one element of a verified quotient: a P-check or an N-check fails
    # (an element flipped to N has a lex-least sum with no P option; one flipped to P has one).
    builder = _built(DAWSON, 25)
    assert builder.refiner is not None
    q = builder.refiner.monoid
    assert _least_p_failure(q) is None and _least_n_failure(q) is None
    right = q.p_marks.copy()
    for x in range(q.order):
        q.p_marks = right.copy()
        q.p_marks[x] = not right[x]
        failure = _least_p_failure(q)
        if failure is None:
            failure = _least_n_failure(q)
        assert failure is not None, x
        assert q.image(failure) == x or not right[x]
    q.p_marks = right


def test_refiner_on_misere_nim():
    refiner = Refiner([[[]], [[], [0]], [[], [0], [1]]])  # heaps of size 1, 2, 3
    assert [refiner.add_kind() for _ in range(3)] == [
        "new kind",
        "new kind",
        "onto an element (dominated)",
    ]
    table, p_portion, images = refiner.bipartite()
    assert len(table) == 6 and len(p_portion) == 2
    a, b, c = images
    assert table[a][a] == 0 and table[table[b][b]][b] == b and c == table[a][b]
    assert p_portion == {a, table[b][b]}
    with pytest.raises(IndexError):
        refiner.add_kind()


def test_limits_give_clear_errors():
    with pytest.raises(QuotientNotFoundError, match="more than 100 elements"):
        octal_misere_quotient(DAWSON, max_heap=25, max_order=100)
    kinds = _octal_options(DAWSON, 25)
    sums = _HeapSums.from_raw(kinds)
    options = [
        [[j for j, count in enumerate(delta) for _ in range(count)] for delta in deltas]
        for deltas in sums.options
    ]
    refiner = Refiner(options, max_candidate_cells=10_000)
    with pytest.raises(RefinementError, match="past the limit of 10000 cells"):
        for _ in options:
            refiner.add_kind()
    # a wild game whose checks grow too fast stops with a named error, not a hang
    refiner = Refiner(options, max_work=5_000)
    with pytest.raises(RefinementError, match="more than 5,000 steps of work on one heap kind"):
        for _ in options:
            refiner.add_kind()
    assert refiner.kinds == 23  # the heaps 2 to 24; the heap 25 needs a new generator


def test_bad_input_is_refused_by_name():
    with pytest.raises(ValueError, match="kind 0 has no option"):
        Refiner([[]])
    with pytest.raises(ValueError, match="not smaller"):
        Refiner([[[]], [[1]]])
    for bad in (0, -1, 2.5, "x", True):
        with pytest.raises(cgt.InvalidArgumentError, match="max_order is a positive int"):
            octal_misere_quotient((0, 7, 7), max_order=bad)


def test_misere_quotient_refines_by_default_and_says_which_methods_exist():
    @cgt.impartial_game
    def Heap(n):
        return range(n)

    assert misere_quotient(Heap, 5) == misere_quotient(Heap, 5, method="extend")
    with pytest.raises(cgt.InvalidArgumentError, match="'refine', 'extend' or 'search'"):
        misere_quotient(Heap, 3, method="guess")


def test_kayles_quotient_of_all_heaps_by_refinement():
    q = octal_misere_quotient((0, 7, 7), max_heap=200)
    assert q.all_heaps and q.order == 40 and (q.preperiod, q.period) == (71, 12)
    assert q.is_p_position([1]) and not q.is_p_position([3, 5, 7, 10**6])
