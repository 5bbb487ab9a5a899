"""The exceptions of `cgt`: every error the library raises on bad input is one of these.

All derive from `CGTError`, so ``except cgt.CGTError`` catches anything the library rejects.
Those that are also about a wrong *type* of argument derive from `TypeError` as well, and those
about a wrong *value* from `ValueError`, so generic handlers keep working.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class CGTError(Exception):
    """Base class of every error raised by `cgt` for bad input."""


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
        path = " -> ".join(_short_repr(p) for p in self.cycle)
        super().__init__(
            f"position {_short_repr(self.position)} can be reached from itself: {path}"
        )


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


class InvalidArgumentError(CGTError, ValueError):
    """An argument has the right type but a value the operation does not accept."""


class WrongTypeError(CGTError, TypeError):
    """An argument is of a type the operation does not accept."""
