"""Fewer automatic garbage collections while an evaluation fills its memo tables.

CPython's cycle collector runs after every few hundred new container objects, and its older
generations are walked again and again as they grow.  An evaluation makes positions, values
and table entries by the hundred thousand, none of them garbage, so most of that walking is
wasted: measured on this machine, it is 15-25% of the time of a large evaluation (Domineering
5x5, a 14-square Toads and Frogs strip) and about 5% of a 10 ms one.  While at least one
evaluation runs that has expanded more than a few hundred positions (`cgt.core.memo`), the
collection thresholds are raised (`EVALUATION_THRESHOLDS`, never lowered), and put back as
they were when the last one ends.  Collection is not switched off:
cyclic garbage made meanwhile (by a position class, or another thread) is still collected, only
less often.  (Mercurial pauses its collector around the building of large structures for the
same reason.)

The thresholds are process-wide: a program that sets its own while an evaluation runs gets
them replaced by the ones saved when the first evaluation began.

>>> import gc
>>> before = gc.get_threshold()
>>> pause_collections()
>>> gc.get_threshold()[0] >= EVALUATION_THRESHOLDS[0] or before[0] == 0
True
>>> resume_collections()
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
import threading

__all__ = ["EVALUATION_THRESHOLDS", "pause_collections", "resume_collections"]

EVALUATION_THRESHOLDS = (100_000, 50, 100)
"""The collection thresholds while an evaluation runs (see `gc.set_threshold`)."""

_lock = threading.Lock()
_running = 0
_saved: tuple[int, ...] = ()


def pause_collections() -> None:
    """Raise the collection thresholds, once for all evaluations running together."""
    global _running, _saved
    with _lock:
        if _running == 0:
            _saved = gc.get_threshold()
            if _saved[0]:  # 0: the program switched collection off; leave it so
                gc.set_threshold(
                    *(max(a, b) for a, b in zip(_saved, EVALUATION_THRESHOLDS, strict=True))
                )
        _running += 1


def resume_collections() -> None:
    """Put the thresholds back when the last running evaluation ends."""
    global _running
    with _lock:
        _running -= 1
        if _running == 0:
            gc.set_threshold(*_saved)
