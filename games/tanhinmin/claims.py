"""Registration of every published Tanhinmin claim with `cgt verify` (imported by the plug-in).

Each claim is checked on every position with up to ``quick`` (CI) or ``full`` cards in total,
all shapes of strengths (see `games.tanhinmin.checks`), against the exact solver.  Claims found
false as printed stay registered as ``refuted``, next to their corrected versions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import cgt
from games.tanhinmin import checks
from games.tanhinmin.hands import Position

__all__ = ["register"]

GAME = "tanhinmin"
SEED_000 = "seed 000 (Ohto & Kiya)"
SEED_003 = "seed 003 (Kiya & Ono)"
CARDS = "every position, <= {size} cards"


def _claim(
    claim: str,
    source: str,
    family: Callable[[int], Iterable[Any]],
    quick: int,
    full: int,
    fast: Callable[[Any], Any],
    reference: Callable[[Any], Any],
    *,
    expect: str = "holds",
    note: str = "",
    checked_up_to: str = CARDS,
) -> None:
    cgt.register_claim(
        game=GAME,
        claim=claim,
        source=source,
        family=family,
        quick=quick,
        full=full,
        standard=max(quick, full - 1),  # each card multiplies the time by about five
        fast=fast,
        reference=reference,
        expect=expect,
        checked_up_to=checked_up_to,
        note=note,
    )


def _all_conditions(size: int) -> Iterable[Position]:
    return checks.positions(size)


def _plain(size: int) -> Iterable[Position]:
    return (s for s in checks.positions(size) if s.c0 == 0 and s.c1 == 0)


def _always(_: Any) -> bool:
    return True


def register() -> None:
    """Register the claims (once; the plug-in module calls this on import)."""
    if any(c.game == GAME for c in cgt.claims()):
        return
    _claim(
        "Theorem 1: mover wins under (c0,c1) iff delta > 0",
        f"{SEED_000}, Thm 1",
        _all_conditions,
        6,
        9,
        checks.theorem_1,
        checks.exact_wins,
    )
    _claim(
        "Proposition 1: (0,0) winner iff mu(X, X̄-1 + r) > mu(X̄, X-1)",
        f"{SEED_000}, Prop 1 [6]",
        _plain,
        6,
        9,
        checks.theorem_1,
        checks.exact_wins,
        checked_up_to="every (0,0) position, <= {size} cards",
    )
    _claim(
        "Corollary 2: no draw (no mutual zugzwang) under the literal rules",
        f"{SEED_000}, Cor 2",
        _all_conditions,
        6,
        8,
        _always,
        checks.no_draw,
    )
    _claim(
        "leaving out the pass on an empty field changes no winner",
        "SPEC section 3 (partizan encoding)",
        _all_conditions,
        6,
        8,
        checks.no_empty_pass_wins,
        checks.exact_wins,
    )
    _claim(
        "Corollary 3: (c0,c1) = (0,0) without the c0 / c1 weakest cards",
        f"{SEED_000}, Cor 3",
        _all_conditions,
        6,
        8,
        checks.corollary_3,
        checks.exact_wins,
    )
    _claim(
        "Corollary 4: table T[c0] = max winning c1 gives every winner",
        f"{SEED_000}, Cor 4 and footnote 7",
        _all_conditions,
        6,
        8,
        checks.corollary_4,
        checks.exact_wins,
    )
    _claim(
        "Seed 003 Theorem 1 / Table 1 (round start) as printed, multisets",
        f"{SEED_003}, Thm 1, Table 1",
        checks.round_starts,
        6,
        9,
        checks.seed_003,
        checks.exact_wins,
        expect="refuted",
        checked_up_to="every round start, <= {size} cards",
        note="smallest counterexample X={1,1}, X̄={2}: clause 4 says X wins; X̄ answers 2 and "
        "wins. Holds without repeated strengths; corrected with nu* (unmatched cards <= partner).",
    )
    _claim(
        "Seed 003 Theorem 1 on hands without repeated strengths",
        f"{SEED_003}, Thm 1",
        lambda size: checks.round_starts(size, sets_only=True),
        6,
        9,
        checks.seed_003,
        checks.exact_wins,
        checked_up_to="every round start without repeats, <= {size} cards",
    )
    _claim(
        "Seed 003 Theorem 1 corrected: nu* = unmatched cards <= partner",
        "corrected here (seed 003 Thm 1)",
        checks.round_starts,
        6,
        9,
        checks.seed_003_corrected,
        checks.exact_wins,
        checked_up_to="every round start, <= {size} cards",
    )
    _claim(
        "Algorithm 1 as printed gives exactly the optimal moves",
        f"{SEED_000}, Alg 1, Thm 3",
        _all_conditions,
        6,
        8,
        checks.algorithm_1_printed,
        checks.exact_moves,
        expect="refuted",
        note="smallest counterexample ({2,3}, {1}, r=0, (0,0)): both cards win, line 4 "
        "(min X <= max Y <= x_{c0+1}) drops card 2 as max Y = 1 < min X. Corrected: add "
        "[max Y, x_{c0+1}] whenever max Y <= x_{c0+1}.",
    )
    _claim(
        "Algorithm 1 corrected (line 4) gives exactly the optimal moves",
        "corrected here (seed 000 Alg 1)",
        _all_conditions,
        6,
        8,
        checks.algorithm_1_corrected,
        checks.exact_moves,
    )
    _claim(
        "the optimal cards form one interval",
        f"{SEED_000}, section 5.1",
        _all_conditions,
        6,
        8,
        _always,
        checks.one_interval,
    )
    _claim(
        "Corollary 1: with a playable card, passing is never the only optimal move",
        f"{SEED_000}, Cor 1",
        _all_conditions,
        6,
        8,
        _always,
        checks.corollary_1,
    )
    _claim(
        "Corollary 5: weakest playable card or x_{c0+2} is optimal",
        f"{SEED_000}, Cor 5",
        _all_conditions,
        6,
        8,
        _always,
        checks.corollary_5,
    )
    _claim(
        "Lemma 1: a card changes delta' - delta by 0 or -1, a pass by -1..1",
        f"{SEED_000}, Lemma 1, Tables 1-2",
        _all_conditions,
        6,
        7,
        _always,
        checks.lemma_1,
    )
    _claim(
        "Lemmas 2-4: when delta' can rise, and when every card lowers it",
        f"{SEED_000}, Lemmas 2-4",
        _all_conditions,
        6,
        7,
        _always,
        checks.lemmas_2_to_4,
    )
    _claim(
        "Corollary 6: moves keeping delta' maximal = Alg 1 lines 3-6 + pass",
        f"{SEED_000}, Cor 6, footnote 10",
        _all_conditions,
        6,
        7,
        checks.corollary_6,
        checks.tenacious_definition,
    )
    _claim(
        "Corollary 7: a move optimal for every c1 (c0 fixed), and every c0",
        f"{SEED_000}, Cor 7",
        lambda size: checks.shapes(size),
        6,
        8,
        _always,
        checks.corollary_7,
        checked_up_to="every hand pair and field, <= {size} cards",
    )
    for algorithm in range(2, 8):
        _claim(
            f"Theorem 5: Algorithm {algorithm} wins every won position (play-out)",
            f"{SEED_000}, Alg {algorithm}, Thm 5",
            _all_conditions,
            5,
            6,
            _always,
            checks.strategy_check(algorithm),
            checked_up_to="every won position, every parameter c, <= {size} cards",
        )
    _claim(
        "outcome class of cgt.value = exact winner, Left first and Right first",
        "SPEC section 3 (partizan encoding)",
        _all_conditions,
        5,
        7,
        checks.outcome_by_value,
        checks.outcome_by_exact_solver,
    )
    _claim(
        "every value is infinitesimal (left and right stops 0)",
        "observed here",
        _all_conditions,
        5,
        6,
        _always,
        checks.stops_are_zero,
    )
    cgt.register_claim(
        game=GAME,
        claim="mu and gamma by the greedy pass = their definitions (Fig. 2)",
        source=f"{SEED_000}, section 3.1",
        family=checks.matching_pairs,
        quick=7,
        full=9,
        standard=8,
        fast=lambda pair: (checks.greedy_mu(pair), checks.greedy_gamma(pair)),
        reference=lambda pair: (checks.brute_mu(pair), checks.brute_gamma(pair)),
        checked_up_to="every pair of multisets, <= {size} values",
    )
