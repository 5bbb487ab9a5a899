"""The player protocol: what the match engine, the UECda server and client call.

A player is any object with ``play(observation) -> Meld``; the other hooks are optional.
Subclass `Player` to get them as no-ops.  A player never sees the engine's state: only the
`~games.daihinmin.rules.observation.Observation` of its turn, the
`~games.daihinmin.rules.observation.Deal` of each game and the public result of every move
(`observe`).  The players themselves live in `games.daihinmin.players`.

A player in ten lines (plays its weakest legal meld, passes when it has none)::

    from games.daihinmin import PASS, Player

    class Weakest(Player):
        name = "weakest"

        def play(self, obs):
            moves = obs.legal_moves()[1:]  # [0] is the pass
            return min(moves, key=lambda m: (m.rank, -m.size)) if moves else PASS

>>> from games.daihinmin.rules.cards import parse_cards, format_cards
>>> hand = parse_cards("3S 3H 9D 2S JOKER")
>>> format_cards(weakest_cards(hand, 2)), format_cards(strongest_cards(hand, 2))
('3S 3H', '2S JK')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.daihinmin.rules.cards import JOKER, REAL_CARDS

if TYPE_CHECKING:
    from games.daihinmin.rules.engine import MoveResult
    from games.daihinmin.rules.melds import Illegal, Meld
    from games.daihinmin.rules.observation import Deal, Observation

__all__ = ["Player", "strongest_cards", "weakest_cards"]


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
        """The meld to submit (`~games.daihinmin.rules.melds.PASS` to pass)."""
        raise NotImplementedError

    def observe(self, result: MoveResult) -> None:
        """Every move of the game (this player's included), as the field table shows it."""

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        """The finishing order of the game that ended (``final``: the last game of the run)."""

    # Optional: ``on_turn(obs)``, if a player defines it, receives its own hand table at every
    # turn of every player (as the server sends them to all five); network adapters use it.

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


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
