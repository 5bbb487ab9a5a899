"""Per-class registries of solvers that plug-ins name lazily (``"module:name"``).

`cgt.register_outcome_solver` and `cgt.register_nimber_solver` keep a class -> solver table
each; a solver may be named by its ``"module:name"`` so that a ruleset can name a solver that
imports the ruleset (no import circle), and it is imported when first needed.

>>> table: dict[type, object] = {}
>>> register(table, int, "fractions:Fraction", "a solver")
>>> lookup(table, True)  # bool is an int: the class's table entry serves its subclasses
<class 'fractions.Fraction'>
"""

from __future__ import annotations

import importlib
from typing import Any

from cgt.core.errors import InvalidArgumentError

__all__ = ["lookup", "lookup_class", "register"]


def register(table: dict[type, Any], kind: type, solver: Any, what: str) -> None:
    """Enter ``solver`` (a callable, or its ``"module:name"``) for ``kind`` in ``table``;
    ``what`` names the solver in the error for bad arguments."""
    if not isinstance(kind, type):
        raise InvalidArgumentError(f"{what} is registered for a class, not {kind!r}")
    if not (callable(solver) or (isinstance(solver, str) and ":" in solver)):
        raise InvalidArgumentError(
            f"{what} is a callable or a 'module:name' string, not {solver!r}"
        )
    table[kind] = solver


def lookup(table: dict[type, Any], obj: Any) -> Any:
    """The solver registered for ``obj``'s class or its nearest base class (imported now if it
    was named by its ``"module:name"``), or None."""
    return lookup_class(table, type(obj))


def lookup_class(table: dict[type, Any], cls: type) -> Any:
    """The solver registered for ``cls`` or its nearest base class (imported now if it was
    named by its ``"module:name"``), or None."""
    for kind in cls.__mro__:
        solver = table.get(kind)
        if isinstance(solver, str):
            module, _, name = solver.partition(":")
            solver = table[kind] = getattr(importlib.import_module(module), name)
        if solver is not None:
            return solver
    return None
