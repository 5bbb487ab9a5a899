"""Short partizan games: `Game` (canonical, interned values with closed forms for numbers, ups
and nimbers), the notation, the value of a position, and outcome classes.
"""

from cgt.partizan.game import DOWN, STAR, UP, ZERO, Game, GameValueError, miny, switch, tiny, up
from cgt.partizan.notation import NotationError, parse
from cgt.partizan.outcomes import Outcome, outcome
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
    "miny",
    "outcome",
    "parse",
    "switch",
    "tiny",
    "up",
    "value",
]
