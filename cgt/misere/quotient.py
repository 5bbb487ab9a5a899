"""Misère quotients of heap games (Plambeck and Siegel 2008), computed and certified.

Let ``A`` be the positions of a heap game with heaps of size at most ``n``: every sum of heaps.
Two positions ``G``, ``H`` are *indistinguishable* in ``A`` when ``G + X`` and ``H + X`` have
the same misère outcome for every ``X`` in ``A``.  The classes form a commutative monoid, the
*misère quotient* ``Q``, and the classes of the P-positions its *P-portion*; the pair
``(Q, P)`` is the bipartite monoid.  Knowing the image of each heap in ``Q`` and the P-portion
solves the game: a sum of heaps is a P-position exactly when the product of their images lies
in ``P`` (Plambeck, "Taming the wild in impartial combinatorial games", 2005; Plambeck and
Siegel, "Misère quotients for impartial games", JCTA 2008).

How it is computed: by default heap kind by heap kind, each kind either mapped onto an element
of the quotient so far or given a new one, refined inside candidate monoids until two finite
checks prove the candidate right on every sum (`cgt.misere._refine`, after Siegel's
MisereSolver).  Two independent constructions are kept (``method="extend"`` and
``method="search"``), in two steps:

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

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError
from cgt.misere._extension import extend_by_one_heap, reduce_bipartite
from cgt.misere.canonical import MisereGame, misere_canonical
from cgt.positions.protocol import options_of
from cgt.positions.sums import Sum

if TYPE_CHECKING:
    from cgt.misere._refine import Refiner
    from cgt.misere.presentation import Presentation

__all__ = [
    "MisereQuotient",
    "QuotientNotFoundError",
    "misere_quotient",
    "octal_misere_quotient",
]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_PARTS = re.compile(r"([a-z])(?:\^(\d+))?")


class QuotientNotFoundError(CGTError, RuntimeError):
    """No quotient was found: a candidate failed its certificate, the quotient grew beyond
    ``max_order``, or the refinement reached one of its limits (`cgt.misere._refine`)."""


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
    preperiod: int | None = None
    period: int | None = None
    """When set, the quotient is that of *all* heaps (certified by `octal_misere_quotient`):
    a heap of size ``n >= preperiod`` has the class of the heap ``n - period``."""

    @property
    def all_heaps(self) -> bool:
        """Whether this is the quotient of every heap size (not only ``<= max_heap``)."""
        return self.period is not None

    def heap_image(self, n: int) -> int:
        """The class of one heap of size ``n`` (any size when `all_heaps`)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidArgumentError(f"a heap size is a non-negative int, got {n!r}")
        if n > self.max_heap:
            if self.period is None or self.preperiod is None:
                raise InvalidArgumentError(
                    f"this quotient covers heaps up to {self.max_heap}, not {n}"
                )
            n = self.preperiod + (n - self.preperiod) % self.period
        return self.heap_images[n]

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
            x = self.table[x][self.heap_image(k)]
        return x

    def is_p_position(self, heaps: Iterable[int]) -> bool:
        """Whether a sum of heaps is a misère P-position, read from the quotient."""
        return self.image(heaps) in self.p_portion

    @property
    def presentation(self) -> Presentation:
        """Generators and defining relations (`cgt.misere.presentation`), in the letters of
        `names`: ``str(q.presentation)`` is ``'<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 =
        b>'`` for 0.75 (Plambeck and Siegel's ``R_8``)."""
        from cgt.misere.presentation import monoid_presentation

        return monoid_presentation(self.table, [self.heap_images[h] for h in self.generators])

    def __str__(self) -> str:
        heaps = "all heaps" if self.all_heaps else f"heaps <= {self.max_heap}"
        return (
            f"misère quotient of {heaps}: order {self.order}, "
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
        forms = [misere_canonical(p) for p in positions] if use_forms else None
        self._setup(raw, forms)

    @classmethod
    def from_raw(cls, raw: list[list[list[int]]]) -> _HeapSums:
        """Heaps given by their options directly: ``raw[k]`` lists, for each option of the heap
        of size ``k``, the sizes of the heaps it leaves (all below ``k``)."""
        sums = cls.__new__(cls)
        sums._setup(raw, None)
        return sums

    def _setup(self, raw: list[list[list[int]]], forms: list[MisereGame] | None) -> None:
        max_heap = len(raw) - 1
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
        self.forms = None if forms is None else [forms[k] for k in self.active]
        self.sum_forms: dict[tuple[int, ...], MisereGame] = {}
        self.known: tuple[list[list[int]], set[int], list[int], int] | None = None
        """A certified quotient of the first kinds: ``(table, P, images, kinds)``; sums of those
        kinds only are answered from it (`_oracle`)."""
        self.searched = 0

    @classmethod
    def restricted(cls, full: _HeapSums, width: int) -> _HeapSums:
        """The sums of the first ``width`` kinds of heaps only (options of those heaps never
        contain larger heaps)."""
        part = cls.__new__(cls)
        part.active = full.active[:width]
        # Vectors of length ``width``: an option of one of these heaps has only smaller heaps.
        part.options = [[delta[:width] for delta in deltas] for deltas in full.options[:width]]
        part.wins = {}
        part.forms = None if full.forms is None else full.forms[:width]
        part.sum_forms = {}
        part.known = full.known
        part.searched = 0
        return part

    def _oracle(self, v: tuple[int, ...]) -> bool | None:
        """The outcome of ``v`` read from the certified quotient of the first kinds, when ``v``
        has only heaps of those kinds (else ``None``)."""
        known = self.known
        if known is None:
            return None
        table, p_portion, images, kinds = known
        if any(v[kinds:]):
            return None
        x = 0
        for i in range(kinds):
            for _ in range(v[i]):
                x = table[x][images[i]]
        return x not in p_portion

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
        known = self._oracle(v)
        if known is not None:
            wins[v] = known
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
                    child_wins = self._oracle(child)
                    if child_wins is not None:
                        wins[child] = child_wins
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
            self.searched += 1
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


def _check_laws(table: list[list[int]]) -> None:
    """Raise `QuotientNotFoundError` unless the table is a commutative monoid with identity 0."""
    n = len(table)
    for x in range(n):
        if table[0][x] != x:
            raise QuotientNotFoundError("the candidate's empty sum is not an identity")
        if any(table[x][y] != table[y][x] for y in range(x)):
            raise QuotientNotFoundError("the candidate table is not commutative")
        for y in range(n):
            row = table[table[x][y]]
            if any(row[z] != table[x][table[y][z]] for z in range(n)):
                raise QuotientNotFoundError("the candidate table is not associative")


def _certify(
    sums: _HeapSums,
    table: list[list[int]],
    p_portion: set[int],
    generators: list[int],
    verified: set[Any] | None = None,
    rows: dict[Any, Any] | None = None,
) -> None:
    """Check that the candidate predicts the outcome of every sum of heaps (see the module);
    raises `QuotientNotFoundError` if not.  ``verified`` keeps the search part of certificates
    that passed: a new heap kind that leaves it unchanged (the same table, P-portion, groups and
    rows, as a heap of an existing class whose moves win wherever its class's did) costs only
    the check of its own moves.  ``rows`` (a dict kept by the caller across steps) remembers,
    for one table and P-portion, that the table's laws hold and each heap kind's row of ``bad``
    (which depends only on the images of that kind and the smaller ones), so a step that adds
    one kind computes one row."""
    n = len(table)
    table_key = (tuple(map(tuple, table)), frozenset(p_portion))
    if rows is not None and rows.get("table") != table_key:
        rows.clear()
        rows["table"] = table_key
    if rows is None or "laws" not in rows:
        _check_laws(table)
        if rows is not None:
            rows["laws"] = True
    width = len(generators)
    # bad[i][y]: a move in one heap of kind i turns a sum of image y plus that heap into a sum
    # whose image is in P.  A sum G with some heap is a P-position exactly when no heap H of G
    # has bad[kind(H)][image(G - H)] (induction on G's options, whose images are then right).
    # Kind i's options hold only smaller heaps, so its row depends on generators[: i + 1].
    bad = []
    for i, deltas in enumerate(sums.options):
        row_key = (i, tuple(generators[: i + 1]))
        row = None if rows is None else rows.get(row_key)
        if row is None:
            images = []
            for delta in deltas:
                x = 0
                for j, count in enumerate(delta):
                    for _ in range(count):
                        x = table[x][generators[j]]
                images.append(x)
            row = [any(table[y][o] in p_portion for o in images) for y in range(n)]
            if rows is not None:
                rows[row_key] = row
        bad.append(row)
    # P-positions: G = Y + H with image(G) in P has no option in P.  Every y is the image of
    # some sum Y (the elements are generated by the heaps), so this is checked for all y.
    for i in range(width):
        g = generators[i]
        for y in range(n):
            if table[y][g] in p_portion and bad[i][y]:
                raise QuotientNotFoundError(
                    "the candidate quotient mispredicts a position; try a larger test_weight"
                )
    # N-positions.  The heaps of G fall into groups by their image; the image of G minus one
    # heap is the same, y[g], for every heap of group g, and a heap of G may be swapped for a
    # heap of any kind of its group without changing any image.  So G is faithful for every
    # choice of kinds exactly when some present group has only kinds that win from y[g]
    # (allbad).  The state of G: its image and, for each group, the class of y[g] (-1 when
    # absent), where y ~ y' when allbad of y * z and y' * z agree for every z (then so after
    # adding any heap).
    groups = sorted(set(generators))
    allbad = [
        [all(bad[i][y] for i in range(width) if generators[i] == g) for y in range(n)]
        for g in groups
    ]
    count = len(groups)
    key = (*table_key, tuple(groups), tuple(map(tuple, allbad)))
    if verified is not None and key in verified:
        return
    # A class where allbad never holds again (y * z for any z) acts as an absent group: a heap
    # of the group added later sets the class from the image either way.  It is written -1.
    canon = []
    for row_bad in allbad:
        first: dict[tuple[bool, ...], int] = {(False,) * n: -1}
        canon.append([first.setdefault(tuple(row_bad[t] for t in table[y]), y) for y in range(n)])
    # A class from which every sum wins through a heap of the group (allbad of y * z for every
    # z, and the image of G minus such a heap stays a multiple of y): a state with such a
    # present group is faithful, and so is everything reached from it.
    safe = [[all(row_bad[t] for t in table[y]) for y in range(n)] for row_bad in allbad]
    # step[k][j][c]: the class of group k after a heap of group j is added (k != j).
    step = [
        [[canon[k][table[c][groups[j]]] if c >= 0 else -1 for c in range(n)] for j in range(count)]
        for k in range(count)
    ]
    if 0 in p_portion:
        raise QuotientNotFoundError("the candidate puts the empty sum in P")
    # A state: the image of G, then the class of each group (-1: absent or dead); the empty
    # sum is checked above and only its successors are visited.
    ks = range(count)
    seen: set[tuple[int, ...]] = set()
    queue: deque[tuple[int, ...]] = deque()
    for j in ks:
        first_state = (groups[j], *(canon[j][0] if k == j else -1 for k in ks))
        if first_state not in seen:
            seen.add(first_state)
            queue.append(first_state)
    while queue:
        state = queue.popleft()
        image = state[0]
        minus = state[1:]
        present = [k for k in ks if minus[k] >= 0]
        if any(safe[k][minus[k]] for k in present):
            continue
        if image not in p_portion and not any(allbad[k][minus[k]] for k in present):
            raise QuotientNotFoundError(
                "the candidate quotient mispredicts a position; try a larger test_weight"
            )
        for j in ks:
            following = [-1] * count
            for k in present:
                following[k] = step[k][j][minus[k]]
            following[j] = canon[j][image]
            new = (table[image][groups[j]], *following)
            if new not in seen:
                seen.add(new)
                queue.append(new)
    if verified is not None:
        verified.add(key)


def _word_key(name: str) -> tuple[int, str]:
    """Shortlex key of a name such as ``ab^2`` (the word ``abb``)."""
    if name == "1":
        return (0, "")
    word = ""
    for letter, power in _PARTS.findall(name):
        word += letter * (int(power) if power else 1)
    return (len(word), word)


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
    progress: Progress | None = None,
    method: str = "refine",
) -> MisereQuotient:
    """The misère quotient of the sums of heaps of sizes ``0 .. max_heap`` (see the module).

    ``heap(k)`` is the position of a heap of size ``k``; each option of a heap must be a heap
    of smaller size or a `cgt.Sum` of such heaps (as in octal and subtraction games).  Raises
    `QuotientNotFoundError` when the quotient has more than ``max_order`` elements or no
    candidate passes its checks.

    ``method`` says how each heap kind is added: ``"refine"`` (the default) refines candidate
    monoids until a P-check and an N-check over the candidate pass (`cgt.misere._refine`, after
    Siegel's MisereSolver; no sum is searched); ``"extend"`` grows the quotient by slices and
    certifies it, falling back on ``"search"``, the direct search of sums of heaps against test
    sums (then ``test_weight`` heaps at most).  The last two are kept as independent checks.
    ``outcomes`` says how the direct search finds the misère outcomes of sums: ``"search"``
    searches their moves; ``"forms"`` adds the heaps' misère simplest forms
    (`cgt.misere_canonical`) and reads the outcome of the sum's form, which is often much
    faster (Kayles) but sometimes slower (0.75, whose forms grow large).  The certificate
    checks the result either way.  ``progress(kinds_done, kinds, order)`` is called after each
    heap kind is added.

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
    _check_method(method)
    _check_max_order(max_order)
    # The refinement searches no sum: the simplest forms would go unused.
    sums = _HeapSums(heap, max_heap, use_forms=outcomes == "forms" and method != "refine")
    builder = _Builder(sums, test_weight, max_order, progress, method)
    for _ in builder.steps():
        pass
    return builder.quotient(max_heap)


def _check_max_order(max_order: int) -> None:
    if not isinstance(max_order, int) or isinstance(max_order, bool) or max_order < 1:
        raise InvalidArgumentError(f"max_order is a positive int, got {max_order!r}")


def _check_method(method: str) -> None:
    if method not in ("refine", "extend", "search"):
        raise InvalidArgumentError(f"method is 'refine', 'extend' or 'search', got {method!r}")


Progress = Callable[[int, int, int], None]
"""``progress(kinds_done, kinds, order)``: called after each heap kind is added."""


class _Builder:
    """The quotients of heaps of the first 1, 2, ... kinds in turn (each one certified)."""

    def __init__(
        self,
        sums: _HeapSums,
        test_weight: int,
        max_order: int,
        progress: Progress | None,
        method: str = "extend",
    ) -> None:
        self.sums = sums
        self.test_weight = test_weight
        self.max_order = max_order
        self.progress = progress
        self.method = method
        self.width = len(sums.active)
        self.table: list[list[int]] = [[0]]
        self.p_portion: set[int] = set()
        self.generators: list[int] = []
        self.reps: list[tuple[int, ...]] = [(0,) * self.width]
        self.cheap_steps = 0
        self.verified: set[Any] = set()
        self.rows: dict[Any, Any] = {}
        """`_certify`'s rows of one table, kept from step to step."""
        self.extended_steps = 0
        """Steps done inside a quotient without searching sums (`extend_by_one_heap`, or the
        refinement)."""
        self.searched_steps = 0
        """Steps that needed the direct search of sums of heaps."""
        self.refiner: Refiner | None = None
        """With ``method="refine"``: the quotient so far, as the refinement keeps it."""

    def steps(self) -> Iterator[int]:
        """Add the heap kinds one by one; yields the number of kinds done."""
        sums, width = self.sums, self.width
        if self.method == "refine":
            yield from self._refined_steps()
            return
        for step in range(1, width + 1):
            part = _HeapSums.restricted(sums, step)
            if self.method == "extend" and self._extend(part, step):
                self.extended_steps += 1
            else:
                found = self._existing_image(part) if step > 1 else None
                if found is not None:
                    # The new heap is an element the quotient already has: certified.
                    self.generators = [*self.generators, found]
                    self.cheap_steps += 1
                else:
                    if step > 1:
                        sums.known = (self.table, self.p_portion, self.generators, step - 1)
                        part.known = sums.known
                    self._grow(part, step)
                    self.searched_steps += 1
            if self.progress is not None:
                self.progress(step, width, len(self.table))
            yield step

    def _refined_steps(self) -> Iterator[int]:
        """Each kind added by refinement inside candidate monoids (`cgt.misere._refine`)."""
        from cgt.misere._refine import RefinementError, Refiner

        kind_options = [
            [[j for j, count in enumerate(delta) for _ in range(count)] for delta in deltas]
            for deltas in self.sums.options
        ]
        refiner = Refiner(kind_options)
        self.refiner = refiner
        for step in range(1, self.width + 1):
            try:
                refiner.add_kind()
            except RefinementError as error:
                raise QuotientNotFoundError(
                    f"the refinement stopped at the heap of size {self.sums.active[step - 1]}: "
                    f"{error}"
                ) from None
            if refiner.order > self.max_order:
                raise QuotientNotFoundError(f"the quotient has more than {self.max_order} elements")
            self.generators = refiner.images()
            self.extended_steps += 1
            if self.progress is not None:
                self.progress(step, self.width, refiner.order)
            yield step

    def _extend(self, part: _HeapSums, step: int) -> bool:
        """Add kind ``step - 1`` by computing inside the quotient (`extend_by_one_heap`), then
        certify; ``False`` when the candidate fails (or grows past ``max_order``)."""
        found = extend_by_one_heap(
            self.table,
            self.p_portion,
            self.generators,
            [rep[:step] for rep in self.reps],
            part.options,
            step - 1,
        )
        if found is None:
            return False
        table, p_portion, generators, reps = found
        if len(table) > self.max_order:
            return False
        try:
            _certify(part, table, p_portion, generators, self.verified, self.rows)
        except QuotientNotFoundError:
            return False
        self.table, self.p_portion, self.generators = table, p_portion, generators
        self.reps = [rep + (0,) * (self.width - len(rep)) for rep in reps]
        return True

    def _existing_image(self, part: _HeapSums) -> int | None:
        """An element that the new heap kind can map to with the quotient unchanged (the
        certificate decides), or ``None``."""
        for x in range(len(self.table)):
            try:
                _certify(part, self.table, self.p_portion, [*self.generators, x])
            except QuotientNotFoundError:
                continue
            return x
        return None

    def _grow(self, part: _HeapSums, step: int) -> None:
        tests = _tests_from([rep[:step] for rep in self.reps], step, step, 2)
        try:
            table, p_portion, generators, reps = _candidate(part, tests, self.max_order)
            _certify(part, table, p_portion, generators)
        except QuotientNotFoundError:
            if len(tests) > 10**5:
                raise
            tests = _tests(step, step, self.test_weight)
            table, p_portion, generators, reps = _candidate(part, tests, self.max_order)
            _certify(part, table, p_portion, generators)
        self.table, self.p_portion, self.generators = table, p_portion, generators
        self.reps = [rep + (0,) * (self.width - len(rep)) for rep in reps]

    def heap_images(self, max_heap: int) -> list[int]:
        images = [0] * (max_heap + 1)
        for i, k in enumerate(self.sums.active[: len(self.generators)]):
            images[k] = self.generators[i]
        return images

    def quotient(self, max_heap: int, **extra: Any) -> MisereQuotient:
        if self.refiner is not None:
            self.table, self.p_portion, self.generators = self.refiner.bipartite()
        table, p_portion, new_of = reduce_bipartite(self.table, self.p_portion)
        generators = [new_of[g] for g in self.generators]
        names, chosen = _names(table, generators)
        # Number the elements in the order of their shortest words (1, a, b, ..., ab, ...), so
        # that the numbering does not depend on how the quotient was built.
        order = sorted(range(len(table)), key=lambda x: _word_key(names[x]))
        position = {x: k for k, x in enumerate(order)}
        table = [[position[table[x][y]] for y in order] for x in order]
        p_portion = {position[x] for x in p_portion}
        names = tuple(names[x] for x in order)
        new_of = [position[x] for x in new_of]
        images = [new_of[x] for x in self.heap_images(max_heap)]
        return MisereQuotient(
            max_heap=max_heap,
            table=tuple(map(tuple, table)),
            p_portion=frozenset(p_portion),
            heap_images=tuple(images),
            names=names,
            generators=tuple(self.sums.active[i] for i in chosen),
            **extra,
        )


def _octal_options(digits: tuple[int, ...], size: int) -> list[list[list[int]]]:
    """``raw[k]``: each option of the heap of size ``k`` as the sizes of the heaps it leaves."""
    raw: list[list[list[int]]] = []
    for k in range(size + 1):
        options: list[list[int]] = []
        for r, digit in enumerate(digits):
            m = k - r
            if m < 0:
                break
            if digit & 1 and m == 0 and r > 0:
                options.append([])
            if digit & 2 and m >= 1 and r > 0:
                options.append([m])
            if digit & 4:
                options.extend([a, m - a] for a in range(1, m // 2 + 1))
        raw.append(options)
    return raw


def _heap_period(images: list[int], most_removed: int) -> tuple[int, int] | None:
    """``(preperiod, period)`` when the heap images ``images[0..n]`` are periodic from
    ``preperiod`` over a window long enough for every larger heap (``n >= 2 * preperiod +
    2 * period + most_removed - 1``), the shortest period first; else ``None``."""
    n = len(images) - 1
    for period in range(1, n // 2 + 1):
        start = n - period + 1
        while start >= 1 and images[start - 1] == images[start - 1 + period]:
            start -= 1
        # images[m] == images[m + period] for start <= m <= n - period (none if start is
        # n - period + 1, and then the window below cannot be long enough).  The argument
        # needs a preperiod of at least 1: with 0, a move that leaves one heap (a) and one that
        # leaves two (a, period) are not the same kind of move.
        start = max(start, 1)
        if n >= 2 * start + 2 * period + most_removed - 1:
            return start, period
    return None


def octal_misere_quotient(
    digits: tuple[int, ...],
    *,
    max_heap: int = 64,
    test_weight: int = 4,
    max_order: int = 512,
    progress: Progress | None = None,
    method: str = "refine",
) -> MisereQuotient:
    """The misère quotient of *all* heaps of the octal game with code digits ``digits``
    (``(0, 7, 5)`` for 0.75), certified, or of the heaps up to ``max_heap`` when it has not
    stabilised by then (`MisereQuotient.all_heaps` says which).

    Heaps are added one by one, each step checked as in `misere_quotient` (``method`` as
    there; a heap that maps onto an element the quotient has costs only its own checks).  The
    stabilisation certificate: when the heap images are periodic, ``image(n + p) == image(n)`` for
    ``1 <= n0 <= n <= N - p`` with ``N >= 2 n0 + 2 p + t - 1`` (``t`` the most tokens a move
    removes), every heap above ``N`` has the image *and the set of option images* of the heap
    ``p`` below it (the argument of the octal periodicity theorem, applied to images), so the
    certificate of the heaps up to ``N`` covers every sum of heaps of any size.

    >>> q = octal_misere_quotient((0, 7, 5))
    >>> q.all_heaps, q.order, q.p_portion_names, q.is_p_position([3, 5, 7, 10**9])
    (True, 8, ('a', 'b^2'), False)
    """
    if (
        not isinstance(digits, tuple)
        or not digits
        or not all(isinstance(d, int) and 0 <= d <= 7 for d in digits)
    ):
        raise InvalidArgumentError(f"octal digits are a tuple of ints 0..7, got {digits!r}")
    if digits[0] not in (0, 4):
        raise InvalidArgumentError(f"the first octal digit is 0 or 4, got {digits[0]}")
    if not isinstance(max_heap, int) or isinstance(max_heap, bool) or max_heap < 1:
        raise InvalidArgumentError(f"max_heap is a positive int, got {max_heap!r}")
    _check_max_order(max_order)
    _check_method(method)
    sums = _HeapSums.from_raw(_octal_options(digits, max_heap))
    builder = _Builder(sums, test_weight, max_order, progress, method)
    most_removed = len(digits) - 1
    last = 0
    for step in builder.steps():
        last = sums.active[step - 1]
        found = _heap_period(builder.heap_images(last), most_removed)
        if found is not None:
            preperiod, period = found
            return builder.quotient(last, preperiod=preperiod, period=period)
    return builder.quotient(max(last, 0))
