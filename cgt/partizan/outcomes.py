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

A loopy game (`cgt.loopy`) may also end in a draw: play goes on forever.  Its outcome is then
one of five more classes, named by the result with Left moving first, then with Right moving
first (``L`` Left wins, ``R`` Right wins, ``D`` draw): ``D`` (a draw whoever starts), ``LD``,
``DL``, ``RD`` and ``DR``.  In that naming the four classes above are ``LL``, ``RR``, ``LR``
and ``RL``.

>>> cgt.outcome(cgt.parse("dud")), cgt.outcome(cgt.parse("on")), cgt.outcome(cgt.parse("tis"))
(<Outcome.D: 'D'>, <Outcome.L: 'L'>, <Outcome.DL: 'DL'>)
"""

from __future__ import annotations

import enum
from typing import Any

from cgt.core.errors import InvalidArgumentError, NotAPositionError
from cgt.partizan import _extensions
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
    D = "D"
    """A loopy game drawn whoever starts (play goes on forever)."""
    LD = "LD"
    """Left wins moving first; a draw if Right starts."""
    DL = "DL"
    """A draw if Left starts; Left wins if Right starts."""
    RD = "RD"
    """Right wins if Left starts; a draw if Right starts."""
    DR = "DR"
    """A draw if Left starts; Right wins moving first."""

    def __str__(self) -> str:
        return self.value

    @property
    def left_wins_moving_first(self) -> bool:
        return self.moving_first("L") == "L"

    @property
    def left_wins_moving_second(self) -> bool:
        return self.moving_first("R") == "L"

    def moving_first(self, player: str) -> str:
        """The result when ``player`` (``"L"`` or ``"R"``) moves first: ``"L"`` (Left wins),
        ``"R"`` (Right wins) or ``"D"`` (a draw).

        >>> Outcome.N.moving_first("L"), Outcome.N.moving_first("R"), Outcome.DL.moving_first("R")
        ('L', 'R', 'L')
        """
        if player not in ("L", "R"):
            raise InvalidArgumentError(f"player must be 'L' or 'R', not {player!r}")
        return _RESULTS[self][0 if player == "L" else 1]

    @classmethod
    def from_results(cls, left_first: str, right_first: str) -> Outcome:
        """The class whose results are ``left_first`` (Left moves first) and ``right_first``.

        >>> Outcome.from_results("L", "R"), Outcome.from_results("D", "D")
        (<Outcome.N: 'N'>, <Outcome.D: 'D'>)
        """
        try:
            return _BY_RESULTS[(left_first, right_first)]
        except KeyError:
            raise InvalidArgumentError(
                f"results must be 'L', 'R' or 'D', not {left_first!r} and {right_first!r}"
            ) from None


_RESULTS = {
    Outcome.L: "LL",
    Outcome.R: "RR",
    Outcome.N: "LR",
    Outcome.P: "RL",
    Outcome.D: "DD",
    Outcome.LD: "LD",
    Outcome.DL: "DL",
    Outcome.RD: "RD",
    Outcome.DR: "DR",
}
_BY_RESULTS = {(results[0], results[1]): outcome for outcome, results in _RESULTS.items()}


def outcome(game: Any) -> Outcome:
    """The outcome class of a `cgt.Game`, of anything `cgt.Game` converts, or of a position.

    Loopy games (`cgt.LoopyGame`) and positions that opt in to loopy play (a class attribute
    ``loopy = True``) are solved by retrograde analysis (`cgt.loopy`), and may be draws.

    >>> import cgt
    >>> cgt.outcome(cgt.Game(left=[1], right=[-1])), cgt.outcome(3)
    (<Outcome.N: 'N'>, <Outcome.L: 'L'>)
    """
    from cgt.partizan.game import Game, _compare
    from cgt.partizan.values import value

    if game is None:
        raise NotAPositionError("outcome() needs a game, a value Game() accepts, or a position")
    if getattr(type(game), "loopy", False) is True:
        loopy: Outcome = _extensions.call("loopy_outcome", game)
        return loopy
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
