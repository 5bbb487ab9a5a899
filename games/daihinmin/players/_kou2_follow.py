"""kou2 following a meld on the field (seed 002, section 3.7, figure 2; lock changes of 3.6).

Every legal meld but the lone joker is a candidate; for each, E (changed for lock-making melds
by 3.6) and the hand value after playing it (the rest split by 3.2) decide a "should play"
mark.  On a sequence the mark goes to candidates after which the hand can go out or whose
hand value changes little (reading ``sequence_mark``); on a single or group checks 1-7 run in
order, the first that decides wins:

1. it can take the trick and the hand can go out: mark;
2. it holds an 8 and the number of melds does not grow: mark;
3. it can take the trick: no mark if the hand has 4+ melds and none left after it can take a
   trick (use2: mark anyway), else mark;
4. one meld is left after it, of E <= 50: no mark;
5. the hand can go out after it: mark;
6. a single of the 2nd or 3rd strongest rank (K, A) with 4+ melds left: no mark (useA: mark);
7. mark if the hand value does not rise.

The marked candidate with the smallest hand value after it (then the weaker) is played, unless
it holds the opponents' strongest rank and every opponent has passed.  With no mark: pass,
except on a single holding the joker, with the 3 of spades ours or played, when the joker can
make the hand go out or answers the opponents' strongest rank without costing a meld.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> from games.daihinmin.players._kou2_strength import Context
>>> hand = parse_cards("4S 7D 9D 9H")
>>> str(analyze_follow(hand, Meld.parse("3C"), Context(hand, 0, 5)).choice)
'4S'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from games.daihinmin.players._kou2_melds import generate, lone_joker
from games.daihinmin.players._kou2_options import Variant
from games.daihinmin.players._kou2_strength import SPADE_3, Context
from games.daihinmin.players._kou2_value import can_go_out, hand_value, rank_strength
from games.daihinmin.rules.cards import ALL_CARDS, JOKER
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.moves import legal_melds

__all__ = ["Candidate", "FollowAnalysis", "analyze_follow"]

_BASE = Variant()


@attrs.frozen
class Candidate:
    """One legal meld weighed by figure 2."""

    meld: Meld
    strength: int
    value_after: int
    marked: bool
    #: which check decided (``"sequence"``, ``"1"`` ... ``"7"``, ``"rev-"``)
    check: str


@attrs.frozen
class FollowAnalysis:
    """kou2's reasoning when it follows."""

    melds: tuple[Meld, ...]
    hand_value: int
    can_go_out: bool
    candidates: tuple[Candidate, ...]
    choice: Meld
    #: why the choice was made, in a few words
    why: str


def _strongest_column(cards: int, revolution: bool) -> int:
    """The column of the strongest real card of ``cards`` (0 if none)."""
    cols = [c for c in range(1, 14) if (cards >> (4 * c)) & 0xF]
    if not cols:
        return 0
    return cols[0] if revolution else cols[-1]


def _columns(meld: Meld) -> range:
    return range(meld.rank, meld.top + 1)


def _lock_makers(
    candidates: list[Meld],
    field: Meld,
    ctx: Context,
    variant: Variant,
    locked: bool,
) -> set[Meld]:
    """3.6: the lock-making candidates whose E becomes the threshold (86)."""
    if locked or variant.lock == "lock-" or field.kind not in (Kind.SINGLE, Kind.GROUP):
        return set()
    makers = {c for c in candidates if c.suits == field.suits and c.kind != Kind.JOKER}
    if not makers or variant.lock == "lock+":
        return makers
    opponents = ctx.players_left - 1
    if field.kind == Kind.GROUP and opponents >= 2:
        return makers
    # the strongest meld under the lock among all unplayed cards (the joker ignored)
    unplayed = ALL_CARDS & ~ctx.played & ~JOKER
    pattern = field.suits & 0xF
    cols = range(1, 14) if ctx.revolution else range(13, 0, -1)
    for col in cols:
        cards = pattern << (4 * col)
        if unplayed & cards == cards:
            return makers if ctx.hand & cards == cards else set()
    return set()


def analyze_follow(
    hand: int,
    field: Meld,
    ctx: Context,
    variant: Variant = _BASE,
    *,
    locked: bool = False,
    opponents_passed: bool = False,
) -> FollowAnalysis:
    """Figure 2 for ``hand`` on ``field`` (``locked``: the lock is on; ``opponents_passed``:
    every other player still in has passed in this trick)."""
    threshold = variant.threshold
    reading = ctx.reading
    revolution = ctx.revolution
    reverse = revolution and reading.revolution_ranks
    before = generate(hand, revolution)
    value_before = hand_value(before, ctx)
    count_before = len(before)
    going_out = can_go_out(before, ctx, threshold)
    legal = [
        m
        for m in legal_melds(hand, field, revolution, locked, include_pass=False)
        if m.kind != Kind.JOKER
    ]
    makers = _lock_makers(legal, field, ctx, variant, locked)
    lock_e = threshold if reading.lock_value == "threshold" else 86
    on_sequence = field.kind == Kind.SEQUENCE
    second_third = {2, 3} if reverse else {11, 12}
    results = []
    for meld in legal:
        after_ctx = ctx.after(meld.hand_cards)
        after = generate(hand & ~meld.hand_cards, revolution)
        value_after = hand_value(after, after_ctx)
        e = lock_e if meld in makers else ctx.strength(meld)
        takes = e >= threshold
        if on_sequence:
            if reading.sequence_mark == "literal":
                small_change = value_before <= value_after + 1
            else:
                small_change = value_after <= value_before + 1
            marked = can_go_out(after, after_ctx, threshold) or small_change
            check = "sequence"
        else:
            marked, check = _checks(
                meld,
                takes,
                going_out,
                after,
                after_ctx,
                count_before,
                value_before,
                value_after,
                threshold,
                variant,
                second_third,
            )
        if variant.revolution == "rev-" and meld.is_revolution and count_before >= 3:
            marked, check = False, "rev-"
        results.append(Candidate(meld, e, value_after, marked, check))
    marked_list = [c for c in results if c.marked]
    choice, why = _choose(
        marked_list, hand, field, ctx, threshold, before, reverse, opponents_passed
    )
    return FollowAnalysis(tuple(before), value_before, going_out, tuple(results), choice, why)


def _checks(
    meld: Meld,
    takes: bool,
    going_out: bool,
    after: Sequence[Meld],
    after_ctx: Context,
    count_before: int,
    value_before: int,
    value_after: int,
    threshold: int,
    variant: Variant,
    second_third: set[int],
) -> tuple[bool, str]:
    """Checks 1-7 of figure 2 on a single or group field."""
    reading = after_ctx.reading
    if takes:
        if reading.check1_hand == "after":
            going_out = can_go_out(after, after_ctx, threshold)
        if going_out:
            return True, "1"
    if meld.has_eight and len(after) <= count_before:
        return True, "2"
    if takes:
        if variant.use_2:
            return True, "3"
        weak = count_before >= 4 and not any(after_ctx.strength(m) >= threshold for m in after)
        return not weak, "3"
    if len(after) == 1 and after_ctx.strength(after[0]) <= 50:
        return False, "4"
    if can_go_out(after, after_ctx, threshold):
        return True, "5"
    if meld.kind == Kind.SINGLE and meld.rank in second_third:
        if variant.use_a:
            return True, "6"
        if len(after) >= 4:
            return False, "6"
    return value_after <= value_before, "7"


def _choose(
    marked: list[Candidate],
    hand: int,
    field: Meld,
    ctx: Context,
    threshold: int,
    before: Sequence[Meld],
    reverse: bool,
    opponents_passed: bool,
) -> tuple[Meld, str]:
    revolution = ctx.revolution
    top = _strongest_column(ctx.opp & ~JOKER, revolution)
    if marked:
        best = min(
            marked,
            key=lambda c: (c.value_after, rank_strength(c.meld, reverse), c.meld.uses_joker),
        )
        meld = best.meld
        if opponents_passed and top and _holds_top(meld, top, revolution, ctx.reading.save_top):
            return PASS, "the candidate holds the opponents' strongest rank and all passed"
        return meld, f"marked by check {best.check}, smallest hand value after it"
    if field.kind != Kind.SINGLE or not hand & JOKER:
        return PASS, "no candidate marked"
    if not (hand & SPADE_3 or ctx.played & SPADE_3):
        return PASS, "no candidate marked; the 3 of spades could beat the joker"
    rest = hand & ~JOKER
    after_ctx = ctx.after(JOKER)
    after = generate(rest, revolution)
    if can_go_out(after, after_ctx, threshold):
        return lone_joker(), "the joker, after which the hand can go out"
    if field.rank == top and len(after) >= len(before):
        return lone_joker(), "the joker on the opponents' strongest rank"
    return PASS, "no candidate marked"


def _holds_top(meld: Meld, top: int, revolution: bool, mode: str) -> bool:
    if meld.kind == Kind.JOKER:
        return False
    if mode == "equal":
        return top in _columns(meld)
    return meld.rank <= top if revolution else meld.top >= top
