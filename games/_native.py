"""Build and load the optional compiled kernels that some games ship as C sources.

A kernel is an extra, never a requirement: `build_and_load` compiles the source with the
machine's C compiler (``$CC``, else ``cc`` or ``gcc``) into a per-user cache
(``$CGT_KERNEL_DIR``, else ``~/.cache/cgt-games``), once per version of the source, and gives
``None`` with the reason when there is no compiler, the build fails or ``CGT_NO_KERNEL=1`` turns
kernels off; the callers then use their pure-Python code, which stays the exact fallback and the
test oracle.

>>> from pathlib import Path
>>> library, why = build_and_load(Path("no-such-kernel.c"), "example")
>>> library is None and "missing" in why
True
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import sysconfig
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["NativeKernel", "build_and_load"]


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc"):
        if name:
            found = shutil.which(name.split()[0])
            if found:
                return found
    return None


def _cache_dir() -> Path:
    configured = os.environ.get("CGT_KERNEL_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cgt-games"


def _build(source: Path, target: Path) -> str | None:
    """Compile ``source`` to ``target``; ``None`` on success, else why not."""
    compiler = _compiler()
    if compiler is None:
        return "no C compiler found ($CC, cc, gcc)"
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(suffix=".so", dir=target.parent)
    os.close(handle)
    command = [compiler, "-O3", "-shared", "-fPIC", "-o", partial, str(source)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            return f"{' '.join(command)} failed: {done.stderr.strip()[:500]}"
        os.replace(partial, target)  # atomic: parallel workers never load half a file
    except (OSError, subprocess.SubprocessError) as error:
        return f"building the kernel failed: {error}"
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return None


def build_and_load(
    source: Path, stem: str, includes: Sequence[Path] = ()
) -> tuple[ctypes.CDLL | None, str]:
    """The compiled ``source`` (built into the cache as ``stem`` plus the digest of the source
    and of the files it ``#include``s, ``includes``, if needed) and ``""``, or ``None`` and why
    it is not there."""
    if os.environ.get("CGT_NO_KERNEL", "") not in ("", "0"):
        return None, "turned off by CGT_NO_KERNEL"
    hasher = hashlib.sha256()
    try:
        for path in (source, *includes):
            hasher.update(path.read_bytes())
    except OSError as error:
        return None, f"the kernel's source is missing: {error}"
    digest = hasher.hexdigest()[:16]
    name = f"{stem}_{digest}_{platform.machine()}_{sysconfig.get_platform()}.so"
    target = _cache_dir() / name.replace("/", "_")
    if not target.exists():
        try:
            problem = _build(source, target)
        except OSError as error:
            problem = f"the kernel cache {target.parent} is not writable: {error}"
        if problem is not None:
            return None, problem
    try:
        return ctypes.CDLL(str(target)), ""
    except OSError as error:
        return None, f"loading {target} failed: {error}"


Signatures = dict[str, tuple[Any, list[Any]]]
"""A kernel's functions: name -> (``restype``, ``argtypes``) for ctypes."""


class NativeKernel:
    """One optional kernel: its C source (and the files it includes, whose changes rebuild it
    too), built and loaded once on first use, with its functions' ctypes signatures declared,
    and the reason when it is not there.

    >>> kernel = NativeKernel(Path("no-such-kernel.c"), "example", {})
    >>> kernel.load() is None, kernel.status().startswith("pure Python (the kernel's source")
    (True, True)
    """

    def __init__(
        self, source: Path, stem: str, signatures: Signatures, includes: Sequence[Path] = ()
    ) -> None:
        self.source = source
        self.includes = tuple(includes)
        self.stem = stem
        self.signatures = signatures
        self.why_not = "not tried yet"
        self._lock = threading.Lock()
        self._tried = False
        self._library: ctypes.CDLL | None = None

    def load(self) -> ctypes.CDLL | None:
        """The compiled kernel (built if needed), or ``None`` (see `why_not`)."""
        if self._tried:
            return self._library
        with self._lock:
            if not self._tried:
                library, self.why_not = build_and_load(self.source, self.stem, self.includes)
                if library is not None:
                    for name, (restype, argtypes) in self.signatures.items():
                        function = getattr(library, name)
                        function.restype = restype
                        function.argtypes = argtypes
                self._library = library
                self._tried = True
        return self._library

    def status(self, fallbacks: Sequence[str] = ()) -> str:
        """``"compiled kernel"`` or ``"pure Python (why; fallbacks...)"``."""
        if self.load() is not None:
            return "compiled kernel"
        return f"pure Python ({'; '.join([self.why_not, *fallbacks])})"
