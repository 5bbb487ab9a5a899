"""Misère play of octal games through their misère quotients: the quotient of all heaps when
it stabilises (`cgt.octal_misere_quotient`, certified), and outcome questions about any sum of
heaps read from it at once, whatever the heap sizes.

>>> from games.nim.misere import octal_misere_outcome
>>> answer = octal_misere_outcome("0.75", [3, 5, 7, 1000])
>>> answer.outcome, answer.element, answer.quotient.order, answer.quotient.all_heaps
('N', 'ab', 8, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import attrs

import cgt
from games.nim._errors import InvalidArgumentError
from games.nim.octal import parse_octal

__all__ = ["DEFAULT_MISERE_MAX_HEAP", "MisereAnswer", "octal_misere_outcome", "quotient_of"]

DEFAULT_MISERE_MAX_HEAP = 200
"""Heaps added before giving up waiting for the quotient to stabilise (Kayles' quotient is
certified at heap 167)."""


@attrs.frozen
class MisereAnswer:
    """The misère outcome of a sum of heaps (``"P"`` or ``"N"``) and its class in the quotient."""

    heaps: tuple[int, ...]
    outcome: str
    element: str
    quotient: cgt.MisereQuotient

    def as_json(self) -> dict[str, Any]:
        """The answer as ``cgt octal --misere --outcome ... --json`` prints it."""
        q = self.quotient
        return {
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "element": self.element,
            "quotient": {
                "order": q.order,
                "heaps": "all" if q.all_heaps else q.max_heap,
                "certified": True,
                "p_portion": list(q.p_portion_names),
            },
        }


def quotient_of(
    code: str,
    *,
    max_heap: int = DEFAULT_MISERE_MAX_HEAP,
    progress: Callable[[int, int, int], None] | None = None,
) -> cgt.MisereQuotient:
    """The certified misère quotient of the octal game ``code``: of all heaps when it
    stabilises by ``max_heap``, else of the heaps up to ``max_heap``."""
    digits = parse_octal(code)
    if progress is None:
        return _cached(digits, max_heap)
    return cgt.octal_misere_quotient(digits, max_heap=max_heap, progress=progress)


@lru_cache(maxsize=32)
def _cached(digits: tuple[int, ...], max_heap: int) -> cgt.MisereQuotient:
    return cgt.octal_misere_quotient(digits, max_heap=max_heap)


def octal_misere_outcome(
    code: str,
    heaps: Iterable[int],
    *,
    max_heap: int = DEFAULT_MISERE_MAX_HEAP,
    quotient: cgt.MisereQuotient | None = None,
) -> MisereAnswer:
    """Who wins a sum of heaps of the octal game ``code`` in misère play, from its quotient.

    Raises `InvalidArgumentError` (named) when a heap is larger than the quotient covers (its
    quotient did not stabilise within ``max_heap`` heaps).
    """
    sizes = tuple(heaps)
    for h in sizes:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise InvalidArgumentError(f"heap sizes are non-negative ints, got {h!r}")
    q = quotient if quotient is not None else quotient_of(code, max_heap=max_heap)
    if not q.all_heaps and sizes and max(sizes) > q.max_heap:
        raise InvalidArgumentError(
            f"octal {code}: its misère quotient did not stabilise within {q.max_heap} heaps "
            f"(order {q.order} so far), so a heap of {max(sizes):,} is out of reach; a larger "
            "max_heap may certify it"
        )
    x = q.image(sizes)
    return MisereAnswer(sizes, "P" if x in q.p_portion else "N", q.names[x], q)
