"""Ctrl-C that is never lost: a SIGINT handler for the ``cgt`` command.

Python's own handler raises `KeyboardInterrupt` wherever the main thread happens to be when the
signal is handled.  If that is inside a finaliser (a ``__del__`` method, a garbage-collection
callback, a ``weakref.finalize`` callback), Python cannot raise it through the code that
triggered the finaliser: it prints "Exception ignored in ..." and the program goes on as if no
Ctrl-C had been pressed (issue 28: 1 of 39 signals to ``cgt verify`` was lost so).  This
handler raises `KeyboardInterrupt` as Python's does, except inside a finaliser: there it lets
the finaliser finish and delivers the signal again a moment later (`_thread.interrupt_main`),
outside it.

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

__all__ = ["interrupts_kept"]

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
