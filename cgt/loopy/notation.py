"""Reading loopy games in CGSuite's notation; `parse` reads short and loopy games alike.

The grammar is that of short games (`cgt.partizan.notation`) with four additions:

* the names of the standard loopy values: ``on``, ``off``, ``over``, ``under``, ``upon``,
  ``dud``, ``tis``, ``tisn``, ``upon*`` (see `cgt.loopy.printing`), each of which may be
  followed by ups and a star, for their sum (``upon*``, ``on*`` = ``on``, ``over^``);
* ``pass`` as an option: a move from a game to itself (``on = {pass|}``, ``over = {0|pass}``);
  inside ``{0||0|pass}`` it is the innermost game, ``{0|pass}``;
* a label before an opening brace names that game, and the name can be used as an option
  anywhere inside it: ``a{0|{a|*}}`` (CGSuite writes ``a{0|a}`` for ``{0|pass}``);
* ``s & t``, the whole text: the game whose onside is the stopper ``s`` and offside the stopper
  ``t`` (``s >= t``; `cgt.loopy._sided` builds a graph for it).

A sum, difference or negation can only be taken of games that are complete where it is written:
``{0|pass+1}`` is refused with a `cgt.NotationError`, as is an unknown name.  Text without any
of the additions is read by the short parser, so ``parse`` returns a `cgt.Game` for every short
game, and also when a loopy expression has a short value (``parse("on + off")`` is ``dud``, but
``parse("{0, over|}")`` is short: ``1``).

>>> parse("{pass|}"), parse("on + off"), parse("a{0|a}"), parse("{0, pass | 0}")
(LoopyGame('on'), LoopyGame('dud'), LoopyGame('over'), LoopyGame('upon*'))
>>> parse("upon") > parse("^"), parse("{1/2 | 1}"), parse("1 & 0") == parse("tis")
(True, Game('3/4'), True)
>>> parse("on & off") == parse("dud"), parse("1/2 & *"), parse("over & over")
(True, LoopyGame('1/2 & *'), LoopyGame('over'))
"""

from __future__ import annotations

import itertools
from typing import Any

from cgt.core._deep import deep
from cgt.core.errors import WrongTypeError
from cgt.impartial.nimber import Nimber
from cgt.loopy import game as _game
from cgt.loopy._retrograde import explore
from cgt.loopy._sided import sided_graph
from cgt.loopy.game import LoopyGame, loopy_graph
from cgt.loopy.printing import NAMED
from cgt.partizan.game import Game, up
from cgt.partizan.notation import NotationError, _Parser, _Token
from cgt.partizan.notation import parse as parse_short

__all__ = ["parse"]

_SHORT_NAMES = {"tiny", "miny"}
_RESERVED = {"pass", *NAMED, *_SHORT_NAMES}


def _is_down(text: str) -> bool:
    return set(text) == {"v"}


def _named_values() -> dict[str, Game | LoopyGame]:
    return {name: LoopyGame.from_graph(left, right) for name, (left, right) in NAMED.items()}


_VALUES = _named_values()


class _Ref:
    """An option that refers to a game still being read (``pass``, a label, or a game that
    contains one): usable as an option, not in a sum."""

    __slots__ = ("depth", "node", "parser", "token")

    def __init__(self, parser: _LoopyParser, node: int, depth: int, token: _Token) -> None:
        self.parser = parser
        self.node = node
        self.depth = depth
        self.token = token

    def _refuse(self, *_: Any) -> Any:
        raise self.parser.error(
            "a sum or negative cannot contain 'pass' or a label of an enclosing game "
            "(write the option as a game of its own)",
            self.token,
        )

    __add__ = __radd__ = __sub__ = __rsub__ = __neg__ = _refuse


class _LoopyParser(_Parser):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.nodes: list[tuple[list[Any], list[Any]]] = []
        self.open: list[int] = []  # nodes being read, outermost first
        self.labels: dict[str, int] = {}
        self.pending_label: str | None = None
        self.graphs: list[tuple[list[list[int]], list[list[int]]]] = []

    def parse_term(self, stop: int) -> Any:
        token = self.peek()
        if token.kind != "name" or token.text in _SHORT_NAMES or _is_down(token.text):
            return self._short_argument(stop)
        following = self.tokens[self.index + 1]
        if following.kind == "sym" and following.text == "{" and self.index + 1 < stop:
            if token.text in _RESERVED:
                raise self.error(f"{token.text!r} is a reserved name, not a label", token)
            self.index += 1
            self.pending_label = token.text
            return super().parse_term(stop)
        self.index += 1
        if token.text == "pass":
            if not self.open:
                raise self.error("'pass' is a move from a game to itself: use it in braces", token)
            return _Ref(self, self.open[-1], len(self.open) - 1, token)
        if token.text in _VALUES:
            return self._suffixed(_VALUES[token.text], stop)
        if token.text in self.labels:
            node = self.labels[token.text]
            return _Ref(self, node, self.open.index(node), token)
        raise self.error(f"expected a game, found the unknown name {token.text!r}", token)

    def parse_signed(self, stop: int) -> Any:
        token = self.peek()
        try:
            return super().parse_signed(stop)
        except WrongTypeError:  # ± (or ±(a, b)) of a loopy game
            raise self.error(
                f"{token.text!r} takes short games; a loopy game has no switch {{G | -G}} here",
                token,
            ) from None

    def _short_argument(self, stop: int) -> Any:
        token = self.peek()
        try:
            return super().parse_term(stop)
        except WrongTypeError:  # tiny(G), miny(G), ⧾G or ⧿G of a loopy game
            raise self.error(f"{token.text!r} takes a short game, not a loopy one", token) from None

    def _suffixed(self, value: Game | LoopyGame, stop: int) -> Game | LoopyGame:
        """A named value followed by ups and a star (``upon*``, ``on^``): their sum."""
        ups = self.parse_ups(stop)
        nim = self.parse_star(stop)
        if not ups and not nim:
            return value
        return value + Game(up(ups) + Game(Nimber(nim)))

    def parse_game(self, lo: int, hi: int, opening: _Token) -> Any:
        runs, split = self._bars(lo, hi, opening)
        node = len(self.nodes)
        self.nodes.append(([], []))
        label, self.pending_label = self.pending_label, None
        shadowed = self.labels.get(label) if label else None
        if label:
            self.labels[label] = node
        self.open.append(node)
        left = self.parse_side(lo, split, runs)
        right = self.parse_side(split + 1, hi, runs)
        self.open.pop()
        if label:
            if shadowed is None:
                del self.labels[label]
            else:
                self.labels[label] = shadowed
        self.nodes[node] = (left, right)
        items: list[Any] = [*left, *right]
        refs = [item.depth for item in items if isinstance(item, _Ref)]
        depth = min(refs, default=-1)
        own_depth = len(self.open)
        if 0 <= depth < own_depth:  # refers to an enclosing game: complete it later
            return _Ref(self, node, depth, opening)
        return self._value(node)

    def _value(self, node: int) -> Game | LoopyGame:
        embedded: dict[int, int] = {}

        def key(item: Any) -> Any:
            if isinstance(item, _Ref):
                return ("node", item.node)
            identity = id(item)
            if identity not in embedded:
                embedded[identity] = len(self.graphs)
                self.graphs.append(loopy_graph(item))
            return ("graph", embedded[identity], 0)

        def expand(k: Any) -> tuple[list[Any], list[Any]]:
            if k[0] == "node":
                left, right = self.nodes[k[1]]
                return [key(x) for x in left], [key(x) for x in right]
            graph_left, graph_right = self.graphs[k[1]]
            return (
                [("graph", k[1], w) for w in graph_left[k[2]]],
                [("graph", k[1], w) for w in graph_right[k[2]]],
            )

        _, left, right = explore(("node", node), expand)
        return _game._value_of_graph(left, right, 0)


@deep
def parse(text: str) -> Game | LoopyGame:
    """The game written as ``text``: a `cgt.Game` when its value is short, else a `LoopyGame`.

    Raises `cgt.NotationError` saying what is wrong and where.

    >>> parse("over") > 0, parse("upon") >= 0, parse("1 + on")
    (True, True, LoopyGame('on'))
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"parse() takes a string, got {text!r}")
    if "&" in text:
        return _parse_sides(text)
    parser = _LoopyParser(text)
    tokens = parser.tokens
    if not any(
        token.kind == "name"
        and ((token.text in _RESERVED and token.text not in _SHORT_NAMES) or following.text == "{")
        for token, following in itertools.pairwise(tokens)
    ):
        return parse_short(text)
    end = len(parser.tokens) - 1
    value: Any = parser.parse_sum(end)
    if isinstance(value, _Ref):  # pragma: no cover - every reference is closed at the top
        raise NotationError("incomplete game", text, 0)
    result: Game | LoopyGame = value
    return result


def _parse_sides(text: str) -> Game | LoopyGame:
    """``s & t``: the game whose onside is the stopper ``s`` and offside the stopper ``t``."""
    position = text.index("&")
    if text.count("&") > 1 or text[:position].count("{") != text[:position].count("}"):
        raise NotationError("'&' joins two stoppers, once, outside braces: 's & t'", text, position)
    try:
        onside = parse(text[:position])
    except NotationError as error:  # the position in the whole text
        raise NotationError(error.message, text, error.position) from None
    try:
        offside = parse(text[position + 1 :])
    except NotationError as error:
        raise NotationError(error.message, text, position + 1 + error.position) from None
    for side in (onside, offside):
        if isinstance(side, LoopyGame) and not side.is_stopper:
            raise NotationError(f"the sides of 's & t' are stoppers; {side} is not", text, position)
    if not onside >= offside:
        raise NotationError(
            f"the onside of 's & t' is at least its offside; {onside} is not >= {offside}",
            text,
            position,
        )
    if onside == offside:
        return onside
    game = LoopyGame.from_graph(*sided_graph(onside, offside))
    if not isinstance(game, LoopyGame) or game.sides != (onside, offside):  # pragma: no cover
        raise NotationError(
            "cgt could not build a game with these sides (please report it)", text, 0
        )
    return game


_game._PARSER[0] = parse
