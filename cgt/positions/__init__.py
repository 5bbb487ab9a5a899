"""Positions: the protocol a user-defined game follows, the decorators that make a game from a
function, and the disjunctive sum of positions.
"""

from cgt.positions.decorators import GameDefinition, impartial_game, partizan_game
from cgt.positions.protocol import (
    ImpartialPosition,
    PartizanPosition,
    left_options_of,
    options_of,
    right_options_of,
)
from cgt.positions.sums import Position, Sum

__all__ = [
    "GameDefinition",
    "ImpartialPosition",
    "PartizanPosition",
    "Position",
    "Sum",
    "impartial_game",
    "left_options_of",
    "options_of",
    "partizan_game",
    "right_options_of",
]
