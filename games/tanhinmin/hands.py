"""Tanhinmin positions: hands, the field, the winning condition, and their validation.

A *hand* is a multiset of card strengths (positive ints), stored as a tuple sorted ascending.
A `Position` is the paper's triple ``s = (X, X̄, r)`` seen from the player to move, together
with the ``(c0, c1)`` winning condition (seed 000, Definition 1): the player to move wins on
reaching at most ``c0`` cards while the other still holds at least ``c1 + 1``, and the other
wins on reaching at most ``c1`` cards first.  ``(0, 0)`` is the plain rule (empty your hand
first).  The domain is ``0 <= c0 < |X|`` and ``0 <= c1 < |X̄|``; a field of ``0`` is empty.

>>> from games.tanhinmin import Position
>>> s = Position((5, 1, 3), [2, 4], field=1)
>>> s
Position(mover=(1, 3, 5), other=(2, 4), field=1, c0=0, c1=0)
>>> s.playable
(3, 5)
>>> Position((1, 3), (2,), c0=2)
Traceback (most recent call last):
...
games.tanhinmin.hands.InvalidPositionError: c0 = 2 is out of range: 0 <= c0 < |mover| = 2

`deck` and `hand_from_cards` turn real playing cards into strengths, ordered as in Daifugo:
3 < 4 < ... < 10 < J < Q < K < A < 2 < Joker.

>>> from games.tanhinmin import hand_from_cards
>>> hand_from_cards(["3S", "10h", "A♠", "2D", "Joker"])
(1, 8, 12, 13, 14)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

import attrs

import cgt

__all__ = [
    "RANKS",
    "InvalidCardError",
    "InvalidPositionError",
    "Position",
    "deck",
    "hand",
    "hand_from_cards",
    "strength",
]


class InvalidPositionError(cgt.CGTError, ValueError):
    """A hand, field or winning condition outside the rules of Tanhinmin."""


class InvalidCardError(cgt.CGTError, TypeError):
    """A card strength (or field, or condition) that is not an int."""


def _as_int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidCardError(f"{what} must be an int, got the bool {value!r}")
    if not isinstance(value, int):
        try:
            return operator.index(value)
        except TypeError:
            raise InvalidCardError(
                f"{what} must be an int, got {value!r} of type {type(value).__name__}"
            ) from None
    return value


def hand(cards: Iterable[int], name: str = "hand") -> tuple[int, ...]:
    """A hand as a sorted tuple of positive ints, or a clear error.

    >>> hand([3, 1, 3])
    (1, 3, 3)
    >>> hand([2, 0])
    Traceback (most recent call last):
    ...
    games.tanhinmin.hands.InvalidPositionError: hand holds the card 0: card strengths are ...
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidCardError(
            f"{name} must be an iterable of ints (card strengths), got {cards!r}"
        )
    values = list(cards)
    if not all(type(card) is int for card in values):
        values = [_as_int(card, f"a card of {name}") for card in values]
    values.sort()
    if values and values[0] <= 0:
        raise InvalidPositionError(
            f"{name} holds the card {values[0]}: card strengths are positive ints"
        )
    return tuple(values)


def check_field(field: Any) -> int:
    """The field as a non-negative int (0 = empty)."""
    value = _as_int(field, "the field")
    if value < 0:
        raise InvalidPositionError(f"the field is {value}: it is 0 (empty) or a card strength")
    return value


def check_condition(c0: Any, c1: Any, mover_size: int, other_size: int) -> tuple[int, int]:
    """The winning condition ``(c0, c1)``, checked against the sizes of the hands."""
    c0 = _as_int(c0, "c0")
    c1 = _as_int(c1, "c1")
    if not 0 <= c0 < mover_size:
        raise InvalidPositionError(f"c0 = {c0} is out of range: 0 <= c0 < |mover| = {mover_size}")
    if not 0 <= c1 < other_size:
        raise InvalidPositionError(f"c1 = {c1} is out of range: 0 <= c1 < |other| = {other_size}")
    return c0, c1


def _mover_hand(cards: Iterable[int]) -> tuple[int, ...]:
    return hand(cards, "mover")


def _other_hand(cards: Iterable[int]) -> tuple[int, ...]:
    return hand(cards, "other")


@attrs.frozen
class Position:
    """A Tanhinmin position from the point of view of the player to move.

    ``mover`` and ``other`` are the hands (sorted on construction), ``field`` the strength of
    the card on the field (``0``: empty), ``(c0, c1)`` the winning condition.
    """

    mover: tuple[int, ...] = attrs.field(converter=_mover_hand)
    other: tuple[int, ...] = attrs.field(converter=_other_hand)
    field: int = attrs.field(default=0, converter=check_field)
    c0: int = 0
    c1: int = 0

    def __attrs_post_init__(self) -> None:
        c0, c1 = check_condition(self.c0, self.c1, len(self.mover), len(self.other))
        object.__setattr__(self, "c0", c0)
        object.__setattr__(self, "c1", c1)

    @property
    def playable(self) -> tuple[int, ...]:
        """The distinct strengths the mover can play (those above the field)."""
        return tuple(sorted({card for card in self.mover if card > self.field}))

    @property
    def cards(self) -> int:
        """The number of cards in both hands."""
        return len(self.mover) + len(self.other)

    def args(self) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int]:
        """``(mover, other, field, c0, c1)``, the arguments of the module's functions."""
        return self.mover, self.other, self.field, self.c0, self.c1


def trusted(
    mover: tuple[int, ...], other: tuple[int, ...], field: int, c0: int, c1: int
) -> Position:
    """A `Position` from parts already known valid (sorted tuples, condition in range).

    For the inner loops of the solvers and checkers only: it skips validation.
    """
    s = object.__new__(Position)
    for name, value in (
        ("mover", mover),
        ("other", other),
        ("field", field),
        ("c0", c0),
        ("c1", c1),
    ):
        object.__setattr__(s, name, value)
    return s


# Daifugo order of the ranks, weakest first; the joker (if any) is strongest.
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_SUITS = "SHDC♠♥♦♣"
_JOKER = len(RANKS) + 1


def strength(card: str) -> int:
    """The strength of a real card: ``"3"`` -> 1, ..., ``"2"`` -> 13, ``"Joker"`` -> 14.

    The suit (S, H, D, C or ♠♥♦♣, before or after the rank) is ignored: Tanhinmin has no suits.

    >>> strength("QH"), strength("♣2"), strength("jk")
    (10, 13, 14)
    """
    if not isinstance(card, str):
        raise InvalidCardError(f"a card is a string such as '3S' or 'Joker', got {card!r}")
    text = card.strip().upper()
    if text in ("JOKER", "JK", "JKR", "X"):
        return _JOKER
    core = text.strip(_SUITS.upper() + _SUITS)
    if len(core) < len(text) - 1 or core not in RANKS:
        raise InvalidPositionError(
            f"unknown card {card!r}: a rank of {', '.join(RANKS)} with an optional suit "
            "(S, H, D, C), or 'Joker'"
        )
    return RANKS.index(core) + 1


def hand_from_cards(cards: Iterable[str]) -> tuple[int, ...]:
    """The hand (sorted strengths) of a list of real cards."""
    return hand((strength(card) for card in cards), "cards")


def deck(jokers: int = 0) -> tuple[int, ...]:
    """The strengths of a full deck: 13 ranks x 4 suits, plus ``jokers`` jokers.

    >>> d = deck(jokers=2)
    >>> len(d), d[:5], d[-3:]
    (54, (1, 1, 1, 1, 2), (13, 14, 14))
    """
    jokers = _as_int(jokers, "jokers")
    if jokers < 0:
        raise InvalidPositionError(f"jokers = {jokers}: a deck holds 0 or more jokers")
    return tuple(
        sorted([rank for rank in range(1, len(RANKS) + 1) for _ in range(4)] + [_JOKER] * jokers)
    )
