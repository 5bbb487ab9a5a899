"""The pieces of ``cgt verify`` that travel to worker processes: a claim named by its game and
text (`ClaimChunk`), the check of one chunk on a worker (`_run_chunk`), and the merge of a
claim's chunks into what one process would have found (`_merge`)."""

from __future__ import annotations

import importlib
import itertools
import time
import warnings
from collections.abc import Iterable

import attrs

from cgt.core.errors import CGTError
from cgt.verification.claim import _ORIGINS, Claim, ClaimRun, claims
from cgt.verification.harness import VerificationResult

__all__ = ["ClaimChunk", "ClaimNotFoundError"]


class ClaimNotFoundError(CGTError, LookupError):
    """A worker process could not find a claim it was sent (its plug-in or module is not
    installed there, or differs)."""


@attrs.frozen
class ClaimChunk:
    """A piece of a claim's check, as sent to a worker: the claim's name (never its functions)
    and which part to check.  ``part < parts`` checks the family's positions number ``part``,
    ``part + parts``, ``part + 2 * parts``...; ``part == parts`` is the random search (when the
    claim is split: a claim with ``parts == 1`` is checked whole in one chunk).  ``size`` is
    the size checked (None: the claim's quick or full size)."""

    origin: str | None
    game: str
    claim: str
    quick: bool
    part: int = 0
    parts: int = 1
    size: int | None = None


@attrs.frozen
class _PartResult:
    """What a chunk sends back: the verification of its part, and where (index in the whole
    family) it failed or raised, if it did."""

    result: VerificationResult
    seconds: float
    failed_at: int | None = None
    error: BaseException | None = None


def _chunks_of(claim: Claim, quick: bool, size: int | None = None) -> list[ClaimChunk]:
    origin = _ORIGINS.get((claim.game, claim.claim))
    if claim.parts == 1:
        return [ClaimChunk(origin, claim.game, claim.claim, quick, size=size)]
    random = 1 if claim.strategy is not None else 0
    return [
        ClaimChunk(origin, claim.game, claim.claim, quick, part, claim.parts, size)
        for part in range(claim.parts + random)
    ]


def _find_claim(chunk: ClaimChunk) -> Claim:
    """The registered claim a chunk names (importing its module first, in a worker)."""
    for attempt in range(3):
        for claim in claims():
            if claim.game == chunk.game and claim.claim == chunk.claim:
                return claim
        if attempt == 0 and chunk.origin is not None:
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
            run = claim.run(quick=chunk.quick, size=chunk.size)
        except Exception as error:  # raised when merged, in claim order (as in one process)
            empty = VerificationResult(0, 0, 0, 0.0, 0.0)
            return _PartResult(empty, time.perf_counter() - start, 0, error)
        return _PartResult(run.result, run.seconds)
    if chunk.part == chunk.parts:  # the random search alone
        result = claim._verify((), chunk.quick, strategy=claim._strategy())
        return _PartResult(result, time.perf_counter() - start)
    seen = [chunk.part - chunk.parts]  # the family index of the last position handed out

    def positions() -> Iterable[object]:
        family = claim.family(claim.bound(chunk.quick, size=chunk.size))
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


def _merge(
    claim: Claim, quick: bool, parts: list[_PartResult], size: int | None = None
) -> ClaimRun:
    """The run of a claim from its chunks: what one process checking the family in order (and
    then searching at random) would have found."""
    checked_up_to = claim.checked_up_to.format(size=claim.bound(quick, size=size))
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
