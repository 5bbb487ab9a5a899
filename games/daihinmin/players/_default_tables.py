"""Bit-mask versions of the table helpers of the devkit default client (``daihinmin.c``).

The C client works on 8 x 15 tables; here a hand is a card mask (bit ``4 * column + row``, see
`games.daihinmin.rules.cards`) and, for sequences, four *lanes* (one per suit row, bit ``column``)
packed in one int, lane ``r`` at bits ``16 r .. 16 r + 14``.  Each function names the C
function it reproduces; the C scan orders (which row wins a tie, where the joker goes) are
kept, quirks included.

>>> from games.daihinmin.rules.cards import parse_cards
>>> hand = parse_cards("5S 6S 7S 9H 9D KC")
>>> lanes = to_lanes(hand)
>>> run_table(lanes_of(lanes)[0])[3] == 1 << 3  # makeKaidanTable: a run of 3 from column 3
True
>>> group_cells(hand, 2) == parse_cards("9H 9D")  # makeGroupTable + nCards(2)
True
"""

from __future__ import annotations

__all__ = [
    "LANE",
    "free_singles",
    "group_cells",
    "high_solo_bit",
    "joker_run_table",
    "lanes_of",
    "run_table",
    "to_lanes",
]

#: the 15 columns of one lane
LANE = (1 << 15) - 1
_C5 = 0x5555555555555555
_C3 = 0x3333333333333333
_C1 = 0x1111111111111111
_C7 = 0x7777777777777777
_C8 = 0x8888888888888888
_CC = 0xCCCCCCCCCCCCCCCC
_CE = 0xEEEEEEEEEEEEEEEE

# one byte of a card mask (two columns) spread over the four packed lanes
_BYTE_SPREAD = [
    sum((((b >> r) & 1) | (((b >> (4 + r)) & 1) << 1)) << (16 * r) for r in range(4))
    for b in range(256)
]


def to_lanes(mask: int) -> int:
    """The packed lanes of the real cards of ``mask`` (columns 0-13)."""
    packed = 0
    shift = 0
    spread = _BYTE_SPREAD
    for byte in (mask & ((1 << 56) - 1)).to_bytes(7, "little"):
        if byte:
            packed |= spread[byte] << shift
        shift += 2
    return packed


def lanes_of(packed: int) -> tuple[int, int, int, int]:
    """The four lanes (rows 0-3) of a packed value."""
    return (packed & LANE, (packed >> 16) & LANE, (packed >> 32) & LANE, (packed >> 48) & LANE)


def _run_entry(lane: int) -> list[int]:
    # makeKaidanTable, one row: j from 13 down to 1, count of consecutive cards upward
    masks = [0] * 16
    count = 0
    for j in range(13, 0, -1):
        count = count + 1 if lane >> j & 1 else 0
        if count > 2:
            masks[count] |= 1 << j
            masks[0] = max(masks[0], count)
    return masks


def _joker_run_entry(lane: int) -> list[int]:
    # makeJKaidanTable, one row: j from 13 down to 0, one gap (or column 14) filled by the joker
    masks = [0] * 16
    count, plain = 1, 0
    for j in range(13, -1, -1):
        if lane >> j & 1:
            count += 1
            plain += 1
        else:
            count = plain + 1
            plain = 0
        if count > 2:
            masks[count] |= 1 << j
            masks[0] = max(masks[0], count)
    return masks


_RUNS: list[list[int] | None] = [None] * (1 << 15)
_JOKER_RUNS: list[list[int] | None] = [None] * (1 << 15)


def run_table(lane: int) -> list[int]:
    """``makeKaidanTable`` of one row: ``[n]`` = the columns whose value is ``n`` (the length
    of the run of cards starting there, when at least 3); ``[0]`` = the largest value."""
    entry = _RUNS[lane]
    if entry is None:
        entry = _RUNS[lane] = _run_entry(lane)
    return entry


def joker_run_table(lane: int) -> list[int]:
    """``makeJKaidanTable`` of one row: ``[n]`` = the columns (0-13) whose value is ``n``: the
    length of the run starting there with one gap, or column 14, taken by the joker; ``[0]`` =
    the largest value."""
    entry = _JOKER_RUNS[lane]
    if entry is None:
        entry = _JOKER_RUNS[lane] = _joker_run_entry(lane)
    return entry


def _nibble_counts(mask: int) -> int:
    pairs = (mask & _C5) + ((mask >> 1) & _C5)
    return (pairs & _C3) + ((pairs >> 2) & _C3)


def group_cells(mask: int, count: int) -> int:
    """The cards of ``mask`` in columns holding exactly ``count`` of its cards (``count`` >= 1):
    ``makeGroupTable`` + ``nCards(count)``, or with ``count - 1``, ``makeJGroupTable`` +
    ``nCards(count)``."""
    differ = _nibble_counts(mask) ^ (count * _C1)
    nonzero = (differ | differ >> 1 | differ >> 2 | differ >> 3) & _C1
    return mask & ((~nonzero & _C1) * 15)


def free_singles(mask: int) -> int:
    """``removeSequence`` then ``removeGroup`` (``followSolo``): the cards of ``mask`` in no
    same-suit run of 3+ and alone in their column."""
    starts = mask & mask >> 4 & mask >> 8
    in_runs = starts | starts << 4 | starts << 8
    others = (
        ((mask >> 1) & _C7)
        | ((mask << 3) & _C8)
        | ((mask >> 2) & _C3)
        | ((mask << 2) & _CC)
        | ((mask >> 3) & _C1)
        | ((mask << 1) & _CE)
    )
    return mask & ~in_runs & ~others


def high_solo_bit(mask: int) -> int:
    """``highSolo``'s card: the highest column, and in it the lowest row (0 if none)."""
    if not mask:
        return 0
    shift = (mask.bit_length() - 1) & ~3
    nibble = (mask >> shift) & 15
    return (nibble & -nibble) << shift
