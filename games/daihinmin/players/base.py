"""The simplest player, `RandomPlayer`; the player protocol itself is
`games.daihinmin.rules.player` (re-exported here, where it used to live).

>>> from games.daihinmin.players.base import Player, RandomPlayer
>>> isinstance(RandomPlayer(seed=1), Player)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.daihinmin.rules.player import Player, strongest_cards, weakest_cards

if TYPE_CHECKING:
    from games.daihinmin.rules.melds import Meld
    from games.daihinmin.rules.observation import Deal, Observation

__all__ = ["Player", "RandomPlayer", "strongest_cards", "weakest_cards"]


class RandomPlayer(Player):
    """Plays uniformly at random among the legal moves (the pass included), and hands back
    random cards in the exchange."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def exchange(self, deal: Deal) -> int:
        bits = [1 << i for i in range(61) if deal.hand >> i & 1]
        return sum(self.rng.sample(bits, deal.give))

    def play(self, obs: Observation) -> Meld:
        moves = obs.legal_moves()
        return moves[self.rng.randrange(len(moves))]
