"""The parallel runner: speed-up of ``cgt verify`` at 1 and 2 workers, and the cost of a chunk.

1. ``cgt verify [--quick] --jobs N --json`` as a separate process (what a user runs), for each N
   of ``--jobs`` (default 1 and 2): the median wall time over ``--repeat`` runs, the speed-up
   over one worker, and the CPU time of the claims (the sum of their times, so a loaded machine
   shows as CPU time that did not shrink).  The outputs are compared: they must be equal but
   for the timings.
2. The overhead of `cgt.run_chunks`: start-up and close of a LocalCluster of 2 workers, and the
   cost of one more (empty) chunk, from runs of 20 and 420 empty chunks.

The machine's load average is printed before and after: with other jobs running, two workers
do not get two cores.

    python benchmarks/bench_runner.py [--repeat 3] [--quick] [--jobs 1,2]
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import fmt, table

from cgt.core.runner import run_chunks


def _verify(jobs: int, quick: bool) -> tuple[float, dict[str, Any]]:
    command = [sys.executable, "-m", "cgt", "verify", "--json", "--jobs", str(jobs)]
    if quick:
        command.append("--quick")
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return seconds, json.loads(done.stdout)


def _without_timings(data: dict[str, Any]) -> list[dict[str, Any]]:
    drop = ("fast_seconds", "reference_seconds", "seconds")
    return [{k: v for k, v in claim.items() if k not in drop} for claim in data["claims"]]


def _nothing(chunk: int) -> int:
    return chunk


def bench_verify(jobs: list[int], repeat: int, quick: bool) -> None:
    walls: dict[int, list[float]] = {n: [] for n in jobs}
    cpus: dict[int, list[float]] = {n: [] for n in jobs}
    outputs = []
    last_times: list[float] = []
    for _ in range(repeat):  # interleaved, so that every N sees the same changes of load
        for n in jobs:
            seconds, data = _verify(n, quick)
            walls[n].append(seconds)
            cpus[n].append(sum(claim["seconds"] for claim in data["claims"]))
            outputs.append(_without_timings(data))
            if n == 1:
                last_times = [claim["seconds"] for claim in data["claims"]]
            print(f"  jobs {n}: {fmt(seconds)}, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
    base = statistics.median(walls[jobs[0]])
    rows = []
    for n in jobs:
        wall = statistics.median(walls[n])
        cpu = statistics.median(cpus[n])
        rows.append([n, fmt(wall), f"{base / wall:.2f}x", fmt(cpu), len(outputs[0])])
    same = all(output == outputs[0] for output in outputs)
    size = "--quick" if quick else "full size"
    print(f"\n`cgt verify` ({size}), median of {repeat} run(s):\n")
    print(table(["workers", "wall time", "speed-up", "claims' time (sum)", "claims"], rows))
    print(f"\nsame results at every number of workers: {same}")
    print("\nBound from the claims' times of the last one-worker run (chunks handed out in order")
    print("to the first free worker, no overhead): what free cores would give.\n")
    print(table(["workers", "time", "speed-up"], _bounds(last_times)))


def _bounds(times: list[float]) -> list[list[Any]]:
    """Makespan of handing ``times`` out in order to the first free of m workers."""
    rows = []
    for workers in (1, 2, 4, 8, 16, 64):
        free = [0.0] * workers
        for seconds in times:
            heapq.heappush(free, heapq.heappop(free) + seconds)
        rows.append([workers, fmt(max(free)), f"{sum(times) / max(free):.2f}x"])
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
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
    if not args.skip_verify:
        bench_verify([int(n) for n in args.jobs.split(",")], args.repeat, args.quick)
    bench_overhead(args.repeat)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
