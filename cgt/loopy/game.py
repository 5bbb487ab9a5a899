"""Loopy partizan games as values: `LoopyGame`, a finite game graph whose play may go on forever.

A loopy game is a node of a finite directed graph with Left edges and Right edges; unlike a
short game, a position may be reached again, and play that never ends is a draw.  Short games
(`cgt.Game`) are the graphs without cycles, and every operation here returns a `cgt.Game`
whenever its result is short.

*Stoppers* are the loopy games with no infinite alternating play (Left, Right, Left, ... moves
forever); ``on = {pass|}``, ``over = {0|pass}`` and ``upon = {pass|*}`` are stoppers, ``dud =
{pass|pass}`` and ``tis = {tisn|}`` are not.  Stoppers are ordered like short games: ``G >= H``
when Left, moving second, never loses ``G - H`` (she wins or the play is infinite; Siegel,
*Combinatorial Game Theory*, VI.1), and each has a unique *simplest form*, with no dominated
and no reversible options and no two nodes of equal value (VI.3).  A `LoopyGame` that is a
stopper is kept in its simplest form (for graphs up to `SIMPLIFY_LIMIT` nodes), so that it
prints as the value it is.

Sums and negatives are defined for all loopy games.  A game that is not a stopper is known by
its *sides* (`cgt.loopy._sidling`): its onside ``G⁺`` and offside ``G⁻``, stoppers with
``G = G⁺ & G⁻``.  Order and equality compare both sides (``G >= H`` when ``G⁺ >= H⁺`` and
``G⁻ >= H⁻``), so they raise `NotStopperSidedError` (a `NotAStopperError`) only for a game
whose sides are not stoppers.

>>> from cgt import parse, Game
>>> on, off, over = parse("on"), parse("off"), parse("over")
>>> on + off == parse("dud"), on > Game(10**3), over > 0, over < Game("1/1024")
(True, True, True, True)
>>> over + over, on + 5, -over
(LoopyGame('over'), LoopyGame('on'), LoopyGame('under'))
>>> parse("tis").sides, parse("dud") + 1 == parse("dud"), parse("tis") > parse("tisn")
((Game('1'), Game('0')), True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cgt.core.errors import WrongTypeError
from cgt.impartial.nimber import Nimber
from cgt.loopy._graphs import (
    canonical,
    has_cycle,
    is_stopper,
    reachable,
    short_games,
    simplify,
    stops,
    sum_graph,
    survives_difference,
)
from cgt.loopy._retrograde import RESULT_NAMES, explore, solve
from cgt.loopy._sidling import sides
from cgt.loopy.errors import GraphTooLargeError, NotAStopperError, NotStopperSidedError
from cgt.loopy.printing import format_graph, named_nodes
from cgt.partizan.game import Game
from cgt.partizan.outcomes import Outcome

__all__ = [
    "SHORT_GRAPH_LIMIT",
    "SIMPLIFY_LIMIT",
    "LoopyGame",
    "NotAStopperError",
    "NotStopperSidedError",
    "loopy_graph",
]

SIMPLIFY_LIMIT = 400
"""Stoppers with at most this many nodes are brought to their simplest form when made (the
order of all pairs of nodes is computed: quadratic in the size)."""

SHORT_GRAPH_LIMIT = 10_000
"""A short game taking part in a loopy one (an option, a summand, a game compared with one)
becomes the graph of its subpositions: one with more than this many is refused with
`GraphTooLargeError` rather than written out (``10**12`` has that many).  Sums with ``on``,
``off`` and ``dud`` need no graph (they absorb every short game), nor do comparisons with
numbers beyond every stop of the loopy game (decided by its stops)."""

_NAME_LIMIT = 300
_SIDES_LIMIT = 100
"""A game that is not a stopper, of at most this many nodes, prints as its sides ``s & t``."""

Edges = list[list[int]]


class LoopyGame:
    """A loopy partizan game: node 0 of a finite game graph (made by `cgt.parse`,
    `cgt.loopy_value` or `LoopyGame.from_graph`; ``LoopyGame("upon")`` parses).

    >>> g = LoopyGame.from_graph([[0], []], [[1], []])      # {pass | 0}
    >>> g, g.is_stopper, g.outcome
    (LoopyGame('under'), True, <Outcome.R: 'R'>)
    """

    __slots__ = ("_hash", "_left", "_right", "_sides", "_stopper")

    loopy = True
    """Tells `cgt.outcome` to solve this game by retrograde analysis."""

    _left: Edges
    _right: Edges
    _stopper: bool | None
    _hash: int | None
    _sides: Sides | NotStopperSidedError | None
    """The sides once found, or the error sidling ended in (kept too: it is the same at every
    asking, and finding it may take seconds)."""

    def __new__(cls, text: str) -> Any:
        if not isinstance(text, str):
            raise WrongTypeError(
                f"LoopyGame() takes notation such as 'upon'; got {text!r} (use "
                "LoopyGame.from_graph or cgt.loopy_value for graphs and positions)"
            )
        return _PARSER[0](text)

    @classmethod
    def _raw(cls, left: Edges, right: Edges, stopper: bool | None = None) -> LoopyGame:
        self = object.__new__(cls)
        self._left = left
        self._right = right
        self._stopper = stopper
        self._hash = None
        self._sides = None
        return self

    @classmethod
    def from_graph(
        cls, left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], root: int = 0
    ) -> Game | LoopyGame:
        """The game at ``root`` of the graph with Left edges ``left[v]`` and Right edges
        ``right[v]``: a `cgt.Game` if it is short, else a `LoopyGame`.

        >>> LoopyGame.from_graph([[1], []], [[0], []]), LoopyGame.from_graph([[1], []], [[], []])
        (LoopyGame('over'), Game('1'))
        """
        if not all(isinstance(edges, Sequence) for edges in (left, right)) or not all(
            isinstance(options, Sequence) for options in (*left, *right)
        ):
            raise WrongTypeError(
                "left and right are lists of each node's options (lists of node numbers), "
                f"not {left!r} and {right!r}"
            )
        n = len(left)
        if len(right) != n:
            raise WrongTypeError("left and right must list the options of the same nodes")
        for edges in (left, right):
            for options in edges:
                for w in options:
                    if not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < n:
                        raise WrongTypeError(f"{w!r} is not a node of a graph of {n} nodes")
        if not isinstance(root, int) or not 0 <= root < n:
            raise WrongTypeError(f"root {root!r} is not a node of a graph of {n} nodes")
        return _value_of_graph(left, right, root)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._left, self._right))

    def __copy__(self) -> LoopyGame:
        return self

    def __deepcopy__(self, memo: Any) -> LoopyGame:
        return self

    # ------------------------------------------------------------------------- structure

    @property
    def left_options(self) -> tuple[Game | LoopyGame, ...]:
        """Left's options: games and loopy games."""
        return tuple(_value_of_graph(self._left, self._right, w) for w in self._left[0])

    @property
    def right_options(self) -> tuple[Game | LoopyGame, ...]:
        """Right's options: games and loopy games."""
        return tuple(_value_of_graph(self._left, self._right, w) for w in self._right[0])

    @property
    def graph(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """The game graph (Left edges, Right edges of each node); the game is node 0."""
        return tuple(map(tuple, self._left)), tuple(map(tuple, self._right))

    @property
    def is_stopper(self) -> bool:
        """Whether no subposition starts an infinite alternating play."""
        if self._stopper is None:
            self._stopper = is_stopper(self._left, self._right)
        return self._stopper

    @property
    def sides(self) -> tuple[Game | LoopyGame, Game | LoopyGame]:
        """The onside and the offside: stoppers in simplest form (a `cgt.Game` when short),
        found by sidling; a stopper is its own sides.  Raises `NotStopperSidedError` for a game
        whose sides are not stoppers.

        >>> LoopyGame("dud").sides, LoopyGame("over").sides
        ((LoopyGame('on'), LoopyGame('off')), (LoopyGame('over'), LoopyGame('over')))
        """
        if self.is_stopper:
            return self, self
        onside, offside = _sided(self)
        return _value_of_graph(*onside, 0), _value_of_graph(*offside, 0)

    @property
    def onside(self) -> Game | LoopyGame:
        """``G⁺``: what the game is when infinite play counts as a win for Left (see `sides`)."""
        return self.sides[0]

    @property
    def offside(self) -> Game | LoopyGame:
        """``G⁻``: what the game is when infinite play counts as a win for Right."""
        return self.sides[1]

    @property
    def outcome(self) -> Outcome:
        """Who wins moving first and moving second, or a draw (retrograde analysis)."""
        return _outcome_of(self._left, self._right)

    # ----------------------------------------------------------------------------- order

    def __le__(self, other: Any) -> bool:
        relation = _versus_number(self, other)
        if relation is not None:
            return relation == "<"
        return _le_sides(_sided(self), _sided(other))

    def __ge__(self, other: Any) -> bool:
        relation = _versus_number(self, other)
        if relation is not None:
            return relation == ">"
        return _le_sides(_sided(other), _sided(self))

    def __lt__(self, other: Any) -> bool:
        return self <= other and not self >= other

    def __gt__(self, other: Any) -> bool:
        return self >= other and not self <= other

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return False  # as for Game: a string is notation, not a value
        try:
            if _versus_number(self, other) is not None:
                return False  # a number beyond every stop: never equal
            graph = _graph_of(other)
        except WrongTypeError:
            return False
        if canonical(self._left, self._right) == canonical(*graph):
            return True
        mine, theirs = _sided(self), _sided(other)
        return _le_sides(mine, theirs) and _le_sides(theirs, mine)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        # Equal values hash equal: a stopper by the outcomes of its sums with a few short
        # games (equal stoppers have equal outcomes in every sum); a game that is not one by
        # its sides, which is what equality compares (the hash of the side itself when both
        # are equal: such a game equals that stopper, or that short game).
        if self._hash is None:
            self._hash = self._stopper_hash() if self.is_stopper else self._sided_hash()
        return self._hash

    def _stopper_hash(self) -> int:
        mine = (self._left, self._right)
        probes = (_outcome_of(*_sum(mine, _graph_of(x))) for x in _PROBES)
        return hash((LoopyGame, *probes))

    def _sided_hash(self) -> int:
        try:
            onside, offside = self.sides
        except NotStopperSidedError:  # (equality raises for such a game)
            return self._stopper_hash()
        if onside == offside:
            return hash(onside)
        return hash((LoopyGame, hash(onside), hash(offside)))

    # ------------------------------------------------------------------------ arithmetic

    def __add__(self, other: Any) -> Game | LoopyGame:
        try:
            if self._absorbs(other):
                return self
            graph = _graph_of(other)
        except WrongTypeError:
            return NotImplemented
        return _value_of_graph(*_sum((self._left, self._right), graph), 0)

    __radd__ = __add__

    def __neg__(self) -> Game | LoopyGame:
        return _value_of_graph(self._right, self._left, 0)

    def __pos__(self) -> LoopyGame:
        return self

    def __sub__(self, other: Any) -> Game | LoopyGame:
        try:
            if self._absorbs(other):
                return self
            left, right = _graph_of(other)
        except WrongTypeError:
            return NotImplemented
        return _value_of_graph(*_sum((self._left, self._right), (right, left)), 0)

    def __rsub__(self, other: Any) -> Game | LoopyGame:
        try:
            if self._absorbs(other):
                return -self
            graph = _graph_of(other)
        except WrongTypeError:
            return NotImplemented
        return _value_of_graph(*_sum(graph, (self._right, self._left)), 0)

    def _absorbs(self, other: Any) -> bool:
        """Whether this is ``on``, ``off`` or ``dud`` and ``other`` a short game: ``on + G = on``
        (Left, passing, never runs out of moves, in ``on + G - on`` as in ``on - (on + G)``),
        ``off + G = off``, ``dud + G = dud`` (its sides are ``on`` and ``off``)."""
        if (self._left, self._right) not in _ABSORBING or isinstance(other, LoopyGame):
            return False
        _short(other)  # (the type is checked, the game is not written out as a graph)
        return True

    # -------------------------------------------------------------------------- printing

    def __str__(self) -> str:
        left, right = self._left, self._right
        names = named_nodes(left, right) if len(left) <= _NAME_LIMIT else [None] * len(left)
        if names[0] is None and len(left) <= _SIDES_LIMIT and not self.is_stopper:
            try:
                onside, offside = self.sides
            except NotStopperSidedError:
                pass
            else:  # the value: a stopper if both sides are equal, else ``s & t``
                return str(onside) if onside == offside else f"{onside} & {offside}"
        return format_graph(left, right, short_games(left, right), names)

    def __repr__(self) -> str:
        return f"LoopyGame({str(self)!r})"


_PARSER: list[Callable[[str], Any]] = [lambda text: None]
"""``LoopyGame(text)`` calls ``_PARSER[0]``, set by `cgt.loopy.notation` when it is imported."""


def _rebuild(left: Edges, right: Edges) -> LoopyGame:
    """Unpickle a `LoopyGame` (its graph is already in the form `LoopyGame` keeps)."""
    return LoopyGame._raw(left, right)


def _outcome_of(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> Outcome:
    left_first, right_first = solve(left, right)
    return Outcome.from_results(RESULT_NAMES[left_first[0]], RESULT_NAMES[right_first[0]])


# ------------------------------------------------------------------------------ graphs


def loopy_graph(value: Any) -> tuple[Edges, Edges]:
    """The game graph (Left edges, Right edges; node 0 is the game) of a `LoopyGame`, a
    `cgt.Game`, or anything `cgt.Game` converts.

    >>> loopy_graph(Game("*"))
    ([[1], []], [[1], []])
    """
    return _graph_of(value)


def _graph_of(value: Any) -> tuple[Edges, Edges]:
    if isinstance(value, LoopyGame):
        return value._left, value._right
    return _game_graph(_short(value))


def _short(value: Any) -> Game:
    """A short game to combine with a loopy one (`WrongTypeError` for other types)."""
    if value.__class__ is Game:
        return value
    if isinstance(value, (int, Nimber, str, Fraction)) and not isinstance(value, bool):
        return Game(value)
    raise WrongTypeError(
        f"cannot combine a loopy game with {value!r} (type {type(value).__name__}); expected a "
        "LoopyGame, Game, int, dyadic Fraction or Nimber"
    )


_ABSORBING = [([[0]], [[]]), ([[]], [[0]]), ([[0]], [[0]])]
"""The graphs of ``on``, ``off`` and ``dud`` as `LoopyGame` keeps them."""


@lru_cache(maxsize=4096)
def _game_graph(game: Game) -> tuple[Edges, Edges]:
    count = [0]

    def expand(g: Game) -> tuple[tuple[Game, ...], tuple[Game, ...]]:
        count[0] += 1
        if count[0] > SHORT_GRAPH_LIMIT:
            raise GraphTooLargeError(
                f"{_shown(game)} has more than {SHORT_GRAPH_LIMIT:,} subpositions, too many to "
                "write out as the graph a loopy game is made of (on, off and dud absorb short "
                "games, and numbers beyond the stops of a loopy game compare by the stops; "
                "cgt.loopy.game.SHORT_GRAPH_LIMIT is the limit)"
            )
        return g.left_options, g.right_options

    _, left, right = explore(game, expand)
    return left, right


def _shown(game: Game) -> str:
    text = str(game) if game.is_nus else None
    if text is not None and len(text) <= 40:
        return text
    return f"a short game born on day {game.birthday}"


def _versus_number(game: LoopyGame, other: Any) -> str | None:
    """``"<"``, ``">"`` or ``"||"``: how ``game`` compares with ``other`` when that is a number
    beyond every stop of the game's sides (decided by the stops, without the number's graph);
    None otherwise.

    For a stopper ``S`` with stops ``L >= R`` and a number ``x``: ``x < R`` gives ``S > x``,
    ``x > L`` gives ``S < x``, and ``R < x < L`` gives ``S || x`` (the stop theorems of short
    games; for stoppers, tests/loopy check it against the order of graphs on every small
    stopper).  A number beyond every stop met in the graph is never equal to one, so one of the
    three holds.  A game that is not a stopper compares through its sides.
    """
    x = _number_value(other)
    if x is None:
        return None
    relations = set()
    for graph in _sided(game):
        table = stops(*graph)
        bound = max((abs(s[1]) for pair in table for s in pair if s[0] == 0), default=Fraction(0))
        if abs(x) <= bound:
            return None
        left_stop, right_stop = table[0]
        here = (0, x)
        relations.add("<" if here > left_stop else ">" if here < right_stop else "||")
    return relations.pop() if len(relations) == 1 else "||"


def _number_value(value: Any) -> Fraction | None:
    if value.__class__ is Game:
        return value.as_number() if value.is_number else None
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, Fraction) and value.denominator & (value.denominator - 1) == 0:
        return value
    return None


def _value_of_graph(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], root: int
) -> Game | LoopyGame:
    new_left, new_right = reachable(left, right, root)
    if not has_cycle(new_left, new_right):
        game = short_games(new_left, new_right)[0]
        assert game is not None
        return game
    stopper = None  # decided when asked, for large graphs
    if len(new_left) <= SIMPLIFY_LIMIT:
        stopper = is_stopper(new_left, new_right)
        if stopper:
            new_left, new_right = simplify(new_left, new_right)
            if not has_cycle(new_left, new_right):
                game = short_games(new_left, new_right)[0]
                assert game is not None
                return game
        quotient_left, quotient_right, root = canonical(new_left, new_right)
        new_left, new_right = reachable(quotient_left, quotient_right, root)
    return LoopyGame._raw(new_left, new_right, stopper)


_sum = sum_graph


Sides = tuple[tuple[Edges, Edges], tuple[Edges, Edges]]


def _le(g: tuple[Edges, Edges], h: tuple[Edges, Edges]) -> bool:
    """``G <= H`` for the games at node 0 of two graphs."""
    return _le_sides(_sided(g), _sided(h))


def _le_sides(g: Sides, h: Sides) -> bool:
    """``G <= H``: ``G⁺ <= H⁺`` and ``G⁻ <= H⁻`` (for stoppers, each is its own sides)."""
    return _le_stoppers(g[0], h[0]) and _le_stoppers(g[1], h[1])


def _sided(value: Any) -> Sides:
    """The onside and offside graphs of a game (a stopper's own graph twice); kept on a
    `LoopyGame`.  Raises `NotStopperSidedError` when sidling fails."""
    if isinstance(value, LoopyGame):
        if value._sides is None:
            graph = (value._left, value._right)
            try:
                value._sides = (graph, graph) if value.is_stopper else sides(*graph)
            except NotStopperSidedError as error:
                value._sides = error
        if isinstance(value._sides, NotStopperSidedError):
            raise NotStopperSidedError(*value._sides.args)
        return value._sides
    graph = value if isinstance(value, tuple) else _graph_of(value)
    if not is_stopper(*graph):
        return sides(*graph)
    return graph, graph


def _le_stoppers(g: tuple[Edges, Edges], h: tuple[Edges, Edges]) -> bool:
    """``G <= H`` for stoppers: Left survives ``H - G`` when Right moves first."""
    return g == h or survives_difference(h, g)


_PROBES = (Game(0), Game(1), Game(-1), Game("*"), Game("^"), Game("v"))
