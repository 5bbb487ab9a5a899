"""Ctrl-C that is never lost: a SIGINT handler for the ``cgt`` command.

Python's own handler raises `KeyboardInterrupt` wherever the main thread happens to be when the
signal is handled.  If that is inside a finaliser (a ``__del__`` method, a garbage-collection
callback, a ``weakref.finalize`` callback), Python cannot raise it through the code that
triggered the finaliser: it prints "Exception ignored in ..." and the program goes on as if no
Ctrl-C had been pressed (issue 28: 1 of 39 signals to ``cgt verify`` was lost so).  This
handler raises `KeyboardInterrupt` as Python's does, except inside a finaliser: there it lets
the finaliser finish and delivers the signal again a moment later (`_thread.interrupt_main`),
outside it.

`interrupts_deferred` holds Ctrl-C back over a few steps that must happen together (a line
printed and noted as printed): a signal that comes meanwhile is raised when the block ends.

>>> import signal
>>> with interrupts_kept():
...     signal.getsignal(signal.SIGINT) is _handler
True
>>> signal.getsignal(signal.SIGINT) is signal.default_int_handler
True
"""

from __future__ import annotations

import _thread
import gc
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["interrupts_deferred", "interrupts_kept"]

RETRY_SECONDS = 0.01
"""How long a signal that came inside a finaliser waits before it is delivered again."""


def _in_finaliser(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside a finaliser, where a raised exception would be ignored."""
    callbacks = {getattr(c, "__code__", None) for c in gc.callbacks}
    callbacks.discard(None)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or code in callbacks:
            return True
        if code.co_name == "__call__" and code.co_filename.endswith("weakref.py"):
            return True  # weakref.finalize calls its callbacks from here
        frame = frame.f_back
    return False


def _handler(signum: int, frame: FrameType | None) -> None:
    if _in_finaliser(frame):
        retry = threading.Timer(RETRY_SECONDS, _thread.interrupt_main, (signum,))
        retry.daemon = True
        retry.start()
        return
    raise KeyboardInterrupt


@contextmanager
def interrupts_kept() -> Iterator[None]:
    """Install the handler for the block (in the main thread, and only over Python's default
    handler: a program that set its own keeps it); put the previous one back after."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    previous = signal.signal(signal.SIGINT, _handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Raise a Ctrl-C that comes during the block only when it ends (in the main thread; in
    another thread, where no handler runs, the block is left as it is).

    Blocking SIGINT (``pthread_sigmask``) is not enough: a signal that came just before is
    already noted by the interpreter, whose handler then raises at the next call inside the
    block, between its steps (a line printed but not noted as printed is printed twice, and
    the mask is left blocked).  Here the handler itself is swapped for one that only notes the
    signal, and the previous one is put back (a signal noted by the interpreter before is run
    by whichever handler is in place when it is run: the noting one inside the block).

    >>> try:
    ...     with interrupts_deferred():
    ...         _thread.interrupt_main()  # as Ctrl-C would
    ...         print("the block goes on")
    ... except KeyboardInterrupt:
    ...     print("raised when it ends")
    the block goes on
    raised when it ends
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: noted.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if noted:
        raise KeyboardInterrupt
