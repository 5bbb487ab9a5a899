"""Loopy partizan games: game graphs with cycles, outcomes with draws, stoppers.

`cgt.loopy.game` holds the values (`LoopyGame`: sums, order and simplest forms of stoppers),
`cgt.loopy.notation` reads them and `cgt.loopy.printing` writes them in CGSuite's notation,
`cgt.loopy.positions` builds the graph of a user's positions; `cgt.loopy._retrograde` solves
outcomes with draws and `cgt.loopy._graphs` works on explicit graphs.
"""

from cgt.loopy.game import LoopyGame, NotAStopperError
from cgt.loopy.notation import parse
from cgt.loopy.positions import GraphTooLargeError, loopy_outcome, loopy_value, position_graph

__all__ = [
    "GraphTooLargeError",
    "LoopyGame",
    "NotAStopperError",
    "loopy_outcome",
    "loopy_value",
    "parse",
    "position_graph",
]
