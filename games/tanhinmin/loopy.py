"""Tanhinmin as a loopy game: the pass on an empty field kept.

The literal rules let a player pass on an empty field; the position does not change, only the
turn, so the game graph has a cycle at every position with an empty field (Left passes, Right
passes, ...) and play may go on forever.  `games.tanhinmin.partizan` leaves that pass out to get
a short game.  Here it is kept, and `cgt` solves the loopy game by retrograde analysis, draws
included.

Seed 000's remark that the pass on an empty field never changes the winner becomes a statement
about loopy games: *the loopy game has the same outcome as the short one* -- in particular no
draw (no position where both players would rather pass forever; seed 000, Corollary 2).  It is
registered with ``cgt verify`` as the claim "with the pass on an empty field kept (a loopy
game), the outcome is the short game's".

>>> import cgt
>>> from games.tanhinmin.partizan import PartizanTanhinmin
>>> short = PartizanTanhinmin((1, 3, 5), (2, 4))
>>> loopy = LoopyTanhinmin(short)
>>> cgt.outcome(loopy), cgt.outcome(short)
(<Outcome.N: 'N'>, <Outcome.N: 'N'>)
>>> loopy in loopy.left_options()   # the pass on the empty field
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

import cgt
from games.tanhinmin.partizan import PartizanTanhinmin, partizan_positions

__all__ = ["LoopyTanhinmin", "register"]

GAME = "tanhinmin"
CLAIM = "with the pass on an empty field kept (a loopy game), the outcome is the short game's"


@attrs.frozen
class LoopyTanhinmin:
    """A Tanhinmin position under the literal rules: the pass on an empty field included."""

    short: PartizanTanhinmin
    loopy: ClassVar[bool] = True

    def _options(self, options: Iterable[PartizanTanhinmin]) -> list[LoopyTanhinmin]:
        moves = [LoopyTanhinmin(option) for option in options]
        if self.short.field == 0 and not self.short.finished:
            moves.append(self)  # the pass on an empty field: the same position
        return moves

    def left_options(self) -> list[LoopyTanhinmin]:
        """Left plays a card above the field, or passes (also on an empty field)."""
        return self._options(self.short.left_options())

    def right_options(self) -> list[LoopyTanhinmin]:
        """Right plays a card above the field, or passes (also on an empty field)."""
        return self._options(self.short.right_options())


def loopy_outcome(position: PartizanTanhinmin) -> cgt.Outcome:
    """The outcome of ``position`` with the pass on an empty field kept."""
    return cgt.outcome(LoopyTanhinmin(position))


def register() -> None:
    """Register the claim with ``cgt verify`` (once)."""
    if any(c.game == GAME and c.claim == CLAIM for c in cgt.claims()):
        return
    cgt.register_claim(
        game=GAME,
        claim=CLAIM,
        source="seed 000 (Ohto & Kiya), the pass on an empty field; Cor 2 (no draw)",
        family=partizan_positions,
        quick=4,
        full=6,
        standard=5,  # 4 s; the full size 6 takes 40 s
        fast=loopy_outcome,
        reference=cgt.outcome,
        checked_up_to="every position (all conditions), <= {size} cards",
        note="the loopy game is solved by retrograde analysis (cgt.loopy), so a draw would show",
    )


register()
