"""Misère quotients of all heaps of octal games, each certified in a fresh process, by the
refinement (the default) and by the growth inside the quotient side by side.

Run: ``python benchmarks/bench_misere_quotients.py [--codes 0.75,0.77,...] [--max-heap N]
[--dawson N]``.

For each code and method: `cgt.octal_misere_quotient` (heap by heap, with the stabilisation
certificate), its order, P-portion, presentation, the heap where it was certified and the
period of the heap classes, the CPU time and peak memory of the process, the load average at
the start, and the published quotient where we have a source for it; the ratio of the two
methods' CPU times.  ``--dawson N`` adds the quotients ``Q_n`` of Dawson's Kayles (0.07) for
every ``n <= N`` from one run of the refinement (Siegel's ``Q_30(0.07)`` has 360 elements).
Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import run_child, table

_CHILD = """
import json, resource, sys, time
import cgt
from games.nim.octal import parse_octal
code, max_heap, method, max_order = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
rows = []
cpu = time.process_time()
def progress(done, kinds, order):
    rows.append([done, order, round(time.process_time() - cpu, 3)])
try:
    q = cgt.octal_misere_quotient(
        parse_octal(code), max_heap=max_heap, method=method, max_order=max_order,
        progress=progress,
    )
except cgt.QuotientNotFoundError as error:
    print(json.dumps({"error": str(error), "steps": rows,
                      "cpu": time.process_time() - cpu}))
    raise SystemExit(0)
cpu = time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({
    "order": q.order, "p": list(q.p_portion_names), "p_size": len(q.p_portion),
    "all": q.all_heaps, "presentation": str(q.presentation),
    "generators": list(q.generators), "certified_at": q.max_heap,
    "preperiod": q.preperiod, "period": q.period, "cpu": cpu, "peak_mb": peak, "steps": rows,
}))
"""


def _run(code: str, max_heap: int, method: str, max_order: int, timeout: float) -> dict | None:
    found: dict | None = run_child(_CHILD, [code, str(max_heap), method, str(max_order)], timeout)
    return found


PUBLISHED = {
    "0.75": "R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2} "
    "(Plambeck and Siegel 2008)",
    "0.33": "tame, T_2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2} (Conway; Plambeck-Siegel)",
    "0.3": "tame, T_1 = Z_2 (Conway)",
    "0.7": "tame, T_1 = Z_2 (Conway)",
    "0.312": "solved by Plambeck (plambeck.org, misere/quaternary/0312, 2003): genera 1^{03131} "
    "2^{20} 0^{02} 2^{1420}, then 0^{02} 1^{13} with period 2; heap 4 = A, A + A = 0",
}

DEFAULT_CODES = "0.3,0.7,0.33,0.12,0.312,0.75,0.71,0.77"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--codes", default=DEFAULT_CODES)
    parser.add_argument("--max-heap", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--max-order", type=int, default=512)
    parser.add_argument("--methods", default="refine,extend")
    parser.add_argument("--dawson", type=int, default=0, help="Q_n(0.07) for n <= N")
    args = parser.parse_args()
    methods = args.methods.split(",")
    rows = []
    for code in args.codes.split(","):
        load = os.getloadavg()[0]
        published = PUBLISHED.get(code, "").replace("|", "\\|")
        found = {m: _run(code, args.max_heap, m, args.max_order, args.timeout) for m in methods}
        cpu = {}
        for method, r in found.items():
            if r is None:
                cpu[method] = f"timeout ({args.timeout:g} s)"
            elif "error" in r:
                cpu[method] = f"stopped after {r['cpu']:.1f} s: {r['error']}"
            else:
                cpu[method] = f"{r['cpu']:.2f} s ({r['peak_mb']} MB)"
        first = found[methods[0]]
        if first is None or "error" in first:
            rows.append([code, "", "", "", cpu[methods[0]], *(cpu[m] for m in methods[1:]), ""])
            continue
        others = [found[m] for m in methods[1:]]
        same = all(
            o is None or "error" in o or o["presentation"] == first["presentation"] for o in others
        )
        ratio = ""
        if others and others[0] is not None and "error" not in others[0]:
            ratio = f"{others[0]['cpu'] / max(first['cpu'], 1e-3):.1f}x"
        where = (
            f"heap {first['certified_at']} (n >= {first['preperiod']} as n - {first['period']})"
            if first["all"]
            else f"not stable by heap {first['certified_at']}"
        )
        rows.append(
            [
                code,
                first["order"],
                "{" + ", ".join(first["p"]) + "}",
                first["presentation"].replace("|", "\\|") + ("" if same else " (METHODS DIFFER)"),
                where,
                *(cpu[m] for m in methods),
                ratio,
                published,
                f"{load:.1f}",
            ]
        )
        print(rows[-1], flush=True)
    header = ["code", "order", "P-portion", "presentation", "certified at"]
    header += [f"CPU, {m}" for m in methods] + [f"{'/'.join(methods[1:2] + methods[:1])}"]
    print(table([*header, "published", "load"], rows))
    if args.dawson:
        _dawson(args)


def _dawson(args: argparse.Namespace) -> None:
    """Q_n(0.07) for every n up to ``--dawson``: one run of the refinement."""
    load = os.getloadavg()[0]
    r = _run("0.07", args.dawson, "refine", 1 << 16, args.timeout)
    if r is None:
        print(f"0.07: timeout after {args.timeout:g} s")
        return
    rows = []
    for done, order, cpu in r["steps"]:
        heap = done + 1  # 0.07: the heaps 0 and 1 have no move, kind k is the heap k + 1
        note = "Siegel: 360 (miseregames.wordpress.com, 2007-08-28)" if heap == 30 else ""
        rows.append([heap, order, f"{cpu:.2f} s", note])
    print(f"\nDawson's Kayles (0.07), refinement, load {load:.1f}:")
    print(table(["n", "order of Q_n", "CPU so far", "published"], rows))
    if "error" in r:
        print(f"stopped: {r['error']}")


if __name__ == "__main__":
    main()
