"""A deliberately naive oracle for temperature theory, written from the definitions and sharing
no code with `cgt.thermal`, `cgt.reduction` or `cgt.atomic`.

* Cooling follows Siegel's definition literally: an integer is not cooled; otherwise
  ``G_t = {G^L_t - t | G^R_t + t}`` unless that form is infinitesimally close to a number at some
  smaller ``t``, in which case ``G_t`` is that number at the least such ``t``.
* The temperature is found by *searching*: the gap between the stops of the form
  ``F_t = {G^L_t - t | G^R_t + t}`` is a continuous, non-increasing, piecewise-linear function of
  ``t`` that reaches 0 at the temperature; bisection brackets the zero on a fine dyadic grid and
  the straight piece just before it gives the exact value, which is then checked.
* Stops come from the canonical form computed by `cgt.Game` (itself tested against the naive
  model of `tests/naive.py`); no thermograph walls are ever built.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import cgt
from cgt import Game

STEP = Fraction(1, 2**14)


def _form(g: Game, t: Fraction) -> Game:
    return Game(
        left=[cool(x, t) - Game(t) for x in g.left_options],
        right=[cool(x, t) + Game(t) for x in g.right_options],
    )


def _gap(g: Game, t: Fraction) -> Fraction:
    f = _form(g, t)
    return f.left_stop - f.right_stop


@cache
def temperature_and_mean(g: Game) -> tuple[Fraction, Fraction]:
    if g.is_integer:
        return Fraction(-1), Fraction(int(g))
    low = Fraction(-1)
    if _gap(g, low) == 0:
        raise AssertionError(f"naive oracle: {g} is frozen at t = -1")
    high = Fraction(1)
    while _gap(g, high) > 0:
        high *= 2
    while high - low > STEP:  # gap(low) > 0 = gap(high)
        middle = (low + high) / 2
        if _gap(g, middle) > 0:
            low = middle
        else:
            high = middle
    # The gap is linear on [low - STEP, low] (pieces are far longer than STEP for small games).
    slope = (_gap(g, low) - _gap(g, low - STEP)) / STEP
    hot = low + _gap(g, low) / -slope
    form = _form(g, hot)
    if not (_gap(g, hot) == 0 and _gap(g, hot - STEP / 64) > 0):
        raise AssertionError(f"naive oracle: could not pin the temperature of {g} ({hot})")
    return hot, form.left_stop


@cache
def cool(g: Game, t: Fraction) -> Game:
    if g.is_integer:
        return g
    hot, mean = temperature_and_mean(g)
    if t > hot:
        return Game(mean)
    return _form(g, t)


def walls_at(g: Game, t: Fraction) -> tuple[Fraction, Fraction]:
    """The thermograph at ``t``: the stops of ``G`` cooled by ``t``."""
    c = cool(g, t)
    return c.left_stop, c.right_stop


def heat(g: Game, t: Game) -> Game:
    if g.is_number:
        return g
    return Game(
        left=[heat(x, t) + t for x in g.left_options],
        right=[heat(x, t) - t for x in g.right_options],
    )


def is_all_small(g: Game) -> bool:
    """By the definition, on the canonical form."""
    return bool(g.left_options) == bool(g.right_options) and all(
        is_all_small(x) for x in g.left_options + g.right_options
    )


def infinitesimal(g: Game) -> bool:
    """``-x < g < x`` for the small positive numbers ``x`` tried (enough for small games)."""
    tiny_number = Game(Fraction(1, 2**12))
    return -tiny_number < g < tiny_number


__all__ = ["cgt", "cool", "heat", "infinitesimal", "is_all_small", "temperature_and_mean"]
