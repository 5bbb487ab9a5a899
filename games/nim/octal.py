"""Octal games: remove tokens from a heap and perhaps split what is left into two heaps.

An octal code ``d0.d1d2...dt`` lists, for each number ``r`` of tokens removed, which moves are
allowed, as the sum of: 1 (remove ``r`` tokens when they are the whole heap), 2 (remove ``r``
and leave one non-empty heap), 4 (remove ``r`` and leave two non-empty heaps).  ``d0`` is 0 or
4 (split a heap without removing anything); a ``d0`` of 0 may be left out, as Winning Ways
writes ``·07``: ``.07`` is ``0.07``.  Kayles is ``0.77``, Dawson's Kayles ``0.07``,
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

from functools import lru_cache
from typing import Any

import cgt
from games.nim._errors import InvalidArgumentError, InvalidRulesError, WrongTypeError
from games.nim._periodicity import LinearWindow
from games.nim._sequence import HeapPosition
from games.nim._takebreak import ENGINES, TakeBreakGame, TakeBreakRules
from games.nim._takebreak import grundy_values_naive as _naive

__all__ = [
    "DEFAULT_OCTAL_BOUND",
    "OctalGame",
    "grundy_values_naive",
    "hexadecimal",
    "octal",
    "octal_rules",
    "parse_octal",
]

DEFAULT_OCTAL_BOUND = 1 << 13

_DIGITS = {8: "0-7", 16: "0-9, a-f"}


def parse_octal(code: str, *, base: int = 8) -> tuple[int, ...]:
    """The digits ``(d0, d1, ..., dt)`` of an octal code, trailing zeros dropped.

    ``base=16`` reads a hexadecimal code (digits ``0`` to ``f``; 8 in a digit: the heap left
    may be split into three non-empty heaps).

    >>> parse_octal("0.77"), parse_octal(".137"), parse_octal("4.7"), parse_octal("0.070")
    ((0, 7, 7), (0, 1, 3, 7), (4, 7), (0, 0, 7))
    >>> parse_octal("0.f8", base=16), parse_octal("8.4", base=16)
    ((0, 15, 8), (8, 4))
    """
    if base not in _DIGITS:
        raise InvalidArgumentError(f"base is 8 (octal) or 16 (hexadecimal); got {base!r}")
    name = "an octal" if base == 8 else "a hexadecimal"
    if not isinstance(code, str):
        raise WrongTypeError(
            f"{name} code is a string such as '0.77' (a float would lose digits), got {code!r}"
        )
    text = code.strip().lower()
    head, dot, tail = text.partition(".")
    if (
        not dot
        or not tail
        or len(head) > 1
        or not set(head + tail) <= set("0123456789abcdef"[: max(base, 10)])
    ):
        raise InvalidRulesError(
            f"{name} code looks like '0.77', '.77' or '4.7' (at most one digit, a point, "
            f"digits: {_DIGITS[base]}); got {code!r}"
        )
    digits = [int(head or "0", 16)] + [int(c, 16) for c in tail]
    for position, digit in enumerate(digits):
        if digit >= base:
            raise InvalidRulesError(
                f"{name} code {code!r}: digit {digit} is not a base-{base} digit"
                if base != 8
                else f"octal code {code!r}: digit {digit} is not an octal digit"
            )
        if position == 0 and digit & 3:
            raise InvalidRulesError(
                f"{name} code {code!r}: the digit before the point is 0 or 4"
                f"{' (or 8, c)' if base == 16 else ''} (removing no token must split the heap, "
                "or the game would loop)"
            )
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if digits == [0]:
        raise InvalidRulesError(f"{name} code {code!r} allows no move at all")
    return tuple(digits)


def octal_rules(digits: tuple[int, ...]) -> TakeBreakRules:
    """The moves of the octal code with digits ``digits`` (see `parse_octal`).

    >>> octal_rules((0, 7, 7))
    TakeBreakRules(whole=(1, 2), one=(1, 2), two=(1, 2), three=(), whole_from=0, unequal=False)
    """
    return TakeBreakRules(
        whole=tuple(r for r, d in enumerate(digits) if r and d & 1),
        one=tuple(r for r, d in enumerate(digits) if r and d & 2),
        two=tuple(r for r, d in enumerate(digits) if d & 4),
        three=tuple(r for r, d in enumerate(digits) if d & 8),
    )


def grundy_values_naive(digits: tuple[int, ...], size: int) -> list[int]:
    """``g(0..size-1)`` by the plain mex over every option: O(size**2), for checking.

    >>> grundy_values_naive((0, 7, 7), 8)
    [0, 1, 2, 3, 1, 4, 3, 2]
    """
    return _naive(octal_rules(digits), size)


class OctalGame(TakeBreakGame):
    """The octal (or hexadecimal) game with code ``code``; make one with `octal` or `hexadecimal`.

    ``engine``: ``"auto"`` (the compiled kernel when it can be built, else pure Python),
    ``"kernel"`` or ``"python"``; both give the same values.  Codes that may leave three heaps
    (hexadecimal digits 8 to f) are computed in Python by the plain mex.
    """

    theorem = "octal periodicity theorem (Guy-Smith: n0 <= n < 2*n0 + p + t)"

    def __init__(self, digits: tuple[int, ...], search_bound: int, engine: str = "auto") -> None:
        self.digits = digits
        self._hexadecimal = max(digits) > 7
        self.code = f"{digits[0]:x}." + ("".join(f"{d:x}" for d in digits[1:]) or "0")
        self.most_removed = len(digits) - 1
        self._init_engine(octal_rules(digits), engine)
        self._init_sequence(search_bound)
        if self.rules.three:
            self.theorem = "periodicity theorem of hexadecimal games (n0 <= n < 3*n0 + 2p + t)"

    def __repr__(self) -> str:
        return f"{'hexadecimal' if self._hexadecimal else 'octal'}({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OctalGame) and other.digits == self.digits

    def __hash__(self) -> int:
        return hash((OctalGame, self.digits))

    def _window(self, preperiod: int, period: int) -> int:
        return self._theorem_window()(preperiod, period)

    def _theorem_window(self) -> LinearWindow:
        if self.rules.three:  # the largest of three parts is at least a third of what is left
            return LinearWindow(3, 2, self.most_removed)
        return LinearWindow(2, 1, self.most_removed)

    def _work(self, size: int) -> int:
        """The splits into two heaps dominate: about ``(size - r)**2 / 4`` for each such ``r``
        (a hundredth of that in the compiled kernel); three heaps: ``(size - r)**3 / 6``."""
        work = sum(max(0, size - r) ** 2 // 4 for r in self.rules.two) + size * len(self.digits)
        work += sum(max(0, size - r) ** 3 // 6 for r in self.rules.three)
        return self._scaled_work(work)

    def _options(self, n: int) -> tuple[Any, ...]:
        result: list[Any] = [cgt.Sum() for r in self.rules.whole if r == n]
        result += [HeapPosition(self, n - r) for r in self.rules.one if n - r >= 1]
        for r in self.rules.two:
            m = n - r
            result += [
                cgt.Sum(HeapPosition(self, a), HeapPosition(self, m - a))
                for a in range(1, m // 2 + 1)
            ]
        for r in self.rules.three:
            m = n - r
            result += [
                cgt.Sum(HeapPosition(self, a), HeapPosition(self, b), HeapPosition(self, m - a - b))
                for a in range(1, m // 3 + 1)
                for b in range(a, (m - a) // 2 + 1)
            ]
        return tuple(result)


def octal(code: str, *, search_bound: int = DEFAULT_OCTAL_BOUND, engine: str = "auto") -> OctalGame:
    """The octal game with code ``code`` (a string: ``"0.77"``, ``".07"``, ``"4.7"``).

    ``search_bound`` caps the prefix searched for a certified period (default 8192 values).
    ``engine`` chooses how values are computed (see `OctalGame`; the answer is the same).

    >>> from games.nim import octal
    >>> octal("0.07").period, octal("0.137").period
    (34, 34)
    """
    if engine not in ENGINES:
        raise InvalidArgumentError(f"engine is one of {', '.join(ENGINES)}; got {engine!r}")
    return _make(parse_octal(code), search_bound, engine)


def hexadecimal(
    code: str, *, search_bound: int = DEFAULT_OCTAL_BOUND, engine: str = "auto"
) -> OctalGame:
    """The hexadecimal game with code ``code``: an octal code whose digits may also hold 8 (the
    heap left may be split into three non-empty heaps), so digits run from ``0`` to ``f``.

    Codes without an 8 are octal games (the same values as `octal`); with one, the values come
    from the plain mex in Python (three-heap splits have no rare/common shortcut), and a period
    is certified by the window ``3*n0 + 2p + t`` (the largest of three parts is at least a third).

    >>> from games.nim import hexadecimal
    >>> hexadecimal("0.8").sequence(10)   # split into three heaps, after taking one token
    [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
    >>> hexadecimal("0.77") == octal("0.77")
    True
    """
    if engine not in ENGINES:
        raise InvalidArgumentError(f"engine is one of {', '.join(ENGINES)}; got {engine!r}")
    return _make(parse_octal(code, base=16), search_bound, engine)


@lru_cache(maxsize=256)
def _make(digits: tuple[int, ...], search_bound: int, engine: str) -> OctalGame:
    return OctalGame(digits, search_bound, engine)
