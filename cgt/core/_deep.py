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
inside a `deep` call any more (each thread registers its outermost call; the last one out, or
the last worker to end, puts the limit back).

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

from cgt.core.errors import TooDeepError

__all__ = ["deep"]

F = TypeVar("F", bound=Callable[..., Any])

_STACK_BYTES = 512 * 1024 * 1024
_RECURSION_LIMIT = 1_000_000
_lock = threading.Lock()
_get_ident = threading.get_ident
_inside: dict[int, bool] = {}
"""The threads inside a `deep` call (by thread id); a thread's entry is added and removed by
its outermost call only (dict operations are atomic)."""
_workers: set[int] = set()
"""The worker threads running on a big stack."""
_running_workers = 0
"""Workers started and not yet finished (counted before they start, under the lock)."""
_saved_limit: int | None = None
"""The recursion limit before a worker raised it; ``None`` while it is not raised."""


def _restore_if_idle() -> None:
    """Put the recursion limit back if no thread is inside a deep call any more."""
    global _saved_limit
    with _lock:
        if _saved_limit is not None and not _inside and not _running_workers:
            sys.setrecursionlimit(_saved_limit)
            _saved_limit = None


def _run_in_big_thread(function: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    global _saved_limit, _running_workers
    outcome: list[Any] = []

    def target() -> None:
        global _running_workers
        ident = _get_ident()
        _workers.add(ident)
        try:
            outcome.append((True, function(*args, **kwargs)))
        except RecursionError as error:
            deeper = error if isinstance(error, TooDeepError) else None
            if deeper is None:
                deeper = TooDeepError(
                    f"{getattr(function, '__name__', 'the computation')} needs more than "
                    f"{_RECURSION_LIMIT:,} nested steps, deeper than cgt can follow"
                )
            outcome.append((False, deeper))
        except BaseException as error:  # handed back to the caller's thread below
            outcome.append((False, error))
        finally:
            _workers.discard(ident)
            with _lock:
                _running_workers -= 1
            _restore_if_idle()

    worker = threading.Thread(target=target, name="cgt-deep", daemon=True)
    with _lock:
        if _saved_limit is None:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, _RECURSION_LIMIT))
        _running_workers += 1  # counted until it ends, even if the caller stops waiting
        old_stack = threading.stack_size(_STACK_BYTES)  # read by start(): one lock for both
        try:
            worker.start()
        except BaseException:
            _running_workers -= 1
            raise
        finally:
            threading.stack_size(old_stack)
    worker.join()
    ok, result = outcome[0]
    if ok:
        return result
    raise result


def deep(function: F) -> F:
    """Decorate a recursive entry point so that it never fails for lack of stack."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        ident = _get_ident()
        if ident in _workers:
            # Already on a big stack: a RecursionError means the game is deeper than even that.
            return function(*args, **kwargs)
        if ident in _inside:  # a nested call: its own retry, as the outermost one has
            try:
                return function(*args, **kwargs)
            except RecursionError:
                pass
            return _run_in_big_thread(function, args, kwargs)
        _inside[ident] = True
        try:
            if _saved_limit is not None:
                with _lock:  # wait for a restore in progress (it may not have seen this thread)
                    pass
            try:
                return function(*args, **kwargs)
            except RecursionError:
                pass
            return _run_in_big_thread(function, args, kwargs)
        finally:
            del _inside[ident]
            if _saved_limit is not None:
                _restore_if_idle()

    return cast(F, wrapper)
