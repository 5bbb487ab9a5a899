"""Octal games: remove tokens from a heap and perhaps split what is left into two heaps.

An octal code ``d0.d1d2...dt`` lists, for each number ``r`` of tokens removed, which moves are
allowed, as the sum of: 1 (remove ``r`` tokens when they are the whole heap), 2 (remove ``r``
and leave one non-empty heap), 4 (remove ``r`` and leave two non-empty heaps).  ``d0`` is 0 or
4 (split a heap without removing anything).  Kayles is ``0.77``, Dawson's Kayles ``0.07``,
Dawson's chess ``0.137``.  The Grundy value of a heap is the mex over its options of the xor
of the remaining heaps' values (Sprague-Grundy).

Octal periodicity theorem (Guy and Smith 1956; Winning Ways, ch. 4): if ``g(n + p) == g(n)``
for ``n0 <= n < 2*n0 + p + t``, with ``t`` the most tokens a move removes, then for every
``n >= n0``.  ``.period`` is the least period certified this way within ``search_bound``;
otherwise it is ``None`` and ``describe_periodicity()`` says how far the search went.

Values are computed with the rare/common split (Winning Ways, ch. 4; Gangolli and Plambeck
1989): pick a bit mask ``x`` such that most values have an odd number of bits in common with
``x`` (*common*), few an even number (*rare*).  Common xor common is rare, rare xor common is
common.  So every common value among the options comes from a pair with a rare part, found by
looping over the few rare heaps only; the full loop over pairs runs only until each rare value
below the smallest missing common value has been seen.  The result is exact whatever the mask;
the mask only decides the speed.

>>> from games.nim import octal
>>> kayles = octal("0.77")
>>> kayles.sequence(12), kayles.period, kayles.preperiod
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 12, 71)
>>> kayles.grundy(10**18)  # 10**18 = 4 mod 12
1
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Any

import cgt
from games.nim._errors import InvalidRulesError, WrongTypeError
from games.nim._sequence import HeapGame, HeapPosition

__all__ = ["DEFAULT_OCTAL_BOUND", "OctalGame", "grundy_values_naive", "octal", "parse_octal"]

DEFAULT_OCTAL_BOUND = 1 << 13
_FIRST_MASK = 32
_REMASK_EVERY = 2
_CHUNK = 32
# A mask leaving more than this share of the heaps rare is no help: plain mex instead.
_MAX_RARE_SHARE = 0.25


def parse_octal(code: str) -> tuple[int, ...]:
    """The digits ``(d0, d1, ..., dt)`` of an octal code, trailing zeros dropped.

    >>> parse_octal("0.77"), parse_octal(".137"), parse_octal("4.7"), parse_octal("0.070")
    ((0, 7, 7), (0, 1, 3, 7), (4, 7), (0, 0, 7))
    """
    if not isinstance(code, str):
        raise WrongTypeError(
            f"an octal code is a string such as '0.77' (a float would lose digits), got {code!r}"
        )
    text = code.strip()
    head, dot, tail = text.partition(".")
    if not dot or not tail or len(head) > 1 or not set(head + tail) <= set("0123456789"):
        raise InvalidRulesError(
            f"an octal code looks like '0.77' or '4.7' (one digit, a point, digits); got {code!r}"
        )
    digits = [int(head or "0")] + [int(c) for c in tail]
    for position, digit in enumerate(digits):
        if digit > 7:
            raise InvalidRulesError(f"octal code {code!r}: digit {digit} is not an octal digit")
        if position == 0 and digit not in (0, 4):
            raise InvalidRulesError(
                f"octal code {code!r}: the digit before the point is 0 or 4 (removing no token "
                "must split the heap, or the game would loop)"
            )
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if digits == [0]:
        raise InvalidRulesError(f"octal code {code!r} allows no move at all")
    return tuple(digits)


def _moves(digits: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    whole = [r for r, d in enumerate(digits) if r and d & 1]
    one = [r for r, d in enumerate(digits) if r and d & 2]
    split = [r for r, d in enumerate(digits) if d & 4]
    return whole, one, split


def grundy_values_naive(digits: tuple[int, ...], size: int) -> list[int]:
    """``g(0..size-1)`` by the plain mex over every option: O(size**2), for checking.

    >>> grundy_values_naive((0, 7, 7), 8)
    [0, 1, 2, 3, 1, 4, 3, 2]
    """
    whole, one, split = _moves(digits)
    g: list[int] = []
    for n in range(size):
        seen = {0 for r in whole if r == n}
        seen.update(g[n - r] for r in one if n - r >= 1)
        for r in split:
            m = n - r
            seen.update(g[a] ^ g[m - a] for a in range(1, m // 2 + 1))
        g.append(cgt.mex(seen))
    return g


def _parity(value: int) -> int:
    return value.bit_count() & 1


class OctalGame(HeapGame):
    """The octal game with code ``code``; make one with `octal`."""

    theorem = "octal periodicity theorem (Guy-Smith: n0 <= n < 2*n0 + p + t)"

    def __init__(self, digits: tuple[int, ...], search_bound: int) -> None:
        self.digits = digits
        self.code = f"{digits[0]}." + "".join(map(str, digits[1:]))
        self.most_removed = len(digits) - 1
        self._whole, self._one, self._split = _moves(digits)
        self.mask = 0
        self._rare: list[int] = []
        self._next_mask_at = _FIRST_MASK
        self._init_sequence(search_bound)

    def __repr__(self) -> str:
        return f"octal({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OctalGame) and other.digits == self.digits

    def __hash__(self) -> int:
        return hash((OctalGame, self.digits))

    def _window(self, preperiod: int, period: int) -> int:
        return 2 * preperiod + period + self.most_removed

    def _work(self, size: int) -> int:
        """The splits into two heaps dominate: about ``(size - r)**2 / 4`` for each such ``r``."""
        _, _, split = _moves(self.digits)
        return sum(max(0, size - r) ** 2 // 4 for r in split) + size * len(self.digits)

    def _options(self, n: int) -> tuple[Any, ...]:
        result: list[Any] = [cgt.Sum() for r in self._whole if r == n]
        result += [HeapPosition(self, n - r) for r in self._one if n - r >= 1]
        for r in self._split:
            m = n - r
            result += [
                cgt.Sum(HeapPosition(self, a), HeapPosition(self, m - a))
                for a in range(1, m // 2 + 1)
            ]
        return tuple(result)

    def _choose_mask(self) -> None:
        """The mask making the fewest heaps (of size >= 1) rare, ties to the smallest mask."""
        counts: dict[int, int] = {}
        for value in self._values[1:]:
            counts[value] = counts.get(value, 0) + 1
        bits = max(counts, default=0).bit_length()
        best, best_rare = 0, len(self._values)
        for mask in range(1, 1 << bits):
            rare = sum(c for v, c in counts.items() if not _parity(v & mask))
            if rare < best_rare:
                best, best_rare = mask, rare
        if best_rare > _MAX_RARE_SHARE * len(self._values):
            best = 0
        self.mask = best
        self._rare = [i for i in range(1, len(self._values)) if not _parity(self._values[i] & best)]

    def _extend(self, size: int) -> None:
        g = self._values
        whole, one, split = self._whole, self._one, self._split
        while len(g) < size:
            n = len(g)
            if n >= self._next_mask_at:
                self._choose_mask()
                self._next_mask_at = n * _REMASK_EVERY
            mask, rare = self.mask, self._rare
            seen = {0 for r in whole if r == n}
            seen.update(g[n - r] for r in one if n - r >= 1)
            if mask == 0:
                for r in split:
                    m = n - r
                    seen.update(g[a] ^ g[m - a] for a in range(1, m // 2 + 1))
                value = cgt.mex(seen)
            else:
                for r in split:
                    m = n - r
                    below = rare if rare[-1:] < [m] else rare[: bisect_left(rare, m)]
                    seen.update([g[a] ^ g[m - a] for a in below])
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
        g = self._values
        sizes = [n - r for r in self._split if n - r >= 2]
        if len(sizes) == 1:
            m = sizes[0]
            for a in range(1, m // 2 + 1):
                v = g[a] ^ g[m - a]
                if v in missing:
                    missing.discard(v)
                    if not missing:
                        return
            return
        top = max(sizes, default=0) // 2
        for start in range(1, top + 1, _CHUNK):
            for m in sizes:
                for a in range(start, min(start + _CHUNK, m // 2 + 1)):
                    if g[a] ^ g[m - a] in missing:
                        missing.discard(g[a] ^ g[m - a])
                        if not missing:
                            return


def octal(code: str, *, search_bound: int = DEFAULT_OCTAL_BOUND) -> OctalGame:
    """The octal game with code ``code`` (a string: ``"0.77"``, ``".07"``, ``"4.7"``).

    ``search_bound`` caps the prefix searched for a certified period (default 8192 values).

    >>> from games.nim import octal
    >>> octal("0.07").period, octal("0.137").period
    (34, 34)
    """
    return _make(parse_octal(code), search_bound)


@lru_cache(maxsize=256)
def _make(digits: tuple[int, ...], search_bound: int) -> OctalGame:
    return OctalGame(digits, search_bound)
