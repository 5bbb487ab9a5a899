"""The errors of `games.nim`: each names what was wrong with the rules or the request."""

from __future__ import annotations

import cgt

__all__ = ["InvalidArgumentError", "InvalidRulesError", "NotYetPeriodicError", "WrongTypeError"]


class InvalidRulesError(cgt.CGTError, ValueError):
    """A rule set (subtraction set, octal code, heap list) that defines no short impartial game.

    >>> from games.nim import subtraction
    >>> try:
    ...     subtraction({0, 2})
    ... except InvalidRulesError as error:
    ...     print(error)
    a subtraction set holds positive integers; got 0 in {0, 2}
    """


class NotYetPeriodicError(cgt.CGTError, LookupError):
    """No period was certified within the search bound, so a value far out is not known."""


class InvalidArgumentError(cgt.CGTError, ValueError):
    """A heap size, sequence length or search bound out of range (e.g. negative)."""


class WrongTypeError(cgt.CGTError, TypeError):
    """An argument of the wrong type (a float heap size, a float octal code, ...)."""
