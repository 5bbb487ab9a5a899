"""docs/tour.ipynb runs without error, and its stored outputs are the ones it computes.

The documentation site shows the notebook with its stored outputs (it is not executed at build
time), so they must be current: after a change, refresh them with
``jupyter nbconvert --to notebook --execute --inplace docs/tour.ipynb``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat", reason="the tour test needs nbformat (test extra)")
nbclient = pytest.importorskip("nbclient", reason="the tour test needs nbclient (test extra)")
pytest.importorskip("ipykernel", reason="the tour test needs ipykernel (test extra)")

DOCS = Path(__file__).resolve().parent.parent / "docs"
TOUR = DOCS / "tour.ipynb"
REFRESH = "jupyter nbconvert --to notebook --execute --inplace docs/tour.ipynb"
COMPARED = ("text/plain", "text/html", "image/svg+xml")


def _outputs(cell: Any) -> list[tuple[str, str]]:
    """A code cell's outputs as (kind, text) pairs, consecutive stream texts joined."""
    found: list[tuple[str, str]] = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            if found and found[-1][0] == output["name"]:
                found[-1] = (output["name"], found[-1][1] + output["text"])
            else:
                found.append((output["name"], output["text"]))
        elif output["output_type"] == "error":
            found.append(("error", f"{output['ename']}: {output['evalue']}"))
        else:
            data = output.get("data", {})
            found.extend((kind, data[kind]) for kind in COMPARED if kind in data)
    return found


@pytest.fixture(scope="module")
def executed() -> tuple[Any, Any]:
    """The notebook as stored, and as executed now (in docs/, like Jupyter would)."""
    stored = nbformat.read(TOUR, as_version=4)
    fresh = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(
        fresh, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(DOCS)}}
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    return stored, fresh


def test_tour_runs_and_shows_what_it_says(executed: tuple[Any, Any]) -> None:
    _, fresh = executed
    code = [cell for cell in fresh.cells if cell.cell_type == "code"]
    kinds = [kind for cell in code for kind, _ in _outputs(cell)]
    assert "error" not in kinds and "stderr" not in kinds
    assert kinds.count("image/svg+xml") >= 5  # thermographs and a Domineering board
    shown = "".join(text for cell in code for _, text in _outputs(cell))
    assert "thermograph of {4|2||-1}" in shown
    assert "<td>../..</td><td>±1</td><td>N</td><td>0</td><td>1</td>" in shown
    assert "{2|0||-1} | temperature 1" in shown
    assert "<td>refuted: literal_seed_rule(0, (1, 2, 3))</td>" in shown


def test_tour_stored_outputs_are_current(executed: tuple[Any, Any]) -> None:
    stored, fresh = executed
    assert len(stored.cells) == len(fresh.cells)
    for number, (old, new) in enumerate(zip(stored.cells, fresh.cells, strict=True)):
        if old.cell_type != "code":
            continue
        assert _outputs(old) == _outputs(new), (
            f"docs/tour.ipynb, cell {number}: the stored outputs are stale; run `{REFRESH}`"
        )
