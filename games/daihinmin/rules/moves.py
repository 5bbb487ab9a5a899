"""Legal moves: every meld a hand can form, and those the server accepts on a given field.

Two plays are the same move when they take the same cards from the hand and leave the same
field (rank, size, suits, kind); so the joker of a lone joker has one cell (``[0][14]``), while
a joker standing for different suits in a group gives different moves (the suits decide the
lock).  A joker may also stand for a card its holder has: the server accepts that, so it is a
move here too.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> from games.daihinmin.rules.moves import all_melds, legal_melds
>>> hand = parse_cards("3S 4S 5S 5H")
>>> sorted(str(m) for m in all_melds(hand))
['3S', '3S 4S 5S', '4S', '5H', '5S', '5S 5H']
>>> [str(m) for m in legal_melds(hand, Meld.parse("4D"))]
['pass', '5S', '5H']
"""

from __future__ import annotations

from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.melds import PASS, Kind, Meld

__all__ = ["all_melds", "groups", "legal_melds", "sequences", "singles"]

_SPADE_3 = 1 << 4
_SPADE_3_MELD = Meld._trusted(_SPADE_3, -1, 1, 1, 1, Kind.SINGLE)
_LONE_JOKER = Meld._trusted(0, 14, 14, 1, 1, Kind.JOKER)
_POPCOUNT = [bin(i).count("1") for i in range(32)]
# the non-empty subsets of each nibble
_SUBSETS = [[s for s in range(1, 16) if s & n == s] for n in range(16)]


# indexed by bit: the single of each real card (PASS at the bits of no card, never used)
_SINGLE: list[Meld] = [
    Meld._trusted(1 << i, -1, i >> 2, 1, 1 << (i & 3), Kind.SINGLE) if 4 <= i < 56 else PASS
    for i in range(56)
]
#: bits of the columns above column c: ``_ABOVE[c]``; below: ``_BELOW[c]``
_ABOVE = [REAL_CARDS & ~((1 << (4 * c + 4)) - 1) for c in range(15)]
_BELOW = [REAL_CARDS & ((1 << (4 * c)) - 1) for c in range(15)]
_SUIT = [sum(1 << (4 * c + r) for c in range(15)) for r in range(4)]


def _suit_mask(suits: int) -> int:
    return sum(_SUIT[r] for r in range(4) if suits >> r & 1)


def singles(hand: int) -> list[Meld]:
    """Every single of the hand (the lone joker included), weakest first."""
    return _singles_among(hand, REAL_CARDS, [])


def _singles_among(hand: int, allowed: int, out: list[Meld]) -> list[Meld]:
    """Append to ``out`` the singles of the hand's real cards in ``allowed``, then the lone
    joker if held."""
    single = _SINGLE
    real = hand & allowed
    while real:
        low = real & -real
        out.append(single[low.bit_length() - 1])
        real ^= low
    if hand & JOKER:
        out.append(_LONE_JOKER)
    return out


def groups(hand: int, size: int | None = None) -> list[Meld]:
    """Every group of the hand (of ``size`` cards only, if given), by rank."""
    out = []
    joker = bool(hand & JOKER)
    for col in range(1, 14):
        nibble = (hand >> (4 * col)) & 0xF
        if not nibble:
            continue
        shift = 4 * col
        for subset in _SUBSETS[nibble]:
            n = _POPCOUNT[subset]
            if n >= 2 and (size is None or size == n):
                out.append(Meld._trusted(subset << shift, -1, col, n, subset, Kind.GROUP))
            if joker and (size is None or size == n + 1):
                if n == 4:
                    out.append(Meld._trusted(subset << shift, 60 + col, col, 5, 31, Kind.GROUP))
                    continue
                for row in range(4):
                    if not subset >> row & 1:
                        out.append(
                            Meld._trusted(
                                subset << shift,
                                row * 15 + col,
                                col,
                                n + 1,
                                subset | 1 << row,
                                Kind.GROUP,
                            )
                        )
    return out


def sequences(hand: int, size: int | None = None) -> list[Meld]:
    """Every same-suit sequence of the hand (of ``size`` cards only, if given)."""
    out: list[Meld] = []
    joker = bool(hand & JOKER)
    real = hand & REAL_CARDS
    # most hands hold no sequence: 3 in a row of one suit, or 2 within 3 columns with the joker
    if joker:
        if not (real & real >> 4 or real & real >> 8):
            return out
    elif not real & real >> 4 & real >> 8:
        return out
    for row in range(4):
        lane = 0
        for col in range(1, 14):
            if (hand >> (4 * col + row)) & 1:
                lane |= 1 << col
        if not lane:
            continue
        suit = 1 << row
        for low in range(15):
            missing = -1
            cards = 0
            for high in range(low, 15):
                if lane >> high & 1:
                    cards |= 1 << (4 * high + row)
                elif missing < 0 and joker:
                    missing = high
                else:
                    break
                n = high - low + 1
                if n < 3 or (size is not None and n != size):
                    continue
                if missing >= 0:
                    out.append(
                        Meld._trusted(cards, row * 15 + missing, low, n, suit, Kind.SEQUENCE)
                    )
                else:
                    out.append(Meld._trusted(cards, -1, low, n, suit, Kind.SEQUENCE))
                    if joker:  # the joker standing for a card of the sequence
                        for col in range(low, high + 1):
                            out.append(
                                Meld._trusted(
                                    cards & ~(1 << (4 * col + row)),
                                    row * 15 + col,
                                    low,
                                    n,
                                    suit,
                                    Kind.SEQUENCE,
                                )
                            )
    return out


def all_melds(hand: int, *, sequences_allowed: bool = True) -> list[Meld]:
    """Every meld the hand can form (what may be led on an empty field), without the pass."""
    out = singles(hand) + groups(hand)
    if sequences_allowed:
        out += sequences(hand)
    return out


def legal_melds(
    hand: int,
    field: Meld | None,
    revolution: bool = False,
    lock: bool = False,
    *,
    include_pass: bool = True,
    sequences_allowed: bool = True,
) -> list[Meld]:
    """The moves the server accepts from ``hand`` on ``field`` (``None``: empty field), the
    pass first.  A lone joker on the field is answered only by the 3 of spades."""
    out = [PASS] if include_pass else []
    if field is None or field.kind == Kind.PASS:
        return out + all_melds(hand, sequences_allowed=sequences_allowed)
    kind = field.kind
    if kind == Kind.JOKER:
        if hand & _SPADE_3:
            out.append(_SPADE_3_MELD)
        return out
    size = field.size
    if kind == Kind.SINGLE:  # the fast path: filter the hand's bits first
        allowed = _BELOW[field.rank] if revolution else _ABOVE[field.rank]
        if lock:
            allowed &= _suit_mask(field.suits)
        return _singles_among(hand, allowed, out)
    elif kind == Kind.GROUP:
        candidates = groups(hand, size)
    elif sequences_allowed:
        candidates = sequences(hand, size)
    else:
        candidates = []
    rank = field.rank
    suits = field.suits
    for meld in candidates:
        if meld.kind == Kind.JOKER:
            out.append(meld)  # beats any single, also under the lock
            continue
        if lock and meld.suits != suits:
            continue
        if revolution:
            if meld.rank + size - 1 < rank if kind != Kind.GROUP else meld.rank < rank:
                out.append(meld)
        elif meld.rank > rank + size - 1 if kind != Kind.GROUP else meld.rank > rank:
            out.append(meld)
    return out
