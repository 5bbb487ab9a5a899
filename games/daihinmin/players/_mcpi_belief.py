"""mcpi's reading of the hidden hands: a particle filter over the opponents' hands.

A *particle* is one guess of every opponent's hand; its weight is how well the guess explains
what the opponents did.  The particles are drawn when the player first needs them in a game
(its first decision): each opponent gets the cards it is known to hold (the cards it has played
in this game, and the cards the exchange showed: the cards we handed it, or, for the daifugo
and the fugo, our strongest cards that went to them), and the rest of the unseen cards are
dealt at random by the card counts.  Then every move of the game so far, and from then on every
new one, multiplies each particle's weight by the probability that the mover's model
(`_mcpi_models`) makes that move with the particle's hand.  A particle that does not hold the
cards an opponent just played is first repaired (the cards are swapped in from the opponent
that holds them in the guess).  When the weights grow too uneven (effective sample size under
a third of the particles) the particles are resampled and the copies are varied by a swap of
two unseen cards between two opponents.

`PublicState` follows the public side of a game (field, passes, played cards, counts) from the
moves, so that each move can be scored in the position where it was made.

>>> import random
>>> from games.daihinmin.rules.cards import ALL_CARDS, parse_cards, format_cards
>>> out = ALL_CARDS & ~parse_cards("3S 4S 2S 5H 6H 7H")  # played already
>>> belief = Belief(0, parse_cards("3S 4S"), (2, 1, 1, 1, 1), {1: parse_cards("2S")},
...                 played=out, models=[None] * 5, particles=8, rng=random.Random(1))
>>> all(format_cards(hands[1]) == "2S" for hands in belief.hands)
True
>>> belief.marginals()[1]["2S"], sum(belief.marginals()[2].values())
(1.0, 1.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs

import cgt
from games.daihinmin.players._mcpi_models import Model
from games.daihinmin.rules.cards import ALL_CARDS, format_card, iter_cards
from games.daihinmin.rules.engine import MoveResult
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.moves import legal_melds
from games.daihinmin.rules.observation import Observation

__all__ = ["Belief", "BeliefError", "PublicState"]


class BeliefError(cgt.CGTError, ValueError):
    """Card counts and known cards that no deal of the unseen cards can match."""


@attrs.define
class PublicState:
    """The public side of a game, as every player sees it, moved on by `apply`."""

    counts: list[int]
    seats: tuple[int, ...]
    field: Meld | None = None
    revolution: bool = False
    lock: bool = False
    passed: int = 0
    finished: list[int] = attrs.field(factory=list)
    played: int = 0
    last_player: int = -1
    #: cards each player has played in this game
    played_by: list[int] = attrs.field(factory=lambda: [0] * 5)
    #: every move of the game so far, with the state it was made in
    history: list[tuple[PublicState, MoveResult]] = attrs.field(factory=list)

    def snapshot(self) -> PublicState:
        return PublicState(
            self.counts[:],
            self.seats,
            self.field,
            self.revolution,
            self.lock,
            self.passed,
            self.finished[:],
            self.played,
            self.last_player,
            self.played_by[:],
            [],
        )

    def observation(self, player: int, hand: int) -> Observation:
        """What ``player`` would see now with ``hand``."""
        return Observation(
            player,
            hand,
            self.field,
            self.revolution,
            self.lock,
            tuple(self.counts),
            self.seats,
            None,
            self.passed,
            tuple(self.finished),
            self.played,
            self.last_player if self.last_player >= 0 else player,
            0,
            player,
            True,
        )

    def apply(self, result: MoveResult) -> None:
        """Move on by one move (the field table after it)."""
        self.history.append((self.snapshot(), result))
        p = result.player
        if result.accepted:
            cards = result.meld.hand_cards
            self.counts[p] -= cards.bit_count()
            self.played |= cards
            self.played_by[p] |= cards
            self.last_player = p
            self.field = result.meld
        else:
            self.passed |= 1 << p
        if result.finished and p not in self.finished:
            self.finished.append(p)
        self.revolution = result.revolution
        self.lock = result.lock
        if result.cleared:
            self.field = None
            self.lock = False
            self.passed = 0


class Belief:
    """Weighted guesses of the opponents' hands (module documentation).

    ``me`` and ``hand``: the player and its hand at the start of the game (after the exchange);
    ``counts``: every player's cards then; ``known[q]``: cards q is known to hold then;
    ``models[q]``: the model of opponent q (``None``: its moves do not weigh the guesses);
    ``played``: cards out of play (when the guesses start in the middle of a game);
    ``resample_below``: resample when the effective sample size falls below this share of
    the particles.
    """

    def __init__(
        self,
        me: int,
        hand: int,
        counts: Sequence[int],
        known: dict[int, int],
        *,
        played: int = 0,
        models: Sequence[Model | None],
        particles: int = 64,
        rng: random.Random,
        resample_below: float = 1 / 3,
    ) -> None:
        self.me = me
        self.resample_below = resample_below
        self.models = list(models)
        self.rng = rng
        self.fixed = [0] * 5
        pool = ALL_CARDS & ~hand & ~played
        for q, cards in known.items():
            if q != me:
                self.fixed[q] |= cards & pool
        need = [0 if q == me else counts[q] - self.fixed[q].bit_count() for q in range(5)]
        if any(n < 0 for n in need):
            raise BeliefError("more known cards than an opponent holds")
        free = pool
        for cards in self.fixed:
            free &= ~cards
        bits = list(iter_cards(free))
        if len(bits) != sum(need):
            raise BeliefError(
                f"{len(bits)} unseen cards, but the other players hold {sum(need)} unknown cards"
            )
        self.hands: list[list[int]] = []
        for _ in range(particles):
            rng.shuffle(bits)
            hands = self.fixed[:]
            hands[me] = hand
            at = 0
            for q in range(5):
                if need[q]:
                    hands[q] |= sum(bits[at : at + need[q]])
                    at += need[q]
            self.hands.append(hands)
        self.log_weights = [0.0] * particles
        self.updates = 0
        self.resamples = 0

    # --- moves ------------------------------------------------------------------------------
    def update(self, before: PublicState, result: MoveResult) -> None:
        """Weigh the particles by ``result`` (a move made in the public state ``before``)."""
        q = result.player
        if q == self.me:
            if result.accepted:
                cards = result.meld.hand_cards
                for hands in self.hands:
                    hands[q] &= ~cards
            return
        model = self.models[q]
        action = result.meld if result.accepted else PASS
        cards = action.hand_cards
        for k, hands in enumerate(self.hands):
            if cards & ~hands[q]:
                self._repair(hands, q, cards)
            if model is not None:
                hand = hands[q]
                moves = legal_melds(hand, before.field, before.revolution, before.lock)
                if len(moves) > 1:
                    obs = before.observation(q, hand)
                    chance = model.probability(obs, moves, action)
                    self.log_weights[k] += math.log(max(chance, 1e-12))
            hands[q] &= ~cards
        self.fixed[q] &= ~cards
        self.updates += 1
        if self.effective_size() < len(self.hands) * self.resample_below:
            self._resample()

    def _repair(self, hands: list[int], q: int, cards: int) -> None:
        """Give ``hands[q]`` the ``cards`` it played, swapping with the opponents holding them."""
        rng = self.rng
        for bit in iter_cards(cards & ~hands[q]):
            holder = next(r for r in range(5) if hands[r] & bit)
            spare = [b for b in iter_cards(hands[q] & ~cards & ~self.fixed[q])]
            hands[holder] &= ~bit
            hands[q] |= bit
            if spare:
                back = spare[rng.randrange(len(spare))]
                hands[q] &= ~back
                hands[holder] |= back

    def effective_size(self) -> float:
        top = max(self.log_weights)
        weights = [math.exp(w - top) for w in self.log_weights]
        total = sum(weights)
        return total * total / sum(w * w for w in weights)

    def _resample(self) -> None:
        count = len(self.hands)
        chosen = self.sample(count)
        seen: set[int] = set()
        hands = []
        for k in chosen:
            copy = self.hands[k][:]
            if k in seen:
                self._vary(copy)
            seen.add(k)
            hands.append(copy)
        self.hands = hands
        self.log_weights = [0.0] * count
        self.resamples += 1

    def _vary(self, hands: list[int]) -> None:
        """Swap one free card between two opponents who both hold free cards."""
        rng = self.rng
        holders = [q for q in range(5) if q != self.me and hands[q] & ~self.fixed[q]]
        if len(holders) < 2:
            return
        a, b = rng.sample(holders, 2)
        bits_a = list(iter_cards(hands[a] & ~self.fixed[a]))
        bits_b = list(iter_cards(hands[b] & ~self.fixed[b]))
        x = bits_a[rng.randrange(len(bits_a))]
        y = bits_b[rng.randrange(len(bits_b))]
        hands[a] = hands[a] & ~x | y
        hands[b] = hands[b] & ~y | x

    # --- reading ----------------------------------------------------------------------------
    def sample(self, n: int) -> list[int]:
        """``n`` particle numbers drawn by weight (systematic resampling)."""
        top = max(self.log_weights)
        weights = [math.exp(w - top) for w in self.log_weights]
        total = sum(weights)
        step = total / n
        point = self.rng.random() * step
        out = []
        running = 0.0
        k = 0
        for _ in range(n):
            while k < len(weights) - 1 and running + weights[k] <= point:
                running += weights[k]
                k += 1
            out.append(k)
            point += step
        return out

    def marginals(self) -> dict[int, dict[str, float]]:
        """For each opponent, the weighted share of particles in which it holds each unseen card
        (cards held in no particle are left out)."""
        top = max(self.log_weights)
        weights = [math.exp(w - top) for w in self.log_weights]
        total = sum(weights)
        out: dict[int, dict[str, float]] = {}
        for q in range(5):
            if q == self.me:
                continue
            share: dict[int, float] = {}
            for hands, weight in zip(self.hands, weights, strict=True):
                for bit in iter_cards(hands[q]):
                    share[bit] = share.get(bit, 0.0) + weight
            out[q] = {
                format_card(bit): round(w / total, 4)
                for bit, w in sorted(share.items(), key=lambda item: item[0])
            }
        return out
