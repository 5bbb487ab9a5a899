"""Misère quotients of all heaps of octal games, each certified in a fresh process.

Run: ``python benchmarks/bench_misere_quotients.py [--codes 0.75,0.77,...] [--max-heap N]``.

For each code: `cgt.octal_misere_quotient` (heap by heap inside the quotient, with the
stabilisation certificate), its order, P-portion, presentation, the heap where it was
certified and the period of the heap classes, the CPU time and peak memory of the process, the
load average at the start, and the published quotient where we have a source for it.  Prints a
Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import table

_CHILD = """
import json, resource, sys, time
import cgt
from games.nim.octal import parse_octal
code, max_heap = sys.argv[1], int(sys.argv[2])
cpu = time.process_time()
q = cgt.octal_misere_quotient(parse_octal(code), max_heap=max_heap)
cpu = time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({
    "order": q.order, "p": list(q.p_portion_names), "all": q.all_heaps,
    "presentation": str(q.presentation), "generators": list(q.generators),
    "certified_at": q.max_heap, "preperiod": q.preperiod, "period": q.period,
    "cpu": cpu, "peak_mb": peak,
}))
"""

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
    args = parser.parse_args()
    rows = []
    for code in args.codes.split(","):
        load = os.getloadavg()[0]
        published = PUBLISHED.get(code, "").replace("|", "\\|")
        try:
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, code, str(args.max_heap)],
                capture_output=True,
                text=True,
                timeout=args.timeout,
            )
        except subprocess.TimeoutExpired:
            rows.append([code, "timeout", "", "", "", "", "", published, f"{load:.1f}"])
            continue
        if done.returncode != 0:
            raise RuntimeError(done.stderr)
        r = json.loads(done.stdout)
        where = (
            f"heap {r['certified_at']} (n >= {r['preperiod']} as n - {r['period']})"
            if r["all"]
            else f"not stable by heap {r['certified_at']}"
        )
        rows.append(
            [
                code,
                r["order"],
                "{" + ", ".join(r["p"]) + "}",
                r["presentation"].replace("|", "\\|"),
                where,
                f"{r['cpu']:.2f} s",
                f"{r['peak_mb']} MB",
                published,
                f"{load:.1f}",
            ]
        )
        print(rows[-1], flush=True)
    print(
        table(
            [
                "code",
                "order",
                "P-portion",
                "presentation",
                "certified at",
                "CPU",
                "peak",
                "published",
                "load",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
