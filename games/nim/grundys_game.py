"""Grundy's game: a move splits one heap into two non-empty heaps of different sizes.

It is not an octal game (no octal code says "unequal"), but its values come from the same
kernel: the options of a heap of ``n`` are ``g(a) ^ g(n - a)`` for ``1 <= a < n/2``, and the
rare/common split applies unchanged (Winning Ways ch. 4; Flammenkamp's mask is ``...11110``).
Nobody knows whether the sequence is eventually periodic; it has been computed far beyond
``2**30`` heaps without a period.

Periodicity theorem used here: *if ``g(n + p) == g(n)`` for ``n0 <= n < 2*n0 + 2*p``, then for
every ``n >= n0``* (``docs/games/nim.md`` has the proof: it is Guy and Smith's argument, with one
more period because the split of ``n + p`` into ``n/2`` and ``n/2 + p`` would shift to the equal
split of ``n``).

>>> from games.nim import grundys_game
>>> game = grundys_game()
>>> game.sequence(12)
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
>>> game.position(7).options()[0]
Sum(grundys_game().position(1), grundys_game().position(6))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import cgt
from games.nim._errors import InvalidArgumentError
from games.nim._periodicity import LinearWindow
from games.nim._sequence import HeapPosition
from games.nim._takebreak import ENGINES, TakeBreakGame, TakeBreakRules

__all__ = ["GRUNDYS_GAME_RULES", "GrundysGame", "grundys_game"]

GRUNDYS_GAME_RULES = TakeBreakRules(two=(0,), unequal=True)


class GrundysGame(TakeBreakGame):
    """Grundy's game; make it with `grundys_game`."""

    theorem = "periodicity window n0 <= n < 2*n0 + 2p (Grundy's game)"

    def __init__(self, search_bound: int, engine: str = "auto") -> None:
        self._init_engine(GRUNDYS_GAME_RULES, engine)
        self._init_sequence(search_bound)

    def __repr__(self) -> str:
        return "grundys_game()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GrundysGame)

    def __hash__(self) -> int:
        return hash(GrundysGame)

    def _window(self, preperiod: int, period: int) -> int:
        return self._theorem_window()(preperiod, period)

    def _theorem_window(self) -> LinearWindow:
        return LinearWindow(2, 2, 0)

    def _work(self, size: int) -> int:
        return self._scaled_work(size * size // 4)

    def _options(self, n: int) -> tuple[Any, ...]:
        return tuple(
            cgt.Sum(HeapPosition(self, a), HeapPosition(self, n - a))
            for a in range(1, (n + 1) // 2)
        )


def grundys_game(*, search_bound: int = 1 << 13, engine: str = "auto") -> GrundysGame:
    """Grundy's game (split a heap into two unequal heaps).

    >>> grundys_game().describe_periodicity().split(" (")[0]
    'not yet periodic up to n = 8192'
    """
    if engine not in ENGINES:
        raise InvalidArgumentError(f"engine is one of {', '.join(ENGINES)}; got {engine!r}")
    return _make(search_bound, engine)


@lru_cache(maxsize=16)
def _make(search_bound: int, engine: str) -> GrundysGame:
    return GrundysGame(search_bound, engine)
