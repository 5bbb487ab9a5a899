"""Short partizan games: `Game` (canonical, interned values with closed forms for numbers, ups
and nimbers), the notation (and the size and pieces of a long text), the value of a position,
and outcome classes.
"""

from cgt.partizan.game import DOWN, STAR, UP, ZERO, Game, GameValueError, miny, switch, tiny, up
from cgt.partizan.long_text import TextSize, text_size, write_text
from cgt.partizan.notation import NotationError, parse
from cgt.partizan.outcomes import Outcome, outcome
from cgt.partizan.sensible import sensible_options
from cgt.partizan.solver import (
    DEFAULT_OUTCOME_TABLE_LIMIT,
    CheckpointError,
    OutcomeInterrupted,
    OutcomeSolver,
    SolverStats,
    outcome_solver_for,
    register_outcome_solver,
    solve_outcome,
)
from cgt.partizan.solver_split import SplitOutcome, solve_outcome_split
from cgt.partizan.values import register_value_solver, value

__all__ = [
    "DEFAULT_OUTCOME_TABLE_LIMIT",
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "CheckpointError",
    "Game",
    "GameValueError",
    "NotationError",
    "Outcome",
    "OutcomeInterrupted",
    "OutcomeSolver",
    "SolverStats",
    "SplitOutcome",
    "TextSize",
    "miny",
    "outcome",
    "outcome_solver_for",
    "parse",
    "register_outcome_solver",
    "register_value_solver",
    "sensible_options",
    "solve_outcome",
    "solve_outcome_split",
    "switch",
    "text_size",
    "tiny",
    "up",
    "value",
    "write_text",
]
