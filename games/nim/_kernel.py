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
from pathlib import Path

from games._native import NativeKernel

__all__ = ["kernel_status", "load", "note_fallback"]

_POINTER = ctypes.c_void_p
_KERNEL = NativeKernel(
    Path(__file__).with_name("_kernel.c"),
    "cgt_kernel",
    {
        "cgt_tb_extend": (
            ctypes.c_int64,
            [
                _POINTER,  # g (uint32)
                ctypes.c_int64,  # start
                ctypes.c_int64,  # end
                _POINTER,  # spec (int64)
                ctypes.c_uint32,  # mask
                ctypes.c_int32,  # eps
                _POINTER,  # rare (int64)
                _POINTER,  # nrare (int64 *)
                ctypes.c_int64,  # rare capacity
                _POINTER,  # stats (int64[2])
            ],
        ),
        "cgt_certify": (
            ctypes.c_int64,
            [
                _POINTER,  # values (uint32)
                ctypes.c_int64,  # n
                ctypes.c_int64,  # a
                ctypes.c_int64,  # b
                ctypes.c_int64,  # c
                _POINTER,  # work (int32[n])
                _POINTER,  # hint lengths (int64)
                _POINTER,  # hint periods (int64)
                ctypes.c_int64,  # number of hints
            ],
        ),
    },
)
_fallbacks: list[str] = []


def load() -> ctypes.CDLL | None:
    """The compiled kernel, built if needed; ``None`` if it is turned off or cannot be built."""
    return _KERNEL.load()


def kernel_status() -> str:
    """``"compiled kernel"`` or why the pure-Python path is used.

    >>> kernel_status().startswith(("compiled kernel", "pure Python ("))
    True
    """
    return _KERNEL.status(_fallbacks)


def note_fallback(what: str) -> None:
    """Record in `kernel_status` that ``what`` went on in pure Python for want of the kernel."""
    if what not in _fallbacks:
        _fallbacks.append(what)
