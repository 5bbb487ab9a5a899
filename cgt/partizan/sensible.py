"""Sensible options: the moves of a position worth considering, as positions.

A position's canonical value keeps, for each player, only the options that are neither
dominated nor reversible (reversible ones replaced by what their reversal leads to).  Those
canonical options are values, not moves one can play on the board.  `sensible_options` gives the
moves themselves: Left's moves whose value is at least one of the canonical Left options
(``k <= value(move)`` for some canonical ``k``), Right's moves whose value is at most one of the
canonical Right options.  This is cgt-tools' definition (``sensible_left_moves`` /
``sensible_right_moves``), so a player who keeps to sensible moves never plays a move worse than
every canonical option.

What it means exactly:

* Every canonical option that is the value of some move (an undominated, irreversible option of
  the position) is the value of a sensible move: such a move ``m`` has ``k = value(m)``.
* A dominated move is not sensible unless it is still at least one canonical option (Left's
  ``m`` with ``m < m'`` is kept when some other canonical option ``k <= m``).  Moves of equal
  value are all kept, in the order of the position's options.
* A canonical option that comes from bypassing a reversible move is a value two moves deeper;
  the reversible move itself is sensible only if it is at least one canonical option.  So
  ``{sensible Left | sensible Right}`` need not equal the position; it does when the position has
  no reversible option.

>>> import cgt
>>> cgt.sensible_options(cgt.Game("{1, 0 | -1, 0}"))
((Game('1'),), (Game('-1'),))
"""

from __future__ import annotations

from typing import Any

from cgt.partizan.values import value
from cgt.positions.protocol import left_options_of, right_options_of

__all__ = ["sensible_options"]


def sensible_options(position: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Left's and Right's sensible moves of a position (see the module docs), as positions.

    >>> import cgt
    >>> from cgt.partizan.game import Game
    >>> sensible_options(Game("{2, {3|1} | 0}"))
    ((Game('2'), Game('{3|1}')), (Game('0'),))
    """
    canonical = value(position)
    left_keep = canonical.left_options
    right_keep = canonical.right_options
    left = tuple(
        move for move in left_options_of(position) if any(k <= value(move) for k in left_keep)
    )
    right = tuple(
        move for move in right_options_of(position) if any(value(move) <= k for k in right_keep)
    )
    return left, right
