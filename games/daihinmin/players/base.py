"""The player protocol: what the engine, our server and our client call.

A player is any object with ``play(observation) -> Meld``; the other hooks are optional.
Subclass `Player` to get them as no-ops.  A player never sees the engine's state: only the
`~games.daihinmin.observation.Observation` of its turn, the `~games.daihinmin.observation.Deal`
of each game and the public result of every move (`observe`).

A player in ten lines (plays its weakest legal meld, passes when it has none)::

    from games.daihinmin import PASS, Player

    class Weakest(Player):
        name = "weakest"

        def play(self, obs):
            moves = obs.legal_moves()[1:]  # [0] is the pass
            return min(moves, key=lambda m: (m.rank, -m.size)) if moves else PASS

>>> from games.daihinmin.players.base import Player, RandomPlayer
>>> isinstance(RandomPlayer(seed=1), Player)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.daihinmin.cards import JOKER, REAL_CARDS

if TYPE_CHECKING:
    from games.daihinmin.engine import MoveResult
    from games.daihinmin.melds import Illegal, Meld
    from games.daihinmin.observation import Deal, Observation

__all__ = ["Player", "RandomPlayer", "strongest_cards", "weakest_cards"]


class Player:
    """Base class of players: every hook but `play` does nothing by default."""

    name: str = "player"

    def start_game(self, deal: Deal) -> None:
        """The deal table of a new game (before the exchange)."""

    def exchange(self, deal: Deal) -> int:
        """The ``deal.give`` cards (a mask) handed back by daifugo (2) or fugo (1).

        The default gives the weakest cards; an invalid choice makes the server give the
        strongest ones instead, as the real server does."""
        return weakest_cards(deal.hand, deal.give)

    def play(self, obs: Observation) -> Meld | Illegal:
        """The meld to submit (`~games.daihinmin.melds.PASS` to pass)."""
        raise NotImplementedError

    def observe(self, result: MoveResult) -> None:
        """Every move of the game (this player's included), as the field table shows it."""

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        """The finishing order of the game that ended (``final``: the last game of the run)."""

    # Optional: ``on_turn(obs)``, if a player defines it, receives its own hand table at every
    # turn of every player (as the server sends them to all five); network adapters use it.

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


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


def strongest_cards(hand: int, n: int) -> int:
    """The ``n`` strongest cards of a hand in the server's order: the joker, then by rank
    from the 2 down, spades before hearts, diamonds, clubs (``trans_strong_card``)."""
    out = 0
    if hand & JOKER and n > 0:
        out = JOKER
        n -= 1
    for col in range(13, 0, -1):
        for row in range(4):
            if n <= 0:
                return out
            bit = 1 << (4 * col + row)
            if hand & bit:
                out |= bit
                n -= 1
    return out


def weakest_cards(hand: int, n: int) -> int:
    """The ``n`` weakest real cards of a hand (lowest rank first, spades first)."""
    out = 0
    real = hand & REAL_CARDS
    while n > 0 and real:
        low = real & -real
        out |= low
        real ^= low
        n -= 1
    return out
