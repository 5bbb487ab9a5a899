"""The registry of closed forms, run by ``cgt verify``.

Each `games` module registers its published claims when imported, with the family of positions
that checks them, the fast path, the generic recursion it must agree with, and its source::

    cgt.register_claim(
        game="subtraction {2,3}",
        claim="g(n) = 0,0,1,1,2 by n mod 5",
        source="seed 001, section 6",
        family=lambda size: map(game.position, range(size)),
        quick=60, full=2_000,
        fast=sympy.Piecewise(...),
    )

A claim is registered as expected to hold (``expect="holds"``) or, when a published statement
is wrong, as ``"refuted"``: then `cgt verify` shows it refuted with its smallest counterexample
(next to the corrected claim, registered as holding).  ``cgt verify`` exits with a failure
when a claim registered as holding fails, when one registered as refuted no longer fails (the
registry is then out of date), or when a refuted claim's code raised (a crash is no refutation).

>>> import cgt
>>> @cgt.impartial_game
... def Take12(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> claim = cgt.Claim(game="take 1 or 2", claim="g(n) = n mod 3", source="folklore",
...                   family=lambda size: map(Take12, range(size)), quick=30, full=300,
...                   fast=lambda p: p.n % 3)
>>> row = claim.run(quick=True)
>>> row.status, row.result.checked
('holds', 30)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from cgt.errors import InvalidArgumentError, WrongTypeError
from cgt.impartial import grundy
from cgt.verify import VerificationResult, verify

__all__ = ["Claim", "ClaimRun", "claims", "register_claim", "run_claims"]

Expectation = Literal["holds", "refuted"]


@attrs.frozen
class Claim:
    """A closed form with the family of positions on which it is checked.

    ``family(size)`` yields the positions up to ``size`` in increasing order; ``quick`` is the
    size for CI runs (``cgt verify --quick``), ``full`` the size for ``cgt verify``.
    ``strategy`` is a hypothesis strategy of positions, or a function of no arguments that
    builds one (so that registering does not import hypothesis).  ``checked_up_to`` describes
    the size bound in words, with ``{size}`` for the number.
    """

    game: str
    claim: str
    source: str
    family: Callable[[int], Iterable[Any]]
    quick: int
    full: int
    fast: Any
    reference: Callable[[Any], Any] = grundy
    strategy: Any = None
    max_examples: tuple[int, int] = (50, 300)
    variables: Callable[[Any], Mapping[str, Any]] | None = None
    equal: Callable[[Any, Any], bool] | None = None
    expect: Expectation = attrs.field(
        default="holds", validator=attrs.validators.in_(("holds", "refuted"))
    )
    checked_up_to: str = "size <= {size}"
    note: str = ""

    def run(self, quick: bool = False, progress: Callable[[int], None] | None = None) -> ClaimRun:
        """Verify this claim at its quick or full size."""
        size = self.quick if quick else self.full
        strategy = self.strategy
        if strategy is not None and callable(strategy) and not hasattr(strategy, "example"):
            strategy = strategy()
        start = time.perf_counter()
        result = verify(
            self.family(size),
            self.fast,
            self.reference,
            strategy=strategy,
            max_examples=self.max_examples[0 if quick else 1],
            variables=self.variables,
            equal=self.equal,
            progress=progress,
        )
        return ClaimRun(
            self, result, self.checked_up_to.format(size=size), time.perf_counter() - start
        )


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
            "seconds": self.seconds,
        }


_REGISTRY: list[Claim] = []


def register_claim(claim: Claim | None = None, /, **fields: Any) -> Claim:
    """Add a claim to the registry (a `Claim`, or its fields as keywords); returns it."""
    if claim is None:
        claim = Claim(**fields)
    elif fields:
        raise WrongTypeError("pass a Claim or its fields, not both")
    if any(c.game == claim.game and c.claim == claim.claim for c in _REGISTRY):
        raise InvalidArgumentError(f"claim {claim.claim!r} of {claim.game!r} is already registered")
    _REGISTRY.append(claim)
    return claim


def claims() -> tuple[Claim, ...]:
    """Every registered claim, in order of registration."""
    return tuple(_REGISTRY)


def run_claims(
    selected: Iterable[Claim] | None = None,
    quick: bool = False,
    on_start: Callable[[int, int, Claim], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[ClaimRun]:
    """Verify the registered (or the given) claims, in order."""
    todo = list(_REGISTRY if selected is None else selected)
    runs = []
    for index, claim in enumerate(todo):
        if on_start is not None:
            on_start(index, len(todo), claim)
        runs.append(claim.run(quick=quick, progress=progress))
    return runs
