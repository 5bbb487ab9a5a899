"""Arguments shared by the ``cgt daihinmin`` commands: player lists, seeds, and the named
error for bad arguments.

>>> parse_players("random"), parse_seed("12")
(['random', 'random', 'random', 'random', 'random'], 12)
"""

from __future__ import annotations

import os
import sys

import cgt

__all__ = ["CommandError", "parse_players", "parse_seed"]


class CommandError(cgt.CGTError, ValueError):
    """Bad arguments to a ``cgt daihinmin`` command."""


def parse_players(text: str) -> list[str]:
    """Five player names from ``"a,b,c,d,e"``; one name alone fills the five seats.

    >>> parse_players("default, random,default,default,default")
    ['default', 'random', 'default', 'default', 'default']
    >>> parse_players("random")
    ['random', 'random', 'random', 'random', 'random']
    >>> parse_players("a,b")
    Traceback (most recent call last):
    ...
    games.daihinmin.cli.args.CommandError: --players needs 5 names separated by commas ..., got 2
    """
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise CommandError(f"--players has an empty name in {text!r}")
    if len(names) == 1:
        names *= 5
    if len(names) != 5:
        raise CommandError(
            f"--players needs 5 names separated by commas (or one for all five), got {len(names)}"
        )
    return names


def parse_seed(text: str) -> int | str:
    """A seed: an int if the text is one, else the text (``Match`` takes both).

    >>> parse_seed("12"), parse_seed("run-a")
    (12, 'run-a')
    """
    try:
        return int(text)
    except ValueError:
        return text


def _importable_from_here() -> None:
    """Let ``module.path:Class`` players come from the current directory, as with
    ``python -m`` (the ``cgt`` script's own directory is first on ``sys.path`` instead)."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
