"""Optimal moves: Algorithm 1 (printed and corrected), what "optimal" means in a lost position,
Corollaries 1, 5, 6, 7, and the strategies of Algorithms 2-7, against the exact solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tanhinmin import (
    STRATEGIES,
    Moves,
    Position,
    Result,
    checks,
    exact_optimal_moves,
    optimal_moves,
    optimal_range,
    parameter_range,
    plays_to_win,
    solve,
    tenacious_moves,
    tenacious_range,
)
from games.tanhinmin.checks import positions, shapes
from games.tanhinmin.optimal import delta_after, exact_moves_of
from games.tanhinmin.solver import move_results, result_of
from games.tanhinmin.winner import delta_of

ALGORITHM_1_CARDS = 8


def test_figure_1():
    """({1,3,5}, {2,4}, r=1): under (0,0) playing 3 wins; under (1,1) only 5 wins."""
    plain = exact_optimal_moves((1, 3, 5), (2, 4), 1)
    assert 3 in plain.cards and plain.passing is False
    assert plain == optimal_moves((1, 3, 5), (2, 4), 1) == Moves(frozenset({3}), False)
    strict = exact_optimal_moves((1, 3, 5), (2, 4), 1, 1, 1)
    assert strict == optimal_moves((1, 3, 5), (2, 4), 1, 1, 1) == Moves(frozenset({5}), False)
    # and indeed 3 loses under (1, 1): the other answers 4 and needs one more card
    assert solve((2, 4), (1, 5), 3, 1, 1) is True


def test_algorithm_1_as_printed_fails_and_the_smallest_counterexample():
    first = next(s for s in positions(6) if checks.algorithm_1_printed(s) != checks.exact_moves(s))
    assert first.args() == ((2, 3), (1,), 0, 0, 0)
    # Both cards win: after 2 the other cannot beat it (1 < 2), the mover then plays 3.
    assert exact_optimal_moves((2, 3), (1,)) == Moves(frozenset({2, 3}), False)
    printed = optimal_range((2, 3), (1,), as_printed=True)
    assert printed.intervals == ((3, 3),)  # line 4 needs min X <= max Y: 2 <= 1 fails
    assert optimal_range((2, 3), (1,)).moves((2, 3)).cards == {2, 3}
    assert optimal_moves((2, 3), (1,)) == Moves(frozenset({2, 3}), False)


def test_corrected_algorithm_1_and_corollaries_1_5_on_every_position_up_to_8_cards():
    """Algorithm 1 (corrected) = the exact optimal moves; Corollary 1 (with a playable card,
    some card is optimal); Corollary 5 (the weakest playable card or x_{c0+2} is optimal); the
    optimal cards are one interval of the hand's playable strengths."""
    checked = 0
    for s in positions(ALGORITHM_1_CARDS):
        exact = exact_moves_of(s)
        assert checks.algorithm_1_corrected(s) == exact, s
        if s.playable:
            assert exact.cards, s
            second = s.mover[s.c0 + 1] if len(s.mover) >= s.c0 + 2 else None
            assert s.playable[0] in exact.cards or second in exact.cards, s
            low, high = min(exact.cards), max(exact.cards)
            assert exact.cards == {c for c in s.playable if low <= c <= high}, s
        checked += 1
    assert checked == 1_146_208


def test_optimal_in_a_lost_position_means_every_legal_move():
    """Seed 000's definition: a move is (c0,c1)-optimal iff it keeps the game-theoretic result.
    In a lost position every move loses, so every legal move is optimal (Algorithm 1, line 2)."""
    lost = 0
    for s in positions(6):
        if result_of(s) is Result.WIN:
            continue
        lost += 1
        every = Moves(frozenset(s.playable), True)
        assert exact_moves_of(s) == every == optimal_moves(*s.args()), s
    assert lost > 10_000
    # e.g. {1,1} against {2}: both the 1 and the pass lose, both are "optimal"
    assert optimal_moves((1, 1), (2,)) == Moves(frozenset({1}), True)


def test_tenacious_moves_refine_lost_positions_and_stay_optimal_when_won():
    """Corollary 6: the moves keeping delta' = 1 - delta(next) maximal.  Checked: the O(N) range
    equals the definition; in a won position every tenacious move wins; they form one interval
    (plus maybe the pass) and are never empty."""
    for s in positions(6):
        tenacious = tenacious_moves(*s.args())
        assert tenacious_range(*s.args()) == tenacious, s
        assert tenacious.cards or tenacious.passing
        if tenacious.cards:
            low, high = min(tenacious.cards), max(tenacious.cards)
            assert tenacious.cards == {c for c in s.playable if low <= c <= high}
        if result_of(s) is Result.WIN:
            best = exact_moves_of(s)
            assert tenacious.cards <= best.cards and (best.passing or not tenacious.passing), s
    # In the lost position {1,2,2} vs {3} both 1 and 2 keep delta' = delta = 0.
    s = Position((1, 2, 2), (3,))
    assert delta_of(s) == 0 and delta_after(s, 1) == 0 and delta_after(s, 2) == 0
    assert tenacious_moves((1, 2, 2), (3,)).cards == {1, 2}


def test_lemmas_1_to_4_up_to_6_cards():
    for s in positions(6):
        assert checks.lemma_1(s), s
        assert checks.lemmas_2_to_4(s), s


def test_corollary_7_up_to_6_cards():
    for s in shapes(6):
        assert checks.corollary_7(s), s


def test_every_strategy_plays_a_winning_move_in_every_won_position_up_to_6_cards():
    for s in positions(6):
        if result_of(s) is not Result.WIN:
            continue
        cards, passing = move_results(s)
        for algorithm, strategy in STRATEGIES.items():
            for c in parameter_range(algorithm, s):
                move = strategy(s, c)
                result = passing if move is None else cards.get(move)
                assert result is Result.WIN, (algorithm, c, s, move)


@pytest.mark.parametrize("algorithm", sorted(STRATEGIES))
def test_strategy_wins_by_play_out_up_to_5_cards(algorithm):
    won = 0
    for s in positions(5):
        if result_of(s) is Result.WIN:
            won += 1
            for c in parameter_range(algorithm, s):
                assert plays_to_win(s, STRATEGIES[algorithm], c), (algorithm, s, c)
    assert won > 3_000


def test_play_out_catches_a_bad_strategy():
    def weakest(s: Position, c: int) -> int | None:
        return s.playable[0] if s.playable else None

    def passer(s: Position, c: int) -> int | None:
        return None

    s = Position((1, 3, 5), (2, 4), 1, 1, 1)  # only 5 wins, the weakest card is 3
    assert plays_to_win(s, weakest) is False
    assert plays_to_win(s, passer) is False
    assert plays_to_win(s, STRATEGIES[6]) is True


cards = st.lists(st.integers(1, 15), min_size=1, max_size=5)


@settings(max_examples=100, deadline=None)
@given(cards, cards, st.integers(0, 16), st.data())
def test_algorithm_1_at_random_beyond_the_exhaustive_size(mover, other, field, data):
    c0 = data.draw(st.integers(0, len(mover) - 1))
    c1 = data.draw(st.integers(0, len(other) - 1))
    assert optimal_moves(mover, other, field, c0, c1) == exact_optimal_moves(
        mover, other, field, c0, c1
    )


def test_strategies_and_algorithm_1_on_a_hand_of_100_000_cards():
    import random

    rng = random.Random(7)
    mover = sorted(rng.randint(1, 500) for _ in range(100_000))
    other = sorted(rng.randint(1, 500) for _ in range(100_000))
    s = Position(mover, other, 250, 30, 40)
    moves = optimal_moves(*s.args())
    assert moves.cards <= set(s.playable)
    for algorithm, strategy in STRATEGIES.items():
        for c in (0, max(parameter_range(algorithm, s))):
            move = strategy(s, c)
            assert move is None or move in s.playable
