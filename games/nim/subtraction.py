"""Subtraction games: take ``s`` tokens from one heap, for ``s`` in a finite set ``S``.

The Grundy value of a heap of ``n`` is ``g(n) = mex{ g(n - s) : s in S, s <= n }``.  A move is
allowed only when ``s <= n``: seed 001 prints the rule as ``R(i) = {max(0, i - j) : j in S}``,
which read literally gives the empty heap a move to itself (a loop) and contradicts its own
tables; we use the standard rule, which reproduces them (see ``docs/games/nim.md``).

With ``k = max(S)``, each value depends only on the ``k`` values before it, so the sequence is
eventually periodic (seed 001 cites Sato, Theorem 5.3), and a finite check proves it: if
``g(n + p) == g(n)`` for ``n0 <= n < n0 + k``, then for every ``n >= n0``.  The least such
``(n0, p)`` is found by scanning, so ``grundy(n)`` is O(1) for any ``n`` (``10**18`` included).

>>> from games.nim import subtraction
>>> game = subtraction({2, 3})
>>> game.sequence(11), game.preperiod, game.period
([0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0], 0, 5)
>>> game.grundy(10**18 + 4)
2
>>> subtraction({1, 2, 3}).closed_form()
Mod(n, 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from games.nim._errors import InvalidRulesError, WrongTypeError
from games.nim._sequence import HeapGame, HeapPosition, Periodicity

if TYPE_CHECKING:
    import sympy

__all__ = ["DEFAULT_SUBTRACTION_BOUND", "SubtractionGame", "subtraction"]

DEFAULT_SUBTRACTION_BOUND = 1 << 22


class SubtractionGame(HeapGame):
    """The subtraction game with the finite set ``moves``; make one with `subtraction`."""

    theorem = "subtraction periodicity window n0 <= n < n0 + max(S)"

    def __init__(self, moves: tuple[int, ...], search_bound: int) -> None:
        self.moves = moves
        self.largest = moves[-1]
        self._init_sequence(search_bound)

    def __repr__(self) -> str:
        return f"subtraction({{{', '.join(map(str, self.moves))}}})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SubtractionGame) and other.moves == self.moves

    def __hash__(self) -> int:
        return hash((SubtractionGame, self.moves))

    def _extend(self, size: int) -> None:
        values, moves = self._values, self.moves
        for n in range(len(values), size):
            seen = 0
            for s in moves:
                if s > n:
                    break
                seen |= 1 << values[n - s]
            values.append((~seen & (seen + 1)).bit_length() - 1)

    def _window(self, preperiod: int, period: int) -> int:
        return preperiod + self.largest

    def _options(self, n: int) -> tuple[HeapPosition, ...]:
        return tuple(HeapPosition(self, n - s) for s in self.moves if s <= n)

    @property
    def periodicity(self) -> Periodicity:
        """The certified `Periodicity` (a finite set always has one within a large enough
        ``search_bound``; if the bound is too small this raises `InvalidRulesError`)."""
        found = self.search_period()
        if found is None:
            raise InvalidRulesError(
                f"{self!r}: "
                + self.unfinished(
                    "a finite subtraction set is always eventually periodic: pass a larger "
                    "search_bound, or call search_period(bound)"
                )
            )
        return found

    def closed_form(self) -> sympy.Expr:
        """``g(n)`` as a sympy expression in ``n``; ``Mod(n, p)`` when ``g(n) = n mod p``.

        >>> from games.nim import subtraction
        >>> subtraction({2, 3}).closed_form().subs("n", 9)
        2
        """
        found = self.periodicity
        if found.preperiod == 0 and self._values[: found.period] == list(range(found.period)):
            import sympy  # only here: importing sympy takes a second

            return sympy.Mod(sympy.Symbol("n"), found.period)
        return super().closed_form()


def _normalise(moves: Any) -> tuple[int, ...]:
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise WrongTypeError(
            f"a subtraction set is an iterable of positive ints such as {{2, 3}}, got {moves!r}"
        )
    items = list(moves)
    shown = "{" + ", ".join(map(repr, sorted(items, key=repr))) + "}"
    for s in items:
        if not isinstance(s, int) or isinstance(s, bool):
            raise WrongTypeError(f"a subtraction set holds ints; got {s!r} in {shown}")
    shown = "{" + ", ".join(map(str, sorted(items))) + "}"
    for s in items:
        if s <= 0:
            raise InvalidRulesError(
                f"a subtraction set holds positive integers; got {s} in {shown}"
            )
    if not items:
        raise InvalidRulesError("a subtraction set needs at least one move")
    return tuple(sorted(set(items)))


def subtraction(
    moves: Iterable[int], *, search_bound: int = DEFAULT_SUBTRACTION_BOUND
) -> SubtractionGame:
    """The subtraction game with finite subtraction set ``moves`` (positive ints).

    The same set gives the same (shared, memoized) game object.  ``search_bound`` caps the
    prefix searched for the period (a finite set always has one; the bound only guards memory).

    >>> from games.nim import subtraction
    >>> subtraction([3, 2, 3])
    subtraction({2, 3})
    """
    return _make(_normalise(moves), search_bound)


@lru_cache(maxsize=256)
def _make(moves: tuple[int, ...], search_bound: int) -> SubtractionGame:
    return SubtractionGame(moves, search_bound)
