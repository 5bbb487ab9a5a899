"""Nim: heaps of tokens; a move takes any positive number of tokens from one heap.

Bouton's theorem (1901; seed 001, Theorem 7.2 with Example 6.1): the Grundy value of a Nim
position is the xor (nim-sum) of its heap sizes, so the player to move loses exactly when that
xor is 0.  From a position with nim-sum ``x != 0`` the winning moves are exactly: reduce a heap
``h`` with ``h ^ x < h`` to ``h ^ x`` (one per such heap).

>>> from games.nim import Nim
>>> position = Nim((3, 5, 7))
>>> position.grundy()
1
>>> [str(move) for move in position.winning_moves()]
['heap 1: 3 -> 2', 'heap 2: 5 -> 4', 'heap 3: 7 -> 6']
>>> import cgt
>>> cgt.grundy(position)
1
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any

import attrs

import cgt
from games.nim._errors import InvalidArgumentError, InvalidRulesError, WrongTypeError

if TYPE_CHECKING:
    import sympy

__all__ = ["ONE_HEAP_NIM", "Nim", "NimHeapGame", "NimMove", "nim_sum"]


def nim_sum(sizes: Iterable[int]) -> int:
    """The xor of ``sizes``.

    >>> nim_sum([3, 5, 7])
    1
    """
    return reduce(xor, sizes, 0)


def _heaps(value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise WrongTypeError(f"Nim takes a tuple of heap sizes such as (3, 5, 7), got {value!r}")
    heaps = tuple(value)
    for h in heaps:
        if not isinstance(h, int) or isinstance(h, bool):
            raise WrongTypeError(f"a Nim heap size is an int, got {h!r} in {heaps!r}")
        if h < 0:
            raise InvalidRulesError(f"a Nim heap size is non-negative, got {h} in {heaps!r}")
    return heaps


@attrs.frozen
class NimMove:
    """Reduce heap number ``index`` (from 0) from ``before`` to ``after`` tokens."""

    index: int
    before: int
    after: int
    result: Nim

    def __str__(self) -> str:
        return f"heap {self.index + 1}: {self.before} -> {self.after}"


@attrs.frozen(repr=False)
class Nim(cgt.Position):
    """A Nim position: a tuple of heap sizes (order kept; ``Nim((3, 5))`` has two heaps)."""

    heaps: tuple[int, ...] = attrs.field(converter=_heaps)

    def __repr__(self) -> str:
        return f"Nim({self.heaps!r})"

    def options(self) -> tuple[Nim, ...]:
        """Every position reached by taking tokens from one heap."""
        heaps = self.heaps
        return tuple(
            Nim((*heaps[:i], smaller, *heaps[i + 1 :]))
            for i, h in enumerate(heaps)
            for smaller in range(h)
        )

    def grundy(self) -> int:
        """The Grundy value by Bouton's theorem: the xor of the heap sizes."""
        return nim_sum(self.heaps)

    def nim_heaps(self) -> tuple[int, ...]:
        """The heap sizes: this position is the sum of these nim heaps (so `cgt.misere_outcome`
        and `cgt.misere_grundy` use Bouton's closed forms, whatever the sizes).

        >>> import cgt
        >>> cgt.misere_outcome(Nim((1, 1, 1))), cgt.misere_grundy(Nim((10**5, 10**5, 3)))
        (<MisereOutcome.P: 'P'>, 3)
        """
        return self.heaps

    def winning_moves(self) -> tuple[NimMove, ...]:
        """Every move to a position of nim-sum 0 (none when this position's nim-sum is 0)."""
        total = nim_sum(self.heaps)
        heaps = self.heaps
        return tuple(
            NimMove(i, h, h ^ total, Nim((*heaps[:i], h ^ total, *heaps[i + 1 :])))
            for i, h in enumerate(heaps)
            if total and h ^ total < h
        )


class NimHeapGame:
    """One-heap Nim (seed 001, Example 4.1) with the interface of the other heap games.

    ``g(n) = n``: not periodic, so ``period`` and ``preperiod`` are ``None``.

    >>> ONE_HEAP_NIM.grundy(10**18), ONE_HEAP_NIM.period, ONE_HEAP_NIM.closed_form()
    (1000000000000000000, None, n)
    """

    period: int | None = None
    preperiod: int | None = None

    def __repr__(self) -> str:
        return "ONE_HEAP_NIM"

    def grundy(self, n: int) -> int:
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"a heap size is an int, got {n!r}")
        if n < 0:
            raise InvalidArgumentError(f"a heap size is non-negative, got {n}")
        return n

    def sequence(self, size: int) -> list[int]:
        if not isinstance(size, int) or size < 0:
            raise InvalidArgumentError(f"a sequence length is a non-negative int, got {size!r}")
        return list(range(size))

    def closed_form(self) -> sympy.Expr:
        import sympy  # only here: importing sympy takes a second

        return sympy.Symbol("n")

    def describe_periodicity(self) -> str:
        return "not periodic: g(n) = n"

    def position(self, n: int) -> Nim:
        self.grundy(n)
        return Nim((n,))


ONE_HEAP_NIM = NimHeapGame()
