"""Two-player Tanhinmin: an exact solver, the published closed forms, all machine-checked.

Tanhinmin (単貧民) is Daifugo cut down to single cards with open hands.  Each player holds a
multiset of card strengths; the field starts empty (strength 0).  On your turn you play one card
stronger than the field (it becomes the field) or pass (the field empties).  Under the
``(c0, c1)`` condition the player to move wins by getting down to ``c0`` cards before the other
gets down to ``c1``; ``(0, 0)`` is the plain rule.  Seeds 000 and 003 give linear-time rules for
the winner and the optimal moves; this package checks each of them against `solve`, an exact
solver of the literal rules, and ships corrected versions where the printed ones fail.

>>> from games.tanhinmin import mu, gamma, delta, mover_wins, solve, optimal_moves
>>> mu({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7}), gamma({2, 3, 4, 6, 7, 8}, {1, 2, 5, 7})
(4, 7)
>>> delta((1, 3, 5), (2, 4), field=1), mover_wins((1, 3, 5), (2, 4), field=1)
(1, True)
>>> solve((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
True
>>> optimal_moves((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
Moves(cards=frozenset({5}), passing=False)

Modules: `hands` (positions, validation, real cards), `matching` (mu, gamma), `solver` (the
exact judge), `winner` (Theorem 1, Corollary 4), `round_start` (seed 003), `optimal`
(Algorithm 1, Corollary 6), `strategies` (Algorithms 2-7), `partizan` (the CGT encoding),
`checks` and `claims` (what `cgt verify` runs), `cli` (``cgt tanhinmin``).
"""

from games.tanhinmin.claims import register as _register
from games.tanhinmin.cli import add_commands
from games.tanhinmin.hands import (
    InvalidCardError,
    InvalidPositionError,
    Position,
    deck,
    hand,
    hand_from_cards,
    strength,
)
from games.tanhinmin.matching import SuffixMatchings, gamma, mu
from games.tanhinmin.optimal import (
    Moves,
    OptimalRange,
    exact_optimal_moves,
    optimal_moves,
    optimal_range,
    tenacious_moves,
    tenacious_range,
)
from games.tanhinmin.partizan import PartizanTanhinmin, outcome_by_solver
from games.tanhinmin.round_start import (
    RoundStart,
    greedy_matching,
    round_start_wins,
    round_start_wins_corrected,
)
from games.tanhinmin.solver import (
    DrawError,
    Result,
    ResultTable,
    clear_cache,
    exact_result,
    move_results,
    solve,
    solve_table,
)
from games.tanhinmin.strategies import STRATEGIES, parameter_range, plays_to_win
from games.tanhinmin.winner import WinnerTable, delta, mover_wins, mu0, mu1, winner_table

__all__ = [
    "STRATEGIES",
    "DrawError",
    "InvalidCardError",
    "InvalidPositionError",
    "Moves",
    "OptimalRange",
    "PartizanTanhinmin",
    "Position",
    "Result",
    "ResultTable",
    "RoundStart",
    "SuffixMatchings",
    "WinnerTable",
    "add_commands",
    "clear_cache",
    "deck",
    "delta",
    "exact_optimal_moves",
    "exact_result",
    "gamma",
    "greedy_matching",
    "hand",
    "hand_from_cards",
    "move_results",
    "mover_wins",
    "mu",
    "mu0",
    "mu1",
    "optimal_moves",
    "optimal_range",
    "outcome_by_solver",
    "parameter_range",
    "plays_to_win",
    "round_start_wins",
    "round_start_wins_corrected",
    "solve",
    "solve_table",
    "strength",
    "tenacious_moves",
    "tenacious_range",
    "winner_table",
]

_register()

from games.tanhinmin import loopy as _loopy  # noqa: E402, F401 (registers its claim last)
