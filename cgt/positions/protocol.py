"""The position protocol: what `cgt` asks of a position.

A *position* is any hashable object that says what moves it has:

* an **impartial** position has ``options()``, returning an iterable of positions (both players
  have the same moves);
* a **partizan** position has ``left_options()`` and ``right_options()``.

A position may have both (then ``options()`` is ignored by the partizan machinery).  Positions
must be hashable because values are memoized; equal positions must have equal options.  The
functions here read the moves of any position, impartial or partizan, with named errors for
anything that is not one.

>>> import cgt
>>> @cgt.partizan_game
... def Pushes(left, right):
...     return ([(left - 1, right)] if left else [], [(left, right - 1)] if right else [])
>>> left_options_of(Pushes(1, 1)), right_options_of(Pushes(1, 1))
((Pushes(0, 1),), (Pushes(1, 0),))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from cgt.core.errors import (
    NotAPositionError,
    UnhashablePositionError,
    _short_repr,
)

__all__ = [
    "ImpartialPosition",
    "PartizanPosition",
    "check_hashable",
    "left_options_of",
    "options_of",
    "right_options_of",
]


@runtime_checkable
class ImpartialPosition(Protocol):
    """A hashable position whose moves are the same for both players."""

    def options(self) -> Iterable[Any]: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class PartizanPosition(Protocol):
    """A hashable position with separate moves for Left and Right."""

    def left_options(self) -> Iterable[Any]: ...

    def right_options(self) -> Iterable[Any]: ...

    def __hash__(self) -> int: ...


def _as_tuple(position: Any, method: str, result: Any) -> tuple[Any, ...]:
    if isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
        raise NotAPositionError(
            f"{method}() of {_short_repr(position)} returned {_short_repr(result)}, "
            "not an iterable of positions"
        )
    return tuple(result)


def options_of(position: Any) -> tuple[Any, ...]:
    """The options of an impartial position, as a tuple.

    >>> from cgt import Sum, impartial_game
    >>> options_of(Sum())
    ()
    """
    method = getattr(position, "options", None)
    if method is None or not callable(method):
        raise NotAPositionError(
            f"{_short_repr(position)} of type {type(position).__name__} is not an impartial "
            "position: it has no options() method"
        )
    return _as_tuple(position, "options", method())


def _partizan_options(position: Any, side: str) -> tuple[Any, ...]:
    method = getattr(position, f"{side}_options", None)
    if isinstance(method, tuple):  # a cgt.Game: its options are a property, a tuple of games
        return method
    if method is None:
        method = getattr(position, "options", None)
        name = "options"
    else:
        name = f"{side}_options"
    if method is None or not callable(method):
        raise NotAPositionError(
            f"{_short_repr(position)} of type {type(position).__name__} is not a position: it "
            "has neither left_options()/right_options() nor options()"
        )
    return _as_tuple(position, name, method())


def left_options_of(position: Any) -> tuple[Any, ...]:
    """Left's options of a position (an impartial position's options serve both players)."""
    return _partizan_options(position, "left")


def right_options_of(position: Any) -> tuple[Any, ...]:
    """Right's options of a position (an impartial position's options serve both players)."""
    return _partizan_options(position, "right")


def check_hashable(position: Any, parent: Any = None) -> None:
    """Raise `UnhashablePositionError` unless ``position`` can be hashed."""
    try:
        hash(position)
    except TypeError:
        raise UnhashablePositionError(position, parent) from None
