"""The pieces of ``cgt verify`` that travel to worker processes: a claim named by its game and
text (`ClaimChunk`), the check of one chunk on a worker (`_run_chunk`), the merge of a claim's
chunks into what one process would have found (`_merge`), and the chunks' times of the last run
(`_load_timings`, `_store_timings`), from which the longest chunks are started first
(`_priorities`).

The times are CPU times (what a free core would take, whatever the load when they were
measured), kept in a small JSON file in the user's cache directory, keyed by the claim's game
and text, quick or full, size and part; a missing or unreadable file is no history:

>>> chunks = [ClaimChunk(None, "g", "short", False, size=5), ClaimChunk(None, "g", "long", False)]
>>> _priorities(chunks, {_timing_key(chunks[0]): 0.5, _timing_key(chunks[1]): 9.0})
[1, 2]
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import math
import os
import tempfile
import time
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

from cgt.core.errors import CGTError
from cgt.verification.claim import _ORIGINS, Claim, ClaimRun, claims
from cgt.verification.harness import VerificationResult, joined_references

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
    cpu_seconds: float = 0.0  # of the thread that ran the chunk (what a free core would take)


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
        cpu = time.thread_time()
        part = _run_part(chunk)
        return attrs.evolve(part, cpu_seconds=time.thread_time() - cpu)


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
            count,
            count,
            0,
            fast,
            reference,
            r.counterexample,
            r.expected,
            r.actual,
            r.found_by,
            joined_references(p.result.reference for p in parts),
        )
        return ClaimRun(claim, result, checked_up_to, seconds)
    exhaustive = sum(p.result.exhaustive for p in family_parts)
    names = joined_references(p.result.reference for p in parts)
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
            names,
        )
    else:
        result = VerificationResult(exhaustive, exhaustive, 0, fast, reference, reference=names)
    return ClaimRun(claim, result, checked_up_to, seconds)


# ----------------------------------------------------------------------------- timings

_TIMINGS_KEPT = 5_000  # entries kept in the file (the newest), so that it stays small


def _timings_path() -> Path:
    """Where the chunks' times are kept: ``verify-timings.json`` in the user's cache
    directory (``platformdirs``' if it is installed, else ``~/.cache/cgt``)."""
    try:
        import platformdirs
    except ImportError:
        return Path.home() / ".cache" / "cgt" / "verify-timings.json"
    return Path(platformdirs.user_cache_dir("cgt")) / "verify-timings.json"


def _timing_key(chunk: ClaimChunk) -> str:
    """A chunk's key in the timings file: its game, claim, quick or full, size and part."""
    size = "quick" if chunk.quick else "full"
    return json.dumps([chunk.game, chunk.claim, size, chunk.size, chunk.part, chunk.parts])


def _load_timings(path: Path | None = None) -> dict[str, float]:
    """The chunks' CPU times stored by earlier runs; nothing if the file is missing or
    corrupt."""
    try:
        data = json.loads((path or _timings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("cpu_seconds"), dict):
        return {}
    return {
        key: float(value)
        for key, value in data["cpu_seconds"].items()
        if isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    }


def _store_timings(new: Mapping[str, float], path: Path | None = None) -> None:
    """Add the times of a run to the file (the newest ``_TIMINGS_KEPT`` entries are kept); a
    file that cannot be written (read-only home...) is left as it is."""
    if not new:
        return
    path = path or _timings_path()
    seconds = _load_timings(path)
    for key in new:
        seconds.pop(key, None)  # re-inserted last: the newest entries are kept
    seconds.update(new)
    kept = dict(list(seconds.items())[-_TIMINGS_KEPT:])
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as file:
            json.dump({"version": 1, "cpu_seconds": kept}, file)
        os.replace(file.name, path)  # atomic: a run reading it meanwhile sees the old file


def _expected_seconds(chunk: ClaimChunk, timings: Mapping[str, float]) -> float | None:
    """A chunk's time in the last run that timed it (a part of a split claim: its share of
    the whole claim's time, if only that is known); None if it was never timed."""
    known = timings.get(_timing_key(chunk))
    if known is None and chunk.parts > 1:
        whole = timings.get(_timing_key(attrs.evolve(chunk, part=0, parts=1)))
        known = None if whole is None else whole / chunk.parts
    return known


def _priorities(chunks: Sequence[ClaimChunk], timings: Mapping[str, float]) -> list[int]:
    """Each chunk's priority on workers: the longest first (expected from ``timings``), so
    that the last chunk to finish is short.  A chunk never timed comes before all others (it
    may be the longest); ties keep the chunks' order."""
    return _ranked([_expected_seconds(chunk, timings) for chunk in chunks])


def _ranked(expected: Sequence[float | None]) -> list[int]:
    order = sorted(
        range(len(expected)),
        key=lambda i: (expected[i] is not None, -(expected[i] or 0.0), i),
    )
    priorities = [0] * len(expected)
    for rank, index in enumerate(order):
        priorities[index] = len(expected) - rank
    return priorities


_SPLIT_GAIN = 1.05
"""A game's claims are split over more bundles only if that shortens the expected run by more
than this factor (a split game's memo tables are built again by every worker that meets it:
6 to 8% more CPU for the claims of ``cgt verify`` at full size on 2 workers)."""


def _bundles(
    chunks: Sequence[ClaimChunk], timings: Mapping[str, float], workers: int | None
) -> tuple[list[list[int]], list[int]]:
    """The chunks grouped into bundles, each run in turn by one worker, and the bundles'
    priorities (the longest first).  With every chunk timed and ``workers`` known, the claims
    of a game go together, in registration order: in one bundle per game if the run is then
    expected to last no more than `_SPLIT_GAIN` times as long as with the games cut into
    bundles of at most a worker's share, half of it or a quarter (whichever is best): the
    claims of a game share its memo tables, which a worker then builds once for them all.
    Else (or a claim in parts) each chunk is a bundle of its own.

    >>> chunks = [ClaimChunk(None, g, c, False) for g, c in ["aa", "ab", "ba", "ac", "bb"]]
    >>> times = dict(zip(map(_timing_key, chunks), [4.0, 1.0, 3.0, 1.0, 1.0], strict=True))
    >>> _bundles(chunks, times, workers=2)  # whole games 6 s | 4 s; a share (5 s): 5 | 4 + 1
    ([[0, 1], [2, 4], [3]], [3, 2, 1])
    >>> times[_timing_key(chunks[4])] = 2.0
    >>> _bundles(chunks, times, workers=2)  # 6 s | 5 s either way: the games whole
    ([[0, 1, 3], [2, 4]], [2, 1])
    """
    expected = [_expected_seconds(chunk, timings) for chunk in chunks]
    known = [seconds for seconds in expected if seconds is not None]
    if workers is None or workers < 2 or len(known) < len(expected):
        return [[i] for i in range(len(chunks))], _ranked(expected)
    share = sum(known) / workers
    best: tuple[float, list[list[int]]] | None = None
    for cap in (math.inf, share, share / 2, share / 4):
        bundles = _bundled(chunks, known, cap)
        makespan = _longest_first_makespan([sum(known[i] for i in b) for b in bundles], workers)
        if best is None or makespan * _SPLIT_GAIN < best[0]:
            best = (makespan, bundles)
    assert best is not None
    bundles = best[1]
    return bundles, _ranked([sum(known[i] for i in bundle) for bundle in bundles])


def _bundled(chunks: Sequence[ClaimChunk], seconds: Sequence[float], cap: float) -> list[list[int]]:
    """The claims of each game in registration order, in bundles of at most ``cap`` seconds (a
    longer claim alone; a claim in parts, part by part)."""
    bundles: list[list[int]] = []
    filling: dict[str, tuple[list[int], float]] = {}  # each game's last bundle, and its time
    for index, chunk in enumerate(chunks):
        bundle, total = filling.get(chunk.game, ([], 0.0))
        if chunk.parts > 1 or not bundle or total + seconds[index] > cap:
            bundle, total = [], 0.0
            bundles.append(bundle)
        bundle.append(index)
        if chunk.parts == 1:
            filling[chunk.game] = (bundle, total + seconds[index])
    return bundles


def _longest_first_makespan(seconds: Sequence[float], workers: int) -> float:
    """When the last of jobs of these lengths ends, each started, longest first, on the first
    free of ``workers`` workers.

    >>> _longest_first_makespan([4, 3, 2, 1], 2), _longest_first_makespan([6, 5], 2)
    (5.0, 6.0)
    """
    loads = [0.0] * workers
    for length in sorted(seconds, reverse=True):
        loads[loads.index(min(loads))] += length
    return max(loads)


def _run_bundle(chunks: tuple[ClaimChunk, ...]) -> tuple[_PartResult, ...]:
    """Check chunks in turn (runs on a worker)."""
    return tuple(_run_chunk(chunk) for chunk in chunks)
