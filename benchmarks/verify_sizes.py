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
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def _claims(game: str | None) -> list[Any]:
    from cgt.cli.verify import select_claims
    from cgt.verification.claim import claims
    from cgt.verification.plugins import load_plugins

    load_plugins()
    return select_claims(claims(), [game] if game else [])


class _Over(BaseException):  # not an Exception: hypothesis lets it through
    """A run went over its CPU time limit."""


def _over(signum: int, frame: Any) -> None:
    raise _Over


def _one(name: list[str], budget: float) -> None:
    """Check the claim named ``[game, text]`` at growing sizes in this process, `cgt`'s memo
    tables cleared before each, timed in CPU seconds (the machine is shared); one JSON line per
    size.  A run is cut at twice the budget (a CPU timer)."""
    import cgt

    (claim,) = [c for c in _claims(name[0]) if c.claim == name[1]]
    size, checked = claim.quick, None
    signal.signal(signal.SIGPROF, _over)
    while True:
        cgt.clear_caches()
        start, wall = time.process_time(), time.perf_counter()
        signal.setitimer(signal.ITIMER_PROF, 2 * budget)
        try:
            run = claim.run(size=size)
        except _Over:
            print(json.dumps({"over": size, "seconds": 2 * budget}), flush=True)
            return
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        seconds, wall = time.process_time() - start, time.perf_counter() - wall
        if run.result.exhaustive == checked:  # a larger size adds no position
            print(json.dumps({"bounded": True}), flush=True)
            return
        checked = run.result.exhaustive
        record = {"size": size, "seconds": seconds, "wall": wall, "status": run.status}
        print(json.dumps(record), flush=True)
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


def _parts(name: list[str], size: int, counts: list[int]) -> None:
    """The claim whole, then cut in ``n`` interleaved parts for each n of ``counts``, each part
    run in turn in this process (CPU seconds): on n free workers a run takes about as long as
    its longest part, so that is the projected time on n workers (without the 2-6 ms per
    chunk and the start of the cluster)."""
    import attrs

    import cgt
    from cgt.verification._chunks import _chunks_of, _merge, _run_chunk

    (claim,) = [c for c in _claims(name[0]) if c.claim == name[1]]
    cgt.clear_caches()
    start = time.process_time()
    whole = claim.run(size=size)
    record: dict[str, Any] = {"whole": time.process_time() - start, "status": whole.status}
    for n in counts:
        split = attrs.evolve(claim, parts=n)
        times, results = [], []
        for chunk in _chunks_of(split, False, size):
            cgt.clear_caches()  # each worker builds its own memo tables
            start = time.process_time()
            results.append(_run_chunk(chunk))
            times.append(time.process_time() - start)
        merged = _merge(split, False, results, size)
        assert merged.status == whole.status and merged.result.checked == whole.result.checked
        record[str(n)] = {"longest": max(times), "sum": sum(times)}
    print(json.dumps(record), flush=True)


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
    """The largest size of one claim checked within the budget (CPU seconds), one worker."""
    records = _child("--one", [[claim.game, claim.claim], budget], budget * 20 + 120)
    sizes = [r for r in records if "size" in r]
    within = [r for r in sizes if r["seconds"] <= budget]
    end = records[-1] if records else {"error": "no output"}
    if "error" in end and "ClaimSizeError" in end["error"]:
        stopped = "its largest size"
    elif "error" in end:
        stopped = f"error: {end['error']}"
    elif "bounded" in end:
        stopped = "bounded family"
    elif "over" in end:
        stopped = f"size {end['over']}: over {end['seconds']:.0f} s"
    else:
        stopped = f"size {end['size']}: {end['seconds']:.1f} s"
    return {"points": [[r["size"], r["seconds"]] for r in sizes], "within": within,
            "stopped": stopped}  # fmt: skip


def _reach(record: dict[str, Any], seconds: float) -> int | None:
    """The size a claim would reach in ``seconds`` on one worker, from its last two sizes
    measured: the time grows by a factor per step when the sizes differ by one, else as a
    power of the size.  None when there are no two sizes or the time did not grow."""
    points = [p for p in record["points"] if p[1] > 0.02][-2:]
    if len(points) < 2:
        return None
    (s1, t1), (s2, t2) = points
    if t2 < 1.1 * t1 or s2 <= s1:  # a flat time (a fixed random search): no projection
        return None
    if seconds <= t2:
        return int(s2)
    if s2 - s1 == 1:
        return int(s2 + math.floor(math.log(seconds / t2) / math.log(t2 / t1)))
    power = math.log(t2 / t1) / math.log(s2 / s1)
    return math.floor(s2 * (seconds / t2) ** (1 / power))


def markdown(records: list[dict[str, Any]], budget: float) -> str:
    """The table of docs/running-at-scale.md: measured sizes, projected sizes in a minute."""
    lines = [
        f"| game: claim | full | largest in {budget:g} s | CPU time | then | "
        "in 1 min (projected) | 1 min on 10 / 100 workers |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in records:
        measured = r["stopped"].startswith("size ")  # not a finite family, an error, a limit
        reach = [_reach(r, t) if measured else None for t in (60, 600, 6000)]
        text = [str(x) if x is not None else "-" for x in reach]
        best = r["within"][-1] if r["within"] else None
        largest = "-" if best is None else str(best["size"])
        time_ = "-" if best is None else f"{best['seconds']:.2f} s"
        cells = [f"{r['game']}: {r['claim']}", str(r["full"]), largest, time_, r["stopped"]]
        cells = [c.replace("|", "\\|") for c in cells]
        lines.append(f"| {' | '.join(cells)} | {text[0]} | {text[1]} / {text[2]} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the claims of this game (as cgt verify --game)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per claim and size")
    parser.add_argument("--workers", type=int, default=1, help="also time on 2 workers: 2")
    parser.add_argument("--first", type=int, default=0, help="skip the claims before this one")
    parser.add_argument("--shard", type=int, default=0, help="run the claims i = shard mod n")
    parser.add_argument("--shards", type=int, default=1, help="n, to run several at once")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--split", help=argparse.SUPPRESS)
    parser.add_argument(
        "--parts", metavar="JSON", help="[[game, claim], size, [2, 10]]: the claim cut in parts"
    )
    parser.add_argument("--markdown", metavar="FILE", help="the table of a run's JSON lines")
    args = parser.parse_args()
    if args.one:
        _one(*json.loads(args.one))
        return
    if args.split:
        _split(*json.loads(args.split))
        return
    if args.parts:
        _parts(*json.loads(args.parts))
        return
    if args.markdown:
        text = Path(args.markdown).read_text().splitlines()
        records = [json.loads(line) for line in text if line.startswith("{")]
        print(markdown(sorted(records, key=lambda r: r["index"]), args.budget))
        return
    print(f"load average {os.getloadavg()[0]:.1f}; budget {args.budget:g} s", flush=True)
    records = []
    for index, claim in enumerate(_claims(args.game)):
        if index < args.first or index % args.shards != args.shard:
            continue
        if claim.expect == "refuted":  # stops at its counterexample, whatever the size
            continue
        found = _push(claim, args.budget)
        record: dict[str, Any] = {
            "index": index, "game": claim.game, "claim": claim.claim, "full": claim.full,
            **found,
        }  # fmt: skip
        within = found["within"]
        if within and args.workers > 1:
            name = [claim.game, claim.claim]
            size = within[-1]["size"]
            split = _child("--split", [name, size, args.workers], args.budget * 20 + 120)
            record["split"] = split[-1] if split else None
        records.append(record)
        print(json.dumps(record), flush=True)
    print(markdown(records, args.budget))
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
