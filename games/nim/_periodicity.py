"""Certified periodicity: the smallest period and preperiod that a theorem proves from a prefix.

A Grundy sequence ``g`` is *eventually periodic* with period ``p`` and preperiod ``n0`` when
``g(n + p) == g(n)`` for every ``n >= n0``.  A finite prefix never shows this by itself; a
theorem of the game turns a finite check into a proof:

* subtraction game with largest move ``k``: if ``g(n + p) == g(n)`` for ``n0 <= n < n0 + k``,
  then for every ``n >= n0`` (``g(n)`` depends only on the ``k`` values before it);
* octal game removing at most ``t`` tokens (Guy and Smith 1956): if ``g(n + p) == g(n)`` for
  ``n0 <= n < 2*n0 + p + t``, then for every ``n >= n0``.

Each theorem is a *window*: the bound ``window(n0, p)`` below which equality must be seen.
`find_certified_period` finds a period whose window the prefix covers, and from it the least
period and least preperiod of the whole infinite sequence: the least eventual period divides
every eventual period, and all of them share the same least preperiod.

>>> seq = [0, 0, 1, 1, 2] * 4                     # subtraction {2, 3}: window n0 + 3
>>> find_certified_period(seq, lambda n0, p: n0 + 3)
(0, 5)
>>> find_certified_period(seq[:7], lambda n0, p: n0 + 3) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = ["LinearWindow", "certify", "find_certified_period", "last_mismatch"]

Window = Callable[[int, int], int]


@attrs.frozen
class LinearWindow:
    """The window ``a*max(n0, 1) + b*p + c`` of a take-and-break periodicity theorem (octal:
    ``2*n0 + p + t``).  ``max(n0, 1)``: the proofs shift a part of a split by ``p`` and need it
    to stay a heap; with ``n0 = 0`` it could become empty (0.4: ``g(0..2) = 0, 0, 0`` would
    "certify" period 1, but ``g(3) = 1``).

    >>> LinearWindow(2, 1, 3)(10, 4), LinearWindow(2, 1, 1)(0, 1)
    (27, 4)
    """

    a: int
    b: int
    c: int

    def __call__(self, preperiod: int, period: int) -> int:
        return self.a * max(preperiod, 1) + self.b * period + self.c


def last_mismatch(values: Sequence[int], period: int) -> int:
    """The largest ``n`` with ``values[n] != values[n + period]`` (``-1`` if there is none).

    >>> last_mismatch([5, 1, 2, 1, 2], 2)
    0
    """
    n = len(values) - period - 1
    while n >= 0 and values[n] == values[n + period]:
        n -= 1
    return n


def _suffix_periods(values: Sequence[int]) -> list[int]:
    """``result[L - 1]`` = least period of the suffix of length ``L`` (a prefix function, O(N))."""
    reverse = list(reversed(values))
    border = [0] * len(reverse)
    for i in range(1, len(reverse)):
        k = border[i - 1]
        while k and reverse[i] != reverse[k]:
            k = border[k - 1]
        if reverse[i] == reverse[k]:
            k += 1
        border[i] = k
    return [length - border[length - 1] for length in range(1, len(reverse) + 1)]


def find_certified_period(values: Sequence[int], window: Window) -> tuple[int, int] | None:
    """The least ``(preperiod, period)`` of the whole sequence, if ``window`` certifies one.

    ``window(n0, p)`` is the bound of the theorem: equality ``values[n + p] == values[n]`` for
    ``n0 <= n < window(n0, p)`` proves it for all ``n >= n0``.  Returns ``None`` when the prefix
    is too short to certify any period.

    Each suffix ``values[n0:]`` has a least period ``p`` (all found at once in O(N) by a prefix
    function); the suffix certifies ``(n0, p)`` when ``window(n0, p) <= len(values) - p``.
    Among the certified periods take the least, ``q``: the sequence is ``q``-periodic from its
    last mismatch on, forever.  Its least period is then the least divisor ``d`` of ``q`` under
    which one block of ``q`` values is invariant, and every eventual period shares the same
    least preperiod (the tail from ``n0`` is ``q``-periodic, hence ``d``-periodic).
    """
    size = len(values)
    if size < 2 or window(0, 1) > size - 1:
        return None  # the window grows with both arguments: nothing can be certified
    certified = None
    for length, period in enumerate(_suffix_periods(values), start=1):
        if (certified is None or period < certified) and window(
            size - length, period
        ) <= size - period:
            certified = period
    if certified is None:
        return None
    preperiod = last_mismatch(values, certified) + 1
    block = list(values[preperiod : preperiod + certified])
    for d in range(1, certified + 1):
        if certified % d == 0 and block[d:] + block[:d] == block:
            return preperiod, d
    raise AssertionError("unreachable: the block is invariant under a full turn")


def _least_period_of_block(block: Any, period: int) -> int:
    import numpy as np

    for d in range(1, period + 1):
        if period % d == 0 and np.array_equal(block[d:], block[: period - d]):
            return d
    raise AssertionError("unreachable: the block is invariant under a full turn")


def _last_mismatch_array(values: Any, period: int) -> int:
    import numpy as np

    different = values[:-period] != values[period:]
    if not different.any():
        return -1
    return len(different) - 1 - int(np.argmax(different[::-1]))


def certify(values: Any, window: Window) -> tuple[tuple[int, int] | None, int | None]:
    """`find_certified_period` of ``values``, and a guess of the prefix length that would
    certify the most likely period when none is certified yet (``None``: no guess).

    With a numpy ``uint32`` array, a `LinearWindow` and the compiled kernel, the prefix function
    runs in C (4 bytes of work a value); otherwise in Python on a list.  The guess: the least
    period ``q`` of the last half (quarter, eighth) of the values, if it repeats at least twice
    there, and the window of ``q`` from one past its last mismatch.

    >>> certify([0, 1] * 8, LinearWindow(2, 1, 0))
    ((0, 2), None)
    """
    from games.nim import _kernel

    library = _kernel.load() if isinstance(window, LinearWindow) else None
    if library is None or not hasattr(values, "dtype") or len(values) < 2:
        found = find_certified_period(list(values) if hasattr(values, "dtype") else values, window)
        return found, None
    import numpy as np

    assert isinstance(window, LinearWindow)
    values = np.ascontiguousarray(values, dtype=np.uint32)
    size = len(values)
    work = np.empty(size, np.int32)
    lengths = np.array([size // 2, size // 4, size // 8], np.int64)
    periods = np.zeros(3, np.int64)
    certified = library.cgt_certify(
        values.ctypes.data,
        size,
        window.a,
        window.b,
        window.c,
        work.ctypes.data,
        lengths.ctypes.data,
        periods.ctypes.data,
        len(lengths),
    )
    del work
    if certified:
        preperiod = _last_mismatch_array(values, certified) + 1
        block = values[preperiod : preperiod + certified]
        return (preperiod, _least_period_of_block(block, certified)), None
    for length, period in zip(lengths.tolist(), periods.tolist(), strict=True):
        if period and 2 * period <= length:
            start = _last_mismatch_array(values, period) + 1
            target = window(start, period) + period
            if target > size:
                return None, target
    return None, None
