"""Misère quotients of heap games (Plambeck and Siegel 2008), computed and certified.

Let ``A`` be the positions of a heap game with heaps of size at most ``n``: every sum of heaps.
Two positions ``G``, ``H`` are *indistinguishable* in ``A`` when ``G + X`` and ``H + X`` have
the same misère outcome for every ``X`` in ``A``.  The classes form a commutative monoid, the
*misère quotient* ``Q``, and the classes of the P-positions its *P-portion*; the pair
``(Q, P)`` is the bipartite monoid.  Knowing the image of each heap in ``Q`` and the P-portion
solves the game: a sum of heaps is a P-position exactly when the product of their images lies
in ``P`` (Plambeck, "Taming the wild in impartial combinatorial games", 2005; Plambeck and
Siegel, "Misère quotients for impartial games", JCTA 2008).

How it is computed here, in two steps:

1. *Candidate.*  The misère outcome of sums of heaps is found by direct search; two sums with
   the same outcomes against every test sum of at most ``test_weight`` heaps are taken as one
   element, and the monoid is closed under adding a heap.
2. *Certificate.*  The candidate is checked exactly: its table must be a commutative monoid,
   and for *every* sum of heaps ``G`` (all of them, infinitely many) ``G`` must be a
   P-position exactly when its image is in ``P``.  By induction on ``G``'s options this needs
   only, for each heap kind present in ``G``, the image of ``G`` minus that heap: finitely many
   tuples of elements, all of which are visited.  When the certificate holds, ``G + X`` is a
   P-position iff ``image(G) * image(X)`` is in ``P``, so equal images are indistinguishable;
   merging the elements that no element tells apart then gives exactly the quotient.  When it
   fails, the test sums were too small: `QuotientNotFoundError` says so (try a larger
   ``test_weight``).

>>> import cgt
>>> @cgt.impartial_game
... def Heap(n):
...     return range(n)
>>> q = cgt.misere_quotient(Heap, 3)   # misère Nim with heaps of size 1, 2, 3: the tame quotient
>>> q.order, q.p_portion_names, q.heap_names
(6, ('a', 'b^2'), ('1', 'a', 'b', 'ab'))
>>> q.is_p_position([1, 1, 1]), q.is_p_position([2, 2]), q.is_p_position([1, 2, 2])
(True, True, False)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations_with_replacement
from typing import Any

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError
from cgt.misere.canonical import MisereGame, misere_canonical
from cgt.positions.protocol import options_of
from cgt.positions.sums import Sum

__all__ = ["MisereQuotient", "QuotientNotFoundError", "misere_quotient"]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class QuotientNotFoundError(CGTError, RuntimeError):
    """The candidate quotient failed its certificate, or grew beyond ``max_order``."""


@attrs.frozen
class MisereQuotient:
    """The misère quotient ``(Q, P)`` of the sums of heaps of size ``<= max_heap``.

    Elements are numbered ``0 .. order - 1`` (0 is the identity, the class of the empty sum);
    ``table[x][y]`` is their product, ``p_portion`` the P-portion, ``heap_images[k]`` the class
    of a heap of size ``k``.  ``names`` writes each element as a shortest word in the
    generators ``a, b, c, ...`` (``"1"`` for the identity).
    """

    max_heap: int
    table: tuple[tuple[int, ...], ...]
    p_portion: frozenset[int]
    heap_images: tuple[int, ...]
    names: tuple[str, ...]
    generators: tuple[int, ...]
    """The heap sizes whose classes generate the quotient (``a`` is the first...)."""

    @property
    def order(self) -> int:
        """The number of elements of ``Q``."""
        return len(self.table)

    @property
    def p_portion_names(self) -> tuple[str, ...]:
        return tuple(self.names[x] for x in sorted(self.p_portion, key=_by_name(self.names)))

    @property
    def heap_names(self) -> tuple[str, ...]:
        """The class of each heap ``0 .. max_heap``, by name."""
        return tuple(self.names[x] for x in self.heap_images)

    def image(self, heaps: Iterable[int]) -> int:
        """The class of a sum of heaps (given by their sizes)."""
        x = 0
        for k in heaps:
            if not isinstance(k, int) or not 0 <= k <= self.max_heap:
                raise InvalidArgumentError(
                    f"heap sizes are ints from 0 to {self.max_heap}, got {k!r}"
                )
            x = self.table[x][self.heap_images[k]]
        return x

    def is_p_position(self, heaps: Iterable[int]) -> bool:
        """Whether a sum of heaps is a misère P-position, read from the quotient."""
        return self.image(heaps) in self.p_portion

    def __str__(self) -> str:
        return (
            f"misère quotient of heaps <= {self.max_heap}: order {self.order}, "
            f"P = {{{', '.join(self.p_portion_names)}}}"
        )


def _by_name(names: tuple[str, ...]) -> Callable[[int], tuple[int, str]]:
    return lambda x: (len(names[x]), names[x])


class _HeapSums:
    """Sums of heaps as vectors of multiplicities, with memoized misère outcomes."""

    def __init__(self, heap: Callable[[int], Any], max_heap: int, use_forms: bool) -> None:
        positions = [heap(k) for k in range(max_heap + 1)]
        size_of: dict[Any, int] = {}
        for k, position in enumerate(positions):
            size_of.setdefault(position, k)
        raw: list[list[list[int]]] = []
        for k, position in enumerate(positions):
            options = []
            for option in options_of(position):
                parts = option.components if isinstance(option, Sum) else (option,)
                sizes = []
                for part in parts:
                    j = size_of.get(part)
                    if j is None or j >= k:
                        raise InvalidArgumentError(
                            f"an option of the heap of size {k} has the component {part!r}, "
                            f"which is not a heap of size below {k}"
                        )
                    sizes.append(j)
                options.append(sizes)
            raw.append(options)
        # Heaps with no move are the empty sum: only the others are counted.
        self.active = [k for k in range(max_heap + 1) if raw[k]]
        where = {k: i for i, k in enumerate(self.active)}
        self.options: list[list[tuple[int, ...]]] = []
        for k in self.active:
            deltas = []
            for sizes in raw[k]:
                delta = [0] * len(self.active)
                for j in sizes:
                    if j in where:
                        delta[where[j]] += 1
                deltas.append(tuple(delta))
            self.options.append(deltas)
        self.wins: dict[tuple[int, ...], bool] = {}
        # With simplest forms, a sum's outcome is read from its form, built from a smaller
        # sum's form plus one heap's (memoized), instead of searching the sum's moves.
        self.forms = [misere_canonical(positions[k]) for k in self.active] if use_forms else None
        self.sum_forms: dict[tuple[int, ...], MisereGame] = {}

    @classmethod
    def restricted(cls, full: _HeapSums, width: int) -> _HeapSums:
        """The sums of the first ``width`` kinds of heaps only (options of those heaps never
        contain larger heaps)."""
        part = cls.__new__(cls)
        part.active = full.active[:width]
        part.options = full.options[:width]  # vectors keep the full length, zeros beyond
        part.wins = full.wins
        part.forms = full.forms
        part.sum_forms = full.sum_forms
        return part

    def _form_of(self, v: tuple[int, ...]) -> MisereGame:
        assert self.forms is not None
        path = []
        while v not in self.sum_forms:
            i = next((i for i, count in enumerate(v) if count), None)
            if i is None:
                self.sum_forms[v] = MisereGame.nim(0)
                break
            path.append((v, i))
            v = (*v[:i], v[i] - 1, *v[i + 1 :])
        form = self.sum_forms[v]
        for w, i in reversed(path):
            form = form + self.forms[i]
            self.sum_forms[w] = form
        return form

    def _children(self, v: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, count in enumerate(v):
            if count:
                for delta in self.options[i]:
                    w = [a + b for a, b in zip(v, delta, strict=True)]
                    w[i] -= 1
                    yield tuple(w)

    def outcome_wins(self, v: tuple[int, ...]) -> bool:
        """Whether the player to move wins the sum ``v`` in misère play (iterative search,
        stopping at the first option that is a P-position)."""
        wins = self.wins
        known = wins.get(v)
        if known is not None:
            return known
        if self.forms is not None:
            known = wins[v] = self._form_of(v).misere_wins
            return known
        # A frame: [position, iterator over its options, has it any option].
        stack: list[list[Any]] = [[v, self._children(v), False]]
        while stack:
            frame = stack[-1]
            position, children = frame[0], frame[1]
            result: bool | None = None
            for child in children:
                frame[2] = True
                child_wins = wins.get(child)
                if child_wins is None:
                    # Search the child, then look at it again (the iterator is not advanced
                    # past it: it is pushed back in front).
                    frame[1] = _chain_one(child, children)
                    stack.append([child, self._children(child), False])
                    break
                if not child_wins:
                    result = True
                    break
            else:
                result = not frame[2]
            if result is None:
                continue
            wins[position] = result
            stack.pop()
        return wins[v]


def _chain_one(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


def _tests(kinds: int, width: int, weight: int) -> list[tuple[int, ...]]:
    """Every sum of at most ``weight`` heaps of the first ``kinds`` kinds."""
    tests = []
    for total in range(weight + 1):
        for chosen in combinations_with_replacement(range(kinds), total):
            v = [0] * width
            for i in chosen:
                v[i] += 1
            tests.append(tuple(v))
    return tests


def _add(v: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(v, w, strict=True))


def _candidate(
    sums: _HeapSums, tests: list[tuple[int, ...]], max_order: int
) -> tuple[list[list[int]], set[int], list[int], list[tuple[int, ...]]]:
    width = len(tests[0])

    def signature(v: tuple[int, ...]) -> tuple[bool, ...]:
        return tuple(sums.outcome_wins(_add(v, t)) for t in tests)

    units = [tuple(int(i == j) for j in range(width)) for i in range(len(sums.active))]
    zero = (0,) * width
    reps = [zero]
    element = {signature(zero): 0}
    queue = deque([0])
    while queue:
        x = queue.popleft()
        for unit in units:
            v = _add(reps[x], unit)
            s = signature(v)
            if s not in element:
                if len(reps) >= max_order:
                    raise QuotientNotFoundError(f"the quotient has more than {max_order} elements")
                element[s] = len(reps)
                reps.append(v)
                queue.append(len(reps) - 1)
    n = len(reps)
    table = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(x, n):
            s = signature(_add(reps[x], reps[y]))
            if s not in element:
                raise QuotientNotFoundError(
                    "the test sums do not close the quotient under products; "
                    "try a larger test_weight"
                )
            table[x][y] = table[y][x] = element[s]
    p_portion = {x for x in range(n) if not sums.outcome_wins(reps[x])}
    generators = [element[signature(unit)] for unit in units]
    return table, p_portion, generators, reps


def _tests_from(
    reps: list[tuple[int, ...]], kinds: int, width: int, weight: int
) -> list[tuple[int, ...]]:
    """Test sums: the previous quotient's representatives plus up to ``weight`` more heaps of
    one of the first ``kinds`` kinds (cheap to search: few heap kinds in each)."""
    tests = {(0,) * width}
    for rep in reps:
        padded = rep + (0,) * (width - len(rep))
        tests.add(padded)
        for j in range(kinds):
            for k in range(1, weight + 1):
                v = list(padded)
                v[j] += k
                tests.add(tuple(v))
    return sorted(tests, key=lambda v: (sum(v), v))


def _certify(
    sums: _HeapSums, table: list[list[int]], p_portion: set[int], generators: list[int]
) -> None:
    n = len(table)
    for x in range(n):
        if table[0][x] != x:
            raise QuotientNotFoundError("the candidate's empty sum is not an identity")
        for y in range(n):
            row = table[table[x][y]]
            if any(row[z] != table[x][table[y][z]] for z in range(n)):
                raise QuotientNotFoundError("the candidate table is not associative")
    width = len(generators)
    option_images = []
    for deltas in sums.options:
        images = []
        for delta in deltas:
            x = 0
            for i, count in enumerate(delta):
                for _ in range(count):
                    x = table[x][generators[i]]
            images.append(x)
        option_images.append(images)
    # A state: the image of G, then for each heap kind the image of G minus one such heap
    # (-1 when G has none).  Whether G is a P-position depends on the state only.
    start = (0,) + (-1,) * width
    seen = {start}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        image, minus = state[0], state[1:]
        present = [i for i in range(width) if minus[i] >= 0]
        is_p = bool(present) and all(
            table[minus[i]][o] not in p_portion for i in present for o in option_images[i]
        )
        if is_p != (image in p_portion):
            raise QuotientNotFoundError(
                "the candidate quotient mispredicts a position; try a larger test_weight"
            )
        for j in range(width):
            g = generators[j]
            following = tuple(
                image if i == j else (table[minus[i]][g] if minus[i] >= 0 else -1)
                for i in range(width)
            )
            new = (table[image][g], *following)
            if new not in seen:
                seen.add(new)
                queue.append(new)


def _reduce(
    table: list[list[int]], p_portion: set[int]
) -> tuple[list[list[int]], set[int], list[int]]:
    """Merge the elements that no element tells apart; returns the new table, P and the map."""
    n = len(table)
    keys: dict[tuple[bool, ...], int] = {}
    new_of = []
    for x in range(n):
        key = tuple(table[x][z] in p_portion for z in range(n))
        new_of.append(keys.setdefault(key, len(keys)))
    m = len(keys)
    first = {new_of[x]: x for x in reversed(range(n))}
    reduced = [[new_of[table[first[a]][first[b]]] for b in range(m)] for a in range(m)]
    return reduced, {new_of[x] for x in p_portion}, new_of


def _names(table: list[list[int]], generators: list[int]) -> tuple[tuple[str, ...], list[int]]:
    """Shortest words for the elements, over a minimal list of generating heaps."""
    n = len(table)
    chosen: list[int] = []
    words: dict[int, tuple[int, ...]] = {0: ()}
    for index, g in enumerate(generators):
        if g in words:
            continue
        chosen.append(index)
        letter = len(chosen) - 1
        queue = deque(words)
        while queue:
            x = queue.popleft()
            for k, gi in enumerate(chosen):
                y = table[x][generators[gi]]
                word = tuple(sorted((*words[x], k)))
                if y not in words or (len(word), word) < (len(words[y]), words[y]):
                    if y not in words:
                        queue.append(y)
                    words[y] = word
        del letter
    names = []
    for x in range(n):
        word = words[x]
        if not word:
            names.append("1")
            continue
        parts = []
        for k in sorted(set(word)):
            count = word.count(k)
            parts.append(_LETTERS[k] + (f"^{count}" if count > 1 else ""))
        names.append("".join(parts))
    return tuple(names), chosen


def misere_quotient(
    heap: Callable[[int], Any],
    max_heap: int,
    *,
    test_weight: int = 4,
    max_order: int = 512,
    outcomes: str = "search",
) -> MisereQuotient:
    """The misère quotient of the sums of heaps of sizes ``0 .. max_heap`` (see the module).

    ``heap(k)`` is the position of a heap of size ``k``; each option of a heap must be a heap
    of smaller size or a `cgt.Sum` of such heaps (as in octal and subtraction games).  Raises
    `QuotientNotFoundError` when the quotient has more than ``max_order`` elements or the
    certificate fails (then try a larger ``test_weight``).

    ``outcomes`` says how the misère outcomes of sums are found: ``"search"`` (the default)
    searches their moves; ``"forms"`` adds the heaps' misère simplest forms
    (`cgt.misere_canonical`) and reads the outcome of the sum's form, which is often much
    faster (Kayles) but sometimes slower (0.75, whose forms grow large).  The certificate
    checks the result either way.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> cgt.misere_quotient(Heap, 1).order       # heaps of size 1 only: {1, a}, a^2 = 1
    2
    """
    if not isinstance(max_heap, int) or isinstance(max_heap, bool) or max_heap < 0:
        raise InvalidArgumentError(f"max_heap is a non-negative int, got {max_heap!r}")
    if not isinstance(test_weight, int) or test_weight < 1:
        raise InvalidArgumentError(f"test_weight is a positive int, got {test_weight!r}")
    if outcomes not in ("search", "forms"):
        raise InvalidArgumentError(f"outcomes is 'search' or 'forms', got {outcomes!r}")
    sums = _HeapSums(heap, max_heap, use_forms=outcomes == "forms")
    width = len(sums.active)
    # Build the quotients of heaps <= 1, 2, ... in turn: each one's representatives make the
    # test sums of the next.  The certificate makes the result exact whatever the tests.
    reps: list[tuple[int, ...]] = [(0,) * width]
    for step in range(1, width + 1):
        part = _HeapSums.restricted(sums, step)
        tests = _tests_from(reps, step, width, 2)
        try:
            table, p_portion, generators, reps = _candidate(part, tests, max_order)
            _certify(part, table, p_portion, generators)
        except QuotientNotFoundError:
            if len(tests) > 10**5:
                raise
            tests = _tests(step, width, test_weight)
            table, p_portion, generators, reps = _candidate(part, tests, max_order)
            _certify(part, table, p_portion, generators)
    if width == 0:
        table, p_portion, generators = [[0]], set(), []
    table, p_portion, new_of = _reduce(table, p_portion)
    generators = [new_of[g] for g in generators]
    names, chosen = _names(table, generators)
    images = [0] * (max_heap + 1)
    for i, k in enumerate(sums.active):
        images[k] = generators[i]
    return MisereQuotient(
        max_heap=max_heap,
        table=tuple(map(tuple, table)),
        p_portion=frozenset(p_portion),
        heap_images=tuple(images),
        names=names,
        generators=tuple(sums.active[i] for i in chosen),
    )
