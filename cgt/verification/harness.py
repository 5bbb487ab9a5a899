"""Check a closed form against the generic recursion: exhaustively, then at random.

A *closed form* (fast path) claims to compute what the generic recursion computes, faster.
`verify` runs both over a family of positions and reports the first disagreement:

* ``family``: an iterable of positions, in order of increasing size (so the first counterexample
  found is a smallest one);
* ``strategy``: optionally a hypothesis strategy of positions, tried after the family; a
  counterexample found at random is shrunk by hypothesis to a smallest one;
* ``fast``: a callable ``position -> value``, or a sympy expression in named size variables,
  evaluated at ``variables(position)`` (by default the position's attributes of those names);
* ``reference``: the generic recursion; by default `cgt.grundy` for impartial positions and
  `cgt.value` for partizan ones (``result.reference`` says which was used).

>>> import cgt, sympy
>>> @cgt.impartial_game
... def Take123(n):
...     return [n - k for k in (1, 2, 3) if k <= n]
>>> n = sympy.Symbol("n")
>>> result = cgt.verify(map(Take123, range(60)), sympy.Mod(n, 4))
>>> result.ok, result.checked
(True, 60)
>>> wrong = cgt.verify(map(Take123, range(60)), sympy.Mod(n, 3))
>>> wrong.ok, wrong.counterexample, wrong.expected, wrong.actual, wrong.reference
(False, Take123(3), 3, 0, 'cgt.grundy')

A partizan position is compared with its canonical value:

>>> @cgt.partizan_game
... def Lead(n):  # Left may take a counter; Right never moves
...     return [n - 1] if n else [], []
>>> result = cgt.verify(map(Lead, range(20)), lambda p: cgt.Game(p.n))
>>> result.ok, result.reference
(True, 'cgt.value')
"""

from __future__ import annotations

import functools
import inspect
import pickle
import time
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from random import Random
from typing import Any, ParamSpec, TypeVar

import attrs

from cgt.core.errors import (
    CGTError,
    InvalidArgumentError,
    NotAPositionError,
    WrongTypeError,
    _short_repr,
)
from cgt.impartial.sprague_grundy import grundy
from cgt.partizan.game import Game
from cgt.partizan.values import value as canonical_value
from cgt.positions.decorators import FunctionPosition
from cgt.positions.sums import Sum

__all__ = [
    "ClosedFormError",
    "VerificationResult",
    "compile_closed_form",
    "is_partizan",
    "verify",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")


class ClosedFormError(CGTError, ValueError):
    """A closed form cannot be evaluated as given: text that is not a formula, a float in it, a
    variable it needs is missing, or it gives an inexact value (a float, an irrational)."""


def _named_argument_errors(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` that raises `WrongTypeError` (naming the arguments it takes) when called
    with arguments that do not fit its signature, instead of Python's bare `TypeError`."""
    signature = inspect.signature(function)
    names = [name for name in signature.parameters if name != "self"]
    takes = f"its arguments are {', '.join(names)}" if names else "it takes no arguments"

    @functools.wraps(function)
    def checked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as error:
            raise WrongTypeError(f"{function.__qualname__}() {error}; {takes}") from None
        return function(*args, **kwargs)

    return checked


def _check_callable(value: Any, name: str, what: str, *, optional: bool = True) -> None:
    """`WrongTypeError` unless ``value`` is callable (or None, if ``optional``)."""
    if (value is None and optional) or (value is not None and callable(value)):
        return
    none = " or None" if optional else ""
    raise WrongTypeError(f"{name} is {what}{none}, got {_short_repr(value)}")


def _check_count(value: Any, name: str, *, optional: bool = False) -> None:
    """A named error unless ``value`` is a positive int (or None, if ``optional``):
    `WrongTypeError` for another type, `InvalidArgumentError` for an int below 1."""
    if value is None and optional:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        none = " or None" if optional else ""
        wrong_type = not isinstance(value, int) or isinstance(value, bool)
        error = WrongTypeError if wrong_type else InvalidArgumentError
        raise error(f"{name} is a positive int{none}, got {_short_repr(value)}")


@attrs.frozen
class VerificationResult:
    """What `verify` found.

    ``ok`` is true when no counterexample was found.  ``counterexample`` is the first failing
    position of the family, or the shrunk failing position of the random search; ``expected``
    is the reference's value there and ``actual`` the fast path's (or the exception it raised).
    ``reference`` names the recursion that gave the expected values (``cgt.grundy``,
    ``cgt.value``, both for a family of both kinds, or the name of the function passed).
    """

    checked: int
    exhaustive: int
    random: int
    fast_seconds: float
    reference_seconds: float
    counterexample: Any = None
    expected: Any = None
    actual: Any = None
    found_by: str | None = None
    reference: str = ""

    @property
    def ok(self) -> bool:
        return self.found_by is None

    @property
    def fast_path_raised(self) -> bool:
        """Whether the counterexample is one where the fast path raised an exception."""
        return isinstance(self.actual, _FastPathError)

    @property
    def speedup(self) -> float | None:
        """Recursion time over fast-path time (``None`` if the fast path took no time)."""
        if self.fast_seconds <= 0:
            return None
        return self.reference_seconds / self.fast_seconds

    def describe(self) -> str:
        """One line: the verdict, with the counterexample when there is one."""
        if self.ok:
            return f"holds on {self.checked} positions"
        return (
            f"fails at {_short_repr(self.counterexample)}: reference {self.expected!r}, "
            f"closed form {self.actual!r}{_kind_hint(self.expected, self.actual)}"
        )

    def __bool__(self) -> bool:
        return self.ok


def _kind_hint(expected: Any, actual: Any) -> str:
    """A hint when the two values are of different kinds (a nimber against a Grundy value)."""
    if isinstance(expected, Game) and isinstance(actual, int) and not isinstance(actual, bool):
        return (
            " (the reference gave a Game and the closed form an int: to compare Grundy values,"
            " pass reference=cgt.grundy)"
        )
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, Game):
        return (
            " (the reference gave an int and the closed form a Game: to compare canonical"
            " values, pass reference=cgt.value)"
        )
    return ""


def is_partizan(position: Any) -> bool:
    """Whether `verify` values ``position`` with `cgt.value` by default: a position without
    ``options()`` (only ``left_options``/``right_options``), a `cgt.Game`, a position of a
    `cgt.partizan_game`, or a sum with such a part.  Impartial positions get `cgt.grundy`.

    >>> from cgt import Game, Sum, impartial_game
    >>> @impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> is_partizan(Heap(3)), is_partizan(Game(1)), is_partizan(Sum(Heap(1), Game(1)))
    (False, True, True)
    """
    if isinstance(position, FunctionPosition):
        return position.definition.partizan
    if isinstance(position, Game):
        return True
    if isinstance(position, Sum):
        return any(is_partizan(part) for part in position.components)
    return not callable(getattr(position, "options", None))


_REFERENCE_NAMES: dict[Any, str] = {grundy: "cgt.grundy", canonical_value: "cgt.value"}


def _reference_name(reference: Callable[[Any], Any]) -> str:
    name = _REFERENCE_NAMES.get(reference)
    if name is None:
        name = getattr(reference, "__qualname__", None) or repr(reference)
    return name


class _FastPathError:
    """Stands for an exception raised by the fast path, so it shows in a result."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __repr__(self) -> str:
        error = self.error
        name = error.name if isinstance(error, _Unpicklable) else type(error).__name__
        return f"raised {name}: {error}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent back from a worker: keep the error if it pickles, else an error that reads alike.
        try:
            pickle.dumps(self.error)
        except Exception:
            return (_FastPathError, (_Unpicklable(type(self.error).__name__, str(self.error)),))
        return (_FastPathError, (self.error,))

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


class _Unpicklable(Exception):
    """Stands for an exception that could not be pickled; prints as the original did."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(name, message)
        self.name = name
        self.message = message

    def __str__(self) -> str:
        return self.message


def _exact(value: Any) -> Any:
    """Turn a sympy number into an int or Fraction, refusing anything inexact."""
    import sympy

    if isinstance(value, float):
        raise ClosedFormError(f"closed form evaluated to the float {value!r}, not an exact number")
    if isinstance(value, sympy.Basic):
        if value.is_Integer:
            return int(value)
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        if value is sympy.true or value is sympy.false:
            return bool(value)
        raise ClosedFormError(f"closed form evaluated to {value}, not an exact number")
    return value


@_named_argument_errors
def compile_closed_form(
    expression: Any, variables: Callable[[Any], Mapping[str, Any]] | None = None
) -> Callable[[Any], Any]:
    """Make a callable ``position -> value`` from a sympy expression in size variables.

    ``variables(position)`` maps each free symbol's name to its value; by default each symbol
    is read as the attribute of that name on the position.

    >>> import sympy
    >>> from cgt.verification.harness import compile_closed_form
    >>> class Heap:
    ...     def __init__(self, n): self.n = n
    >>> f = compile_closed_form(sympy.Mod(sympy.Symbol("n"), 4))
    >>> f(Heap(10))
    2
    """
    import sympy

    _check_callable(variables, "variables", "a function position -> {name: value}")
    expression = _sympy_expression(expression)
    symbols = sorted(expression.free_symbols, key=lambda s: s.name)
    names = [s.name for s in symbols]
    function = sympy.lambdify(
        symbols,
        expression,
        modules=[{"Rational": sympy.Rational}, "sympy"],
        printer=_exact_printer(),
    )

    def fast(position: Any) -> Any:
        if variables is None:
            try:
                values = [getattr(position, name) for name in names]
            except AttributeError as error:
                raise ClosedFormError(
                    f"closed form needs {', '.join(names)}, but position "
                    f"{_short_repr(position)} has no attribute {error.name!r}; pass variables="
                ) from None
        else:
            mapping = variables(position)
            missing = [name for name in names if name not in mapping]
            if missing:
                raise ClosedFormError(
                    f"closed form needs {', '.join(missing)}, but variables() gave only "
                    f"{', '.join(map(str, mapping)) or 'nothing'} for {_short_repr(position)}"
                )
            values = [mapping[name] for name in names]
        # sympy numbers, not Python ones: n/2 must stay the exact Rational, not a float.
        return _exact(function(*map(_sympy_number, values)))

    fast.__doc__ = f"closed form {expression}"
    return fast


def _sympy_expression(expression: Any) -> Any:
    """``expression`` read as an exact sympy expression (formula text is parsed), else a named
    error: `WrongTypeError` for what is no formula, `ClosedFormError` for text that does not
    parse and for floats (write ``n/2`` or ``Rational(1, 2)``, not ``0.5``)."""
    import sympy
    from sympy.logic.boolalg import Boolean

    if not isinstance(expression, int | Fraction | float | str | sympy.Basic):
        hint = " (a function position -> value is a fast path: pass it as fast=)"
        raise WrongTypeError(
            "a closed form is a sympy expression, formula text or an exact number, got "
            f"{_short_repr(expression)}{hint if callable(expression) else ''}"
        )
    try:
        parsed = sympy.sympify(expression)
    except (sympy.SympifyError, SyntaxError, TypeError, ValueError):
        raise ClosedFormError(
            f"closed form {_short_repr(expression)} is not a formula sympy can read"
        ) from None
    if not isinstance(parsed, sympy.Expr | Boolean):
        raise ClosedFormError(
            f"closed form {_short_repr(expression)} is a {type(parsed).__name__}, not an "
            "expression with a value"
        )
    floats = parsed.atoms(sympy.Float)
    if floats:
        raise ClosedFormError(
            f"closed form {_short_repr(expression)} has the float {float(min(floats))!r}, not an "
            "exact number: write a fraction (n/2, Rational(1, 2)) instead"
        )
    return parsed


def _exact_printer() -> Any:
    """A lambdify printer that keeps rational constants exact (``Rational(1, 2)``, not ``1/2``,
    which Python would evaluate to the float 0.5)."""
    from sympy.printing.pycode import SymPyPrinter

    class ExactPrinter(SymPyPrinter):
        def _print_Rational(self, expr: Any) -> str:
            return f"Rational({expr.p}, {expr.q})"

        _print_Half = _print_Rational

    return ExactPrinter(
        {"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True}
    )


def _sympy_number(value: Any) -> Any:
    import sympy

    if isinstance(value, bool):
        return sympy.true if value else sympy.false
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    return value


def _as_callable(fast: Any, variables: Callable[[Any], Mapping[str, Any]] | None) -> Any:
    if callable(fast) and not _is_sympy(fast):
        return fast
    return compile_closed_form(fast, variables)


def _is_sympy(obj: Any) -> bool:
    module = type(obj).__module__ or ""
    return module.startswith("sympy")


def _check_verify_arguments(
    family: Any, reference: Any, strategy: Any, max_examples: Any, seed: Any
) -> Iterable[Any]:
    """The positions of ``family`` (an iterator over it), once the arguments of `verify` that
    are not callables are checked: a named error names the first one that does not fit."""
    try:
        positions = iter(family)
    except TypeError:
        raise WrongTypeError(
            f"family is an iterable of positions, got {_short_repr(family)}"
        ) from None
    _check_callable(reference, "reference", "a function position -> value")
    if strategy is not None:
        from hypothesis.strategies import SearchStrategy

        if not isinstance(strategy, SearchStrategy):
            raise WrongTypeError(
                f"strategy is a hypothesis strategy of positions or None, got "
                f"{_short_repr(strategy)}"
            )
    _check_count(max_examples, "max_examples")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise WrongTypeError(f"seed is an int or None, got {_short_repr(seed)}")
    return positions


@_named_argument_errors
def verify(
    family: Iterable[Any] = (),
    fast: Any = None,
    reference: Callable[[Any], Any] | None = None,
    *,
    strategy: Any = None,
    max_examples: int = 200,
    variables: Callable[[Any], Mapping[str, Any]] | None = None,
    equal: Callable[[Any, Any], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    seed: int | None = None,
) -> VerificationResult:
    """Compare ``fast`` with ``reference`` on every position of ``family``, then on
    ``max_examples`` positions drawn from ``strategy``; see the module documentation.

    ``reference`` is the recursion to trust; by default each position is valued by
    `cgt.grundy` if it is impartial and by `cgt.value` if it is partizan (`is_partizan`).
    ``equal(expected, actual)`` decides agreement (default ``==``).  ``progress(n)`` is called
    after every 64 positions with the number checked so far.  ``seed`` makes the random search
    reproducible (the same positions are drawn in every run and every process).
    """
    if fast is None:
        raise WrongTypeError("verify needs a fast path: a callable or a sympy expression")
    positions = _check_verify_arguments(family, reference, strategy, max_examples, seed)
    for name, value in (("variables", variables), ("equal", equal), ("progress", progress)):
        _check_callable(value, name, "a function")
    fast_path = _as_callable(fast, variables)
    same = equal if equal is not None else (lambda a, b: bool(a == b))
    timings = [0.0, 0.0]
    used: dict[str, None] = {}  # the references used, in order

    def recursion(position: Any) -> Any:
        chosen = reference
        if chosen is None:
            chosen = canonical_value if is_partizan(position) else grundy
        used.setdefault(_reference_name(chosen))
        if chosen is grundy and is_partizan(position):
            try:
                return grundy(position)
            except NotAPositionError as error:
                raise WrongTypeError(
                    f"reference cgt.grundy cannot value {_short_repr(position)}, a partizan "
                    f"position ({error}): pass reference=cgt.value, or leave reference out "
                    "(verify then uses cgt.grundy for impartial positions, cgt.value for "
                    "partizan ones)"
                ) from None
        return chosen(position)

    def check(position: Any) -> tuple[bool, Any, Any]:
        start = time.perf_counter()
        expected = recursion(position)
        middle = time.perf_counter()
        try:
            actual = fast_path(position)
        except ClosedFormError:
            raise  # the closed form is malformed as given: say so instead of a counterexample
        except Exception as error:
            actual = _FastPathError(error)
        if isinstance(actual, float):
            raise ClosedFormError(
                f"the fast path returned the float {actual!r} at {_short_repr(position)}: "
                "values are exact (int, Fraction, Game...), floats are refused"
            )
        end = time.perf_counter()
        timings[0] += end - middle
        timings[1] += middle - start
        return (not isinstance(actual, _FastPathError) and same(expected, actual)), expected, actual

    exhaustive = 0
    for position in positions:
        good, expected, actual = check(position)
        exhaustive += 1
        if progress is not None and exhaustive % 64 == 0:
            progress(exhaustive)
        if not good:
            return VerificationResult(
                exhaustive,
                exhaustive,
                0,
                timings[0],
                timings[1],
                position,
                expected,
                actual,
                "exhaustive",
                _used(used, reference),
            )

    random_checked = 0
    if strategy is not None:
        from hypothesis import HealthCheck, find, settings
        from hypothesis.errors import NoSuchExample

        def fails(position: Any) -> bool:
            nonlocal random_checked
            random_checked += 1
            return not check(position)[0]

        config = settings(
            max_examples=max_examples,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        try:
            smallest = find(
                strategy, fails, settings=config, random=None if seed is None else Random(seed)
            )
        except NoSuchExample:
            pass
        else:
            _, expected, actual = check(smallest)
            total = exhaustive + random_checked
            return VerificationResult(
                total,
                exhaustive,
                random_checked,
                timings[0],
                timings[1],
                smallest,
                expected,
                actual,
                "random",
                _used(used, reference),
            )
    return VerificationResult(
        exhaustive + random_checked,
        exhaustive,
        random_checked,
        timings[0],
        timings[1],
        reference=_used(used, reference),
    )


def _used(used: dict[str, None], reference: Callable[[Any], Any] | None) -> str:
    """The references used, as one name (in alphabetical order, " and " between them), or the
    one that was given."""
    if not used:
        return _reference_name(reference) if reference is not None else ""
    return joined_references(used)


def joined_references(names: Iterable[str]) -> str:
    """Names of references (each possibly already joined) as one, in alphabetical order.

    >>> joined_references(["cgt.value", "cgt.grundy and cgt.value", ""])
    'cgt.grundy and cgt.value'
    """
    found = {part for name in names for part in name.split(" and ") if part}
    return " and ".join(sorted(found))
