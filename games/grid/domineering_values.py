"""Canonical values of Domineering boards by an optional compiled kernel.

`domineering_value` computes the canonical value of a `Domineering` board of at most 64 cells in
the compiled grid value kernel (`games.grid.value_kernels`: ``_grid_values.c``, built with the
machine's C compiler on first use by `games._native`).  The kernel is a canonical-form engine of
its own (games as integer ids, hash-consed canonical nodes, dominated options dropped and
reversible ones bypassed, memoized comparisons and sums, numbers as dyadic rationals) under a
bit-board search (a board is the sum of its regions; a region is cropped and keyed by the least
of its eight images, the transposes negated).  The value comes back as `cgt.Game` objects made
by cgt's own engine from the kernel's canonical options, so a game is never trusted, only
rebuilt.

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

from typing import Any

import cgt
from games.grid.value_kernels import DOMINEERING

__all__ = ["domineering_value", "kernel_stats", "kernel_status", "kernel_value", "reset_kernel"]


def kernel_status() -> str:
    """``"compiled kernel"`` or why `cgt.value` uses the pure-Python engine for Domineering.

    >>> kernel_status().startswith(("compiled kernel", "pure Python ("))
    True
    """
    return DOMINEERING.status()


def kernel_value(position: Any) -> cgt.Game | None:
    """The value of a Domineering board by the kernel, or None when the kernel is not there
    or the board has more than 64 cells (the solver `cgt.value` asks first).

    >>> from games.grid.domineering import Domineering
    >>> kernel_value(Domineering(".|.")) in (cgt.Game(1), None)
    True
    """
    return DOMINEERING.value(position)


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
        DOMINEERING.board(position)  # the right kind of position, or WrongTypeError
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
    return DOMINEERING.stats()


def reset_kernel() -> None:
    """Free the kernel's tables (the next board starts from nothing).

    >>> reset_kernel(); kernel_stats()
    {}
    """
    DOMINEERING.reset()
