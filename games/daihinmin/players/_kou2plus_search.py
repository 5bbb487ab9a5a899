"""kou2+'s determinized search: a few candidate moves weighed by rollouts in which every
player, kou2+ included, plays as kou2.

The cards kou2+ has not seen are dealt at random to the other players by their card counts,
keeping the cards whose holder the exchange revealed (`known_cards`); each candidate is then
played on the same deals (common random numbers) and the game is played out with kou2's own
decisions for everybody until kou2+ goes out.  A candidate's score is its total finishing
points (5 ... 1) over the deals.  Against kou2 opponents the rollout policy is the opponents'
real policy, so the only uncertainty left is where the unseen cards are.

>>> import random
>>> from games.daihinmin.rules.engine import GameState
>>> from games.daihinmin.rules.observation import Observation
>>> state = GameState.from_hands(["3D 4D 5D KS", "6H 7H", "9C", "JD", "QD"])
>>> obs = Observation.of(state, 0)
>>> [str(m) for m in candidate_moves(obs, 3)]
['3D 4D 5D', 'KS']
>>> scores = rollout_scores(obs, candidate_moves(obs, 3), random.Random(1), 4)
>>> len(scores)
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.daihinmin.players._kou2_follow import FollowAnalysis
from games.daihinmin.players._kou2_options import Variant, variant
from games.daihinmin.players.kou2 import analyze, decide
from games.daihinmin.players.montecarlo import state_from_observation
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Observation

__all__ = ["KOU2", "candidate_moves", "play_out", "rollout_scores"]

#: the rules of the rollout policy: kou2 as the paper describes it
KOU2: Variant = variant("kou2")


def candidate_moves(obs: Observation, limit: int, rules: Variant = KOU2) -> list[Meld]:
    """kou2's choice first, then the moves kou2 ranks next, at most ``limit`` in all.

    Leading: the melds of kou2's split of the hand, by kou2's priority.  Following: the pass,
    then kou2's marked candidates, then the others (each by the hand value left, best first).
    """
    analysis = analyze(obs, rules)
    choice = analysis.choice
    out = [choice]
    if isinstance(analysis, FollowAnalysis):
        ranked = sorted(
            analysis.candidates, key=lambda c: (not c.marked, c.value_after, c.meld.rank)
        )
        others = [PASS, *(c.meld for c in ranked)]
    else:
        order = sorted(
            range(len(analysis.melds)),
            key=lambda k: (-analysis.priorities[k], analysis.melds[k].rank),
        )
        others = [analysis.melds[k] for k in order]
    legal = set(obs.legal_moves())
    for meld in others:
        if len(out) >= limit:
            break
        if meld not in out and meld in legal:
            out.append(meld)
    return out


def play_out(state: GameState, me: int, rules: Variant = KOU2) -> int:
    """Play ``state`` on with kou2's decision for every player until ``me`` goes out (or the
    game ends); ``me``'s points."""
    hands = state.hands
    finished = state.finished
    while me not in finished and len(finished) < 4:
        p = state.turn
        obs = Observation.of(state, p)
        state.submit(decide(obs, rules) if hands[p] else PASS)
    return 5 - state.ranking().index(me)


def rollout_scores(
    obs: Observation,
    candidates: Sequence[Meld],
    rng: random.Random,
    deals: int,
    known: dict[int, int] | None = None,
    rules: Variant = KOU2,
) -> list[int]:
    """Each candidate's total points over ``deals`` random deals of the unseen cards (the
    same deals for every candidate)."""
    totals = [0] * len(candidates)
    me = obs.player
    for _ in range(deals):
        base = state_from_observation(obs, rng, known)
        for k, meld in enumerate(candidates):
            state = base.copy()
            state.submit(meld)
            totals[k] += play_out(state, me, rules)
    return totals
