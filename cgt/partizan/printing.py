"""Printing games in the standard notation: plain, ASCII, unicode and LaTeX.

Values are printed under their conventional names (``*6``, ``^3*``, ``±1``, ``tiny(2)``) and
other games as options in braces, with bars for nesting (``{2|0||-1}``).  The printer reads the
canonical form directly and imports nothing of `Game` (which uses it for ``str``).

>>> from cgt import Game, UP
>>> format_game(Game(left=[1], right=[-1]), ascii=True), format_game(UP * 2, unicode=True)
('+-1', '⇑')
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from fractions import Fraction

from cgt.core._deep import deep
from cgt.core._digits import int_to_text
from cgt.partizan import _canonical as core
from cgt.partizan._canonical import Node as Game
from cgt.partizan._nus import dyadic_to_fraction
from cgt.partizan._subgames import bottom_up

__all__ = ["format_game", "format_latex"]


class _Style:
    """How each element of the notation is written, for one output style."""

    def __init__(self, **fields: str) -> None:
        self.up, self.down = fields["up"], fields["down"]
        self.up2, self.down2 = fields["up2"], fields["down2"]
        self.pm, self.braces = fields["pm"], fields["braces"]
        self.latex = fields.get("latex") == "yes"

    def number(self, p: int, k: int) -> str:
        value = dyadic_to_fraction((p, k))
        numerator, denominator = int_to_text(value.numerator), int_to_text(value.denominator)
        if value.denominator == 1:
            return numerator
        if not self.latex:
            return f"{numerator}/{denominator}"
        return f"{'-' if p < 0 else ''}\\frac{{{numerator.lstrip('-')}}}{{{denominator}}}"

    def ups(self, n: int, after_number: bool) -> str:
        if n in (1, -1):
            return self.up if n > 0 else self.down
        if n in (2, -2):
            return self.up2 if n > 0 else self.down2
        if self.latex:
            return (
                f"{'+' if after_number else ''}{int_to_text(abs(n))}{{\\cdot}}"
                f"{self.up if n > 0 else self.down}"
            )
        return f"{self.up if n > 0 else self.down}{int_to_text(abs(n))}"

    def bars(self, count: int) -> str:
        if not self.latex:
            return "|" * count
        # One bar is \mid; more are that many bars as one operator: \mathbin{|||} (MathJax and
        # KaTeX both read it; the old \mathbin{\|\|} drew four bars for three).
        return r" \mid " if count == 1 else r" \mathbin{" + "|" * count + "} "

    def wrap(self, text: str) -> str:
        return self.braces[0] + text + self.braces[1]

    def function(self, name: str, argument: str) -> str:
        return f"\\operatorname{{{name}}}({argument})" if self.latex else f"{name}({argument})"


_STYLES = {
    "default": _Style(up="^", down="v", up2="^^", down2="vv", pm="±", braces="{}"),
    "ascii": _Style(up="^", down="v", up2="^^", down2="vv", pm="+-", braces="{}"),
    "unicode": _Style(up="↑", down="↓", up2="⇑", down2="⇓", pm="±", braces="{}"),
    "latex": _Style(
        up=r"{\uparrow}",
        down=r"{\downarrow}",
        up2=r"{\Uparrow}",
        down2=r"{\Downarrow}",
        pm=r"\pm ",
        braces=(r"\{", r"\}"),  # type: ignore[arg-type]
        latex="yes",
    ),
}
_NESTING = 3
"""Options are printed with bars ``{a||b|c}`` up to this many bars, then in braces."""


def _nus_text(nus: tuple[int, int, int, int], style: _Style) -> str:
    p, k, n, m = nus
    parts = []
    if p or (n == 0 and m == 0):
        parts.append(style.number(p, k))
    if n:
        parts.append(style.ups(n, after_number=bool(p)))
    if m:
        parts.append("*" if m == 1 else f"*{int_to_text(m)}")
    return "".join(parts)


KEEP = 4096
"""Texts up to this length are kept for each subgame (to sort options and print them fast);
longer ones are kept as their pieces, so that printing a game deep or large takes memory in
proportion to the game and its text, not to the text of every subgame."""

_Item = str | tuple[Game, bool]
"""A piece of text: a string, or a subgame (with its braces, if it has bars, when ``True``)."""


class _Shape:
    """How one subgame is printed: its bars at the top level (0: a name, printed as is), the
    length of its text without braces, and that text when short, else its pieces."""

    __slots__ = ("bars", "items", "length", "text")

    def __init__(self, bars: int, length: int, text: str | None, items: list[_Item]) -> None:
        self.bars, self.length, self.text, self.items = bars, length, text, items


class _Printer:
    """The text of ``g`` and its subgames in one style, each subgame's shape found once, bottom
    up, without recursion (a value shares subgames: printing each occurrence afresh took time
    exponential in the birthday; keeping every subgame's whole text took memory quadratic in
    the depth)."""

    def __init__(self, style: _Style) -> None:
        self.style = style
        self._shapes: dict[int, _Shape] = {}  # by id: every subgame lives while g does
        self._plain = self if style is _STYLES["default"] else None
        self._braces = len(style.braces[0]) + len(style.braces[1])

    def text(self, g: Game) -> str:
        self._prepare(g)
        shape = self._shapes[id(g)]
        if shape.text is not None and shape.bars == 0:
            return shape.text
        return "".join(self._pieces([(g, True)]))

    def _prepare(self, g: Game) -> None:
        """Find the shapes of ``g`` and its subgames, options before the games they are of."""
        shapes = self._shapes
        bottom_up(
            g,
            lambda node: id(node) in shapes,
            self._parts,
            lambda node: shapes.__setitem__(id(node), self._shape(node)),
        )

    def _parts(self, node: Game) -> tuple[Game, ...] | None:
        """The subgames ``node``'s shape is made of (None: a name, whose shape is kept now)."""
        name = self._name(node)
        if name is not None:
            self._shapes[id(node)] = _Shape(0, len(name), name, [])
            return None
        plus_minus = self._plus_minus(node)
        return (plus_minus,) if plus_minus is not None else node._left + node._right

    def _shape(self, node: Game) -> _Shape:
        shapes = self._shapes
        plus_minus = self._plus_minus(node)
        if plus_minus is not None:  # ±G = {G | -G}
            inner = shapes[id(plus_minus)]
            items: list[_Item] = [self.style.pm, (plus_minus, True)]
            length = len(self.style.pm) + inner.length + (self._braces if inner.bars else 0)
            return self._made(0, length, items)
        sides: list[list[_Item]] = []
        length = deepest = 0
        for options in (node._left, node._right):
            if len(options) == 1 and 0 < shapes[id(options[0])].bars < _NESTING:
                only = shapes[id(options[0])]
                deepest = max(deepest, only.bars)
                sides.append([(options[0], False)])
                length += only.length
                continue
            if len(options) > 1:
                options = tuple(sorted(options, key=functools.cmp_to_key(self._compare)))
            side: list[_Item] = []
            for index, option in enumerate(options):
                if index:
                    side.append(", ")
                    length += 2
                side.append((option, True))
                shape = shapes[id(option)]
                length += shape.length + (self._braces if shape.bars else 0)
            sides.append(side)
        bars = deepest + 1
        middle = self.style.bars(bars)
        return self._made(bars, length + len(middle), [*sides[0], middle, *sides[1]])

    def _made(self, bars: int, length: int, items: list[_Item]) -> _Shape:
        text = "".join(self._pieces(items)) if length <= KEEP else None
        return _Shape(bars, length, text, [] if text is not None else items)

    def _pieces(self, items: list[_Item]) -> Iterator[str]:
        """The text of ``items``, in pieces (subgames expanded with a stack, not recursion)."""
        opening, closing = self.style.braces[0], self.style.braces[1]
        shapes = self._shapes
        stack = items[::-1]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                yield item
                continue
            node, braces = item
            shape = shapes[id(node)]
            braces = braces and shape.bars > 0
            if shape.text is not None:
                yield opening + shape.text + closing if braces else shape.text
                continue
            if braces:
                stack.append(closing)
            stack.extend(shape.items[::-1])
            if braces:
                stack.append(opening)

    def _braced(self, g: Game) -> str | None:
        """The text of ``g`` as an option (in braces if it has bars) when it is kept."""
        shape = self._shapes[id(g)]
        if shape.text is None or not shape.bars:
            return shape.text
        return self.style.braces[0] + shape.text + self.style.braces[1]

    def _name(self, g: Game) -> str | None:
        """The conventional name of ``g``, if it has one other than ``±G`` (NUS values, tiny,
        miny)."""
        style = self.style
        if g._nus is not None:
            return _nus_text(g._nus, style)
        left, right = g._left, g._right
        assert left is not None and right is not None
        if len(left) != 1 or len(right) != 1:
            return None
        a, b = left[0], right[0]
        zero = core.from_nus((0, 0, 0, 0))
        # tiny(x) = {0 || 0 | -x}; miny(x) = -tiny(x) = {x | 0 || 0}
        if a is zero and b._nus is None and b._left == (zero,) and len(b._right) == 1:
            x = core.neg(b._right[0])
            name = "tiny"
        elif b is zero and a._nus is None and a._right == (zero,) and len(a._left) == 1:
            x = a._left[0]
            name = "miny"
        else:
            return None
        if x._nus is not None and x._nus[2] == 0 and x._nus[3] == 0 and x._nus[0] > 0:
            return style.function(name, style.number(x._nus[0], x._nus[1]))
        return None

    @staticmethod
    def _plus_minus(g: Game) -> Game | None:
        """``G`` when ``g`` is ``±G = {G | -G}`` (and not a NUS value), else None."""
        if g._nus is not None or len(g._left) != 1 or len(g._right) != 1:
            return None
        a, b = g._left[0], g._right[0]
        if (a._nus is None) != (b._nus is None):
            return None  # (the negative of a NUS value is one, of another game is not)
        if a._nus is None and core.birthday(a) != core.birthday(b):
            return None  # (a negative is born on the same day: no need to make it)
        return a if core.neg(b) is a else None

    def _compare(self, a: Game, b: Game) -> int:
        """The order of options on a side: numbers first, by value, then the other games by
        birthday, then by their plain text (the same for every style), so the text of a game
        is the same whatever order its options were first found in."""
        key_a, key_b = _order(a), _order(b)
        if key_a != key_b:
            return -1 if key_a < key_b else 1
        if self._plain is None:
            self._plain = _Printer(_STYLES["default"])
        plain = self._plain
        plain._prepare(a)
        plain._prepare(b)
        text_a, text_b = plain._braced(a), plain._braced(b)
        if text_a is not None and text_b is not None:
            return (text_a > text_b) - (text_a < text_b)
        return compare_streams(plain._pieces([(a, True)]), plain._pieces([(b, True)]))


def _order(g: Game) -> tuple[int, Fraction, int]:
    nus = g._nus
    if nus is not None and nus[2] == 0 and nus[3] == 0:
        return (0, dyadic_to_fraction((nus[0], nus[1])), 0)
    return (1, _ZERO, core.birthday(g))


def compare_streams(a: Iterator[str], b: Iterator[str]) -> int:
    """-1, 0 or 1 as the text made of the pieces ``a`` comes before, is equal to or comes after
    that of ``b`` (read only as far as their first difference).

    >>> compare_streams(iter(["ab", "c"]), iter(["a", "bd"])), compare_streams(iter("x"), iter("x"))
    (-1, 0)
    """
    left = right = ""
    while True:
        left, right = _fill(left, a), _fill(right, b)
        common = min(len(left), len(right))
        if common == 0 or left[:common] != right[:common]:
            left, right = left[:common] or left, right[:common] or right
            return (left > right) - (left < right)
        left, right = left[common:], right[common:]


def _fill(text: str, pieces: Iterator[str]) -> str:
    """``text`` followed by the next pieces, up to a few thousand characters."""
    while len(text) < 4096:
        piece = next(pieces, None)
        if piece is None:
            break
        text += piece
    return text


_ZERO = Fraction(0)


def _format(g: Game, style: _Style) -> str:
    return _Printer(style).text(g)


@deep
def format_game(g: Game, *, ascii: bool = False, unicode: bool = False) -> str:
    """``g`` in standard notation; ``ascii`` writes ``+-`` for ``±``, ``unicode`` uses arrows.

    >>> from cgt import Game, UP
    >>> format_game(Game(left=[1], right=[-1]), ascii=True), format_game(UP * 2, unicode=True)
    ('+-1', '⇑')
    """
    return _format(g, _STYLES["ascii" if ascii else "unicode" if unicode else "default"])


@deep
def format_latex(g: Game) -> str:
    """``g`` in LaTeX (math mode, without the dollars), for Jupyter's ``_repr_latex_``.

    >>> from cgt import Game
    >>> print(format_latex(Game("{2|0||-1}")), format_latex(Game("1/2^3*")))
    \\{2 \\mid 0 \\mathbin{||} -1\\} \\frac{1}{2}+3{\\cdot}{\\uparrow}*
    """
    return _format(g, _STYLES["latex"])
