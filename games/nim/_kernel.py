"""The optional compiled kernel of `games.nim` (``_kernel.c``), built on first use and loaded
with ctypes.

It is an extra, never a requirement: `load` builds ``_kernel.c`` with the machine's C compiler
(``$CC``, else ``cc`` or ``gcc``) into a per-user cache (``$CGT_KERNEL_DIR``, else
``~/.cache/cgt-games``), once per version of the source, and returns ``None`` when there is no
compiler or the build fails; the callers then use the pure-Python code, which is the exact
fallback and the test oracle.  ``CGT_NO_KERNEL=1`` turns the kernel off (the tests run both).

>>> from games.nim import _kernel
>>> _kernel.load() is None or callable(_kernel.load().cgt_tb_extend)
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
from functools import lru_cache
from pathlib import Path

__all__ = ["kernel_status", "load", "note_fallback"]

_SOURCE = Path(__file__).with_name("_kernel.c")
_why_not = "not tried yet"
_fallbacks: list[str] = []


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


def _build(target: Path) -> str | None:
    """Compile the kernel to ``target``; ``None`` on success, else why not."""
    compiler = _compiler()
    if compiler is None:
        return "no C compiler found ($CC, cc, gcc)"
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(suffix=".so", dir=target.parent)
    os.close(handle)
    command = [compiler, "-O3", "-shared", "-fPIC", "-o", partial, str(_SOURCE)]
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


@lru_cache(maxsize=1)
def load() -> ctypes.CDLL | None:
    """The compiled kernel, built if needed; ``None`` if it is turned off or cannot be built."""
    global _why_not
    if os.environ.get("CGT_NO_KERNEL", "") not in ("", "0"):
        _why_not = "turned off by CGT_NO_KERNEL"
        return None
    try:
        source = _SOURCE.read_bytes()
    except OSError as error:
        _why_not = f"the kernel's source is missing: {error}"
        return None
    digest = hashlib.sha256(source).hexdigest()[:16]
    name = f"cgt_kernel_{digest}_{platform.machine()}_{sysconfig.get_platform()}.so"
    target = _cache_dir() / name.replace("/", "_")
    if not target.exists():
        try:
            problem = _build(target)
        except OSError as error:
            problem = f"the kernel cache {target.parent} is not writable: {error}"
        if problem is not None:
            _why_not = problem
            return None
    try:
        library = ctypes.CDLL(str(target))
    except OSError as error:
        _why_not = f"loading {target} failed: {error}"
        return None
    _declare(library)
    _why_not = ""
    return library


def _declare(library: ctypes.CDLL) -> None:
    pointer = ctypes.c_void_p
    library.cgt_tb_extend.restype = ctypes.c_int64
    library.cgt_tb_extend.argtypes = [
        pointer,  # g (uint32)
        ctypes.c_int64,  # start
        ctypes.c_int64,  # end
        pointer,  # spec (int64)
        ctypes.c_uint32,  # mask
        ctypes.c_int32,  # eps
        pointer,  # rare (int64)
        pointer,  # nrare (int64 *)
        ctypes.c_int64,  # rare capacity
        pointer,  # stats (int64[2])
    ]
    library.cgt_certify.restype = ctypes.c_int64
    library.cgt_certify.argtypes = [
        pointer,  # values (uint32)
        ctypes.c_int64,  # n
        ctypes.c_int64,  # a
        ctypes.c_int64,  # b
        ctypes.c_int64,  # c
        pointer,  # work (int32[n])
        pointer,  # hint lengths (int64)
        pointer,  # hint periods (int64)
        ctypes.c_int64,  # number of hints
    ]


def kernel_status() -> str:
    """``"compiled kernel"`` or why the pure-Python path is used.

    >>> kernel_status().startswith(("compiled kernel", "pure Python ("))
    True
    """
    if load() is not None:
        return "compiled kernel"
    return f"pure Python ({'; '.join([_why_not, *_fallbacks])})"


def note_fallback(what: str) -> None:
    """Record in `kernel_status` that ``what`` went on in pure Python for want of the kernel."""
    if what not in _fallbacks:
        _fallbacks.append(what)
