"""Run recursive game algorithms on game trees of any depth.

The algorithms on `cgt.Game` (comparison, sums, canonical form, stops) recurse on options, as
the theory does; written as plain Python-to-Python calls they use no C stack, only Python's
recursion limit.  `deep` wraps a public entry point: it first runs the function directly (fast,
for the usual shallow games); if that hits the recursion limit, it runs it again in a worker
thread with a large stack and a recursion limit raised to match, so a chain of options 10,000 or
100,000 deep works instead of raising `RecursionError`.  Work finished before the retry is kept
(games are interned and results cached), so the retry only redoes the unfinished part.
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


def _run_in_big_thread(function: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    outcome: list[Any] = []

    def target() -> None:
        _state.deep = True
        try:
            outcome.append((True, function(*args, **kwargs)))
        except BaseException as error:  # handed back to the caller's thread below
            outcome.append((False, error))

    with _lock:
        old_stack = threading.stack_size(_STACK_BYTES)
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, _RECURSION_LIMIT))
        try:
            worker = threading.Thread(target=target, name="cgt-deep", daemon=True)
            worker.start()
        finally:
            threading.stack_size(old_stack)
        try:
            worker.join()
        finally:
            sys.setrecursionlimit(old_limit)
    ok, result = outcome[0]
    if ok:
        return result
    raise result


def deep(function: F) -> F:
    """Decorate a recursive entry point so that it never fails for lack of stack."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except RecursionError:
            if getattr(_state, "deep", False):
                raise  # already on a big stack: the game is deeper than even that allows
        return _run_in_big_thread(function, args, kwargs)

    return cast(F, wrapper)
