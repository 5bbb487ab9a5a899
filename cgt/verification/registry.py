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
those of one process: the random search is seeded by the claim (`Claim.seed`).  ``run_claims``
checks each claim at its full size (``full=False``: its standard size, as a plain ``cgt
verify`` does); ``size=`` / ``scale=`` (``cgt verify --size N`` / ``--scale K``) check every
family further (`Claim.bound`),
and ``on_claim(index, run)`` reports each claim as it is finished.

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
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError
from cgt.verification._chunks import (
    ClaimChunk,
    ClaimNotFoundError,
    _bundles,
    _chunks_of,
    _expected_seconds,
    _load_timings,
    _merge,
    _PartResult,
    _run_bundle,
    _run_chunk,  # noqa: F401 (checks one chunk on a worker: cgt.verification.registry._run_chunk)
    _store_timings,
    _timing_key,
)
from cgt.verification.claim import (
    _ORIGINS,
    Claim,
    ClaimRun,
    ClaimSizeError,
    checked_scale,
    checked_size,
    claims,
    register_claim,
)
from cgt.verification.harness import _named_argument_errors

__all__ = [
    "Claim",
    "ClaimChunk",
    "ClaimNotFoundError",
    "ClaimRun",
    "ClaimSizeError",
    "ClaimsInterrupted",
    "GameNotFoundError",
    "claims",
    "register_claim",
    "run_claims",
    "select_claims",
]


class GameNotFoundError(CGTError, LookupError):
    """``cgt verify --game NAME`` / ``run_claims(games=[NAME])``: no registered game has that
    name, or it is the prefix of several games' names."""


def select_claims(every: Iterable[Claim], names: Sequence[str]) -> list[Claim]:
    """The claims of the games named: each name is a game's name (case aside), or a prefix of
    the name of one game only.  No names: every claim."""
    every = list(every)
    if not names:
        return every
    games = list(dict.fromkeys(c.game for c in every))
    chosen: set[str] = set()
    for name in names:
        needle = name.strip().casefold()
        exact = [g for g in games if g.casefold() == needle]
        prefixed = [g for g in games if g.casefold().startswith(needle)] if needle else []
        if exact or len(prefixed) == 1:
            chosen.add((exact or prefixed)[0])
        elif prefixed:
            raise GameNotFoundError(
                f"{name!r} is the beginning of several games' names: {', '.join(prefixed)}"
            )
        else:
            raise GameNotFoundError(
                f"no registered game is named {name!r}; the games are: "
                f"{', '.join(games) or 'none (no plug-in is loaded)'}"
            )
    return [c for c in every if c.game in chosen]


@_named_argument_errors
def run_claims(
    selected: Iterable[Claim] | Claim | None = None,
    quick: bool = False,
    on_start: Callable[[int, int, Claim], None] | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int | None = 1,
    scheduler: str | None = None,
    on_chunk: Callable[[int, int], None] | None = None,
    size: int | None = None,
    scale: Fraction | int | str | None = None,
    on_claim: Callable[[int, ClaimRun], None] | None = None,
    games: Iterable[str] | str | None = None,
    timings: bool = True,
    full: bool = True,
) -> list[ClaimRun]:
    """Verify the registered (or the given) claims, in order.

    ``games`` keeps the claims of the games named (as ``cgt verify --game``, `select_claims`).
    With ``jobs`` other than 1 or a ``scheduler``, the claims run in chunks on workers (see
    `ClaimChunk` and `cgt.run_chunks`), the longest first (from the chunks' times of earlier
    runs, kept in the user's cache directory unless ``timings=False``), and
    ``on_chunk(finished, total)`` reports progress; the result is the same as in one process.
    ``size`` checks every family up to that size, ``scale`` multiplies each claim's own size
    (`Claim.bound`): the full size, or with ``full=False`` the standard size (``cgt verify``
    without ``--full``).  ``on_claim(index, run)`` is called as each claim is finished (in any order
    on workers).  Ctrl-C raises `ClaimsInterrupted` with the claims finished.  Bad arguments
    (`ClaimSizeError`, `GameNotFoundError`, `cgt.WrongTypeError`, `cgt.InvalidArgumentError`)
    are refused before any claim runs.
    """
    _check_arguments(quick, jobs, size, scale, timings, on_start, progress, on_chunk, on_claim)
    if not isinstance(full, bool):
        raise WrongTypeError(f"full is True or False, got {full!r}")
    todo = _selection(selected, games)
    sizes = [claim.bound(quick, size=size, scale=scale, full=full) for claim in todo]
    if scheduler is not None:
        from cgt.core.runner import _checked_address

        _checked_address(scheduler)  # before any work, even if no claim goes to workers
    if jobs == 1 and scheduler is None:
        runs: list[ClaimRun] = []
        cpu: list[float] = []  # each claim's CPU time, for a later run on workers
        try:
            for index, claim in enumerate(todo):
                if on_start is not None:
                    on_start(index, len(todo), claim)
                start = time.thread_time()
                runs.append(claim.run(quick=quick, progress=progress, size=sizes[index]))
                cpu.append(time.thread_time() - start)
                if on_claim is not None:
                    on_claim(index, runs[-1])
        except KeyboardInterrupt:
            raise ClaimsInterrupted(runs, len(todo)) from None
        finally:
            if timings:
                _store_timings(_claim_times(todo, quick, sizes, cpu))
        return runs
    return _run_in_chunks(
        todo,
        quick,
        jobs,
        scheduler,
        on_chunk,
        sizes=sizes,
        on_claim=on_claim,
        on_start=on_start,
        timings=timings,
    )


def _check_arguments(
    quick: Any, jobs: Any, size: Any, scale: Any, timings: Any, *callbacks: Any
) -> None:
    """A named error for an argument of `run_claims` that cannot be used."""
    for name, flag in (("quick", quick), ("timings", timings)):
        if not isinstance(flag, bool):
            raise WrongTypeError(f"{name} is True or False, got {flag!r}")
    if jobs is not None:
        if not isinstance(jobs, int) or isinstance(jobs, bool):
            raise WrongTypeError(f"jobs is a positive int or None (every core), got {jobs!r}")
        if jobs < 1:
            raise InvalidArgumentError(f"jobs is a positive int or None (every core), got {jobs}")
    if size is not None and scale is not None:
        raise InvalidArgumentError(
            f"give a size or a scale, not both (size={size!r}, scale={scale!r})"
        )
    if size is not None:
        checked_size(size)
    if scale is not None:
        checked_scale(scale)
    for callback in callbacks:
        if callback is not None and not callable(callback):
            raise WrongTypeError(f"a callback is a function or None, got {callback!r}")


def _selection(selected: Any, games: Any) -> list[Claim]:
    """The claims given (every registered claim if None), of the games named if any."""
    todo = list(claims()) if selected is None else _items(selected, Claim, "selected", "Claims")
    if games is None:
        return todo
    return select_claims(todo, _items(games, str, "games", "game names"))


def _items(value: Any, kind: type, name: str, plural: str) -> list[Any]:
    """``value`` as a list of ``kind`` (one ``kind`` is a list of one), else `WrongTypeError`."""
    if isinstance(value, kind):
        return [value]
    try:
        items = list(value)
    except TypeError:
        raise WrongTypeError(f"{name} is one or an iterable of {plural}, got {value!r}") from None
    for item in items:
        if not isinstance(item, kind):
            raise WrongTypeError(f"{name} holds {plural} only, got {item!r}")
    return items


def _claim_times(
    todo: Sequence[Claim], quick: bool, sizes: Sequence[int], cpu: Sequence[float]
) -> dict[str, float]:
    """The CPU times of claims run whole in one process, keyed as their one chunk on
    workers."""
    return {
        _timing_key(ClaimChunk(None, claim.game, claim.claim, quick, size=size)): seconds
        for claim, size, seconds in zip(todo, sizes, cpu, strict=False)
    }


@attrs.frozen
class Plan:
    """What `run_claims` is about to do: how many claims of how many games, and the CPU time
    the last runs of the same claims at the same sizes took (``known`` of them were timed)."""

    claims: int
    games: int
    known: int
    cpu_seconds: float

    @property
    def complete(self) -> bool:
        """Whether every claim was timed by an earlier run."""
        return self.known == self.claims


def plan(
    selected: Iterable[Claim] | Claim | None = None,
    quick: bool = False,
    *,
    size: int | None = None,
    scale: Fraction | int | str | None = None,
    games: Iterable[str] | str | None = None,
    full: bool = True,
) -> Plan:
    """The `Plan` of ``run_claims(selected, quick, size=size, scale=scale, games=games,
    full=full)``, from the times kept by earlier runs (see `run_claims`)."""
    todo = _selection(selected, games)
    timings = _load_timings()
    known, seconds = 0, 0.0
    for claim in todo:
        chunk = ClaimChunk(
            None,
            claim.game,
            claim.claim,
            quick,
            size=claim.bound(quick, size=size, scale=scale, full=full),
        )
        expected = _expected_seconds(chunk, timings)
        if expected is not None:
            known += 1
            seconds += expected
    return Plan(len(todo), len({claim.game for claim in todo}), known, seconds)


class ClaimsInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped `run_claims`: ``runs`` are the claims that were finished (each whole), in
    order of the selection, out of ``total``."""

    def __init__(self, runs: list[ClaimRun], total: int) -> None:
        self.runs = runs
        self.total = total
        super().__init__(f"interrupted: {len(runs)} of {total} claims finished")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.runs, self.total), self.__dict__)


def _run_in_chunks(
    todo: list[Claim],
    quick: bool,
    jobs: int | None,
    scheduler: str | None,
    on_chunk: Callable[[int, int], None] | None,
    *,
    sizes: list[int] | None = None,
    on_claim: Callable[[int, ClaimRun], None] | None = None,
    on_start: Callable[[int, int, Claim], None] | None = None,
    timings: bool = False,
) -> list[ClaimRun]:
    """Run claims in chunks on workers, the longest first (from the ``timings`` of earlier
    runs), the claims of a game together in bundles when the workers are local (`_bundles`);
    a claim no worker can import (registered by a script, a test or a doctest) runs in this
    process, after the others."""
    from cgt.core.runner import RunInterrupted, default_jobs, run_chunks

    sizes = sizes if sizes is not None else [claim.bound(quick) for claim in todo]
    groups: list[tuple[int, list[ClaimChunk]]] = []  # a claim's index and its chunks
    local: list[int] = []
    for index, claim in enumerate(todo):
        if _ORIGINS.get((claim.game, claim.claim)) is None:
            local.append(index)
        else:
            groups.append((index, _chunks_of(claim, quick, sizes[index])))
    flat = [chunk for _, group in groups for chunk in group]
    group_of = [g for g, (_, group) in enumerate(groups) for _ in group]
    starts = [0]
    for _, group in groups:
        starts.append(starts[-1] + len(group))
    done: dict[int, _PartResult] = {}
    runs: dict[int, ClaimRun] = {}

    def merge(g: int, strict: bool) -> None:
        index = groups[g][0]
        span = range(starts[g], starts[g + 1])
        if index in runs or not all(i in done for i in span):
            return
        try:
            runs[index] = _merge(todo[index], quick, [done[i] for i in span], sizes[index])
        except Exception:
            if strict:
                raise  # in claim order, as one process would raise it
            return
        if on_claim is not None:
            on_claim(index, runs[index])

    workers = None if scheduler is not None else jobs or default_jobs()
    bundles, priorities = _bundles(flat, _load_timings() if timings else {}, workers)

    def finished(bundle: int, results: tuple[_PartResult, ...]) -> None:
        for chunk, result in zip(bundles[bundle], results, strict=True):
            done[chunk] = result
            merge(group_of[chunk], strict=False)

    try:
        if flat:
            for bundle, results in enumerate(
                run_chunks(
                    _run_bundle,
                    [tuple(flat[i] for i in bundle) for bundle in bundles],
                    jobs=jobs,
                    scheduler=scheduler,
                    progress=on_chunk,
                    on_result=finished,
                    priorities=priorities,
                )
            ):
                done.update(zip(bundles[bundle], results, strict=True))
            for g in range(len(groups)):
                merge(g, strict=True)
        for index in local:
            if on_start is not None:
                on_start(index, len(todo), todo[index])
            runs[index] = todo[index].run(quick=quick, size=sizes[index])
            if on_claim is not None:
                on_claim(index, runs[index])
    except RunInterrupted as stop:
        for bundle, results in stop.finished.items():
            done.update(zip(bundles[bundle], results, strict=True))
        for g in range(len(groups)):
            merge(g, strict=False)
        raise ClaimsInterrupted([runs[i] for i in sorted(runs)], len(todo)) from None
    except KeyboardInterrupt:
        raise ClaimsInterrupted([runs[i] for i in sorted(runs)], len(todo)) from None
    finally:
        if timings:  # the chunks' times, for the next run
            times = {_timing_key(flat[i]): result.cpu_seconds for i, result in done.items()}
            _store_timings(times)
    return [runs[index] for index in range(len(todo))]
