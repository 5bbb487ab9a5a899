"""Run recursive game algorithms on game trees of any depth, in any number of threads, without
touching the process's recursion limit.

The algorithms on `cgt.Game` (comparison, sums, canonical form, stops, text) recurse on
options, as the theory does.  Python stops a thread that nests deeper than the recursion limit
(`RecursionError`), and that limit is one setting for the whole process: raising it lets one
thread go deep, but then any other thread that recurses through C code (``json.dumps`` of a
nested list, a ``max`` over a generator) may overflow its own, normal-sized C stack and crash
the process.  So cgt never changes it.  Instead, a deep computation carries on in a *new
thread*: each thread counts its own depth from zero, so a chain of threads, each of them
running the recursion a few hundred levels further down and waiting for the next, follows a
chain of options of any depth.

Two pieces do it:

* `deep` wraps a public entry point.  It runs the function directly (fast, for the usual
  shallow games); when that hits the recursion limit, it turns on *deep mode* and runs it
  again.  A `deep` function is also a place where a computation may move to a new thread.
* `hop_points` names the functions of a module (or methods of a class) that a recursion goes
  through.  While deep mode is on (only while some deep computation runs, in any thread), they
  are replaced by wrappers that, when the thread's stack is full, run their call in a new
  thread and hand back its result or exception.  Otherwise the plain functions run, with no
  cost at all.

Work finished before a retry is kept (games are interned and results cached), so a retry only
redoes the unfinished part.  A recursion that no hop point breaks, or deeper than
`MAX_DEPTH` levels, raises `cgt.TooDeepError`.

>>> @deep
... def depth(n: int) -> int:
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> import sys; limit = sys.getrecursionlimit()
>>> depth(50_000), sys.getrecursionlimit() == limit
(50000, True)
"""

from __future__ import annotations

import _thread
import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

from cgt.core.errors import TooDeepError

__all__ = ["MAX_DEPTH", "deep", "hop_points"]

F = TypeVar("F", bound=Callable[..., Any])

MAX_DEPTH = 1_000_000
"""How many nested calls a deep computation may make, over all its threads."""

_MIN_STACK_BYTES = 8 * 1024 * 1024
_STACK_BYTES_PER_LEVEL = 8 * 1024
"""A new thread's C stack: what a main thread usually has (8 MiB) for the default limit of
1,000 levels, more if the program raised the limit (a Python call that goes through C code, as
``max`` over a generator does, uses a few KiB of it)."""

_lock = threading.Lock()
_get_ident = _thread.get_ident
_users = 0
"""Deep computations running (and threads they started): deep mode is on while it is > 0."""
_points: list[tuple[Any, str, Callable[..., Any], Callable[..., Any]]] = []
"""(owner, name, plain function, hopping wrapper) for each registered hop point."""
_levels: dict[int, int] = {}
"""Thread id -> how many threads the deep computation it runs started before it (a thread's
own entry; dict operations are atomic)."""
_cancelled: set[int] = set()
"""Ids of threads whose caller stopped waiting (Ctrl-C): they start no more threads."""


def _enter() -> None:
    global _users
    with _lock:
        _users += 1
        if _users == 1:
            for owner, name, _plain, hopping in _points:
                setattr(owner, name, hopping)


def _leave() -> None:
    global _users
    with _lock:
        _users -= 1
        if _users == 0:
            for owner, name, plain, _hopping in _points:
                setattr(owner, name, plain)


def _room(n: int) -> int:
    return n if n <= 0 else _room(n - 1)


def _nested() -> bool:
    """Whether this thread is deep into a recursion: moving on to a new thread from here makes
    progress (each thread of a chain covers at least a third of the recursion limit)."""
    try:
        sys._getframe(max(sys.getrecursionlimit() // 3, 10))
    except (ValueError, RecursionError):
        return False
    return True


def _has_room() -> bool:
    """Whether this thread has room left for the few calls that start a thread (probed: the
    recursion counter also counts calls into C, which no frame shows)."""
    try:
        _room(_ROOM)
    except RecursionError:
        return False
    return True


def _can_move_on() -> bool:
    return _nested() and _has_room()


_ROOM = 40


def _hop(function: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    """Run ``function(*args, **kwargs)`` in a new thread and hand back its result or error."""
    parent = _get_ident()
    if parent in _cancelled:
        raise KeyboardInterrupt  # the caller of this chain stopped waiting
    level = _levels.get(parent, 0) + 1
    limit = sys.getrecursionlimit()
    if level * max(limit // 3, 10) > MAX_DEPTH:
        raise TooDeepError(
            f"{getattr(function, '__name__', 'the computation')} needs more than "
            f"{MAX_DEPTH:,} nested steps, deeper than cgt follows"
        )
    outcome: list[tuple[bool, Any]] = []
    done = _thread.allocate_lock()
    done.acquire()

    def target() -> None:
        ident = _get_ident()
        _levels[ident] = level
        _enter()
        try:
            outcome.append((True, function(*args, **kwargs)))
        except TooDeepError as error:
            outcome.append((False, error))
        except RecursionError:  # nothing in this fresh thread could move on: no progress
            name = getattr(function, "__name__", "the computation")
            outcome.append((False, TooDeepError(f"{name} recurses too deep for cgt to follow")))
        except BaseException as error:  # handed back to the waiting thread below
            outcome.append((False, error))
        finally:
            _leave()
            _levels.pop(ident, None)
            _cancelled.discard(ident)
            done.release()

    _enter()  # deep mode stays on while this thread waits
    try:
        with _lock:  # the stack size is read when the thread starts: set and put back around it
            old = _thread.stack_size(max(_MIN_STACK_BYTES, limit * _STACK_BYTES_PER_LEVEL))
            try:
                worker = _thread.start_new_thread(target, ())
            finally:
                _thread.stack_size(old)
        try:
            done.acquire()
        except BaseException:
            _cancelled.add(worker)  # Ctrl-C: the chain below stops at its next move
            raise
    finally:
        _leave()
    ok, result = outcome[0]
    if ok:
        return result
    raise result


def _hopping(owner: Any, plain: Callable[..., Any], state: str | None) -> Callable[..., Any]:
    """``plain`` that moves on to a new thread when the stack is full (see `hop_points`)."""
    if state is not None:

        @functools.wraps(plain)
        def hopping_method(self: Any, *args: Any, **kwargs: Any) -> Any:
            saved = getattr(self, state)
            try:
                return plain(self, *args, **kwargs)
            except RecursionError as error:
                if isinstance(error, TooDeepError) or self.__class__ is not owner:
                    raise  # (a subclass may keep more state)
                if not _can_move_on():
                    raise
            setattr(self, state, saved)  # the call starts again from where it started
            return _hop(plain, (self, *args), kwargs)

        return hopping_method

    @functools.wraps(plain)
    def hopping(*args: Any, **kwargs: Any) -> Any:
        try:
            return plain(*args, **kwargs)
        except RecursionError as error:
            if isinstance(error, TooDeepError) or not _can_move_on():
                raise  # an outer hop point, with more room, moves on
        return _hop(plain, args, kwargs)

    return hopping


def hop_points(owner: Any, *names: str, state: str | None = None) -> None:
    """Register functions of a module (or methods of a class) ``owner`` that a recursion goes
    through, so that deep computations move on to new threads there (see the module docs).

    Every recursive cycle of a `deep` computation must pass through one of them by name
    (``owner.name``, a global lookup, or ``self.name`` for a method), or through a `deep`
    function.  A call that moves on runs again from its start in the new thread, so it must
    give the same answer when repeated: results may be cached, but any other state it changes
    must be the attribute ``state`` of a method's ``self``, which is put back first (and
    then only instances of ``owner`` itself move on: a subclass may keep more state)."""
    with _lock:
        for name in names:
            plain = getattr(owner, name)
            hopping = _hopping(owner, plain, state)
            _points.append((owner, name, plain, hopping))
            if _users:
                setattr(owner, name, hopping)


def deep(function: F) -> F:
    """Decorate a recursive entry point so that it never fails for lack of stack."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except RecursionError as error:
            if isinstance(error, TooDeepError):
                raise
            if _nested():  # in a recursion: this is a hop point
                if not _has_room():
                    raise  # an outer one, with more room, moves on
                hop = True
            elif _get_ident() in _levels:
                raise  # near the top of a worker thread: no progress to be made here
            else:
                hop = False
        if hop:
            return _hop(function, args, kwargs)
        _enter()  # a shallow call whose recursion went deep: again, with the hop points on
        try:
            return function(*args, **kwargs)
        except TooDeepError:
            raise
        except RecursionError:
            name = getattr(function, "__name__", "the computation")
            raise TooDeepError(
                f"{name} recurses too deep for cgt to follow (no place to move on to a new thread)"
            ) from None
        finally:
            _leave()

    return cast(F, wrapper)
