"""Presentations of misère quotients (`cgt.misere.presentation`): the relations hold in the
table, rewriting by them reaches each element's normal form from any word, the normal forms
are the quotient's names, and 0.75 gives Plambeck and Siegel's R_8."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.misere.presentation import monoid_presentation, word_text

CODES = [(0, 7, 5), (0, 3, 3), (0, 1, 2), (0, 7), (0, 3), (0, 7, 1), (0, 5, 3)]


def _element(table, generators, word):
    x = 0
    for i, count in enumerate(word):
        for _ in range(count):
            x = table[x][generators[i]]
    return x


def _rewrite(word, relations):
    """Rewrite by the first relation whose left side divides the word, until none does."""
    for _ in range(10_000):
        for lhs, rhs in relations:
            if all(w >= e for w, e in zip(word, lhs, strict=True)):
                word = tuple(w - e + r for w, e, r in zip(word, lhs, rhs, strict=True))
                break
        else:
            return word
    raise AssertionError("rewriting did not end")


@pytest.fixture(scope="module", params=CODES, ids=lambda d: "".join(map(str, d)))
def quotient(request):
    return cgt.octal_misere_quotient(request.param, max_heap=60)


def test_relations_hold_and_rewriting_reaches_the_normal_form(quotient):
    table = quotient.table
    generators = [quotient.heap_images[h] for h in quotient.generators]
    p = quotient.presentation
    for lhs, rhs in p.relations:
        assert _element(table, generators, lhs) == _element(table, generators, rhs)
    k = len(generators)
    for word in itertools.product(range(5), repeat=k) if k <= 4 else []:
        x = _element(table, generators, word)
        assert _rewrite(word, p.relations) == p.normal_forms[x]
    # the names the quotient prints are the normal forms
    assert tuple(word_text(w) for w in p.normal_forms) == quotient.names


def test_r8_is_plambeck_and_siegels():
    q = cgt.octal_misere_quotient((0, 7, 5))
    assert set(q.presentation.relation_texts()) == {"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}
    assert q.generators == (1, 2, 5)


def test_tame_quotients_have_the_tame_presentations():
    # Conway's tame quotients: Z_2 for 0.3, and T_2 = <a, b | a^2 = 1, b^3 = b> for 0.33
    assert str(cgt.octal_misere_quotient((0, 3)).presentation) == "<a | a^2 = 1>"
    assert str(cgt.octal_misere_quotient((0, 3, 3)).presentation) == "<a, b | a^2 = 1, b^3 = b>"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.lists(st.integers(1, 5), min_size=1, max_size=3), st.data())
def test_cyclic_products(k, periods, data):
    """Products of cyclic groups Z_n1 x ... x Z_nk: the presentation is complete (rewriting
    reaches a normal form per element) whatever the table's numbering."""
    periods = periods[:k]
    elements = list(itertools.product(*(range(n) for n in periods)))
    shuffled = [elements[0], *data.draw(st.permutations(elements[1:]))]
    index = {e: i for i, e in enumerate(shuffled)}
    table = [
        [index[tuple((a + b) % n for a, b, n in zip(x, y, periods, strict=True))] for y in shuffled]
        for x in shuffled
    ]
    generators = [
        index[tuple(int(i == j) % n for i, n in enumerate(periods))] for j in range(len(periods))
    ]
    p = monoid_presentation(table, generators)
    assert len(set(p.normal_forms)) == len(elements)
    for word in itertools.product(range(6), repeat=len(periods)):
        x = _element(table, generators, word)
        assert _rewrite(word, p.relations) == p.normal_forms[x]
    # for a product of cyclic groups the relations are the powers and nothing else
    assert sorted(p.relation_texts()) == sorted(
        f"{word_text(tuple(n * (i == j) for i in range(len(periods))))} = 1"
        for j, n in enumerate(periods)
    )


def test_generators_that_do_not_generate_are_refused():
    with pytest.raises(cgt.InvalidArgumentError, match="reach 1 of the 2"):
        monoid_presentation([[0, 1], [1, 0]], [0])
