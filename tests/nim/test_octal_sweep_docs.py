"""The sweep table in the docs is the sweep's JSON file, and its rows can be recomputed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from games.nim.sweep import solve

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from octal_sweep_docs import DATA, PAGE, render  # noqa: E402


def test_the_docs_page_is_the_json_file() -> None:
    assert PAGE.read_text() == render(json.loads(DATA.read_text()))


def test_a_sample_of_rows_is_recomputed_exactly() -> None:
    data = json.loads(DATA.read_text())
    certified = [row for row in data["rows"] if row["status"] == "certified"]
    for row in certified[:: max(1, len(certified) // 8)][:8]:
        again = solve(row["game"], data["heaps"], data["work"])
        again.update(heaps_bound=data["heaps"], budget=data["work"])
        assert again == row
