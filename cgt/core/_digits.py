"""Decimal text of integers of any size, independent of ``sys.set_int_max_str_digits``.

Python refuses ``str(n)`` and ``int(text)`` beyond 4,300 digits by default (a guard against
quadratic-time conversions of untrusted input).  A game value is exact whatever its size, so
these convert by halves: split the number (or the text) at a power of ten and convert each
half, down to pieces below the limit.

>>> n = 7 * 10**5000 + 1
>>> text = int_to_text(n)
>>> len(text), text[:2], text[-2:], int_from_text(text) == n
(5001, '70', '01', True)
"""

from __future__ import annotations

from typing import Any

__all__ = ["fraction_text", "int_from_text", "int_to_text"]

_PIECE = 4000
"""Digits converted at once by Python (below the default limit of 4,300)."""


def int_to_text(n: int) -> str:
    """``str(n)`` for an int of any size."""
    if n < 0:
        return "-" + int_to_text(-n)
    if n.bit_length() <= _PIECE * 3:  # 3 bits per digit is fewer than log2(10): < 4,000 digits
        return str(n)
    half = (n.bit_length() * 3 // 10) // 2  # about half the digits
    high, low = divmod(n, 10**half)
    return int_to_text(high) + int_to_text(low).rjust(half, "0")


def fraction_text(value: Any) -> str:
    """``str(value)`` for an int or a `fractions.Fraction` of any size (``"-3/4"``, ``"5"``)."""
    if isinstance(value, int):
        return int_to_text(value)
    if value.denominator == 1:
        return int_to_text(value.numerator)
    return f"{int_to_text(value.numerator)}/{int_to_text(value.denominator)}"


def int_from_text(text: str) -> int:
    """``int(text)`` for a string of decimal digits of any length."""
    if len(text) <= _PIECE:
        return int(text)
    half = len(text) // 2
    return int_from_text(text[:-half]) * 10**half + int_from_text(text[-half:])
