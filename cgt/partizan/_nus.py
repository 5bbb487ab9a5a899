"""Closed forms for numbers, and for values ``x + n.↑ + *m`` ("NUS": number, up-multiple, star).

A dyadic rational ``p / 2**k`` is the pair ``(p, k)`` with ``k >= 0`` and ``p`` odd when
``k > 0``: exact, hashable, and cheaper than `fractions.Fraction` for the few operations games
need (add, negate, compare, simplest number between two others).

A NUS value ``x + n.↑ + *m`` is the 4-tuple ``(p, k, n, m)``.  NUS values form a group in which
addition and comparison are closed-form (Siegel, *Combinatorial Game Theory*, II.4 and II.5;
Berlekamp-Conway-Guy, *Winning Ways*, ch. 3):

* ``(x + n.↑ + *m) + (y + n'.↑ + *m') = (x + y) + (n + n').↑ + *(m xor m')``;
* ``x + n.↑ + *m`` is positive when ``x > 0``, or ``x = 0`` and either ``n >= 2`` or ``n = 1`` and
  ``m != 1``; ``↑*`` is confused with 0, and ``*m`` (``m > 0``) too.

Their canonical forms are, for ``n >= 1`` (negate for ``n <= -1``, translate by ``x``):

* ``*m = {0, *, ..., *(m-1) | 0, *, ..., *(m-1)}``;
* ``↑* = {0, * | 0}``, and otherwise ``n.↑ + *m = {0 | (n-1).↑ + *(m xor 1)}``.

>>> nus_sign(nus_add((0, 0, 1, 0), (0, 0, 0, 1)))  # ↑ + * is confused with 0
2
>>> simplest_between((1, 1), (1, 0))  # the simplest number between 1/2 and 1 is 3/4
(3, 2)
"""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "EQUAL",
    "FUZZY",
    "GREATER",
    "LESS",
    "Dyadic",
    "Nus",
    "dyadic_add",
    "dyadic_compare",
    "dyadic_from_fraction",
    "dyadic_to_fraction",
    "normalize",
    "nus_add",
    "nus_birthday",
    "nus_neg",
    "nus_options",
    "nus_sign",
    "simplest_between",
]

Dyadic = tuple[int, int]
Nus = tuple[int, int, int, int]

# Results of comparing two games (G - H against 0).
EQUAL, GREATER, LESS, FUZZY = 0, 1, -1, 2


def normalize(p: int, k: int) -> Dyadic:
    """``p / 2**k`` in lowest terms."""
    if p == 0:
        return (0, 0)
    if k:
        shift = min(k, (p & -p).bit_length() - 1)
        if shift:
            return (p >> shift, k - shift)
    return (p, k)


def dyadic_add(a: Dyadic, b: Dyadic) -> Dyadic:
    (p, k), (q, j) = a, b
    if k == j:
        return normalize(p + q, k)
    if k > j:
        return (p + (q << (k - j)), k)  # the result keeps the larger odd denominator
    return ((p << (j - k)) + q, j)


def dyadic_compare(a: Dyadic, b: Dyadic) -> int:
    """``-1``, ``0`` or ``1`` as ``a <, ==, > b``."""
    (p, k), (q, j) = a, b
    if k > j:
        q <<= k - j
    elif j > k:
        p <<= j - k
    return (p > q) - (p < q)


def dyadic_to_fraction(a: Dyadic) -> Fraction:
    return Fraction(a[0], 1 << a[1])


def dyadic_from_fraction(value: Fraction) -> Dyadic | None:
    """The pair for a dyadic rational, ``None`` when the denominator is not a power of two."""
    den = value.denominator
    if den & (den - 1):
        return None
    return (value.numerator, den.bit_length() - 1)


def _floor(a: Dyadic) -> int:
    return a[0] >> a[1]


def simplest_between(low: Dyadic | None, high: Dyadic | None) -> Dyadic:
    """The simplest dyadic strictly between ``low < high`` (``None``: unbounded on that side).

    The simplicity theorem: ``{a | b}`` with numbers ``a < b`` equals the number of smallest
    birthday strictly between them, an integer closest to 0 when there is one.
    """
    if low is None and high is None:
        return (0, 0)
    if low is None:
        assert high is not None
        ceiling = -_floor((-high[0], high[1]))
        return (min(0, ceiling - 1), 0)
    if high is None:
        return (max(0, _floor(low) + 1), 0)
    if dyadic_compare(low, (0, 0)) < 0 < dyadic_compare(high, (0, 0)):
        return (0, 0)
    if dyadic_compare(low, (0, 0)) >= 0:
        candidate = (_floor(low) + 1, 0)
        if dyadic_compare(candidate, high) < 0:
            return candidate
    else:
        ceiling = -_floor((-high[0], high[1]))
        candidate = (ceiling - 1, 0)
        if dyadic_compare(candidate, low) > 0:
            return candidate
    k = 1
    while True:
        # The least multiple of 1/2**k above low; the first k that fits below high is simplest.
        p = ((low[0] << k) >> low[1]) + 1
        if dyadic_compare((p, k), high) < 0:
            return normalize(p, k)
        k += 1


def nus_add(a: Nus, b: Nus) -> Nus:
    p, k = dyadic_add((a[0], a[1]), (b[0], b[1]))
    return (p, k, a[2] + b[2], a[3] ^ b[3])


def nus_neg(a: Nus) -> Nus:
    return (-a[0], a[1], -a[2], a[3])


def nus_sign(a: Nus) -> int:
    """How ``a`` compares with 0: `EQUAL`, `GREATER`, `LESS` or `FUZZY`."""
    p, _, n, m = a
    if p:
        return GREATER if p > 0 else LESS
    if n == 0:
        return EQUAL if m == 0 else FUZZY
    if (n == 1 or n == -1) and m == 1:
        return FUZZY
    return GREATER if n > 0 else LESS


def nus_options(a: Nus) -> tuple[list[Nus], list[Nus]]:
    """The canonical left and right options of the NUS value ``a``, as NUS tuples."""
    p, k, n, m = a
    if n == 0 and m == 0:
        if k:
            return [(*normalize(p - 1, k), 0, 0)], [(*normalize(p + 1, k), 0, 0)]
        if p > 0:
            return [(p - 1, 0, 0, 0)], []
        if p < 0:
            return [], [(p + 1, 0, 0, 0)]
        return [], []
    if n == 0:
        stars = [(p, k, 0, j) for j in range(m)]
        return stars, list(stars)
    if n > 0:
        if n == 1 and m == 1:
            return [(p, k, 0, 0), (p, k, 0, 1)], [(p, k, 0, 0)]
        return [(p, k, 0, 0)], [(p, k, n - 1, m ^ 1)]
    if n == -1 and m == 1:
        return [(p, k, 0, 0)], [(p, k, 0, 0), (p, k, 0, 1)]
    return [(p, k, n + 1, m ^ 1)], [(p, k, 0, 0)]


def nus_birthday(a: Nus) -> int:
    """The birthday of ``x + n.↑ + *m``, in closed form (no options are made).

    A number ``p/2**k`` (``k > 0``) is born ``floor(|p/2**k|) + 1 + k``, an integer ``p`` on day
    ``|p|``.  Translating an infinitesimal by ``x`` adds ``x``'s birthday (its options are
    translated, down to ``x`` itself).  ``*m`` is born on day ``m``; ``↑* = {0, * | 0}`` on day
    2; otherwise ``n.↑ + *m = {0 | (n-1).↑ + *(m xor 1)}`` (``n >= 1``) is one day older than
    its right option, down to ``↑ + *m' = {0 | *(m' xor 1)}``.

    >>> nus_birthday((3, 2, 0, 0)), nus_birthday((0, 0, 1, 0)), nus_birthday((0, 0, 3, 0))
    (3, 2, 4)
    """
    p, k, n, m = a
    day = abs(p) if k == 0 else (abs(p) >> k) + 1 + k
    n = abs(n)
    if n == 0:
        return day + m
    m ^= (n - 1) & 1  # the nimber part of the last up in the chain, ↑ + *m
    return day + (n - 1) + (2 if m == 1 else 1 + (m ^ 1))
