"""Thermograph walls in integer arithmetic: the engine behind `cgt.thermal`.

A wall is a continuous piecewise-linear function of the temperature ``t``, given by its
breakpoints ``(t, x)`` from its start and a final slope beyond the last one.  Every breakpoint
of a thermograph is dyadic and every slope is ``-1``, ``0`` or ``1`` (Siegel, *Combinatorial
Game Theory*, II.5), so the walls of one thermograph are kept as *scaled integers*: the point
``(t, x)`` stands for ``(t / 2**scale, x / 2**scale)`` with one ``scale`` for the whole
thermograph.  Python ints make this exact, with no `fractions.Fraction` (and no gcd) in the
loops; `cgt.thermal` turns the result into Fractions only when a caller asks for them.

Exactness: the functions here take walls whose coordinates are all *even* (their caller scales
its inputs by one extra bit) and slopes in ``{-1, 0, 1}``.  Two segments then cross at an integer
``t`` (the gap between them changes by 1 or 2 per unit of ``t``), so every result is an integer,
and `normalized` divides the common factors of 2 out again.

>>> envelope([[(-2, 4)], [(-2, 0)]], [0, 1], upper=True)  # max(2, 1 + t), scaled by 2
([(-2, 4), (2, 4)], 1)
>>> meet([(-2, 8)], -1, [(-2, -6)], 1)  # {3|-2}: 3 - t meets -2 + t at t = 5/2, x = 1/2
(5, 1, [(-2, 8), (5, 1)], [(-2, -6), (5, 1)])
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Wall", "envelope", "meet", "normalized", "sample", "simplified"]

Wall = list[tuple[int, int]]
"""Breakpoints ``(t, x)`` in increasing ``t``, in scaled integers."""


def sample(wall: Sequence[tuple[int, int]], slope: int, times: Sequence[int]) -> list[int]:
    """The values of ``wall`` (then ``slope`` beyond its last point) at the increasing
    ``times``, none before its start."""
    values = []
    last = len(wall) - 1
    i = 0
    t0, x0 = wall[0]
    if last:
        t1, x1 = wall[1]
        s = (x1 - x0) // (t1 - t0)
    else:
        t1, s = None, slope
    for t in times:
        while t1 is not None and t1 <= t:
            i += 1
            t0, x0 = wall[i]
            if i < last:
                t1, x1 = wall[i + 1]
                s = (x1 - x0) // (t1 - t0)
            else:
                t1, s = None, slope
        values.append(x0 + s * (t - t0))
    return values


def simplified(wall: Sequence[tuple[int, int]]) -> Wall:
    """The same function with its repeated breakpoints and the ones inside a straight segment
    dropped: the fewest breakpoints."""
    result: Wall = []
    for point in wall:
        if result:
            tb, xb = result[-1]
            if tb == point[0]:
                continue
            if len(result) >= 2:
                ta, xa = result[-2]
                if (xb - xa) * (point[0] - tb) == (point[1] - xb) * (tb - ta):
                    result[-1] = point
                    continue
        result.append(point)
    return result


def _pair(a: Wall, sa: int, b: Wall, sb: int, upper: bool) -> tuple[Wall, int]:
    """``max`` (``upper``) or ``min`` of two walls with the same start; breakpoints not
    simplified."""
    times = sorted({t for t, _ in a} | {t for t, _ in b})
    result: Wall = []
    tp = dp = xp = 0
    pairs = zip(times, sample(a, sa, times), sample(b, sb, times), strict=True)
    for i, (t, x, y) in enumerate(pairs):
        d = x - y
        if i and (dp > 0 > d or dp < 0 < d):  # the straight pieces cross inside (tp, t)
            step = dp * (t - tp) // (dp - d)
            result.append((tp + step, xp + (x - xp) * step // (t - tp)))
        result.append((t, x if (d >= 0 if upper else d <= 0) else y))
        tp, dp, xp = t, d, x
    if dp > 0 > sa - sb or dp < 0 < sa - sb:  # the final rays cross
        step = dp // (sb - sa)
        result.append((tp + step, xp + sa * step))
        return result, max(sa, sb) if upper else min(sa, sb)
    if dp == 0:
        return result, max(sa, sb) if upper else min(sa, sb)
    return result, sa if (dp > 0) == upper else sb


def envelope(walls: Sequence[Wall], slopes: Sequence[int], upper: bool) -> tuple[Wall, int]:
    """``max`` (``upper``) or ``min`` of ``walls`` (all starting at the same ``t``, the i-th
    going on with ``slopes[i]`` after its last point): its simplified breakpoints and final
    slope."""
    result, slope = walls[0], slopes[0]
    for wall, wall_slope in zip(walls[1:], slopes[1:], strict=True):
        result, slope = _pair(result, slope, wall, wall_slope, upper)
    return simplified(result), slope


def meet(left: Wall, left_slope: int, right: Wall, right_slope: int) -> tuple[int, int, Wall, Wall]:
    """``(temperature, mean, left wall, right wall)``: where the walls first meet (``left -
    right`` is positive at the start and never increases), and the walls cut there."""
    times = sorted({t for t, _ in left} | {t for t, _ in right})
    pairs = zip(
        times, sample(left, left_slope, times), sample(right, right_slope, times), strict=True
    )
    tp = gp = 0
    for i, (t, x, y) in enumerate(pairs):
        gap = x - y
        if gap <= 0:
            if not i:
                raise ArithmeticError("the walls do not open at their start")
            hot = tp + gp * (t - tp) // (gp - gap)
            break
        tp, gp = t, gap
    else:
        hot = tp + gp // (right_slope - left_slope)
    mean = sample(left, left_slope, [hot])[0]
    return (
        hot,
        mean,
        simplified([p for p in left if p[0] < hot] + [(hot, mean)]),
        simplified([p for p in right if p[0] < hot] + [(hot, mean)]),
    )


def normalized(scale: int, *walls: Wall) -> tuple[int, list[Wall]]:
    """The smallest scale for ``walls`` (given at ``scale``) and the walls rescaled to it."""
    bits = 0
    for wall in walls:
        for t, x in wall:
            bits |= t | x
    drop = min(scale, (bits & -bits).bit_length() - 1) if bits else scale
    if not drop:
        return scale, list(walls)
    return scale - drop, [[(t >> drop, x >> drop) for t, x in wall] for wall in walls]
