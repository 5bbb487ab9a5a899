"""Write docs/games/octal-sweep-table.md from docs/data/octal_sweep.json (``cgt octal-sweep``).

Run: ``python benchmarks/octal_sweep_docs.py``; ``tests/nim/test_octal_sweep_docs.py`` checks
that the page and the file agree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.nim.octal_tables import compare, markdown_table
from games.nim.sweep import THREE_DIGIT_CODES

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "docs" / "data" / "octal_sweep.json"
PAGE = ROOT / "docs" / "games" / "octal-sweep-table.md"


def render(data: dict[str, Any]) -> str:
    rows = data["rows"]
    certified = [row for row in rows if row["status"] == "certified"]
    verdicts = [entry["verdict"] for entry in compare(rows)]
    agree = sum(verdict.startswith("agrees") for verdict in verdicts)
    differ = [v for v in verdicts if v.startswith("DISAGREES")]
    missing = len(THREE_DIGIT_CODES) - len(rows)
    lines = [
        "# The sweep of every 0.abc and 4.abc octal game",
        "",
        f"Made by `cgt octal-sweep` with at most {data['heaps']:,} heaps and {data['work']:,} "
        "pairs of heaps per game (see [Heap games at Flammenkamp scale](octal-scale.md)); "
        "generated from `docs/data/octal_sweep.json` by `benchmarks/octal_sweep_docs.py`.",
        "",
        f"{len(rows):,} games of {len(THREE_DIGIT_CODES):,}"
        + (f" ({missing:,} not yet swept: run the command again to go on)" if missing else "")
        + f": {len(certified):,} certified, {len(rows) - len(certified):,} open. "
        f"{len(verdicts)} of them have published figures: {agree} agree, "
        f"{len(differ)} disagree" + (f" ({'; '.join(differ)})" if differ else "") + ".",
        "",
        "Preperiod: the first heap of the periodic part (Kayles: 71). Rare mask in hex, "
        "'(domain)' for a mask in the domain; rare heaps count heap 0. 'open at N': no period "
        "certified by the octal periodicity theorem on the first N heaps.",
        "",
        markdown_table(rows),
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    PAGE.write_text(render(json.loads(DATA.read_text())))
    print(f"wrote {PAGE}")


if __name__ == "__main__":
    main()
