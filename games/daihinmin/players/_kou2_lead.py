"""kou2 leading a trick (seed 002, section 3.7, figure 1).

1. split the hand into melds M (3.2);
2-3. if we hold the joker, also try every joker group of N and every longest joker sequence of
   K: take it out, split the rest (3.2), put it back; keep the split with the smallest hand
   value (the plain split M wins ties, then K before N, weakest first);
4. play the meld of highest priority (3.5, changed by 3.6 for a revolution meld); ties go to
   the weaker meld.

The variants change step 4: ``weak`` drops the same-size term of the priority, ``single``
leads a single instead of a chosen group when it is within 5 ranks of it, ``rev-`` never leads
a revolution meld while the hand has 3+ melds, ``rev+`` gives the 3.6 priorities whenever a
revolution meld is held.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.players._kou2_strength import Context
>>> hand = parse_cards("6S 6D 7S KH 2S")
>>> str(analyze_lead(hand, Context(hand, 0)).choice)
'7S'
"""

from __future__ import annotations

import attrs

from games.daihinmin.players._kou2_melds import generate, joker_groups, joker_sequences
from games.daihinmin.players._kou2_options import Variant
from games.daihinmin.players._kou2_strength import Context
from games.daihinmin.players._kou2_value import (
    can_go_out,
    hand_value,
    priorities,
    rank_strength,
    revolution_priorities,
)
from games.daihinmin.rules.cards import JOKER
from games.daihinmin.rules.melds import Kind, Meld

__all__ = ["LeadAnalysis", "analyze_lead"]

_BASE = Variant()


@attrs.frozen
class LeadAnalysis:
    """kou2's reasoning when it leads."""

    #: the split of the hand that figure 1 keeps
    melds: tuple[Meld, ...]
    strengths: tuple[int, ...]
    priorities: tuple[int, ...]
    hand_value: int
    can_go_out: bool
    #: the joker meld figure 1 took out before splitting (None: the plain split of 3.2)
    joker_meld: Meld | None
    #: the hand value of every split tried: (joker meld or None, value)
    splits: tuple[tuple[Meld | None, int], ...]
    choice: Meld


def best_split(
    hand: int, ctx: Context
) -> tuple[list[Meld], int, Meld | None, list[tuple[Meld | None, int]]]:
    """Figure 1 steps 1-3: the split of smallest hand value (plain 3.2 split first)."""
    melds = list(generate(hand, ctx.revolution))
    best_value = hand_value(melds, ctx)
    chosen: Meld | None = None
    tried: list[tuple[Meld | None, int]] = [(None, best_value)]
    if hand & JOKER:
        for meld in joker_sequences(hand) + joker_groups(hand):
            split = [*generate(hand & ~meld.hand_cards, ctx.revolution), meld]
            value = hand_value(split, ctx)
            tried.append((meld, value))
            if value < best_value:
                melds, best_value, chosen = split, value, meld
    return melds, best_value, chosen, tried


def _uses_formula(meld: Meld, e: int, threshold: int, going_out: bool) -> bool:
    """Whether the 3.5 priority of ``meld`` comes from the 40 + ... formula."""
    takes = e >= threshold
    if going_out and not takes:
        return False
    if meld.kind == Kind.JOKER or (takes and not meld.has_eight):
        return False
    return not (meld.kind == Kind.SEQUENCE and meld.has_eight)


def analyze_lead(
    hand: int,
    ctx: Context,
    variant: Variant = _BASE,
) -> LeadAnalysis:
    """Figure 1 for ``hand`` (the field is empty)."""
    threshold = variant.threshold
    reading = ctx.reading
    melds, value, joker_meld, tried = best_split(hand, ctx)
    strengths = [ctx.strength(m) for m in melds]
    base = priorities(
        melds,
        ctx,
        threshold,
        same_size_term=variant.lead != "weak",
        revolution_ranks=reading.revolution_ranks,
    )
    prios = revolution_priorities(melds, ctx, threshold, base, always=variant.revolution == "rev+")
    going_out = can_go_out(melds, ctx, threshold)
    reverse = ctx.revolution and reading.revolution_ranks
    allowed = list(range(len(melds)))
    if variant.revolution == "rev-" and len(melds) >= 3:
        allowed = [i for i in allowed if not melds[i].is_revolution] or allowed
    best = max(allowed, key=lambda i: (prios[i], -rank_strength(melds[i], reverse), -i))
    if variant.lead == "single":
        best = _prefer_single(melds, strengths, prios, allowed, best, threshold, going_out, reverse)
    return LeadAnalysis(
        tuple(melds),
        tuple(strengths),
        tuple(prios),
        value,
        going_out,
        joker_meld,
        tuple(tried),
        melds[best],
    )


def _prefer_single(
    melds: list[Meld],
    strengths: list[int],
    prios: list[int],
    allowed: list[int],
    best: int,
    threshold: int,
    going_out: bool,
    reverse: bool,
) -> int:
    """The ``single`` variant: a group chosen by the formula gives way to a single (also
    ranked by the formula) at most 5 ranks away from it, the best such single."""
    chosen = melds[best]
    if chosen.kind != Kind.GROUP or chosen.is_revolution:  # 3.6 may have set 90
        return best
    if not _uses_formula(chosen, strengths[best], threshold, going_out):
        return best
    level = rank_strength(chosen, reverse)
    singles = [
        i
        for i in allowed
        if melds[i].kind == Kind.SINGLE
        and _uses_formula(melds[i], strengths[i], threshold, going_out)
        and abs(rank_strength(melds[i], reverse) - level) <= 5
    ]
    if not singles:
        return best
    return max(singles, key=lambda i: (prios[i], -rank_strength(melds[i], reverse), -i))
