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

``cgt verify --jobs N`` / ``--scheduler ADDR`` (``run_claims(jobs=, scheduler=)``) runs the
claims on worker processes, one chunk per claim, or ``parts`` interleaved chunks of the family
(plus one for the random search) for a claim registered with ``parts=N``; a worker finds a
claim by its game and text after importing the module that registered it.  The results are
those of one process: the random search is seeded by the claim (`Claim.seed`).

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

import itertools
import sys
import time
import warnings
import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.impartial.sprague_grundy import grundy
from cgt.verification.harness import VerificationResult, verify

__all__ = [
    "Claim",
    "ClaimNotFoundError",
    "ClaimRun",
    "ClaimsInterrupted",
    "claims",
    "register_claim",
    "run_claims",
]

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
    parts: int = attrs.field(
        default=1,
        validator=attrs.validators.and_(attrs.validators.instance_of(int), attrs.validators.ge(1)),
    )

    @property
    def seed(self) -> int:
        """The seed of the random search: fixed by the claim's game and text, so every run
        draws the same positions, in one process or on many workers."""
        return zlib.crc32(f"{self.game}\n{self.claim}".encode())

    def size(self, quick: bool) -> int:
        """The size the family is checked up to."""
        return self.quick if quick else self.full

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

    def run(self, quick: bool = False, progress: Callable[[int], None] | None = None) -> ClaimRun:
        """Verify this claim at its quick or full size."""
        size = self.size(quick)
        start = time.perf_counter()
        result = self._verify(
            self.family(size), quick, strategy=self._strategy(), progress=progress
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

# The module whose import registered each claim (by game and text), or None: a worker process
# imports it to find the claim (see `ClaimChunk`).
_ORIGINS: dict[tuple[str, str], str | None] = {}


def register_claim(claim: Claim | None = None, /, **fields: Any) -> Claim:
    """Add a claim to the registry (a `Claim`, or its fields as keywords); returns it."""
    if claim is None:
        claim = Claim(**fields)
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
    return name


class ClaimNotFoundError(CGTError, LookupError):
    """A worker process could not find a claim it was sent (its plug-in or module is not
    installed there, or differs)."""


def claims() -> tuple[Claim, ...]:
    """Every registered claim, in order of registration."""
    return tuple(_REGISTRY)


def run_claims(
    selected: Iterable[Claim] | None = None,
    quick: bool = False,
    on_start: Callable[[int, int, Claim], None] | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = 1,
    scheduler: str | None = None,
    on_chunk: Callable[[int, int], None] | None = None,
) -> list[ClaimRun]:
    """Verify the registered (or the given) claims, in order.

    With ``jobs`` other than 1 or a ``scheduler``, the claims run in chunks on workers (see
    `ClaimChunk` and `cgt.run_chunks`) and ``on_chunk(finished, total)`` reports progress;
    the result is the same as in one process.  Ctrl-C raises `ClaimsInterrupted` with the
    claims finished.
    """
    todo = list(_REGISTRY if selected is None else selected)
    if scheduler is not None:
        from cgt.core.runner import _checked_address

        _checked_address(scheduler)  # before any work, even if no claim goes to workers
    if jobs == 1 and scheduler is None:
        runs: list[ClaimRun] = []
        try:
            for index, claim in enumerate(todo):
                if on_start is not None:
                    on_start(index, len(todo), claim)
                runs.append(claim.run(quick=quick, progress=progress))
        except KeyboardInterrupt:
            raise ClaimsInterrupted(runs, len(todo)) from None
        return runs
    return _run_in_chunks(todo, quick, jobs, scheduler, on_chunk)


class ClaimsInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped `run_claims`: ``runs`` are the claims that were finished (each whole), in
    order of the selection, out of ``total``."""

    def __init__(self, runs: list[ClaimRun], total: int) -> None:
        self.runs = runs
        self.total = total
        super().__init__(f"interrupted: {len(runs)} of {total} claims finished")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.runs, self.total), self.__dict__)


# ------------------------------------------------------------------------ chunks on workers


@attrs.frozen
class ClaimChunk:
    """A piece of a claim's check, as sent to a worker: the claim's name (never its functions)
    and which part to check.  ``part < parts`` checks the family's positions number ``part``,
    ``part + parts``, ``part + 2 * parts``...; ``part == parts`` is the random search (when the
    claim is split: a claim with ``parts == 1`` is checked whole in one chunk)."""

    origin: str | None
    game: str
    claim: str
    quick: bool
    part: int = 0
    parts: int = 1


@attrs.frozen
class _PartResult:
    """What a chunk sends back: the verification of its part, and where (index in the whole
    family) it failed or raised, if it did."""

    result: VerificationResult
    seconds: float
    failed_at: int | None = None
    error: BaseException | None = None


def _chunks_of(claim: Claim, quick: bool) -> list[ClaimChunk]:
    origin = _ORIGINS.get((claim.game, claim.claim))
    if claim.parts == 1:
        return [ClaimChunk(origin, claim.game, claim.claim, quick)]
    random = 1 if claim.strategy is not None else 0
    return [
        ClaimChunk(origin, claim.game, claim.claim, quick, part, claim.parts)
        for part in range(claim.parts + random)
    ]


def _find_claim(chunk: ClaimChunk) -> Claim:
    """The registered claim a chunk names (importing its module first, in a worker)."""
    for attempt in range(3):
        for claim in _REGISTRY:
            if claim.game == chunk.game and claim.claim == chunk.claim:
                return claim
        if attempt == 0 and chunk.origin is not None:
            import importlib

            importlib.import_module(chunk.origin)
        elif attempt == 1:
            from cgt.verification.plugins import load_plugins

            load_plugins()
    raise ClaimNotFoundError(
        f"claim {chunk.claim!r} of {chunk.game!r} is not registered in this process "
        f"(importing {chunk.origin or 'the plug-ins'} did not register it)"
    )


def _run_chunk(chunk: ClaimChunk) -> _PartResult:
    """Check one chunk of a claim (runs on a worker)."""
    with warnings.catch_warnings():
        # The worker's own threads draw from `random`; hypothesis would blame the strategy.
        warnings.filterwarnings("ignore", message="Do not use the `random` module inside")
        return _run_part(chunk)


def _run_part(chunk: ClaimChunk) -> _PartResult:
    claim = _find_claim(chunk)
    start = time.perf_counter()
    if chunk.parts == 1:
        try:
            run = claim.run(quick=chunk.quick)
        except Exception as error:  # raised when merged, in claim order (as in one process)
            empty = VerificationResult(0, 0, 0, 0.0, 0.0)
            return _PartResult(empty, time.perf_counter() - start, 0, error)
        return _PartResult(run.result, run.seconds)
    if chunk.part == chunk.parts:  # the random search alone
        result = claim._verify((), chunk.quick, strategy=claim._strategy())
        return _PartResult(result, time.perf_counter() - start)
    seen = [chunk.part - chunk.parts]  # the family index of the last position handed out

    def positions() -> Iterable[Any]:
        family = claim.family(claim.size(chunk.quick))
        for position in itertools.islice(family, chunk.part, None, chunk.parts):
            seen[0] += chunk.parts
            yield position

    try:
        result = claim._verify(positions(), chunk.quick)
    except Exception as error:  # raised at seen[0], as it would be in one process
        empty = VerificationResult(0, 0, 0, 0.0, 0.0)
        return _PartResult(empty, time.perf_counter() - start, seen[0], error)
    failed_at = None if result.ok else seen[0]
    return _PartResult(result, time.perf_counter() - start, failed_at)


def _merge(claim: Claim, quick: bool, parts: list[_PartResult]) -> ClaimRun:
    """The run of a claim from its chunks: what one process checking the family in order (and
    then searching at random) would have found."""
    checked_up_to = claim.checked_up_to.format(size=claim.size(quick))
    seconds = sum(p.seconds for p in parts)
    if claim.parts == 1:
        if parts[0].error is not None:
            raise parts[0].error
        return ClaimRun(claim, parts[0].result, checked_up_to, seconds)
    family_parts, random_part = parts[: claim.parts], parts[claim.parts :]
    fast = sum(p.result.fast_seconds for p in parts)
    reference = sum(p.result.reference_seconds for p in parts)
    stops = [p for p in family_parts if p.failed_at is not None]
    if stops:
        first = min(stops, key=lambda p: p.failed_at or 0)
        if first.error is not None:
            raise first.error
        r = first.result
        assert first.failed_at is not None
        count = first.failed_at + 1
        result = VerificationResult(
            count, count, 0, fast, reference, r.counterexample, r.expected, r.actual, r.found_by
        )
        return ClaimRun(claim, result, checked_up_to, seconds)
    exhaustive = sum(p.result.exhaustive for p in family_parts)
    if random_part:
        r = random_part[0].result
        result = VerificationResult(
            exhaustive + r.random,
            exhaustive,
            r.random,
            fast,
            reference,
            r.counterexample,
            r.expected,
            r.actual,
            r.found_by,
        )
    else:
        result = VerificationResult(exhaustive, exhaustive, 0, fast, reference)
    return ClaimRun(claim, result, checked_up_to, seconds)


def _run_in_chunks(
    todo: list[Claim],
    quick: bool,
    jobs: int | None,
    scheduler: str | None,
    on_chunk: Callable[[int, int], None] | None,
) -> list[ClaimRun]:
    """Run claims in chunks on workers; a claim no worker can import (registered by a script,
    a test or a doctest) runs in this process, after the others."""
    from cgt.core.runner import RunInterrupted, run_chunks

    groups: list[tuple[int, list[ClaimChunk]]] = []  # a claim's index and its chunks
    local: list[int] = []
    for index, claim in enumerate(todo):
        if _ORIGINS.get((claim.game, claim.claim)) is None:
            local.append(index)
        else:
            groups.append((index, _chunks_of(claim, quick)))
    flat = [chunk for _, group in groups for chunk in group]
    runs: dict[int, ClaimRun] = {}

    def merge(done: Mapping[int, _PartResult], interrupted: bool = False) -> None:
        position = 0
        for index, group in groups:
            span = range(position, position + len(group))
            position += len(group)
            if all(i in done for i in span):
                try:
                    runs[index] = _merge(todo[index], quick, [done[i] for i in span])
                except Exception:
                    if not interrupted:
                        raise

    try:
        if flat:
            merge(
                dict(
                    enumerate(
                        run_chunks(
                            _run_chunk, flat, jobs=jobs, scheduler=scheduler, progress=on_chunk
                        )
                    )
                )
            )
        for index in local:
            runs[index] = todo[index].run(quick=quick)
    except RunInterrupted as stop:
        merge(stop.finished, interrupted=True)
        raise ClaimsInterrupted([runs[i] for i in sorted(runs)], len(todo)) from None
    except KeyboardInterrupt:
        raise ClaimsInterrupted([runs[i] for i in sorted(runs)], len(todo)) from None
    return [runs[index] for index in range(len(todo))]
