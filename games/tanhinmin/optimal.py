"""Which moves are optimal: seed 000's Algorithm 1 (Theorem 3), exact and in O(N).

**What "optimal" means.**  Seed 000 (section 5) calls a move *(c0, c1)-optimal* when it keeps
the game-theoretic result of the position: in a won position the optimal moves are exactly the
winning ones; in a lost position every move loses, so every legal move is optimal (this is why
Algorithm 1 returns every card and the pass when ``delta <= 0``).  `exact_optimal_moves`
computes this definition by the exact solver; `optimal_moves` by Algorithm 1 in O(N).

A finer notion for lost positions is seed 000's Corollary 6: the *tenacious* moves, those after
which ``delta`` (seen from the mover, ``delta' = 1 - delta(next)``) is as large as possible, i.e.
that give up as little of the matching difference as possible.  `tenacious_moves` computes it
from ``delta`` of every option (the definition), and `tenacious_range` in O(N) from lines 3-6 of
Algorithm 1 (the cards that keep ``delta' = delta``, whatever ``delta``, as footnote 10 of the
paper suggests) and a direct comparison with the pass (which alone can raise it).

Algorithm 1, for ``delta = 1`` (otherwise every move is optimal), with ``x_k`` the ``k``-th
weakest card of the mover ``X``, ``m = mu(X_{-[c0]}, X̄_{-[c1+1]})`` (``mu_0`` without the field)
and ``g = gamma(X_{-[c0]}, X̄_{-[c1+1]})``:

* line 3: if ``mu_1 = mu(X̄_{-[c1]}, X_{-[c0+2]}) + 1`` or ``|X| = c0 + 1``: ``[min X, x_{c0+1}]``;
* line 4: otherwise, with ``Y = {v in X̄_{-[c1]} : v <= x_{c0+2}}``:
  if ``min X <= max Y <= x_{c0+1}``, add ``[max Y, x_{c0+1}]``.  **As printed this misses
  optimal cards** when ``max Y < min X`` (smallest case ``({2, 3}, {1})``, both cards win); the
  corrected line adds ``[max Y, x_{c0+1}]`` whenever ``max Y <= x_{c0+1}`` (``max {} = 0``);
* line 5: if ``mu_0 = m``: add ``[x_{c0+2}, max X]``; line 6: otherwise, if ``g >= x_{c0+2}``:
  add ``[x_{c0+2}, g]``;
* line 7: passing is optimal iff ``mu_0 = m``;
* line 8: keep the cards above the field.

Figure 1 of seed 000: under ``(0, 0)`` playing 3 wins, under ``(1, 1)`` only 5 does.

>>> from games.tanhinmin import optimal_moves, exact_optimal_moves
>>> optimal_moves((1, 3, 5), (2, 4), field=1)
Moves(cards=frozenset({3}), passing=False)
>>> optimal_moves((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
Moves(cards=frozenset({5}), passing=False)
>>> exact_optimal_moves((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
Moves(cards=frozenset({5}), passing=False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from games.tanhinmin.hands import Position
from games.tanhinmin.matching import gamma_sorted, mu_sorted
from games.tanhinmin.solver import Result, move_results
from games.tanhinmin.winner import delta_of, mu0_of, mu1_of

__all__ = [
    "Moves",
    "OptimalRange",
    "delta_after",
    "exact_optimal_moves",
    "optimal_moves",
    "optimal_range",
    "tenacious_moves",
    "tenacious_range",
]


class Moves(NamedTuple):
    """A set of moves: the card strengths to play, and whether passing is among them."""

    cards: frozenset[int]
    passing: bool


class OptimalRange(NamedTuple):
    """Algorithm 1's output: the intervals ``[low, high]`` of card strengths, and ``b``."""

    intervals: tuple[tuple[int, int], ...]
    passing: bool

    def moves(self, mover: Iterable[int]) -> Moves:
        """The cards of ``mover`` inside the intervals, with the pass flag."""
        cards: set[int] = set()
        for lo, hi in self.intervals:
            cards.update(card for card in mover if lo <= card <= hi)
        return Moves(frozenset(cards), self.passing)


def _card_intervals(s: Position, *, literal: bool) -> list[tuple[int, int]]:
    """Lines 3-6: the cards whose play does not lower ``delta'`` below ``delta``.

    ``literal`` follows the printed line 4 (``min X <= max Y <= x_{c0+1}``); otherwise line 4
    adds ``[max Y, x_{c0+1}]`` whenever ``max Y <= x_{c0+1}``, with ``max {} = 0``.
    """
    X, Xb, c0, c1 = s.mover, s.other, s.c0, s.c1
    n = len(X)
    intervals: list[tuple[int, int]] = []
    weak_card = X[c0]  # x_{c0+1}
    if n == c0 + 1 or mu1_of(s) == mu_sorted(X[c0 + 2 :], Xb[c1:]) + 1:  # line 3
        intervals.append((X[0], weak_card))
    else:  # line 4
        second = X[c0 + 1]  # x_{c0+2}
        below = [v for v in Xb[c1:] if v <= second]
        if literal:
            if below and X[0] <= below[-1] <= weak_card:
                intervals.append((below[-1], weak_card))
        else:
            top = below[-1] if below else 0
            if top <= weak_card:
                intervals.append((top, weak_card))
    if n >= c0 + 2:
        second = X[c0 + 1]
        if _field_free(s):  # line 5
            intervals.append((second, X[-1]))
        else:  # line 6
            g = gamma_sorted(Xb[c1 + 1 :], X[c0:])
            if g is not None and g >= second:
                intervals.append((second, g))
    return intervals


def _field_free(s: Position) -> bool:
    """Lines 5 and 7: ``mu_0 = mu(X_{-[c0]}, X̄_{-[c1+1]})`` (the field card is not needed)."""
    return mu0_of(s) == mu_sorted(s.other[s.c1 + 1 :], s.mover[s.c0 :])


def _clip(intervals: list[tuple[int, int]], field: int) -> tuple[tuple[int, int], ...]:
    """Line 8: keep the strengths above the field."""
    return tuple((max(lo, field + 1), hi) for lo, hi in intervals if hi > field)


def _algorithm_1(s: Position, *, literal: bool) -> OptimalRange:
    if delta_of(s) != 1:  # line 2
        return OptimalRange(_clip([(s.mover[0], s.mover[-1])], s.field), True)
    return OptimalRange(_clip(_card_intervals(s, literal=literal), s.field), _field_free(s))


def optimal_range(
    mover: Iterable[int],
    other: Iterable[int],
    field: int = 0,
    c0: int = 0,
    c1: int = 0,
    *,
    as_printed: bool = False,
) -> OptimalRange:
    """Algorithm 1 of seed 000: the intervals ``H`` of optimal cards and ``b`` (pass optimal).

    By default line 4 is corrected (verified); ``as_printed=True`` follows the paper, which
    misses optimal cards (smallest counterexample: ``({2, 3}, {1})``).

    >>> optimal_range((2, 3), (1,))
    OptimalRange(intervals=((1, 2), (3, 3)), passing=False)
    >>> optimal_range((2, 3), (1,), as_printed=True)
    OptimalRange(intervals=((3, 3),), passing=False)
    """
    return _algorithm_1(Position(mover, other, field, c0, c1), literal=as_printed)


def optimal_moves(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> Moves:
    """The (c0, c1)-optimal moves in O(N): Algorithm 1 (line 4 corrected, see the docs)."""
    s = Position(mover, other, field, c0, c1)
    return _algorithm_1(s, literal=False).moves(s.mover)


def exact_optimal_moves(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> Moves:
    """The (c0, c1)-optimal moves by the exact solver: the winning moves of a won position,
    every legal move of a lost one."""
    return exact_moves_of(Position(mover, other, field, c0, c1))


def exact_moves_of(s: Position) -> Moves:
    """`exact_optimal_moves` of a validated position."""
    cards, passing = move_results(s)
    for best in (Result.WIN, Result.DRAW):
        chosen = [card for card, result in cards.items() if result is best]
        if chosen or passing is best:
            return Moves(frozenset(chosen), passing is best)
    return Moves(frozenset(cards), passing is not None)  # every move loses


def delta_after(s: Position, card: int | None) -> int:
    """``delta'`` (seed 000, eq. 9): the matching difference after a move, from the mover's side.

    ``card=None`` is the pass.  ``delta' = 1 - delta(next)``; playing the last card needed
    counts ``mu'_1 = 0`` (eq. 8).
    """
    if card is None:
        after = Position(s.other, s.mover, 0, s.c1, s.c0)
        return 1 - delta_of(after)
    index = s.mover.index(card)
    rest = s.mover[:index] + s.mover[index + 1 :]
    if len(s.mover) == s.c0 + 1:
        # mu'_0 = mu_1(next) with the mover's hand now at its target: mu(X̄_{-[c1]}, {}) = 0.
        return 1
    after = Position(s.other, rest, card, s.c1, s.c0)
    return 1 - delta_of(after)


def tenacious_moves(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> Moves:
    """Corollary 6 by its definition: the moves with the largest ``delta'``."""
    s = Position(mover, other, field, c0, c1)
    after = {card: delta_after(s, card) for card in s.playable}
    passing = delta_after(s, None)
    best = max([*after.values(), passing])
    return Moves(frozenset(c for c, d in after.items() if d == best), passing == best)


def tenacious_range(
    mover: Iterable[int], other: Iterable[int], field: int = 0, c0: int = 0, c1: int = 0
) -> Moves:
    """Corollary 6 in O(N).

    Every card changes ``delta'`` by 0 or -1 from ``delta`` (Lemma 1; a card never gains), and
    the cards that change it by 0 are those of lines 3-6 of Algorithm 1 (corrected line 4),
    whatever ``delta``.  The pass is compared by computing its ``delta'`` directly.
    """
    s = Position(mover, other, field, c0, c1)
    keep = _clip(_card_intervals(s, literal=False), s.field)
    steady = OptimalRange(keep, False).moves(s.mover).cards
    playable = frozenset(s.playable)
    card_best = 0 if steady else (-1 if playable else None)
    pass_change = delta_after(s, None) - delta_of(s)
    best = pass_change if card_best is None else max(pass_change, card_best)
    if card_best != best:
        cards: frozenset[int] = frozenset()
    else:
        cards = steady if best == 0 else playable
    return Moves(cards, pass_change == best)
