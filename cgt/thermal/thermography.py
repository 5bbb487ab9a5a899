"""Temperature theory: thermographs, mean, temperature, cooling, heating, overheating.

Cooling a game by ``t`` taxes every move by ``t``: ``G_t = {G^L_t - t | G^R_t + t}``, until the
cooled game becomes infinitesimally close to a number ``m``; from that temperature ``T`` upward
``G_t = m``.  ``T`` is the *temperature* of ``G`` and ``m`` its *mean*.  An integer is never
cooled (``n_t = n``).  The *thermograph* draws the stops of ``G_t`` against ``t``: the left wall
``L(G_t)`` and the right wall ``R(G_t)``, from ``t = -1`` up to ``T``, where they meet, and
the vertical *mast* at ``m`` above (Siegel, *Combinatorial Game Theory*, II.5; Berlekamp,
Conway and Guy, *Winning Ways*, ch. 6).  Below ``T`` the walls follow the options::

    L_G(t) = max over G^L of R_{G^L}(t) - t        R_G(t) = min over G^R of L_{G^R}(t) + t

Each wall is piecewise linear with slopes in ``{-1, 0, 1}`` and dyadic breakpoints, so it is
computed exactly, in integers scaled by a power of two per thermograph (`cgt._walls`), and shown
as `fractions.Fraction`: no floats anywhere.  Following Siegel
and CGSuite, walls start at ``t = -1``, so numbers have negative temperatures (``-1`` for an
integer, ``-1/2**k`` for ``p/2**k``), infinitesimally-close-to-number ("tepid") games have
temperature 0, and hot games a positive one.

>>> import cgt
>>> g = cgt.Game("{2|-1}")
>>> cgt.mean(g), cgt.temperature(g)
(Fraction(1, 2), Fraction(3, 2))
>>> cgt.switch(1).cool(1), g.cool(1), g.cool(2)
(Game('*'), Game('{1|0}'), Game('1/2'))
>>> cgt.temperature(cgt.Game("3/4")), cgt.temperature(cgt.UP)
(Fraction(-1, 4), Fraction(0, 1))
"""

from __future__ import annotations

import bisect
import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from cgt.core._deep import deep, hop_points
from cgt.core._digits import fraction_text
from cgt.core.errors import CGTError
from cgt.core.memo import Memo
from cgt.partizan import _canonical as core
from cgt.partizan import _extensions
from cgt.partizan.values import as_game as _game
from cgt.thermal import _walls

if TYPE_CHECKING:
    from cgt.partizan.game import Game

__all__ = [
    "ThermalError",
    "Thermograph",
    "cool",
    "heat",
    "incentives",
    "is_cold",
    "is_hot",
    "is_tepid",
    "left_incentives",
    "mean",
    "overheat",
    "right_incentives",
    "temperature",
    "thermograph",
]

Point = tuple[Fraction, Fraction]
"""``(t, x)``: the wall is at value ``x`` at temperature ``t``."""

MINUS_ONE = Fraction(-1)


class ThermalError(CGTError, ValueError):
    """A temperature that cooling, heating or a thermograph cannot use (not a dyadic number,
    below ``-1``...)."""


# ---------------------------------------------------------------------- piecewise-linear walls


def _value_at(knots: Sequence[Point], slope: Fraction, t: Fraction) -> Fraction:
    """The value at ``t >= knots[0][0]`` of the function through ``knots``, then ``slope``."""
    i = bisect.bisect_right([k[0] for k in knots], t) - 1
    if i < 0:
        raise ThermalError(f"t = {t} is below the start of the wall ({knots[0][0]})")
    t0, x0 = knots[i]
    if i == len(knots) - 1:
        return x0 + slope * (t - t0)
    t1, x1 = knots[i + 1]
    return x0 + (x1 - x0) * (t - t0) / (t1 - t0)


def _scale_of(points: Iterable[Point]) -> int:
    """The least ``k`` with every coordinate of ``points`` a multiple of ``1 / 2**k``."""
    return max(max(t.denominator, x.denominator) for t, x in points).bit_length() - 1


def _to_ints(points: Iterable[Point], scale: int) -> _walls.Wall:
    return [(int(t * (1 << scale)), int(x * (1 << scale))) for t, x in points]


def _to_fractions(points: Iterable[tuple[int, int]], scale: int) -> tuple[Point, ...]:
    den = 1 << scale
    return tuple((Fraction(t, den), Fraction(x, den)) for t, x in points)


def _envelope(
    walls: Sequence[tuple[Sequence[Point], Fraction]], shift: int, upper: bool
) -> tuple[list[Point], Fraction]:
    """``max`` (``upper``) or ``min`` over ``walls`` of ``wall(t) + shift * t``, exactly: the
    `Fraction` face of `cgt.thermal._walls.envelope`.

    Every wall starts at the same ``t``.  Returns the knots of the result and its final slope.
    """
    scale = _scale_of(p for knots, _ in walls for p in knots) + 1
    lines = [_to_ints(((t, x + shift * t) for t, x in knots), scale) for knots, _ in walls]
    knots, slope = _walls.envelope(lines, [int(s) + shift for _, s in walls], upper)
    return list(_to_fractions(knots, scale)), Fraction(slope)


# --------------------------------------------------------------------------- thermographs


@attrs.frozen
class Thermograph:
    """The exact thermograph of a game: two walls from ``t = -1`` up to the temperature, where
    they meet at the mean, and the vertical mast above.

    ``left_wall`` and ``right_wall`` are the breakpoints ``(t, x)`` of the walls, from
    ``t = -1`` to ``t = temperature`` (both end at ``(temperature, mean)``); the walls are
    straight between breakpoints.  Values grow to the *left* in pictures, as in the books.

    >>> import cgt
    >>> th = cgt.thermograph(cgt.Game("{2|-1}"))
    >>> print(th)
    left wall (-1, 3) (3/2, 1/2); right wall (-1, -2) (3/2, 1/2); mast 1/2 from t = 3/2
    >>> th.left_wall[0]
    (Fraction(-1, 1), Fraction(3, 1))
    >>> th.at(0), th.at(5)
    ((Fraction(2, 1), Fraction(-1, 1)), (Fraction(1, 2), Fraction(1, 2)))
    """

    left_wall: tuple[Point, ...]
    right_wall: tuple[Point, ...]
    temperature: Fraction
    mean: Fraction
    label: str = attrs.field(default="", eq=False)
    """The game's notation, used as the title of pictures."""

    def __str__(self) -> str:
        def wall(points: tuple[Point, ...]) -> str:
            return " ".join(f"({fraction_text(t)}, {fraction_text(x)})" for t, x in points)

        return (
            f"left wall {wall(self.left_wall)}; right wall {wall(self.right_wall)}; "
            f"mast {fraction_text(self.mean)} from t = {fraction_text(self.temperature)}"
        )

    def left_at(self, t: Any) -> Fraction:
        """Where the left wall is at temperature ``t >= -1`` (any rational): the left stop of
        ``G`` cooled by ``t``."""
        return _value_at(self.left_wall, Fraction(0), _temperature_arg(t, dyadic=False))

    def right_at(self, t: Any) -> Fraction:
        """Where the right wall is at temperature ``t >= -1`` (the right stop of ``G_t``)."""
        return _value_at(self.right_wall, Fraction(0), _temperature_arg(t, dyadic=False))

    def at(self, t: Any) -> tuple[Fraction, Fraction]:
        """``(left wall, right wall)`` at temperature ``t``."""
        return self.left_at(t), self.right_at(t)

    def to_svg(self, **options: Any) -> str:
        """The thermograph as an SVG picture (see `cgt.thermal.draw.thermograph_svg`)."""
        from cgt.thermal.draw import thermograph_svg

        return thermograph_svg(self, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def save(self, path: Any, **options: Any) -> None:
        """Write the picture to ``path``: ``.svg`` (no dependency) or ``.png`` (matplotlib)."""
        from cgt.thermal.draw import save_thermograph

        save_thermograph(self, path, **options)


class _Scaled:
    """A thermograph in scaled integers (see `cgt._walls`): the point ``(t, x)`` of a wall stands
    for ``(t / 2**scale, x / 2**scale)``; both walls end at ``(temperature, mean)``."""

    __slots__ = ("left", "picture", "right", "scale")

    def __init__(self, scale: int, left: _walls.Wall, right: _walls.Wall) -> None:
        self.scale = scale
        self.left = left
        self.right = right
        self.picture: Thermograph | None = None

    def temperature(self) -> Fraction:
        return Fraction(self.left[-1][0], 1 << self.scale)

    def mean(self) -> Fraction:
        return Fraction(self.left[-1][1], 1 << self.scale)

    def thermograph(self) -> Thermograph:
        """The walls as Fractions (made once)."""
        if self.picture is None:
            scale = self.scale
            left = _to_fractions(self.left, scale)
            self.picture = Thermograph(left, _to_fractions(self.right, scale), *left[-1])
        return self.picture


_THERMOGRAPH: Memo[_Scaled] = Memo("thermograph")


def _scaled(g: Game) -> _Scaled:
    """The walls of ``g``, from those of its options: ``L_G(t) = max R_{G^L}(t) - t`` and
    ``R_G(t) = min L_{G^R}(t) + t`` until they meet (memoized by game)."""
    known = _THERMOGRAPH.table.get(g._id)
    if known is not None:
        return known
    nus = g._nus
    if nus is not None and nus[1] == 0 and nus[2] == 0 and nus[3] == 0:  # an integer
        wall = [(-1, nus[0])]
        result = _Scaled(0, wall, wall)
    elif nus is not None and _nus_representative(nus) != nus:
        result = _scaled(core.from_nus(_nus_representative(nus)))
    else:
        lefts = [_scaled(x) for x in core.left_of(g)]
        rights = [_scaled(x) for x in core.right_of(g)]
        if not lefts or not rights:  # pragma: no cover - canonical non-integers have both
            raise CGTError(f"internal error: {g} is not an integer but lacks options")
        # One spare bit keeps every coordinate even, so the walls meet at an integer point.
        scale = 1 + max(max(w.scale for w in lefts), max(w.scale for w in rights))
        left, left_slope = _walls.envelope(
            [_shifted(w.right, scale - w.scale, -1) for w in lefts], [-1] * len(lefts), True
        )
        right, right_slope = _walls.envelope(
            [_shifted(w.left, scale - w.scale, 1) for w in rights], [1] * len(rights), False
        )
        result = _met(left, left_slope, right, right_slope, scale, g)
    _THERMOGRAPH[g._id] = result
    return result


def _shifted(wall: _walls.Wall, bits: int, shift: int) -> _walls.Wall:
    """``wall(t) + shift * t`` (``shift`` is ``-1`` or ``1``), scaled up by ``2**bits``."""
    if shift < 0:
        return [(t << bits, (x - t) << bits) for t, x in wall]
    return [(t << bits, (x + t) << bits) for t, x in wall]


def _met(
    left: _walls.Wall, left_slope: int, right: _walls.Wall, right_slope: int, scale: int, g: Game
) -> _Scaled:
    try:
        _, _, left, right = _walls.meet(left, left_slope, right, right_slope)
    except ArithmeticError:  # pragma: no cover - the stops theorem rules this out
        raise CGTError(f"internal error: the walls of {g} do not open at t = -1") from None
    scale, (left, right) = _walls.normalized(scale, left, right)
    return _Scaled(scale, left, right)


def _walls_of(g: Game) -> Thermograph:
    """The thermograph of ``g`` (no label)."""
    return _scaled(g).thermograph()


def _nus_representative(nus: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A small value ``x + n'.↑ + *m'`` with the same thermograph as ``x + n.↑ + *m``.

    The walls of ``x + n.↑ + *m`` below ``t = 0`` depend only on ``x``, on ``n`` clamped to
    ``[-2, 2]`` and on ``m`` up to ``*2``/``*3`` (checked against the recursion for every
    ``|n| <= 8``, ``m <= 7`` in tests/test_thermal.py), so ``100.↑`` needs no 100-deep recursion.
    """
    p, k, n, m = nus
    if n == 0 and m == 0:
        return nus
    return (p, k, max(-2, min(2, n)), m if m < 2 else 2 + (m & 1))


def _meet(
    left: list[Point], left_slope: Fraction, right: list[Point], right_slope: Fraction, g: Game
) -> Thermograph:
    """Cut the walls where they first meet (``left - right`` never increases): the `Fraction`
    face of `cgt.thermal._walls.meet`."""
    scale = _scale_of(left + right) + 1
    return _met(
        _to_ints(left, scale), int(left_slope), _to_ints(right, scale), int(right_slope), scale, g
    ).thermograph()


@deep
def _thermal(g: Game) -> _Scaled:
    return _scaled(g)


def thermograph(game: Any) -> Thermograph:
    """The exact `Thermograph` of a game (anything `cgt.Game` accepts, or a position).

    >>> import cgt
    >>> th = cgt.thermograph(cgt.switch(1))
    >>> th.temperature, th.mean, th.at(0)
    (Fraction(1, 1), Fraction(0, 1), (Fraction(1, 1), Fraction(-1, 1)))
    """
    g = _game(game)
    return attrs.evolve(_thermal(g).thermograph(), label=str(g))


def mean(game: Any) -> Fraction:
    """The mean value of a game: the number it cools to (``mean(G + H) = mean(G) + mean(H)``).

    >>> import cgt
    >>> cgt.mean(cgt.Game("{3|1||0}")), cgt.mean(cgt.Game("5/8"))
    (Fraction(1, 1), Fraction(5, 8))
    """
    return _thermal(_game(game)).mean()


def temperature(game: Any) -> Fraction:
    """The temperature of a game: how much a move there is worth to the player who makes it.

    Positive for hot games, 0 for tepid ones (infinitesimally close to a number but not one),
    negative for numbers (``-1`` for integers, ``-1/2**k`` for ``p/2**k``).

    >>> import cgt
    >>> cgt.temperature(cgt.Game("{2|-1}")), cgt.temperature(cgt.STAR), cgt.temperature(7)
    (Fraction(3, 2), Fraction(0, 1), Fraction(-1, 1))
    """
    return _thermal(_game(game)).temperature()


def is_hot(game: Any) -> bool:
    """Whether the left stop exceeds the right stop (equivalently, the temperature is positive).

    >>> import cgt
    >>> is_hot(cgt.switch(1)), is_hot(cgt.UP)
    (True, False)
    """
    g = _game(game)
    return g.left_stop > g.right_stop


def is_tepid(game: Any) -> bool:
    """Whether the game is infinitesimally close to a number without being one (``1*``, ``↑``).

    >>> import cgt
    >>> is_tepid(cgt.Game("1*")), is_tepid(cgt.Game(1))
    (True, False)
    """
    g = _game(game)
    return g.left_stop == g.right_stop and not g.is_number


def is_cold(game: Any) -> bool:
    """Whether the game is a number."""
    return _game(game).is_number


# ------------------------------------------------------------------------- cooling and heating


_COOL: Memo[Any] = Memo("cool")
_HEAT: Memo[Any] = Memo("heat")


def _cooled(g: Game, t: Fraction, shift: tuple[Game, Game]) -> Game:
    if g.is_integer:
        return g
    walls = _scaled(g)
    hot, mean = walls.left[-1]
    if t.numerator << walls.scale > hot * t.denominator:  # t is above the temperature
        return _game(Fraction(mean, 1 << walls.scale))
    key = (g._id, t)
    known = _COOL.get(key)
    if known is not None:
        return known
    minus, plus = shift
    result = core.make(
        [core.add(_cooled(x, t, shift), minus) for x in core.left_of(g)],
        [core.add(_cooled(x, t, shift), plus) for x in core.right_of(g)],
    )
    _COOL[key] = result
    return result


@deep
def _cool(g: Game, t: Fraction) -> Game:
    return _cooled(g, t, (_game(-t), _game(t)))


def cool(game: Any, t: Any) -> Game:
    """``G`` cooled by ``t`` (a dyadic number ``>= -1``): ``G_t`` (see the module docs).

    For ``t >= 0`` cooling is a homomorphism, ``(G + H)_t = G_t + H_t``; below 0 it is not
    (``cgt.laws`` records the smallest counterexample).

    >>> import cgt
    >>> cgt.cool(cgt.switch(1), 1), cgt.cool("{3|1||0}", "1/2"), cgt.cool("{3|1||0}", 1)
    (Game('*'), Game('{2|1||1/2}'), Game('1v'))
    """
    return _cool(_game(game), _temperature_arg(t))


def _heated(g: Game, s: Game | None, t: Game, minus_t: Game) -> Game:
    if s is None and g.is_number:
        return g
    if s is not None and g.is_integer:
        return int(g) * s
    key = (g._id, None if s is None else s._id, t._id)
    known = _HEAT.get(key)
    if known is not None:
        return known
    result = core.make(
        [core.add(_heated(x, s, t, minus_t), t) for x in core.left_of(g)],
        [core.add(_heated(x, s, t, minus_t), minus_t) for x in core.right_of(g)],
    )
    _HEAT[key] = result
    return result


@deep
def _heat(g: Game, s: Game | None, t: Game) -> Game:
    return _heated(g, s, t, -t)


def heat(game: Any, t: Any) -> Game:
    """``G`` heated by ``t`` (any game): ``∫^t G = G`` for a number ``G``, otherwise
    ``{∫^t G^L + t | ∫^t G^R - t}``, on the canonical form (Berlekamp, Conway and Guy).

    >>> import cgt
    >>> cgt.heat(cgt.STAR, 1), cgt.heat(cgt.UP, 1), cgt.heat(cgt.STAR, "3/4")
    (Game('±1'), Game('{1||0|-2}'), Game('±3/4'))
    """
    return _heat(_game(game), None, _game(t))


def overheat(game: Any, s: Any, t: Any) -> Game:
    """``G`` overheated from ``s`` to ``t`` (Berlekamp): ``n.s`` for an integer ``n``, otherwise
    ``{∫ G^L + t | ∫ G^R - t}``, on the canonical form.

    >>> import cgt
    >>> cgt.overheat(3, "1/2", "1/2"), cgt.overheat("1/2", 1, 1), cgt.overheat(cgt.STAR, 1, "1*")
    (Game('3/2'), Game('{1|0}'), Game('±1*'))
    """
    return _heat(_game(game), _game(s), _game(t))


# -------------------------------------------------------------------------------- incentives


def left_incentives(game: Any) -> tuple[Game, ...]:
    """``G^L - G`` for each canonical left option: what a move gains Left.

    >>> import cgt
    >>> left_incentives(cgt.Game("{2|-1}"))
    (Game('{3|0}'),)
    """
    g = _game(game)
    stars = _star_incentives(g)
    return stars if stars is not None else _unique(x - g for x in g.left_options)


def right_incentives(game: Any) -> tuple[Game, ...]:
    """``G - G^R`` for each canonical right option: what a move gains Right."""
    g = _game(game)
    stars = _star_incentives(g)
    return stars if stars is not None else _unique(g - x for x in g.right_options)


def incentives(game: Any) -> tuple[Game, ...]:
    """The undominated incentives: those of ``left_incentives + right_incentives`` that no
    other one exceeds (a move's incentive is what it gains its player; as in CGSuite).

    >>> import cgt
    >>> incentives(cgt.UP), incentives(cgt.switch(1))
    ((Game('^*'),), (Game('{2|0}'),))
    """
    g = _game(game)
    stars = _star_incentives(g)
    if stars is not None:
        return stars  # distinct non-zero nimbers: pairwise confused, none dominated
    every = _unique(left_incentives(g) + right_incentives(g))
    return tuple(x for x in every if not any(x < y for y in every))


def _star_incentives(g: Game) -> tuple[Game, ...] | None:
    """The incentives of ``x + *m`` (``m >= 1``) in closed form, for either player: its options
    are ``x + *j`` (``j < m``) on both sides and ``±(x + *j - (x + *m)) = *(j xor m)``.  ``None``
    for other games."""
    nus = g._nus
    if nus is None or nus[2] != 0 or nus[3] == 0:
        return None
    m = nus[3]
    return tuple(core.from_nus((0, 0, 0, j ^ m)) for j in range(m))


# ---------------------------------------------------------------------------------- helpers


def _unique(games: Iterable[Game]) -> tuple[Game, ...]:
    return tuple(dict.fromkeys(games))


def _temperature_arg(t: Any, dyadic: bool = True) -> Fraction:
    """A temperature as an exact (dyadic, unless told otherwise) `Fraction` ``>= -1``."""
    from cgt.partizan.game import Game

    if isinstance(t, (bool, float)):
        raise ThermalError(
            f"a temperature must be exact (int, dyadic Fraction, number string or Game), got {t!r}"
        )
    if isinstance(t, int):
        value = Fraction(t)
    elif isinstance(t, Fraction):
        value = t
    elif isinstance(t, (str, Game)):
        g = Game(t)
        if not g.is_number:
            raise ThermalError(f"a temperature must be a number, got the game {g}")
        value = g.as_number()
    else:
        raise ThermalError(f"a temperature must be a number, got {t!r}")
    den = value.denominator
    if dyadic and den & (den - 1):
        raise ThermalError(f"a temperature must be a dyadic rational, got {value}")
    if value < MINUS_ONE:
        raise ThermalError(f"temperatures start at -1; got {value}")
    return value


_extensions.provide(
    cool=cool,
    heat=heat,
    overheat=overheat,
    mean=mean,
    temperature=temperature,
    thermograph=thermograph,
    incentives=incentives,
    is_hot=is_hot,
    is_tepid=is_tepid,
)


hop_points(sys.modules[__name__], "_scaled", "_cooled", "_heated")
