"""Who wins: seed 000's Theorem 1 (delta > 0), for one condition or for all of them at once.

For a position ``s = (X, X̄, r)`` and a condition ``(c0, c1)`` (seed 000, Definition 2)::

    mu_0 = mu(X_{-[c0]},  X̄_{-[c1+1]} + {r})     the mover's matches (the field counts)
    mu_1 = mu(X̄_{-[c1]}, X_{-[c0+1]})            the other player's matches
    delta = mu_0 - mu_1

where ``V_{-[j]}`` drops the ``j`` weakest cards of ``V``.  **Theorem 1**: the player to move
wins iff ``delta > 0``.  With ``(c0, c1) = (0, 0)`` this is Proposition 1 (earlier work).
Everything is linear in the number of cards on sorted hands (Theorem 2).

>>> from games.tanhinmin import mover_wins, delta, mu0, mu1
>>> mu0((1, 3, 5), (2, 4), 1), mu1((1, 3, 5), (2, 4), 1), delta((1, 3, 5), (2, 4), 1)
(2, 1, 1)
>>> mover_wins((1, 3, 5), (2, 4), 1), mover_wins((1, 3, 5), (2, 4), 1, 1, 1)
(True, True)

**Corollary 4**: the winner under *every* condition at once.  For each ``c0`` keep
``T[c0] = max{c1 : the mover wins under (c0, c1)}`` (``-1`` if none); then the mover wins under
``(c0, c1)`` iff ``c1 <= T[c0]``, an O(1) look-up.  `WinnerTable` builds ``T`` in O(N): mu_0
and mu_1 of every pair of suffixes come in O(1) from `SuffixMatchings`, and ``T`` is traced
along the staircase boundary between won and lost conditions (``T`` never decreases as ``c0``
grows: an easier target for the mover cannot hurt; verified, not assumed).

>>> from games.tanhinmin import WinnerTable
>>> table = WinnerTable((1, 3, 5), (2, 4), field=1)
>>> table.thresholds, table.wins(1, 1)
((0, 1, 1), True)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from games.tanhinmin.hands import Position
from games.tanhinmin.matching import SuffixMatchings, mu_sorted

__all__ = ["WinnerTable", "delta", "mover_wins", "mu0", "mu1", "winner_table"]


def with_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand + {card}``, sorted."""
    index = bisect.bisect_right(hand, card)
    return (*hand[:index], card, *hand[index:])


def mu0_of(s: Position) -> int:
    return mu_sorted(with_card(s.other[s.c1 + 1 :], s.field), s.mover[s.c0 :])


def mu1_of(s: Position) -> int:
    return mu_sorted(s.mover[s.c0 + 1 :], s.other[s.c1 :])


def delta_of(s: Position) -> int:
    return mu0_of(s) - mu1_of(s)


def mu0(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> int:
    """``mu_0(s, c0, c1) = mu(X_{-[c0]}, X̄_{-[c1+1]} + {r})`` (seed 000, eq. 3)."""
    return mu0_of(Position(mover, other, field, c0, c1))


def mu1(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> int:
    """``mu_1(s, c0, c1) = mu(X̄_{-[c1]}, X_{-[c0+1]})`` (seed 000, eq. 4)."""
    return mu1_of(Position(mover, other, field, c0, c1))


def delta(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> int:
    """``delta = mu_0 - mu_1`` (seed 000, eq. 5); the mover wins iff it is positive."""
    return delta_of(Position(mover, other, field, c0, c1))


def mover_wins(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> bool:
    """Does the player to move win under ``(c0, c1)``?  Seed 000, Theorem 1: ``delta > 0``.

    Verified against the exact solver (`solve`) on every position up to the sizes in
    ``docs/games/tanhinmin.md``.
    """
    return delta_of(Position(mover, other, field, c0, c1)) > 0


class WinnerTable:
    """Corollary 4: the winner of one position under every ``(c0, c1)``; O(N) build, O(1) query.

    ``thresholds[c0]`` is the largest ``c1`` under which the mover wins (``-1``: none).
    """

    __slots__ = ("mover_size", "other_size", "thresholds")

    def __init__(self, mover: Iterable[int], other: Iterable[int], field: int = 0) -> None:
        s = Position(mover, other, field)
        n, m = len(s.mover), len(s.other)
        self.mover_size, self.other_size = n, m
        # With a = n - c0 cards kept by the mover and b = m - c1 by the other:
        # mu_0 = mu(top_a(X), top_{b-1}(X̄) + {r}),  mu_1 = mu(top_b(X̄), top_{a-1}(X)).
        mover_caps = SuffixMatchings(upper=s.mover, lower=s.other, extra=s.field).capacity
        other_caps = SuffixMatchings(upper=s.other, lower=s.mover).capacity
        thresholds = [0] * n
        c1 = m - 1
        for c0 in range(n - 1, -1, -1):
            a = n - c0
            # wins(c0, c1) iff min(a, mover_caps[b - 1]) > min(b, other_caps[a - 1]), b = m - c1
            while c1 >= 0 and min(a, mover_caps[m - c1 - 1]) <= min(m - c1, other_caps[a - 1]):
                c1 -= 1
            thresholds[c0] = c1
        self.thresholds = tuple(thresholds)

    def wins(self, c0: int, c1: int) -> bool:
        """Does the mover win under ``(c0, c1)``?  One comparison."""
        if not (0 <= c0 < self.mover_size and 0 <= c1 < self.other_size):
            raise IndexError(f"condition ({c0}, {c1}) outside this position's domain")
        return c1 <= self.thresholds[c0]

    def rows(self) -> list[str]:
        """The table as text: one row per ``c0``, ``W`` where the mover wins, ``L`` where not."""
        return [
            f"c0={c0}: " + "".join("W" if c1 <= t else "L" for c1 in range(self.other_size))
            for c0, t in enumerate(self.thresholds)
        ]


def winner_table(mover: Iterable[int], other: Iterable[int], field: int = 0) -> WinnerTable:
    """`WinnerTable` of a position (Corollary 4)."""
    return WinnerTable(mover, other, field)
