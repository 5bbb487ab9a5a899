"""The explorer's computations: one worker process, bounded in time and memory, cancellable.

An `Analyst` owns a worker process that runs `cgt.explorer.analysis.analyse` on the positions it
is asked about, one at a time, keeping cgt's memo tables warm between requests.  A request names
a position by its ruleset and text (``game=None`` for the notation), or, in Jupyter, by a
position object, and a path of options to follow from there (``[["L", 0], ["R", 2]]``).

* **Progress**: while it works the worker reports its phase and how many positions it has
  valued so far (the size of cgt's value memo), several times a second.
* **Bounds**: a job that runs longer than ``time_limit`` seconds is stopped; the worker's
  address space is capped at ``memory_limit`` bytes (``RLIMIT_AS``), so a huge position fails
  with a clear message instead of swapping the machine.  Requests wait in a queue of at most
  ``max_queue``.
* **Cancel**: `Analyst.cancel` drops a waiting job or kills the worker of the running one (a
  new worker starts for the next job; only the memo tables are lost).
* **Errors**: a bad position fails its job with the library's own message (the text ``cgt
  value`` prints); nothing a request holds can stop the `Analyst`.

>>> with Analyst(time_limit=30) as analyst:
...     job = analyst.submit(None, "{0, * | 1}")
...     done = analyst.wait(job.id, timeout=60)
...     bad = analyst.wait(analyst.submit(None, "{1|").id, timeout=60)
>>> done.state, done.result["value"], bad.state
('done', '1/2', 'failed')
>>> print(bad.error)
'{' at position 0 is never closed
    {1|
    ^
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cgt.core.errors import CGTError, InvalidArgumentError

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "MAX_TEXT",
    "Analyst",
    "BusyError",
    "Job",
    "UnknownJobError",
    "build_position",
]

DEFAULT_TIME_LIMIT = 120.0
"""Seconds a computation may run (``cgt explore --time-limit``)."""
DEFAULT_MEMORY_LIMIT = 4 * 2**30
"""Bytes of address space of the worker process (``cgt explore --memory-limit``)."""
MAX_TEXT = 10_000
"""The longest position text a request may hold."""
MAX_PATH = 10_000
"""The most moves a request may follow from its start."""
_REPORT_EVERY = 0.2


class UnknownJobError(CGTError, LookupError):
    """No job has that id (or it was forgotten: only the last few hundred are kept)."""


class BusyError(CGTError, RuntimeError):
    """Too many requests wait already."""


@attrs.define
class Job:
    """One request and what became of it: ``state`` is ``queued``, ``running``, ``done``,
    ``failed`` or ``cancelled``."""

    id: str
    game: str | None
    text: str
    path: tuple[tuple[str, int], ...]
    state: str = "queued"
    phase: str = "waiting for the worker"
    positions: int = 0
    submitted: float = attrs.field(factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    on_root: bool = False

    def to_json(self) -> dict[str, Any]:
        """The job as JSON-ready data (what ``GET /api/jobs/ID`` answers)."""
        end = self.finished if self.finished is not None else time.monotonic()
        return {
            "id": self.id,
            "game": self.game,
            "text": self.text,
            "path": [list(step) for step in self.path],
            "state": self.state,
            "phase": self.phase,
            "positions": self.positions,
            "seconds": round(end - self.started, 3) if self.started is not None else 0.0,
            "result": self.result,
            "error": self.error,
        }

    @property
    def over(self) -> bool:
        return self.state in ("done", "failed", "cancelled")


def build_position(game: str | None, text: str, root: Any = None) -> Any:
    """The position a request names: ``root`` if given, else ``text`` read by the ruleset
    ``game`` (`cgt.cli.rulesets`), or as notation (`cgt.explorer.forms.Form`) when ``game`` is
    None."""
    if root is not None:
        return root
    if game is None:
        from cgt.explorer.forms import Form

        return Form(text)
    from cgt.cli.rulesets import build_position as build

    return build(game, text)


def follow(position: Any, path: Sequence[tuple[str, int]]) -> list[Any]:
    """The positions from ``position`` along the options of ``path``, each ``("L", i)``
    (Left's option ``i``) or ``("R", i)``: ``position`` first, the one reached last."""
    from cgt.positions.protocol import left_options_of, right_options_of

    line = [position]
    for depth, (side, index) in enumerate(path, 1):
        options = left_options_of(position) if side == "L" else right_options_of(position)
        if not 0 <= index < len(options):
            player = "Left" if side == "L" else "Right"
            raise InvalidArgumentError(
                f"move {depth} of the path: {player} has {len(options)} options, no option {index}"
            )
        position = options[index]
        line.append(position)
    return line


def check_request(game: Any, text: Any, path: Any) -> tuple[str | None, str, tuple[Any, ...]]:
    """The request's parts, checked: a ruleset name or None, a text of at most `MAX_TEXT`
    characters, a path of ``[side, index]`` pairs; raises `InvalidArgumentError` otherwise."""
    if game is not None and (not isinstance(game, str) or len(game) > 100):
        raise InvalidArgumentError("game: the name of a ruleset, or null for the notation")
    if isinstance(game, str) and not game.strip():
        game = None
    if not isinstance(text, str):
        raise InvalidArgumentError("position: a string, such as '..|..' or '{2|-1}'")
    if len(text) > MAX_TEXT:
        raise InvalidArgumentError(f"position: at most {MAX_TEXT} characters, got {len(text)}")
    if path is None:
        path = []
    if not isinstance(path, list) or len(path) > MAX_PATH:
        raise InvalidArgumentError(f"path: a list of at most {MAX_PATH} moves [side, index]")
    steps = []
    for step in path:
        if (
            not isinstance(step, (list, tuple))
            or len(step) != 2
            or step[0] not in ("L", "R")
            or not isinstance(step[1], int)
            or isinstance(step[1], bool)
        ):
            raise InvalidArgumentError(f"path: each move is ['L' or 'R', index], not {step!r}")
        steps.append((step[0], step[1]))
    return game, text, tuple(steps)


# --------------------------------------------------------------------------- the worker


def _limit_memory(limit: int | None) -> None:
    if limit is None:
        return
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


class _Reporter(threading.Thread):
    """Tells the manager, several times a second, the job's phase and how many positions the
    worker has valued since it began."""

    def __init__(self, send: Callable[[tuple[Any, ...]], None], job_id: str) -> None:
        super().__init__(daemon=True)
        self.send, self.job_id = send, job_id
        self.phase = "reading the position"
        self.start_size = _valued()
        self.done = threading.Event()

    def positions(self) -> int:
        return _valued() - self.start_size

    def run(self) -> None:
        while not self.done.wait(_REPORT_EVERY):
            self.send(("progress", self.job_id, self.phase, self.positions()))

    def tell(self, phase: str) -> None:
        self.phase = phase


def _valued() -> int:
    from cgt.core.memo import cache_info

    # (every table of values: the engine's, and those a ruleset's value solver registers)
    return sum(info.size for name, info in cache_info().items() if name.startswith("value"))


def _answer(request: tuple[Any, ...], root: Any, reporter: _Reporter) -> tuple[Any, ...]:
    """What the worker sends back for one request: ``("done", id, result)`` or ``("failed",
    id, message)``."""
    from cgt.explorer.analysis import analyse

    job_id, game, text, path, on_root = request
    try:
        line = follow(build_position(game, text, root if on_root else None), path)
        result = analyse(line[-1], report=reporter.tell)
        result["path"] = [str(position) for position in line[1:]]
        return ("done", job_id, result)
    except CGTError as error:
        return ("failed", job_id, str(error))
    except RecursionError:
        return ("failed", job_id, "the position is too deep to analyse (RecursionError)")
    except MemoryError:
        raise
    except Exception as error:  # a ruleset's own bug: say which, keep serving
        return ("failed", job_id, f"{type(error).__name__}: {error}")


def _work(conn: Any, memory_limit: int | None, root: Any = None) -> None:
    """The worker process: analyse the requests that arrive on ``conn`` one by one."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    _limit_memory(memory_limit)
    lock = threading.Lock()

    def send(message: tuple[Any, ...]) -> None:
        with lock:
            conn.send(message)

    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        job_id = request[0]
        send(("started", job_id))
        reporter = _Reporter(send, job_id)
        reporter.start()
        try:
            answer = _answer(request, root, reporter)
        except MemoryError:
            reporter.done.set()
            send(("failed", job_id, _OUT_OF_MEMORY.format(limit=_size(memory_limit))))
            os._exit(3)  # start afresh: the memo tables may be half written
        reporter.done.set()
        reporter.join()
        send(("progress", job_id, "done", reporter.positions()))
        send(answer)


_OUT_OF_MEMORY = (
    "ran out of memory: the computation needed more than {limit} (cgt explore --memory-limit)"
)


def _size(limit: int | None) -> str:
    if limit is None:
        return "the machine's memory"
    return f"{limit / 2**30:.3g} GiB" if limit >= 2**30 else f"{limit / 2**20:.3g} MiB"


# --------------------------------------------------------------------------- the manager


class Analyst:
    """Runs analyses in a worker process (see the module); use as a context manager or call
    `close`.

    ``root``: a position object that requests can start from (``submit(..., on_root=True)``);
    ``start_method``: how the worker starts (``"spawn"``, or ``"fork"`` in Jupyter, so that
    ``root`` reaches the worker without being pickled, whatever its class).
    """

    def __init__(
        self,
        *,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
        max_queue: int = 16,
        cached: int = 512,
        kept: int = 512,
        start_method: str = "spawn",
        root: Any = None,
    ) -> None:
        if time_limit is not None and not time_limit > 0:
            raise InvalidArgumentError(f"time_limit must be positive seconds, not {time_limit}")
        if memory_limit is not None and memory_limit < 64 * 2**20:
            raise InvalidArgumentError(f"memory_limit must be at least 64 MiB, not {memory_limit}")
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.max_queue = max_queue
        self.root = root
        self._context = multiprocessing.get_context(start_method)
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._kept = kept
        self._cache: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        self._cached = cached
        self._queue: deque[Job] = deque()
        self._ids = itertools.count(1)
        self._lock = threading.Condition()
        self._closed = False
        self._cancel_running = False
        self._process: Any = None
        self._conn: Any = None
        self._thread = threading.Thread(target=self._run, name="cgt-explorer", daemon=True)
        self._thread.start()

    # --- the public side --------------------------------------------------------------------
    def submit(self, game: Any, text: Any, path: Any = (), on_root: bool = False) -> Job:
        """Queue the analysis of a position (answered at once from the cache when it is known);
        ``on_root``: start from the `Analyst`'s ``root`` instead of ``game`` and ``text``.
        Raises `BusyError` when `max_queue` requests wait already."""
        game, text, steps = check_request(
            game, text, list(path) if isinstance(path, tuple) else path
        )
        if on_root and self.root is None:
            raise InvalidArgumentError("this explorer has no position object to start from")
        with self._lock:
            job = Job(f"j{next(self._ids)}", game, text, steps, on_root=on_root)
            key = (on_root, game, text, steps)
            if key in self._cache:
                self._cache.move_to_end(key)
                job.state, job.phase = "done", "done"
                job.started = job.finished = time.monotonic()
                job.result = self._cache[key]
            else:
                if len(self._queue) >= self.max_queue:
                    raise BusyError(
                        f"{len(self._queue)} requests are waiting already; cancel one or retry"
                    )
                self._queue.append(job)
                self._lock.notify_all()
            self._remember(job)
            return job

    def job(self, job_id: str) -> Job:
        """The job with this id; raises `UnknownJobError`."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise UnknownJobError(f"no job {job_id!r} (finished jobs are forgotten after a while)")
        return job

    def cancel(self, job_id: str) -> Job:
        """Cancel a waiting or running job (a finished one is left as it is)."""
        with self._lock:
            job = self.job(job_id)
            if job.state == "queued":
                self._queue.remove(job)
                self._finish(job, "cancelled", error="cancelled")
            elif job.state == "running":
                self._cancel_running = True
                self._lock.notify_all()
            return job

    def wait(self, job_id: str, timeout: float | None = None) -> Job:
        """The job once it is over (or as it is when ``timeout`` seconds have passed)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            job = self.job(job_id)
            while not job.over:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                self._lock.wait(left if left is not None else 1.0)
            return job

    def close(self) -> None:
        """Stop the worker; waiting jobs are cancelled."""
        with self._lock:
            self._closed = True
            self._cancel_running = True
            for job in self._queue:
                self._finish(job, "cancelled", error="the explorer was closed")
            self._queue.clear()
            self._lock.notify_all()
        self._thread.join(timeout=10)
        self._stop_worker()

    def __enter__(self) -> Analyst:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the manager thread -----------------------------------------------------------------
    def _remember(self, job: Job) -> None:
        self._jobs[job.id] = job
        while len(self._jobs) > self._kept:
            oldest = next(iter(self._jobs.values()))
            if not oldest.over:
                break
            self._jobs.popitem(last=False)

    def _finish(
        self,
        job: Job,
        state: str,
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        job.state, job.result, job.error = state, result, error
        job.phase = state
        job.finished = time.monotonic()
        if job.started is None:
            job.started = job.finished
        if state == "done" and result is not None:
            self._cache[(job.on_root, job.game, job.text, job.path)] = result
            while len(self._cache) > self._cached:
                self._cache.popitem(last=False)
        self._lock.notify_all()

    def _start_worker(self) -> None:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(  # type: ignore[attr-defined]
            target=_work,
            args=(theirs, self.memory_limit, self.root),
            name="cgt-explorer-worker",
        )
        process.daemon = True
        process.start()
        theirs.close()
        self._process, self._conn = process, ours

    def _stop_worker(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            conn.close()
        if process is not None:
            process.join(timeout=0.5)
            if process.is_alive():
                process.kill()
                process.join(timeout=5)

    def _kill_worker(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(timeout=5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._queue and not self._closed:
                    self._lock.wait()
                if self._closed:
                    return
                job = self._queue.popleft()
                job.state, job.phase, job.started = "running", "starting", time.monotonic()
                self._cancel_running = False
            try:
                self._serve(job)
            except Exception as error:  # keep the manager alive whatever happens
                with self._lock:
                    self._kill_worker()
                    self._finish(job, "failed", error=f"{type(error).__name__}: {error}")

    def _too_long(self, job: Job) -> str:
        if job.phase == "starting":
            return f"the worker process did not start within {_STARTUP:g} s"
        return f"stopped after {self.time_limit:g} s, the time limit (cgt explore --time-limit)"

    def _serve(self, job: Job) -> None:
        if self._process is None or not self._process.is_alive():
            self._kill_worker()
            self._start_worker()
        conn = self._conn
        conn.send((job.id, job.game, job.text, job.path, job.on_root))
        # the time limit counts from when the worker takes the job (a new worker first imports
        # cgt and the rulesets, which may take seconds on a loaded machine)
        deadline: float | None = time.monotonic() + _STARTUP
        while True:
            with self._lock:
                if self._cancel_running:
                    self._kill_worker()
                    why = "the explorer was closed" if self._closed else "cancelled"
                    self._finish(job, "cancelled", error=why)
                    return
            if deadline is not None and time.monotonic() > deadline:
                with self._lock:
                    self._kill_worker()
                    self._finish(job, "failed", error=self._too_long(job))
                return
            try:
                ready = conn.poll(0.05)
                message = conn.recv() if ready else None
            except (EOFError, OSError):
                with self._lock:
                    code = self._process.exitcode if self._process is not None else None
                    self._kill_worker()
                    self._finish(job, "failed", error=_died(code, self.memory_limit))
                return
            if message is None:
                continue
            kind, job_id = message[0], message[1]
            if job_id != job.id:
                continue
            with self._lock:
                if kind == "started":
                    job.phase, job.started = "reading the position", time.monotonic()
                    deadline = None if self.time_limit is None else job.started + self.time_limit
                elif kind == "progress":
                    job.phase, job.positions = message[2], message[3]
                elif kind == "done":
                    self._finish(job, "done", result=message[2])
                    return
                else:
                    self._finish(job, "failed", error=message[2])
                    if self._process is not None:
                        self._process.join(timeout=0.2)  # it exits after running out of memory
                    return


_STARTUP = 120.0
"""Seconds a new worker may take to start."""


def _died(code: int | None, memory_limit: int | None) -> str:
    if code == -signal.SIGKILL:
        return "the worker was killed (out of memory?)"
    if code == 3:
        return _OUT_OF_MEMORY.format(limit=_size(memory_limit))
    return f"the worker process stopped unexpectedly (exit code {code})"
