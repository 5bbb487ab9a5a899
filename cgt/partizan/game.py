"""Short partizan games as values: `Game`, always canonical and interned.

A short partizan game is ``G = {G^L | G^R}``: Left moves to one of the left options, Right to a
right option, and a player who cannot move loses.  Games are compared by who wins their
difference (``G >= H`` when Left wins ``G - H`` if Right starts) and added as disjunctive sums.
Every game equals exactly one *canonical form*, the one with no dominated and no reversible
options (Conway, *On Numbers and Games*; Siegel, *Combinatorial Game Theory*, II.2).

`Game` objects are always in canonical form and interned, so equal values are the same object:
``==`` is value equality and hashing is consistent with it.  A game that is a number equals the
Python numbers of exactly its value (``Game(1) == 1 == 1.0``, as `fractions.Fraction` does), so
sets and dicts mixing them agree whatever the order; it equals no text (``Game(1) != "1"``).
``<``, ``<=``, ``>``, ``>=`` take games, ints and dyadic Fractions and raise `cgt.WrongTypeError`
for anything else (convert text with ``Game("1/2")``, or use `Game.compare`).  Numbers, and values
``x + n.↑ + *m``, are stored in closed form (never as trees), so ``Game(10**6) + Game(10**6)``
is instant.

>>> from cgt import Game, STAR, UP
>>> Game(left=[0], right=[0]) is STAR
True
>>> Game(left=[0, STAR], right=[0, STAR])
Game('*2')
>>> UP + UP + STAR, Game(left=[Game("1/2")], right=[1])
(Game('^^*'), Game('3/4'))
>>> Game(left=[1], right=[-1]) > 0, Game(left=[1], right=[-1]).confused(0)
(False, True)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from fractions import Fraction
from numbers import Number
from typing import Any

from cgt.core._deep import deep, hop_points
from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.impartial.nimber import Nimber
from cgt.partizan import _canonical as core
from cgt.partizan import _extensions
from cgt.partizan._nus import (
    EQUAL,
    FUZZY,
    GREATER,
    LESS,
    dyadic_from_fraction,
    dyadic_to_fraction,
    normalize,
)
from cgt.partizan.printing import format_game, format_latex
from cgt.positions import sums as _sums
from cgt.positions.sums import Position, Sum

__all__ = ["DOWN", "STAR", "UP", "ZERO", "Game", "GameValueError", "miny", "switch", "tiny", "up"]


_NO_VALUE: Any = object()


class GameValueError(CGTError, ValueError):
    """A value cannot be made into a game (a non-dyadic rational, a float...), or a game is not
    of the kind an operation needs (``int()`` of a non-integer game, ...)."""


GameLike = Any
"""Anything `Game` accepts: a Game, int, dyadic Fraction, Nimber, or a string in notation."""


@deep
def _make_from_options(left: list[Game], right: list[Game]) -> Game:
    return core.make(left, right)


class Game:
    """A short partizan game value in canonical form.

    ``Game(x)`` converts an int, a dyadic `fractions.Fraction`, a `cgt.Nimber`, a `Game`, or a
    string in standard notation (``"3/4"``, ``"^*"``, ``"{2|0||-1}"``; see `cgt.parse`).
    ``Game(left=[...], right=[...])`` builds ``{left | right}`` from anything ``Game`` accepts.

    >>> Game(3), Game("-3/4"), Game(Nimber(2)), Game(left=[2], right=[0])
    (Game('3'), Game('-3/4'), Game('*2'), Game('{2|0}'))
    """

    __slots__ = ("__weakref__", "_birthday", "_id", "_left", "_neg", "_nus", "_right", "_stops")

    _id: int
    _nus: tuple[int, int, int, int] | None
    _left: tuple[Game, ...] | None
    _right: tuple[Game, ...] | None
    _neg: Game | None
    _birthday: int | None
    _stops: tuple[tuple[int, int], tuple[int, int]] | None

    def __new__(
        cls,
        value: Any = _NO_VALUE,
        *,
        left: Iterable[GameLike] | None = None,
        right: Iterable[GameLike] | None = None,
    ) -> Game:
        if left is not None or right is not None:
            if value is not _NO_VALUE:
                raise WrongTypeError("Game() takes a value or left=/right= options, not both")
            return _make_from_options(_games(left or (), "left"), _games(right or (), "right"))
        if value is _NO_VALUE:
            return ZERO  # Game() is 0, as int() is
        if value is None:
            raise WrongTypeError("None is not a game (Game() with no argument is 0)")
        return _convert(value)

    # Pickling and copying keep the identity of interned values.  A value ``x + n.↑ + *m``
    # travels as its text; another as the table of its distinct subgames (`_table`), which is
    # as long as the game is large, where its text can be exponentially longer.
    def __reduce__(self) -> tuple[Any, ...]:
        if self._nus is not None:
            return (Game, (str(self),))
        return (_from_table, (_table(self),))

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: Any) -> Game:
        return self

    # ------------------------------------------------------------------------------- options

    @property
    def left_options(self) -> tuple[Game, ...]:
        """Left's options in canonical form, as a tuple of games."""
        return core.left_of(self)

    @property
    def right_options(self) -> tuple[Game, ...]:
        """Right's options in canonical form, as a tuple of games."""
        return core.right_of(self)

    # -------------------------------------------------------------------------------- order

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Game:
            return self is other
        if getattr(type(other), "loopy", False) is True:  # a loopy game compares itself
            return NotImplemented
        if isinstance(other, Number):
            # A number game equals exactly the Python numbers equal to its value, and hashes like
            # them, so == stays transitive with 1 == 1.0 == Fraction(1) (sets and dicts agree).
            n = self._nus
            if n is None or n[2] or n[3]:
                return False
            return bool(dyadic_to_fraction((n[0], n[1])) == other)
        return False

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        number = self._nus
        if number is not None and number[2] == 0 and number[3] == 0:
            # Equal to the int / Fraction of the same value, so hash like it.
            return hash(dyadic_to_fraction((number[0], number[1])))
        return hash((Game, self._id))

    def __le__(self, other: GameLike) -> bool:
        if getattr(type(other), "loopy", False) is True:  # a loopy game compares itself
            return NotImplemented
        return _le(self, _ordered(other))

    def __ge__(self, other: GameLike) -> bool:
        if getattr(type(other), "loopy", False) is True:  # a loopy game compares itself
            return NotImplemented
        return _le(_ordered(other), self)

    def __lt__(self, other: GameLike) -> bool:
        if getattr(type(other), "loopy", False) is True:  # a loopy game compares itself
            return NotImplemented
        return _compare(self, _ordered(other)) == LESS

    def __gt__(self, other: GameLike) -> bool:
        if getattr(type(other), "loopy", False) is True:  # a loopy game compares itself
            return NotImplemented
        return _compare(self, _ordered(other)) == GREATER

    def confused(self, other: GameLike) -> bool:
        """Whether ``self`` and ``other`` are incomparable (``self || other``, fuzzy).

        >>> STAR.confused(0), UP.confused(STAR), UP.confused(0)
        (True, True, False)
        """
        return _compare(self, _operand(other)) == FUZZY

    def compare(self, other: GameLike) -> str:
        """``"="``, ``"<"``, ``">"`` or ``"||"``: how ``self`` compares with ``other``.

        >>> Game(1).compare("1/2"), STAR.compare(0)
        ('>', '||')
        """
        return {EQUAL: "=", LESS: "<", GREATER: ">", FUZZY: "||"}[_compare(self, _operand(other))]

    # ---------------------------------------------------------------------------- arithmetic

    def __add__(self, other: GameLike) -> Any:
        if other.__class__ is Game:
            return _add(self, other)
        if isinstance(other, Position):
            return Sum(self, other)  # as position + game does: the sum of positions
        operand = _summand(other)
        return NotImplemented if operand is None else _add(self, operand)

    def __radd__(self, other: GameLike) -> Game:
        operand = _summand(other)
        return NotImplemented if operand is None else _add(operand, self)

    def __neg__(self) -> Game:
        return _neg(self)

    def __pos__(self) -> Game:
        return self

    def __sub__(self, other: GameLike) -> Game:
        if other.__class__ is Game:
            return _add(self, _neg(other))
        operand = _summand(other)
        return NotImplemented if operand is None else _add(self, _neg(operand))

    def __rsub__(self, other: GameLike) -> Game:
        operand = _summand(other)
        return NotImplemented if operand is None else _add(operand, _neg(self))

    def __mul__(self, times: int) -> Game:
        """``n * G``: the sum of ``n`` copies of ``G`` (``-G`` copies for negative ``n``)."""
        if not isinstance(times, int) or isinstance(times, bool):
            raise WrongTypeError(f"a Game is multiplied by an int, not by {times!r}")
        return _multiple(self, times)

    __rmul__ = __mul__

    # ----------------------------------------------------------------------------- kinds

    @property
    def is_number(self) -> bool:
        """Whether the game is a (dyadic) number."""
        n = self._nus
        return n is not None and n[2] == 0 and n[3] == 0

    @property
    def is_integer(self) -> bool:
        n = self._nus
        return n is not None and n[1] == 0 and n[2] == 0 and n[3] == 0

    @property
    def is_nimber(self) -> bool:
        """Whether the game is a nimber ``*m`` (``0`` included)."""
        n = self._nus
        return n is not None and n[0] == 0 and n[2] == 0

    @property
    def is_nus(self) -> bool:
        """Whether the game is ``x + n.↑ + *m`` for a number ``x``, integer ``n``, nimber ``*m``."""
        return self._nus is not None

    @property
    def is_infinitesimal(self) -> bool:
        """Whether ``-x < G < x`` for every positive number ``x`` (both stops are 0; 0 included)."""
        low, high = _stops(self)
        return low == (0, 0) == high

    def as_number(self) -> Fraction:
        """The number this game equals, as a `fractions.Fraction` (`GameValueError` otherwise)."""
        n = self._nus
        if n is None or n[2] or n[3]:
            raise GameValueError(f"{self} is not a number")
        return dyadic_to_fraction((n[0], n[1]))

    def __int__(self) -> int:
        n = self._nus
        if n is None or n[1] or n[2] or n[3]:
            raise GameValueError(f"{self} is not an integer")
        return n[0]

    def __index__(self) -> int:
        return self.__int__()

    def __bool__(self) -> bool:
        return self is not ZERO

    @property
    def nus(self) -> tuple[Fraction, int, int] | None:
        """``(x, n, m)`` when the game is ``x + n.↑ + *m``, else ``None``.

        >>> Game("1/2^3*").nus
        (Fraction(1, 2), 3, 1)
        """
        n = self._nus
        return None if n is None else (dyadic_to_fraction((n[0], n[1])), n[2], n[3])

    # ---------------------------------------------------------------------- simple measures

    @property
    def birthday(self) -> int:
        """The day on which the game is born: 0 for 0, 1 for 1, -1 and ``*``, 2 for ``1/2``, ..."""
        return _birthday(self)

    @property
    def left_stop(self) -> Fraction:
        """Where play ends, as a number, when Left starts and both play the stops well."""
        return dyadic_to_fraction(_stops(self)[0])

    @property
    def right_stop(self) -> Fraction:
        """Where play ends, as a number, when Right starts."""
        return dyadic_to_fraction(_stops(self)[1])

    # ------------------------------------------------------------------------------- text

    def __str__(self) -> str:
        return format_game(self)

    def __repr__(self) -> str:
        return f"Game({str(self)!r})"

    def _repr_latex_(self) -> str:
        return f"${format_latex(self)}$"

    def __format__(self, spec: str) -> str:
        if spec in ("", "s"):
            return str(self)
        if spec == "a":
            return format_game(self, ascii=True)
        if spec == "u":
            return format_game(self, unicode=True)
        raise InvalidArgumentError(
            f"unknown format {spec!r} for a Game: use '', 'a' (ASCII) or 'u' (unicode)"
        )

    # ------------- analysis, provided by the layers above (cgt.thermal, cgt.infinitesimals)

    def cool(self, t: GameLike) -> Game:
        """``G`` cooled by ``t`` (see `cgt.thermal.thermography.cool`).

        >>> switch(1).cool(1)
        Game('*')
        """
        return _extensions.call("cool", self, t)

    def heat(self, t: GameLike) -> Game:
        """``G`` heated by ``t`` (see `cgt.thermal.thermography.heat`)."""
        return _extensions.call("heat", self, t)

    def overheat(self, s: GameLike, t: GameLike) -> Game:
        """``G`` overheated from ``s`` to ``t`` (see `cgt.thermal.thermography.overheat`)."""
        return _extensions.call("overheat", self, s, t)

    @property
    def mean(self) -> Fraction:
        """The mean value (see `cgt.thermal.thermography.mean`)."""
        return _extensions.call("mean", self)

    @property
    def temperature(self) -> Fraction:
        """The temperature (see `cgt.thermal.thermography.temperature`)."""
        return _extensions.call("temperature", self)

    @property
    def thermograph(self) -> Any:
        """The exact thermograph, a `cgt.Thermograph` (shown as a picture in Jupyter)."""
        return _extensions.call("thermograph", self)

    @property
    def confusion_interval(self) -> tuple[Fraction, Fraction]:
        """``(right stop, left stop)``: the numbers ``x`` with which ``G`` may be confused lie in
        this interval."""
        return (self.right_stop, self.left_stop)

    @property
    def incentives(self) -> tuple[Game, ...]:
        """The undominated incentives among ``G^L - G`` and ``G - G^R`` (see
        `cgt.thermal.thermography.incentives`)."""
        return _extensions.call("incentives", self)

    @property
    def is_hot(self) -> bool:
        """Whether the left stop exceeds the right stop (temperature > 0)."""
        return _extensions.call("is_hot", self)

    @property
    def is_tepid(self) -> bool:
        """Whether infinitesimally close to a number without being one (temperature 0)."""
        return _extensions.call("is_tepid", self)

    @property
    def is_all_small(self) -> bool:
        """Whether every subposition has left options exactly when it has right options."""
        return _extensions.call("is_all_small", self)

    @property
    def atomic_weight(self) -> Game:
        """The atomic weight of an all-small game (see `cgt.atomic_weight`)."""
        return _extensions.call("atomic_weight", self)

    def reduced(self) -> Game:
        """The reduced canonical form (see `cgt.infinitesimals.reduction.reduced`)."""
        return _extensions.call("reduced", self)

    def ish(self, other: GameLike) -> bool:
        """Whether ``G`` and ``other`` differ by an infinitesimal ("G is other-ish")."""
        return _extensions.call("ish", self, other)


core._game_class = Game


# ----------------------------------------------------------------------------- conversion


def _convert(value: GameLike) -> Game:
    if value.__class__ is Game:
        return value
    if isinstance(value, bool):
        raise WrongTypeError(f"cannot make a game of the bool {value!r}; use 0 or 1")
    if isinstance(value, int):
        return core.from_nus((value, 0, 0, 0))
    if isinstance(value, Fraction):
        pair = dyadic_from_fraction(value)
        if pair is None:
            raise GameValueError(
                f"{value} is not a dyadic rational (its denominator is not a power of 2), so it "
                "is not the value of a short game"
            )
        return core.from_nus((pair[0], pair[1], 0, 0))
    if isinstance(value, Nimber):
        return core.from_nus((0, 0, 0, value.n))
    if isinstance(value, str):
        return _extensions.call("parse", value)
    if isinstance(value, float):
        raise WrongTypeError(
            f"floats are not exact; write {value!r} as a Fraction or a string such as '3/4'"
        )
    if hasattr(value, "left_options") or hasattr(value, "options"):
        raise WrongTypeError(
            f"{value!r} is a position, not a value: use cgt.value(position) to get its Game"
        )
    raise WrongTypeError(
        f"cannot make a game of {value!r} (type {type(value).__name__}); expected a Game, int, "
        "dyadic Fraction, Nimber or notation string"
    )


def _summand(value: object) -> Game | None:
    """The game to add to a Game: ints, dyadic Fractions, Nimbers and Games are converted (a
    non-dyadic Fraction raises `GameValueError`), text and inexact or boolean values raise
    `WrongTypeError`, and other types give ``None`` (so that their own ``__radd__`` may answer)."""
    if isinstance(value, (int, Fraction, Nimber, Game)) and not isinstance(value, bool):
        return _convert(value)
    if value is None or isinstance(value, (bool, float, complex, str, bytes, Number)):
        raise WrongTypeError(
            f"cannot add {value!r} (type {type(value).__name__}) to a Game; convert it with "
            "Game(...) first if it is a value in notation"
        )
    return None


def _ordered(value: GameLike) -> Game:
    """The operand of ``<``, ``<=``, ``>``, ``>=``: a Game, an int or a dyadic Fraction, the values
    that ``==`` also compares (text and Nimbers are converted explicitly: ``g < Game("1/2")``,
    or use ``g.compare("1/2")``)."""
    if value.__class__ is Game:
        return value
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return _convert(value)
    hint = " (use Game(...) or .compare())" if isinstance(value, (str, Nimber)) else ""
    raise WrongTypeError(
        f"cannot order a Game and {value!r} (type {type(value).__name__}): games are ordered "
        f"with games, ints and dyadic Fractions{hint}"
    )


def _operand(value: GameLike) -> Game:
    if value.__class__ is Game:
        return value
    if isinstance(value, (int, Fraction, Nimber, str)):
        return _convert(value)
    raise WrongTypeError(f"cannot compare a Game with {value!r} (type {type(value).__name__})")


def _games(values: Iterable[GameLike], side: str) -> list[Game]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise WrongTypeError(f"{side}= takes an iterable of games, got {values!r}")
    return [_convert(v) for v in values]


# ------------------------------------------------------------------------------- pickling

_Row = tuple[int, int, int, int] | tuple[tuple[int, ...], tuple[int, ...]]


def _table(g: Game) -> list[_Row]:
    """The distinct subgames of ``g``, options before the games they are of, each a row: the
    closed form ``(p, k, n, m)`` of a value ``p/2**k + n.↑ + *m``, or the row numbers of its
    left and right options.  ``g`` is the last row.  Found without recursion."""
    rows: list[_Row] = []
    index: dict[int, int] = {}
    stack: list[tuple[Game, bool]] = [(g, False)]
    while stack:
        node, ready = stack.pop()
        if node._id in index:
            continue
        if node._nus is not None:
            index[node._id] = len(rows)
            rows.append(node._nus)
        elif ready:
            index[node._id] = len(rows)
            left = tuple(index[x._id] for x in node._left)  # type: ignore[union-attr]
            right = tuple(index[x._id] for x in node._right)  # type: ignore[union-attr]
            rows.append((left, right))
        else:
            stack.append((node, True))
            options = node._left + node._right  # type: ignore[operator]
            stack.extend((x, False) for x in options if x._id not in index)
    return rows


@deep
def _from_table(rows: list[_Row]) -> Game:
    """The game of a `_table` (unpickling): each row made from the rows before it."""
    made: list[Game] = []
    try:
        for row in rows:
            if len(row) == 4:
                p, k, n, m = row
                if any(v.__class__ is not int for v in row) or k < 0 or m < 0:
                    raise GameValueError(f"{row!r} is not the closed form of a value")
                made.append(core.from_nus((*normalize(p, k), n, m)))
                continue
            left, right = row
            if any(not 0 <= i < len(made) for i in (*left, *right)):
                raise GameValueError("a row refers to a row that is not before it")
            made.append(core.make([made[i] for i in left], [made[i] for i in right]))
    except (TypeError, ValueError) as error:
        if isinstance(error, GameValueError):
            raise
        raise GameValueError(f"not a table of a game's subgames: {error}") from None
    if not made:
        raise GameValueError("not a table of a game's subgames: no rows")
    return made[-1]


# ----------------------------------------------------------------------- deep entry points


@deep
def _le(g: Game, h: Game) -> bool:
    return core.le(g, h)


@deep
def _compare(g: Game, h: Game) -> int:
    if g._nus is not None and h._nus is not None:
        return core.sign(core.add(g, core.neg(h)))
    ge = core.le(h, g)
    le = core.le(g, h)
    if ge:
        return EQUAL if le else GREATER
    return LESS if le else FUZZY


@deep
def _add(g: Game, h: Game) -> Game:
    return core.add(g, h)


@deep
def _neg(g: Game) -> Game:
    return core.neg(g)


@deep
def _multiple(g: Game, times: int) -> Game:
    if times < 0:
        g, times = core.neg(g), -times
    if g._nus is not None:
        p, k, n, m = g._nus
        return core.from_nus((*_scaled(p, k, times), n * times, m if times & 1 else 0))
    result, power = ZERO, g
    while times:  # double and add: log(times) sums
        if times & 1:
            result = core.add(result, power)
        power = core.add(power, power)
        times >>= 1
    return result


def _scaled(p: int, k: int, times: int) -> tuple[int, int]:
    return normalize(p * times, k)


@deep
def _birthday(g: Game) -> int:
    return core.birthday(g)


_stops_of = core.stops


@deep
def _stops(g: Game) -> tuple[tuple[int, int], tuple[int, int]]:
    return _stops_of(g)


hop_points(sys.modules[__name__], "_stops_of")


# ------------------------------------------------------------------------ named values


ZERO: Game = core.from_nus((0, 0, 0, 0))
"""``0 = { | }``, the game in which neither player can move."""
STAR: Game = core.from_nus((0, 0, 0, 1))
"""``* = {0 | 0}``."""
UP: Game = core.from_nus((0, 0, 1, 0))
"""``↑ = {0 | *}``."""
DOWN: Game = core.from_nus((0, 0, -1, 0))
"""``↓ = {* | 0}``."""


def up(n: int) -> Game:
    """``n.↑``, the sum of ``n`` ups (downs when ``n < 0``).

    >>> up(3), up(-2)
    (Game('^3'), Game('vv'))
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise WrongTypeError(f"up(n) takes an int, got {n!r}")
    return core.from_nus((0, 0, n, 0))


def switch(x: GameLike) -> Game:
    """``±x = {x | -x}``.

    >>> switch(1), switch(1) + switch(1)
    (Game('±1'), Game('0'))
    """
    g = _convert(x)
    return Game(left=[g], right=[-g])


def tiny(x: GameLike) -> Game:
    """``tiny(x) = {0 || 0 | -x}``, a positive infinitesimal for ``x > 0``.

    >>> tiny(1), tiny(2) > 0
    (Game('tiny(1)'), True)
    """
    g = _convert(x)
    return Game(left=[0], right=[Game(left=[0], right=[-g])])


def miny(x: GameLike) -> Game:
    """``miny(x) = -tiny(x) = {x | 0 || 0}``.

    >>> miny(1) < 0
    True
    """
    return -tiny(x)


# `p + 1` for a position p (`cgt.Position`) adds the game of the number, as `Game + p` does.
_sums._NUMBER_AS_GAME[:] = [_convert]
