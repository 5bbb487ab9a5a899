"""kou2's reasoning about one position, for people: ``cgt daihinmin evaluate``.

`evaluate` splits a hand as kou2 does (seed 002, 3.2 and figure 1), gives each meld its
strength E (3.3) and priority (3.5-3.6), the hand value (3.5), whether the hand can go out
(3.4) and the meld kou2 would play; on a field it also lists every legal candidate with the
"should play" mark of figure 2.  `format_evaluation` prints the same as text.

>>> result = evaluate("6S 6D 7S KH 2S")
>>> [(m["cards"], m["E"], m["priority"]) for m in result["melds"]]
[('6S 6D', 1, 64), ('7S', 1, 70), ('KH', 39, 58), ('2S', 99, 11)]
>>> result["hand_value"], result["play"]
(4, '7S')
>>> evaluate("6S 6S")
Traceback (most recent call last):
...
games.daihinmin.rules.cards.CardError: card '6S' at position 2 is given twice
>>> evaluate("6S", played="6S")
Traceback (most recent call last):
...
games.daihinmin.experiments.evaluate.PositionError: 6S is both in the hand and played
"""

from __future__ import annotations

from typing import Any

import cgt
from games.daihinmin.players._kou2_follow import FollowAnalysis, analyze_follow
from games.daihinmin.players._kou2_lead import LeadAnalysis, analyze_lead
from games.daihinmin.players._kou2_options import DEFAULT_READING, Reading, Variant, variant
from games.daihinmin.players._kou2_strength import Context
from games.daihinmin.rules.cards import ALL_CARDS, CardError, format_cards, parse_cards
from games.daihinmin.rules.melds import Kind, Meld

__all__ = ["PositionError", "evaluate", "format_evaluation"]

#: the most cards a hand can hold (11 at the deal; the exchange keeps it)
MAX_HAND = 11


class PositionError(cgt.CGTError, ValueError):
    """A position that cannot occur in a game (or arguments that do not describe one)."""


def _cards(value: str | int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise CardError(f"{what} must be cards as text (like '6S 6D') or a mask")
    if isinstance(value, str):
        return parse_cards(value)
    if value < 0 or value & ~ALL_CARDS:
        raise CardError(f"{what}: {value:#x} holds bits that are no card")
    return value


def _position(
    hand: str | int,
    played: str | int,
    players_left: int,
    field: str | Meld | None,
    lock: bool,
) -> tuple[int, int, Meld | None]:
    cards = _cards(hand, "the hand")
    seen = _cards(played, "the played cards")
    if not cards:
        raise PositionError("the hand is empty: a player without cards has no move")
    if cards.bit_count() > MAX_HAND:
        raise PositionError(f"a hand holds at most {MAX_HAND} cards, not {cards.bit_count()}")
    if isinstance(players_left, bool) or not isinstance(players_left, int):
        raise PositionError(f"players_left must be an integer, not {players_left!r}")
    if not 2 <= players_left <= 5:
        raise PositionError(
            f"players left (--players-left) must be 2 to 5, counting this one, not {players_left}"
        )
    meld: Meld | None
    if field is None or isinstance(field, Meld):
        meld = field
    elif isinstance(field, str):
        meld = Meld.parse(field)
    else:
        raise PositionError(f"the field must be a meld as text, like '7S 7H', not {field!r}")
    if meld is not None and meld.kind == Kind.PASS:
        meld = None
    if lock and meld is None:
        raise PositionError("a lock needs a meld on the field")
    if lock and meld is not None and meld.kind == Kind.JOKER:
        raise PositionError("a lone joker lifts the lock: the field cannot be locked")
    if cards & seen:
        raise PositionError(f"{format_cards(cards & seen)} is both in the hand and played")
    if meld is not None:
        if meld.hand_cards & cards:
            both = format_cards(meld.hand_cards & cards)
            raise PositionError(f"{both} is both in the hand and on the field")
        seen |= meld.hand_cards
    unseen = (ALL_CARDS & ~cards & ~seen).bit_count()
    if unseen < players_left - 1:
        raise PositionError(
            f"{players_left - 1} opponents are still in but only {unseen} card(s) are unseen"
        )
    # more unseen cards than the opponents can hold is allowed: ``played`` may list only the
    # plays that matter (the paper's examples are positions of that kind)
    return cards, seen, meld


def evaluate(
    hand: str | int,
    *,
    played: str | int = 0,
    players_left: int = 5,
    field: str | Meld | None = None,
    variant: str | Variant = "kou2",
    revolution: bool = False,
    lock: bool = False,
    opponents_passed: bool = False,
    reading: Reading = DEFAULT_READING,
) -> dict[str, Any]:
    """kou2's reasoning for a position, as a JSON-ready dict: ``melds`` (cards, E,
    priority), ``hand_value``, ``can_go_out``, ``play`` (``"pass"`` to pass); on a field also
    ``candidates`` (cards, E, hand value after, marked, the deciding check) and ``why``.

    ``played`` lists the cards already played (the field's cards are added); ``players_left``
    counts the players still holding cards, this one included.
    """
    rules = _variant(variant)
    cards, seen, meld = _position(hand, played, players_left, field, lock)
    ctx = Context(cards, seen, players_left, bool(revolution), reading)
    out: dict[str, Any] = {
        "hand": format_cards(cards),
        "played": format_cards(seen),
        "players_left": players_left,
        "field": None if meld is None else str(meld),
        "revolution": bool(revolution),
        "lock": bool(lock),
        "variant": rules.name,
    }
    if meld is None:
        out.update(_lead(analyze_lead(cards, ctx, rules)))
    else:
        analysis = analyze_follow(
            cards, meld, ctx, rules, locked=bool(lock), opponents_passed=bool(opponents_passed)
        )
        out.update(_follow(analysis, ctx))
    return out


def _variant(name: str | Variant) -> Variant:
    return variant(name)


def _lead(analysis: LeadAnalysis) -> dict[str, Any]:
    melds = [
        {"cards": str(m), "E": e, "priority": p}
        for m, e, p in zip(analysis.melds, analysis.strengths, analysis.priorities, strict=True)
    ]
    return {
        "melds": melds,
        "hand_value": analysis.hand_value,
        "can_go_out": analysis.can_go_out,
        "joker_split": None if analysis.joker_meld is None else str(analysis.joker_meld),
        "play": str(analysis.choice),
    }


def _follow(analysis: FollowAnalysis, ctx: Context) -> dict[str, Any]:
    melds = [{"cards": str(m), "E": ctx.strength(m), "priority": None} for m in analysis.melds]
    candidates = [
        {
            "cards": str(c.meld),
            "E": c.strength,
            "hand_value_after": c.value_after,
            "marked": c.marked,
            "check": c.check,
        }
        for c in analysis.candidates
    ]
    return {
        "melds": melds,
        "hand_value": analysis.hand_value,
        "can_go_out": analysis.can_go_out,
        "candidates": candidates,
        "play": str(analysis.choice),
        "why": analysis.why,
    }


def format_evaluation(result: dict[str, Any]) -> str:
    """The text form of an `evaluate` result.

    >>> print(format_evaluation(evaluate("6C 7C 8C 9S 2S 2H")))
    hand 6C 7C 8C 9S 2S 2H   (5 players in, nothing played, kou2)
    meld          E  priority
    6C 7C 8C    183         9
    2S 2H       100        10
    9S            1         2
    hand value -1; the hand can go out
    play: 2S 2H
    """
    played = result.get("played", "-")
    head = f"hand {result['hand']}   ({result['players_left']} players in, "
    head += "nothing played" if played == "-" else f"played {played}"
    if result.get("field"):
        head += f", field {result['field']}" + (" locked" if result.get("lock") else "")
    if result.get("revolution"):
        head += ", revolution"
    lines = [head + f", {result['variant']})"]
    width = max([len(m["cards"]) for m in result["melds"]] + [4])
    lines.append(f"{'meld':<{width}}  {'E':>5}  priority")
    for m in result["melds"]:
        prio = "-" if m["priority"] is None else str(m["priority"])
        lines.append(f"{m['cards']:<{width}}  {m['E']:>5}  {prio:>8}")
    go = "the hand can go out" if result["can_go_out"] else "the hand cannot go out yet"
    lines.append(f"hand value {result['hand_value']}; {go}")
    if result.get("joker_split"):
        lines.append(f"(split around the joker meld {result['joker_split']})")
    if "candidates" in result:
        cwidth = max([len(c["cards"]) for c in result["candidates"]] + [9])
        lines.append(f"{'candidate':<{cwidth}}  {'E':>5}  value after  mark  check")
        for c in result["candidates"]:
            mark = "yes" if c["marked"] else "no"
            lines.append(
                f"{c['cards']:<{cwidth}}  {c['E']:>5}  {c['hand_value_after']:>11}"
                f"  {mark:>4}  {c['check']}"
            )
        lines.append(f"play: {result['play']} ({result['why']})")
    else:
        lines.append(f"play: {result['play']}")
    return "\n".join(lines)
