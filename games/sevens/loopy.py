"""Pass-Sevens with voluntary passes, as (loopy) partizan games.

In Pass-Sevens with ``p`` passes each (seed 004, Theorem 1) a player may pass whenever they
like, and must pass when they cannot play; a pass uses one of their ``p``.  As a combinatorial
game, Left's ``p`` passes are ``p`` free moves for Left -- the integer ``p`` -- and Right's are
``-p``, so the whole game is ``G + p - p = G``, the 0-pass game: that is Theorem 1 (the
0-pass winner wins), and the claim "p passes each: the value is the 0-pass value" checks it on
the values themselves.

With *unlimited* passes a pass is a move back to the same position, so the game is loopy.
Left's unlimited passes are ``on = {pass|}``, Right's are ``off``:

* if only Left may pass at will, the value is ``G + on - p = on``: Left never loses;
* if both may, the value is ``G + on + off = dud``: every position is a draw, because the
  loser of the 0-pass game passes forever.  So Theorem 1 holds for every finite ``p`` but not
  in the limit.

Both are checked by retrograde analysis of the game graphs (`cgt.loopy_value`, `cgt.outcome`),
claim "unlimited passes: on for Left alone, a draw for both".

>>> import cgt
>>> cgt.value(PassingSevens(("LR", "RL"), 2, 2)) == cgt.value(PassingSevens(("LR", "RL")))
True
>>> cgt.loopy_value(PassingSevens(("LR", "RL"), None, 1))
LoopyGame('on')
>>> cgt.outcome(PassingSevens(("LR",), None, None)), cgt.outcome(PassingSevens(("LR",), 1, None))
(<Outcome.D: 'D'>, <Outcome.R: 'R'>)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

import cgt
from games.sevens.notation import parse_suits
from games.sevens.positions import all_positions

__all__ = ["PassingSevens", "register"]

GAME = "sevens"
SOURCE = "seed 004, Theorem 1 (passes)"


def _suits(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple) and all(s == "" for s in value):
        return ()  # every card played
    return tuple(sorted(s for s in parse_suits(value) if s))  # type: ignore[arg-type]


def _passes(value: int | None) -> int | None:
    if value is not None and (not isinstance(value, int) or value < 0):
        raise cgt.InvalidArgumentError(f"passes must be an int >= 0 or None, not {value!r}")
    return value


@attrs.frozen
class PassingSevens:
    """Suits (holder strings, next card first), and the passes left to each player (None:
    unlimited).  Left plays the next card of a suit she holds, or passes."""

    suits: tuple[str, ...] = attrs.field(converter=_suits)
    left_passes: int | None = attrs.field(default=0, converter=_passes)
    right_passes: int | None = attrs.field(default=0, converter=_passes)
    loopy: ClassVar[bool] = True

    def _plays(self, player: str) -> list[PassingSevens]:
        moves = []
        for index, suit in enumerate(self.suits):
            if suit[0] == player and suit not in self.suits[:index]:
                rest = (*self.suits[:index], suit[1:], *self.suits[index + 1 :])
                moves.append(PassingSevens(rest, self.left_passes, self.right_passes))
        return moves

    def left_options(self) -> list[PassingSevens]:
        """Left plays a card, or passes (using one pass, unless she has unlimited passes)."""
        moves = self._plays("L")
        if self.left_passes != 0:
            left = None if self.left_passes is None else self.left_passes - 1
            moves.append(PassingSevens(self.suits, left, self.right_passes))
        return moves

    def right_options(self) -> list[PassingSevens]:
        """Right plays a card, or passes (using one pass, unless he has unlimited passes)."""
        moves = self._plays("R")
        if self.right_passes != 0:
            right = None if self.right_passes is None else self.right_passes - 1
            moves.append(PassingSevens(self.suits, self.left_passes, right))
        return moves


def _values_with_passes(suits: tuple[str, ...]) -> tuple[cgt.Game, ...]:
    return tuple(cgt.value(PassingSevens(suits, p, p)) for p in (1, 2, 3))


def _zero_pass_values(suits: tuple[str, ...]) -> tuple[cgt.Game, ...]:
    return (cgt.value(PassingSevens(suits)),) * 3


_ON = cgt.parse("on")


def _unlimited(suits: tuple[str, ...]) -> tuple[bool, bool, cgt.Outcome, cgt.Outcome]:
    return (
        cgt.loopy_value(PassingSevens(suits, None, 0)) == _ON,
        cgt.loopy_value(PassingSevens(suits, None, 2)) == _ON,
        cgt.outcome(PassingSevens(suits, None, None)),
        cgt.outcome(PassingSevens(suits, 1, None)),
    )


def _expected_unlimited(_: tuple[str, ...]) -> tuple[bool, bool, cgt.Outcome, cgt.Outcome]:
    return (True, True, cgt.Outcome.D, cgt.Outcome.R)


def register() -> None:
    """Register the claims with ``cgt verify`` (once)."""
    names = {c.claim for c in cgt.claims() if c.game == GAME}
    claim = "p = 1, 2, 3 passes each: the value is the 0-pass value (G + p - p = G)"
    if claim not in names:
        cgt.register_claim(
            game=GAME,
            claim=claim,
            source=SOURCE,
            family=lambda size: all_positions(size, 3),
            quick=4,
            full=7,
            fast=_values_with_passes,
            reference=_zero_pass_values,
            checked_up_to="every position of <= {size} cards in <= 3 suits",
        )
    claim = "unlimited passes: on for Left alone, a draw for both (loopy games)"
    if claim not in names:
        cgt.register_claim(
            game=GAME,
            claim=claim,
            source=SOURCE + "; the limit p = infinity",
            family=lambda size: all_positions(size, 3),
            quick=4,
            full=7,
            standard=6,  # 8 s; the full size 7 takes 36 s
            fast=_unlimited,
            reference=_expected_unlimited,
            checked_up_to="every position of <= {size} cards in <= 3 suits",
            note="Theorem 1 fails in the limit: the 0-pass loser passes forever",
        )


register()
