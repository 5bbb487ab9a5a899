"""Run independent chunks of a long job on all cores or on a Dask cluster, results in chunk order.

Every long job of the project (``cgt verify``, exhaustive sweeps, tournaments) is cut into
*chunks* that do not depend on each other: a chunk is a small picklable description of a piece
of work (a seed and a range, a claim's name and part), never a closure.  `run_chunks` applies a
module-level function to every chunk and returns the results **in chunk order**, so the output
depends on the chunks only, never on how many workers ran them or which finished first:

* ``jobs == 1`` (and no scheduler): plain calls in this process, no Dask start-up cost;
* ``jobs == N``: a `distributed.LocalCluster` of N single-threaded worker processes, started for
  the run and closed after it (``jobs=None``: every core; in this process if Dask, the ``dask``
  extra, is not installed);
* ``scheduler="tcp://host:8786"`` (or, when neither ``jobs`` nor ``scheduler`` is given, the
  standard Dask configuration ``scheduler-address``, e.g. ``DASK_SCHEDULER_ADDRESS``): the
  workers of an existing cluster.

``priorities`` (one int per chunk, higher first) decide which chunks the workers start first:
giving the longest chunks the highest priority makes the last chunk to finish a short one.  The
chunks are sent as one graph in that order, and a LocalCluster hands a worker its next chunk
only when it is free (Dask's ``worker-saturation`` 1.0), so they start exactly in that order;
the results are the same whatever it is.

A worker that dies mid-run loses no chunk: the Dask scheduler runs its chunks again elsewhere,
and each chunk's result is counted once.  An error raised by a chunk is raised here (the one of
the lowest chunk, as a run in one process would).  Ctrl-C cancels the chunks still to run,
closes the workers and raises `RunInterrupted`, which holds the results that were finished.

"Run these N seeded chunks of 100, merge in order" (the function must be importable by the
workers, so it is defined at the top level of a module):

>>> from cgt.core.runner import run_chunks, seeded_chunks
>>> chunks = seeded_chunks(250, 100, seed=7)
>>> chunks
[Chunk(index=0, seed=7, start=0, stop=100), Chunk(index=1, seed=7, start=100, stop=200), \
Chunk(index=2, seed=7, start=200, stop=250)]
>>> run_chunks(len, [range(c.start, c.stop) for c in chunks], jobs=1)
[100, 100, 50]
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError, WrongTypeError

__all__ = [
    "Chunk",
    "DaskMissingError",
    "RunInterrupted",
    "default_jobs",
    "run_chunks",
    "seeded_chunks",
]

T = TypeVar("T")
R = TypeVar("R")


@attrs.frozen
class Chunk:
    """Items ``start`` (included) to ``stop`` (excluded) of a job seeded by ``seed``; ``index``
    is the chunk's place in the merged result.  Small and picklable: what travels to a worker."""

    index: int
    seed: int
    start: int
    stop: int

    @property
    def items(self) -> range:
        """The item numbers of this chunk."""
        return range(self.start, self.stop)


def seeded_chunks(total: int, size: int, seed: int = 0) -> list[Chunk]:
    """Cut items ``0 .. total - 1`` of a job seeded by ``seed`` into chunks of ``size`` items
    (the last one shorter): the cut depends on ``total`` and ``size`` only, never on workers.

    >>> [(c.start, c.stop) for c in seeded_chunks(5, 2)]
    [(0, 2), (2, 4), (4, 5)]
    """
    for name, value, least in (("total", total, 0), ("size", size, 1), ("seed", seed, None)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{name} is an int, got {value!r}")
        if least is not None and value < least:
            raise InvalidArgumentError(f"{name} must be at least {least}, got {value}")
    return [
        Chunk(index, seed, start, min(start + size, total))
        for index, start in enumerate(range(0, total, size))
    ]


def default_jobs() -> int:
    """The number of cores this process may use (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class DaskMissingError(CGTError, ImportError):
    """Several workers or a cluster were asked for, but Dask (the ``dask`` extra) is not
    installed."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run: ``finished`` maps chunk indices to the results that were done,
    ``total`` is the number of chunks.  A `KeyboardInterrupt`, so code unaware of it stops."""

    def __init__(self, finished: dict[int, Any], total: int) -> None:
        self.finished = dict(sorted(finished.items()))
        self.total = total
        super().__init__(f"interrupted: {len(self.finished)} of {total} chunks finished")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.finished, self.total), self.__dict__)


def run_chunks(
    function: Callable[[T], R],
    chunks: Sequence[T],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_result: Callable[[int, R], None] | None = None,
    priorities: Sequence[int] | None = None,
) -> list[R]:
    """``[function(chunk) for chunk in chunks]``, on ``jobs`` local workers (default: every
    core) or the cluster of ``scheduler``; see the module documentation.

    ``on_result(index, result)`` then ``progress(finished, total)`` are called in this process
    after each chunk, in the order the chunks finish.  ``priorities[i]`` is chunk ``i``'s
    priority on workers (higher starts first; in one process the chunks run in order).  With a
    cluster, ``function`` and the chunks are pickled: keep them small and importable.
    """
    chunks = list(chunks)
    order = _start_order(len(chunks), priorities)
    report = _Report(len(chunks), progress, on_result)
    if scheduler is not None:
        _checked_address(scheduler)
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
        raise InvalidArgumentError(f"jobs is a positive int, got {jobs!r}")
    if scheduler is None and jobs is None:
        try:
            import dask.config
            import distributed  # noqa: F401
        except ImportError:  # the default: every core with Dask, else this process
            return _run_here(function, chunks, report)
        scheduler = dask.config.get("scheduler-address", None)
        if scheduler is not None:
            _checked_address(scheduler)
    if scheduler is None:
        jobs = min(jobs or default_jobs(), len(chunks))
        if jobs <= 1:
            return _run_here(function, chunks, report)
    _require_dask()
    return _run_on_dask(function, chunks, jobs, scheduler, report, order)


def _start_order(count: int, priorities: Sequence[int] | None) -> list[tuple[int, int]]:
    """``(priority, index)`` of every chunk, highest priority first (then in chunk order), or
    a named error for priorities that are not one int per chunk."""
    if priorities is None:
        return [(0, index) for index in range(count)]
    if isinstance(priorities, str | bytes) or not isinstance(priorities, Sequence):
        raise WrongTypeError(f"priorities is a sequence of ints, got {priorities!r}")
    if len(priorities) != count:
        raise InvalidArgumentError(f"{len(priorities)} priorities for {count} chunks")
    for value in priorities:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"a priority is an int, got {value!r}")
    return sorted(zip(priorities, range(count), strict=True), key=lambda pair: -pair[0])


def _require_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise DaskMissingError(
            "several workers or a cluster need Dask: pip install 'cgt-games[dask]' (or use one job)"
        ) from None


class _Report:
    """The callbacks of a run: ``on_result(index, result)``, then ``progress(done, total)``."""

    def __init__(
        self,
        total: int,
        progress: Callable[[int, int], None] | None,
        on_result: Callable[[int, Any], None] | None,
    ) -> None:
        self.total = total
        self.done = 0
        self.progress = progress
        self.on_result = on_result

    def __call__(self, index: int, result: Any) -> None:
        self.done += 1
        if self.on_result is not None:
            self.on_result(index, result)
        if self.progress is not None:
            self.progress(self.done, self.total)


def _run_here(function: Callable[[T], R], chunks: list[T], report: _Report) -> list[R]:
    results: list[R] = []
    try:
        for chunk in chunks:
            results.append(function(chunk))
            report(len(results) - 1, results[-1])
    except KeyboardInterrupt:
        raise RunInterrupted(dict(enumerate(results)), len(chunks)) from None
    return results


def _run_on_dask(
    function: Callable[[T], R],
    chunks: list[T],
    jobs: int | None,
    scheduler: str | None,
    report: _Report,
    order: list[tuple[int, int]],
) -> list[R]:
    import dask.config
    from distributed import Client, LocalCluster

    cluster = None
    before = set(multiprocessing.active_children())
    try:
        if scheduler is None:
            # The workers are started with Ctrl-C held back (they inherit it): on Ctrl-C this
            # process cancels the chunks and closes them, instead of each dying with a
            # traceback.  A Ctrl-C pressed meanwhile is raised here once they have started.
            with _ctrl_c_held(), dask.config.set(_LOCAL_CLUSTER_CONFIG):
                cluster = LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # a free port: 8787 may be taken by another cluster
                    silence_logs=logging.CRITICAL,
                )
            client = Client(cluster, set_as_default=False)
        else:
            client = Client(_checked_address(scheduler), set_as_default=False)
    except KeyboardInterrupt:
        _close(cluster, before)
        raise RunInterrupted({}, len(chunks)) from None
    except BaseException:
        _close(cluster, before)
        raise
    try:
        return _collect(client, function, chunks, report, order)
    finally:
        client.close()
        _close(cluster, before)


def _close(cluster: Any, before: set[Any], wait: float = 30.0) -> None:
    """Close a cluster started for a run and wait (at most ``wait`` seconds) for the worker
    processes started with it to end, ending those still there: ``close`` can return while
    they exit, and a Ctrl-C that reaches a thread started before the signal was held stops the
    start of the cluster before there is a cluster to close.  A run that stops leaves no
    process behind."""
    if cluster is not None:
        cluster.close()
    else:
        wait = 0.0  # no cluster was made to tell them to stop: end them now
    deadline = time.monotonic() + wait
    started = set(multiprocessing.active_children()) - before
    for process in started:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in started:
        if process.is_alive():
            process.terminate()
            process.join(5)
        if process.is_alive():
            process.kill()
            process.join()


# The Dask configuration of a LocalCluster started for a run (its workers get it too): a worker
# is sent its next chunk when it is free (saturation 1.0, not Dask's 1.1, which has each worker
# hold a second chunk chosen before knowing which worker is free first), so the chunk of highest
# priority left starts next; nothing is then left to steal.  No statistical profiler (a thread
# sampling the chunk's stack every 10 ms, for the dashboard) and slower monitors: the periodic
# work of a worker competes with its chunk for the GIL and, on a busy machine, for the cores.
_LOCAL_CLUSTER_CONFIG = {
    "distributed.scheduler.worker-saturation": 1.0,
    "distributed.scheduler.work-stealing": False,
    "distributed.worker.profile.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    # a terminal's Ctrl-C reaches the workers too: they ignore it (this process stops them)
    "distributed.worker.preload": ["cgt.core._quiet_workers"],
}


def _checked_address(address: Any) -> str:
    """A scheduler address as Dask reads it, or a named error (not a hang: a malformed
    address makes Dask's client wait for its own time-out)."""
    _require_dask()
    from distributed.comm.addressing import parse_address, parse_host_port

    if not isinstance(address, str):
        raise WrongTypeError(f"a scheduler address is a str, got {address!r}")
    try:
        protocol, location = parse_address(address)
        if protocol in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as error:
        raise InvalidArgumentError(
            f"scheduler address {address!r} is not host:port or protocol://host:port ({error})"
        ) from None
    return address


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C back (SIGINT blocked) in this thread, and so in the processes and threads
    started meanwhile, which inherit it: they never see it.  A Ctrl-C that arrives meanwhile
    stays pending and is raised here, as `KeyboardInterrupt`, when the block ends (ignoring it,
    as before, lost it: 5 of 22 presses during the start of the workers, and the run went on).
    Checked with a real SIGINT in a process of its own (``tests/test_runner_ctrl_c.py``): a
    signal sent to the test process itself could be raised outside any handler.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    # The mask is inherited by the processes and threads started meanwhile; a thread that was
    # running before does not block the signal and may take it: the handler then only notes
    # it (Python runs handlers in the main thread), so nothing is interrupted half-way.
    noted: list[int] = []
    handler = signal.signal(signal.SIGINT, lambda number, frame: noted.append(number))
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        signal.signal(signal.SIGINT, handler)
    if noted:
        raise KeyboardInterrupt


def _collect(
    client: Any,
    function: Callable[[T], R],
    chunks: list[T],
    report: _Report,
    order: list[tuple[int, int]],
) -> list[R]:
    from distributed import as_completed

    # One graph, highest priority first: Dask starts the chunks of one `map` in list order.
    # pure=False: equal chunks are still separate pieces of work.
    started = client.map(function, [chunks[index] for _, index in order], pure=False)
    futures: list[Any] = [None] * len(chunks)
    for (_, index), future in zip(order, started, strict=True):
        futures[index] = future
    index_of = {future.key: index for index, future in enumerate(futures)}
    finished: dict[int, R] = {}
    first_error: int | None = None
    try:
        for future in as_completed(futures, loop=client.loop):
            index = index_of[future.key]
            if future.status == "error":
                if first_error is None or index < first_error:
                    first_error = index
                    client.cancel([f for f in futures[index + 1 :] if not f.done()])
            elif future.status == "finished" or first_error is None or index < first_error:
                # Not "finished" here: its worker died after computing it and the scheduler
                # computes it again ("pending": result() waits for it; the result used to be
                # dropped, and the run failed at the end), or it was cancelled by someone else
                # (the cluster shut down...): result() raises.
                finished[index] = future.result()
                report(index, finished[index])
            if first_error is not None and all(i in finished for i in range(first_error)):
                futures[first_error].result()  # raises the chunk's error, as one process would
    except KeyboardInterrupt:
        client.cancel(futures)
        raise RunInterrupted(finished, len(chunks)) from None
    return [finished[index] for index in range(len(chunks))]
