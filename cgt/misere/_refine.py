"""Misère quotients heap kind by heap kind, refined inside candidate monoids (no sum is searched).

The method is the one of Siegel's MisereSolver (the structure of its ``MisereSolver.next``,
written here in our own words and code).  A *candidate* is a finite commutative monoid given by
how each heap kind acts on it (``act[i][x]`` is ``x`` times the image of kind ``i``), with the
identity as element 0, every element the image of some sum, and a P-portion.  For a sum ``w``
(a vector of heap counts) let ``T(w)`` be the images of its options: ``phi(w - h) * t`` for a
heap ``h`` of ``w`` and ``t`` the image of an option of ``h``.  Two finite checks make the
candidate right on *every* sum (induction on the sum's options):

* **P-check**: for every element ``x`` and kind ``h``, if ``x * phi(h)`` is in P then no
  ``x * t`` (``t`` an option image of ``h``) is in P;
* **N-check**: every non-empty sum ``w`` whose image is not in P has some image of ``T(w)`` in P.
  Sums are listed in *lex order* (the largest kind most significant), and a sum with the same
  image as a lex-smaller one and a superset of its ``T`` is cut with everything that extends it
  (if ``w + u`` fails, so does the lex-smaller ``w' + u``): finitely many sums remain.

Candidates are *marked*: each element is given the outcome of its lex-least sum, computed from
the images of that sum's options (all lex-smaller).  When a new kind does not map onto an
existing element, the candidate is the old quotient times a cyclic monoid for the kind;
while a check fails, at the lex-least failing sum ``w`` (whose true outcome is then the opposite
of the candidate's) some of ``w``'s kinds are *freed* (the old candidate acts for the others,
a cyclic monoid ``<t | t^(i + p) = t^i>`` for each freed kind), the product is marked and
reduced, and the first
choice (fewest freed kinds first) that gets ``w`` right is the next candidate.  When both checks
pass, the reduced candidate is the misère quotient.  Only the checks make an answer; the
heuristics (which kinds to free, the cyclic monoids' sizes) only decide how fast one is found.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cgt.core.errors import CGTError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["RefinementError", "Refiner"]

Word = tuple[int, ...]

MAX_CANDIDATE_CELLS = 1 << 24
"""The most cells (elements times kinds) of an unreduced candidate: 64 MB of actions.  The
largest candidate of Dawson's Kayles to heap 33 has 15,760 elements on 32 kinds."""

MAX_WORK = 4_000_000
"""The most steps of work on one heap kind: sums listed by the N-checks plus elements of the
candidates built, about a minute.  Dawson's Kayles to heap 33 takes about a million in all."""

MAX_ROUNDS = 2000
"""The most refinements spent on one heap kind."""


class RefinementError(CGTError, RuntimeError):
    """The refinement could not produce a verified candidate within its limits."""


class _Budget:
    """The steps of work left for one heap kind."""

    def __init__(self, steps: int) -> None:
        self.limit = steps
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise RefinementError(
                f"more than {self.limit:,} steps of work on one heap kind (the quotient grows "
                "too fast for the checks: a wild game, or ask for fewer heaps)"
            )


def _lex_key(word: Word) -> Word:
    return tuple(reversed(word))


def _lex_least(
    act: Sequence[Sequence[int]],
    n: int,
    options: Callable[[int, int], list[int]] | None = None,
) -> tuple[list[int], dict[int, Word], bytearray | None]:
    """The elements reachable from 0 in the lex order of their lex-least sums, and those sums.

    With ``options(i, y)`` (the images of the options of kind ``i`` in a sum of image ``y``
    plus that heap) every element is also *marked*: P when its lex-least sum is not empty and
    no option of it has a P image.  A sum less one heap of a lex-least sum is lex-least too, so
    the image of ``w - h`` is looked up among the sums already listed.
    """
    k = len(act)
    marked = bytearray(n)
    p_marks = bytearray(n) if options is not None else None
    exps = [0] * k
    order: list[int] = []
    words: dict[int, Word] = {}
    element_of: dict[Word, int] = {}

    def leaf(state: int) -> None:
        word = tuple(exps)
        marked[state] = 1
        order.append(state)
        words[state] = word
        if p_marks is None or options is None:
            return
        element_of[word] = state
        if not any(word):
            return  # the empty sum: the player to move wins (N)
        for i in range(k):
            if exps[i]:
                exps[i] -= 1
                y = element_of[tuple(exps)]
                exps[i] += 1
                for z in options(i, y):
                    if p_marks[z]:
                        return
        p_marks[state] = 1

    # Depth-first over kinds from the largest down (exactly lex order), without recursion:
    # a frame [kind, element] counts up the heaps of that kind.
    stack: list[list[int]] = []
    depth, state = k - 1, 0
    while True:
        while depth >= 0:
            stack.append([depth, state])
            depth -= 1
        leaf(state)
        while stack:
            frame = stack[-1]
            following = act[frame[0]][frame[1]]
            if marked[following]:
                exps[frame[0]] = 0
                stack.pop()
                continue
            exps[frame[0]] += 1
            frame[1] = following
            depth, state = frame[0] - 1, following
            break
        else:
            return order, words, p_marks


def _moore(acts: np.ndarray, p_marks: np.ndarray) -> np.ndarray:
    """The coarsest partition refining P and kept by every action (``x ~ y`` iff ``x * z`` and
    ``y * z`` agree on P for every ``z``); class ids."""
    import numpy as np

    classes = p_marks.astype(np.int64)
    count = len(np.unique(classes))
    generators = np.unique(acts, axis=0) if len(acts) else acts
    while True:
        key = np.concatenate([classes[None, :], classes[generators]], axis=0).T
        _, refined = np.unique(key, axis=0, return_inverse=True)
        refined = refined.reshape(-1)
        refined_count = int(refined.max()) + 1
        if refined_count == count:
            return refined
        classes, count = refined, refined_count


class _Monoid:
    """A reduced candidate: each kind's action, the P-portion, each element's lex-least sum
    (elements numbered in lex order), and for each kind the products ``x * t`` with its option
    images ``t`` (one column per distinct image)."""

    def __init__(self, act: np.ndarray, p_marks: np.ndarray, kind_options: list[list[list[int]]]):
        import numpy as np

        rows = [array("i", row.astype(np.int32).tobytes()) for row in act]
        order, words, _ = _lex_least(rows, len(p_marks))
        m = len(order)
        relabel = np.empty(m, dtype=np.int32)
        relabel[np.array(order)] = np.arange(m, dtype=np.int32)
        self.act = relabel[act[:, order]].astype(np.int32) if len(act) else act
        self.p_marks = p_marks[order].astype(bool)
        self.words = [words[x] for x in order]
        self.option_columns = [self._option_columns(kind_options[i]) for i in range(len(act))]

    @property
    def order(self) -> int:
        return len(self.p_marks)

    def image(self, word: Word, x: int = 0) -> int:
        for i, count in enumerate(word):
            row = self.act[i]
            for _ in range(count):
                x = int(row[x])
        return x

    def column(self, y: int) -> np.ndarray:
        """``x * y`` for every element ``x``."""
        import numpy as np

        column = np.arange(self.order, dtype=np.int32)
        for i, count in enumerate(self.words[y]):
            for _ in range(count):
                column = self.act[i][column]
        return column

    def _option_columns(self, options: list[list[int]]) -> np.ndarray:
        import numpy as np

        columns: dict[int, np.ndarray] = {}
        for option in options:
            x = 0
            for j in option:
                x = int(self.act[j][x])
            if x not in columns:
                columns[x] = self.column(x)
        if not columns:
            return np.zeros((self.order, 0), dtype=np.int32)
        return np.stack([columns[t] for t in sorted(columns)], axis=1)

    def extended(self, column: np.ndarray, option_columns: np.ndarray) -> _Monoid:
        """The same monoid with one more kind: its action ``column`` (the column of its image)
        and its `_option_columns` (the options hold smaller kinds only, so they are the same
        here as in the larger monoid)."""
        import numpy as np

        extended = object.__new__(_Monoid)
        extended.act = np.concatenate([self.act, column[None, :]], axis=0)
        extended.p_marks = self.p_marks
        extended.words = [(*word, 0) for word in self.words]
        extended.option_columns = [*self.option_columns, option_columns]
        return extended


def _mask(flags: np.ndarray) -> int:
    import numpy as np

    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _least_p_failure(q: _Monoid) -> Word | None:
    best: Word | None = None
    for i, options in enumerate(q.option_columns):
        if options.shape[1] == 0:
            continue
        bad = q.p_marks[q.act[i]] & q.p_marks[options].any(axis=1)
        for x in bad.nonzero()[0]:
            word = list(q.words[int(x)])
            word[i] += 1
            if best is None or _lex_key(tuple(word)) < _lex_key(best):
                best = tuple(word)
    return best


def _least_n_failure(
    q: _Monoid,
    bound: Word | None = None,
    extra: tuple[np.ndarray, np.ndarray] | None = None,
    verified: list[list[int]] | None = None,
    budget: _Budget | None = None,
) -> Word | None:
    """The lex-least non-empty sum whose image is not in P and none of whose options' images is
    in P, among the sums lex-below ``bound`` (``None`` if there is none).  ``extra`` (action
    column, option columns) is one more kind on trial; ``budget`` is charged a step per sum.
    ``verified`` receives, per element, the
    option-image sets (bit masks) of the sums that were not cut.  A kind with the image of a
    smaller kind and a superset of its option images is left out (a sum with it is dominated by
    the lex-smaller sum with the smaller kind instead)."""
    import numpy as np

    m = q.order
    p_marks = q.p_marks
    actions = list(q.act)
    option_columns = list(q.option_columns)
    if extra is not None:
        actions.append(extra[0])
        option_columns.append(extra[1])
    all_kinds = len(actions)
    images = [int(row[0]) for row in actions]
    kept: list[int] = []
    for i in range(all_kinds):
        if option_columns[i].shape[1] == 0:
            continue
        own = set(option_columns[i][0].tolist())
        if any(images[j] == images[i] and set(option_columns[j][0].tolist()) <= own for j in kept):
            continue
        kept.append(i)
    bound_key = None if bound is None else _lex_key(bound)
    seen: list[list[int]] = [[] for _ in range(m)]
    exps = [0] * len(kept)

    def whole() -> Word:
        word = [0] * all_kinds
        for j, i in enumerate(kept):
            word[i] = exps[j]
        return tuple(word)

    # Frames [kept index, element, option images (None: the empty sum)], as in `_lex_least`.
    empty = np.zeros(0, dtype=np.int64)
    stack: list[list[object]] = []
    depth, x, options = len(kept) - 1, 0, empty
    is_empty = True
    steps = 0
    while True:
        while depth >= 0:
            stack.append([depth, x, options, is_empty])
            depth -= 1
        if not is_empty and not p_marks[x] and not p_marks[options].any():
            failure = whole()
            return failure
        while stack:
            steps += 1
            if budget is not None and steps % 1024 == 0:
                budget.spend(1024)
            frame = stack[-1]
            d, y, images_before, was_empty = frame
            assert isinstance(d, int) and isinstance(y, int)
            kind = kept[d]
            exps[d] += 1
            if bound_key is not None and _lex_key(whole()) >= bound_key:
                return None
            flags = np.zeros(m, dtype=bool)
            if not was_empty:
                flags[actions[kind][images_before]] = True
            flags[option_columns[kind][y]] = True
            following = int(actions[kind][y])
            mask = _mask(flags)
            masks = seen[following]
            if any(old & ~mask == 0 for old in masks):
                exps[d] = 0
                stack.pop()
                continue
            masks[:] = [old for old in masks if mask & ~old]
            masks.append(mask)
            options = flags.nonzero()[0]
            frame[1], frame[2], frame[3] = following, options, False
            depth, x, is_empty = d - 1, following, False
            break
        else:
            if verified is not None:
                verified[:] = seen
            return None


def _cyclic(index: int, period: int) -> list[int]:
    """The action of the generator of the cyclic monoid ``<t | t^(index + period) = t^index>``."""
    return [*range(1, index + period), index]


class Refiner:
    """The misère quotient of the first kinds of heaps, one kind added at a time.

    ``kind_options[i]`` lists each option of kind ``i`` as the kinds of the heaps it leaves
    (all smaller than ``i``; heaps with no move are left out).

    >>> refiner = Refiner([[[]], [[], [0]]])      # Nim heaps 1 and 2
    >>> [refiner.add_kind() for _ in range(2)]
    ['new kind', 'new kind']
    >>> refiner.order, sorted(refiner.bipartite()[1])
    (6, [1, 4])
    """

    def __init__(
        self,
        kind_options: Sequence[Sequence[Sequence[int]]],
        max_candidate_cells: int = MAX_CANDIDATE_CELLS,
        max_work: int = MAX_WORK,
    ) -> None:
        self.kind_options = [[list(option) for option in options] for options in kind_options]
        for kind, options in enumerate(self.kind_options):
            if not options:
                raise ValueError(f"kind {kind} has no option (leave heaps with no move out)")
            if any(not 0 <= j < kind for option in options for j in option):
                raise ValueError(f"an option of kind {kind} holds a kind that is not smaller")
        self.max_candidate_cells = max_candidate_cells
        self.max_work = max_work
        self._budget = _Budget(max_work)
        self.kinds = 0
        self.refinements = 0
        self.largest_candidate = 1
        self._quotient: _Monoid | None = None
        self._verified: list[list[int]] | None = None

    @property
    def monoid(self) -> _Monoid:
        if self._quotient is None:
            import numpy as np

            self._quotient = _Monoid(np.zeros((0, 1), dtype=np.int32), np.zeros(1, bool), [])
        return self._quotient

    @property
    def order(self) -> int:
        return self.monoid.order

    def images(self) -> list[int]:
        """The element of each kind added so far."""
        return [int(row[0]) for row in self.monoid.act]

    def bipartite(self) -> tuple[list[list[int]], set[int], list[int]]:
        """``(table, P, images)``: the multiplication table, P-portion and kind images."""
        q = self.monoid
        columns = [q.column(y).tolist() for y in range(q.order)]
        table = [[columns[y][x] for y in range(q.order)] for x in range(q.order)]
        return table, {int(x) for x in q.p_marks.nonzero()[0]}, self.images()

    def add_kind(self) -> str:
        """Add the next kind; says whether it mapped onto an element or needed a new one."""
        kind = self.kinds
        if kind >= len(self.kind_options):
            raise IndexError("every kind has been added")
        self._budget = _Budget(self.max_work)
        q = self.monoid
        options = self.kind_options[kind]
        option_columns = q._option_columns(options)
        tried = self._onto_existing(q, option_columns)
        if tried is not None:
            self._quotient, how = tried
        else:
            self._quotient = self._refined(q, kind)
            how = "new kind"
        self.kinds += 1
        return how

    def _onto_existing(self, q: _Monoid, option_columns: np.ndarray) -> tuple[_Monoid, str] | None:
        images = option_columns[0]
        heap_is_p = not q.p_marks[images].any()
        # P-check of the new kind onto x: no sum Z with x * z in P has a P option Z + t.
        option_rows = [q.p_marks[q.column(int(t))] for t in images]
        candidates: dict[int, np.ndarray] = {}  # x -> its column
        for x in range(q.order):
            if bool(q.p_marks[x]) != heap_is_p:
                continue
            column = q.column(x)
            in_p = q.p_marks[column]
            if any((row & in_p).any() for row in option_rows):
                continue
            candidates[x] = column
        # N-check, quickly: the heap's option images hold those of a verified sum of image x,
        # so the heap may stand in for that sum in every argument ...
        verified = self._verified_masks(q)
        image_mask = 0
        for t in images.tolist():
            image_mask |= 1 << t
        for x, column in candidates.items():
            if any(old & ~image_mask == 0 for old in verified[x]):
                return q.extended(column, option_columns), "onto an element (dominated)"
        # ... else in full; the sums this check lists are those of the extended monoid's own
        # N-check, so its verified sums are kept for the next kind.
        for column in candidates.values():
            listed: list[list[int]] = []
            extra = (column, option_columns)
            if _least_n_failure(q, extra=extra, verified=listed, budget=self._budget) is None:
                self._verified = listed
                return q.extended(column, option_columns), "onto an element (checked)"
        return None

    def _verified_masks(self, q: _Monoid) -> list[list[int]]:
        """The option-image sets of the sums the N-check of ``q`` listed, per element (kept
        until ``q`` changes; set only once the check has finished)."""
        if self._verified is None:
            verified: list[list[int]] = []
            _least_n_failure(q, verified=verified, budget=self._budget)
            self._verified = verified
        return self._verified

    def _refined(self, q: _Monoid, kind: int) -> _Monoid:
        self._verified = None
        trial = self._candidate(q, kind + 1, {kind: (2, 2)})
        for _ in range(MAX_ROUNDS):
            p_failure = _least_p_failure(trial)
            listed: list[list[int]] = []  # filled only by a check that lists every sum
            failure = _least_n_failure(trial, bound=p_failure, verified=listed, budget=self._budget)
            if failure is None:
                failure = p_failure
            if failure is None:
                self._verified = listed  # kept for the next kind
                return trial
            trial = self._recalibrated(trial, kind + 1, failure)
            self.refinements += 1
        raise RefinementError(f"no verified candidate after {MAX_ROUNDS} refinements")

    def _recalibrated(self, trial: _Monoid, kinds: int, failure: Word) -> _Monoid:
        should_be_p = not trial.p_marks[trial.image(failure)]
        present = [i for i in range(kinds) if failure[i]]
        for size in range(1, len(present) + 1):
            for chosen in itertools.combinations(present, size):
                free = {}
                for i in chosen:
                    index = max(_index_of(trial, int(trial.act[i][0])), failure[i] - 1)
                    free[i] = (index, max(2, 2 * ((index - 4) // 2)))
                candidate = self._candidate(trial, kinds, free)
                if bool(candidate.p_marks[candidate.image(failure)]) == should_be_p:
                    return candidate
        word = ", ".join(f"{count} x kind {i}" for i, count in enumerate(failure) if count)
        raise RefinementError(f"no recalibration gets the sum ({word}) right")

    def _candidate(self, base: _Monoid, kinds: int, free: dict[int, tuple[int, int]]) -> _Monoid:
        """Marked and reduced: ``base`` acts for the kinds not in ``free`` (each one of
        ``base``'s kinds), a cyclic monoid ``(index, period)`` for each kind in ``free``."""
        import numpy as np

        sizes = [base.order] + [index + period for index, period in free.values()]
        n = math.prod(sizes)
        if n * kinds > self.max_candidate_cells:
            raise RefinementError(
                f"a candidate of {n} elements on {kinds} kinds is past the limit of "
                f"{self.max_candidate_cells} cells"
            )
        self._budget.spend(n)
        self.largest_candidate = max(self.largest_candidate, n)
        coordinates = np.unravel_index(np.arange(n, dtype=np.int64), sizes, order="F")
        strides = np.cumprod([1, *sizes[:-1]])
        place = {i: 1 + j for j, i in enumerate(free)}
        everything = np.arange(n, dtype=np.int64)
        acts = np.empty((kinds, n), dtype=np.int32)
        for i in range(kinds):
            if i in free:
                j = place[i]
                here = coordinates[j]
                step = np.array(_cyclic(*free[i]), dtype=np.int64)
                acts[i] = everything + (step[here] - here) * strides[j]
            else:
                here = coordinates[0]
                acts[i] = everything + (base.act[i][here] - here)
        del coordinates, everything
        rows = [array("i", row.tobytes()) for row in acts]  # 4 bytes a cell, fast to index
        kind_options = self.kind_options

        def option_images(i: int, y: int) -> list[int]:
            found = []
            for option in kind_options[i]:
                z = y
                for j in option:
                    z = rows[j][z]
                found.append(z)
            return found

        order, _, p_marks = _lex_least(rows, n, option_images)
        assert p_marks is not None
        reached = np.array(order)
        relabel = np.full(n, -1, dtype=np.int32)
        relabel[reached] = np.arange(len(reached), dtype=np.int32)
        acts = relabel[acts[:, reached]]
        marks = np.frombuffer(bytes(p_marks), dtype=np.uint8)[reached].astype(bool)
        classes = _moore(acts, marks)
        _, first = np.unique(classes, return_index=True)
        by_first = np.argsort(first)
        renumber = np.empty(len(by_first), dtype=np.int64)
        renumber[by_first] = np.arange(len(by_first))
        classes = renumber[classes]
        representatives = first[by_first]
        reduced = classes[acts[:, representatives]].astype(np.int32)
        return _Monoid(reduced, marks[representatives], kind_options[:kinds])


def _index_of(q: _Monoid, x: int) -> int:
    """The least ``i`` with ``x^i = x^(i + p)`` for some ``p > 0``."""
    seen: dict[int, int] = {}
    y, i = 0, 0
    while y not in seen:
        seen[y] = i
        y = q.image(q.words[x], y)
        i += 1
    return seen[y]
