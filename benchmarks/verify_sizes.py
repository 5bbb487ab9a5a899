"""How far each claim of ``cgt verify`` can be pushed: the largest size checked within a budget.

For each registered claim holding (or those of ``--game``; a claim registered as refuted stops
at its counterexample, whatever the size), one fresh process checks the claim at growing sizes
(``Claim.run(size=N)``, as ``cgt verify --size N`` does; full-size random search included),
`cgt`'s memo tables cleared before each size: from the quick size, by one below 16, else by a
quarter (doubled while a run takes under an eighth of the budget), until a run takes more than
``--budget`` seconds.  The table gives the largest size within the budget and its time, the
registered full size, and the growth of the time over the last step (to project further).

``--workers 2`` also times the claim at that size split in 2 interleaved parts on a running
2-worker cluster (the claim's ``parts`` mechanism, `cgt.run_chunks`).

    nice python benchmarks/verify_sizes.py [--game NAME] [--budget 60] [--workers 2] [--json]

The machine is shared: figures are single runs, printed with the load average.
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


def _one(name: list[str], budget: float) -> None:
    """Check the claim named ``[game, text]`` at growing sizes in this process, `cgt`'s memo
    tables cleared before each; one JSON line per size."""
    import cgt

    (claim,) = [c for c in _claims(name[0]) if c.claim == name[1]]
    size, checked = claim.quick, None
    while True:
        cgt.clear_caches()
        start = time.perf_counter()
        run = claim.run(size=size)
        seconds = time.perf_counter() - start
        if run.result.exhaustive == checked:  # a larger size adds no position
            print(json.dumps({"bounded": True}), flush=True)
            return
        checked = run.result.exhaustive
        print(json.dumps({"size": size, "seconds": seconds, "status": run.status}), flush=True)
        if seconds > budget:
            return
        size = _next(size, seconds, budget)


def _split(name: list[str], size: int, workers: int) -> None:
    """The claim at ``size`` in ``workers`` interleaved parts on a running cluster."""
    import attrs
    from distributed import LocalCluster

    from cgt.core.runner import run_chunks
    from cgt.verification._chunks import _chunks_of, _merge, _run_chunk

    (claim,) = [c for c in _claims(name[0]) if c.claim == name[1]]
    split = attrs.evolve(claim, parts=workers)
    chunks = _chunks_of(split, False, size)
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as cluster:
        start = time.perf_counter()
        parts = run_chunks(_run_chunk, chunks, scheduler=cluster.scheduler_address)
        seconds = time.perf_counter() - start
    run = _merge(split, False, parts, size)
    largest = max(p.seconds for p in parts)
    print(json.dumps({"seconds": seconds, "status": run.status, "largest_part": largest}))


def _next(size: int, seconds: float, budget: float) -> int:
    """The next size: by one below 16, else by a quarter (doubled while far below budget)."""
    if size < 16:
        return size + 1
    return size * 2 if seconds < budget / 8 else size + size // 4


def _child(mode: str, argument: list[Any], limit: float) -> list[dict[str, Any]]:
    command = [sys.executable, __file__, mode, json.dumps(argument)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=False)
        out, error = done.stdout, done.stderr if done.returncode else ""
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode() if isinstance(expired.stdout, bytes) else expired.stdout or ""
        error = "time-out"
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    if error:
        records.append({"error": (error.strip().splitlines() or ["?"])[-1]})
    return records


def _push(claim: Any, budget: float) -> dict[str, Any]:
    """The largest size of one claim checked within the budget, on one worker."""
    records = _child("--one", [[claim.game, claim.claim], budget], budget * 4 + 60)
    sizes = [r for r in records if "size" in r]
    within = [r for r in sizes if r["seconds"] <= budget]
    best = within[-1] if within else None
    last = sizes[-2:]
    growth = None
    if len(last) == 2 and last[0]["seconds"] > 0.05:
        steps = 1  # the growth of the time per step of the size
        growth = last[1]["seconds"] / last[0]["seconds"] / steps
    end = records[-1] if records else {"error": "no output"}
    if "error" in end:
        stopped = f"size after {best['size'] if best else '-'}: {end['error']}"
    elif "bounded" in end:
        stopped = "bounded family"
    else:
        stopped = f"size {end['size']}: {end['seconds']:.1f} s"
    return {
        "best": best and (best["size"], best["seconds"], best["status"]),
        "stopped": stopped,
        "growth": growth,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the claims of this game (as cgt verify --game)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per claim and size")
    parser.add_argument("--workers", type=int, default=1, help="also time on 2 workers: 2")
    parser.add_argument("--first", type=int, default=0, help="skip the claims before this one")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--split", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        _one(*json.loads(args.one))
        return
    if args.split:
        _split(*json.loads(args.split))
        return
    print(f"load average {os.getloadavg()[0]:.1f}; budget {args.budget:.0f} s", flush=True)
    rows, records = [], []
    for index, claim in enumerate(_claims(args.game)):
        if index < args.first:
            continue
        if claim.expect == "refuted":  # stops at its counterexample, whatever the size
            continue
        found = _push(claim, args.budget)
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
            name = [claim.game, claim.claim]
            split = _child("--split", [name, best[0], args.workers], args.budget * 3 + 60)
            record["split"] = split[-1] if split else None
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
