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
from types import FunctionType
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
    "is_position",
    "left_options_of",
    "normal_form_of",
    "options_of",
    "right_options_of",
    "split_components",
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
    if result.__class__ is tuple:
        return result
    if result.__class__ is list:
        return tuple(result)
    if isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
        raise NotAPositionError(
            f"{method}() of {_short_repr(position)} returned {_short_repr(result)}, "
            "not an iterable of positions"
        )
    return tuple(result)


def is_position(obj: Any) -> bool:
    """Whether ``obj`` offers the protocol's moves (``options()``, or ``left_options``).

    >>> from cgt import Game
    >>> is_position(Game(1)), is_position(3)
    (True, False)
    """
    left = getattr(obj, "left_options", None)
    return callable(getattr(obj, "options", None)) or callable(left) or isinstance(left, tuple)


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


def _plain_method(cls: type, name: str) -> Any:
    """The function ``cls.name`` when it is a plain function defined on the class (so
    ``function(position)`` is ``position.name()``), else ``None`` (look it up the slow way)."""
    function = getattr(cls, name, None)
    return function if isinstance(function, FunctionType) else None


_LEFT: dict[type, Any] = {}
_RIGHT: dict[type, Any] = {}
"""Per type: its plain ``left_options`` / ``right_options`` function, or None (the slow way)."""


def left_options_of(position: Any) -> tuple[Any, ...]:
    """Left's options of a position (an impartial position's options serve both players)."""
    return _side_options(position, "left", "left_options", _LEFT)


def right_options_of(position: Any) -> tuple[Any, ...]:
    """Right's options of a position (an impartial position's options serve both players)."""
    return _side_options(position, "right", "right_options", _RIGHT)


def _side_options(position: Any, side: str, name: str, table: dict[type, Any]) -> tuple[Any, ...]:
    result = _answer(position, name, table)
    if result is _UNKNOWN:  # a cgt.Game's options, or an impartial position's
        return _partizan_options(position, side)
    if result.__class__ is tuple:
        return result
    return _as_tuple(position, name, result)


_UNKNOWN = object()


def _answer(position: Any, name: str, table: dict[type, Any]) -> Any:
    """``position.name()``, through the class's plain function (looked up once per class and
    kept in ``table``), or `_UNKNOWN` when the position has no such method."""
    cls = position.__class__
    method = table.get(cls, _UNKNOWN)
    if method is _UNKNOWN:
        method = table[cls] = _plain_method(cls, name)
    if method is not None:
        return method(position)
    method = getattr(position, name, None)
    return method() if callable(method) else _UNKNOWN


def check_hashable(position: Any, parent: Any = None) -> None:
    """Raise `UnhashablePositionError` unless ``position`` can be hashed."""
    try:
        hash(position)
    except TypeError:
        raise UnhashablePositionError(position, parent) from None


# ------------------------------------------------- optional: components and a normal form
#
# A position may say more than its moves, and `cgt.value` and `cgt.grundy` use it:
#
# * ``components()``: the independent parts it splits into (its value is the sum of theirs),
#   e.g. the separate regions of a board.  One part other than the position itself is a
#   simpler equal position (a board cropped to its cells); no part at all is the zero game.
# * ``normal_form()``: ``(representative, negated)``, a canonical position of equal value (or
#   of the negative value when ``negated``), e.g. a board up to its symmetries, and a transposed
#   Domineering board, which swaps the players.  Positions with one representative share one
#   entry of the memo table: a transposition table for free.
#
# These run once per position on the hot path of `cgt.value`, so they are cheap: a class's
# ``left_options``, ``right_options``, ``components`` and ``normal_form`` functions are looked
# up once per class (set them on the class before its first evaluation), and the answers of
# ``components()`` and ``normal_form()`` are checked in full (parts are hashable positions, none
# is the position itself) until a class has given one good answer; later answers get only the
# cheap checks (a tuple, a pair with a bool).  A part that breaks the rules later still fails
# by name: `NotAPositionError` when its options are asked for, `LoopyGameError` if it is the
# position itself, `UnhashablePositionError` from the memo table.


_POSITION_TYPES: set[type] = set()
"""Types whose instances have been seen to be positions: their parts are not checked again."""


def _check_part(position: Any, part: Any, method: str) -> None:
    if type(part) in _POSITION_TYPES:
        return  # (the memo tables still refuse an unhashable one, by name)
    check_hashable(part, position)
    if not (
        callable(getattr(part, "options", None))
        or callable(getattr(part, "left_options", None))
        or isinstance(getattr(part, "left_options", None), tuple)
    ):
        raise NotAPositionError(
            f"{method}() of {_short_repr(position)} returned {_short_repr(part)}, which is not "
            "a position (it has neither options() nor left_options()/right_options())"
        )
    _POSITION_TYPES.add(type(part))


def split_components(position: Any) -> tuple[Any, ...] | None:
    """The independent parts of ``position`` from its ``components()`` method, or ``None`` when
    it has no such method or is its own single part.

    >>> import cgt
    >>> class Heaps:  # Nim on several heaps: each heap is a component
    ...     def __init__(self, *heaps): self.heaps = tuple(sorted(h for h in heaps if h))
    ...     def __eq__(self, o): return isinstance(o, type(self)) and self.heaps == o.heaps
    ...     def __hash__(self): return hash(self.heaps)
    ...     def options(self):
    ...         return [Heaps(*self.heaps[:i], k, *self.heaps[i + 1:])
    ...                 for i, h in enumerate(self.heaps) for k in range(h)]
    ...     def components(self): return [Heaps(h) for h in self.heaps]
    >>> [p.heaps for p in split_components(Heaps(1, 2, 3))], split_components(Heaps(5))
    ([(1,), (2,), (3,)], None)
    >>> cgt.grundy(Heaps(1, 2, 3)), cgt.grundy(Heaps(5, 6))
    (0, 3)
    """
    cls = position.__class__
    method = _COMPONENTS.get(cls)  # (the fast path of `_answer`, inlined: it runs per position)
    parts = method(position) if method is not None else _answer(position, "components", _COMPONENTS)
    if parts is _UNKNOWN:
        return None
    return _checked_components(position, parts)


def _checked_components(position: Any, parts: Any) -> tuple[Any, ...] | None:
    """`split_components` once ``parts = position.components()`` is known."""
    cls = position.__class__
    if parts.__class__ is not tuple:
        parts = _as_tuple(position, "components", parts)
    if len(parts) == 1 and (parts[0] is position or parts[0] == position):
        return None
    if cls not in _CHECKED_COMPONENTS:
        for part in parts:
            _check_part(position, part, "components")
            if len(parts) > 1 and part == position:
                raise NotAPositionError(
                    f"components() of {_short_repr(position)} returned the position itself "
                    f"among {len(parts)} parts: its value would be defined by itself"
                )
        if parts:
            _CHECKED_COMPONENTS.add(cls)
    return parts


_COMPONENTS: dict[type, Any] = {}
_NORMAL_FORM: dict[type, Any] = {}
"""Per type: its plain ``components`` / ``normal_form`` function, or None (the slow way)."""
_CHECKED_COMPONENTS: set[type] = set()
_CHECKED_NORMAL_FORM: set[type] = set()
"""Types whose answers were checked once in full: later answers get only the cheap checks (a
part that is no position still fails, by name, when its options are asked for; a part equal to
the position is a `LoopyGameError` of the evaluator)."""


def normal_form_of(position: Any) -> tuple[Any, bool] | None:
    """``(representative, negated)`` from ``position.normal_form()``, or ``None`` when it has no
    such method or is its own representative.

    >>> import cgt
    >>> class Mirrored:  # (a, b) and (b, a) with the players swapped are negatives
    ...     def __init__(self, a, b): self.a, self.b = a, b
    ...     def __eq__(self, o): return isinstance(o, type(self)) and (self.a, self.b) == (o.a, o.b)
    ...     def __hash__(self): return hash((self.a, self.b))
    ...     def left_options(self): return [Mirrored(self.a - 1, self.b)] if self.a else []
    ...     def right_options(self): return [Mirrored(self.a, self.b - 1)] if self.b else []
    ...     def normal_form(self):
    ...         return (self, False) if self.a >= self.b else (Mirrored(self.b, self.a), True)
    >>> rep, negated = normal_form_of(Mirrored(1, 3))
    >>> (rep.a, rep.b), negated, cgt.value(Mirrored(1, 3))
    ((3, 1), True, Game('-2'))
    """
    cls = position.__class__
    method = _NORMAL_FORM.get(cls)  # (as in `split_components`)
    if method is not None:
        result = method(position)
    else:
        result = _answer(position, "normal_form", _NORMAL_FORM)
    if result is _UNKNOWN:
        return None
    return _checked_normal_form(position, result)


def _checked_normal_form(position: Any, result: Any) -> tuple[Any, bool] | None:
    """`normal_form_of` once ``result = position.normal_form()`` is known."""
    cls = position.__class__
    if not (isinstance(result, tuple) and len(result) == 2 and result[1].__class__ is bool):
        raise NotAPositionError(
            f"normal_form() of {_short_repr(position)} returned {_short_repr(result)}, not a "
            "pair (representative position, negated: bool)"
        )
    representative = result[0]
    if representative is position or representative == position:
        return None
    if cls not in _CHECKED_NORMAL_FORM:
        _check_part(position, representative, "normal_form")
        _CHECKED_NORMAL_FORM.add(cls)
    return result
