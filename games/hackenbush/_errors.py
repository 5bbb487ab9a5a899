"""The error of `games.hackenbush`: bad notation, colours or edges, saying what and where."""

from __future__ import annotations

import cgt

__all__ = ["HackenbushError"]


class HackenbushError(cgt.CGTError, ValueError):
    """A Hackenbush position that cannot be built: an unknown colour, bad notation, a bad edge.

    >>> from games.hackenbush import Hackenbush
    >>> try:
    ...     Hackenbush("LXR")
    ... except HackenbushError as error:
    ...     print(error)
    unknown colour 'X' at column 2 of 'LXR': use L/B (blue, Left), R (red, Right), G/E (green)
    """


HackenbushError.__module__ = "games.hackenbush"  # its public home, shown in tracebacks
