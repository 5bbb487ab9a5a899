"""kou2's judgments on a split hand (seed 002, sections 3.4-3.6).

* **can go out** (3.4): the second smallest E of the hand's melds is at least the threshold
  (86 for kou2); a hand of one meld can always go out;
* **hand value** (3.5): the sum of g(e) over melds of at most 3 cards, g = 2 (e <= 30), 1
  (<= 60), 0 (<= 90), -1 (>= 91 and an opponent holds a stronger rank), -size (>= 91 and none
  does), -2 for the lone joker; the smaller, the stronger the hand;
* **priority** (3.5, for leading): lone joker 3; a meld that can take the trick and has no 8:
  110 - E; a sequence with an 8: 9; otherwise ``40 + 2 (14 - strength) + 4 (melds of its
  size)``, strength = the column of its highest card; 2 for melds that cannot take the trick
  when the hand can go out;
* **revolution** (3.6): when leading, if the largest E of our melds of at most 2 cards is at
  most 90 and the hand value after the revolution is smaller, the revolution meld gets 90 and
  the non-sequence melds that can take the trick get 91.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.players._kou2_melds import generate
>>> from games.daihinmin.players._kou2_strength import Context
>>> hand = parse_cards("6S 6D 7S KH 2S")
>>> ctx = Context(hand, 0)
>>> melds = generate(hand)
>>> [(str(m), p) for m, p in zip(melds, priorities(melds, ctx, 86))]
[('6S 6D', 64), ('7S', 70), ('KH', 58), ('2S', 11)]
"""

from __future__ import annotations

from collections.abc import Sequence

from games.daihinmin.players._kou2_strength import Context
from games.daihinmin.rules.melds import Kind, Meld

__all__ = [
    "can_go_out",
    "g_value",
    "hand_value",
    "priorities",
    "rank_strength",
    "revolution_priorities",
]


def g_value(meld: Meld, e: int, n: int) -> int:
    """g(e) of 3.5 for one meld of at most 3 cards."""
    if meld.kind == Kind.JOKER:
        return -2
    if e <= 30:
        return 2
    if e <= 60:
        return 1
    if e <= 90:
        return 0
    return -1 if n > 0 else -meld.size


def hand_value(melds: Sequence[Meld], ctx: Context) -> int:
    """The hand value of 3.5: the sum of g(E) over the melds of at most 3 cards."""
    total = 0
    for meld in melds:
        if meld.size <= 3:
            e, n = ctx.evaluate(meld)
            total += g_value(meld, e, n)
    return total


def can_go_out(melds: Sequence[Meld], ctx: Context, threshold: int) -> bool:
    """3.4: the second smallest E of the melds is at least ``threshold``."""
    if len(melds) <= 1:
        return True
    smallest = second = 1 << 30
    for meld in melds:
        e = ctx.evaluate(meld)[0]
        if e < smallest:
            smallest, second = e, smallest
        elif e < second:
            second = e
    return second >= threshold


def rank_strength(meld: Meld, revolution: bool = False) -> int:
    """The "strength" of 3.5: the column of the meld's highest card (3 -> 1 ... 2 -> 13);
    under revolution (reading ``revolution_ranks``) the same in the reversed order."""
    if revolution:
        return 14 - meld.rank
    return meld.top


def priorities(
    melds: Sequence[Meld],
    ctx: Context,
    threshold: int,
    *,
    same_size_term: bool = True,
    revolution_ranks: bool = True,
) -> list[int]:
    """The priority of each meld (3.5), for leading; ``same_size_term=False`` drops the
    ``4 x (melds of its size)`` term (the ``weak`` variant)."""
    sizes: dict[int, int] = {}
    for meld in melds:
        sizes[meld.size] = sizes.get(meld.size, 0) + 1
    going_out = can_go_out(melds, ctx, threshold)
    reverse = ctx.revolution and revolution_ranks
    out = []
    for meld in melds:
        e = ctx.evaluate(meld)[0]
        takes = e >= threshold
        if going_out and not takes:
            out.append(2)
        elif meld.kind == Kind.JOKER:
            out.append(3)
        elif takes and not meld.has_eight:
            out.append(110 - e)
        elif meld.kind == Kind.SEQUENCE and meld.has_eight:
            out.append(9)
        else:
            value = 40 + (14 - rank_strength(meld, reverse)) * 2
            if same_size_term:
                value += sizes[meld.size] * 4
            out.append(value)
    return out


def revolution_priorities(
    melds: Sequence[Meld],
    ctx: Context,
    threshold: int,
    base: list[int],
    *,
    always: bool = False,
) -> list[int]:
    """3.6: the priorities changed for a hand holding a revolution meld (unchanged if none,
    or if the revolution would not help); ``always`` skips the two conditions (rev+)."""
    if not any(m.is_revolution for m in melds):
        return base
    if not always:
        small = [ctx.strength(m) for m in melds if m.size <= 2]
        if small and max(small) > 90:
            return base
        rest = [m for m in melds if not m.is_revolution]
        played = 0
        for m in melds:
            if m.is_revolution:
                played |= m.hand_cards
        turned = ctx.after(played).toggled()
        if hand_value(rest, turned) >= hand_value(melds, ctx):
            return base
    out = base[:]
    for index, meld in enumerate(melds):
        if meld.is_revolution:
            out[index] = 90
        elif meld.kind != Kind.SEQUENCE and ctx.strength(meld) >= threshold:
            out[index] = 91
    return out
