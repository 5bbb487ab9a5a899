"""Downward matchings between two hands: the functions mu and gamma of seed 000 (section 3.1).

Read two multisets ``V0`` and ``V1`` as the two sides of a bipartite graph with an edge from
``v0`` to ``v1`` whenever ``v0 > v1`` (``v0`` can be played on ``v1``).

* ``mu(V0, V1)`` is the size of a maximum matching ("downward matching from V0 to V1").
* ``gamma(V0, V1)`` is the largest value of ``V0`` that some maximum matching leaves unmatched
  (``None`` stands for the paper's ``-inf``: every maximum matching covers all of ``V0``).

Both come from one greedy pass over the sorted multisets, weakest first: each ``v0`` takes the
weakest unused ``v1`` below it.  This greedy matching is maximum, and the largest ``v0`` it
leaves unmatched is gamma (the paper states both; the tests check them against the definitions
on every pair of small multisets).  Figure 2 of seed 000:

>>> from games.tanhinmin import mu, gamma
>>> mu({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7}), gamma({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7})
(4, 7)
>>> gamma([1, 2], [1]), gamma([2], [1]) is None
(1, True)

`SuffixMatchings` answers ``mu`` between the strongest ``i`` cards of one hand and the strongest
``j`` of another in O(1) after O(N) preparation.  By Hall's theorem the deficiency of a
maximum matching is the largest ``|S| - |N(S)|`` over sets ``S`` of the lower side, and the worst
sets are the "upper" sets ``{q_1, ..., q_k}`` (``q`` sorted strongest first), whose neighbours in
the strongest ``i`` cards ``p`` number ``min(i, n(q_k))`` with ``n(v) = #{p > v}``.  So::

    mu(top_i P, top_j Q) = j - max(0, j - i, max_{k <= j} (k - n(q_k)))

and the prefix maxima of ``k - n(q_k)`` are computed once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["SuffixMatchings", "gamma", "mu"]


def mu_sorted(lower_side: Sequence[int], upper_side: Sequence[int]) -> int:
    """``mu`` of two multisets given sorted ascending (``upper_side`` plays on ``lower_side``).

    Note the argument order: ``mu_sorted(V1, V0) == mu(V0, V1)``.
    """
    matched = 0
    size = len(lower_side)
    for value in upper_side:
        if matched < size and lower_side[matched] < value:
            matched += 1
    return matched


def gamma_sorted(lower_side: Sequence[int], upper_side: Sequence[int]) -> int | None:
    """``gamma`` of two multisets given sorted ascending (same argument order as `mu_sorted`)."""
    matched = 0
    size = len(lower_side)
    largest: int | None = None
    for value in upper_side:
        if matched < size and lower_side[matched] < value:
            matched += 1
        else:
            largest = value
    return largest


def mu(V0: Iterable[int], V1: Iterable[int]) -> int:
    """The size of a maximum downward matching from ``V0`` to ``V1`` (``v0 > v1``).

    >>> mu([2, 2], [1, 1]), mu([1, 1], [1, 1]), mu([], [1])
    (2, 0, 0)
    """
    return mu_sorted(sorted(V1), sorted(V0))


def gamma(V0: Iterable[int], V1: Iterable[int]) -> int | None:
    """The largest ``v0`` left unmatched by some maximum downward matching (``None``: none).

    >>> gamma([3, 5], [4]), gamma([5], [4])
    (3, None)
    """
    return gamma_sorted(sorted(V1), sorted(V0))


class SuffixMatchings:
    """``mu(top_i(P), top_j(Q))`` for every ``i``, ``j`` in O(1), after O(|P| + |Q|) work.

    ``top_i`` is the multiset of the ``i`` strongest cards.  ``P`` (``upper``) and ``Q``
    (``lower``) are sorted ascending; ``extra`` optionally adds one more card to the lower side
    (the field card of mu_0), kept in every ``top_j(Q)``.  Since the Hall deficiency is
    ``max(0, j - i, D_j)`` with ``D_j`` free of ``i``, ``mu(top_i P, top_j Q) = min(i, cap[j])``
    with ``cap[j] = mu(P, top_j Q)``, and ``cap`` comes from one merge and prefix maxima.

    >>> m = SuffixMatchings(upper=(2, 3, 4, 6, 7, 8), lower=(1, 2, 5, 7))
    >>> m(6, 4), m(2, 4), m(6, 1), m.capacity
    (4, 2, 1, (0, 1, 2, 3, 4))
    """

    __slots__ = ("capacity",)

    def __init__(
        self, upper: Sequence[int], lower: Sequence[int], extra: int | None = None
    ) -> None:
        very_low = -(len(upper) + len(lower) + 2)
        # n(q_k): cards of `upper` strictly above the k-th strongest lower card, by a merge.
        above = 0
        u = len(upper)
        counts = []
        for value in reversed(lower):
            while above < u and upper[u - 1 - above] > value:
                above += 1
            counts.append(above)
        # prefix[k] = max_{1 <= t <= k} (t - n(q_t)), prefix[0] = very_low.
        prefix = [very_low]
        best = very_low
        for k, n in enumerate(counts, start=1):
            best = max(best, k - n)
            prefix.append(best)
        if extra is None:
            self.capacity = tuple(j - max(0, prefix[j]) for j in range(len(lower) + 1))
            return
        # The extra card comes after the `split` lower cards strictly stronger than it; the
        # sets containing it are {q_1..q_t} + {extra}, with t <= split or t > split.
        split = sum(1 for value in lower if value > extra)
        extra_above = sum(1 for value in upper if value > extra)
        capacity = []
        after = very_low  # max_{split < t <= j} (t - n(q_t))
        for j in range(len(lower) + 1):
            if j > split:
                after = max(after, j - counts[j - 1])
            cut = min(split, j)
            deficiency = max(0, prefix[cut], cut + 1 - extra_above, 1 + after)
            capacity.append(j + 1 - deficiency)
        self.capacity = tuple(capacity)

    def __call__(self, i: int, j: int) -> int:
        """``mu(top_i(upper), top_j(lower) [+ extra])``."""
        return min(i, self.capacity[j])
