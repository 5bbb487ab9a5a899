"""Cards of Daihinmin as bit masks, laid out like the rows and columns of the UECda table.

The UECda server describes cards with an 8 x 15 table: row = suit (0 spade, 1 heart, 2
diamond, 3 club), column = rank (1 for a 3 up to 13 for a 2; columns 0 and 14 hold no real
card, only a joker standing below the 3 or above the 2 in a sequence).  A set of cards is an
``int`` with bit ``4 * column + row`` set for each card, so that

* the cards of one rank are one nibble (``(mask >> 4 * column) & 0xF``),
* a same-suit sequence is a run of bits four apart (``mask & mask >> 4 & mask >> 8``),
* the weakest card is the lowest set bit (the order the server scans a table in).

The joker is `JOKER`, bit 60, outside the table's cells.

>>> from games.daihinmin.rules.cards import parse_cards, format_cards, card
>>> hand = parse_cards("3S 10h TD 0c 2S JK")
>>> format_cards(hand)
'3S 10H 10D 10C 2S JK'
>>> card("8D") == 1 << (4 * 6 + 2)
True
>>> parse_cards("3X")
Traceback (most recent call last):
...
games.daihinmin.rules.cards.CardError: bad card '3X' at position 1: suit 'X' is not one of S H D C
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import cgt

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "RANK_NAMES",
    "REAL_CARDS",
    "SUIT_NAMES",
    "CardError",
    "card",
    "card_column",
    "card_suit",
    "cards_of",
    "column_mask",
    "count",
    "format_card",
    "format_cards",
    "iter_cards",
    "parse_card",
    "parse_cards",
    "rank_name",
]

SUIT_NAMES = "SHDC"
#: rank names by column; columns 0 and 14 hold only a joker in a sequence
RANK_NAMES = ("", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "")
JOKER = 1 << 60
#: every real card: columns 1..13, rows 0..3
REAL_CARDS = ((1 << 52) - 1) << 4
ALL_CARDS = REAL_CARDS | JOKER
_SUIT_ALIASES = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
_RANK_ALIASES = {name: col for col, name in enumerate(RANK_NAMES) if name}
_RANK_ALIASES.update({"T": 8, "0": 8})
_JOKER_NAMES = {"JK", "JO", "JOKER", "X", "🃏"}


class CardError(cgt.CGTError, ValueError):
    """A card or set of cards that does not exist or is written wrongly."""


def card(text: str) -> int:
    """The bit of one card written as rank + suit (``"3S"``, ``"10H"``, ``"TH"``, ``"0H"``,
    ``"JK"``)."""
    return parse_card(text)


def parse_card(text: str, position: int | None = None) -> int:
    """The bit of one card; `CardError` names the card (and its position in a list) if bad."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like '3S', not {type(text).__name__}")
    where = "" if position is None else f" at position {position}"
    word = text.strip().upper()
    if word in _JOKER_NAMES:
        return JOKER
    if len(word) < 2:
        raise CardError(f"bad card {text!r}{where}: write rank then suit, like '3S' or '10H'")
    rank, suit = word[:-1], word[-1]
    if suit not in _SUIT_ALIASES:
        raise CardError(f"bad card {text!r}{where}: suit {suit!r} is not one of S H D C")
    if rank not in _RANK_ALIASES:
        raise CardError(
            f"bad card {text!r}{where}: rank {rank!r} is not one of 3-9, 10 (T, 0), J, Q, K, A, 2"
        )
    return 1 << (4 * _RANK_ALIASES[rank] + _SUIT_ALIASES[suit])


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> int:
    """A set of cards from text (``"3S 4S, JK"``) or an iterable of card names.

    A card named twice is an error unless ``allow_duplicates``.

    >>> format_cards(parse_cards(["AS", "2c"]))
    'AS 2C'
    >>> parse_cards("3S 3s")
    Traceback (most recent call last):
    ...
    games.daihinmin.rules.cards.CardError: card '3s' at position 2 is given twice
    """
    if isinstance(text, str):
        words = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
        words = list(text)
    else:
        raise cgt.WrongTypeError(
            f"cards are text such as '3S 4S, JK' or an iterable of card names, not {text!r}"
        )
    mask = 0
    for index, word in enumerate(words, start=1):
        bit = parse_card(word, index)
        if mask & bit and not allow_duplicates:
            raise CardError(f"card {word!r} at position {index} is given twice")
        mask |= bit
    return mask


def card_column(bit: int) -> int:
    """The table column (1 = rank 3 ... 13 = rank 2) of one real card's bit."""
    return (bit.bit_length() - 1) >> 2


def card_suit(bit: int) -> int:
    """The table row (0 = S, 1 = H, 2 = D, 3 = C) of one real card's bit."""
    return (bit.bit_length() - 1) & 3


def rank_name(column: int) -> str:
    """The name of a rank from its column (``rank_name(8) == '10'``)."""
    return RANK_NAMES[column]


def format_card(bit: int) -> str:
    """The name of one card (``'10H'``, ``'JK'``)."""
    if bit == JOKER:
        return "JK"
    index = bit.bit_length() - 1
    if bit & (bit - 1) or not (REAL_CARDS >> index) & 1:
        raise CardError(f"{bit:#x} is not the bit of one card")
    return RANK_NAMES[index >> 2] + SUIT_NAMES[index & 3]


def iter_cards(mask: int) -> Iterator[int]:
    """The bits of a set of cards, weakest first (rank, then S H D C), the joker last."""
    real = mask & REAL_CARDS
    while real:
        low = real & -real
        yield low
        real ^= low
    if mask & JOKER:
        yield JOKER


def cards_of(mask: int) -> list[str]:
    """The names of a set of cards, weakest first."""
    return [format_card(bit) for bit in iter_cards(mask)]


def format_cards(mask: int) -> str:
    """A set of cards as text, weakest first (``'3S 4S JK'``); ``'-'`` for no card."""
    if mask & ~ALL_CARDS:
        raise CardError(f"{mask:#x} holds bits that are no card")
    return " ".join(cards_of(mask)) or "-"


def count(mask: int) -> int:
    """How many cards (the joker included) a mask holds."""
    return mask.bit_count()


def column_mask(low: int, high: int) -> int:
    """All four suits of the columns ``low..high`` (inclusive); empty if ``high < low``."""
    if high < low:
        return 0
    return ((1 << (4 * (high - low + 1))) - 1) << (4 * low)
