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
from functools import lru_cache
from pathlib import Path

from games._native import build_and_load

__all__ = ["kernel_status", "load", "note_fallback"]

_SOURCE = Path(__file__).with_name("_kernel.c")
_why_not = "not tried yet"
_fallbacks: list[str] = []


@lru_cache(maxsize=1)
def load() -> ctypes.CDLL | None:
    """The compiled kernel, built if needed; ``None`` if it is turned off or cannot be built."""
    global _why_not
    library, _why_not = build_and_load(_SOURCE, "cgt_kernel")
    if library is not None:
        _declare(library)
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
