"""Loopy partizan games: game graphs with cycles, outcomes with draws, stoppers.

`cgt.loopy.game` holds the values (`LoopyGame`: sums, order and simplest forms of stoppers),
`cgt.loopy.notation` reads them and `cgt.loopy.printing` writes them in CGSuite's notation,
`cgt.loopy.positions` builds the graph of a user's positions; `cgt.loopy._retrograde` solves
outcomes with draws, `cgt.loopy._graphs` works on explicit graphs and `cgt.loopy._sidling`
finds the onside and offside of a game that is not a stopper.  Loopy *impartial* games
(the generalized Sprague-Grundy function of Smith and Fraenkel) are in
`cgt.loopy.sprague_grundy`.
"""

from cgt.loopy.errors import NotAStopperError, NotStopperSidedError
from cgt.loopy.game import LoopyGame
from cgt.loopy.notation import parse
from cgt.loopy.positions import GraphTooLargeError, loopy_outcome, loopy_value, position_graph
from cgt.loopy.sprague_grundy import (
    GeneralizedGrundy,
    LoopyImpartialOutcome,
    generalized_grundy_of_graph,
    impartial_graph,
    loopy_grundy,
    loopy_impartial_outcome,
)

__all__ = [
    "GeneralizedGrundy",
    "GraphTooLargeError",
    "LoopyGame",
    "LoopyImpartialOutcome",
    "NotAStopperError",
    "NotStopperSidedError",
    "generalized_grundy_of_graph",
    "impartial_graph",
    "loopy_grundy",
    "loopy_impartial_outcome",
    "loopy_outcome",
    "loopy_value",
    "parse",
    "position_graph",
]
