"""Games defined by a function: the `impartial_game` and `partizan_game` decorators.

A *position* is any hashable object that says what moves it has:

* an **impartial** position has ``options()``, returning an iterable of positions (both players
  have the same moves);
* a **partizan** position has ``left_options()`` and ``right_options()``.

A position may have both (then ``options()`` is ignored by the partizan machinery).  Positions
must be hashable because values are memoized; equal positions must have equal options.

Writing a class is one way.  The quicker way is a decorator around a plain function that maps
a state to the states reachable in one move:

>>> import cgt
>>> @cgt.impartial_game
... def Subtraction23(n):
...     '''Take 2 or 3 counters from a heap of n.'''
...     return [n - s for s in (2, 3) if s <= n]
>>> [cgt.grundy(Subtraction23(n)) for n in range(10)]
[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
>>> Subtraction23(7).n, Subtraction23(7).options()
(7, (Subtraction23(5), Subtraction23(4)))

A function of one parameter returns the states themselves; a function of several parameters
returns tuples of arguments.  For a partizan game the function returns the pair
``(left_states, right_states)``:

>>> @cgt.partizan_game
... def Pushes(left, right):
...     '''Left may remove one of her counters, Right one of his.'''
...     return ([(left - 1, right)] if left else [], [(left, right - 1)] if right else [])
>>> Pushes(2, 0).left_options()
(Pushes(1, 0),)

Positions built by the decorators add with ``+`` into a disjunctive `Sum`.

They pickle (so they can be sent to worker processes) when the decorated function is defined at
the top level of a module, which the other process imports to find the same game; a game made
inside a function or a doctest cannot be found that way, and pickling its positions raises
`NotPicklableError`.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable
from typing import Any

from cgt.core.errors import (
    NotAPositionError,
    NotPicklableError,
    UnhashablePositionError,
    WrongTypeError,
    _short_repr,
)
from cgt.positions.protocol import _as_tuple, check_hashable, is_position
from cgt.positions.sums import Position

__all__ = ["FunctionPosition", "GameDefinition", "impartial_game", "partizan_game"]


class GameDefinition:
    """A game defined by a function from a state to its successor states.

    Made by `impartial_game` or `partizan_game`; calling it with a state gives a position.
    """

    def __init__(self, function: Callable[..., Any], partizan: bool) -> None:
        if not callable(function):
            kind = "partizan_game" if partizan else "impartial_game"
            raise WrongTypeError(
                f"{kind} decorates a function from a state to its successor states, "
                f"not {_short_repr(function)}"
            )
        self.function = function
        self.partizan = partizan
        self.name = getattr(function, "__name__", "Game")
        self.__doc__ = function.__doc__
        self.__name__ = self.name
        self.__qualname__ = getattr(function, "__qualname__", self.name)
        self.__module__ = getattr(function, "__module__", __name__)
        parameters = list(inspect.signature(function).parameters.values())
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY) for p in parameters):
            raise WrongTypeError(
                f"{self.name}: a game function takes plain positional parameters (the state)"
            )
        if not parameters:
            raise WrongTypeError(f"{self.name}: a game function takes the state as its parameters")
        self.parameters = tuple(p.name for p in parameters)

    def __repr__(self) -> str:
        kind = "partizan" if self.partizan else "impartial"
        return f"<{kind} game {self.name}>"

    def __reduce__(self) -> str:
        """Pickle by reference (module and name), so the unpickled game is *the* game of the
        other process: positions compare equal only within one definition."""
        found: Any = sys.modules.get(self.__module__)
        for part in self.__qualname__.split("."):
            found = getattr(found, part, None)
        if found is not self:
            raise NotPicklableError(
                f"positions of {self!r} cannot be pickled: {self.__module__}.{self.__qualname__} "
                "is not this game (define the decorated function at the top level of a module, "
                "so that another process can import it)"
            )
        return self.__qualname__

    def __call__(self, *state: Any) -> FunctionPosition:
        if len(state) != len(self.parameters):
            raise WrongTypeError(
                f"{self.name} takes {len(self.parameters)} state argument(s) "
                f"({', '.join(self.parameters)}), got {len(state)}"
            )
        position = FunctionPosition(self, state)
        check_hashable(position)
        return position

    def pair(self, args: tuple[Any, ...], moves: Any) -> tuple[Any, Any]:
        """`moves`, what a partizan game's function returned for the state `args`, checked to
        be the pair ``(left_states, right_states)``."""
        if not (moves.__class__ is tuple and len(moves) == 2):
            raise NotAPositionError(
                f"the function of partizan game {self.name} must return a pair "
                f"(left_states, right_states); for {_Pending(self, args)!r} it returned "
                f"{_short_repr(moves)}"
            )
        return moves

    def successors(self, args: tuple[Any, ...], states: Any, what: str) -> list[Any]:
        """The moves the function returned for the state `args` (`what`: ``options``,
        ``left_options`` or ``right_options``, for messages): each state of this game as the
        tuple of its arguments, and each position of another kind (a `cgt.Game`, a `Sum`,
        another game's position) as it is.  `NotAPositionError` for anything else.

        >>> @partizan_game
        ... def Pair(a, b):
        ...     return [(a - 1, b)] if a else [], []
        >>> Pair.successors((2, 0), [(1, 0), Pair(0, 0)], "left_options")
        [(1, 0), (0, 0)]
        """
        arity = len(self.parameters)
        result: list[Any] = []
        for state in _as_tuple(_Pending(self, args), what, states):
            if isinstance(state, FunctionPosition):
                result.append(state.args if state.definition is self else state)
            elif is_position(state):
                result.append(state)
            elif arity == 1:
                result.append((state,))
            elif state.__class__ is tuple and len(state) == arity:
                result.append(state)
            else:
                raise NotAPositionError(
                    f"{self.name} takes {arity} state arguments, so its function must return "
                    f"tuples of {arity}; {_Pending(self, args)!r} returned {_short_repr(state)}"
                )
        return result

    def positions(self, args: tuple[Any, ...], states: Any, what: str) -> tuple[Any, ...]:
        """`successors` as positions (this game's states wrapped)."""
        return tuple(
            self(*state) if state.__class__ is tuple else state
            for state in self.successors(args, states, what)
        )


class FunctionPosition(Position):
    """A position of a `GameDefinition`: the definition plus a state."""

    __slots__ = ("_hash", "args", "definition")

    def __init__(self, definition: GameDefinition, args: tuple[Any, ...]) -> None:
        self.definition = definition
        self.args = args
        try:
            self._hash = hash((id(definition), args))
        except TypeError:
            types = ", ".join(type(arg).__name__ for arg in args)
            raise UnhashablePositionError(
                _Pending(definition, args), kind=f"with a state of type(s) {types}"
            ) from None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, FunctionPosition)
            and other.definition is self.definition
            and other.args == self.args
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # The hash depends on the definition's id in this process: rebuild, never copy it.
        return (FunctionPosition, (self.definition, self.args))

    def __repr__(self) -> str:
        return repr(_Pending(self.definition, self.args))

    def __getattr__(self, name: str) -> Any:
        definition = object.__getattribute__(self, "definition")
        try:
            index = definition.parameters.index(name)
        except ValueError:
            raise AttributeError(name) from None
        return object.__getattribute__(self, "args")[index]

    def _moves(self) -> Any:
        return self.definition.function(*self.args)

    def options(self) -> tuple[Any, ...]:
        if self.definition.partizan:
            raise NotAPositionError(
                f"{self!r} is a partizan position: use left_options() and right_options()"
            )
        return self.definition.positions(self.args, self._moves(), "options")

    def left_options(self) -> tuple[Any, ...]:
        if not self.definition.partizan:
            return self.options()
        moves = self.definition.pair(self.args, self._moves())[0]
        return self.definition.positions(self.args, moves, "left_options")

    def right_options(self) -> tuple[Any, ...]:
        if not self.definition.partizan:
            return self.options()
        moves = self.definition.pair(self.args, self._moves())[1]
        return self.definition.positions(self.args, moves, "right_options")


class _Pending:
    """Prints a definition applied to a state, for reprs and error messages."""

    def __init__(self, definition: GameDefinition, args: tuple[Any, ...]) -> None:
        self.text = f"{definition.name}({', '.join(map(repr, args))})"

    def __repr__(self) -> str:
        return self.text


def impartial_game(function: Callable[..., Iterable[Any]]) -> GameDefinition:
    """Turn ``state -> successor states`` into a game whose positions are built by calling it.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Nim(n):
    ...     return range(n)
    >>> cgt.grundy(Nim(5) + Nim(3))
    6
    """
    return GameDefinition(function, partizan=False)


def partizan_game(function: Callable[..., tuple[Iterable[Any], Iterable[Any]]]) -> GameDefinition:
    """Turn ``state -> (Left's successor states, Right's successor states)`` into a game.

    See the module documentation for an example.
    """
    return GameDefinition(function, partizan=True)
