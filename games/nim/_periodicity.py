"""Certified periodicity: the smallest period and preperiod that a theorem proves from a prefix.

A Grundy sequence ``g`` is *eventually periodic* with period ``p`` and preperiod ``n0`` when
``g(n + p) == g(n)`` for every ``n >= n0``.  A finite prefix never shows this by itself; a
theorem of the game turns a finite check into a proof:

* subtraction game with largest move ``k``: if ``g(n + p) == g(n)`` for ``n0 <= n < n0 + k``,
  then for every ``n >= n0`` (``g(n)`` depends only on the ``k`` values before it);
* octal game removing at most ``t`` tokens (Guy and Smith 1956): if ``g(n + p) == g(n)`` for
  ``n0 <= n < 2*n0 + p + t``, then for every ``n >= n0``.

Each theorem is a *window*: the bound ``window(n0, p)`` below which equality must be seen.
`find_certified_period` returns the smallest ``p`` (with its smallest ``n0``) whose window the
prefix covers.  That ``p`` is the least period of the whole sequence: the least eventual period
``p*`` divides every eventual period, all of them share the same least preperiod ``n0``, and the
window grows with ``p``, so if the prefix certifies some period it certifies ``p*`` too.

>>> seq = [0, 0, 1, 1, 2] * 4                     # subtraction {2, 3}: window n0 + 3
>>> find_certified_period(seq, lambda n0, p: n0 + 3)
(0, 5)
>>> find_certified_period(seq[:7], lambda n0, p: n0 + 3) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["find_certified_period", "last_mismatch"]

Window = Callable[[int, int], int]


def last_mismatch(values: Sequence[int], period: int) -> int:
    """The largest ``n`` with ``values[n] != values[n + period]`` (``-1`` if there is none).

    >>> last_mismatch([5, 1, 2, 1, 2], 2)
    0
    """
    n = len(values) - period - 1
    while n >= 0 and values[n] == values[n + period]:
        n -= 1
    return n


def find_certified_period(values: Sequence[int], window: Window) -> tuple[int, int] | None:
    """The least ``(preperiod, period)`` certified by ``window`` on the prefix ``values``.

    ``window(n0, p)`` is the bound of the theorem: equality ``values[n + p] == values[n]`` for
    ``n0 <= n < window(n0, p)`` proves it for all ``n >= n0``.  Returns ``None`` when the prefix
    is too short to certify any period.  The scan for each candidate ``p`` walks backwards from
    the end and stops at the first mismatch, so wrong periods cost little.
    """
    size = len(values)
    for period in range(1, size):
        if window(0, period) > size - period:
            break
        preperiod = last_mismatch(values, period) + 1
        if window(preperiod, period) <= size - period:
            return preperiod, period
    return None
