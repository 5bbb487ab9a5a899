"""`games._native`: optional C kernels are built once per version of their sources (the main
file and every file it includes), loaded, or turned off with a reason."""

from __future__ import annotations

import ctypes
import shutil
from pathlib import Path

import pytest

from games._native import NativeKernel, build_and_load

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler"
)


def _kernel(tmp_path: Path, value: int) -> NativeKernel:
    (tmp_path / "part.c").write_text(f"static int part(void) {{ return {value}; }}\n")
    (tmp_path / "main.c").write_text('#include "part.c"\nint answer(void) { return part() + 1; }\n')
    return NativeKernel(
        tmp_path / "main.c",
        "answer",
        {"answer": (ctypes.c_int, [])},
        includes=[tmp_path / "part.c"],
    )


def test_a_change_in_an_included_file_rebuilds_the_kernel(tmp_path, monkeypatch):
    monkeypatch.setenv("CGT_KERNEL_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CGT_NO_KERNEL", raising=False)
    first = _kernel(tmp_path, 41)
    assert first.load().answer() == 42 and first.status() == "compiled kernel"
    second = _kernel(tmp_path, 6)
    assert second.load().answer() == 7  # not the cached build of the old part.c
    assert len(list((tmp_path / "cache").glob("answer_*.so"))) == 2


def test_missing_include_and_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("CGT_KERNEL_DIR", str(tmp_path / "cache"))
    (tmp_path / "main.c").write_text("int answer(void) { return 1; }\n")
    library, why = build_and_load(tmp_path / "main.c", "x", [tmp_path / "gone.c"])
    assert library is None and "missing" in why
    monkeypatch.setenv("CGT_NO_KERNEL", "1")
    library, why = build_and_load(tmp_path / "main.c", "x")
    assert library is None and why == "turned off by CGT_NO_KERNEL"
