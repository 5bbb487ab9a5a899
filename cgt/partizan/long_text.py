"""The text of a game, measured before it is written, and written in pieces.

A canonical form can be exponentially larger as text than as a game: its options share
subgames (a DAG), but the notation writes every shared subgame out again each time it occurs
(a 14-card Tanhinmin position: 409 distinct subgames, 10,745,437 characters).  `text_size`
walks the DAG once, bottom up, and finds the exact length of ``str(g)`` (and the number of
distinct subgames) without writing it; `write_text` writes the text piece by piece (to a file,
a socket), never the whole of it in memory, in time linear in its length.  Both follow the
rules of `cgt`'s printer (and are checked against ``str``):
named values as they print (``*2``, ``^``, ``±1``, ``tiny(2)``), other games as options in
braces with up to three bars, numbers first on a side, by value, then the other options by
birthday and by text.

>>> import cgt
>>> g = cgt.Game("{3 | {2 | 0 || -1}, *}")
>>> size = text_size(g)
>>> size.length == len(str(g)), size.subgames
(True, 9)
>>> import io
>>> out = io.StringIO()
>>> write_text(g, out.write)
>>> out.getvalue() == str(g)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs

from cgt.partizan._subgames import bottom_up
from cgt.partizan.game import Game
from cgt.partizan.printing import compare_streams

__all__ = ["TextSize", "text_size", "write_text"]

SMALL = 4096
"""Texts up to this length are kept for each subgame (to sort options and write them fast)."""

_BARS = 3
"""A side with one option of fewer bars than this is written without braces (``{a||b|c}``)."""


@attrs.frozen
class TextSize:
    """The length of a game's text and the number of distinct subgames in its canonical form
    (the game included)."""

    length: int
    subgames: int


@attrs.frozen
class _Shape:
    """How one subgame is written: its length written as an option (``{...}`` if it has bars),
    its bars (0: a name), its text if short, and for a ``±G`` the game ``G``."""

    length: int
    bars: int
    text: str | None
    plus_minus: Game | None = None


class _Texts:
    """The shapes of a game's subgames, found bottom up without recursion."""

    def __init__(self, g: Game) -> None:
        self.shapes: dict[Game, _Shape] = {}
        bottom_up(
            g,
            self.shapes.__contains__,
            self._parts,
            lambda node: self.shapes.__setitem__(node, self._shape(node)),
        )

    def _parts(self, node: Game) -> tuple[Game, ...] | None:
        """The subgames ``node``'s shape is made of (None: a name, whose shape is kept now)."""
        name = _name(node)
        if name is not None:
            self.shapes[node] = _Shape(len(name), 0, name)
            return None
        plus_minus = _plus_minus(node)
        return (plus_minus,) if plus_minus else node.left_options + node.right_options

    def _shape(self, node: Game) -> _Shape:
        plus_minus = _plus_minus(node)
        if plus_minus is not None:
            inner = self.shapes[plus_minus]
            text = None if inner.text is None else "±" + inner.text
            return _Shape(1 + inner.length, 0, text, plus_minus)
        sides = [self._side(options) for options in (node.left_options, node.right_options)]
        bars = max(deepest for _, deepest in sides) + 1
        length = sides[0][0] + bars + sides[1][0] + 2
        text = None
        if length <= SMALL:
            text = "".join(self._expand(self._items(node, bars, braces=True)))
        return _Shape(length, bars, text)

    def _side(self, options: tuple[Game, ...]) -> tuple[int, int]:
        """The length of one side's text and the bars it adds to the game's."""
        if len(options) == 1 and 0 < self.shapes[options[0]].bars < _BARS:
            only = self.shapes[options[0]]
            return only.length - 2, only.bars
        return sum(self.shapes[x].length for x in options) + 2 * max(len(options) - 1, 0), 0

    def pieces(self, g: Game) -> Iterator[str]:
        """The text of ``g`` (``str(g)``: in braces if it has bars), in pieces."""
        return self._expand([(g, True)])

    def _expand(self, items: list[_Item]) -> Iterator[str]:
        """The text of ``items`` (strings, and subgames with or without their braces)."""
        stack = items[::-1]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                yield item
                continue
            node, braces = item
            shape = self.shapes[node]
            if shape.text is not None and (braces or shape.bars == 0):
                yield shape.text
            elif shape.plus_minus is not None:
                stack += [(shape.plus_minus, True), "±"]
            else:
                stack += self._items(node, shape.bars, braces)[::-1]

    def _items(self, node: Game, bars: int, braces: bool) -> list[_Item]:
        """What ``node`` (a game with bars) is written as: its sides and bars, in braces if
        asked; a side of one option with fewer bars than `_BARS` goes without braces."""
        items: list[_Item] = ["{"] if braces else []
        for index, options in enumerate((node.left_options, node.right_options)):
            if index:
                items.append("|" * bars)
            if len(options) == 1 and 0 < self.shapes[options[0]].bars < _BARS:
                items.append((options[0], False))
                continue
            for position, option in enumerate(self._sorted(options)):
                items += [", ", (option, True)] if position else [(option, True)]
        return [*items, "}"] if braces else items

    def _sorted(self, options: tuple[Game, ...]) -> list[Game]:
        """Options in the printer's order: numbers by value, then by birthday and text."""
        if len(options) < 2:
            return list(options)
        return sorted(options, key=functools.cmp_to_key(self._compare))

    def _compare(self, a: Game, b: Game) -> int:
        key_a, key_b = _order(a), _order(b)
        if key_a != key_b:
            return -1 if key_a < key_b else 1
        text_a, text_b = self.shapes[a].text, self.shapes[b].text
        if text_a is not None and text_b is not None:
            return (text_a > text_b) - (text_a < text_b)
        return compare_streams(self.pieces(a), self.pieces(b))


_Item = str | tuple[Game, bool]


def _name(g: Game) -> str | None:
    """The conventional name of ``g`` if it has one other than ``±G`` (a value
    number + up + star, ``tiny(x)``, ``miny(x)``: short, so ``str`` writes it at once)."""
    if g.is_nus:
        return str(g)
    left, right = g.left_options, g.right_options
    if len(left) != 1 or len(right) != 1:
        return None
    zero = Game(0)
    for small, big in ((left[0], right[0]), (-right[0], -left[0])):  # tiny(x), miny(x)
        if small != zero or big.is_nus or big.left_options != (zero,):
            continue
        if len(big.right_options) == 1 and (x := -big.right_options[0]).is_number and x > 0:
            return str(g)
    return None


def _plus_minus(g: Game) -> Game | None:
    """``G`` if ``g`` is ``±G = {G | -G}``, else None."""
    left, right = g.left_options, g.right_options
    if len(left) == 1 and len(right) == 1 and right[0] == -left[0]:
        return left[0]
    return None


def _order(g: Game) -> tuple[int, Fraction | int]:
    return (0, g.as_number()) if g.is_number else (1, g.birthday)


def text_size(g: Game) -> TextSize:
    """The exact length of ``str(g)`` and the number of distinct subgames of ``g``, found on
    the DAG of its canonical form (each subgame once), without writing the text.

    >>> import cgt
    >>> text_size(cgt.Game("{1 | *}")), len("{1|*}")
    (TextSize(length=5, subgames=4), 5)
    """
    return TextSize(_Texts(g).shapes[g].length, _count_subgames(g))


def _count_subgames(g: Game) -> int:
    seen: set[Game] = set()
    bottom_up(g, seen.__contains__, lambda node: node.left_options + node.right_options, seen.add)
    return len(seen)


def write_text(g: Game, write: Callable[[str], Any], chunk: int = 1 << 16) -> None:
    """Write ``str(g)`` with ``write``, in pieces of about ``chunk`` characters (never the
    whole text in memory)."""
    buffer: list[str] = []
    size = 0
    for piece in _Texts(g).pieces(g):
        buffer.append(piece)
        size += len(piece)
        if size >= chunk:
            write("".join(buffer))
            buffer, size = [], 0
    if buffer:
        write("".join(buffer))
