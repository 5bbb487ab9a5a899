"""Hackenbush notation: stalks and trees as strings, general graphs as edge lists.

* A **stalk** (string) is its colours read from the ground up: ``"LLR"`` is a blue edge on the
  ground, a blue edge on it, a red edge on top.  Colours: ``L`` or ``B`` (blue, Left's), ``R``
  (red, Right's), ``G`` or ``E`` (green, either player's); lower case is accepted (CGSuite's
  Hackenbush names its edge types ``l``, ``r`` and ``e``).
* A **tree** branches with parentheses: ``"L(R,LG)"`` is a blue edge whose top carries two
  branches, ``R`` and ``LG``.  Branches nest: ``"G(G(G,G),G)"``.
* Several stalks or trees on the ground are separated by spaces: ``"LR G RR"``.
* A **graph** is a list of edges ``u-v:C`` with vertex ``0`` the ground:
  ``"0-1:L 1-2:R 2-0:G"`` (a triangle standing on the ground).  Edges and trees mix:
  ``"LR 0-1:G 1-0:G"`` (the trees get vertex numbers above the listed ones).

>>> parse("L(R,LG)")
((0, 1, 'L'), (1, 2, 'R'), (1, 3, 'L'), (3, 4, 'G'))
>>> parse("0-1:L 1-1:G")
((0, 1, 'L'), (1, 1, 'G'))
"""

from __future__ import annotations

import re

from games.hackenbush._errors import HackenbushError

__all__ = ["COLOURS", "Edge", "colour", "parse"]

Edge = tuple[int, int, str]
"""An edge ``(u, v, colour)``: its two end vertices (``0`` is the ground) and ``L``/``R``/``G``."""

COLOURS = {"L": "L", "B": "L", "R": "R", "G": "G", "E": "G"}
_EDGE = re.compile(r"^(\d+)-(\d+):?([A-Za-z])$")


def colour(letter: object, where: str = "") -> str:
    """``L``, ``R`` or ``G`` for a colour letter (``B``/``E`` and lower case accepted)."""
    if isinstance(letter, str) and letter.upper() in COLOURS:
        return COLOURS[letter.upper()]
    raise HackenbushError(
        f"unknown colour {letter!r}{where}: use L/B (blue, Left), R (red, Right), G/E (green)"
    )


def parse(text: str) -> tuple[Edge, ...]:
    """The edges of a position written in stalk/tree notation, as edges, or both."""
    if not isinstance(text, str):
        raise HackenbushError(f"Hackenbush notation is a string; got {type(text).__name__}")
    listed: list[Edge] = []
    trees: list[tuple[int, str]] = []
    for at, token in _tokens(text):
        if _EDGE.match(token):
            listed.append(_edge_token(token, text))
        elif "-" in token or ":" in token:
            raise HackenbushError(
                f"bad edge {token!r} at column {at + 1} of {text!r}: write edges as u-v:C, "
                "e.g. 0-1:L"
            )
        else:
            trees.append((at, token))
    reader = _Trees(text, 1 + max((max(u, v) for u, v, _ in listed), default=0))
    for at, token in trees:
        reader.read(at, token)
    return tuple(listed) + tuple(reader.out)


def _tokens(text: str) -> list[tuple[int, str]]:
    """The space-separated tokens (spaces inside parentheses do not separate), with columns."""
    tokens: list[tuple[int, str]] = []
    depth, begin = 0, None
    for i, ch in enumerate(text + " "):
        if ch.isspace() and depth == 0:
            if begin is not None:
                tokens.append((begin, text[begin:i]))
                begin = None
            continue
        if begin is None:
            begin = i
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            raise HackenbushError(f"unmatched ')' at column {i + 1} of {text!r}")
    if depth > 0:
        raise HackenbushError(f"unclosed '(' in {text!r}")
    return tokens


def _edge_token(token: str, text: str) -> Edge:
    match = _EDGE.match(token)
    assert match is not None
    u, v, c = match.groups()
    return int(u), int(v), colour(c, f" in edge {token!r} of {text!r}")


class _Trees:
    """A reader of stalks and trees (with a stack for the parentheses: any depth)."""

    def __init__(self, text: str, first_vertex: int) -> None:
        self.text = text
        self.at = 0
        self.out: list[Edge] = []
        self.next_vertex = first_vertex

    def read(self, at: int, token: str) -> None:
        """Read one stalk or tree starting at column ``at`` of the text."""
        self.at = at
        end = at + len(token)
        self._branch(0)
        if self.at != end:
            self._fail("expected a space between stalks")

    def _fail(self, what: str) -> None:
        raise HackenbushError(f"{what} at column {self.at + 1} of {self.text!r}")

    def _peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def _skip_spaces(self) -> None:
        while self._peek() in (" ", "\t", "\n") and self._peek():
            self.at += 1

    def _branch(self, base: int) -> None:
        """A chain of colours from ``base``, optionally ending in ``(branch, branch, ...)``;
        branches nest to any depth (a stack of the open parentheses, no recursion)."""
        hanging: list[int] = []  # the vertex each open '(' hangs from, innermost last
        vertex = base
        while True:
            start = vertex
            while self._peek() and self._peek() not in " \t\n,()":
                c = COLOURS.get(self._peek().upper())
                if c is None:  # (the message names the text: made only when needed)
                    c = colour(self._peek(), f" at column {self.at + 1} of {self.text!r}")
                self.out.append((vertex, self.next_vertex, c))
                vertex = self.next_vertex
                self.next_vertex += 1
                self.at += 1
            if self._peek() == "(":
                self.at += 1
                hanging.append(vertex)
                self._skip_spaces()
                if self._peek() in (")", ","):
                    self._fail("empty branch")
                continue  # the first branch hangs from vertex
            if vertex == start:
                self._fail("expected a colour")
            while hanging:  # this branch ends: a next one, or the enclosing ones close
                self._skip_spaces()
                if self._peek() == ",":
                    self.at += 1
                    self._skip_spaces()
                    if self._peek() in (")", ","):
                        self._fail("empty branch")
                    vertex = hanging[-1]
                    break
                if self._peek() != ")":
                    self._fail("expected ',' or ')'")
                self.at += 1
                hanging.pop()
            else:
                return
