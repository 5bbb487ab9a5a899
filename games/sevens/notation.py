"""The paper's notation for Pass-Sevens suits, parsed and checked.

A suit is a string with one character per card, card 0 first.  A digit is a card already on the
field; ``L`` or ``R`` is a card still in Left's or Right's hand.  ``01LLRL``: cards 0 and 1 are
out, Left holds 2, 3 and 5, Right holds 4 (seed 004, section 3.1).  The leading ``0`` may be left
out (``LLRL`` is card 1 onwards), which is how the command line takes suits.

A digit must be the last digit of its card's number (``0123456789012`` for cards 0 to 12), so
``0L2R`` (card 2 on the field while Left still holds card 1: the shape of Theorem 2) is accepted
but ``0L5R`` is not.  Cards on the field never matter to the game (Theorem 2), so `holders`
reduces a suit to the holders of its remaining cards, in order: the form every algorithm works on.

>>> from games.sevens.notation import holders, parse_suits
>>> holders("01LLRL"), holders("0L2R"), holders("LLRLR")
('LLRL', 'LR', 'LLRLR')
>>> parse_suits(["01LLRL", "RRL"])
('LLRL', 'RRL')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import cgt

__all__ = [
    "Player",
    "SevensError",
    "check_player",
    "conjugate",
    "holders",
    "opponent",
    "parse_suits",
    "suit_text",
]

Player = Literal["L", "R"]


class SevensError(cgt.CGTError, ValueError):
    """A Pass-Sevens suit, position or player that does not make sense."""


def check_player(player: object, what: str = "player") -> Player:
    """``'L'`` or ``'R'``, or a `SevensError` naming ``what``.

    >>> check_player("R")
    'R'
    """
    if player == "L":
        return "L"
    if player == "R":
        return "R"
    raise SevensError(f"{what} must be 'L' or 'R', not {player!r}")


def opponent(player: Player) -> Player:
    """The other player.

    >>> opponent("L")
    'R'
    """
    return "R" if player == "L" else "L"


def holders(suit: str | Sequence[str]) -> str:
    """The holders (``L``/``R``) of a suit's remaining cards, in order; field cards dropped.

    ``suit`` is a string in the paper's notation, or a sequence of ``'L'``/``'R'`` (structured
    input).  Raises `SevensError` for a character other than a digit, ``L`` or ``R``, and for a
    digit that is not its card's number.

    >>> holders("0L2R"), holders(["L", "R"]), holders("")
    ('LR', 'LR', '')
    >>> holders("0LX")
    Traceback (most recent call last):
    ...
    games.sevens.notation.SevensError: suit '0LX': character 'X' at card 2 is not a digit, L or R
    """
    if not isinstance(suit, str):
        if isinstance(suit, Sequence) and all(isinstance(c, str) and len(c) == 1 for c in suit):
            suit = "".join(suit)
        elif isinstance(suit, Sequence) and all(isinstance(c, str) for c in suit):
            raise SevensError(
                f"a suit given as a sequence holds single 'L'/'R' items, not {list(suit)!r} "
                "(several suits are a position: see parse_suits)"
            )
        else:
            raise SevensError(
                f"a suit is a string like '01LLRL' or a sequence of 'L'/'R', not {suit!r}"
            )
    if not suit.translate(_DROP_HOLDERS):
        return suit  # the common case, checked in C: nothing but L and R
    offset = 0 if suit.startswith("0") else 1
    kept = []
    for index, char in enumerate(suit):
        card = index + offset
        if char == "L" or char == "R":
            kept.append(char)
        elif char.isdigit() and char.isascii():
            if int(char) != card % 10:
                raise SevensError(
                    f"suit {_cut(suit)!r}: digit {char!r} stands at card {card}, so it breaks "
                    f"the field order (expected {card % 10})"
                )
        else:
            raise SevensError(
                f"suit {_cut(suit)!r}: character {char!r} at card {card} is not a digit, L or R"
            )
    return "".join(kept)


def parse_suits(suits: str | Iterable[str | Sequence[str]]) -> tuple[str, ...]:
    """A position's suits as holder strings; one string is read as one suit.

    Raises `SevensError` for an empty position (no suits at all).

    >>> parse_suits("0LR")
    ('LR',)
    >>> parse_suits([])
    Traceback (most recent call last):
    ...
    games.sevens.notation.SevensError: a position needs at least one suit
    """
    if isinstance(suits, str):
        suits = [suits]
    try:
        result = tuple(holders(suit) for suit in suits)
    except TypeError:
        raise SevensError(f"a position is a sequence of suits, not {suits!r}") from None
    if not result:
        raise SevensError("a position needs at least one suit")
    return result


def suit_text(suit: str) -> str:
    """A holder string in the paper's notation, with card 0 on the field.

    >>> suit_text("LLRL")
    '0LLRL'
    """
    return "0" + holders(suit)


def conjugate(suit: str) -> str:
    """The suit with the hands swapped (L <-> R): its value is the negative.

    >>> conjugate("0LLR")
    'RRL'
    """
    return holders(suit).translate(_SWAP)


_SWAP = str.maketrans("LR", "RL")
_DROP_HOLDERS = str.maketrans("", "", "LR")


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
