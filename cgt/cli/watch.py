"""Progress of one long computation (``cgt value`` of a large position): a line on standard
error that says how many positions are valued so far, how large the memo tables are and how
much memory the process has taken, so that a run of minutes is not silence.

Nothing is shown for a computation that ends within ``delay`` seconds.  On a terminal the line
is rewritten every second and cleared at the end; piped, a line is printed every ``every``
seconds.  A thread samples the memo tables' sizes (`cgt.cache_info`): the computation itself
is not slowed.

>>> import io
>>> out = io.StringIO()
>>> with watching("cgt value", out, delay=60):
...     pass
>>> out.getvalue()
''
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from typing import TextIO

from cgt.core.memo import cache_info

__all__ = ["progress_line", "watching"]


def _peak_memory() -> int | None:
    """The process's peak resident memory in bytes (None where it cannot be read)."""
    try:
        import resource
    except ImportError:  # not on Unix
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _size(count: float) -> str:
    for unit in ("", "K", "M", "G"):
        if count < 1000 or unit == "G":
            return f"{count:.0f}{unit}" if unit == "" else f"{count:.1f}{unit}"
        count /= 1000
    raise AssertionError  # pragma: no cover


def progress_line(label: str, seconds: float) -> str:
    """One line of progress: positions valued, memo table entries, peak memory, time.

    >>> progress_line("cgt value", 12.5).startswith("cgt value: ")
    True
    """
    tables = cache_info()
    valued = sum(info.size for name, info in tables.items() if name.startswith(("value", "grundy")))
    entries = sum(info.size for info in tables.values())
    memory = _peak_memory()
    held = f", {_size(memory)}B of memory" if memory is not None else ""
    return (
        f"{label}: {_size(valued)} positions valued, {_size(entries)} table entries{held},"
        f" {seconds:.0f} s (Ctrl-C stops)"
    )


@contextlib.contextmanager
def watching(
    label: str, stream: TextIO | None = None, *, delay: float = 2.0, every: float = 30.0
) -> Iterator[None]:
    """Show `progress_line` on ``stream`` (standard error) while the block runs."""
    out = stream if stream is not None else sys.stderr
    terminal = bool(getattr(out, "isatty", lambda: False)())
    done = threading.Event()
    shown = [False]
    start = time.monotonic()

    def watch() -> None:
        if done.wait(delay):
            return
        while True:
            line = progress_line(label, time.monotonic() - start)
            with contextlib.suppress(OSError, ValueError):  # a closed stream: stop showing
                if terminal:
                    out.write("\r\x1b[K" + line)
                else:
                    out.write(line + "\n")
                out.flush()
                shown[0] = True
            if done.wait(1.0 if terminal else every):
                return

    thread = threading.Thread(target=watch, name="cgt-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if terminal and shown[0]:
            with contextlib.suppress(OSError, ValueError):
                out.write("\r\x1b[K")
                out.flush()
