"""Models of how a player moves, for mcpi's simulations and for its reading of the opponents'
hands: each model chooses a move for a hand (to play a game out) and gives the probability of
an observed move (to weigh a guess of the hidden hands).

* `DefaultModel`: the UECda devkit's default client, whose moves follow from its hand and the
  field alone (`default_move`; its C state is rebuilt from the field, which reproduces the C
  client except for a stale flag after a lone joker);
* `Kou2Model`: kou2's decision (seed 002);
* `PolicyModel`: a learned softmax policy over the legal moves (`_mcpi_policy.LinearPolicy`).

The two deterministic models give their move probability ``1 - EPSILON`` and share
``EPSILON`` among the other moves, so one surprising move does not rule a guess out.

>>> from games.daihinmin.rules.cards import parse_cards
>>> from games.daihinmin.rules.melds import Meld
>>> str(default_move(parse_cards("4S 5S 6S 9H 9D"), None, False, False))
'4S 5S 6S'
>>> str(default_move(parse_cards("4S 9H 9D KC"), Meld.parse("5D"), False, False))
'KC'
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.daihinmin.players._kou2_options import Variant, variant
from games.daihinmin.players.default import CState, DefaultPlayer, submission_cells
from games.daihinmin.players.kou2 import decide
from games.daihinmin.rules.cards import JOKER
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Observation

__all__ = [
    "EPSILON",
    "DefaultModel",
    "Kou2Model",
    "Model",
    "PolicyModel",
    "default_move",
]

#: the probability a deterministic model leaves to the moves it would not make
EPSILON = 0.02

_SUBMITTER = DefaultPlayer()
_KOU2: Variant = variant("kou2")


def default_move(hand: int, field: Meld | None, revolution: bool, lock: bool) -> Meld:
    """The default client's move with ``hand`` on ``field`` (``None``: it leads); a
    submission the server would refuse is a pass."""
    state = CState()
    if field is not None:
        state.rev = 1 if revolution else 0
        state.get_field(field)
    state.get_state(field is None, revolution, lock, bool(hand & JOKER))
    meld = _SUBMITTER._meld(*submission_cells(state, hand))
    if not isinstance(meld, Meld):
        return PASS
    return meld


class Model:
    """A model of a player: `choose` a move, or the `probability` of a move.  ``cheap``: a
    probability costs a few microseconds (the reading of the hands may weigh a move again and
    again with it)."""

    name = "model"
    cheap = False

    def choose(self, obs: Observation, moves: Sequence[Meld], rng: random.Random) -> Meld:
        raise NotImplementedError

    def probability(self, obs: Observation, moves: Sequence[Meld], action: Meld) -> float:
        raise NotImplementedError


def _deterministic(choice: Meld, moves: Sequence[Meld], action: Meld) -> float:
    if len(moves) <= 1:
        return 1.0
    if action == choice:
        return 1.0 - EPSILON
    return EPSILON / (len(moves) - 1)


class DefaultModel(Model):
    """The devkit default client (`default_move`)."""

    name = "default"
    cheap = True

    def choose(self, obs: Observation, moves: Sequence[Meld], rng: random.Random) -> Meld:
        choice = default_move(obs.hand, obs.field, obs.revolution, obs.lock)
        if choice is not PASS and choice not in moves:  # an illegal submission: a pass
            return PASS
        return choice

    def probability(self, obs: Observation, moves: Sequence[Meld], action: Meld) -> float:
        return _deterministic(self.choose(obs, moves, _NO_RNG), moves, action)


class Kou2Model(Model):
    """kou2 (seed 002) as the paper describes it."""

    name = "kou2"

    def choose(self, obs: Observation, moves: Sequence[Meld], rng: random.Random) -> Meld:
        return decide(obs, _KOU2)

    def probability(self, obs: Observation, moves: Sequence[Meld], action: Meld) -> float:
        return _deterministic(decide(obs, _KOU2), moves, action)


class PolicyModel(Model):
    """A learned softmax policy: `choose` samples from it (``greedy``: its most likely move);
    ``temperature`` divides the scores when sampling (below 1: closer to the most likely move;
    `probability` is always the fitted policy's)."""

    name = "policy"

    def __init__(self, policy: object, *, greedy: bool = False, temperature: float = 1.0) -> None:
        from games.daihinmin.players._mcpi_policy import LinearPolicy

        if not isinstance(policy, LinearPolicy):
            raise TypeError(f"a PolicyModel needs a LinearPolicy, not {type(policy).__name__}")
        if not isinstance(temperature, (int, float)) or not temperature > 0:
            raise ValueError(f"a policy's temperature must be positive, got {temperature!r}")
        self.policy = policy
        self.greedy = greedy
        self.temperature = float(temperature)

    def choose(self, obs: Observation, moves: Sequence[Meld], rng: random.Random) -> Meld:
        if len(moves) == 1:
            return moves[0]
        scores = self.policy.scores(obs, moves)
        if self.greedy:
            return moves[max(range(len(moves)), key=scores.__getitem__)]
        top = max(scores)
        temperature = self.temperature
        weights = [math.exp((s - top) / temperature) for s in scores]
        pick = rng.random() * sum(weights)
        for move, weight in zip(moves, weights, strict=True):
            pick -= weight
            if pick < 0:
                return move
        return moves[-1]

    def probability(self, obs: Observation, moves: Sequence[Meld], action: Meld) -> float:
        if len(moves) <= 1:
            return 1.0
        scores = self.policy.scores(obs, moves)
        top = max(scores)
        total = 0.0
        mine = 0.0
        for move, score in zip(moves, scores, strict=True):
            weight = math.exp(score - top)
            total += weight
            if move == action:
                mine = weight
        if mine == 0.0:  # a move the policy does not know (not legal for this hand)
            return EPSILON / len(moves)
        return mine / total


_NO_RNG = random.Random(0)
