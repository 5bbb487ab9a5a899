"""Libraries side by side in fresh processes: the timing loop of ``bench_rulesets.py`` and
``bench_values_30.py``.

A benchmark script measures one library on one workload in its own process (``--one ...``:
`measured` turns the CPU seconds and the printed value into the JSON it prints); `alternate`
runs those processes in turns (A B C A B C ...), so a drift of the machine's speed hits every
library alike, and `summarize` takes the medians.  A library that times out, fails or lacks the
workload runs once.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs


def measured(result: tuple[float, str] | None) -> dict[str, Any]:
    """What a ``--one`` process prints: ``(cpu seconds, value)`` and this process's peak memory,
    or ``skipped`` (None: the library lacks the workload)."""
    if result is None:
        return {"skipped": True}
    seconds, value = result
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"cpu": seconds, "peak_mib": peak_kib / 1024, "value": value}


def spawn(script: str, arguments: Sequence[str], timeout: float) -> dict[str, Any]:
    """``python script --one *arguments`` in a fresh process: its `measured` dict, or
    ``timeout`` / ``error``."""
    command = [sys.executable, script, "--one", *arguments]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": True}
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr else "failed"}
    return dict(json.loads(done.stdout))


def alternate(
    script: str,
    libraries: Iterable[str],
    arguments: Sequence[str],
    repeat: int,
    timeout: float,
) -> dict[str, list[dict[str, Any]]]:
    """``repeat`` rounds of one fresh process per library (``--one LIBRARY *arguments``)."""
    runs: dict[str, list[dict[str, Any]]] = {library: [] for library in libraries}
    for _ in range(repeat):
        for library, results in runs.items():
            if any(r.get("timeout") or r.get("skipped") or r.get("error") for r in results):
                continue  # a library that timed out, failed or lacks the game runs once
            results.append(spawn(script, [library, *arguments], timeout))
    return runs


@attrs.frozen
class Summary:
    """The medians of `alternate`'s runs: CPU seconds (None: no good run) and peak memory (or
    why there is none) by library, the values printed, the libraries that timed out."""

    cpu: dict[str, float | None]
    peak: dict[str, str]
    values: list[str]
    timed_out: frozenset[str]


def summarize(runs: dict[str, list[dict[str, Any]]], timeout: float) -> Summary:
    """The medians of each library's good runs."""
    cpu: dict[str, float | None] = {}
    peak: dict[str, str] = {}
    values: list[str] = []
    timed_out = set()
    for library, results in runs.items():
        good = [r for r in results if "cpu" in r]
        cpu[library] = statistics.median(r["cpu"] for r in good) if good else None
        peak[library] = f"{statistics.median(r['peak_mib'] for r in good):.0f}" if good else "-"
        if good:
            values.append(good[0]["value"])
        elif results and results[0].get("timeout"):
            peak[library] = f"> {timeout:.0f} s"
            timed_out.add(library)
        elif results and results[0].get("error"):
            peak[library] = f"error: {results[0]['error']}"
    return Summary(cpu, peak, values, frozenset(timed_out))


def _has_top_level_bar(text: str, start: int) -> bool:
    """Whether the braces opened at ``text[start]`` hold a ``|`` of their own (not a nested
    game's)."""
    depth = 0
    for ch in text[start:]:
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
            if depth == 0:
                return False
        elif ch == "|" and depth == 1:
            return True
    return False


def read_value(text: str) -> Any:
    """A printed value as a `cgt.Game`.  pycgt writes ``+-{A,B}`` (at any depth) for
    ``{A,B|-A,-B}``, our ``±(A,B)``, and ``+-{A|B}`` for ``±`` of the game ``{A|B}``; a game
    with a ``|`` at the top level without braces (``A|B``); and ``Tiny(G)``/``Miny(G)`` for
    ``tiny(G)``/``miny(G)``.

    >>> str(read_value("+-{*,^}")), str(read_value("1|0")), str(read_value("+-{1|0}"))
    ('{*, ^|*, v}', '{1|0}', '0')
    """
    import cgt

    text = text.replace("Miny(", "miny(").replace("Tiny(", "tiny(")
    if _has_top_level_bar("{" + text + "}", 0):
        text = "{" + text + "}"
    out: list[str] = []
    closers: list[str] = []  # what each open brace closes with
    i = 0
    while i < len(text):
        if text.startswith("+-{", i):
            bar = _has_top_level_bar(text, i + 2)
            out.append("±{" if bar else "±(")
            closers.append("}" if bar else ")")
            i += 3
            continue
        ch = text[i]
        if ch == "{":
            closers.append("}")
        elif ch == "}" and closers:
            ch = closers.pop()
        out.append(ch)
        i += 1
    return cgt.parse("".join(out))


def same_value(texts: list[str]) -> bool:
    """Whether the printed values are one value."""
    import cgt

    values = set()
    for text in texts:
        try:
            values.add(read_value(text))
        except cgt.CGTError:
            return False
    return len(values) == 1


def agreement(values: list[str]) -> str:
    """``""``, or a warning to print beside a row whose libraries disagree."""
    return "" if len(values) < 2 or same_value(values) else " (VALUES DIFFER)"


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def ratio(other: float | None, ours: float | None) -> str:
    return f"{other / ours:.1f}x" if other is not None and ours else "-"
