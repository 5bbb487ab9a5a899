"""Issue 28, item 2 (part): Ctrl-C while the Dask workers start was ignored (5 of 22 signals
lost; the run went on and exited 0).  A real local cluster of two worker processes and a real
SIGINT, sent to this process while the cluster starts: the run stops with `RunInterrupted`,
and no worker process is left behind."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("distributed")

_SCRIPT = textwrap.dedent(
    """
    import multiprocessing, os, signal
    import distributed
    from cgt.core import runner

    original = distributed.LocalCluster.__init__

    def starting(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the workers start
        original(self, *args, **kwargs)

    distributed.LocalCluster.__init__ = starting
    try:
        runner.run_chunks(abs, list(range(8)), jobs=2)
    except runner.RunInterrupted as stop:
        print("interrupted", stop.total, len(multiprocessing.active_children()))
    else:
        print("finished")
    """
)


def test_ctrl_c_while_the_workers_start_stops_the_run() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-1500:]
    assert run.stdout.split() == ["interrupted", "8", "0"], run.stderr[-1500:]
