"""Grundy values of impartial positions.

The Grundy value of a position is the mex of the Grundy values of its options; a position is a
P-position (the player to move loses) exactly when its Grundy value is 0.  By the
Sprague-Grundy theorem every impartial game equals the nimber of its Grundy value, and the value
of a sum is the xor (nim-sum) of the values of its components.

>>> import cgt
>>> @cgt.impartial_game
... def Take123(n):
...     return [n - k for k in (1, 2, 3) if k <= n]
>>> [cgt.grundy(Take123(n)) for n in range(9)]
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> cgt.is_p_position(Take123(8))
True
"""

from __future__ import annotations

from typing import Any

from cgt.core._registry import lookup, register
from cgt.core.errors import InvalidArgumentError
from cgt.core.memo import evaluate
from cgt.impartial._plain import _GRUNDY, _GRUNDY_PRODUCT, _expand_product, plain_grundy
from cgt.impartial.search import shared_solver
from cgt.positions.sums import Sum

__all__ = ["grundy", "is_p_position", "plain_grundy", "register_nimber_solver"]

_SOLVERS: dict[type, Any] = {}
"""Position class -> its own nimber solver (a function, or ``"module:name"`` imported when
first needed)."""


def register_nimber_solver(kind: type, solver: Any) -> None:
    """Name a fast nimber solver for the positions of a class (and its subclasses):
    ``solver(position)`` returns the exact Grundy value, or None to leave the position to the
    generic methods; give the function or its ``"module:name"``, imported when first needed
    (so a ruleset can name a solver that imports the ruleset).  `grundy` with
    ``method="auto"`` (the default, and so ``cgt value`` and ``cgt verify``) then asks it first.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Pile(n):
    ...     return [n - 1] if n else []
    >>> cgt.register_nimber_solver(type(Pile(0)), lambda p: None)  # declines: plain recursion
    >>> cgt.grundy(Pile(5))
    1
    """
    register(_SOLVERS, kind, solver, "a nimber solver")


def grundy(position: Any, *, decompose: bool = True, method: str = "auto") -> int:
    """The Grundy value of an impartial position, memoized across calls.

    ``method`` chooses the algorithm; both are exact:

    * ``"plain"``: the recursion over every option (iterative, any depth), splitting positions
      into ``components()`` and sharing one entry per ``normal_form()``;
    * ``"search"``: `cgt.NimberSearch`, which decides "is the nimber k?" by search with pruning
      and visits far fewer positions of a large game (Lemoine-Viennot, Beling-Rogalski);
    * ``"auto"`` (the default): the solver registered for the position's class
      (`register_nimber_solver`: Cram boards have a bit-board search), else the search for
      positions that offer ``components()`` (boards that split into regions, where it pays),
      the plain recursion otherwise.

    With ``decompose=True`` (the default) a `cgt.Sum` is evaluated as the xor of its components'
    values; ``decompose=False`` explores the options of the sum itself, which is how the xor law
    is checked (always by the plain recursion).  Raises `cgt.LoopyGameError` if a position can
    reach itself, `cgt.UnhashablePositionError` for an unhashable position, and
    `cgt.NotAPositionError` for an object without ``options()``.

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Chain(n):
    ...     return [n - 1] if n else []
    >>> cgt.grundy(Chain(100_000))
    0
    """
    if method not in _METHODS:
        raise InvalidArgumentError(f"method is one of {', '.join(_METHODS)}; got {method!r}")
    if not decompose:
        return int(evaluate(position, _expand_product, _GRUNDY_PRODUCT))
    known = _GRUNDY.table.get(position) if _hashable(position) else None
    if known is not None:
        return int(known)
    if method == "auto" and _SOLVERS:
        solver = lookup(_SOLVERS, position)
        if solver is not None:
            value = solver(position)
            if value is not None:
                _GRUNDY[position] = int(value)
                return int(value)
    if method == "search" or (method == "auto" and _splits(position)):
        value = shared_solver().nimber(position)
        _GRUNDY[position] = value
        return value
    return plain_grundy(position)


_METHODS = ("auto", "plain", "search")


def _hashable(position: Any) -> bool:
    try:
        hash(position)
    except TypeError:
        return False
    return True


def _splits(position: Any) -> bool:
    """Whether the position (or a part of a `cgt.Sum`) offers ``components()``."""
    if isinstance(position, Sum):
        return any(_splits(part) for part in position.components)
    return callable(getattr(position, "components", None))


def is_p_position(position: Any) -> bool:
    """Whether the player to move loses (normal play): the Grundy value is 0."""
    return grundy(position) == 0
