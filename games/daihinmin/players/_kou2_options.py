"""The knobs of kou2: the paper's ablation variants (section 4) and our readings of the places
where the paper (seed 002) is ambiguous (each quoted in ``docs/games/daihinmin-kou2.md``).

A `Variant` says what section 4 changes; a `Reading` says how an unclear sentence of section 3
is read.  The defaults are the readings we consider closest to the paper's text.

>>> VARIANTS["w75"].threshold, VARIANTS["useA+2"].use_a, VARIANTS["useA+2"].use_2
(75, True, True)
>>> Reading().sequence_mark
'relaxed'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

import cgt

__all__ = ["DEFAULT_READING", "VARIANTS", "Kou2OptionError", "Reading", "Variant", "variant"]


class Kou2OptionError(cgt.CGTError, ValueError):
    """An unknown kou2 variant or reading."""


@attrs.frozen
class Variant:
    """What one ablation of section 4 changes in kou2 (the base is ``Variant("kou2")``)."""

    name: str = "kou2"
    #: E at which a meld "can take the trick" (86; w75, w95: 75, 95; w100: 100 = certain)
    threshold: int = 86
    #: leading: ``"kou2"`` (3.5 priorities), ``"weak"`` (no same-size count term), ``"single"``
    #: (a single within 5 ranks of the chosen group is led instead)
    lead: Literal["kou2", "weak", "single"] = "kou2"
    #: ``"kou2"`` (3.6), ``"rev-"`` (no revolution meld while the hand has 3+ melds),
    #: ``"rev+"`` (the 3.6 priorities 90/91 whenever a revolution meld is held)
    revolution: Literal["kou2", "rev-", "rev+"] = "kou2"
    #: ``"kou2"`` (3.6), ``"lock-"`` (no lock change), ``"lock+"`` (every lock-making meld
    #: counts as able to take the trick)
    lock: Literal["kou2", "lock-", "lock+"] = "kou2"
    #: use2: a meld able to take the trick is played even if the hand is weak (check 3)
    use_2: bool = False
    #: useA: a single of the 2nd or 3rd strongest rank is played even if the hand gets worse
    use_a: bool = False


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(),
        Variant("w75", threshold=75),
        Variant("w95", threshold=95),
        Variant("w100", threshold=100),
        Variant("weak", lead="weak"),
        Variant("single", lead="single"),
        Variant("rev-", revolution="rev-"),
        Variant("rev+", revolution="rev+"),
        Variant("lock-", lock="lock-"),
        Variant("lock+", lock="lock+"),
        Variant("use2", use_2=True),
        Variant("useA", use_a=True),
        Variant("useA+2", use_2=True, use_a=True),
    )
}


def variant(name: str | Variant) -> Variant:
    """The variant called ``name`` (``"kou2"``, ``"w75"``, ..., ``"useA+2"``)."""
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str) or name not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise Kou2OptionError(f"unknown kou2 variant {name!r}: use one of {known}")
    return VARIANTS[name]


def _one_of(*values: str) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value not in values:
            choices = ", ".join(repr(v) for v in values)
            raise Kou2OptionError(
                f"Reading.{attribute.name} must be one of {choices}, not {value!r}"
            )

    return check


@attrs.frozen
class Reading:
    """How kou2 reads the paper's unclear sentences (see the docs for the quotes)."""

    #: 3.3 (1), C of a single: ``"unseen"`` (1 while an opponent may hold the joker) or
    #: ``"played"`` (1 once the joker has been played: the words of the king example)
    joker_c: str = attrs.field(default="unseen", validator=_one_of("unseen", "played"))
    #: 3.3 (2), the cards counted for a rival group's n_i: ``"unseen"`` (the opponents'),
    #: ``"unplayed"`` (every card not yet played, ours included)
    group_pool: str = attrs.field(default="unseen", validator=_one_of("unseen", "unplayed"))
    #: 3.3 (3), the cards of a rival sequence: ``"unseen"`` or ``"unplayed"``
    sequence_pool: str = attrs.field(default="unseen", validator=_one_of("unseen", "unplayed"))
    #: 3.3 (2, 3): count groups and sequences an opponent could make with the joker
    opponent_joker: bool = False
    #: 3.3 (4): a lone joker is also sure (E = 100) when we hold the 3 of spades
    joker_safe_with_own_spade3: bool = False
    #: figure 2, sequence field: ``"literal"`` (mark if value before <= value after + 1) or
    #: ``"relaxed"`` (mark if value after <= value before + 1)
    sequence_mark: str = attrs.field(default="relaxed", validator=_one_of("literal", "relaxed"))
    #: figure 2, the pass with the opponents' strongest rank: ``"equal"`` (the candidate holds
    #: a card of that rank) or ``"at_least"`` (of that rank or stronger)
    save_top: str = attrs.field(default="equal", validator=_one_of("equal", "at_least"))
    #: 3.5 strength and figure 2's "K or A": measured in the current order under revolution
    revolution_ranks: bool = True
    #: 3.6, the E a lock-making meld gets: ``"threshold"`` (the variant's, 86 for kou2) or
    #: ``"86"`` (always 86)
    lock_value: str = attrs.field(default="threshold", validator=_one_of("threshold", "86"))
    #: figure 2 check 1 ("can go out"): judged on the hand ``"before"`` or ``"after"`` the play
    check1_hand: str = attrs.field(default="before", validator=_one_of("before", "after"))


#: the readings kou2 uses unless told otherwise
DEFAULT_READING = Reading()
