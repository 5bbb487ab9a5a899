"""The named errors of loopy games.

>>> issubclass(NotStopperSidedError, NotAStopperError)
True
"""

from __future__ import annotations

from cgt.core.errors import CGTError

__all__ = ["NotAStopperError", "NotStopperSidedError"]


class NotAStopperError(CGTError, ValueError):
    """An operation defined for stoppers only (simplest form), or for stopper-sided games only
    (order, equality), was given a loopy game it cannot handle."""


class NotStopperSidedError(NotAStopperError):
    """The onside or offside of a loopy game is not a stopper (the game is not stopper-sided),
    or sidling could not find it."""
