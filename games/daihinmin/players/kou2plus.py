"""kou2+: kou2 with a determinized search over its own best moves, and the exact two-player
endgame.

At each decision kou2+ asks kou2 for its choice and for the next few moves kou2 ranks highest
(`~games.daihinmin.players._kou2plus_search.candidate_moves`).  When there is more than one,
it deals the cards it has not seen at random to the other players (by their card counts,
keeping the cards whose holder the exchange revealed), plays each candidate on the same deals
and finishes the game with kou2's decisions for every player; it plays the candidate with the
most points over the deals, kou2's choice on ties.  Decisions with many cards left cost more
rollouts, so ``deals`` is the number of deals when at most ``cheap_cards`` cards are in the
players' hands and shrinks in proportion above it.  When two players are left and their hands
hold at most ``endgame_cards`` cards, the game is one of perfect information and
`~games.daihinmin.rules.endgame.EndgameSolver` solves it exactly instead.

Its random choices come from ``seed`` (which `~games.daihinmin.rules.match.Match` sets per game),
so runs are reproducible.

>>> from games.daihinmin.rules.cards import ALL_CARDS, parse_cards
>>> from games.daihinmin.rules.observation import Observation
>>> me, other = parse_cards("3S 4S 2H"), parse_cards("AD KC")
>>> played = ALL_CARDS & ~(me | other)  # players 2, 3, 4 have finished
>>> obs = Observation(0, me, None, False, False, (3, 2, 0, 0, 0), (0, 1, 2, 3, 4), None, 0,
...                   (2, 3, 4), played, 0, 1, 0)
>>> str(Kou2PlusPlayer(seed=1).play(obs)) in ("3S", "4S")  # leading 2H would lose
True
"""

from __future__ import annotations

import random

import cgt
from games.daihinmin.players._endgame import EndgameWatch
from games.daihinmin.players._kou2plus_search import candidate_moves, rollout_scores
from games.daihinmin.players.kou2 import Kou2Player
from games.daihinmin.rules.engine import MoveResult
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import strongest_cards

__all__ = ["Kou2PlusError", "Kou2PlusPlayer"]


class Kou2PlusError(cgt.CGTError, ValueError):
    """Bad settings of a `Kou2PlusPlayer`."""


def _positive(name: str, value: object, least: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise Kou2PlusError(f"{name} must be an int of at least {least}, got {value!r}")
    return value


class Kou2PlusPlayer(Kou2Player):
    """kou2 with rollouts and the exact two-player endgame (``name = "kou2+"``)."""

    def __init__(
        self,
        *,
        deals: int = 12,
        candidates: int = 4,
        cheap_cards: int = 25,
        endgame_cards: int = 8,
        endgame_limit: int = 50_000,
        seed: int | str | None = None,
    ) -> None:
        super().__init__("kou2")
        self.name = "kou2+"
        #: deals of the unseen cards per decision (with at most ``cheap_cards`` cards in hands)
        self.deals = _positive("deals", deals, 0)
        #: the moves weighed per decision (kou2's choice included)
        self.candidates = _positive("candidates", candidates)
        self.cheap_cards = _positive("cheap_cards", cheap_cards)
        #: solve endgames with at most this many cards in the two hands
        self.endgame_cards = _positive("endgame_cards", endgame_cards, 0)
        self.endgame_limit = _positive("endgame_limit", endgame_limit)
        self.rng = random.Random(seed)
        self._passes = 0
        self._endgame = EndgameWatch(self.endgame_cards, self.endgame_limit)
        self._known: dict[int, int] = {}
        #: decisions taken by the solver, and those where it overrode kou2
        self.solved = 0
        self.overridden = 0
        #: decisions searched by rollouts, and those where the search overrode kou2
        self.searched = 0
        self.changed = 0

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def start_game(self, deal: Deal) -> None:
        self._passes = 0
        self._endgame = EndgameWatch(self.endgame_cards, self.endgame_limit)  # one table a game
        self._known = {}
        ranks = deal.ranks
        if ranks is not None and ranks[deal.player] in (3, 4):
            # hinmin and daihinmin see their hands before the transfer: their strongest
            # cards go to the fugo and the daifugo
            k = 1 if ranks[deal.player] == 3 else 2
            self._known = {ranks.index(4 - ranks[deal.player]): strongest_cards(deal.hand, k)}

    def exchange(self, deal: Deal) -> int:
        cards = super().exchange(deal)
        if deal.ranks is not None and deal.give:
            # the daifugo gives to the daihinmin, the fugo to the hinmin
            self._known = {deal.ranks.index(4 if deal.give == 2 else 3): cards}
        return cards

    def observe(self, result: MoveResult) -> None:
        self._passes = 0 if result.accepted else self._passes + 1

    def play(self, obs: Observation) -> Meld:
        if not obs.hand:
            return PASS
        solved = self._solve_endgame(obs)
        if solved is not None:
            return solved
        candidates = candidate_moves(obs, self.candidates)
        choice = candidates[0]
        if len(candidates) == 1 or self.deals == 0:
            return choice
        in_hands = sum(obs.counts)
        deals = max(1, self.deals * self.cheap_cards // max(in_hands, self.cheap_cards))
        scores = rollout_scores(obs, candidates, self.rng, deals, self._known)
        self.searched += 1
        best = max(range(len(candidates)), key=lambda k: (scores[k], -k))
        if best:
            self.changed += 1
        return candidates[best]

    def _solve_endgame(self, obs: Observation) -> Meld | None:
        """A best move of the two-player endgame, kou2's if it is one (None: not solved)."""
        result = self._endgame.solve(obs, self._passes)
        if result is None:
            return None
        self.solved += 1
        choice = super().play(obs)
        if choice in result.best:
            return choice
        self.overridden += 1
        return result.best[-1]
