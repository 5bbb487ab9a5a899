"""Reading and writing games in the standard notation (CGSuite, *Lessons in Play*).

Grammar, loosest binding first::

    sum     := signed (('+' | '-' | '±' | '+-') signed)*    # a ± b means a + ±b
    signed  := '-' signed | ('±' | '+-') signed | term      # -5v is (-5) + v: a sign before
    term    := nus | '{' game '}' | '(' sum ')'              #   digits belongs to the number
             | ('tiny' | 'miny') '(' sum ')'
    nus     := [number] [ups] [star]        e.g. 3/4  ^  v2*  1/2^^*3  ↑  ⇓*
    game    := options bars options         the longest run of bars splits; a side that
    options := sum (',' sum)* | game | ε    contains bars is one game: {2|0||-1} = {{2|0}|-1}

Numbers are integers and dyadic fractions ``p/q`` (``q`` a power of two).  ``*n`` is a nimber,
``^``/``v`` (or ``↑``/``↓``) up and down; ``^^`` and ``⇑`` are double-up, ``^3`` is triple-up.
Values are printed under their conventional names: ``*6`` rather than a tree of nimbers,
``^3*`` rather than a nest of braces, ``±1`` for ``{1|-1}``, ``tiny(2)`` for ``{0||0|-2}``.
(``1/2±3/2`` is read as ``1/2 + ±3/2 = {2|-1}``, and printed ``{2|-1}``.)

>>> from cgt import parse
>>> print(parse("{0, * | 0, *}"), parse("{2|0||-1}"), parse("^ + ^ + *"), parse("{1|-1}"))
*2 {2|0||-1} ^^* ±1
>>> parse("{1|2") # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
cgt.notation.NotationError: '{' at position 0 is never closed
    {1|2
    ^
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from cgt import _canonical as core
from cgt._deep import deep
from cgt._nus import dyadic_to_fraction
from cgt.errors import CGTError, WrongTypeError

if TYPE_CHECKING:
    from cgt.game import Game

__all__ = ["NotationError", "format_game", "format_latex", "parse"]


class NotationError(CGTError, ValueError):
    """Malformed game notation; ``position`` is the 0-based offset of the problem in ``text``."""

    def __init__(self, message: str, text: str, position: int) -> None:
        self.message = message
        self.text = text
        self.position = position
        where = "at the end" if position >= len(text) else f"at position {position}"
        body = message.replace("{where}", where) if "{where}" in message else f"{message} {where}"
        shown = text if len(text) <= 70 else text[:70] + "..."
        caret = " " * min(position, len(shown)) + "^"
        super().__init__(f"{body}\n    {shown}\n    {caret}")


# ------------------------------------------------------------------------------- lexing

_TOKEN = re.compile(
    r"\s*(?:(?P<int>\d+)|(?P<pm>\+-|±)|(?P<bars>\|+)|(?P<name>[A-Za-z_]+)"
    r"|(?P<sym>[-+*/^{}(),↑↓⇑⇓]))"
)


class _Token:
    __slots__ = ("kind", "position", "text")

    def __init__(self, kind: str, text: str, position: int) -> None:
        self.kind = kind
        self.text = text
        self.position = position

    def __repr__(self) -> str:
        return f"{self.kind}:{self.text}@{self.position}"


def _lex(text: str) -> list[_Token]:
    tokens = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            break
        match = _TOKEN.match(text, position)
        if match is None or match.lastgroup is None:
            raise NotationError(f"unexpected character {text[position]!r}", text, position)
        kind = match.lastgroup
        value = match.group(kind)
        start = match.start(kind)
        tokens.append(_Token("sym" if kind == "sym" else kind, value, start))
        position = match.end()
    tokens.append(_Token("end", "", len(text)))
    return tokens


# ------------------------------------------------------------------------------ parsing


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _lex(text)
        self.index = 0
        self.closing = self._match_brackets()

    def error(self, message: str, token: _Token | None = None) -> NotationError:
        token = token or self.tokens[self.index]
        return NotationError(message, self.text, token.position)

    def _match_brackets(self) -> dict[int, int]:
        closing: dict[int, int] = {}
        stack: list[int] = []
        pairs = {"}": "{", ")": "("}
        for i, token in enumerate(self.tokens):
            if token.kind != "sym":
                continue
            if token.text in "{(":
                stack.append(i)
            elif token.text in "})":
                if not stack or self.tokens[stack[-1]].text != pairs[token.text]:
                    raise self.error(f"unmatched {token.text!r}", token)
                closing[stack.pop()] = i
        if stack:
            token = self.tokens[stack[-1]]
            raise self.error(f"{token.text!r} {{where}} is never closed", token)
        return closing

    def peek(self) -> _Token:
        return self.tokens[self.index]

    def is_sym(self, text: str) -> bool:
        token = self.tokens[self.index]
        return token.kind == "sym" and token.text == text

    def expect(self, text: str) -> None:
        if not self.is_sym(text):
            raise self.error(f"expected {text!r}, found {self._describe()}")
        self.index += 1

    def _describe(self) -> str:
        token = self.peek()
        return "the end of the text" if token.kind == "end" else repr(token.text)

    # sum := signed (('+' | '-' | '±') signed)*
    def parse_sum(self, stop: int) -> Game:
        value = self.parse_signed(stop)
        while self.index < stop:
            token = self.peek()
            if token.kind == "pm":
                self.index += 1
                value = value + _switch(self.parse_signed(stop))
            elif token.kind == "sym" and token.text in "+-":
                self.index += 1
                operand = self.parse_signed(stop)
                value = value + operand if token.text == "+" else value - operand
            else:
                raise self.error(
                    f"expected '+', '-' or the end of the game, found {self._describe()}"
                )
        return value

    def parse_signed(self, stop: int) -> Game:
        if self.index >= stop:
            raise self.error(f"expected a game, found {self._describe()}")
        token = self.peek()
        if token.kind == "pm":
            self.index += 1
            return _switch(self.parse_signed(stop))
        if token.kind == "sym" and token.text == "-":
            if self.tokens[self.index + 1].kind == "int":
                self.index += 1
                return self.parse_nus(stop, negative=True)
            self.index += 1
            return -self.parse_signed(stop)
        return self.parse_term(stop)

    def parse_term(self, stop: int) -> Game:
        token = self.peek()
        if token.kind == "sym" and token.text == "{":
            end = self.closing[self.index]
            value = self.parse_game(self.index + 1, end, token)
            self.index = end + 1
            return value
        if token.kind == "sym" and token.text == "(":
            end = self.closing[self.index]
            self.index += 1
            value = self.parse_sum(end)
            self.index = end + 1
            return value
        if token.kind == "name" and token.text in ("tiny", "miny"):
            self.index += 1
            if not self.is_sym("("):
                raise self.error(f"expected '(' after {token.text}, found {self._describe()}")
            argument = self.parse_term(stop)
            from cgt.game import miny, tiny

            return tiny(argument) if token.text == "tiny" else miny(argument)
        return self.parse_nus(stop, negative=False)

    def parse_nus(self, stop: int, negative: bool) -> Game:
        """``[number] [ups] [star]``, all optional but not all absent."""
        start = self.index
        number = Fraction(0)
        if self.index < stop and self.peek().kind == "int":
            number = self.parse_number()
        if negative:
            number = -number
        ups = self.parse_ups(stop)
        nim = self.parse_star(stop)
        if self.index == start:
            raise self.error(f"expected a game, found {self._describe()}")
        from cgt.game import Game

        return core.from_nus((*_dyadic(Game(number)), ups, nim))

    def parse_number(self) -> Fraction:
        token = self.peek()
        self.index += 1
        numerator = int(token.text)
        if not self.is_sym("/"):
            return Fraction(numerator)
        self.index += 1
        denominator_token = self.peek()
        if denominator_token.kind != "int":
            raise self.error(f"expected a denominator after '/', found {self._describe()}")
        self.index += 1
        denominator = int(denominator_token.text)
        if denominator == 0 or denominator & (denominator - 1):
            raise self.error(
                f"{numerator}/{denominator} is not a dyadic rational (the denominator must be a "
                "power of 2), so it is not the value of a short game {where}",
                denominator_token,
            )
        return Fraction(numerator, denominator)

    def parse_ups(self, stop: int) -> int:
        total = 0
        while self.index < stop:
            token = self.peek()
            if token.kind == "sym" and token.text in "^↑⇑↓⇓":
                count = 2 if token.text in "⇑⇓" else 1
                sign = 1 if token.text in "^↑⇑" else -1
            elif token.kind == "name" and set(token.text) == {"v"}:
                count, sign = len(token.text), -1
            else:
                break
            self.index += 1
            if token.text == "^":
                while self.is_sym("^") and self.index < stop:
                    count += 1
                    self.index += 1
            if count == 1 and self.index < stop and self.peek().kind == "int":
                count = int(self.peek().text)
                self.index += 1
            total += sign * count
        return total

    def parse_star(self, stop: int) -> int:
        if self.index < stop and self.is_sym("*"):
            self.index += 1
            if self.index < stop and self.peek().kind == "int":
                value = int(self.peek().text)
                self.index += 1
                return value
            return 1
        return 0

    def parse_game(self, lo: int, hi: int, opening: _Token) -> Game:
        """The game between tokens ``lo`` and ``hi`` (exclusive): options, bars, options."""
        runs = []
        i = lo
        while i < hi:
            token = self.tokens[i]
            if token.kind == "sym" and token.text in "{(":
                i = self.closing[i] + 1
                continue
            if token.kind == "bars":
                runs.append(i)
            i += 1
        if not runs:
            raise self.error("a game needs '|' between its left and right options", opening)
        longest = max(len(self.tokens[i].text) for i in runs)
        splits = [i for i in runs if len(self.tokens[i].text) == longest]
        if len(splits) > 1:
            raise self.error(
                f"ambiguous {'|' * longest!r}: two at the same level; use braces or more bars",
                self.tokens[splits[1]],
            )
        split = splits[0]
        from cgt.game import Game

        left = self.parse_side(lo, split, runs)
        right = self.parse_side(split + 1, hi, runs)
        return Game(left=left, right=right)

    def parse_side(self, lo: int, hi: int, runs: list[int]) -> list[Game]:
        if any(lo <= i < hi for i in runs):
            return [self.parse_game(lo, hi, self.tokens[lo])]
        options: list[Game] = []
        self.index = lo
        if lo == hi:
            return options
        while True:
            comma = self._next_comma(self.index, hi)
            options.append(self.parse_sum(comma))
            if comma == hi:
                return options
            self.index = comma + 1
            if self.index == hi:
                raise self.error("expected an option after ','", self.tokens[comma])

    def _next_comma(self, lo: int, hi: int) -> int:
        i = lo
        while i < hi:
            token = self.tokens[i]
            if token.kind == "sym" and token.text in "{(":
                i = self.closing[i] + 1
                continue
            if token.kind == "sym" and token.text == ",":
                return i
            i += 1
        return hi


def _dyadic(number: Game) -> tuple[int, int]:
    nus = number._nus
    assert nus is not None
    return (nus[0], nus[1])


def _switch(g: Game) -> Game:
    from cgt.game import switch

    return switch(g)


@deep
def parse(text: str) -> Game:
    """The game written as ``text`` in standard notation (see the module documentation).

    Raises `NotationError` (a `ValueError`) saying what is wrong and where.

    >>> parse("{1/2 | 1}"), parse("+-1") == parse("±1"), parse("v2*")
    (Game('3/4'), True, Game('vv*'))
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"parse() takes a string, got {text!r}")
    parser = _Parser(text)
    end = len(parser.tokens) - 1
    if end == 0:
        raise NotationError("empty text: expected a game", text, 0)
    return parser.parse_sum(end)


# ---------------------------------------------------------------------------- printing


class _Style:
    """How each element of the notation is written, for one output style."""

    def __init__(self, **fields: str) -> None:
        self.up, self.down = fields["up"], fields["down"]
        self.up2, self.down2 = fields["up2"], fields["down2"]
        self.pm, self.braces = fields["pm"], fields["braces"]
        self.latex = fields.get("latex") == "yes"

    def number(self, p: int, k: int) -> str:
        value = dyadic_to_fraction((p, k))
        if not self.latex or value.denominator == 1:
            return str(value)
        sign = "-" if value < 0 else ""
        return f"{sign}\\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"

    def ups(self, n: int, after_number: bool) -> str:
        if n in (1, -1):
            return self.up if n > 0 else self.down
        if n in (2, -2):
            return self.up2 if n > 0 else self.down2
        if self.latex:
            return (
                f"{'+' if after_number else ''}{abs(n)}{{\\cdot}}{self.up if n > 0 else self.down}"
            )
        return f"{self.up if n > 0 else self.down}{abs(n)}"

    def bars(self, count: int) -> str:
        if not self.latex:
            return "|" * count
        return r" \mid " if count == 1 else r" \mathbin{" + r"\|" * (count - 1) + "} "

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
        parts.append("*" if m == 1 else f"*{m}")
    return "".join(parts)


def _named(g: Game, style: _Style) -> str | None:
    """The conventional name of ``g``, if it has one (NUS values, ``±G``, tiny, miny)."""
    if g._nus is not None:
        return _nus_text(g._nus, style)
    left, right = g._left, g._right
    assert left is not None and right is not None
    if len(left) != 1 or len(right) != 1:
        return None
    a, b = left[0], right[0]
    if core.neg(b) is a:
        return f"{style.pm}{_format(a, style)}"  # ±G = {G | -G}
    zero = core.from_nus((0, 0, 0, 0))
    for small, big, name in ((a, b, "tiny"), (core.neg(b), core.neg(a), "miny")):
        # tiny(x) = {0 || 0 | -x}; miny(x) = -tiny(x) = {x | 0 || 0}
        if small is zero and big._nus is None and big._left == (zero,) and len(big._right) == 1:  # type: ignore[arg-type]
            x = core.neg(big._right[0])  # type: ignore[index]
            if x._nus is not None and x.is_number and x._nus[0] > 0:
                return style.function(name, style.number(x._nus[0], x._nus[1]))
    return None


def _bare(g: Game, style: _Style) -> tuple[str, int]:
    """``g`` as text and the number of bars at its top level (0: a name, printed as is)."""
    name = _named(g, style)
    if name is not None:
        return name, 0
    sides = []
    deepest = 0
    for options in (g._left, g._right):
        assert options is not None
        texts = [_bare(x, style) for x in options]
        if len(texts) == 1 and 0 < texts[0][1] < _NESTING:
            deepest = max(deepest, texts[0][1])
            sides.append(texts[0][0])
        else:
            sides.append(", ".join(t if b == 0 else style.wrap(t) for t, b in texts))
    bars = deepest + 1
    return f"{sides[0]}{style.bars(bars)}{sides[1]}", bars


def _format(g: Game, style: _Style) -> str:
    text, bars = _bare(g, style)
    return text if bars == 0 else style.wrap(text)


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
    \\{2 \\mid 0 \\mathbin{\\|} -1\\} \\frac{1}{2}+3{\\cdot}{\\uparrow}*
    """
    return _format(g, _STYLES["latex"])
