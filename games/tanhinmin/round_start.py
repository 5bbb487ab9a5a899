"""Seed 003's winner rule at the start of a round (empty field, plain rule), and its correction.

Seed 003 matches the hand ``X`` of the player to move into the other hand ``X̄`` greedily,
strongest first: the strongest unmatched card of ``X`` takes the strongest unmatched card of
``X̄`` below it, until none is left below.  ``mu_X`` is the number of pairs, ``w_X`` the weakest
matched card of ``X``, and ``nu_X`` the number of cards of ``X̄`` weaker than ``w_X``'s partner
(by convention ``nu_X > 0`` when ``mu_X = 0``).  ``mu_X̄``, ``nu_X̄`` are the same with the hands
swapped.  **Theorem 1 / Table 1**: ``X`` (to move, empty field, plain rule) wins iff

1. ``mu_X > mu_X̄``, or
2. ``mu_X = mu_X̄`` and ``nu_X > 0``, or
3. ``mu_X = mu_X̄`` and ``nu_X̄ = 0``, or
4. ``mu_X + 1 = mu_X̄`` and ``nu_X > 0`` and ``nu_X̄ = 0``.

The paper states it for multisets too ("多重集合であっても良い").  On hands without repeated
strengths it holds (checked exhaustively), but on multisets it fails.  The smallest
counterexample is ``X = {1, 1}``, ``X̄ = {2}``: ``mu_X = 0`` (so ``nu_X > 0`` by convention),
``mu_X̄ = 1`` and ``nu_X̄ = 0`` (no card of ``X`` is weaker than 1), so clause 4 says ``X``
wins; but whatever ``X`` plays, ``X̄`` answers 2 and has emptied its hand.  The culprit is a tie:
the second 1 of ``X`` is not *weaker* than ``w_X̄``'s partner, but it is just as free.

**Correction.**  Count the *unmatched* cards of the other hand that are *not stronger* than
the partner of ``w_X``: ``nu*_X = #{unmatched v in X̄ : v <= partner(w_X)}``.  Without repeated
strengths this is the paper's ``nu_X`` (every card below the weakest partner is unmatched, and
no other card equals it); with the convention ``nu*_X > 0`` when ``mu_X = 0`` kept, the four
clauses with ``nu*`` decide every position (verified exhaustively, see the docs).  In seed
000's terms, ``nu*_X > 0`` says the field's empty slot gives ``X`` an extra match and
``nu*_X̄ = 0`` that ``X``'s weakest card is needed by every maximum matching of ``X̄``.

>>> from games.tanhinmin import round_start_wins, round_start_wins_corrected, solve
>>> round_start_wins((1, 1), (2,)), round_start_wins_corrected((1, 1), (2,)), solve((1, 1), (2,))
(True, False, False)
>>> greedy_matching((2, 3, 4, 6, 7, 8), (1, 2, 5, 7))
RoundStart(mu=4, nu=0, nu_unmatched=0)
>>> greedy_matching((1, 1), (2,)), greedy_matching((2,), (1, 1))
(RoundStart(mu=0, nu=None, nu_unmatched=None), RoundStart(mu=1, nu=0, nu_unmatched=1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from games.tanhinmin.hands import Position

__all__ = ["RoundStart", "greedy_matching", "round_start_wins", "round_start_wins_corrected"]


class RoundStart(NamedTuple):
    """Seed 003's ``mu`` and ``nu`` for one player, and the corrected ``nu*`` (``nu_unmatched``).

    ``nu`` and ``nu_unmatched`` are ``None`` when ``mu = 0`` (the paper: "positive").
    """

    mu: int
    nu: int | None
    nu_unmatched: int | None


def greedy_matching(hand: Sequence[int], other: Sequence[int]) -> RoundStart:
    """Seed 003's strongest-first ("上詰め") matching of ``hand`` into ``other``: mu, nu, nu*."""
    hand, other = sorted(hand, reverse=True), sorted(other, reverse=True)
    matched = [False] * len(other)
    j = 0
    pairs = 0
    partner = None
    for card in hand:
        while j < len(other) and other[j] >= card:
            j += 1
        if j == len(other):
            break
        partner = other[j]
        matched[j] = True
        pairs += 1
        j += 1
    if partner is None:
        return RoundStart(0, None, None)
    weaker = sum(1 for card in other if card < partner)
    free = sum(1 for card, used in zip(other, matched, strict=True) if card <= partner and not used)
    return RoundStart(pairs, weaker, free)


def _rule(x_mu: int, x_nu: int | None, y_mu: int, y_nu: int | None) -> bool:
    nu_x_positive = x_nu is None or x_nu > 0
    nu_y_zero = y_nu is not None and y_nu == 0
    return (
        x_mu > y_mu
        or (x_mu == y_mu and nu_x_positive)
        or (x_mu == y_mu and nu_y_zero)
        or (x_mu + 1 == y_mu and nu_x_positive and nu_y_zero)
    )


def round_start_wins(mover: Iterable[int], other: Iterable[int]) -> bool:
    """Seed 003, Theorem 1 as printed: does the player to move win at the start of a round?"""
    s = Position(mover, other)
    x, y = greedy_matching(s.mover, s.other), greedy_matching(s.other, s.mover)
    return _rule(x.mu, x.nu, y.mu, y.nu)


def round_start_wins_corrected(mover: Iterable[int], other: Iterable[int]) -> bool:
    """Seed 003, Theorem 1 with ``nu*`` (unmatched cards not stronger than the partner)."""
    s = Position(mover, other)
    x, y = greedy_matching(s.mover, s.other), greedy_matching(s.other, s.mover)
    return _rule(x.mu, x.nu_unmatched, y.mu, y.nu_unmatched)
