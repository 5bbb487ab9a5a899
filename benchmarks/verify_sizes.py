"""How far each claim of ``cgt verify`` can be pushed: the largest size checked within a budget.

For each registered claim (or those of ``--game``), the size is raised from the claim's quick
size (by one while it is below 100, else by half) and each size is checked cold, in a fresh
process (``cgt verify --size N`` for that one claim), until a run takes more than ``--budget``
seconds; the table gives the largest size within the budget and its time, the registered full
size, and the growth factor of the time per step at the end (to project further sizes).

``--workers 2`` also times the claim at that size split in 2 interleaved parts on a running
2-worker cluster (`cgt.run_chunks`, the claim's ``parts`` mechanism), and the projected times on
10 and 100 workers are the one-worker time over the number of workers, bounded below by the
time of the largest chunk that cannot be cut (the part that enumerates the family).

    nice python benchmarks/verify_sizes.py [--game NAME] [--budget 60] [--workers 2] [--json]

The machine is shared: figures are single cold runs, printed with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import table


def _claims(game: str | None) -> list[Any]:
    from cgt.cli.verify import select_claims
    from cgt.verification.claim import claims
    from cgt.verification.plugins import load_plugins

    load_plugins()
    return select_claims(claims(), [game] if game else [])


def _one(index: int, size: int, game: str | None, workers: int) -> dict[str, Any]:
    """Check claim ``index`` (of the selection) at ``size`` in this process; the timing."""
    import attrs

    from cgt.core.runner import run_chunks
    from cgt.verification._chunks import _chunks_of, _merge, _run_chunk

    claim = _claims(game)[index]
    if workers == 1:
        start = time.perf_counter()
        run = claim.run(size=size)
        return {"seconds": time.perf_counter() - start, "status": run.status}
    from distributed import LocalCluster

    split = attrs.evolve(claim, parts=workers)
    chunks = _chunks_of(split, False, size)
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster:
        start = time.perf_counter()
        parts = run_chunks(_run_chunk, chunks, scheduler=cluster.scheduler_address)
        seconds = time.perf_counter() - start
    run = _merge(split, False, parts, size)
    return {
        "seconds": seconds,
        "status": run.status,
        "largest_part": max(p.seconds for p in parts),
    }


def _measure(index: int, size: int, game: str | None, workers: int, limit: float) -> Any:
    command = [sys.executable, __file__, "--one", str(index), str(size), str(workers)]
    if game:
        command += ["--game", game]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _next(size: int) -> int:
    return size + 1 if size < 100 else size + size // 2


def _push(index: int, claim: Any, game: str | None, budget: float) -> dict[str, Any]:
    """The largest size of one claim checked within the budget, on one worker."""
    size, best, last_two = claim.quick, None, []
    while True:
        measured = _measure(index, size, game, 1, budget * 3)
        if measured is None or "error" in measured:
            reason = "time-out" if measured is None else measured["error"]
            return {"best": best, "stopped": f"size {size}: {reason}", "growth": _growth(last_two)}
        last_two = [*last_two[-1:], (size, measured["seconds"])]
        if measured["seconds"] > budget:
            return {
                "best": best,
                "stopped": f"size {size}: {measured['seconds']:.1f} s",
                "growth": _growth(last_two),
            }
        best = (size, measured["seconds"], measured["status"])
        size = _next(size)


def _growth(points: list[tuple[int, float]]) -> float | None:
    if len(points) < 2 or points[0][1] <= 0:
        return None
    return points[1][1] / points[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the claims of this game (as cgt verify --game)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per claim and size")
    parser.add_argument("--workers", type=int, default=1, help="also time on 2 workers: 2")
    parser.add_argument("--first", type=int, default=0, help="skip the claims before this one")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(_one(*args.one[:2], args.game, args.one[2])))
        return
    print(f"load average {os.getloadavg()[0]:.1f}; budget {args.budget:.0f} s", flush=True)
    rows, records = [], []
    for index, claim in enumerate(_claims(args.game)):
        if index < args.first:
            continue
        found = _push(index, claim, args.game, args.budget)
        best = found["best"]
        record: dict[str, Any] = {
            "game": claim.game,
            "claim": claim.claim,
            "full": claim.full,
            "largest": best and best[0],
            "seconds": best and best[1],
            "status": best and best[2],
            "stopped": found["stopped"],
            "growth": found["growth"],
        }
        if best and args.workers > 1:
            split = _measure(index, best[0], args.game, args.workers, args.budget * 3 + 60)
            record["split"] = split
        records.append(record)
        two = record.get("split") or {}
        rows.append(
            [
                f"{claim.game}: {claim.claim[:48]}",
                claim.full,
                "-" if not best else best[0],
                "-" if not best else f"{best[1]:.1f} s",
                f"{two['seconds']:.1f} s" if "seconds" in two else "-",
                f"x{found['growth']:.1f}" if found["growth"] else "-",
                found["stopped"],
            ]
        )
        print(json.dumps(record), flush=True)
    header = ["claim", "full", "largest", "1 worker", "2 workers", "growth/step", "stopped at"]
    print(table(header, rows))
    print(f"load average {os.getloadavg()[0]:.1f}")
    if args.json:
        print(json.dumps(records, indent=2))


if __name__ == "__main__":
    main()
