"""Loaded by each worker process of a local cluster that `cgt.run_chunks` starts (Dask's
``distributed.worker.preload``): the worker ignores Ctrl-C.

A terminal sends Ctrl-C to every process of the command, the workers too; the process that
started them cancels the chunks and closes the workers (`cgt.RunInterrupted`).  A worker that
took the signal itself would die with a traceback on standard error, mid-chunk.
"""

from __future__ import annotations

import signal
import threading


def dask_setup(worker: object) -> None:
    """Called by Dask in the worker process as it starts."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
