"""The integer wall engine (`cgt._walls`) against a plain evaluation of the functions, point by
point, on random walls of the kind thermographs have (slopes in {-1, 0, 1}, even coordinates)."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.thermal import _walls

START = -2


def _at(wall: list[tuple[int, int]], slope: int, t: int) -> Fraction:
    """The value at ``t`` by linear interpolation in Fractions (independent of `_walls.sample`)."""
    for (t0, x0), (t1, x1) in itertools.pairwise(wall):
        if t0 <= t <= t1:
            return x0 + Fraction(x1 - x0, t1 - t0) * (t - t0)
    t0, x0 = wall[-1]
    assert t >= t0
    return Fraction(x0 + slope * (t - t0))


def walls(slopes: tuple[int, ...]) -> st.SearchStrategy[list[tuple[int, int]]]:
    """A wall from ``t = START`` with even breakpoints and segment slopes drawn from ``slopes``."""

    def build(x: int, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
        wall = [(START, 2 * x)]
        for width, slope in pieces:
            t, x0 = wall[-1]
            wall.append((t + 2 * width, x0 + 2 * width * slope))
        return wall

    piece = st.tuples(st.integers(1, 4), st.sampled_from(slopes))
    return st.builds(build, st.integers(-6, 6), st.lists(piece, max_size=4))


def _check_shape(wall: list[tuple[int, int]]) -> None:
    assert wall[0][0] == START
    for (t0, x0), (t1, x1) in itertools.pairwise(wall):
        assert t0 < t1 and Fraction(x1 - x0, t1 - t0) in (-1, 0, 1)
    for a, b, c in zip(wall, wall[1:], wall[2:], strict=False):
        assert (b[1] - a[1]) * (c[0] - b[0]) != (c[1] - b[1]) * (b[0] - a[0]), "not simplified"


def _grid(*wall_lists: list[tuple[int, int]]) -> range:
    end = max(t for wall in wall_lists for t, _ in wall)
    return range(START, end + 12)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(walls((-1, 0)), st.sampled_from((-1, 0))), min_size=1, max_size=4),
    st.booleans(),
)
def test_envelope_is_the_pointwise_max_or_min(
    lines: list[tuple[list[tuple[int, int]], int]], upper: bool
) -> None:
    result, slope = _walls.envelope([w for w, _ in lines], [s for _, s in lines], upper)
    _check_shape(result)
    choose = max if upper else min
    for t in _grid(result, *(w for w, _ in lines)):
        assert _at(result, slope, t) == choose(_at(w, s, t) for w, s in lines), t


@settings(max_examples=300, deadline=None)
@given(walls((-1, 0)), walls((0, 1)), st.integers(1, 40))
def test_meet_cuts_the_walls_where_they_first_meet(
    left: list[tuple[int, int]], right: list[tuple[int, int]], lift: int
) -> None:
    left = [(t, x + 2 * lift) for t, x in left]  # open at the start
    right = [(t, x - 2 * lift) for t, x in right]
    if _at(left, -1, START) <= _at(right, 1, START):
        return
    hot, mean, cut_left, cut_right = _walls.meet(left, -1, right, 1)
    for t in range(START, hot):
        assert _at(left, -1, t) > _at(right, 1, t)
    assert _at(left, -1, hot) == _at(right, 1, hot) == mean
    for cut, wall, slope in ((cut_left, left, -1), (cut_right, right, 1)):
        _check_shape(cut)
        assert cut[-1] == (hot, mean)
        for t in range(START, hot + 1):
            assert _at(cut, 0, t) == _at(wall, slope, t)


@given(walls((-1, 0, 1)), st.integers(0, 3), st.integers(0, 6))
def test_normalized_keeps_the_values_and_drops_every_spare_factor_of_two(
    wall: list[tuple[int, int]], lift: int, scale: int
) -> None:
    wall = [(t << lift, x << lift) for t, x in wall]
    new_scale, (smaller,) = _walls.normalized(scale, wall)
    assert 0 <= new_scale <= scale
    for (t, x), (u, y) in zip(wall, smaller, strict=True):
        assert Fraction(t, 2**scale) == Fraction(u, 2**new_scale)
        assert Fraction(x, 2**scale) == Fraction(y, 2**new_scale)
    assert new_scale == 0 or any(t % 2 or x % 2 for t, x in smaller)
