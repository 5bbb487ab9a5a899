"""A registered claim (`Claim`), what its verification found (`ClaimRun`), and the registry.

A claim is checked on its family up to a size: ``quick`` (CI runs, ``cgt verify --quick``),
``standard`` (a plain ``cgt verify``; the full size unless the claim registers a smaller one
because its full size takes minutes), ``full`` (``cgt verify --full``), or any size asked for
(``cgt verify --size N`` / ``--scale K``, `Claim.bound`), up to the claim's ``max_size`` if it
has one.

>>> import cgt
>>> @cgt.impartial_game
... def Take1(n):
...     return [n - 1] if n else []
>>> claim = cgt.Claim(game="take 1", claim="g(n) = n mod 2", source="folklore",
...                   family=lambda size: map(Take1, range(size)), quick=10, full=100,
...                   fast=lambda p: p.n % 2, max_size=500, standard=60)
>>> claim.bound(), claim.bound(full=False), claim.bound(scale=3), claim.bound(size=20)
(100, 60, 300, 20)
>>> claim.run(size=20).checked_up_to
'size <= 20'
>>> claim.bound(size=1000)
Traceback (most recent call last):
...
cgt.verification.claim.ClaimSizeError: size 1000 is beyond the largest size of 'g(n) = n mod 2' \
of 'take 1' (500)
"""

from __future__ import annotations

import math
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError, _short_repr
from cgt.verification.harness import (
    VerificationResult,
    _check_callable,
    _check_count,
    _is_sympy,
    _named_argument_errors,
    compile_closed_form,
    verify,
)

__all__ = ["Claim", "ClaimRun", "ClaimSizeError", "claims", "register_claim"]

Expectation = Literal["holds", "refuted"]


class ClaimSizeError(CGTError, ValueError):
    """A size or a scale for the claims' families that cannot be used: not a positive whole
    number (a positive number for a scale), or beyond a claim's largest size."""


def _optional_positive(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise ClaimSizeError(f"{attribute.name} is a positive int or None, got {value!r}")


@attrs.frozen
class Claim:
    """A closed form with the family of positions on which it is checked.

    ``family(size)`` yields the positions up to ``size`` in increasing order; ``quick`` is the
    size for CI runs (``cgt verify --quick``), ``full`` the size for ``cgt verify --full``,
    ``standard`` (if given, between the two) the size for a plain ``cgt verify`` when the full
    size takes minutes, and ``max_size`` (if given) the largest size the family accepts.
    ``strategy`` is a hypothesis strategy of positions, or a function of no arguments that builds
    one (so that registering does not import hypothesis).  ``checked_up_to`` describes the size
    bound in words, with ``{size}`` for the number.
    """

    game: str
    claim: str
    source: str
    family: Callable[[int], Iterable[Any]]
    quick: int
    full: int
    fast: Any
    reference: Callable[[Any], Any] | None = None
    strategy: Any = None
    max_examples: tuple[int, int] = (50, 300)
    variables: Callable[[Any], Mapping[str, Any]] | None = None
    equal: Callable[[Any, Any], bool] | None = None
    expect: Expectation = "holds"
    checked_up_to: str = "size <= {size}"
    note: str = ""
    parts: int = 1
    max_size: int | None = attrs.field(default=None, validator=_optional_positive)
    standard: int | None = attrs.field(default=None, validator=_optional_positive)

    def __attrs_post_init__(self) -> None:
        _check_claim(self)

    @property
    def seed(self) -> int:
        """The seed of the random search: fixed by the claim's game and text, so every run
        draws the same positions, in one process or on many workers."""
        return zlib.crc32(f"{self.game}\n{self.claim}".encode())

    def size(self, quick: bool, full: bool = True) -> int:
        """The registered size the family is checked up to: quick, else full, else (``full``
        false) standard."""
        if quick:
            return self.quick
        return self.full if full or self.standard is None else self.standard

    def bound(
        self,
        quick: bool = False,
        *,
        size: int | None = None,
        scale: Fraction | int | str | None = None,
        full: bool = True,
    ) -> int:
        """The size to check: ``size`` if given, else the quick, full or (``full`` false)
        standard size times ``scale`` (rounded down, at least 1; a scaled size stops at
        ``max_size``).  A ``size`` beyond
        ``max_size`` raises `ClaimSizeError`."""
        if size is not None:
            size = checked_size(size)
            if self.max_size is not None and size > self.max_size:
                raise ClaimSizeError(
                    f"size {size} is beyond the largest size of {self.claim!r} of {self.game!r} "
                    f"({self.max_size})"
                )
            return size
        base = self.size(quick, full)
        if scale is None:
            return base
        scaled = max(1, math.floor(base * checked_scale(scale)))
        return scaled if self.max_size is None else min(scaled, self.max_size)

    def _verify(self, family: Iterable[Any], quick: bool, **options: Any) -> VerificationResult:
        return verify(
            family,
            self.fast,
            self.reference,
            max_examples=self.max_examples[0 if quick else 1],
            variables=self.variables,
            equal=self.equal,
            seed=self.seed,
            **options,
        )

    def _strategy(self) -> Any:
        strategy = self.strategy
        if strategy is not None and callable(strategy) and not hasattr(strategy, "example"):
            strategy = strategy()
        return strategy

    def run(
        self,
        quick: bool = False,
        progress: Callable[[int], None] | None = None,
        *,
        size: int | None = None,
    ) -> ClaimRun:
        """Verify this claim at its quick or full size, or at ``size`` (see `bound`)."""
        size = self.bound(quick, size=size)
        start = time.perf_counter()
        result = self._verify(
            self.family(size), quick, strategy=self._strategy(), progress=progress
        )
        return ClaimRun(
            self, result, self.checked_up_to.format(size=size), time.perf_counter() - start
        )


# A missing or unknown field is a named error (WrongTypeError), as in register_claim.
Claim.__init__ = _named_argument_errors(Claim.__init__)  # type: ignore[method-assign]


def checked_size(size: Any) -> int:
    """``size`` if it is a positive int, else `ClaimSizeError`."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise ClaimSizeError(f"a size is a positive whole number, got {size!r}")
    return size


def checked_scale(scale: Any) -> Fraction:
    """``scale`` as an exact positive number (an int, a Fraction, or text such as ``"1.5"`` or
    ``"3/2"``), else `ClaimSizeError`."""
    if isinstance(scale, bool) or not isinstance(scale, int | Fraction | str):
        raise ClaimSizeError(f"a scale is a positive number such as 2 or 1.5, got {scale!r}")
    try:
        value = Fraction(scale)
    except (ValueError, ZeroDivisionError):
        raise ClaimSizeError(
            f"a scale is a positive number such as 2 or 1.5, got {scale!r}"
        ) from None
    if value <= 0:
        raise ClaimSizeError(f"a scale is a positive number such as 2 or 1.5, got {scale!r}")
    return value


def _check_claim(claim: Claim) -> None:
    """A named error for the first field of ``claim`` that cannot be used, naming it."""
    for name in ("game", "claim", "source", "checked_up_to", "note"):
        value = getattr(claim, name)
        if not isinstance(value, str) or (not value and name in ("game", "claim")):
            what = "a non-empty str" if name in ("game", "claim") else "a str"
            raise WrongTypeError(f"a claim's {name} is {what}, got {_short_repr(value)}")
    where = f"claim {claim.claim!r} of {claim.game!r}"
    for name in ("quick", "full"):
        size = getattr(claim, name)
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ClaimSizeError(f"{where}: {name} is a positive int, got {_short_repr(size)}")
        if claim.max_size is not None and size > claim.max_size:
            raise ClaimSizeError(
                f"{where}: {name} = {size} is beyond its max_size ({claim.max_size})"
            )
    if claim.standard is not None and not claim.quick <= claim.standard <= claim.full:
        raise ClaimSizeError(
            f"{where}: standard = {claim.standard} is not between quick ({claim.quick}) and "
            f"full ({claim.full})"
        )
    _check_callable(
        claim.family, f"{where}: family", "a function size -> positions", optional=False
    )
    _check_callable(claim.reference, f"{where}: reference", "a function position -> value")
    for name in ("variables", "equal"):
        _check_callable(getattr(claim, name), f"{where}: {name}", "a function")
    if claim.fast is None:
        raise WrongTypeError(f"{where}: fast is a function position -> value or a closed form")
    if not callable(claim.fast) or _is_sympy(claim.fast):
        compile_closed_form(claim.fast)  # a closed form that cannot be read fails here, not later
    strategy = claim.strategy
    if strategy is not None and not callable(strategy) and not hasattr(strategy, "example"):
        raise WrongTypeError(
            f"{where}: strategy is a hypothesis strategy, a function that builds one, or None, "
            f"got {_short_repr(strategy)}"
        )
    examples = claim.max_examples
    if not isinstance(examples, tuple) or len(examples) != 2:
        raise WrongTypeError(
            f"{where}: max_examples is a pair (quick, full) of positive ints, got "
            f"{_short_repr(examples)}"
        )
    for examples_of_run in examples:
        _check_count(examples_of_run, f"{where}: each of max_examples")
    if claim.expect not in ("holds", "refuted"):
        raise InvalidArgumentError(
            f"{where}: expect is 'holds' or 'refuted', got {_short_repr(claim.expect)}"
        )
    try:
        claim.checked_up_to.format(size=1)
    except (KeyError, IndexError, ValueError):
        raise InvalidArgumentError(
            f"{where}: checked_up_to is text with {{size}} for the size, got "
            f"{claim.checked_up_to!r}"
        ) from None
    _check_count(claim.parts, f"{where}: parts")


@attrs.frozen
class ClaimRun:
    """A claim with what its verification found."""

    claim: Claim
    result: VerificationResult
    checked_up_to: str
    seconds: float

    @property
    def status(self) -> str:
        """``holds``, ``refuted`` (as registered), ``FAILS``, ``NO LONGER REFUTED``, or
        ``FAST PATH RAISED`` (a claim registered as refuted whose code crashed: a crash is a
        bug in the check, not a refutation)."""
        if self.claim.expect == "holds":
            return "holds" if self.result.ok else "FAILS"
        if self.result.ok:
            return "NO LONGER REFUTED"
        return "FAST PATH RAISED" if self.result.fast_path_raised else "refuted"

    @property
    def as_registered(self) -> bool:
        return self.status in ("holds", "refuted")

    def to_json(self) -> dict[str, Any]:
        r = self.result
        return {
            "game": self.claim.game,
            "claim": self.claim.claim,
            "source": self.claim.source,
            "expect": self.claim.expect,
            "status": self.status,
            "checked": r.checked,
            "exhaustive": r.exhaustive,
            "random": r.random,
            "checked_up_to": self.checked_up_to,
            "counterexample": None if r.ok else repr(r.counterexample),
            "expected": None if r.ok else repr(r.expected),
            "actual": None if r.ok else repr(r.actual),
            "fast_seconds": r.fast_seconds,
            "reference_seconds": r.reference_seconds,
            "reference": r.reference,
            "seconds": self.seconds,
        }


_REGISTRY: list[Claim] = []

# The module whose import registered each claim (by game and text), or None: a worker process
# imports it to find the claim (see `cgt.verification._chunks.ClaimChunk`).
_ORIGINS: dict[tuple[str, str], str | None] = {}


def register_claim(claim: Claim | None = None, /, **fields: Any) -> Claim:
    """Add a claim to the registry (a `Claim`, or its fields as keywords); returns it."""
    if claim is None:
        claim = Claim(**_checked_fields(fields))
    elif not isinstance(claim, Claim):
        raise WrongTypeError(
            f"register_claim takes a Claim or its fields as keywords, got {_short_repr(claim)}"
        )
    elif fields:
        raise WrongTypeError("pass a Claim or its fields, not both")
    if any(c.game == claim.game and c.claim == claim.claim for c in _REGISTRY):
        raise InvalidArgumentError(f"claim {claim.claim!r} of {claim.game!r} is already registered")
    _REGISTRY.append(claim)
    _ORIGINS[claim.game, claim.claim] = _importing_module()
    return claim


def _importing_module() -> str | None:
    """The module whose top-level code is running (the one being imported), if it is a file
    another process can import; None for ``__main__``, doctests, ``exec``..."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    name = frame.f_globals.get("__name__")
    if not isinstance(name, str) or name == "__main__" or frame.f_code.co_filename[:1] == "<":
        return None
    # a module another process can import has a spec and is this file (not, say, the
    # ``__channelexec__`` that runs pytest-xdist's workers, or a function called from a script)
    module = sys.modules.get(name)
    if getattr(module, "__spec__", None) is None or getattr(module, "__file__", None) != (
        frame.f_code.co_filename
    ):
        return None
    return name


def _checked_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` if they are those of a `Claim` (every required one, no other), else
    `WrongTypeError` naming the missing and unknown ones."""
    known = attrs.fields_dict(Claim)
    required = [name for name, field in known.items() if field.default is attrs.NOTHING]
    missing = [name for name in required if name not in fields]
    unknown = [name for name in fields if name not in known]
    if missing or unknown:
        problems = [f"missing {', '.join(missing)}"] if missing else []
        problems += [f"unknown {', '.join(unknown)}"] if unknown else []
        raise WrongTypeError(
            f"a claim's fields: {'; '.join(problems)} (it needs {', '.join(required)}; "
            f"optional: {', '.join(name for name in known if name not in required)})"
        )
    return fields


@_named_argument_errors
def claims() -> tuple[Claim, ...]:
    """Every registered claim, in order of registration."""
    return tuple(_REGISTRY)
