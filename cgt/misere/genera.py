"""Conway's genus of an impartial game: ``g^{γ0 γ1 γ2 ...}``.

``g`` is the normal-play Grundy value ``G^+(G)`` and ``γn = G^-(G + 2 + ... + 2)`` is the misère
Grundy value of ``G`` plus ``n`` nim heaps of size 2 (Conway, ONAG ch. 12; Winning Ways ch. 13).
The sequence ``γ`` is eventually periodic with period 2, so it is written up to the first two
terms of its periodic tail: ``0`` has genus ``0^120`` (``γ = 1, 2, 0, 2, 0, ...``), ``*`` has
``1^031`` and ``*n`` has ``n^{n, n xor 2}`` for ``n >= 2`` (``*2`` is ``2^20``, ``*4`` is ``4^46``).

The genus is computed on the misère simplest form (`cgt.misere_canonical`).  Where the tail
starts is found by computing ``γ`` until it has been periodic for ``birthday + 4`` terms: a bound
we check against, not a theorem we cite (`Genus.checked_to` records how far ``γ`` was computed).

>>> import cgt
>>> [str(cgt.genus(cgt.MisereGame.nim(n))) for n in range(5)]
['0^120', '1^031', '2^20', '3^31', '4^46']
"""

from __future__ import annotations

from typing import Any

import attrs

from cgt.misere.canonical import MisereGame, misere_canonical

__all__ = ["Genus", "genus"]


@attrs.frozen
class Genus:
    """A genus ``g^{γ0 γ1 ...}``: ``normal`` is ``g``, ``misere`` the written prefix of ``γ``
    (its last two terms repeat forever)."""

    normal: int
    misere: tuple[int, ...]
    checked_to: int = attrs.field(eq=False, repr=False, default=0)

    def __str__(self) -> str:
        sep = "," if any(v > 9 for v in self.misere) else ""
        return f"{self.normal}^{sep.join(map(str, self.misere))}"

    def gamma(self, n: int) -> int:
        """``γn``: the misère Grundy value of the game plus ``n`` heaps of size 2.

        >>> import cgt
        >>> [cgt.genus(cgt.MisereGame.nim(0)).gamma(n) for n in range(6)]
        [1, 2, 0, 2, 0, 2]
        """
        k = len(self.misere)
        if n < k:
            return self.misere[n]
        return self.misere[k - 2 + (n - k) % 2]

    @property
    def is_tame_like_nim(self) -> bool:
        """Whether the genus is that of a nim heap (``0^120``, ``1^031``, ``n^{n, n xor 2}``)."""
        g = self.normal
        expected = (1, 2, 0) if g == 0 else (0, 3, 1) if g == 1 else (g, g ^ 2)
        return self.misere == expected


def genus(position: Any) -> Genus:
    """The genus of an impartial position (see the module documentation).

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> str(cgt.genus(Heap(2) + Heap(2)))
    '0^02'
    """
    game = misere_canonical(position)
    margin = game.birthday + 4
    two = MisereGame.nim(2)
    gammas = [game.misere_grundy]
    current = game
    start = 0  # the first index from which gammas[i] == gammas[i + 2] (so far)
    while True:
        current = current + two
        gammas.append(current.misere_grundy)
        n = len(gammas) - 1
        if n >= 2 and gammas[n] != gammas[n - 2]:
            start = n - 1
        if n - start >= margin + 2:
            break
    return Genus(game.normal_grundy, tuple(gammas[: start + 2]), checked_to=len(gammas))
