"""Argument types shared by the ``cgt`` sub-commands (cgt's own and the games' plug-ins).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="demo", exit_on_error=False)
>>> _ = parser.add_argument("--jobs", type=at_least(1))
>>> parser.parse_args(["--jobs", "3"]).jobs
3
>>> at_least(0)("-1")
Traceback (most recent call last):
argparse.ArgumentTypeError: expected an integer >= 0, got -1
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

__all__ = ["at_least", "table_limit"]


def at_least(least: int) -> Callable[[str], int]:
    """An argparse ``type``: the argument as an ``int``, refused with a clear message when it is
    not a whole number or is below ``least``.

    >>> at_least(1)("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a positive integer, got 0
    >>> at_least(16)("ten")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected an integer >= 16, got 'ten'
    """
    wanted = "a positive integer" if least == 1 else f"an integer >= {least}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {value}")
        return value

    parse.__name__ = "positive integer" if least == 1 else f"integer >= {least}"
    return parse


def table_limit(least: int) -> Callable[[str], int | None]:
    """An argparse ``type`` for the size of a search's table: ``none`` (unbounded: None) or a
    number of entries, at least ``least``.

    >>> table_limit(16)("None"), table_limit(16)("100")
    (None, 100)
    >>> table_limit(16)("10")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the table holds at least 16 entries, got 10
    """

    def parse(text: str) -> int | None:
        if text.strip().lower() == "none":
            return None
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected an integer or 'none', got {text!r}"
            ) from None
        if value < least:
            raise argparse.ArgumentTypeError(
                f"the table holds at least {least} entries, got {value}"
            )
        return value

    parse.__name__ = "table limit"
    return parse
