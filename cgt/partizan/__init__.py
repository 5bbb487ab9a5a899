"""Short partizan games: `Game` (canonical, interned values with closed forms for numbers, ups
and nimbers), the notation (and the size and pieces of a long text), the value of a position,
and outcome classes.
"""

from cgt.partizan.game import DOWN, STAR, UP, ZERO, Game, GameValueError, miny, switch, tiny, up
from cgt.partizan.long_text import TextSize, text_size, write_text
from cgt.partizan.notation import NotationError, parse
from cgt.partizan.outcomes import Outcome, outcome
from cgt.partizan.solver import OutcomeSolver, SolverStats, solve_outcome
from cgt.partizan.values import value

__all__ = [
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "Game",
    "GameValueError",
    "NotationError",
    "Outcome",
    "OutcomeSolver",
    "SolverStats",
    "TextSize",
    "miny",
    "outcome",
    "parse",
    "solve_outcome",
    "switch",
    "text_size",
    "tiny",
    "up",
    "value",
    "write_text",
]
