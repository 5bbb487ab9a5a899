"""Run recursive game algorithms on game trees of any depth, in any number of threads.

The algorithms on `cgt.Game` (comparison, sums, canonical form, stops) recurse on options, as
the theory does; written as plain Python-to-Python calls they use no C stack, only Python's
recursion limit.  `deep` wraps a public entry point: it first runs the function directly (fast,
for the usual shallow games); if that hits the recursion limit, it runs it again in a worker
thread with a large stack and a recursion limit raised to match, so a chain of options 10,000 or
100,000 deep works instead of raising `RecursionError`.  Work finished before the retry is kept
(games are interned and results cached), so the retry only redoes the unfinished part.

The recursion limit is one setting for the whole process, so lowering it while some thread is
deeper than the lowered limit aborts the interpreter ("Cannot recover from stack overflow").
It is therefore raised once, when the first worker starts, and put back only when no thread is
inside a `deep` call any more (a count of the calls in progress, under a lock).

>>> @deep
... def depth(n: int) -> int:
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> depth(50_000)
50000
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["deep"]

F = TypeVar("F", bound=Callable[..., Any])

_STACK_BYTES = 512 * 1024 * 1024
_RECURSION_LIMIT = 1_000_000
_state = threading.local()
_lock = threading.Lock()
_active = 0
"""Outermost `deep` calls and workers in progress, over all threads."""
_saved_limit: int | None = None
"""The recursion limit before a worker raised it; ``None`` while it is not raised."""


def _enter() -> None:
    global _active
    with _lock:
        _active += 1


def _leave() -> None:
    global _active, _saved_limit
    with _lock:
        _active -= 1
        if _active == 0 and _saved_limit is not None:
            # Nobody is inside a deep call: no thread can be deeper than the old limit.
            sys.setrecursionlimit(_saved_limit)
            _saved_limit = None


def _run_in_big_thread(function: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    global _saved_limit
    outcome: list[Any] = []

    def target() -> None:
        _state.worker = True
        try:
            outcome.append((True, function(*args, **kwargs)))
        except BaseException as error:  # handed back to the caller's thread below
            outcome.append((False, error))
        finally:
            _leave()

    worker = threading.Thread(target=target, name="cgt-deep", daemon=True)
    _enter()  # the worker counts as a deep call until it ends, even if the caller stops waiting
    try:
        with _lock:
            if _saved_limit is None:
                _saved_limit = sys.getrecursionlimit()
                sys.setrecursionlimit(max(_saved_limit, _RECURSION_LIMIT))
            old_stack = threading.stack_size(_STACK_BYTES)  # read by start(): one lock for both
            try:
                worker.start()
            finally:
                threading.stack_size(old_stack)
    except BaseException:
        _leave()
        raise
    worker.join()
    ok, result = outcome[0]
    if ok:
        return result
    raise result


def deep(function: F) -> F:
    """Decorate a recursive entry point so that it never fails for lack of stack."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if getattr(_state, "worker", False):
            # Already on a big stack: a RecursionError means the game is deeper than even that.
            return function(*args, **kwargs)
        outermost = not getattr(_state, "inside", False)
        if outermost:
            _enter()
            _state.inside = True
        try:
            try:
                return function(*args, **kwargs)
            except RecursionError:
                pass
            return _run_in_big_thread(function, args, kwargs)
        finally:
            if outermost:
                _state.inside = False
                _leave()

    return cast(F, wrapper)
