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
that holds them in the guess, and the latest moves of both are weighed again with their new
hands).  When the weights grow too uneven (effective sample size under a third of the
particles) the particles are resampled and each copy is moved by Metropolis steps: a swap of two
unseen cards between two opponents, kept with the ratio of the likelihoods of those two
opponents' latest moves (resample-move): the copies stay consistent with what the opponents did.
Only *cheap* models (the default client's: a few microseconds a move) are weighed again like
that; the moves of an opponent simulated by kou2 or the learned policy weigh each guess once,
as they happen.

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
    the particles; ``moves``: Metropolis steps given to each copy made by a resampling;
    ``memory``: how many of an opponent's latest moves those steps (and the repairs) weigh again.
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
        moves: int = 2,
        memory: int = 8,
    ) -> None:
        self.me = me
        self.resample_below = resample_below
        self.moves = moves
        self.memory = memory
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
        #: per player, its moves weighed so far: (public state before, the move)
        self.history: list[list[tuple[PublicState, Meld]]] = [[] for _ in range(5)]
        self.updates = 0
        self.resamples = 0
        self.proposals = 0
        self.accepted = 0

    # --- likelihoods ------------------------------------------------------------------------
    def _chance(self, q: int, hand: int, before: PublicState, action: Meld) -> float:
        model = self.models[q]
        if model is None:
            return 1.0
        moves = legal_melds(hand, before.field, before.revolution, before.lock)
        if len(moves) < 2:
            return 1.0 if action in moves else 1e-12
        return model.probability(before.observation(q, hand), moves, action)

    def history_log_likelihood(self, q: int, hand: int) -> float:
        """The log-likelihood of opponent q's latest `memory` moves if it holds ``hand`` now
        (0 for a model that is not cheap: its moves weigh each guess once, as they happen)."""
        model = self.models[q]
        if model is None or not model.cheap:
            return 0.0
        total = 0.0
        held = hand
        for before, action in reversed(self.history[q][-self.memory :]):
            held |= action.hand_cards
            total += math.log(max(self._chance(q, held, before, action), 1e-12))
        return total

    # --- moves ------------------------------------------------------------------------------
    def update(self, before: PublicState, result: MoveResult) -> None:
        """Weigh the particles by ``result`` (a move made in the public state ``before``)."""
        q = result.player
        action = result.meld if result.accepted else PASS
        cards = action.hand_cards
        if q == self.me:
            if cards:
                for hands in self.hands:
                    hands[q] &= ~cards
            return
        for k, hands in enumerate(self.hands):
            if cards & ~hands[q]:
                old = hands[:]
                for r in (q, *self._repair(hands, q, cards)):
                    # its latest moves were weighed with another hand
                    self.log_weights[k] += self.history_log_likelihood(
                        r, hands[r]
                    ) - self.history_log_likelihood(r, old[r])
            chance = self._chance(q, hands[q], before, action)
            self.log_weights[k] += math.log(max(chance, 1e-12))
            hands[q] &= ~cards
        self.fixed[q] &= ~cards
        self.history[q].append((before, action))
        self.updates += 1
        if self.effective_size() < len(self.hands) * self.resample_below:
            self._resample()

    def _repair(self, hands: list[int], q: int, cards: int) -> list[int]:
        """Give ``hands[q]`` the ``cards`` it played, swapping with the opponents holding them;
        the opponents it took cards from."""
        rng = self.rng
        holders = []
        for bit in iter_cards(cards & ~hands[q]):
            holder = next((r for r in range(5) if r != self.me and hands[r] & bit), None)
            if holder is None:
                continue
            spare = list(iter_cards(hands[q] & ~cards & ~self.fixed[q]))
            hands[holder] &= ~bit
            hands[q] |= bit
            if spare:
                back = spare[rng.randrange(len(spare))]
                hands[q] &= ~back
                hands[holder] |= back
            holders.append(holder)
        return holders

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
                for _ in range(self.moves):
                    self._move(copy)
            seen.add(k)
            hands.append(copy)
        self.hands = hands
        self.log_weights = [0.0] * count
        self.resamples += 1

    def _move(self, hands: list[int]) -> None:
        """One Metropolis step: swap a free card between two opponents, kept with the ratio
        of the likelihoods of their latest moves (the swap is its own reverse: symmetric)."""
        rng = self.rng
        holders = [q for q in range(5) if q != self.me and hands[q] & ~self.fixed[q]]
        if len(holders) < 2:
            return
        a, b = rng.sample(holders, 2)
        bits_a = list(iter_cards(hands[a] & ~self.fixed[a]))
        bits_b = list(iter_cards(hands[b] & ~self.fixed[b]))
        x = bits_a[rng.randrange(len(bits_a))]
        y = bits_b[rng.randrange(len(bits_b))]
        hand_a = hands[a] & ~x | y
        hand_b = hands[b] & ~y | x
        self.proposals += 1
        change = (
            self.history_log_likelihood(a, hand_a)
            + self.history_log_likelihood(b, hand_b)
            - self.history_log_likelihood(a, hands[a])
            - self.history_log_likelihood(b, hands[b])
        )
        if change >= 0 or rng.random() < math.exp(change):
            hands[a], hands[b] = hand_a, hand_b
            self.accepted += 1

    def varied(self, k: int) -> list[int]:
        """A copy of particle ``k`` moved by Metropolis steps (a fresh guess near it)."""
        copy = self.hands[k][:]
        for _ in range(max(self.moves, 1)):
            self._move(copy)
        return copy

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
