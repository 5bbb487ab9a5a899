"""Moore's Nim_k: Nim where one move takes tokens from at least one and at most ``k`` heaps.

Moore (1910): a position is a P-position exactly when, writing the heap sizes in binary, the
digits in every column add up to a multiple of ``k + 1``.  ``k = 1`` is Nim (Bouton).

>>> from games.nim import MooreNim, is_moore_p_position
>>> is_moore_p_position((1, 2, 3), k=2), is_moore_p_position((1, 1, 1), k=2)
(False, True)
>>> import cgt
>>> cgt.grundy(MooreNim((1, 1, 1), k=2)) == 0
True
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import Any

import attrs

import cgt
from games.nim._errors import InvalidRulesError, WrongTypeError
from games.nim.nim import _heaps

__all__ = ["MooreNim", "is_moore_p_position"]


def _k(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongTypeError(f"Moore's k is an int, got {value!r}")
    if value < 1:
        raise InvalidRulesError(f"Moore's k is at least 1 (heaps per move), got {value}")
    return value


def is_moore_p_position(heaps: Iterable[int], k: int) -> bool:
    """Moore's criterion: every binary column sum is divisible by ``k + 1``."""
    sizes, k = _heaps(heaps), _k(k)
    column = 0
    while any(h >> column for h in sizes):
        if sum((h >> column) & 1 for h in sizes) % (k + 1):
            return False
        column += 1
    return True


@attrs.frozen
class MooreNim(cgt.Position):
    """A position of Nim_k: heap sizes and ``k``, the most heaps one move may reduce."""

    heaps: tuple[int, ...] = attrs.field(converter=_heaps)
    k: int = attrs.field(converter=_k)

    def options(self) -> tuple[MooreNim, ...]:
        heaps, result = self.heaps, []
        nonempty = [i for i, h in enumerate(heaps) if h]
        for count in range(1, min(self.k, len(nonempty)) + 1):
            for chosen in combinations(nonempty, count):
                for smaller in product(*(range(heaps[i]) for i in chosen)):
                    new = list(heaps)
                    for i, s in zip(chosen, smaller, strict=True):
                        new[i] = s
                    result.append(MooreNim(tuple(new), self.k))
        return tuple(result)

    def is_p_position(self) -> bool:
        """Moore's closed form for ``grundy == 0``."""
        return is_moore_p_position(self.heaps, self.k)
