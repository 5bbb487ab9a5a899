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
cgt.partizan.notation.NotationError: '{' at position 0 is never closed
    {1|2
    ^
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from cgt.core._deep import deep, hop_points
from cgt.core._digits import int_from_text
from cgt.core.errors import CGTError, WrongTypeError
from cgt.partizan import _canonical as core
from cgt.partizan import _extensions

if TYPE_CHECKING:
    from cgt.partizan.game import Game

__all__ = ["NotationError", "parse"]


def _short(digits: str) -> str:
    return digits if len(digits) <= 20 else f"{digits[:8]}...({len(digits)} digits)"


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
    r"\s*(?:(?P<int>[0-9]+)|(?P<pm>\+-|±)|(?P<bars>\|+)|(?P<name>[A-Za-z_]+)"
    r"|(?P<sym>[-+*/^{}(),↑↓⇑⇓⧾⧿]))"
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
            after = self.peek()
            if after.kind == "sym" and after.text == "(" and self._has_comma(self.index):
                # ±(a, b) = {a, b | -a, -b}, as CGSuite writes it
                end = self.closing[self.index]
                options = self.parse_side(self.index + 1, end, [])
                self.index = end + 1
                from cgt.partizan.game import Game

                return Game(left=options, right=[-g for g in options])
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
        if token.kind == "name" and token.text.lower() in ("tiny", "miny"):
            self.index += 1
            if not self.is_sym("("):
                raise self.error(f"expected '(' after {token.text}, found {self._describe()}")
            argument = self.parse_term(stop)
            from cgt.partizan.game import miny, tiny

            return tiny(argument) if token.text.lower() == "tiny" else miny(argument)
        if token.kind == "sym" and token.text in "⧾⧿":  # ⧾x = tiny(x), ⧿x = miny(x)
            self.index += 1
            argument = self.parse_term(stop)
            from cgt.partizan.game import miny, tiny

            return tiny(argument) if token.text == "⧾" else miny(argument)
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
        from cgt.partizan.game import Game

        return core.from_nus((*_dyadic(Game(number)), ups, nim))

    def parse_number(self) -> Fraction:
        token = self.peek()
        self.index += 1
        numerator = int_from_text(token.text)
        if not self.is_sym("/"):
            return Fraction(numerator)
        self.index += 1
        denominator_token = self.peek()
        if denominator_token.kind != "int":
            raise self.error(f"expected a denominator after '/', found {self._describe()}")
        self.index += 1
        denominator = int_from_text(denominator_token.text)
        if denominator == 0 or denominator & (denominator - 1):
            raise self.error(
                f"{_short(token.text)}/{_short(denominator_token.text)} is not a dyadic "
                "rational (the denominator must be a power of 2), so it is not the value of a "
                "short game {where}",
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
                count = int_from_text(self.peek().text)
                self.index += 1
            total += sign * count
        return total

    def parse_star(self, stop: int) -> int:
        if self.index < stop and self.is_sym("*"):
            self.index += 1
            if self.index < stop and self.peek().kind == "int":
                value = int_from_text(self.peek().text)
                self.index += 1
                return value
            return 1
        return 0

    def parse_game(self, lo: int, hi: int, opening: _Token) -> Game:
        """The game between tokens ``lo`` and ``hi`` (exclusive): options, bars, options."""
        runs, split = self._bars(lo, hi, opening)
        from cgt.partizan.game import Game

        left = self.parse_side(lo, split, runs)
        right = self.parse_side(split + 1, hi, runs)
        return Game(left=left, right=right)

    def _bars(self, lo: int, hi: int, opening: _Token) -> tuple[list[int], int]:
        """The runs of bars at the top level between ``lo`` and ``hi``, and the one that splits
        the game (the longest, which must be unique)."""
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
        return runs, splits[0]

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

    def _has_comma(self, opening: int) -> bool:
        end = self.closing[opening]
        return self._next_comma(opening + 1, end) < end

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


# Every nesting of the text goes through one of them (deep texts move on to new threads there).
hop_points(_Parser, "parse_signed", "parse_term", "parse_game", state="index")


def _dyadic(number: Game) -> tuple[int, int]:
    nus = number._nus
    assert nus is not None
    return (nus[0], nus[1])


def _switch(g: Game) -> Game:
    from cgt.partizan.game import switch

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


_extensions.provide(parse=parse)
