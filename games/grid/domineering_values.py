"""Canonical values of Domineering boards by an optional compiled kernel.

`domineering_value` computes the canonical value of a `Domineering` board of at most 64 cells in
``_domineering_values.c``, built with the machine's C compiler on first use (`games._native`).
The kernel is a canonical-form engine of its own (games as integer ids, hash-consed canonical
nodes, dominated options dropped and reversible ones bypassed, memoized comparisons and sums,
numbers as dyadic rationals) under a bit-board search (a board is the sum of its regions; a
region is cropped and keyed by the least of its eight images, the transposes negated).  The
value comes back as `cgt.Game` objects made by cgt's own engine from the kernel's canonical
options, so a game is never trusted, only rebuilt.

`games.grid.domineering` registers `kernel_value` with `cgt.register_value_solver`, so
`cgt.value` (and ``cgt value``, ``cgt verify``) use the kernel for every Domineering board it
meets; ``cgt.value(board, method="engine")``, ``CGT_NO_KERNEL=1`` or a machine without a C
compiler use cgt's pure-Python engine, which stays the fallback and the test oracle
(``tests/rulesets/test_domineering_values.py`` compares the two on every board of several
shapes, on random boards, and with cgt-py).

The kernel keeps what it computed until `cgt.clear_caches` or `reset_kernel` (every region's
value and game node; comparisons and sums up to a bound of about 1.9 GiB, past which their memos
are emptied and filled again), so later boards reuse it.  It searches a budget of new regions
at a time, so Ctrl-C stops a long computation between two budgets, and `cgt.cache_info` counts
its regions among the positions valued (the progress of ``cgt value --watch`` and of the
explorer).

>>> import cgt
>>> from games.grid.domineering import Domineering
>>> str(domineering_value(Domineering("...|...|...")))
'±1'
>>> domineering_value(Domineering("..|..")) == cgt.value(Domineering("..|.."), method="engine")
True
"""

from __future__ import annotations

import ctypes
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import cgt
from games._native import NativeKernel

__all__ = ["domineering_value", "kernel_stats", "kernel_status", "kernel_value", "reset_kernel"]

_SOURCE = Path(__file__).with_name("_domineering_values.c")
_BUDGET = 1 << 16
"""New regions the kernel searches between two looks at Ctrl-C."""
_MAX_CELLS = 64
_LOCK = threading.RLock()
"""The kernel's tables are one per process and not thread-safe: one caller at a time."""


_HANDLE, _BIG = ctypes.c_void_p, ctypes.c_int64
_KERNEL = NativeKernel(
    _SOURCE,
    "cgt_domineering_values",
    {
        "cgt_dv_new": (_HANDLE, []),
        "cgt_dv_free": (None, [_HANDLE]),
        "cgt_dv_value": (_BIG, [_HANDLE, ctypes.c_int, ctypes.c_int, ctypes.c_uint64, _BIG]),
        "cgt_dv_node": (None, [_HANDLE, ctypes.c_int32, ctypes.POINTER(_BIG)]),
        "cgt_dv_options": (None, [_HANDLE, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32)]),
        "cgt_dv_limit_memos": (None, [_HANDLE, ctypes.c_uint64]),
        "cgt_dv_stats": (None, [_HANDLE, ctypes.POINTER(_BIG)]),
    },
)


def kernel_status() -> str:
    """``"compiled kernel"`` or why `cgt.value` uses the pure-Python engine for Domineering.

    >>> kernel_status().startswith(("compiled kernel", "pure Python ("))
    True
    """
    return _KERNEL.status()


class _Engine:
    """The kernel's engine and the `cgt.Game` of each of its node ids made so far."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self.library = library
        handle = library.cgt_dv_new()
        if not handle:
            raise MemoryError("no memory for the Domineering value kernel")
        self.handle = handle
        self.games: dict[int, cgt.Game] = {}

    def __del__(self) -> None:
        handle, self.handle = getattr(self, "handle", None), None
        if handle:
            self.library.cgt_dv_free(handle)

    def value(self, height: int, width: int, empty: int) -> cgt.Game:
        while True:
            found = self.library.cgt_dv_value(self.handle, height, width, empty, _BUDGET)
            if found >= 0:
                return self.game(found)
            if found != -1:
                raise MemoryError(
                    "the Domineering value kernel ran out of memory (or of 62-bit numbers) on "
                    f"a {height} x {width} board; its tables were freed"
                )

    def game(self, root: int) -> cgt.Game:
        """The `cgt.Game` of node ``root``, its options made first (no recursion)."""
        games, info = self.games, (ctypes.c_int64 * 5)()
        stack = [root]
        while stack:
            node = stack[-1]
            if node in games:
                stack.pop()
                continue
            self.library.cgt_dv_node(self.handle, node, info)
            left, right, is_number, numerator, exponent = info
            if is_number:
                number = Fraction(numerator, 1 << exponent) if exponent else numerator
                games[node] = cgt.Game(number)
                stack.pop()
                continue
            options = (ctypes.c_int32 * (left + right))()
            self.library.cgt_dv_options(self.handle, node, options)
            missing = [x for x in options if x not in games]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            games[node] = cgt.Game(
                left=[games[x] for x in options[:left]], right=[games[x] for x in options[left:]]
            )
        return games[root]

    def stats(self) -> dict[str, int]:
        out = (ctypes.c_int64 * 8)()
        self.library.cgt_dv_stats(self.handle, out)
        names = ("regions searched", "regions kept", "nodes", "temporary nodes", "comparisons")
        return dict(zip((*names, "sums", "bytes", "memos emptied"), out, strict=True))


_engine: _Engine | None = None


def _regions_now() -> int:
    """Regions the kernel has valued, read without waiting for a computation to end."""
    engine = _engine  # (a reference held: a reset elsewhere cannot free it under us)
    if engine is None:
        return 0
    out = (ctypes.c_int64 * 8)()
    engine.library.cgt_dv_stats(engine.handle, out)
    return int(out[1])


class _KernelTable(cgt.Memo[None]):
    """The kernel's regions among cgt's memo tables: `cgt.cache_info` counts them (so the
    progress of ``cgt value --watch`` and of the explorer shows the positions the kernel has
    valued), and `cgt.clear_caches` frees them.  The kernel bounds its own caches, so
    `cgt.set_cache_limit` leaves it alone."""

    def __init__(self) -> None:
        super().__init__("value-domineering-kernel", limit=None)

    def __len__(self) -> int:
        return _regions_now()

    def _shrink(self) -> None:
        pass

    def clear(self) -> None:
        reset_kernel()


_TABLE = _KernelTable()


def _the_engine() -> _Engine | None:
    global _engine
    if _engine is None:
        library = _KERNEL.load()
        if library is None:
            return None
        _engine = _Engine(library)
    return _engine


def _board_key(position: Any) -> tuple[int, int, int]:
    from games.grid.domineering import Domineering

    if not isinstance(position, Domineering):
        raise cgt.WrongTypeError(f"a Domineering board is needed, not {type(position).__name__}")
    height, width, empty = position._key
    return height, width, empty


def kernel_value(position: Any) -> cgt.Game | None:
    """The value of a Domineering board by the kernel, or None when the kernel is not there
    or the board has more than 64 cells (the solver `cgt.value` asks first).

    >>> from games.grid.domineering import Domineering
    >>> kernel_value(Domineering(".|.")) in (cgt.Game(1), None)
    True
    """
    height, width, empty = _board_key(position)
    if height * width > _MAX_CELLS:
        return None
    with _LOCK:
        engine = _the_engine()
        if engine is None:
            return None
        try:
            return engine.value(height, width, empty)
        except MemoryError:
            reset_kernel()
            raise


def domineering_value(position: Any, *, compiled: bool = True) -> cgt.Game:
    """The canonical value of a Domineering board: by the compiled kernel when it is there and
    the board has at most 64 cells, else (or with ``compiled=False``) by cgt's engine.

    >>> from games.grid.domineering import Domineering
    >>> str(domineering_value(Domineering("..|..|..")))
    '{1/2|-2}'
    """
    if compiled:
        found = kernel_value(position)
        if found is not None:
            return found
    else:
        _board_key(position)
    return cgt.value(position, method="engine")


def kernel_stats() -> dict[str, int]:
    """What the kernel holds now: regions searched and kept, game nodes (and how many were
    temporary, made to test reversibility), comparisons and sums remembered, bytes held, and how
    often a memo of comparisons or sums reached its bound and was emptied; empty when the kernel
    is not there or not started.

    >>> sorted(kernel_stats()) in ([], ['bytes', 'comparisons', 'memos emptied', 'nodes',
    ...     'regions kept', 'regions searched', 'sums', 'temporary nodes'])
    True
    """
    with _LOCK:
        return {} if _engine is None else _engine.stats()


def reset_kernel() -> None:
    """Free the kernel's tables (the next board starts from nothing).

    >>> reset_kernel(); kernel_stats()
    {}
    """
    global _engine
    with _LOCK:
        _engine = None
