"""Misère play of impartial games: outcomes and the misère Grundy value, by direct search.

In misère play the player who makes the last move *loses*: a position with no move is a win
for the player to move.  So a position is an N-position (the player to move wins) when it has
no option or an option that is a P-position, and a P-position otherwise.  The misère Grundy
value is ``G^-(0) = 1`` for the position with no move and ``G^-(G) = mex G^-(G')`` over the
options otherwise (Conway, ONAG ch. 12; Winning Ways ch. 13); ``G^-(G) = 0`` exactly for the
misère P-positions.

Unlike normal play, a sum is *not* determined by the misère values of its parts, so a
disjunctive `cgt.Sum` is searched as a whole: as a multiset of components (the order of the
components does not matter, and a component with no move is dropped, since ``G + 0`` is ``G``
move for move).  The search is iterative (no recursion limit) and memoized across calls.

Nim heaps have closed forms (Bouton 1901): a sum of nim heaps is a misère P-position iff its
nim-sum is 0 while some heap exceeds 1, or its nim-sum is 1 while none does; its misère Grundy
value is its nim-sum when some heap exceeds 1, else ``1 xor`` the number of 1-heaps mod 2.  So
a sum whose every part says it is a sum of nim heaps (a ``nim_heaps()`` method, e.g.
``games.nim.Nim``, or a `cgt.MisereGame` nim heap) is answered at once, whatever the heaps'
sizes; a sum mixing such heaps above `MAX_SEARCHED_HEAP` with other games is refused by name
(`MisereSearchTooLargeError`), since its search visits every smaller heap of every size.

>>> import cgt
>>> @cgt.impartial_game
... def Heap(n):
...     return range(n)
>>> [cgt.misere_grundy(Heap(n)) for n in range(5)]
[1, 0, 2, 3, 4]
>>> cgt.misere_outcome(Heap(1) + Heap(1)), cgt.misere_outcome(Heap(1) + Heap(1) + Heap(1))
(<MisereOutcome.N: 'N'>, <MisereOutcome.P: 'P'>)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.core.memo import Memo, evaluate
from cgt.impartial.nimber import mex
from cgt.misere.canonical import MisereGame
from cgt.positions.protocol import check_hashable, options_of
from cgt.positions.sums import Sum

__all__ = [
    "MAX_SEARCHED_HEAP",
    "MisereOutcome",
    "MisereSearchTooLargeError",
    "is_misere_p_position",
    "misere_grundy",
    "misere_outcome",
]

MAX_SEARCHED_HEAP = 1024
"""The largest nim heap searched move by move when it is summed with games without a closed
form (its options are all smaller heaps: the search is quadratic in the heap)."""


class MisereSearchTooLargeError(CGTError, ValueError):
    """A misère position that would need a search too large to finish (a nim heap above
    `MAX_SEARCHED_HEAP` summed with games that have no closed form)."""


class MisereOutcome(enum.Enum):
    """Who wins a position in misère play: ``N`` the player to move, ``P`` the other."""

    N = "N"
    P = "P"


_RAW: Memo[tuple[tuple[Any, ...], ...]] = Memo("misere-raw-options")
_OPTIONS: Memo[tuple[tuple[Any, ...], ...]] = Memo("misere-options")
_WINS: Memo[bool] = Memo("misere-outcome")
_GRUNDY_MINUS: Memo[int] = Memo("misere-grundy")


def _flatten(position: Any) -> list[Any]:
    """The components of a position (a `Sum` is its components), each checked hashable."""
    if isinstance(position, Sum):
        return list(position.components)
    check_hashable(position)
    return [position]


class _Bag:
    """A disjunctive sum as a multiset of components with at least one move each."""

    __slots__ = ("_hash", "counts")

    def __init__(self, counts: frozenset[tuple[Any, int]]) -> None:
        self.counts = counts
        self._hash = hash(counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Bag) and other.counts == self.counts

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        parts = [f"{c!r}" if k == 1 else f"{k}*{c!r}" for c, k in self.counts]
        return f"Bag({' + '.join(parts)})"

    @staticmethod
    def of(components: Iterable[Any]) -> _Bag:
        counter: Counter[Any] = Counter()
        for component in components:
            for part in _flatten(component):
                if _raw_options(part):
                    counter[part] += 1
        return _Bag(frozenset(counter.items()))

    def options(self) -> tuple[_Bag, ...]:
        result = []
        for component, count in self.counts:
            rest = dict(self.counts)
            if count == 1:
                del rest[component]
            else:
                rest[component] = count - 1
            for parts in _component_options(component):
                counter = Counter(rest)
                counter.update(parts)
                result.append(_Bag(frozenset(counter.items())))
        return tuple(result)


def _raw_options(component: Any) -> tuple[tuple[Any, ...], ...]:
    """Each option of a component, as the tuple of its components (one level, memoized)."""
    known = _RAW.get(component)
    if known is None:
        known = tuple(tuple(_flatten(option)) for option in options_of(component))
        _RAW[component] = known
    return known


def _component_options(component: Any) -> tuple[tuple[Any, ...], ...]:
    """Each option of a component, as the tuple of its components that have a move."""
    known = _OPTIONS.get(component)
    if known is None:
        known = tuple(
            tuple(part for part in parts if _raw_options(part)) for parts in _raw_options(component)
        )
        _OPTIONS[component] = known
    return known


def _wins(values: list[bool]) -> bool:
    return not values or not all(values)


def _grundy_minus(values: list[int]) -> int:
    return mex(values) if values else 1


def _expand_wins(bag: _Bag) -> tuple[Sequence[Any], Any]:
    return bag.options(), _wins


def _expand_grundy(bag: _Bag) -> tuple[Sequence[Any], Any]:
    return bag.options(), _grundy_minus


def misere_outcome(*positions: Any) -> MisereOutcome:
    """The misère outcome of an impartial position (or of the sum of several).

    Raises `cgt.LoopyGameError` if a position can reach itself, `cgt.NotAPositionError` for
    an object without ``options()``.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> cgt.misere_outcome(Heap(0)), cgt.misere_outcome(Heap(2), Heap(2))
    (<MisereOutcome.N: 'N'>, <MisereOutcome.P: 'P'>)
    """
    heaps = _all_nim_heaps(positions)
    if heaps is not None:
        return MisereOutcome.P if _nim_misere_grundy(heaps) == 0 else MisereOutcome.N
    wins = evaluate(_Bag.of(positions), _expand_wins, _WINS)
    return MisereOutcome.N if wins else MisereOutcome.P


def is_misere_p_position(*positions: Any) -> bool:
    """Whether the player to move loses in misère play."""
    return misere_outcome(*positions) is MisereOutcome.P


def misere_grundy(*positions: Any) -> int:
    """The misère Grundy value ``G^-`` of an impartial position (or of the sum of several).

    ``G^-`` is 1 for a position with no move and the mex of the options' values otherwise;
    it is 0 exactly for the misère P-positions.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> cgt.misere_grundy(Heap(2), Heap(2)), cgt.misere_grundy(Heap(1), Heap(1))
    (0, 1)
    """
    heaps = _all_nim_heaps(positions)
    if heaps is not None:
        return _nim_misere_grundy(heaps)
    return int(evaluate(_Bag.of(positions), _expand_grundy, _GRUNDY_MINUS))


def nim_heaps_of(position: Any) -> tuple[int, ...] | None:
    """The heap sizes when ``position`` says it is a sum of nim heaps (its ``nim_heaps()``
    method, or a `cgt.MisereGame` nim heap), else ``None``."""
    method = getattr(position, "nim_heaps", None)
    if method is None or not callable(method):
        if isinstance(position, MisereGame) and position.nim_value is not None:
            return (position.nim_value,)
        return None
    heaps = method()
    if not isinstance(heaps, tuple | list):
        raise WrongTypeError(f"nim_heaps() returns a tuple of heap sizes, got {heaps!r}")
    for h in heaps:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise InvalidArgumentError(f"nim_heaps() returns non-negative ints, got {heaps!r}")
    return tuple(heaps)


def _all_nim_heaps(positions: Iterable[Any]) -> tuple[int, ...] | None:
    """The heaps of a sum whose every part is nim heaps; ``None`` when some part is not (then
    a named refusal if a heap above `MAX_SEARCHED_HEAP` would be searched)."""
    heaps: list[int] = []
    others = False
    for position in positions:
        for part in _flatten(position):
            found = nim_heaps_of(part)
            if found is None:
                others = True
            else:
                heaps.extend(found)
    if not others:
        return tuple(heaps)
    if heaps and max(heaps) > MAX_SEARCHED_HEAP:
        raise MisereSearchTooLargeError(
            f"a nim heap of {max(heaps):,} summed with games that have no closed form: its "
            f"misère search visits every smaller heap (heaps up to {MAX_SEARCHED_HEAP:,} are "
            "searched)"
        )
    return None


def _nim_misere_grundy(heaps: Iterable[int]) -> int:
    """``G^-`` of a sum of nim heaps (Bouton; Conway, ONAG ch. 12)."""
    total = 0
    big = False
    for h in heaps:
        total ^= h
        big = big or h > 1
    return total if big else total ^ 1
