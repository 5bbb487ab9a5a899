"""kou2's meld generation (seed 002, section 3.2) and the joker splits of figure 1 (3.7).

`generate` splits a hand into melds in the paper's order:

1. sequences of real cards that avoid the strongest rank (the 2; the 3 under revolution): each
   maximal same-suit run of 3+ cards is kept if at least one of its cards belongs to no group
   of the cards still left (suits searched S, H, D, C, ranks from the weakest);
2. then one sequence with the joker standing for a card missing from the remaining cards (still
   avoiding the strongest rank), kept if none of its real cards belongs to a group, or if only
   8s do; the search goes S, H, D, C, from the weakest rank, and stops at the first kept;
3. the largest group of each rank left (the joker never joins a group here);
4. everything left is a single (the joker alone is the lone joker).

`joker_groups` and `joker_sequences` are the sets N and K of figure 1, step 3: the joker added
to every rank held, and the longest sequences the joker makes possible.

>>> from games.daihinmin.rules.cards import parse_cards
>>> [str(m) for m in generate(parse_cards("5S 10C JC JH QC QH KH"))]
['JH QH KH', '10C JC QC', '5S']
>>> [str(m) for m in generate(parse_cards("6C 8C 8S JS QD JK"))]
['6C JK(7C) 8C', '8S', 'JS', 'QD']
"""

from __future__ import annotations

import functools

from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.melds import Kind, Meld

__all__ = ["generate", "joker_groups", "joker_sequences", "lone_joker", "strongest_column"]

_EIGHT = 6
_LONE_JOKER = Meld._trusted(0, 14, 14, 1, 1, Kind.JOKER)
_ROW_BITS = [sum(1 << (4 * c + r) for c in range(15)) for r in range(4)]
_POP = [bin(i).count("1") for i in range(16)]


def lone_joker() -> Meld:
    """The joker played alone (written at ``[0][14]``, as the devkit client does)."""
    return _LONE_JOKER


def strongest_column(revolution: bool) -> int:
    """The column of the strongest rank: the 2 (13), or the 3 (1) under revolution."""
    return 1 if revolution else 13


def _build_tables() -> tuple[dict[int, int], list[int]]:
    compress: dict[int, int] = {}
    expand = [0] * (1 << 14)
    for lane in range(0, 1 << 14, 2):  # columns 1..13
        spread = 0
        for col in range(1, 14):
            if lane >> col & 1:
                spread |= 1 << (4 * col)
        compress[spread] = lane
        expand[lane] = spread
    return compress, expand


_COMPRESS, _EXPAND = _build_tables()
_ROW0 = _ROW_BITS[0] & ~0xF & ~(0xF << 56)


def _lane(cards: int, row: int) -> int:
    """Bit ``c`` set when the card of column ``c`` and row ``row`` is in ``cards``."""
    return _COMPRESS[(cards >> row) & _ROW0]


def _lane_cards(lane: int, row: int) -> int:
    """The cards of row ``row`` in the columns of ``lane``."""
    return _EXPAND[lane] << row


def _paired(cards: int) -> int:
    """The cards of ``cards`` whose rank holds at least two of them (members of a group)."""
    out = 0
    for col in range(1, 14):
        nibble = (cards >> (4 * col)) & 0xF
        if _POP[nibble] >= 2:
            out |= nibble << (4 * col)
    return out


def _sequence(cards: int, low: int, size: int, row: int, joker_col: int = -1) -> Meld:
    joker = row * 15 + joker_col if joker_col >= 0 else -1
    return Meld._trusted(cards, joker, low, size, 1 << row, Kind.SEQUENCE)


def _plain_sequences(rest: int, excluded_col: int, out: list[Meld]) -> int:
    """Step 1: keep maximal joker-free runs with a card outside every group; return the rest."""
    for row in range(4):
        lane = _lane(rest, row) & ~(1 << excluded_col)
        if not lane & lane >> 1 & lane >> 2:
            continue
        col = 1
        while col <= 13:
            if not lane >> col & 1:
                col += 1
                continue
            start = col
            while col <= 13 and lane >> col & 1:
                col += 1
            size = col - start
            if size < 3:
                continue
            run = _lane_cards(((1 << size) - 1) << start, row)
            if run & ~_paired(rest):
                out.append(_sequence(run, start, size, row))
                rest &= ~run
    return rest


def _joker_sequence(rest: int, excluded_col: int) -> Meld | None:
    """Step 2: the first sequence with the joker (S, H, D, C; weakest rank first; the longest
    first from each start) whose real cards are outside every group, 8s excepted."""
    paired = _paired(rest)
    for row in range(4):
        lane = _lane(rest, row) & ~(1 << excluded_col)
        if not lane & (lane >> 1 | lane >> 2):
            continue  # no two cards close enough for the joker to join them
        for low in range(1, 12):
            if low == excluded_col:
                continue
            # the longest window from ``low`` with exactly one hole, inside columns 1..13
            hole = -1
            high = low
            col = low
            while col <= 13 and col != excluded_col:
                if not lane >> col & 1:
                    if hole >= 0:
                        break
                    hole = col
                high = col
                col += 1
            for top in range(high, low + 1, -1):
                size = top - low + 1
                if size < 3:
                    break
                window = ((1 << size) - 1) << low
                holes = window & ~lane
                if holes.bit_count() != 1:
                    continue
                real = _lane_cards(window & lane, row)
                if real & paired & ~(0xF << (4 * _EIGHT)):
                    continue
                return _sequence(real, low, size, row, holes.bit_length() - 1)
    return None


@functools.lru_cache(maxsize=1 << 15)
def generate(hand: int, revolution: bool = False) -> tuple[Meld, ...]:
    """The melds of ``hand`` by section 3.2: sequences, the joker sequence, groups, singles
    (the lone joker last).  Cached: the same hand gives the same tuple."""
    excluded = strongest_column(revolution)
    out: list[Meld] = []
    rest = _plain_sequences(hand & REAL_CARDS, excluded, out)
    joker = bool(hand & JOKER)
    if joker:
        found = _joker_sequence(rest, excluded)
        if found is not None:
            out.append(found)
            rest &= ~found.cards
            joker = False
    for col in range(1, 14):
        nibble = (rest >> (4 * col)) & 0xF
        if _POP[nibble] >= 2:
            group = Meld._trusted(nibble << (4 * col), -1, col, _POP[nibble], nibble, Kind.GROUP)
            out.append(group)
            rest &= ~(nibble << (4 * col))
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        out.append(Meld._trusted(low, -1, index >> 2, 1, 1 << (index & 3), Kind.SINGLE))
        rest ^= low
    if joker:
        out.append(_LONE_JOKER)
    return tuple(out)


def joker_groups(hand: int) -> list[Meld]:
    """The set N of figure 1: for every rank held, all its cards plus the joker standing for a
    missing suit (the first one, S H D C; row 4 beside four cards)."""
    out: list[Meld] = []
    if not hand & JOKER:
        return out
    for col in range(1, 14):
        nibble = (hand >> (4 * col)) & 0xF
        if not nibble:
            continue
        n = _POP[nibble]
        if n == 4:
            out.append(Meld._trusted(nibble << (4 * col), 60 + col, col, 5, 31, Kind.GROUP))
            continue
        row = next(r for r in range(4) if not nibble >> r & 1)
        out.append(
            Meld._trusted(
                nibble << (4 * col), row * 15 + col, col, n + 1, nibble | 1 << row, Kind.GROUP
            )
        )
    return out


def joker_sequences(hand: int) -> list[Meld]:
    """The set K of figure 1: sequences with the joker standing for a card not in the hand
    (real columns 1..13), without those contained in another one (the longest only)."""
    if not hand & JOKER:
        return []
    found: list[tuple[int, int, int, int]] = []  # row, low, high, hole
    for row in range(4):
        lane = _lane(hand, row)
        for hole in range(1, 14):
            if lane >> hole & 1:
                continue
            low = hole
            while low - 1 >= 1 and lane >> (low - 1) & 1:
                low -= 1
            high = hole
            while high + 1 <= 13 and lane >> (high + 1) & 1:
                high += 1
            if high - low + 1 >= 3:
                found.append((row, low, high, hole))
    # with one joker and the hole fixed, the window around the hole is already maximal
    out = []
    for row, low, high, hole in found:
        window = ((1 << (high - low + 1)) - 1) << low
        real = _lane_cards(window & ~(1 << hole), row)
        out.append(_sequence(real, low, high - low + 1, row, hole))
    return out
