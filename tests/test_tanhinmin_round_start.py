"""Seed 003's round-start rule: refuted on multisets (smallest counterexample kept), true
without repeated strengths, and the corrected nu* rule verified on every round start."""

from __future__ import annotations

from games.tanhinmin import (
    RoundStart,
    greedy_matching,
    round_start_wins,
    round_start_wins_corrected,
    solve,
)
from games.tanhinmin.checks import exact_wins, round_starts

ROUND_START_CARDS = 8


def test_greedy_matching_of_figure_2():
    # 8-7, 7-5, 6-2, 4-1: mu = 4, the weakest matched card 4 is paired with 1.
    assert greedy_matching((2, 3, 4, 6, 7, 8), (1, 2, 5, 7)) == RoundStart(4, 0, 0)
    assert greedy_matching((1,), (1,)) == RoundStart(0, None, None)
    # the printed nu counts weaker cards; nu* counts free cards not stronger than the partner
    assert greedy_matching((2,), (1, 1)) == RoundStart(1, 0, 1)


def test_printed_rule_smallest_counterexample():
    first = next(s for s in round_starts(6) if round_start_wins(s.mover, s.other) != exact_wins(s))
    assert (first.mover, first.other) == ((1, 1), (2,))
    assert round_start_wins((1, 1), (2,)) is True
    assert solve((1, 1), (2,)) is False
    assert round_start_wins_corrected((1, 1), (2,)) is False


def test_printed_rule_fails_with_both_matchings_non_empty_too():
    # X plays 1, X̄ plays 2, X plays 3 (X̄ cannot answer), X plays its last 1: X wins.
    assert solve((1, 1, 3), (2, 2)) is True
    assert round_start_wins((1, 1, 3), (2, 2)) is False
    assert round_start_wins_corrected((1, 1, 3), (2, 2)) is True


def test_printed_rule_holds_without_repeated_strengths():
    checked = 0
    for s in round_starts(ROUND_START_CARDS, sets_only=True):
        assert round_start_wins(s.mover, s.other) == exact_wins(s), s
        checked += 1
    assert checked > 1_000


def test_corrected_rule_on_every_round_start():
    checked = 0
    for s in round_starts(ROUND_START_CARDS):
        assert round_start_wins_corrected(s.mover, s.other) == exact_wins(s), s
        checked += 1
    assert checked > 10_000
