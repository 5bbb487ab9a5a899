"""kou2+: kou2 that plays the two-player endgame exactly.

When only two players hold cards, every card kou2 has not seen is in the other hand, so the
rest of the game is a two-player game of perfect information; `games.daihinmin.endgame.solve`
finds its value.  kou2+ then keeps kou2's own choice when it is one of the best moves and
otherwise plays a best move; with more players, or when the endgame is too large to search
(more than ``endgame_cards`` cards in the two hands, or ``endgame_limit`` positions), it plays
exactly as kou2.

>>> from games.daihinmin.cards import ALL_CARDS, parse_cards
>>> from games.daihinmin.observation import Observation
>>> me, other = parse_cards("3S 4S 2H"), parse_cards("AD KC")
>>> played = ALL_CARDS & ~(me | other)  # players 2, 3, 4 have finished
>>> obs = Observation(0, me, None, False, False, (3, 2, 0, 0, 0), (0, 1, 2, 3, 4), None, 0,
...                   (2, 3, 4), played, 0, 1, 0)
>>> str(Kou2PlusPlayer().play(obs)) in ("3S", "4S")  # leading 2H would lose
True
"""

from __future__ import annotations

from games.daihinmin.cards import ALL_CARDS
from games.daihinmin.endgame import EndgameError, EndgameSolver
from games.daihinmin.engine import MoveResult
from games.daihinmin.melds import Meld
from games.daihinmin.observation import Deal, Observation
from games.daihinmin.players.kou2 import Kou2Player

__all__ = ["Kou2PlusPlayer"]


class Kou2PlusPlayer(Kou2Player):
    """kou2 with the exact two-player endgame (``name = "kou2+"``)."""

    def __init__(self, *, endgame_cards: int = 8, endgame_limit: int = 50_000) -> None:
        super().__init__("kou2")
        self.name = "kou2+"
        #: solve endgames with at most this many cards in the two hands
        self.endgame_cards = endgame_cards
        self.endgame_limit = endgame_limit
        self._passes = 0
        self._solver: EndgameSolver | None = None
        self._too_large = 99
        #: decisions taken by the solver, and those where it overrode kou2
        self.solved = 0
        self.overridden = 0

    def start_game(self, deal: Deal) -> None:
        self._passes = 0
        self._solver = None  # one table of solved positions per endgame
        self._too_large = 99

    def observe(self, result: MoveResult) -> None:
        self._passes = 0 if result.accepted else self._passes + 1

    def play(self, obs: Observation) -> Meld:
        choice = super().play(obs)
        active = [p for p in range(5) if obs.counts[p]]
        if len(active) != 2 or obs.player not in active:
            return choice
        (other,) = [p for p in active if p != obs.player]
        unseen = ALL_CARDS & ~obs.hand & ~obs.played
        if unseen.bit_count() != obs.counts[other]:
            return choice
        last_is_me = obs.last_player == obs.player
        other_passed = bool(obs.passed >> other & 1)
        if obs.field is not None and last_is_me and not other_passed:
            return choice
        cards = obs.hand.bit_count() + obs.counts[other]
        if cards >= self._too_large or cards > self.endgame_cards:
            return choice
        if self._solver is None:
            self._solver = EndgameSolver(limit=self.endgame_limit)
        try:
            result = self._solver.solve(
                obs.hand,
                unseen,
                obs.field,
                lock=obs.lock,
                revolution=obs.revolution,
                last_is_mover=last_is_me,
                other_passed=other_passed,
                passes=min(self._passes, 19),
            )
        except EndgameError:  # too large: try again when two more cards are gone
            self._too_large = cards - 1
            self._solver = None
            return choice
        self.solved += 1
        if choice in result.best:
            return choice
        self.overridden += 1
        return result.best[-1]
