"""kou2: the heuristic Daihinmin player of seed 002 (Tagashira and Tajima, IPSJ Journal 2016;
UECda light class winner 2014 and 2015), and its twelve ablations of section 4.

kou2 splits its hand into melds (3.2), rates each meld by a strength value E from its own hand
and the played cards only (3.3), judges whether the hand "can go out" (3.4), sums a hand value
(3.5) and, when it leads, plays the meld of highest priority (3.5-3.7, figure 1); when it
follows, it marks the legal melds worth playing (figure 2) and plays the one leaving the best
hand.  As daifugo or fugo it hands back the cards whose loss leaves the best hand (3.8).

``Kou2Player(variant=name)`` with name ``"kou2"`` (the paper's program) or one of ``w75``,
``w95``, ``w100``, ``weak``, ``single``, ``rev-``, ``rev+``, ``lock-``, ``lock+``, ``use2``,
``useA``, ``useA+2``; ``reading=Reading(...)`` picks how the paper's unclear sentences are read
(see ``docs/games/daihinmin-kou2.md``).  It sees what a UECda client sees: its hand, the field,
the played cards, the card counts and who passed.  Its decisions are deterministic.

>>> from games.daihinmin.rules.match import Match
>>> from games.daihinmin.players.base import RandomPlayer
>>> players = [Kou2Player(), *(RandomPlayer() for _ in range(4))]
>>> result = Match(players, seed=3).play(20)
>>> result.names[0], result.rejected[0], result.games
('kou2', 0, 20)
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from games.daihinmin.players._kou2_follow import FollowAnalysis, analyze_follow
from games.daihinmin.players._kou2_lead import LeadAnalysis, analyze_lead
from games.daihinmin.players._kou2_melds import generate
from games.daihinmin.players._kou2_options import (
    DEFAULT_READING,
    VARIANTS,
    Kou2OptionError,
    Reading,
    Variant,
    variant,
)
from games.daihinmin.players._kou2_strength import Context
from games.daihinmin.players._kou2_value import hand_value
from games.daihinmin.rules.cards import JOKER, iter_cards
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player

if TYPE_CHECKING:
    from games.daihinmin.rules.engine import MoveResult

__all__ = [
    "VARIANTS",
    "Kou2OptionError",
    "Kou2Player",
    "Reading",
    "TrickRecord",
    "Variant",
    "decide",
    "exchange_cards",
]


def decide(obs: Observation, rules: Variant, reading: Reading = DEFAULT_READING) -> Meld:
    """kou2's play for an observation (the analysis is in `analyze`)."""
    return analyze(obs, rules, reading).choice


def analyze(
    obs: Observation, rules: Variant, reading: Reading = DEFAULT_READING
) -> LeadAnalysis | FollowAnalysis:
    """kou2's reasoning for an observation: figure 1 when leading, figure 2 when following."""
    players_left = sum(1 for c in obs.counts if c)
    ctx = Context(obs.hand, obs.played, players_left, obs.revolution, reading)
    if obs.field is None or obs.field.kind == Kind.PASS:
        return analyze_lead(obs.hand, ctx, rules)
    others_passed = all(obs.passed >> p & 1 for p in range(5) if p != obs.player and obs.counts[p])
    return analyze_follow(
        obs.hand, obs.field, ctx, rules, locked=obs.lock, opponents_passed=others_passed
    )


def _card_strength(bit: int) -> int:
    return 14 if bit == JOKER else (bit.bit_length() - 1) >> 2


def exchange_cards(hand: int, give: int, reading: Reading = DEFAULT_READING) -> int:
    """3.8: the ``give`` cards whose loss leaves the smallest hand value (the weaker cards
    among equals)."""
    if give <= 0:
        return 0
    best_key: tuple[int, tuple[int, ...], int] | None = None
    best = 0
    for combo in combinations(list(iter_cards(hand)), give):
        cards = sum(combo)
        rest = hand & ~cards
        ctx = Context(rest, 0, 5, False, reading)
        value = hand_value(generate(rest), ctx)
        ranks = tuple(sorted((_card_strength(b) for b in combo), reverse=True))
        key = (value, ranks, cards)
        if best_key is None or key < best_key:
            best_key, best = key, cards
    return best


@attrs.frozen
class TrickRecord:
    """One meld kou2 played while it judged that its hand could go out (section 5.3): its E
    and whether it took the trick (nobody played on it before the field cleared)."""

    strength: int
    took_trick: bool
    leading: bool
    meld: Meld
    #: the meld that beat it (None if it took the trick)
    beaten_by: Meld | None = None


class Kou2Player(Player):
    """The kou2 player (``variant="kou2"``) or one of its ablations (``"w75"``, ...).

    ``record_tricks=True`` keeps a `TrickRecord` in ``trick_records`` for every meld played
    while the hand "can go out" (the measurement of the paper's tables 5-7).
    """

    def __init__(
        self,
        variant: str | Variant = "kou2",
        *,
        reading: Reading = DEFAULT_READING,
        record_tricks: bool = False,
    ) -> None:
        if not isinstance(reading, Reading):
            raise Kou2OptionError(f"reading must be a Reading, not {type(reading).__name__}")
        self.rules = _variant(variant)
        self.reading = reading
        self.name = self.rules.name
        self.record_tricks = record_tricks
        self.trick_records: list[TrickRecord] = []
        self._pending: tuple[int, int, bool, Meld] | None = None  # player, E, leading, meld

    def exchange(self, deal: Deal) -> int:
        return exchange_cards(deal.hand, deal.give, self.reading)

    def play(self, obs: Observation) -> Meld:
        if not obs.hand:
            return PASS
        if not self.record_tricks:
            return decide(obs, self.rules, self.reading)
        analysis = analyze(obs, self.rules, self.reading)
        choice = analysis.choice
        self._pending = None
        if choice.kind != Kind.PASS and analysis.can_go_out:
            strength = _strength_of(analysis, obs, self.reading)
            self._pending = (obs.player, strength, obs.leading, choice)
        return choice

    def observe(self, result: MoveResult) -> None:
        pending = self._pending
        if pending is None:
            return
        player, strength, leading, meld = pending
        if result.player == player and not result.accepted:
            self._pending = None  # refused: it never reached the field
            return
        if result.accepted and result.player != player:
            self.trick_records.append(TrickRecord(strength, False, leading, meld, result.meld))
            self._pending = None
        elif result.cleared or result.game_over:
            self.trick_records.append(TrickRecord(strength, True, leading, meld))
            self._pending = None

    def start_game(self, deal: Deal) -> None:
        self._pending = None


def _strength_of(
    analysis: LeadAnalysis | FollowAnalysis, obs: Observation, reading: Reading
) -> int:
    """E of the meld the analysis chose (as the analysis weighed it)."""
    choice = analysis.choice
    if isinstance(analysis, LeadAnalysis):
        return analysis.strengths[analysis.melds.index(choice)]
    for candidate in analysis.candidates:
        if candidate.meld == choice:
            return candidate.strength
    players_left = sum(1 for c in obs.counts if c)
    ctx = Context(obs.hand, obs.played, players_left, obs.revolution, reading)
    return ctx.strength(choice)  # the lone joker


def _variant(name: str | Variant) -> Variant:
    return variant(name)
