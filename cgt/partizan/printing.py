"""Printing games in the standard notation: plain, ASCII, unicode and LaTeX.

Values are printed under their conventional names (``*6``, ``^3*``, ``±1``, ``tiny(2)``) and
other games as options in braces, with bars for nesting (``{2|0||-1}``).  The printer reads the
canonical form directly and imports nothing of `Game` (which uses it for ``str``).

>>> from cgt import Game, UP
>>> format_game(Game(left=[1], right=[-1]), ascii=True), format_game(UP * 2, unicode=True)
('+-1', '⇑')
"""

from __future__ import annotations

from fractions import Fraction

from cgt.core._deep import deep
from cgt.core._digits import int_to_text
from cgt.partizan import _canonical as core
from cgt.partizan._canonical import Node as Game
from cgt.partizan._nus import dyadic_to_fraction

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


class _Printer:
    """The text of ``g`` and its subgames in one style, each subgame's text made once (a value
    shares subgames: printing each occurrence afresh took time exponential in the birthday)."""

    def __init__(self, style: _Style) -> None:
        self.style = style
        self._texts: dict[int, tuple[str, int]] = {}  # by id: every subgame lives while g does
        self._plain = self if style is _STYLES["default"] else None

    def text(self, g: Game) -> str:
        text, bars = self.bare(g)
        return text if bars == 0 else self.style.wrap(text)

    def bare(self, g: Game) -> tuple[str, int]:
        """``g`` as text and the number of bars at its top level (0: a name, printed as is)."""
        known = self._texts.get(id(g))
        if known is None:
            known = self._texts[id(g)] = self._bare(g)
        return known

    def _bare(self, g: Game) -> tuple[str, int]:
        name = self._named(g)
        if name is not None:
            return name, 0
        sides = []
        deepest = 0
        for options in (g._left, g._right):
            assert options is not None
            if len(options) > 1:
                options = tuple(sorted(options, key=self._order))
            texts = [self.bare(x) for x in options]
            if len(texts) == 1 and 0 < texts[0][1] < _NESTING:
                deepest = max(deepest, texts[0][1])
                sides.append(texts[0][0])
            else:
                sides.append(", ".join(t if b == 0 else self.style.wrap(t) for t, b in texts))
        bars = deepest + 1
        return f"{sides[0]}{self.style.bars(bars)}{sides[1]}", bars

    def _named(self, g: Game) -> str | None:
        """The conventional name of ``g``, if it has one (NUS values, ``±G``, tiny, miny)."""
        style = self.style
        if g._nus is not None:
            return _nus_text(g._nus, style)
        left, right = g._left, g._right
        assert left is not None and right is not None
        if len(left) != 1 or len(right) != 1:
            return None
        a, b = left[0], right[0]
        if core.neg(b) is a:
            return f"{style.pm}{self.text(a)}"  # ±G = {G | -G}
        zero = core.from_nus((0, 0, 0, 0))
        for small, big, name in ((a, b, "tiny"), (core.neg(b), core.neg(a), "miny")):
            # tiny(x) = {0 || 0 | -x}; miny(x) = -tiny(x) = {x | 0 || 0}
            if small is zero and big._nus is None and big._left == (zero,) and len(big._right) == 1:
                x = core.neg(big._right[0])
                if x._nus is not None and x.is_number and x._nus[0] > 0:
                    return style.function(name, style.number(x._nus[0], x._nus[1]))
        return None

    def _order(self, g: Game) -> tuple[int, Fraction, int, str]:
        """Where an option is printed among its side's: numbers first, by value, then the other
        games by birthday, then by their plain text (the same for every style), so the text of
        a game is the same whatever order its options were first found in."""
        nus = g._nus
        if nus is not None and nus[2] == 0 and nus[3] == 0:
            return (0, dyadic_to_fraction((nus[0], nus[1])), 0, "")
        if self._plain is None:
            self._plain = _Printer(_STYLES["default"])
        return (1, _ZERO, core.birthday(g), self._plain.text(g))


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
