"""Reduced canonical form: a game's value with the infinitesimals forgotten.

``G`` is *infinitesimally close* to ``H`` ("``G`` is ``H``-ish", ``G ≡ H (mod Inf)``) when
``G - H`` is infinitesimal, that is when both stops of ``G - H`` are 0.  Modulo infinitesimals,
``G ≥ H`` when ``G + x ≥ H`` for every positive number ``x``; this holds exactly when the right
stop of ``G - H`` is at least 0.  Every game is infinitesimally close to exactly one game in
*reduced canonical form* (Calistrate 1996; Grossman and Siegel, *Reductions of partizan games*,
2009; Siegel, *Combinatorial Game Theory*, II.6), found like the canonical form but with the
order modulo infinitesimals:

* a game infinitesimally close to a number ``x`` reduces to ``x``;
* otherwise reduce the options, then delete *Inf-dominated* options (a left option ``A`` with
  ``A ≤ B (mod Inf)`` for another left option ``B``; dually for Right) and bypass
  *Inf-reversible* ones (a left option ``A`` with some ``A^R ≤ G (mod Inf)`` is replaced by the
  left options of ``A^R``; dually), until neither applies.

>>> import cgt
>>> cgt.reduced(cgt.Game("^*")), cgt.reduced(cgt.Game("{2|0||-1}")), cgt.reduced("{1|0*}")
(Game('0'), Game('{2|0||-1}'), Game('{1|0}'))
>>> cgt.ish(cgt.Game("{1|0*}"), cgt.Game("{1|0}")), cgt.ish(cgt.UP, cgt.Game("1/4"))
(True, False)
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from cgt.core._deep import deep, hop_points
from cgt.core.memo import Memo
from cgt.partizan import _canonical as core
from cgt.partizan import _extensions
from cgt.partizan.values import as_game as _game

if TYPE_CHECKING:
    from cgt.partizan.game import Game

__all__ = ["ish", "le_mod_inf", "reduced"]

_REDUCED: Memo[Any] = Memo("reduced")


def _at_most_mod_inf(g: Game, h: Game) -> bool:
    """``g ≤ h (mod Inf)``: the right stop of ``h - g`` is at least 0."""
    return core.add(h, core.neg(g)).right_stop >= 0


def _reduce(g: Game) -> Game:
    if g.is_number:
        return g
    known = _REDUCED.get(g._id)
    if known is not None:
        return known
    low, high = g.right_stop, g.left_stop
    if low == high:
        result = _game(low)
    else:
        left = _distinct(_reduce(x) for x in core.left_of(g))
        right = _distinct(_reduce(x) for x in core.right_of(g))
        while True:
            left = _undominated(left, upper=True)
            right = _undominated(right, upper=False)
            left, right, changed = _bypass(g, left, right)
            if not changed:
                break
        result = core.make(left, right)
    _REDUCED[g._id] = result
    return result


def _distinct(games: Any) -> list[Game]:
    return list(dict.fromkeys(games))


def _undominated(games: list[Game], upper: bool) -> list[Game]:
    """Drop options Inf-dominated by another (of two Inf-equivalent ones, keep the first)."""
    keep: list[Game] = []
    for i, a in enumerate(games):
        for j, b in enumerate(games):
            if i == j:
                continue
            worse = _at_most_mod_inf(a, b) if upper else _at_most_mod_inf(b, a)
            if worse:
                better = _at_most_mod_inf(b, a) if upper else _at_most_mod_inf(a, b)
                if not better or j < i:  # strictly worse, or equivalent and not the first
                    break
        else:
            keep.append(a)
    return keep


def _bypass(g: Game, left: list[Game], right: list[Game]) -> tuple[list[Game], list[Game], bool]:
    """Bypass Inf-reversible options once.  ``g`` is infinitesimally close to ``{left|right}``,
    which is all the test ``A^R ≤ G (mod Inf)`` needs."""
    new_left, new_right, changed = core.bypass_reversible(left, right, _at_most_mod_inf, g)
    return _distinct(new_left), _distinct(new_right), changed


@deep
def _reduced(g: Game) -> Game:
    return _reduce(g)


def reduced(game: Any) -> Game:
    """The reduced canonical form of a game: the simplest game infinitesimally close to it.

    >>> import cgt
    >>> cgt.reduced(cgt.Game("{3|1*||0}")), cgt.reduced(cgt.Game("1/2^^*"))
    (Game('{3|1||0}'), Game('1/2'))
    """
    return _reduced(_game(game))


def le_mod_inf(g: Any, h: Any) -> bool:
    """``g ≤ h`` up to infinitesimals: ``g ≤ h + x`` for every positive number ``x``.

    >>> import cgt
    >>> le_mod_inf(cgt.UP, 0), le_mod_inf(1, cgt.UP)
    (True, False)
    """
    return _at_most_mod_inf(_game(g), _game(h))


def ish(g: Any, h: Any) -> bool:
    """Whether ``g - h`` is infinitesimal ("``g`` is ``h``-ish").

    >>> import cgt
    >>> cgt.ish("1*", 1), cgt.ish(cgt.switch(1), 0)
    (True, False)
    """
    return (_game(g) - _game(h)).is_infinitesimal


_extensions.provide(reduced=reduced, ish=ish)


hop_points(sys.modules[__name__], "_reduce")
