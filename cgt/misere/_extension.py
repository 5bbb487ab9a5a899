"""One heap kind added to a certified misère quotient, by computing inside the quotient.

Let ``Q`` be the certified quotient of the sums of heaps of the first ``n`` kinds (``A``), with
a representative sum ``rep(x)`` for each element, and let ``H`` be the next heap kind.  A sum
of the larger game is ``X + kH`` with ``X`` in ``A``.  Write ``p_k(x)`` for "``X + kH`` is a
misère P-position, where ``X`` has image ``x``".  Its options are ``X' + kH`` (``X'`` an option
of ``X``) and ``(X + H') + (k-1)H`` (``H'`` an option of ``H``, a sum in ``A``), so

    p_k(x) = (no option of rep(x) has p_k of its image)
             and (no option H' of H has p_{k-1}(x * image(H')))

and ``p_0`` is ``Q``'s own P-portion.  Each slice ``p_k`` is a function of ``p_{k-1}`` alone, so
the slices are periodic as soon as one repeats; no sum with several copies of ``H`` is ever
searched, and the options of a sum are visited only through the images of smaller sums.

This assumes that adding ``H`` does not tell apart two sums of ``A`` that ``Q`` identifies
(Plambeck and Siegel's construction starts from the same assumption): then ``p_k`` is well
defined on elements and the monoid ``Q x {0, 1, ..., k0 + p - 1}`` (slices added, past ``k0``
modulo the period ``p``) with the P-portion read from the slices is a bipartite monoid of the
larger game.  Nothing here trusts the assumption: the candidate, once reduced, goes through
the exact certificate (`cgt.misere.quotient`), and a failure returns ``None`` so that the
caller falls back on the direct search of sums.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

__all__ = ["extend_by_one_heap", "reduce_bipartite"]

Vector = tuple[int, ...]


def extend_by_one_heap(
    table: Sequence[Sequence[int]],
    p_portion: set[int],
    generators: Sequence[int],
    reps: Sequence[Vector],
    options: Sequence[Sequence[Vector]],
    new: int,
    max_slices: int = 256,
) -> tuple[list[list[int]], set[int], list[int], list[Vector]] | None:
    """The candidate quotient of the first ``new + 1`` kinds from the quotient of the first
    ``new`` (``table``, ``p_portion``, the kinds' images ``generators`` and a representative
    sum per element).  ``options[i]`` lists each option of kind ``i`` as a vector of heap
    counts.  Returns the reduced candidate ``(table, P, generators, reps)`` (not yet
    certified), or ``None`` when the slices have not repeated within ``max_slices``."""
    n = len(table)
    image_cache: dict[Vector, int] = {}

    def image(v: Vector) -> int:
        x = image_cache.get(v)
        if x is None:
            x = 0
            for i in range(new):
                g = generators[i]
                for _ in range(v[i]):
                    x = table[x][g]
            image_cache[v] = x
        return x

    def children(v: Vector) -> Iterator[Vector]:
        for i in range(new):
            if v[i]:
                for delta in options[i]:
                    w = [a + b for a, b in zip(v, delta, strict=True)]
                    w[i] -= 1
                    yield tuple(w)

    heap_option_images = sorted({image(delta) for delta in options[new]})
    first = [x in p_portion for x in range(n)]
    slices = [first]
    seen = {tuple(first): 0}
    while True:
        if len(slices) > max_slices:
            return None
        following = _next_slice(slices[-1], reps, image, children, heap_option_images, table)
        key = tuple(following)
        if key in seen:
            start = seen[key]
            break
        seen[key] = len(slices)
        slices.append(following)
    count = len(slices)
    period = count - start

    def add(k: int, m: int) -> int:
        total = k + m
        return total if total < count else start + (total - start) % period

    size = n * count
    big = [[0] * size for _ in range(size)]
    for k in range(count):
        for m in range(count):
            km = add(k, m) * n
            for x in range(n):
                row = big[k * n + x]
                tx = table[x]
                for y in range(n):
                    row[m * n + y] = km + tx[y]
    big_p = {k * n + x for k in range(count) for x in range(n) if slices[k][x]}
    reduced, reduced_p, new_of = reduce_bipartite(big, big_p)
    new_generators = [new_of[g] for g in generators[:new]] + [new_of[add(0, 1) * n]]
    new_reps: list[Vector | None] = [None] * len(reduced)
    for index in range(size):
        target = new_of[index]
        if new_reps[target] is None:
            k, x = divmod(index, n)
            rep = list(reps[x])
            rep[new] += k
            new_reps[target] = tuple(rep)
    assert all(rep is not None for rep in new_reps)
    return reduced, reduced_p, new_generators, [rep for rep in new_reps if rep is not None]


def _next_slice(
    previous: list[bool],
    reps: Sequence[Vector],
    image: Callable[[Vector], int],
    children: Callable[[Vector], Iterator[Vector]],
    heap_option_images: list[int],
    table: Sequence[Sequence[int]],
) -> list[bool]:
    """``p_k`` on every element from ``p_{k-1}`` (``previous``): a search over sums of ``A``
    whose values are kept by image (iterative: no recursion limit)."""
    n = len(previous)
    known: dict[int, bool] = {}

    def via_heap(x: int) -> bool:
        """Whether a move in a copy of ``H`` reaches a P-position of the previous slice."""
        row = table[x]
        return any(previous[row[h]] for h in heap_option_images)

    for x0 in range(n):
        if x0 in known:
            continue
        if via_heap(x0):
            known[x0] = False
            continue
        # A frame: [sum, its image, iterator over its options].
        stack: list[list[object]] = [[reps[x0], x0, children(reps[x0])]]
        while stack:
            frame = stack[-1]
            x = frame[1]
            assert isinstance(x, int)
            it = frame[2]
            assert isinstance(it, Iterator)
            result: bool | None = True
            for w in it:
                y = image(w)
                value = known.get(y)
                if value is None:
                    if via_heap(y):
                        known[y] = value = False
                    else:
                        frame[2] = _chain_one(w, it)
                        stack.append([w, y, children(w)])
                        result = None
                        break
                if value:
                    result = False
                    break
            if result is None:
                continue
            known.setdefault(x, result)
            stack.pop()
    return [known[x] for x in range(n)]


def _chain_one(first: Vector, rest: Iterator[Vector]) -> Iterator[Vector]:
    yield first
    yield from rest


def reduce_bipartite(
    table: list[list[int]], p_portion: set[int]
) -> tuple[list[list[int]], set[int], list[int]]:
    """Merge the elements that no element tells apart (``x ~ y`` iff ``xz`` and ``yz`` are in
    ``P`` together for every ``z``); element 0 stays 0.  Returns the table, P and the map."""
    size = len(table)
    columns = list(range(size))
    keys: dict[bytes, int] = {}
    new_of = []
    for x in range(size):
        row = table[x]
        key = bytes(row[z] in p_portion for z in columns)
        new_of.append(keys.setdefault(key, len(keys)))
    m = len(keys)
    first = [0] * m
    for x in reversed(range(size)):
        first[new_of[x]] = x
    reduced = [[new_of[table[first[a]][first[b]]] for b in range(m)] for a in range(m)]
    return reduced, {new_of[x] for x in p_portion}, new_of
