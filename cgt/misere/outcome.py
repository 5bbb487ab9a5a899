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

from cgt.core.memo import Memo, evaluate
from cgt.impartial.nimber import mex
from cgt.positions.protocol import check_hashable, options_of
from cgt.positions.sums import Sum

__all__ = ["MisereOutcome", "is_misere_p_position", "misere_grundy", "misere_outcome"]


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
    return int(evaluate(_Bag.of(positions), _expand_grundy, _GRUNDY_MINUS))
