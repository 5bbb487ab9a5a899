"""mcpi: Monte Carlo search over inferred hands, with a model of each opponent.

At each decision that is not forced, mcpi

1. reads the hidden hands (`_mcpi_belief.Belief`): guesses of the opponents' hands that hold
   what the exchange showed and what each opponent has played, weighted by how likely each
   opponent's moves of this game (plays and passes) are with that hand under its model;
2. picks a few candidate moves: kou2's choice and the moves kou2 ranks next, plus the moves
   the learned policy likes best (`_mcpi_policy`), the pass when following;
3. plays each candidate on the same guesses and finishes the game with a model for every
   player (`_mcpi_search`), dropping the worse half of the candidates after each round,
   within ``rollouts`` play-outs and the ``time_budget``;
4. plays the candidate with the most points on average.

Two-player endgames of at most ``endgame_cards`` cards are solved exactly instead
(`~games.daihinmin.rules.endgame.EndgameSolver`).

**Models of the opponents.**  After each game every hand of that game is known (each player
played its cards, and the last one holds the rest), so mcpi replays the game and scores each
opponent's moves under every model it knows (`_mcpi_models`: the devkit default client, kou2,
the learned policy).  From then on an opponent is simulated and read with the model that has
explained its moves best so far (by total log-likelihood, once it has made
``identify_after`` decisions); until then with ``unknown_model``.

Every random choice comes from ``seed`` (which `~games.daihinmin.rules.match.Match` sets per
game), so in-process runs are reproducible when ``time_budget`` is ``None``; a time budget
makes the number of play-outs depend on the machine.

>>> from games.daihinmin.rules.match import Match
>>> from games.daihinmin.players import make_player
>>> players = [McpiPlayer(rollouts=8, seed=1)] + [make_player("default") for _ in range(4)]
>>> result = Match(players, seed=2).play(2)
>>> result.names[0], result.rejected[0], result.games, result.faults
('mcpi', 0, 2, [])
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import cgt
from games.daihinmin.players._endgame import EndgameWatch
from games.daihinmin.players._kou2plus_search import candidate_moves
from games.daihinmin.players._mcpi_belief import Belief, PublicState
from games.daihinmin.players._mcpi_models import DefaultModel, Kou2Model, Model, PolicyModel
from games.daihinmin.players._mcpi_playout import KERNEL
from games.daihinmin.players._mcpi_policy import load_policy
from games.daihinmin.players._mcpi_search import Search, SearchResult, state_from_hands
from games.daihinmin.players.kou2 import exchange_cards
from games.daihinmin.rules.cards import ALL_CARDS, format_cards
from games.daihinmin.rules.engine import MoveResult
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.moves import legal_melds
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, strongest_cards

__all__ = [
    "COMPILED_REPLAYS",
    "COMPILED_ROLLOUTS",
    "MODEL_NAMES",
    "PYTHON_ROLLOUTS",
    "McpiError",
    "McpiPlayer",
]

#: the models an opponent (or mcpi itself) can be simulated with
MODEL_NAMES = ("default", "kou2", "policy")
#: play-outs per decision and per guess of the hands by default, with the compiled kernel
COMPILED_ROLLOUTS, COMPILED_REPLAYS = 8000, 4
#: play-outs per decision by default when they run in Python (no C compiler, ``native=False``)
PYTHON_ROLLOUTS = 96


class McpiError(cgt.CGTError, ValueError):
    """Bad settings of a `McpiPlayer`."""


def _count(name: str, value: object, least: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise McpiError(f"{name} must be an int of at least {least}, got {value!r}")
    return value


def _model(name: str, temperature: float = 1.0) -> Model:
    if name == "default":
        return DefaultModel()
    if name == "kou2":
        return Kou2Model()
    if name == "policy":
        return PolicyModel(load_policy(), temperature=temperature)
    raise McpiError(f"unknown model {name!r}: use one of {', '.join(MODEL_NAMES)}")


class McpiPlayer(Player):
    """The mcpi player (module documentation); ``name = "mcpi"``.

    ``rollouts``: play-outs per decision at most, when at most ``full_cards`` cards are in the
    players' hands (with more, the play-outs are longer and fewer: ``rollouts * full_cards /
    cards``; default `COMPILED_ROLLOUTS` when the play-outs run in C, `PYTHON_ROLLOUTS` when
    they run in Python); ``time_budget``: seconds per decision at most (``None``: no limit;
    the search stops after the play-out that passes it);
    ``candidates``: kou2's best moves weighed per decision (0: every legal move, kou2's
    choice first, the others by the learned policy's score); ``particles``: guesses of the
    hidden hands;
    ``inference``: weigh the guesses by the opponents' moves (else only what the exchange
    showed and the cards played count); ``identify``: pick each opponent's model from its past
    games; ``self_model`` and ``unknown_model``: the models of mcpi itself and of opponents not
    (yet) identified, in the play-outs; ``policy_candidates``: add the learned policy's best
    moves to kou2's as candidates; ``endgame_cards``: solve two-player endgames of at most
    this many cards exactly (0: never); ``switch_z``: play the search's best candidate only
    if it beats kou2's choice (the first candidate) by more than ``switch_z`` standard errors
    of their paired differences over the same guesses, else kou2's choice (0: always the
    best mean); ``known_models``: the models an opponent may be identified with, joined by
    ``+``; ``native``: play the play-outs in the compiled kernel when every model is one it
    plays (the default client, the learned policy; `_mcpi_playout`), with the same points as
    in Python; ``replays``: play-outs of each candidate on each guess of the hidden hands
    (more than one spreads the cost of a guess over several play-outs; default
    `COMPILED_REPLAYS` in C, 1 in Python); ``policy_temperature``:
    the learned policy samples its moves in the play-outs from its scores divided by this (below
    1: closer to its most likely move).
    """

    def __init__(
        self,
        *,
        rollouts: int | None = None,
        time_budget: float | None = None,
        candidates: int = 5,
        particles: int = 48,
        deals_per_round: int = 4,
        inference: bool = True,
        identify: bool = True,
        identify_after: int = 20,
        self_model: str = "kou2",
        unknown_model: str = "kou2",
        policy_candidates: int = 1,
        full_cards: int = 30,
        endgame_cards: int = 10,
        endgame_limit: int = 100_000,
        switch_z: float = 0.0,
        known_models: str = "default+kou2+policy",
        native: bool = True,
        replays: int | None = None,
        policy_temperature: float = 1.0,
        seed: int | str | None = None,
    ) -> None:
        self.name = "mcpi"
        self.native = bool(native)
        #: whether the play-outs run in C (the kernel is built; models aside)
        self.compiled = self.native and KERNEL.load() is not None
        if rollouts is None:
            rollouts = COMPILED_ROLLOUTS if self.compiled else PYTHON_ROLLOUTS
        if replays is None:
            replays = COMPILED_REPLAYS if self.compiled else 1
        self.rollouts = _count("rollouts", rollouts, 1)
        if time_budget is not None and not (
            isinstance(time_budget, (int, float)) and time_budget > 0
        ):
            raise McpiError(
                f"time_budget must be a positive number of seconds, got {time_budget!r}"
            )
        self.time_budget = time_budget
        self.candidates = _count("candidates", candidates, 0)
        self.particles = _count("particles", particles, 1)
        self.deals_per_round = _count("deals_per_round", deals_per_round, 1)
        self.inference = bool(inference)
        self.identify = bool(identify)
        self.identify_after = _count("identify_after", identify_after, 0)
        if (
            not isinstance(policy_temperature, (int, float))
            or isinstance(policy_temperature, bool)
            or not policy_temperature > 0
        ):
            raise McpiError(
                f"policy_temperature must be a positive number, got {policy_temperature!r}"
            )
        self.policy_temperature = float(policy_temperature)
        self.self_model = _model(self_model, self.policy_temperature)
        self.unknown_model = _model(unknown_model, self.policy_temperature)
        self.policy_candidates = _count("policy_candidates", policy_candidates, 0)
        self.full_cards = _count("full_cards", full_cards, 1)
        self.endgame_cards = _count("endgame_cards", endgame_cards, 0)
        self.endgame_limit = _count("endgame_limit", endgame_limit, 1)
        if not isinstance(switch_z, (int, float)) or isinstance(switch_z, bool) or switch_z < 0:
            raise McpiError(f"switch_z must be a number of at least 0, got {switch_z!r}")
        self.switch_z = float(switch_z)
        self.rng = random.Random(seed)
        names = known_models.split("+") if isinstance(known_models, str) else []
        if not names or any(name not in MODEL_NAMES for name in names):
            raise McpiError(
                f"known_models must be model names joined by '+' ({'+'.join(MODEL_NAMES)}), "
                f"got {known_models!r}"
            )
        self._known_models: dict[str, Model] = {
            name: _model(name, self.policy_temperature) for name in names
        }
        #: the learned policy's scores rank the policy's candidates
        self._policy = load_policy()
        self.replays = _count("replays", replays, 1)
        #: per opponent: model name -> (log-likelihood, decisions) over the games seen
        self.evidence: dict[int, dict[str, list[float]]] = {}
        self._public: PublicState | None = None
        self._known: dict[int, int] = {}
        self._belief: Belief | None = None
        self._endgame = EndgameWatch(self.endgame_cards, self.endgame_limit)
        self._passes = 0
        #: the last decision's search (for `explain`)
        self.last: SearchResult | None = None
        #: counters: decisions searched, solved exactly, forced
        self.searched = 0
        self.solved = 0
        self.forced = 0

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    # --- the models of the opponents -------------------------------------------------------
    def model_of(self, player: int) -> Model:
        """The model mcpi uses for ``player`` now."""
        evidence = self.evidence.get(player)
        if not self.identify or not evidence:
            return self.unknown_model
        decisions = max(n for _, n in evidence.values())
        if decisions < self.identify_after:
            return self.unknown_model
        name = max(sorted(evidence), key=lambda m: evidence[m][0])
        return self._known_models[name]

    def _learn_models(self) -> None:
        """Score every opponent's moves of the game that ended under each known model."""
        public = self._public
        if public is None or not self.identify or not public.history:
            return
        me = self._me
        left = [q for q in range(5) if public.counts[q]]
        holders = [q for q in left if q != me]
        if len(holders) > 1:
            return  # a game ended by the 20-pass rule: the hands left cannot be told apart
        hands = public.played_by[:]
        if holders:
            (last,) = holders
            rest = ALL_CARDS
            for cards in public.played_by:
                rest &= ~cards
            rest &= ~self._hand_now
            hands[last] |= rest
        for before, result in public.history:
            q = result.player
            if q == me:
                continue
            hand = hands[q] & ~before.played_by[q]
            moves = legal_melds(hand, before.field, before.revolution, before.lock)
            if len(moves) < 2:
                continue
            action = result.meld if result.accepted else PASS
            obs = before.observation(q, hand)
            scores = self.evidence.setdefault(q, {})
            for name, model in self._known_models.items():
                entry = scores.setdefault(name, [0.0, 0])
                entry[0] += math.log(max(model.probability(obs, moves, action), 1e-12))
                entry[1] += 1

    # --- the hooks of a player -------------------------------------------------------------
    def start_game(self, deal: Deal) -> None:
        self._me = deal.player
        self._hand_now = deal.hand
        self._public = PublicState(list(deal.counts), deal.seats)
        self._belief = None
        self._endgame = EndgameWatch(self.endgame_cards, self.endgame_limit)
        self._passes = 0
        self._known = {}
        ranks = deal.ranks
        if ranks is not None and ranks[deal.player] in (3, 4):
            # hinmin and daihinmin see their hands before the transfer: their strongest
            # cards go to the fugo and the daifugo
            k = 1 if ranks[deal.player] == 3 else 2
            self._known = {ranks.index(4 - ranks[deal.player]): strongest_cards(deal.hand, k)}

    def exchange(self, deal: Deal) -> int:
        cards = exchange_cards(deal.hand, deal.give)
        self.exchanged(deal, cards)
        return cards

    def exchanged(self, deal: Deal, cards: int) -> None:
        """Note that ``cards`` were handed back in the exchange of ``deal`` (the receiver
        holds them)."""
        if deal.ranks is not None and deal.give:
            # the daifugo gives to the daihinmin, the fugo to the hinmin
            self._known = {deal.ranks.index(4 if deal.give == 2 else 3): cards}

    def observe(self, result: MoveResult) -> None:
        self._passes = 0 if result.accepted else self._passes + 1
        public = self._public
        if public is None:
            return
        before = public.snapshot()
        public.apply(result)
        if self._belief is not None:
            self._belief.update(before, result)

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        self._learn_models()
        self._public = None
        self._belief = None

    # --- deciding --------------------------------------------------------------------------
    def play(self, obs: Observation) -> Meld:
        started = time.perf_counter()
        if not obs.hand:
            return PASS
        self._me = obs.player
        self._hand_now = obs.hand
        moves = obs.legal_moves()
        if len(moves) == 1:
            self.forced += 1
            self.last = SearchResult(moves[0], (), 0, 0, 0.0, "only move")
            return moves[0]
        solved = self._solve_endgame(obs)
        if solved is not None:
            self.solved += 1
            self.last = SearchResult(solved, (), 0, 0, time.perf_counter() - started, "endgame")
            return solved
        candidates = self._candidates(obs, moves)
        if len(candidates) == 1:
            self.last = SearchResult(candidates[0], (), 0, 0, 0.0, "only candidate")
            return candidates[0]
        belief = self._belief_for(obs)
        models = [self.model_of(q) for q in range(5)]
        models[obs.player] = self.self_model
        rng = self.rng
        order: list[int] = []
        used: set[int] = set()

        def deal() -> Any:
            if not order:
                order.extend(belief.sample(belief_size))
                rng.shuffle(order)
            k = order.pop()
            hands = belief.varied(k) if k in used else belief.hands[k][:]
            used.add(k)
            return state_from_hands(obs, hands, rng)

        belief_size = len(belief.hands)
        deadline = None if self.time_budget is None else started + self.time_budget
        search = Search(
            obs.player,
            candidates,
            models,
            rng,
            deals_per_round=self.deals_per_round,
            switch_z=self.switch_z,
            native=self.native,
            replays=self.replays,
        )
        in_hands = sum(obs.counts)
        rollouts = max(1, self.rollouts * self.full_cards // max(in_hands, self.full_cards))
        result = search.run(deal, rollouts, deadline)
        self.searched += 1
        self.last = result
        return result.choice

    def _candidates(self, obs: Observation, moves: list[Meld]) -> list[Meld]:
        if self.candidates == 0:  # kou2's choice, then every other move by the policy
            chosen, by_policy = candidate_moves(obs, 1), len(moves)
        else:
            chosen, by_policy = candidate_moves(obs, self.candidates), self.policy_candidates
        if by_policy:
            scores = self._policy.scores(obs, moves)
            ranked = sorted(range(len(moves)), key=lambda k: -scores[k])
            for k in ranked[:by_policy]:
                if moves[k] not in chosen:
                    chosen.append(moves[k])
        if obs.field is not None and PASS not in chosen:
            chosen.append(PASS)
        return chosen

    def _belief_for(self, obs: Observation) -> Belief:
        """The particles of this game, drawn at the first decision (replaying the moves so far)."""
        public = self._public
        belief = self._belief
        if belief is not None and public is not None and tuple(public.counts) == obs.counts:
            return belief
        models: list[Model | None] = [None] * 5
        if self.inference:
            models = [self.model_of(q) for q in range(5)]
        me = obs.player
        if public is None or tuple(public.counts) != obs.counts:
            # no record of this game's moves (no start_game, or a move missed): start from now
            known = {q: c & ~obs.played for q, c in self._known.items()}
            belief = Belief(
                me,
                obs.hand,
                obs.counts,
                known,
                played=obs.played,
                models=models,
                particles=self.particles,
                rng=self.rng,
            )
            self._belief = belief
            return belief
        start_counts = [public.counts[q] + public.played_by[q].bit_count() for q in range(5)]
        known = {q: public.played_by[q] for q in range(5) if q != me}
        for q, cards in self._known.items():
            known[q] = known.get(q, 0) | cards
        belief = Belief(
            me,
            obs.hand | public.played_by[me],
            start_counts,
            known,
            models=models,
            particles=self.particles,
            rng=self.rng,
        )
        for before, result in public.history:
            belief.update(before, result)
        self._belief = belief
        return belief

    def _solve_endgame(self, obs: Observation) -> Meld | None:
        """A best move of the two-player endgame (None: not two players, or too large)."""
        result = self._endgame.solve(obs, self._passes)
        if result is None:
            return None
        return result.best[0]

    # --- explaining ------------------------------------------------------------------------
    def explain(self, obs: Observation) -> dict[str, Any]:
        """Decide at ``obs`` and say why, as a JSON-ready dict: the choice, each candidate's
        mean points over its play-outs (with a 95% interval), the round it was dropped in, the
        inferred hands (for each opponent, the share of the weighted guesses in which it holds
        each unseen card) and the model of each opponent."""
        choice = self.play(obs)
        result = self.last
        assert result is not None
        candidates = []
        for score in result.candidates:
            entry: dict[str, Any] = {
                "move": str(score.meld),
                "rollouts": len(score.points),
                "mean_points": None if not score.points else round(score.mean, 4),
                "ci95": _interval(score.points),
                "dropped_in_round": score.dropped,
            }
            candidates.append(entry)
        candidates.sort(key=lambda c: -(c["mean_points"] or 0))
        belief = self._belief
        inferred: dict[str, Any] = {}
        if belief is not None:
            marginals = belief.marginals()
            for q, cards in marginals.items():
                inferred[str(q)] = {
                    "cards": obs.counts[q],
                    "model": self.model_of(q).name,
                    "holds": dict(sorted(cards.items(), key=lambda item: -item[1])),
                }
        return {
            "player": obs.player,
            "hand": format_cards(obs.hand),
            "field": None if obs.field is None else str(obs.field),
            "choice": str(choice),
            "how": result.how,
            "rollouts": result.rollouts,
            "rounds": result.rounds,
            "seconds": round(result.seconds, 4),
            "candidates": candidates,
            "inferred_hands": inferred,
            "effective_guesses": None if belief is None else round(belief.effective_size(), 2),
        }


def _interval(points: tuple[int, ...]) -> list[float] | None:
    n = len(points)
    if n < 2:
        return None
    mean = sum(points) / n
    variance = sum((x - mean) ** 2 for x in points) / (n - 1)
    from scipy import special

    half = float(special.stdtrit(n - 1, 0.975)) * math.sqrt(variance / n)
    return [round(mean - half, 4), round(mean + half, 4)]
