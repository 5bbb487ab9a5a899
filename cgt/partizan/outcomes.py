"""Outcome classes: who wins a game, by who moves first.

Under normal play every short game is in exactly one of four classes, by its comparison with 0:

=====  ===========  ==========================================
class  ``G`` vs 0   winner
=====  ===========  ==========================================
``L``  ``G > 0``    Left, whoever starts
``R``  ``G < 0``    Right, whoever starts
``N``  ``G || 0``   the player to move (the *N*\\ ext player)
``P``  ``G = 0``    the player not to move (the *P*\\ revious player)
=====  ===========  ==========================================

>>> import cgt
>>> cgt.outcome(cgt.UP), cgt.outcome(cgt.STAR), cgt.outcome(cgt.ZERO), cgt.outcome(-cgt.UP)
(<Outcome.L: 'L'>, <Outcome.N: 'N'>, <Outcome.P: 'P'>, <Outcome.R: 'R'>)
"""

from __future__ import annotations

import enum
from typing import Any

from cgt.core.errors import NotAPositionError
from cgt.partizan._nus import EQUAL, GREATER, LESS

__all__ = ["Outcome", "outcome"]


class Outcome(enum.Enum):
    """The outcome class of a game: `L`, `R`, `N` or `P`."""

    L = "L"
    """Left wins, whoever starts (``G > 0``)."""
    R = "R"
    """Right wins, whoever starts (``G < 0``)."""
    N = "N"
    """The player to move wins (``G`` is confused with 0)."""
    P = "P"
    """The player to move loses (``G = 0``)."""

    def __str__(self) -> str:
        return self.value

    @property
    def left_wins_moving_first(self) -> bool:
        return self in (Outcome.L, Outcome.N)

    @property
    def left_wins_moving_second(self) -> bool:
        return self in (Outcome.L, Outcome.P)


def outcome(game: Any) -> Outcome:
    """The outcome class of a `cgt.Game`, of anything `cgt.Game` converts, or of a position.

    >>> import cgt
    >>> cgt.outcome(cgt.Game(left=[1], right=[-1])), cgt.outcome(3)
    (<Outcome.N: 'N'>, <Outcome.L: 'L'>)
    """
    from cgt.partizan.game import Game, _compare
    from cgt.partizan.values import value

    if game is None:
        raise NotAPositionError("outcome() needs a game, a value Game() accepts, or a position")
    if game.__class__ is not Game:
        if hasattr(game, "left_options") or hasattr(game, "options"):
            game = value(game)
        else:
            game = Game(game)
    zero = Game(0)
    result = _compare(game, zero)
    if result == EQUAL:
        return Outcome.P
    if result == GREATER:
        return Outcome.L
    if result == LESS:
        return Outcome.R
    return Outcome.N
