"""The parallel runner: speed-up of ``cgt verify`` at 1 and 2 workers, and the cost of a chunk.

1. ``cgt verify [--quick] --jobs N --json`` as a separate process (what a user runs), for each N
   of ``--jobs`` (default 1 and 2), in turn ``--repeat`` times: each run's wall time, speed-up
   over the one-worker run just before it, the mean load average while it ran, its CPU time
   (the process and its workers: what the workers cost beyond the claims) and the claims' time
   (the sum of their times); then the medians.  The outputs are compared: they must be equal
   but for the timings.  The bound hands the claims' times of a one-worker run out to the first
   free worker, in registration order and longest first (what `cgt verify` does on workers: it
   keeps the chunks' times of the last run in the user's cache directory).
2. The overhead of `cgt.run_chunks`: start-up and close of a LocalCluster of 2 workers, and the
   cost of one more (empty) chunk, from runs of 20 and 420 empty chunks.

The machine's load average is printed before and after: with other jobs running, two workers
do not get two cores.

    python benchmarks/bench_runner.py [--repeat 3] [--quick] [--jobs 1,2] [--skip-overhead]
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import fmt, table

from cgt.core.runner import run_chunks


def _verify(jobs: int, quick: bool) -> dict[str, Any]:
    """One ``cgt verify --json --jobs N`` run: its wall time, CPU time (of the process and its
    workers), mean load average while it ran, its output, and the claims' CPU times (kept by
    the run in the timings file)."""
    command = [sys.executable, "-m", "cgt", "verify", "--json", "--jobs", str(jobs)]
    if quick:
        command.append("--quick")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    loads = [os.getloadavg()[0]]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while True:
        try:
            out, err = process.communicate(timeout=5)
            break
        except subprocess.TimeoutExpired:
            loads.append(os.getloadavg()[0])
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        output = json.loads(out)
    except ValueError:  # a crash (exit status 1 is also that of a claim not as registered)
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{err}") from None
    return {
        "wall": wall,
        "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
        "load": statistics.mean(loads),
        "output": output,
        "claims_cpu": _claims_cpu(quick),
    }


def _claims_cpu(quick: bool) -> list[float]:
    """The CPU time of every registered claim in the last run, from the timings file (a claim
    split into parts: the sum of its parts)."""
    from cgt.verification._chunks import _chunks_of, _load_timings, _timing_key
    from cgt.verification.claim import claims
    from cgt.verification.plugins import load_plugins

    load_plugins()
    timings = _load_timings()
    times = []
    for claim in claims():
        keys = [_timing_key(chunk) for chunk in _chunks_of(claim, quick, claim.bound(quick))]
        if all(key in timings for key in keys):
            times.append(sum(timings[key] for key in keys))
    return times


def _without_timings(data: dict[str, Any]) -> list[dict[str, Any]]:
    drop = ("fast_seconds", "reference_seconds", "seconds")
    return [{k: v for k, v in claim.items() if k not in drop} for claim in data["claims"]]


def _nothing(chunk: int) -> int:
    return chunk


def bench_verify(jobs: list[int], repeat: int, quick: bool) -> None:
    """Runs of ``cgt verify`` at each number of workers, interleaved (so that every N sees the
    same changes of load); the first N is the base of the speed-ups."""
    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in jobs}
    for _ in range(repeat):
        for n in jobs:
            run = _verify(n, quick)
            runs[n].append(run)
            print(
                f"  jobs {n}: {fmt(run['wall'])}, CPU {fmt(run['cpu'])}, load {run['load']:.2f}",
                file=sys.stderr,
            )
    base = jobs[0]
    outputs = [_without_timings(run["output"]) for n in jobs for run in runs[n]]
    size = "--quick" if quick else "full size"
    print(f"\n`cgt verify` ({size}, {len(outputs[0])} claims), runs in turn at {jobs} workers:\n")
    header = ["run", "workers", "load average", "wall time", "speed-up", "CPU time", "claims' CPU"]
    rows = []
    for r in range(repeat):
        for n in jobs:
            run = runs[n][r]
            ratio = f"{runs[base][r]['wall'] / run['wall']:.2f}x"
            cells = [f"{run['load']:.1f}", fmt(run["wall"]), ratio, fmt(run["cpu"])]
            rows.append([r + 1, n, *cells, fmt(sum(run["claims_cpu"]))])

    def median(n: int, what: str) -> float:
        return statistics.median(run[what] for run in runs[n])

    for n in jobs:
        ratios = [runs[base][r]["wall"] / runs[n][r]["wall"] for r in range(repeat)]
        speed = median(base, "wall") / median(n, "wall")
        claims_cpu = statistics.median(sum(run["claims_cpu"]) for run in runs[n])
        rows.append(
            [
                "**median**",
                n,
                f"{median(n, 'load'):.1f}",
                fmt(median(n, "wall")),
                f"{speed:.2f}x (of the ratios: {statistics.median(ratios):.2f}x)",
                fmt(median(n, "cpu")),
                fmt(claims_cpu),
            ]
        )
    print(table(header, rows))
    same = all(output == outputs[0] for output in outputs)
    print(f"\nsame results at every number of workers: {same}")
    for n in jobs[1:]:
        bound = n * median(base, "cpu") / (base * median(n, "cpu"))
        print(
            f"CPU bound at {n} workers: {n} x (CPU time on {base}) / (CPU time on {n}) = "
            f"{bound:.2f}x (the speed-up if {n} free cores did the {n}-worker run's work "
            "with no idle time)"
        )
    print(
        "\nBound from the claims' CPU times in the last run on one worker: the claims handed out"
        "\nto the first free worker, in registration order or the longest first (as `cgt verify`"
        "\ndoes), with no overhead: what free cores would give.\n"
    )
    print(
        table(
            ["workers", "in order", "speed-up", "longest first", "speed-up"],
            _bounds(runs[base][-1]["claims_cpu"]),
        )
    )


def _makespan(times: list[float], workers: int) -> float:
    """The time to run ``times`` handed out in order to the first free of ``workers``."""
    free = [0.0] * workers
    for seconds in times:
        heapq.heappush(free, heapq.heappop(free) + seconds)
    return max(free)


def _bounds(times: list[float]) -> list[list[Any]]:
    rows = []
    for workers in (1, 2, 4, 8, 16, 64):
        in_order = _makespan(times, workers)
        longest = _makespan(sorted(times, reverse=True), workers)
        total = sum(times)
        rows.append(
            [
                workers,
                fmt(in_order),
                f"{total / in_order:.2f}x",
                fmt(longest),
                f"{total / longest:.2f}x",
            ]
        )
    return rows


def bench_overhead(repeat: int) -> None:
    import logging

    from distributed import LocalCluster

    def run(count: int, **where: Any) -> float:
        start = time.perf_counter()
        assert run_chunks(_nothing, list(range(count)), **where) == list(range(count))
        return time.perf_counter() - start

    startup = statistics.median(run(2, jobs=2) for _ in range(repeat))
    with LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.CRITICAL
    ) as cluster:
        address = cluster.scheduler_address
        small = statistics.median(run(20, scheduler=address) for _ in range(repeat))
        large = statistics.median(run(1020, scheduler=address) for _ in range(repeat))
    per_chunk = (large - small) / 1000
    start = time.perf_counter()
    for _ in range(100_000):
        run_chunks(_nothing, [0], jobs=1)
    in_process = (time.perf_counter() - start) / 100_000
    print(f"\n`run_chunks` overhead (2 local workers), median of {repeat}:\n")
    print(
        table(
            ["what", "time"],
            [
                ["start a LocalCluster, run 2 empty chunks, close it", fmt(startup)],
                ["connect to a running cluster, run 20 empty chunks", fmt(small)],
                ["one more chunk (1020 vs 20 empty chunks, same cluster)", fmt(per_chunk)],
                ["a run of one chunk in process (jobs=1)", fmt(in_process)],
            ],
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="CI-sized claims")
    parser.add_argument("--jobs", default="1,2", help="numbers of workers, comma-separated")
    parser.add_argument("--skip-verify", action="store_true", help="only the overhead")
    parser.add_argument("--skip-overhead", action="store_true", help="only `cgt verify`")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
    if not args.skip_verify:
        bench_verify([int(n) for n in args.jobs.split(",")], args.repeat, args.quick)
    if not args.skip_overhead:
        bench_overhead(args.repeat)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
