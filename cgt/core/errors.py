"""The exceptions of `cgt`: every error the library raises on bad input is one of these.

All derive from `CGTError`, so ``except cgt.CGTError`` catches anything the library rejects.
Those that are also about a wrong *type* of argument derive from `TypeError` as well, and those
about a wrong *value* from `ValueError`, so generic handlers keep working.

Every one of them survives pickling (so it can travel back from a worker process) with its
message and attributes, whatever its constructor takes:

>>> import pickle
>>> error = LoopyGameError([1, 2, 1])
>>> copy = pickle.loads(pickle.dumps(error))
>>> str(copy) == str(error), copy.cycle
(True, (1, 2, 1))
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from typing import Any, Self


class CGTError(Exception):
    """Base class of every error raised by `cgt` for bad input.

    It remembers the arguments it was built with, so that pickling rebuilds it by calling the
    constructor again with them (the default pickling of exceptions calls it with the final
    message only, which breaks any subclass whose constructor takes something else).
    """

    _init_arguments: tuple[tuple[Any, ...], dict[str, Any]]

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        self = super().__new__(cls, *args)
        self._init_arguments = (args, kwargs)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        state = {k: v for k, v in self.__dict__.items() if k != "_init_arguments"}
        arguments = self.__dict__.get("_init_arguments", (self.args, {}))
        return (_rebuild_error, (type(self), *arguments), state)


def _rebuild_error(cls: type[CGTError], args: tuple[Any, ...], kwargs: dict[str, Any]) -> CGTError:
    """Unpickle an error: call its constructor with the arguments it was first built with."""
    return cls(*args, **kwargs)


class LoopyGameError(CGTError, ValueError):
    """A position can be reached from itself, so the game is not short (play need not end).

    ``cycle`` holds the positions of one cycle, starting and ending with the repeating position.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Spin(n):
    ...     return [(n + 1) % 3]
    >>> try:
    ...     cgt.grundy(Spin(0))
    ... except cgt.LoopyGameError as error:
    ...     print(error)
    position Spin(0) can be reached from itself: Spin(0) -> Spin(1) -> Spin(2) -> Spin(0)
    """

    def __init__(self, cycle: Sequence[Any]) -> None:
        self.cycle = tuple(cycle)
        self.position = self.cycle[0]
        hidden = len(self.cycle) - 2 * _SHOWN
        if hidden > 2:
            shown = [_short_repr(p) for p in self.cycle[:_SHOWN]]
            shown.append(f"... ({hidden} more) ...")
            shown += [_short_repr(p) for p in self.cycle[-_SHOWN:]]
            path = " -> ".join(shown) + f" (a cycle of {len(self.cycle) - 1} positions)"
        else:
            path = " -> ".join(_short_repr(p) for p in self.cycle)
        super().__init__(
            f"position {_short_repr(self.position)} can be reached from itself: {path}"
        )


_SHOWN = 4
"""A cycle longer than twice this is shown by its first and last positions, and its length."""


class UnhashablePositionError(CGTError, TypeError):
    """A position (or an option of one) cannot be hashed, so it cannot be memoized."""

    def __init__(self, position: Any, parent: Any = None, kind: str | None = None) -> None:
        self.position = position
        where = "" if parent is None else f" (an option of {_short_repr(parent)})"
        what = kind if kind is not None else f"of type {type(position).__name__}"
        super().__init__(
            f"position {_short_repr(position)}{where} {what} is not "
            "hashable; positions must be hashable (use tuples or frozensets, not lists or sets)"
        )


class NotAPositionError(CGTError, TypeError):
    """An object used as a position lacks the methods of the position protocol."""


def _short_repr(obj: Any, limit: int = 80) -> str:
    """``repr(obj)`` cut to ``limit`` characters, for error messages."""
    try:
        text = repr(obj)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(obj).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class NotPicklableError(CGTError, pickle.PicklingError):
    """An object cannot be pickled (to be sent to another process) as it is defined: e.g. a
    game made by a decorator inside a function, which another process cannot import."""


class TooDeepError(CGTError, RecursionError):
    """A computation needs a chain of positions deeper than cgt follows (about 10**6 nested
    steps, or a recursion that cannot move on to a new thread: see `cgt.core._deep`), e.g. a sum
    whose canonical form walks down an up-multiple one ``↑`` at a time."""


class InvalidArgumentError(CGTError, ValueError):
    """An argument has the right type but a value the operation does not accept."""


class WrongTypeError(CGTError, TypeError):
    """An argument is of a type the operation does not accept."""
