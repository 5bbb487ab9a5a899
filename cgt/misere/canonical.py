"""Misère canonical forms of impartial games (Conway's simplest forms).

Two impartial games ``G`` and ``H`` are equal in misère play when ``G + X`` and ``H + X`` have
the same misère outcome for every impartial game ``X``.  Unlike normal play, few games are
equal to a nim heap, but every game has a unique *simplest form* (Conway, ONAG ch. 12, Thm 75;
Siegel, *Combinatorial Game Theory*, ch. V.1), reached by one rule, the Grundy-Smith rule:

    Suppose every option of ``H`` is an option of ``G``, and every other option of ``G`` has
    ``H`` among its options.  Then ``G = H``, provided ``G`` and ``H`` have the same misère
    outcome (the *proviso*; it only matters when ``H = 0``).

With its options in simplest form, a game to which the rule does not apply is in simplest
form, and two games in simplest form are equal exactly when they are identical.  `MisereGame`
holds simplest forms, interned, so ``==`` is misère equality and ``is`` would do.  Nim heaps
print as ``0``, ``*``, ``*2``...; any other game prints as its set of options.

>>> import cgt
>>> star, two = cgt.MisereGame.nim(1), cgt.MisereGame.nim(2)
>>> star + star      # ** = 0 in misère play
0
>>> two + two, (two + two).misere_grundy, (two + two).normal_grundy
({*3, *2}, 0, 0)
>>> @cgt.impartial_game
... def Heap(n):
...     return range(n)
>>> cgt.misere_canonical(Heap(2) + Heap(1)) == cgt.MisereGame.nim(3)
True
"""

from __future__ import annotations

import gc
import itertools
import weakref
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.core.memo import Memo, after_clear, evaluate
from cgt.impartial.nimber import mex
from cgt.positions.protocol import options_of
from cgt.positions.sums import Sum

__all__ = [
    "MAX_NIM_FORM",
    "MisereFormTooLargeError",
    "MisereGame",
    "misere_canonical",
    "misere_games_born_by",
]

MAX_NIM_FORM = 1024
"""The largest nim heap `MisereGame.nim` builds (about 50 MB and 2 s at this size)."""


class MisereFormTooLargeError(CGTError, ValueError):
    """A misère simplest form too large to build (see `MisereGame.nim`)."""


class MisereGame:
    """An impartial game in misère simplest form (interned: equal games are one object).

    Build one with `MisereGame.nim`, `MisereGame.from_options`, ``+``, or `misere_canonical`.
    A `MisereGame` is itself an impartial position (``options()``), so every function of
    `cgt.misere` accepts it.
    """

    __slots__ = (
        "__weakref__",
        "_sort_key",
        "birthday",
        "misere_grundy",
        "nim_value",
        "normal_grundy",
        "option_set",
        "uid",
    )
    # Interned by option set, weakly: forms nothing refers to any more are forgotten when the
    # table is swept (`cgt.clear_caches`, or as it doubles in size).
    _interned: ClassVar[dict[frozenset[MisereGame], weakref.ref[MisereGame]]] = {}
    _sweep_at: ClassVar[int] = 1 << 16

    option_set: frozenset[MisereGame]
    birthday: int
    misere_grundy: int
    normal_grundy: int
    nim_value: int | None
    uid: int
    _sort_key: tuple[Any, ...]

    def __init__(self) -> None:
        raise WrongTypeError("build a MisereGame with MisereGame.nim, from_options or +")

    @classmethod
    def _intern(cls, option_set: frozenset[MisereGame]) -> MisereGame:
        ref = cls._interned.get(option_set)
        known = None if ref is None else ref()
        if known is not None:
            return known
        game = object.__new__(cls)
        game.option_set = option_set
        game.birthday = 1 + max((g.birthday for g in option_set), default=-1)
        game.misere_grundy = mex(g.misere_grundy for g in option_set) if option_set else 1
        game.normal_grundy = mex(g.normal_grundy for g in option_set)
        n = game.normal_grundy
        is_nim = len(option_set) == n and all(g.nim_value is not None for g in option_set)
        game.nim_value = n if is_nim else None
        game.uid = next(_UIDS)
        game._sort_key = (game.birthday, tuple(sorted(g._sort_key for g in option_set)))
        cls._interned[option_set] = weakref.ref(game)
        if len(cls._interned) >= cls._sweep_at:
            _sweep()
            MisereGame._sweep_at = max(1 << 16, 2 * len(cls._interned))
        return game

    @classmethod
    def from_options(cls, options: Iterable[MisereGame]) -> MisereGame:
        """The simplest form of the game whose options are ``options`` (simplest forms)."""
        option_set = frozenset(options)
        for option in option_set:
            if not isinstance(option, MisereGame):
                raise WrongTypeError(f"options of a MisereGame are MisereGames, got {option!r}")
        return _simplify(option_set)

    @classmethod
    def nim(cls, n: int) -> MisereGame:
        """The nim heap ``*n`` (already in simplest form).  Its options are every smaller heap,
        so the forms of heaps up to ``n`` take memory quadratic in ``n``: above
        `MAX_NIM_FORM` a `MisereFormTooLargeError` says so (outcomes and misère Grundy values
        of sums of nim heaps have closed forms: `cgt.misere_outcome`, `cgt.misere_grundy`)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidArgumentError(f"a nim heap has a non-negative int size, got {n!r}")
        if n > MAX_NIM_FORM:
            raise MisereFormTooLargeError(
                f"MisereGame.nim({n:,}): the simplest form of a nim heap holds every smaller "
                f"heap, memory quadratic in its size (at most {MAX_NIM_FORM:,}); the outcome and "
                "misère Grundy value of sums of nim heaps have closed forms: "
                "cgt.misere_outcome(Nim(...)), cgt.misere_grundy(...)"
            )
        game = cls._intern(frozenset())
        for _ in range(n):
            game = cls._intern(game.option_set | {game})
        return game

    def options(self) -> tuple[MisereGame, ...]:
        """The options, simplest first."""
        return tuple(sorted(self.option_set, key=_key))

    @property
    def misere_wins(self) -> bool:
        """Whether the player to move wins in misère play."""
        return self.misere_grundy != 0

    def __add__(self, other: Any) -> MisereGame:
        if not isinstance(other, MisereGame):
            return NotImplemented
        return _add(self, other)

    def __repr__(self) -> str:
        if self.nim_value is not None:
            return (
                "0" if self.nim_value == 0 else "*" if self.nim_value == 1 else f"*{self.nim_value}"
            )
        return "{" + ", ".join(map(repr, reversed(self.options()))) + "}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (MisereGame.from_options, (self.options(),))


_UIDS = itertools.count()


def _sweep() -> int:
    """Forget the interned forms that were garbage-collected; returns how many."""
    table = MisereGame._interned
    dead = [key for key, ref in table.items() if ref() is None]
    for key in dead:
        del table[key]
    return len(dead)


def _sweep_after_clear() -> None:
    # A dead form's key holds its options: dropping it may free them in turn.
    while _sweep():
        gc.collect()


after_clear(_sweep_after_clear)


def _key(game: MisereGame) -> tuple[Any, ...]:
    return game._sort_key


def _simplify(option_set: frozenset[MisereGame]) -> MisereGame:
    """Apply the Grundy-Smith rule once if it applies (the result is then in simplest form)."""
    wins = not option_set or any(not g.misere_wins for g in option_set)
    for option in option_set:
        for target in option.option_set:
            if not target.option_set <= option_set or target.misere_wins != wins:
                continue
            if all(target in other.option_set for other in option_set - target.option_set):
                return target
    return MisereGame._intern(option_set)


class _Pair:
    """The sum of two simplest forms, as a position whose options are pairs again."""

    __slots__ = ("_hash", "left", "right")

    def __init__(self, left: MisereGame, right: MisereGame) -> None:
        if right.uid < left.uid:
            left, right = right, left
        self.left, self.right = left, right
        self._hash = hash((left.uid, right.uid))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Pair) and other.left is self.left and other.right is self.right

    def __hash__(self) -> int:
        return self._hash


_SUMS: Memo[MisereGame] = Memo("misere-sum")
_CANONICAL: Memo[MisereGame] = Memo("misere-canonical")


def _from_option_list(values: list[MisereGame]) -> MisereGame:
    return _simplify(frozenset(values))


def _add_all(values: list[MisereGame]) -> MisereGame:
    total = MisereGame.nim(0)
    for value in values:
        total = _add(total, value)
    return total


def _expand_pair(item: Any) -> tuple[Sequence[Any], Any]:
    if isinstance(item, MisereGame):
        return (), lambda _: item
    left, right = item.left, item.right
    if not left.option_set:
        return (), lambda _: right
    children = [_Pair(g, right) for g in left.option_set]
    children += [_Pair(left, h) for h in right.option_set]
    return children, _from_option_list


def _add(left: MisereGame, right: MisereGame) -> MisereGame:
    if not left.option_set:
        return right
    if not right.option_set:
        return left
    result: MisereGame = evaluate(_Pair(left, right), _expand_pair, _SUMS)
    return result


def _expand_position(position: Any) -> tuple[Sequence[Any], Any]:
    if isinstance(position, MisereGame):
        return (), lambda _: position
    if isinstance(position, Sum):
        return position.components, _add_all
    method = getattr(position, "nim_heaps", None)
    if callable(method):  # a sum of nim heaps: their forms are known
        heaps = [MisereGame.nim(h) for h in method()]
        return (), lambda _: _add_all(heaps)
    return options_of(position), _from_option_list


def misere_canonical(position: Any) -> MisereGame:
    """The misère simplest form of an impartial position (a `cgt.Sum` is the sum of its
    components' forms).

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Kayles(n):
    ...     return [Kayles(a) + Kayles(n - k - a) for k in (1, 2) if k <= n
    ...             for a in range((n - k) // 2 + 1)]
    >>> [cgt.misere_canonical(Kayles(n)) for n in range(4)]
    [0, *, *2, *3]
    """
    result: MisereGame = evaluate(position, _expand_position, _CANONICAL)
    return result


def misere_games_born_by(day: int) -> tuple[MisereGame, ...]:
    """Every misère simplest form born by ``day`` (1, 2, 3, 5, 22 games by day 0 to 4), simplest
    first.  Day 5 has 4,171,780 games (Conway; Siegel 2020): too many to list, so ``day <= 4``.

    >>> [len(misere_games_born_by(d)) for d in range(5)]
    [1, 2, 3, 5, 22]
    """
    if not isinstance(day, int) or isinstance(day, bool) or not 0 <= day <= 4:
        raise InvalidArgumentError(f"day is an int from 0 to 4, got {day!r}")
    games = [MisereGame.nim(0)]
    for _ in range(day):
        count = len(games)
        subsets = (
            frozenset(g for i, g in enumerate(games) if mask >> i & 1) for mask in range(1 << count)
        )
        games = sorted({_simplify(s) for s in subsets}, key=_key)
    return tuple(games)
