"""The named errors of loopy games.

>>> issubclass(NotStopperSidedError, NotAStopperError)
True
"""

from __future__ import annotations

from cgt.core.errors import CGTError

__all__ = ["GraphTooLargeError", "NotAStopperError", "NotStopperSidedError"]


class NotAStopperError(CGTError, ValueError):
    """An operation defined for stoppers only (simplest form), or for stopper-sided games only
    (order, equality), was given a loopy game it cannot handle."""


class NotStopperSidedError(NotAStopperError):
    """The onside or offside of a loopy game is not a stopper (the game is not stopper-sided),
    or sidling could not find it."""


class GraphTooLargeError(CGTError, ValueError):
    """A loopy position reaches more positions than the limit given (``max_positions``), or a
    short game put into a loopy one has more subpositions than `cgt.loopy.game.SHORT_GRAPH_LIMIT`
    (a loopy game holds a short one as the graph of its subpositions)."""
