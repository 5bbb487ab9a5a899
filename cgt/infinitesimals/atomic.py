"""All-small games and their atomic weights.

A game is *all-small* when, in every subposition, Left has a move exactly when Right has one:
play can only end with both players out of moves at once.  Nimbers, ``↑``, ``↑*``, and the
values of Clobber and Cutcake-like "dicot" games are all-small; non-zero numbers are not.  An
all-small game is infinitesimal, and measured in units of ``↑`` by its *atomic weight*
``aw(G)``: the game ``g`` with ``G ∼ g.↑`` ("``G`` is worth ``g`` ups, up to games far smaller
than ``↑``"; Berlekamp, Conway and Guy, *Winning Ways*, ch. 8; Siegel, *Combinatorial Game
Theory*, II.7).  Atomic weight is additive, ``aw(n.↑ + *m) = n``, and the *two-ahead rule*
says that Left wins ``G`` when ``aw(G) ≥ 2``, and wins ``G`` moving first when ``aw(G) ≥ 1``.

It is computed by the *atomic weight calculus*.  Let ``G'' = {aw(G^L) - 2 | aw(G^R) + 2}``.
If ``G''`` is not an integer, ``aw(G) = G''``.  If it is an integer, compare ``G`` with a
*remote star* ``☆ = *N`` (a nimber too large to matter in play of ``G``, see `remote_star`):

* if ``G > ☆``, ``aw(G)`` is the largest integer ``n`` with ``n ◁ aw(G^R) + 2`` for every
  ``G^R`` (``◁``: less than or confused with);
* if ``G < ☆``, the least integer ``n`` with ``n ▷ aw(G^L) - 2`` for every ``G^L``;
* otherwise (``G`` confused with ``☆``) ``aw(G) = 0``.

Atomic weight is defined here for all-small games only; any other game raises
`NotAllSmallError`.

>>> import cgt
>>> [cgt.atomic_weight(g) for g in (cgt.UP, cgt.Game("^*"), cgt.STAR, cgt.Game("^^^*3"))]
[Game('1'), Game('1'), Game('0'), Game('3')]
>>> cgt.atomic_weight(cgt.Game("{0|v3}")), cgt.atomic_weight(cgt.Game("{^3|v}"))
(Game('-3/2'), Game('1*'))
"""

from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING, Any

from cgt.core._deep import deep, hop_points
from cgt.core.errors import CGTError
from cgt.core.memo import Memo
from cgt.partizan import _canonical as core
from cgt.partizan import _extensions
from cgt.partizan.values import as_game as _game

if TYPE_CHECKING:
    from cgt.partizan.game import Game

__all__ = ["NotAllSmallError", "atomic_weight", "is_all_small", "remote_star"]


class NotAllSmallError(CGTError, ValueError):
    """Atomic weight asked of a game that is not all-small (a number, a hot game, ``tiny``...)."""


_ALL_SMALL: Memo[bool] = Memo("all-small")
_WEIGHT: Memo[Any] = Memo("atomic-weight")


def _all_small(g: Game) -> bool:
    nus = g.nus
    if nus is not None:
        return nus[0] == 0
    known = _ALL_SMALL.get(g._id)
    if known is not None:
        return known
    left, right = core.left_of(g), core.right_of(g)
    result = bool(left) == bool(right) and all(_all_small(x) for x in left + right)
    _ALL_SMALL[g._id] = result
    return result


@deep
def _is_all_small(g: Game) -> bool:
    return _all_small(g)


def is_all_small(game: Any) -> bool:
    """Whether a game is all-small (judged on its canonical form, which is all-small exactly
    when some form of the value is).

    >>> import cgt
    >>> cgt.is_all_small(cgt.Game("{0|^*}")), cgt.is_all_small(1), cgt.is_all_small(cgt.tiny(1))
    (True, False, False)
    """
    return _is_all_small(_game(game))


def remote_star(game: Any) -> Game:
    """A *remote star* for ``game``: a nimber ``*N`` such that ``G ≥ *N`` and ``G ≤ *N`` come
    out the same for every larger ``N``, for ``G`` and each of its subpositions.

    Any ``N`` above the nim-values of the subpositions that are nimbers will do: for such ``N``,
    ``G' ≥ *N`` holds exactly when no ``G'^R ≤ *N`` and no ``*j ≥ G'`` with ``j`` below that
    bound (moves to larger ``*j`` cannot help, or ``G'`` would equal a large nimber), so by
    induction nothing changes as ``N`` grows.  We take ``N`` = 2 more than the largest nimber
    part met, without descending into ``x + n.↑ + *m`` values (their subpositions are nimbers
    below ``*(m + 2)``), so comparing with ``*N`` stays cheap even for very deep games.

    >>> import cgt
    >>> remote_star(cgt.UP), remote_star(cgt.Game("{^*4|v}"))
    (Game('*2'), Game('*6'))
    """
    return _remote_star_of(_game(game))


_NIM_BOUND: Memo[int] = Memo("largest-nimber-part")


def _nim_bound(g: Game) -> int:
    """The largest nimber part ``m`` of a value ``x + n.↑ + *m`` among ``g`` and its
    subpositions (not descending into those values)."""
    nus = g._nus
    if nus is not None:
        return nus[3]
    known = _NIM_BOUND.get(g._id)
    if known is None:
        known = max(_nim_bound(x) for x in core.left_of(g) + core.right_of(g))
        _NIM_BOUND[g._id] = known
    return known


@deep
def _remote_star_of(g: Game) -> Game:
    from cgt.impartial.nimber import Nimber
    from cgt.partizan.game import Game

    return Game(Nimber(_nim_bound(g) + 2))


def _weight(g: Game) -> Game:
    nus = g.nus
    if nus is not None:
        return _game(nus[1])  # x = 0 here: the up-multiple
    known = _WEIGHT.get(g._id)
    if known is not None:
        return known
    two = _game(2)
    minus_two = _game(-2)
    left = [core.add(_weight(x), minus_two) for x in core.left_of(g)]
    right = [core.add(_weight(x), two) for x in core.right_of(g)]
    guess = core.make(left, right)
    if not guess.is_integer:
        result = guess
    else:
        far = remote_star(g)
        if g > far:
            result = _largest_below(right)
        elif g < far:
            result = -_largest_below([core.neg(x) for x in left])
        else:
            result = _game(0)
    _WEIGHT[g._id] = result
    return result


def _largest_below(bounds: list[Game]) -> Game:
    """The largest integer ``n`` with ``n ◁ b`` (not ``n >= b``) for every ``b`` in ``bounds``."""
    n = min(math.floor(b.left_stop) + 1 for b in bounds)  # n > left stop of b implies n > b
    while any(b <= n for b in bounds):
        n -= 1
    return _game(n)


@deep
def _atomic_weight(g: Game) -> Game:
    if not _all_small(g):
        raise NotAllSmallError(
            f"{g} is not all-small (some position has moves for one player only), so it has "
            "no atomic weight"
        )
    return _weight(g)


def atomic_weight(game: Any) -> Game:
    """The atomic weight of an all-small game, as a `cgt.Game` (often an integer).

    >>> import cgt
    >>> cgt.atomic_weight(cgt.UP + cgt.UP + cgt.STAR)
    Game('2')
    >>> cgt.atomic_weight(cgt.switch(1))
    Traceback (most recent call last):
        ...
    cgt.infinitesimals.atomic.NotAllSmallError: ±1 is not all-small (some position has ...
    """
    return _atomic_weight(_game(game))


_extensions.provide(is_all_small=is_all_small, atomic_weight=atomic_weight)


hop_points(sys.modules[__name__], "_all_small", "_nim_bound", "_weight")
