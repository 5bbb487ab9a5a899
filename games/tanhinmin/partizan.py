"""Tanhinmin as a partizan game: Left and Right own the hands, the field is shared.

A position is ``(L, R, r)`` with Left's hand ``L``, Right's hand ``R``, the field ``r`` and the
targets ``(left_target, right_target)`` (Left wins on reaching at most ``left_target`` cards, so
``(c0, c1)`` when Left is to move).  Left's options: play a card ``a > r`` (to ``(L - a, R, a)``),
or pass when the field holds a card (to ``(L, R, 0)``).  Right's are the mirror image.  A
position where a hand has reached its target has no options at all, so the player who would
move next has lost: normal play reproduces "first to the target wins".

The literal rules also allow a pass on an *empty* field; it hands the very same position to the
opponent, so the game would be loopy.  This encoding leaves that pass out, which makes the game
short (every line of play ends), so `cgt.value` gives it a canonical value.  That leaving it out
changes no winner is checked, not assumed (claim "leaving out the pass on an empty field changes
no winner", and the outcome checks below).

Options are built on the *shape* of the position (strengths replaced by their ranks), so
positions that differ only in the labels of their strengths share one memo entry.

>>> from games.tanhinmin import PartizanTanhinmin
>>> g = PartizanTanhinmin((1, 3, 5), (2, 4), field=1)
>>> g
PartizanTanhinmin(left=(1, 3, 5), right=(2, 4), field=1, left_target=0, right_target=0)
>>> len(g.left_options()), g.left_options()[-1]   # play 3, play 5, or pass
(3, PartizanTanhinmin(left=(1, 3, 5), right=(2, 4), field=0, left_target=0, right_target=0))
>>> PartizanTanhinmin((1,), (2,), left_target=0).left_options()[0].left_options()
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

import cgt
from games.tanhinmin.hands import Position, check_condition, check_field, hand

__all__ = ["PartizanTanhinmin", "classify", "outcome_by_solver", "value_census"]


def _shape(
    left: tuple[int, ...], right: tuple[int, ...], field: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    values = sorted(set(left) | set(right))
    rank = {value: index for index, value in enumerate(values, start=1)}
    below = sum(1 for value in values if value <= field)
    return tuple(rank[c] for c in left), tuple(rank[c] for c in right), below


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _left_hand(cards: Iterable[int]) -> tuple[int, ...]:
    return hand(cards, "left")


def _right_hand(cards: Iterable[int]) -> tuple[int, ...]:
    return hand(cards, "right")


@attrs.frozen
class PartizanTanhinmin(cgt.Position):
    """A Tanhinmin position as a short partizan game (``left_options`` / ``right_options``)."""

    left: tuple[int, ...] = attrs.field(converter=_left_hand)
    right: tuple[int, ...] = attrs.field(converter=_right_hand)
    field: int = attrs.field(default=0, converter=check_field)
    left_target: int = 0
    right_target: int = 0

    def __attrs_post_init__(self) -> None:
        check_condition(self.left_target, self.right_target, len(self.left), len(self.right))

    @classmethod
    def _make(
        cls, left: tuple[int, ...], right: tuple[int, ...], field: int, lt: int, rt: int
    ) -> PartizanTanhinmin:
        left, right, field = _shape(left, right, field)
        g = object.__new__(cls)
        for name, value in (
            ("left", left),
            ("right", right),
            ("field", field),
            ("left_target", lt),
            ("right_target", rt),
        ):
            object.__setattr__(g, name, value)
        return g

    @property
    def finished(self) -> bool:
        """A hand has reached its target: nobody can move."""
        return len(self.left) <= self.left_target or len(self.right) <= self.right_target

    def _options(self, mine: tuple[int, ...], left_side: bool) -> tuple[PartizanTanhinmin, ...]:
        if self.finished:
            return ()
        result = []
        for card in sorted(set(mine)):
            if card > self.field:
                rest = _remove(mine, card)
                if left_side:
                    result.append(self._after(rest, self.right, card))
                else:
                    result.append(self._after(self.left, rest, card))
        if self.field > 0:
            result.append(self._after(self.left, self.right, 0))
        return tuple(result)

    def _after(
        self, left: tuple[int, ...], right: tuple[int, ...], field: int
    ) -> PartizanTanhinmin:
        if len(left) <= self.left_target or len(right) <= self.right_target:
            # Finished: the cards left no longer matter, keep the position small and unique.
            g = object.__new__(PartizanTanhinmin)
            for name, value in (
                ("left", left),
                ("right", right),
                ("field", 0),
                ("left_target", self.left_target),
                ("right_target", self.right_target),
            ):
                object.__setattr__(g, name, value)
            return g
        return PartizanTanhinmin._make(left, right, field, self.left_target, self.right_target)

    def left_options(self) -> tuple[PartizanTanhinmin, ...]:
        """Left plays a card above the field, or passes on a card."""
        return self._options(self.left, True)

    def right_options(self) -> tuple[PartizanTanhinmin, ...]:
        """Right plays a card above the field, or passes on a card."""
        return self._options(self.right, False)

    def as_position(self, left_to_move: bool) -> Position:
        """The same position with Left (or Right) to move, for the exact solver."""
        if left_to_move:
            return Position(self.left, self.right, self.field, self.left_target, self.right_target)
        return Position(self.right, self.left, self.field, self.right_target, self.left_target)


def outcome_by_solver(game: PartizanTanhinmin, *, empty_pass: bool = True) -> str:
    """The outcome class ``"L"``, ``"R"``, ``"N"`` or ``"P"`` by the exact solver.

    >>> outcome_by_solver(PartizanTanhinmin((1, 3, 5), (2, 4), field=1))
    'N'
    """
    from games.tanhinmin.solver import Result, result_of

    left_first = result_of(game.as_position(True), empty_pass) is Result.WIN
    right_first = result_of(game.as_position(False), empty_pass) is Result.WIN
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left_first, right_first)
    ]


def partizan_positions(max_cards: int) -> Iterable[PartizanTanhinmin]:
    """Every shape with up to ``max_cards`` cards, every field and pair of targets."""
    from games.tanhinmin.families import positions

    for s in positions(max_cards):
        yield PartizanTanhinmin(s.mover, s.other, s.field, s.c0, s.c1)


def _small_infinitesimals(limit: int) -> dict[Any, str]:
    """``k.up + *m`` for ``|k| <= limit`` and ``m < 2 * limit``, by value."""
    table: dict[Any, str] = {}
    for k in range(-limit, limit + 1):
        ups = cgt.ZERO
        for _ in range(abs(k)):
            ups = ups + (cgt.UP if k > 0 else cgt.DOWN)
        for m in range(2 * limit):
            table.setdefault(ups + cgt.Game(cgt.Nimber(m)), "nimber" if k == 0 else "ups + nimber")
    return table


def classify(g: Any, _known: dict[Any, str] | None = None) -> str:
    """The kind of a canonical value: ``zero``, ``nimber``, ``ups + nimber`` (``k.up + *m``),
    ``other infinitesimal`` (both stops 0), ``number`` or ``hot`` (left stop > right stop).

    >>> import cgt
    >>> [classify(cgt.parse(t)) for t in ("0", "*2", "^^*", "{0, ^*|0, ^*}", "1/2", "{1|-1}")]
    ['zero', 'nimber', 'ups + nimber', 'other infinitesimal', 'number', 'hot']
    """
    known = _known if _known is not None else _small_infinitesimals(4)
    if g == cgt.ZERO:
        return "zero"
    if g.is_number:
        return "number"
    if g.left_stop > g.right_stop:
        return "hot"
    if g.left_stop == g.right_stop == 0:
        return known.get(g, "other infinitesimal")
    return "tepid or other"


def value_census(max_cards: int) -> tuple[Counter[str], Counter[str]]:
    """Canonical values of every position with up to ``max_cards`` cards (every shape, field
    and pair of targets): how many positions have each value, and each kind (`classify`).

    >>> by_value, by_kind = value_census(3)
    >>> sorted(by_kind.items())
    [('nimber', 33), ('other infinitesimal', 14), ('ups + nimber', 34), ('zero', 31)]
    """
    from games.tanhinmin.families import positions

    known = _small_infinitesimals(4)
    by_value: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    for s in positions(max_cards):
        g = cgt.value(PartizanTanhinmin(s.mover, s.other, s.field, s.c0, s.c1))
        by_value[str(g)] += 1
        by_kind[classify(g, known)] += 1
    return by_value, by_kind
