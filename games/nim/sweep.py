"""A sweep of many octal games on Dask: each game one chunk of `cgt.run_chunks`.

`solve(code)` searches one game up to ``heaps`` heaps (default ``2**20``) or until it has looked
at ``work`` pairs of heaps (a count that does not depend on the machine, so the table is the same
on any computer and with any number of workers), and returns its row: the certified preperiod and
period, or "open at N", with the largest value, the rare mask and the last rare heap.

`sweep(codes)` runs `solve` on every code with `cgt.run_chunks` (local workers, ``jobs``, or a
cluster, ``scheduler``), writes each row to a JSON file as soon as it arrives and skips the rows
already there, so an interrupted sweep resumes, and a killed worker loses no game (Dask runs its
chunk again elsewhere).  ``cgt octal-sweep`` is the command line.

>>> row = solve("0.77")
>>> row["status"], row["preperiod"], row["period"], row["largest"], row["mask"]
('certified', 71, 12, 8, 15)
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from games.nim._errors import InvalidArgumentError
from games.nim._periodicity import certify
from games.nim.octal import OctalGame, parse_octal
from games.nim.search import certificate

__all__ = ["DEFAULT_HEAPS", "DEFAULT_WORK", "THREE_DIGIT_CODES", "solve", "sweep"]

DEFAULT_HEAPS = 1 << 20
DEFAULT_WORK = 10**9
"""Pairs of heaps a game may look at before it is left "open" (about 2 to 10 s of one core)."""

THREE_DIGIT_CODES = tuple(f"{d0}.{n:03o}" for d0 in (0, 4) for n in range(512) if d0 or n)
"""Every code 0.abc and 4.abc (1,023 of them; 4.000 is the game 4, 0.000 has no move)."""


class _WorkDone(Exception):
    pass


def solve(code: str, heaps: int = DEFAULT_HEAPS, work: int = DEFAULT_WORK) -> dict[str, Any]:
    """The row of ``code``: searched to ``heaps`` heaps or ``work`` pairs (see the module)."""
    game = OctalGame(parse_octal(code), heaps)
    engine = game._engine

    def stop_when_done(computed: int, bound: int) -> None:
        if engine.work > work:
            raise _WorkDone

    try:
        found = game.search_period(heaps, progress=stop_when_done)
    except _WorkDone:
        found = None
        values = engine.values
        proof, _ = certify(values, game._theorem_window())
        if proof is not None:  # the values computed beyond the last check certify it
            game._values = values
            found = game.search_period(len(values))
        else:
            game._values = values
            game._searched_upto = len(values)
    row = certificate(game).as_dict()
    row["game"] = game.code
    row["status"] = "certified" if found is not None else "open"
    row["work"] = int(engine.work)
    return row


def _solve_chunk(chunk: tuple[str, int, int]) -> dict[str, Any]:
    return solve(*chunk)


def _read(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise InvalidArgumentError(f"{path}: not a sweep file ({error})") from None
    return {row["game"]: row for row in data.get("rows", [])}


def _write(path: Path, rows: dict[str, dict[str, Any]], heaps: int, work: int) -> None:
    ordered = [rows[code] for code in sorted(rows, key=_code_order)]
    text = json.dumps({"heaps": heaps, "work": work, "rows": ordered}, indent=1)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text + "\n")
    os.replace(partial, path)


def _code_order(code: str) -> tuple[int, str]:
    return (int(code[0], 16), code)


def sweep(
    codes: Sequence[str] = THREE_DIGIT_CODES,
    *,
    heaps: int = DEFAULT_HEAPS,
    work: int = DEFAULT_WORK,
    output: str | os.PathLike[str] | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """`solve` every code (see the module); the rows in the order of ``codes``."""
    import cgt

    canonical = [OctalGame(parse_octal(code), 1).code for code in codes]
    path = None if output is None else Path(output)
    rows = {} if path is None else _read(path)
    rows = {
        k: v for k, v in rows.items() if v.get("heaps_bound") == heaps and v.get("budget") == work
    }
    todo = [code for code in dict.fromkeys(canonical) if code not in rows]

    def keep(index: int, row: dict[str, Any]) -> None:
        row["heaps_bound"], row["budget"] = heaps, work
        rows[row["game"]] = row
        if path is not None:
            _write(path, rows, heaps, work)

    cgt.run_chunks(
        _solve_chunk,
        [(code, heaps, work) for code in todo],
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
        on_result=keep,
    )
    if path is not None:
        _write(path, rows, heaps, work)
    return [rows[code] for code in canonical]
