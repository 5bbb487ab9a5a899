"""Shared timing helpers for the benchmark scripts: medians of repeated runs, printed as tables.

Benchmarks are run by hand (``python benchmarks/bench_X.py``), not in CI; the machine is noisy, so
every figure is the median of several runs, and ratios are taken between figures of the same run.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def median_seconds(
    function: Callable[[], Any], repeat: int = 5, setup: Callable[[], Any] | None = None
) -> float:
    """Median wall time of ``function()`` over ``repeat`` runs (untimed ``setup()`` before each)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        gc.collect()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fmt(seconds: float) -> str:
    """A duration with a sensible unit."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def clear_pycgt_caches() -> None:
    """Empty every memo table of pycgt (``functools.cache`` functions and module-level dicts)."""
    import importlib
    import pkgutil

    import pycgt

    for info in pkgutil.walk_packages(pycgt.__path__, "pycgt."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if hasattr(obj, "cache_clear"):
                obj.cache_clear()
            elif isinstance(obj, dict) and "cache" in name:
                obj.clear()


def run_child(source: str, arguments: Sequence[str], timeout: float) -> Any:
    """Run ``python -c source arguments...`` in a fresh process and return the JSON it prints
    (``None`` when it ran past ``timeout`` seconds; its stderr raised when it failed)."""
    import json
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-c", source, *arguments],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout)
