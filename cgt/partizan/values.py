"""Values of partizan positions: `value` maps a position to its canonical `cgt.Game`.

The value of a position is ``{values of its left options | values of its right options}`` in
canonical form.  `value` walks the positions with the iterative evaluator of `cgt.memo` (so a
chain of moves 100,000 deep needs no recursion), remembers every value across calls, and raises
`cgt.LoopyGameError` when a position can reach itself.  A `cgt.Sum` is worth the sum of its
components' values; an impartial position (``options()`` only) is worth the nimber of its
Grundy value; a `cgt.Game` is worth itself.

>>> import cgt
>>> @cgt.partizan_game
... def Hackenbush(edges):
...     '''A blue-red Hackenbush string, bottom first: cutting an edge removes all above it.'''
...     cuts = lambda colour: [edges[:i] for i, c in enumerate(edges) if c == colour]
...     return cuts("L"), cuts("R")
>>> [cgt.value(Hackenbush(s)) for s in ("LL", "LR", "LRR", "RL", "LRL")]
[Game('2'), Game('1/2'), Game('1/4'), Game('-1/2'), Game('3/4')]
>>> cgt.value(cgt.Sum(Hackenbush("LR"), Hackenbush("LR"), Hackenbush("R")))
Game('0')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cgt.core._deep import deep
from cgt.core._registry import lookup_class, register
from cgt.core._shallow import evaluate_shallow
from cgt.core.errors import InvalidArgumentError, WrongTypeError
from cgt.core.memo import Memo, evaluate
from cgt.impartial.sprague_grundy import grundy
from cgt.partizan import _canonical as core
from cgt.partizan._states import class_value, is_plain_class, state_value
from cgt.partizan.game import Game
from cgt.positions.decorators import FunctionPosition
from cgt.positions.protocol import (
    _CHECKED_COMPONENTS,
    _CHECKED_NORMAL_FORM,
    _as_tuple,
    _checked_components,
    _checked_normal_form,
    _plain_method,
    left_options_of,
    normal_form_of,
    right_options_of,
    split_components,
)
from cgt.positions.sums import Sum

__all__ = ["as_game", "register_value_solver", "value"]

_VALUE: Memo[Game] = Memo("value")
_VALUE_PRODUCT: Memo[Game] = Memo("value-product")
_VALUE_GENERIC: Memo[Game] = Memo("value-generic")
_UNSET: Any = object()


def _sum_all(values: list[Game]) -> Game:
    count = len(values)
    if count == 2:
        return core.add(values[0], values[1])
    if count == 1:
        return values[0]
    if not count:
        return core.from_nus((0, 0, 0, 0))
    total = values[0]
    for v in values[1:]:
        total = core.add(total, v)
    return total


def _is_impartial(position: Any) -> bool:
    if isinstance(position, FunctionPosition):
        return not position.definition.partizan
    return not callable(getattr(position, "left_options", None)) and callable(
        getattr(position, "options", None)
    )


def _negated(values: list[Game]) -> Game:
    return core.neg(values[0])


def _same(values: list[Game]) -> Game:
    return values[0]


def _expand_through(
    table: dict[type, Callable[[Any], Any] | None], *, solvers: bool
) -> Callable[[Any], tuple[Sequence[Any], Callable[[list[Game]], Game]]]:
    """An `_expand`: how each class is expanded is worked out once (`_expander`) into ``table``."""

    def expand(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
        cls = position.__class__
        fast = table.get(cls, _UNSET)
        if fast is _UNSET:
            fast = table[cls] = _expander(cls, solvers=solvers)
        if fast is not None:
            return fast(position)
        return _expand_other(position)

    return expand


def _expander(cls: type, *, solvers: bool) -> Callable[[Any], Any] | None:
    """How `_expand` treats positions of ``cls``: its registered value solver first (when
    ``solvers``), then `_by_nodes` for a plain class, `_fast_expand`, or None (the general way)."""
    base = _by_nodes if is_plain_class(cls) else _fast_expand(cls)
    solver = _solver_for(cls) if solvers else None
    if solver is None:
        return base

    def solved(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
        result = solver(position)
        if result is not None:
            game = as_game(result)
            return (), lambda _values: game
        return base(position) if base is not None else _expand_other(position)

    return solved


_SOLVERS: dict[type, Any] = {}
"""Position class -> its own value solver (a function, or ``"module:name"`` imported when first
needed)."""


def _solver_for(cls: type) -> Any:
    """The value solver registered for ``cls`` or its nearest base class, or None."""
    return lookup_class(_SOLVERS, cls)


def register_value_solver(kind: type, solver: Any) -> None:
    """Name a fast value solver for the positions of a class (and its subclasses):
    ``solver(position)`` returns the position's exact canonical value (a `cgt.Game`), or None
    to leave the position to the engine; give the function or its ``"module:name"``, imported
    when first needed (so a ruleset can name a solver that imports the ruleset).  `value`
    (``method="auto"``, the default, and so ``cgt value`` and ``cgt verify``) then asks it for
    every position of the class it meets, the parts of sums included.

    >>> import cgt
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Steps:
    ...     n: int
    ...     def left_options(self): return (Steps(self.n - 1),) if self.n else ()
    ...     def right_options(self): return ()
    >>> cgt.register_value_solver(Steps, lambda p: cgt.Game(p.n) if p.n >= 100 else None)
    >>> cgt.value(Steps(10**9)), cgt.value(Steps(5))  # the solver, then the engine
    (Game('1000000000'), Game('5'))
    """
    register(_SOLVERS, kind, solver, "a value solver")
    _FAST_EXPAND.clear()


def _by_nodes(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    """A position of a plain class: valued by `class_value` (no options here)."""
    return (), lambda _values: class_value(position, _decomposed, _by_options)


def _by_options(position: Any) -> Game:
    """`value` of a position of a plain class through the generic evaluator (what
    `class_value` falls back to for deep games and loops)."""
    return evaluate(position, _expand_by_options, _VALUE)


def _expand_by_options(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    """`_expand`, with the options of a plain class's positions taken one by one."""
    cls = position.__class__
    fast = _FAST_EXPAND_BY_OPTIONS.get(cls, _UNSET)
    if fast is _UNSET:
        fast = _FAST_EXPAND_BY_OPTIONS[cls] = _fast_expand(cls)
    if fast is not None:
        return fast(position)
    return _expand_other(position)


_FAST_EXPAND_BY_OPTIONS: dict[type, Callable[[Any], Any] | None] = {}


def _expand_other(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    """`_expand` of a `Sum`, a `cgt.partizan_game` position, or a class that splits or has
    normal forms."""
    if isinstance(position, Sum):
        return position.components, _sum_all
    parts = split_components(position)
    if parts is not None:
        return parts, _sum_all
    normal = normal_form_of(position)
    if normal is not None:
        representative, negated = normal
        return (representative,), _negated if negated else _same
    return _expand_product(position)


_FAST_EXPAND: dict[type, Callable[[Any], Any] | None] = {}
_FAST_EXPAND_ENGINE: dict[type, Callable[[Any], Any] | None] = {}
_expand = _expand_through(_FAST_EXPAND, solvers=True)
_expand_engine = _expand_through(_FAST_EXPAND_ENGINE, solvers=False)
"""`_expand` without the registered value solvers (``value(..., method="engine")``)."""
_METHODS = ("auto", "engine")
"""Per class: `_expand` made for it (`_by_nodes` for a plain class, else `_fast_expand`), or
None for the general way."""


def _fast_expand(cls: type) -> Callable[[Any], Any] | None:
    """`_expand` for an ordinary partizan position class, its methods looked up once.

    Most positions are their own one part and their own normal form: those go straight to
    their options, without the checks that only other answers need (which `_checked_*` do).
    None for a `Game`, `Sum`, `cgt.partizan_game` position or a class whose methods are not
    plain functions (`_expand` takes the general way).
    """
    moves = _plain_moves(cls)
    if moves is None:
        return None
    left_options, right_options = moves
    components = _plain_method(cls, "components")
    normal_form = _plain_method(cls, "normal_form")
    if (components is None and hasattr(cls, "components")) or (
        normal_form is None and hasattr(cls, "normal_form")
    ):
        return None

    def expand(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
        if components is not None:
            parts = components(position)
            if parts.__class__ is not tuple or len(parts) != 1 or parts[0] is not position:
                # (a class checked once gets only the cheap checks, as `_checked_*` do)
                if parts.__class__ is tuple and cls in _CHECKED_COMPONENTS:
                    if len(parts) != 1:
                        return parts, _sum_all
                    if not parts[0] == position:  # noqa: SIM201 (as `_checked_components`)
                        return parts, _same
                checked = _checked_components(position, parts)
                if checked is not None:
                    return checked, _sum_all
        if normal_form is not None:
            normal = normal_form(position)
            if normal.__class__ is not tuple or len(normal) != 2 or normal[0] is not position:
                if (
                    normal.__class__ is tuple
                    and cls in _CHECKED_NORMAL_FORM
                    and len(normal) == 2
                    and normal[1].__class__ is bool
                    and not normal[0] == position  # noqa: SIM201
                ):
                    return (normal[0],), _negated if normal[1] else _same
                pair = _checked_normal_form(position, normal)
                if pair is not None:
                    return (pair[0],), _negated if pair[1] else _same
        left = left_options(position)
        if left.__class__ is not tuple:
            left = _as_tuple(position, "left_options", left)
        right = right_options(position)
        if right.__class__ is not tuple:
            right = _as_tuple(position, "right_options", right)
        return left + right, _combiner(len(left))

    return expand


_COMBINERS: dict[int, Callable[[list[Game]], Game]] = {}
make_split = core.make_split


def _combiner(split: int) -> Callable[[list[Game]], Game]:
    """``values -> {values[:split] | values[split:]}`` in canonical form (one per split)."""
    combine = _COMBINERS.get(split)
    if combine is None:

        def combine(values: list[Game]) -> Game:
            return make_split(values, split)

        _COMBINERS[split] = combine
    return combine


def _expand_product(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    if isinstance(position, FunctionPosition) and position.definition.partizan:
        return (), lambda _values: state_value(position, _decomposed)
    return _expand_generic(position)


def _decomposed(position: Any) -> Game:
    return evaluate_shallow(position, _expand, _VALUE)


def _moves(position: Any, left: bool) -> tuple[Any, ...]:
    """A player's options; a `Game` inside a `Sum` moves by its own canonical options."""
    if position.__class__ is Game:
        return position.left_options if left else position.right_options
    if isinstance(position, Sum):
        parts = position.components
        return tuple(
            Sum(*parts[:i], option, *parts[i + 1 :])
            for i, part in enumerate(parts)
            for option in _moves(part, left)
        )
    return left_options_of(position) if left else right_options_of(position)


def _both_sides(position: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Left's and Right's options; a `cgt.partizan_game` function is called once, not twice."""
    if isinstance(position, FunctionPosition):
        definition, args = position.definition, position.args
        left, right = definition.pair(args, definition.function(*args))
        return (
            definition.positions(args, left, "left_options"),
            definition.positions(args, right, "right_options"),
        )
    return _moves(position, True), _moves(position, False)


_PLAIN_MOVES: dict[type, tuple[Any, Any] | None] = {}
"""Per class: its plain ``left_options`` and ``right_options`` functions when it is an ordinary
partizan position (not a `Game`, `Sum` or `cgt.partizan_game` position), else None."""


def _plain_moves(cls: type) -> tuple[Any, Any] | None:
    if issubclass(cls, (Game, Sum, FunctionPosition)):
        return None
    left, right = _plain_method(cls, "left_options"), _plain_method(cls, "right_options")
    return None if left is None or right is None else (left, right)


def _expand_generic(position: Any) -> tuple[Sequence[Any], Callable[[list[Game]], Game]]:
    """Options through the position protocol, one position object per option."""
    cls = position.__class__
    moves = _PLAIN_MOVES.get(cls, _UNSET)
    if moves is _UNSET:
        moves = _PLAIN_MOVES[cls] = _plain_moves(cls)
    if moves is not None:  # (`_both_sides` without the checks for the other kinds of position)
        left = moves[0](position)
        if left.__class__ is not tuple:
            left = _as_tuple(position, "left_options", left)
        right = moves[1](position)
        if right.__class__ is not tuple:
            right = _as_tuple(position, "right_options", right)
    elif cls is Game:
        return (), lambda _values: position
    elif _is_impartial(position):
        return (), lambda _values: core.from_nus((0, 0, 0, grundy(position)))
    else:
        left, right = _both_sides(position)
    return left + right, _combiner(len(left))


@deep
def value(position: Any, *, decompose: bool = True, method: str = "auto") -> Game:
    """The canonical value of a position, memoized across calls (see the module docs).

    With ``decompose=False`` a `cgt.Sum` is explored through its own options (moves in one
    component at a time) instead of adding its components' values: how the sum law is checked.
    ``method="auto"`` (the default) asks the value solver registered for a position's class
    (`register_value_solver`: Domineering boards have a compiled one) before the engine;
    ``method="engine"`` uses the engine alone (values already remembered are reused).

    >>> import cgt
    >>> @cgt.partizan_game
    ... def Stairs(n):
    ...     return [n - 1] if n else [], []
    >>> cgt.value(Stairs(10_000)), cgt.value(cgt.Sum(Stairs(3), Stairs(4)))
    (Game('10000'), Game('7'))
    """
    if method not in _METHODS:
        raise InvalidArgumentError(f"method is one of {', '.join(_METHODS)}; got {method!r}")
    if isinstance(position, FunctionPosition) and position.definition.partizan:
        result = state_value(position, _decomposed)
    elif decompose:
        cls = position.__class__
        if method == "engine":
            if is_plain_class(cls):
                result = class_value(position, _decomposed, _by_options)
            else:
                result = evaluate_shallow(position, _expand_engine, _VALUE)
        elif is_plain_class(cls) and (not _SOLVERS or _solver_for(cls) is None):
            result = class_value(position, _decomposed, _by_options)
        else:
            result = evaluate_shallow(position, _expand, _VALUE)
    else:
        result = evaluate(position, _expand_product, _VALUE_PRODUCT)
    return result


def _value_generic(position: Any) -> Game:
    """`value` through the position protocol only (no fast path): the reference for tests."""
    return evaluate(position, _expand_generic, _VALUE_GENERIC)


def as_game(value_or_position: Any) -> Game:
    """A `Game` from a Game, a position (its `value`) or anything `Game` accepts.

    >>> from cgt import Sum
    >>> as_game("1/2"), as_game(Sum())
    (Game('1/2'), Game('0'))
    """
    if value_or_position.__class__ is Game:
        return value_or_position
    if getattr(value_or_position, "loopy", False) is True and hasattr(value_or_position, "sides"):
        raise WrongTypeError(
            f"{value_or_position} is a loopy game, and this is an analysis of short games: "
            "loopy thermography (stops, mean, temperature, cooling) and the other short-game "
            "analyses are not supported for loopy games; they have outcomes with draws, order, "
            "sums and sides (see cgt.loopy)"
        )
    if hasattr(value_or_position, "left_options") or hasattr(value_or_position, "options"):
        return value(value_or_position)
    return Game(value_or_position)
