"""Grundy values of take-and-break games (octal codes, Grundy's game): two engines, one answer.

A `TakeBreakRules` lists what a move may leave after removing ``r`` tokens: nothing (the whole
heap, ``whole``; or any heap from ``whole_from`` on), one heap (``one``), two heaps (``two``;
``unequal`` for Grundy's game) or three heaps (``three``, hexadecimal codes).

* `PythonValues`: the rare/common split in pure Python (see ``games/nim/octal.py``), values in a
  list.  Always available; the exact fallback and the oracle of the tests.
* `KernelValues`: the same split in C (``_kernel.c``), values in a numpy ``uint32`` array (4 bytes
  a heap: 4 MB per million heaps, plus the short list of rare heaps), computed in chunks so that
  progress is shown and Ctrl-C is honoured between them.  The mask also may depend on the heap's
  parity (Flammenkamp's sparse space "in the domain": heap ``x`` is rare when
  ``parity(g(x) & mask) == (x - t) & 1``), which helps games such as ``0.051``.

`grundy_values_naive` is the plain mex over every option, O(n) a heap, for checking both.

>>> rules = TakeBreakRules(whole=(1, 2), one=(1, 2), two=(1, 2))          # Kayles, 0.77
>>> PythonValues(rules).extend(12) or None
>>> grundy_values_naive(rules, 12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

import ctypes
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

import attrs

import cgt
from games.nim import _kernel
from games.nim._errors import InvalidArgumentError
from games.nim._sequence import HeapGame

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "ENGINES",
    "KernelValues",
    "PythonValues",
    "TakeBreakGame",
    "TakeBreakRules",
    "grundy_values_naive",
    "make_values",
]

ENGINES = ("auto", "kernel", "python")

FIRST_MASK = 32
"""The mask is first chosen at this many heaps, then again at every doubling."""
MAX_RARE_SHARE = 0.25
"""A mask leaving more than this share of the heaps rare is no help: the plain mex instead."""
MAX_MASK_BITS = 12
_CHUNK = 32


@attrs.frozen
class TakeBreakRules:
    """What a move may leave after removing ``r`` tokens (each a sorted tuple of ``r``)."""

    whole: tuple[int, ...] = ()
    one: tuple[int, ...] = ()
    two: tuple[int, ...] = ()
    three: tuple[int, ...] = ()
    whole_from: int = 0
    unequal: bool = False

    @property
    def most_removed(self) -> int:
        """The most tokens a move that leaves a heap removes (``t`` of the periodicity theorem)."""
        return max((*self.one, *self.two, *self.three, 0))

    def spec(self) -> list[int]:
        """The rules as the kernel reads them (see ``_kernel.c``)."""
        return [
            len(self.whole),
            *self.whole,
            self.whole_from,
            len(self.one),
            *self.one,
            len(self.two),
            *self.two,
            int(self.unequal),
        ]

    def one_parity(self) -> bool:
        """Whether every two-heap removal has the same parity (a mask "in the domain" works)."""
        return len({r & 1 for r in self.two}) <= 1


def _splits(m: int, unequal: bool) -> range:
    """The smaller parts ``a`` of the splits ``a + (m - a)`` of ``m`` into two non-empty heaps."""
    return range(1, (m - 1) // 2 + 1 if unequal else m // 2 + 1)


def _three_split_values(g: list[int], pairs: list[set[int]], m: int) -> set[int]:
    """``g(a) ^ g(b) ^ g(c)`` over ``a + b + c = m`` (all non-empty): ``a`` and a pair value."""
    return {g[a] ^ v for a in range(1, m - 1) for v in pairs[m - a]}


def grundy_values_naive(rules: TakeBreakRules, size: int) -> list[int]:
    """``g(0..size-1)`` by the plain mex over every option (O(n) a heap; O(n**2) with three heaps).

    >>> grundy_values_naive(TakeBreakRules(two=(0,), unequal=True), 12)   # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    """
    g: list[int] = []
    pairs: list[set[int]] = []  # values of the splits of m into two heaps (three-heap moves)
    for n in range(size):
        seen = {0 for r in rules.whole if r == n}
        if rules.whole_from and n >= rules.whole_from:
            seen.add(0)
        seen.update(g[n - r] for r in rules.one if n - r >= 1)
        for r in rules.two:
            m = n - r
            seen.update(g[a] ^ g[m - a] for a in _splits(m, rules.unequal))
        if rules.three:
            pairs.append({g[a] ^ g[n - a] for a in _splits(n, False)})
            for r in rules.three:
                if n - r >= 3:
                    seen |= _three_split_values(g, pairs, n - r)
        g.append(cgt.mex(seen))
    return g


def _parity(value: int) -> int:
    return value.bit_count() & 1


class PythonValues:
    """``g(0), g(1), ...`` by the rare/common split in pure Python (a list of ints)."""

    def __init__(self, rules: TakeBreakRules) -> None:
        self.rules = rules
        self.values: list[int] = []
        self.mask = 0
        self.eps = 0
        self._rare: list[int] = []
        self._pairs: list[set[int]] = []
        self._next_mask_at = FIRST_MASK
        self.work = 0
        """Pairs of heaps looked at (as the kernel counts them, about)."""

    @property
    def size(self) -> int:
        return len(self.values)

    def load(self, values: Any) -> None:
        """Start from ``values`` (a checkpoint): g(0..len-1); the mask is chosen anew."""
        if self.rules.three:
            self.values = []
            self._pairs = []
            self.extend(len(values))  # the pair sets are rebuilt: a three-heap game recomputes
            if self.values != [int(v) for v in values]:
                raise ValueError("the checkpoint's values are not this game's")
            return
        self.values = [int(v) for v in values]
        self._next_mask_at = len(self.values)
        self.mask = 0
        self._rare = []

    def rare_heaps(self) -> list[int]:
        """The heaps (of size >= 1) that are rare for the current mask (none for the plain mex)."""
        return list(self._rare) if self.mask else []

    def _choose_mask(self) -> None:
        """The mask making the fewest heaps (of size >= 1) rare, ties to the smallest mask."""
        counts: dict[int, int] = {}
        for value in self.values[1:]:
            counts[value] = counts.get(value, 0) + 1
        bits = max(counts, default=0).bit_length()
        best, best_rare = 0, len(self.values)
        for mask in range(1, 1 << bits):
            rare = sum(c for v, c in counts.items() if not _parity(v & mask))
            if rare < best_rare:
                best, best_rare = mask, rare
        if best_rare > MAX_RARE_SHARE * len(self.values):
            best = 0
        self.mask = best
        self._rare = [i for i in range(1, len(self.values)) if not _parity(self.values[i] & best)]

    def extend(self, size: int) -> None:
        """Compute ``g(n)`` for every ``n < size``."""
        if self.rules.three:
            self._extend_three(size)
            return
        g = self.values
        rules = self.rules
        whole, one, split, unequal = rules.whole, rules.one, rules.two, rules.unequal
        while len(g) < size:
            n = len(g)
            if n >= self._next_mask_at and split:
                self._choose_mask()
                self._next_mask_at = n * 2
            mask, rare = self.mask, self._rare
            seen = {0 for r in whole if r == n}
            if rules.whole_from and n >= rules.whole_from:
                seen.add(0)
            seen.update(g[n - r] for r in one if n - r >= 1)
            if mask == 0:
                for r in split:
                    m = n - r
                    seen.update(g[a] ^ g[m - a] for a in _splits(m, unequal))
                    self.work += max(0, m // 2)
                value = cgt.mex(seen)
            else:
                for r in split:
                    m = n - r
                    below = rare if rare[-1:] < [m] else rare[: bisect_left(rare, m)]
                    if unequal and m % 2 == 0:
                        below = [a for a in below if 2 * a != m]
                    seen.update([g[a] ^ g[m - a] for a in below])
                    self.work += len(below)
                common = 0
                while common in seen or not (common & mask).bit_count() & 1:
                    common += 1
                missing = {
                    v for v in range(common) if v not in seen and not (v & mask).bit_count() & 1
                }
                if missing:
                    self._find_rare(n, missing)
                value = min(missing) if missing else common
            g.append(value)
            if mask and n and not _parity(value & mask):
                rare.append(n)

    def _find_rare(self, n: int, missing: set[int]) -> None:
        """Remove from ``missing`` each value ``g(a) ^ g(m - a)`` of a split of heap ``n``,
        stopping as soon as it is empty.  The removals are interleaved (all ``m = n - r`` for
        each ``a``), so a value that only one removal makes is found early."""
        g = self.values
        unequal = self.rules.unequal
        sizes = [n - r for r in self.rules.two if n - r >= 2]
        top = max(sizes, default=0) // 2
        for start in range(1, top + 1, _CHUNK):
            for m in sizes:
                for a in range(start, min(start + _CHUNK, _splits(m, unequal).stop)):
                    if g[a] ^ g[m - a] in missing:
                        missing.discard(g[a] ^ g[m - a])
                        if not missing:
                            return

    def _extend_three(self, size: int) -> None:
        """Games that may leave three heaps: the plain mex, with the values of the two-heap
        splits of every size kept as sets (O(n) sets a heap)."""
        g, pairs, rules = self.values, self._pairs, self.rules
        while len(g) < size:
            n = len(g)
            seen = {0 for r in rules.whole if r == n}
            if rules.whole_from and n >= rules.whole_from:
                seen.add(0)
            seen.update(g[n - r] for r in rules.one if n - r >= 1)
            for r in rules.two:
                m = n - r
                seen.update(g[a] ^ g[m - a] for a in _splits(m, rules.unequal))
            pairs.append({g[a] ^ g[n - a] for a in _splits(n, False)})
            for r in rules.three:
                if n - r >= 3:
                    seen |= _three_split_values(g, pairs, n - r)
            g.append(cgt.mex(seen))


def _parities(values: np.ndarray, mask: int) -> np.ndarray:
    """``parity(v & mask)`` of each value, as uint8."""
    import numpy as np

    masked = values & np.uint32(mask)
    result = np.zeros(len(values), np.uint8)
    for bit in range(mask.bit_length()):
        result ^= ((masked >> np.uint32(bit)) & np.uint32(1)).astype(np.uint8)
    return result


def choose_mask(values: np.ndarray, rules: TakeBreakRules) -> tuple[int, int, int]:
    """``(mask, eps, rare heaps)``: the mask (and ``eps = 1`` for one "in the domain") that makes
    the fewest heaps of size >= 1 rare; ``(0, 0, n)`` when every mask leaves too many."""
    import numpy as np

    heaps = values[1:]
    if len(heaps) == 0 or int(heaps.max()) == 0:
        return 0, 0, len(heaps)
    bits = min(int(heaps.max()).bit_length(), MAX_MASK_BITS)
    odd = (np.arange(1, len(values)) & 1).astype(bool)
    distinct = np.unique(heaps)
    even_counts = np.zeros(len(distinct), np.int64)
    odd_counts = np.zeros(len(distinct), np.int64)
    np.add.at(even_counts, np.searchsorted(distinct, heaps[~odd]), 1)
    np.add.at(odd_counts, np.searchsorted(distinct, heaps[odd]), 1)
    masks = np.arange(1, 1 << bits, dtype=np.int64)
    parity = np.zeros((len(masks), len(distinct)), np.uint8)
    for bit in range(bits):
        parity ^= ((masks >> bit) & 1).astype(np.uint8)[:, None] & (
            ((distinct.astype(np.int64) >> bit) & 1).astype(np.uint8)[None, :]
        )
    total = even_counts + odd_counts
    candidates = [((1 - parity.astype(np.int64)) @ total, 0)]
    if rules.two and rules.one_parity():
        z = rules.two[0] & 1
        # rare: parity(v & mask) ^ (x & 1) == z
        rare_even = (parity == z).astype(np.int64) @ even_counts
        rare_odd = (parity == (1 ^ z)).astype(np.int64) @ odd_counts
        candidates.append((rare_even + rare_odd, 1))
    best = (len(heaps) + 1, 0, 0)
    for counts, eps in candidates:
        index = int(np.argmin(counts))
        if int(counts[index]) < best[0]:
            best = (int(counts[index]), int(masks[index]), eps)
    rare, mask, eps = best
    if rare > MAX_RARE_SHARE * len(values):
        return 0, 0, len(heaps)
    return mask, eps, rare


class KernelValues:
    """``g(0), g(1), ...`` by the compiled kernel, in a numpy ``uint32`` array."""

    chunk = 1 << 16
    """Most heaps per call of the kernel: progress and Ctrl-C are handled between calls."""
    chunk_work = 1 << 26
    """Pairs of heaps a call should look at, about (0.05 to 0.2 s): where heaps cost much, the
    calls hold fewer of them.  Chosen from the work of the last call, never from a clock, so
    where the calls end (and a search stopped by work) is the same on every machine."""

    def __init__(self, rules: TakeBreakRules, library: ctypes.CDLL) -> None:
        import numpy as np

        if rules.three:
            raise InvalidArgumentError("the kernel computes games leaving at most two heaps")
        self.rules = rules
        self._library = library
        self.array = np.zeros(1024, np.uint32)
        self.size = 0
        self.mask = 0
        self.eps = 0
        self._rare = np.zeros(1024, np.int64)
        self._count = np.zeros(1, np.int64)
        self.stats = np.zeros(3, np.int64)
        self._spec = np.array(rules.spec(), np.int64)
        self._next_mask_at = FIRST_MASK

    def __reduce__(self) -> tuple[Any, ...]:
        # the loaded library is not data: a copy (another process included) loads it anew
        state = dict(self.__dict__)
        del state["_library"]
        return _unpickle_values, (state,)

    @property
    def values(self) -> np.ndarray:
        return self.array[: self.size]

    @property
    def work(self) -> int:
        """Pairs of heaps looked at so far: a measure of work independent of the machine."""
        return int(self.stats[0] + self.stats[2])

    def load(self, values: Any) -> None:
        """Start from ``values`` (a checkpoint): g(0..len-1); the mask is chosen anew."""
        import numpy as np

        self.array = np.array(values, np.uint32)
        self.size = len(self.array)
        self._next_mask_at = self.size
        self.mask = 0
        self._count[0] = 0

    def rare_heaps(self) -> list[int]:
        return self._rare[: int(self._count[0])].tolist() if self.mask else []

    def _remask(self) -> None:
        import numpy as np

        self.mask, self.eps, _ = choose_mask(self.values, self.rules)
        if not self.mask:
            self._count[0] = 0
            return
        heaps = np.arange(self.size)
        w = _parities(self.values, self.mask) ^ (self.eps & heaps & 1).astype(np.uint8)
        z = self.eps & self.rules.two[0] & 1
        rare = np.flatnonzero(w == z)
        rare = rare[rare >= 1]
        if len(rare) + 1024 > len(self._rare):
            self._rare = np.zeros(2 * len(rare) + 1024, np.int64)
        self._rare[: len(rare)] = rare
        self._count[0] = len(rare)

    def _reserve(self, size: int) -> None:
        import numpy as np

        if size > len(self.array):
            grown = np.zeros(size, np.uint32)  # the search asks in growing steps
            grown[: self.size] = self.array[: self.size]
            self.array = grown

    def extend(self, size: int, progress: Any = None) -> None:
        """Compute ``g(n)`` for every ``n < size``; ``progress(self)`` after each chunk."""
        import numpy as np

        self._reserve(size)
        heaps = self.chunk
        while self.size < size:
            if self.size >= self._next_mask_at and self.rules.two:
                self._remask()
                self._next_mask_at = 2 * self.size
            stop = min(size, self.size + heaps)
            before, start = self.work, self.size
            if self._next_mask_at > self.size:
                stop = min(stop, self._next_mask_at)
            reached = self._library.cgt_tb_extend(
                self.array.ctypes.data,
                self.size,
                stop,
                self._spec.ctypes.data,
                self.mask,
                self.eps,
                self._rare.ctypes.data,
                self._count.ctypes.data,
                len(self._rare),
                self.stats.ctypes.data,
            )
            if reached == -1:
                raise MemoryError(f"the kernel ran out of memory at heap {self.size}")
            if reached < 0:
                raise AssertionError(f"the kernel refused its arguments (code {reached})")
            self.size = int(reached)
            if int(self._count[0]) >= len(self._rare):
                grown = np.zeros(2 * len(self._rare), np.int64)
                grown[: len(self._rare)] = self._rare
                self._rare = grown
            per_heap = (self.work - before) // max(1, self.size - start)
            heaps = max(256, min(self.chunk, self.chunk_work // max(1, per_heap)))
            if progress is not None:
                progress(self)


def _unpickle_values(state: dict[str, Any]) -> PythonValues | KernelValues:
    """A pickled `KernelValues` where it is unpickled: the kernel if it loads there, else the
    pure-Python engine from the same values (exact; noted in `_kernel.kernel_status`)."""
    library = _kernel.load()
    if library is None:
        engine = PythonValues(state["rules"])
        engine.load(state["array"][: state["size"]])
        _kernel.note_fallback("a kernel engine unpickled here goes on in pure Python")
        return engine
    values = KernelValues.__new__(KernelValues)
    values.__dict__.update(state, _library=library)
    return values


def make_values(rules: TakeBreakRules, engine: str = "auto") -> PythonValues | KernelValues:
    """The fastest engine for ``rules``: ``"kernel"``, ``"python"`` or ``"auto"``."""
    if engine not in ENGINES:
        raise InvalidArgumentError(f"engine is one of {', '.join(ENGINES)}; got {engine!r}")
    library = None if engine == "python" or rules.three else _kernel.load()
    if library is None:
        if engine == "kernel":
            raise InvalidArgumentError(
                f"the compiled kernel is not available: {_kernel.kernel_status()}"
            )
        return PythonValues(rules)
    return KernelValues(rules, library)


class TakeBreakGame(HeapGame):
    """A heap game whose values an engine computes (`make_values`): octal codes, Grundy's game."""

    rules: TakeBreakRules
    _engine: PythonValues | KernelValues

    def _init_engine(self, rules: TakeBreakRules, engine: str) -> None:
        self.rules = rules
        self._engine = make_values(rules, engine)

    @property
    def engine(self) -> str:
        """``"kernel"`` or ``"python"``: which engine computes the values (the same values)."""
        return "kernel" if isinstance(self._engine, KernelValues) else "python"

    @property
    def mask(self) -> int:
        """The rare/common mask in use (0: the plain mex)."""
        return self._engine.mask

    def _scaled_work(self, work: int) -> int:
        """The compiled kernel's checks cost about a hundredth of the Python loop's."""
        return work // 100 if self.engine == "kernel" else work

    def _extend(self, size: int) -> None:
        engine = self._engine
        if isinstance(engine, KernelValues):
            progress = self._progress
            bound = self.search_bound
            report = None if progress is None else (lambda e: progress(e.size, bound))
            engine.extend(size, report)
        else:
            engine.extend(size)
        self._values = engine.values
