"""Nimbers: the values of impartial games, and the field they form.

The nimber ``*n`` is the value of a Nim heap of size ``n``.  Adding nimbers is *nim-addition*
(bitwise xor, the Sprague-Grundy sum law).  Conway's *nim-multiplication* makes the nimbers
below ``2**(2**k)`` a finite field of that size; it is defined by

    a * b = mex{ a'*b + a*b' + a'*b' : a' < a, b' < b }

and computed here with the Fermat-power recursion (see Conway, *On Numbers and Games*, ch. 6):
in the field of size ``2**(2*h)`` write ``a = a1*F + a0`` with ``F = 2**h``; then ``F*F = F + F/2``
(nim-sum), so

    a*b = ((a1+a0)*(b1+b0) + a0*b0) * F  +  a0*b0 + (a1*b1) * (F/2),

three half-size products and one product by the constant ``F/2``: about ``4**log2(bits/8)`` byte
products through a table for 64-bit operands, never an exponential search.

>>> from cgt import Nimber
>>> Nimber(2) * Nimber(2), Nimber(4) * Nimber(4), Nimber(3) + Nimber(5)
(*3, *6, *6)
>>> Nimber(7) / Nimber(7)
*1
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from numbers import Number
from typing import Any

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError

__all__ = ["NimDivisionError", "Nimber", "mex", "nim_inverse", "nim_multiply"]


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([]), mex([0, 1, 3]), mex({1, 2}), mex(iter([0, 0, 1]))
    (0, 2, 0, 2)
    """
    try:
        seen = set(values)
    except TypeError:
        raise WrongTypeError(
            f"mex takes an iterable of non-negative integers, got {values!r}"
        ) from None
    for value in seen:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"mex takes non-negative integers, got {value!r}")
        if value < 0:
            raise InvalidArgumentError(f"mex takes non-negative integers, got {value}")
    result = 0
    while result in seen:
        result += 1
    return result


def _build_byte_table() -> list[list[int]]:
    nibble = [[_small_product_table()[x][y] for y in range(16)] for x in range(16)]
    table = [[0] * 256 for _ in range(256)]
    for a in range(256):
        for b in range(256):
            table[a][b] = _combine(a, b, 4, lambda x, y: nibble[x][y])
    return table


@lru_cache(maxsize=1)
def _small_product_table() -> list[list[int]]:
    table = [[0] * 16 for _ in range(16)]
    for x in range(16):
        for y in range(16):
            table[x][y] = mex(
                table[x2][y] ^ table[x][y2] ^ table[x2][y2] for x2 in range(x) for y2 in range(y)
            )
    return table


def _combine(a: int, b: int, half: int, mul: Any) -> int:
    """One level of the Fermat recursion: ``a * b`` in the field of size ``2**(2*half)``."""
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    b1, b0 = b >> half, b & mask
    low = mul(a0, b0)
    high = mul(a1 ^ a0, b1 ^ b0) ^ low
    return (high << half) | (low ^ mul(mul(a1, b1), 1 << (half - 1)))


_BYTE: list[list[int]] = []


def _multiply(a: int, b: int, bits: int) -> int:
    """Nim-product of ``a, b < 2**bits`` where ``bits`` is a power of two, at least 8."""
    if bits == 8:
        return _BYTE[a][b]
    if a < 2 or b < 2:
        return a * b
    half = bits >> 1
    if a >> half == 0 and b >> half == 0:
        return _multiply(a, b, half)
    return _combine(a, b, half, lambda x, y: _multiply(x, y, half))


def nim_multiply(a: int, b: int) -> int:
    """Conway's nim-product of two non-negative integers.

    >>> nim_multiply(2, 2), nim_multiply(4, 4), nim_multiply(16, 16), nim_multiply(3, 0)
    (3, 6, 24, 0)
    """
    _check_index(a)
    _check_index(b)
    if not _BYTE:
        _BYTE.extend(_build_byte_table())
    if a < 0 or b < 0:
        raise InvalidArgumentError(f"nimbers are non-negative, got {min(a, b)}")
    bits = 8
    while a >> bits or b >> bits:
        bits <<= 1
    return _multiply(a, b, bits)


def nim_inverse(a: int) -> int:
    """The nim-multiplicative inverse of ``a > 0`` (``a**(q-2)`` in its field of size ``q``).

    >>> nim_inverse(2), nim_multiply(2, nim_inverse(2))
    (3, 1)
    """
    _check_index(a)
    if a < 0:
        raise InvalidArgumentError(f"nimbers are non-negative, got {a}")
    if a == 0:
        raise NimDivisionError("*0 has no nim-multiplicative inverse")
    bits = 8
    while a >> bits:
        bits <<= 1
    # a ** (2**bits - 2) by square and multiply: 2**bits - 2 is bits-1 ones followed by a zero.
    result, power = 1, a
    for _ in range(bits - 1):
        power = nim_multiply(power, power)
        result = nim_multiply(result, power)
    return result


class NimDivisionError(CGTError, ZeroDivisionError):
    """Division by the nimber ``*0``, which has no nim-multiplicative inverse."""


def _check_index(value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongTypeError(f"nimbers are indexed by non-negative ints, got {value!r}")


def _other_nimber(other: object, operation: str) -> bool:
    """Whether ``other`` is a Nimber; a named error for the values a nimber is never combined
    with (ints, text...); ``False`` for other types, which may know how (a `cgt.Game` does)."""
    if isinstance(other, Nimber):
        return True
    if other is None or isinstance(other, (Number, str, bytes, list, tuple, dict, set)):
        raise WrongTypeError(
            f"a Nimber {operation} a Nimber, not {other!r} (type {type(other).__name__}); "
            "for a sum with a number use cgt.Game(nimber)"
        )
    return False


@attrs.frozen(order=False)
class Nimber:
    """The nimber ``*n``: the value of a Nim heap of size ``n``.

    ``+`` and ``-`` are nim-addition (xor, its own inverse), ``*`` and ``/`` nim-multiplication and
    its inverse; ``int()`` gives ``n``.  Nimbers are hashable and immutable.  Compare them with
    ``==`` only: as games, distinct nimbers are confused with each other, not ordered.

    >>> Nimber(3) + Nimber(5), int(Nimber(6)), Nimber(0)
    (*6, 6, *0)
    """

    n: int = attrs.field()

    @n.validator
    def _check(self, _attribute: Any, value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"a nimber is indexed by a non-negative int, got {value!r}")
        if value < 0:
            raise InvalidArgumentError(f"a nimber is indexed by a non-negative int, got {value}")

    def __int__(self) -> int:
        return self.n

    def __index__(self) -> int:
        return self.n

    def __bool__(self) -> bool:
        return self.n != 0

    def __repr__(self) -> str:
        return f"*{self.n}"

    __str__ = __repr__

    def __add__(self, other: object) -> Nimber:
        if _other_nimber(other, "is added to"):
            return Nimber(self.n ^ other.n)  # type: ignore[attr-defined]
        return NotImplemented

    __sub__ = __add__

    def __neg__(self) -> Nimber:
        return self

    def __mul__(self, other: object) -> Nimber:
        if _other_nimber(other, "is multiplied by"):
            return Nimber(nim_multiply(self.n, other.n))  # type: ignore[attr-defined]
        return NotImplemented

    def __truediv__(self, other: object) -> Nimber:
        if _other_nimber(other, "is divided by"):
            return Nimber(nim_multiply(self.n, nim_inverse(other.n)))  # type: ignore[attr-defined]
        return NotImplemented

    def __pow__(self, exponent: int) -> Nimber:
        if not isinstance(exponent, int) or isinstance(exponent, bool):
            raise WrongTypeError(f"a Nimber is raised to an int power, not {exponent!r}")
        if exponent < 0:
            return Nimber(nim_inverse(self.n)) ** (-exponent)
        result, base = 1, self.n
        while exponent:
            if exponent & 1:
                result = nim_multiply(result, base)
            base = nim_multiply(base, base)
            exponent >>= 1
        return Nimber(result)

    def inverse(self) -> Nimber:
        """The nim-multiplicative inverse (`NimDivisionError`, a ``ZeroDivisionError``, for
        ``*0``)."""
        return Nimber(nim_inverse(self.n))
