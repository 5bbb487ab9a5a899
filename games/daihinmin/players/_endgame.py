"""The two-player endgames a player meets in one game, solved exactly (kou2+ and MCPI share it).

When only two players hold cards and every card the player has not seen is in the other hand,
the rest of the game is one of perfect information: `EndgameWatch.solve` hands it to
`~games.daihinmin.rules.endgame.EndgameSolver`, keeping the solver's table for the next turns
of the same endgame, and stops trying (until two more cards are gone) when one was too large.

>>> from games.daihinmin.rules.cards import ALL_CARDS, parse_cards
>>> from games.daihinmin.rules.observation import Observation
>>> hand, other = parse_cards("3S 4S 2H"), parse_cards("AD KC")
>>> obs = Observation(
...     player=0, hand=hand, field=None, revolution=False, lock=False,
...     counts=(3, 2, 0, 0, 0), seats=(0, 1, 2, 3, 4), ranks=None, passed=0,
...     finished=(2, 3, 4), played=ALL_CARDS & ~(hand | other), last_player=0)
>>> [str(m) for m in EndgameWatch(most_cards=8, limit=10_000).solve(obs, passes=0).best]
['3S', '4S']
"""

from __future__ import annotations

from games.daihinmin.rules.cards import ALL_CARDS
from games.daihinmin.rules.endgame import MAX_PASSES, EndgameError, EndgameResult, EndgameSolver
from games.daihinmin.rules.observation import Observation

__all__ = ["EndgameWatch"]


class EndgameWatch:
    """One game's exact endgames for one player: two players left, at most ``most_cards``
    cards in their hands, at most ``limit`` positions in the solver's table."""

    def __init__(self, most_cards: int, limit: int) -> None:
        self.most_cards = most_cards
        self.limit = limit
        self._solver: EndgameSolver | None = None
        self._too_large = 99  # this many cards (or more) overflowed the table: not worth trying

    def solve(self, obs: Observation, passes: int) -> EndgameResult | None:
        """The endgame at ``obs`` solved (``passes``: submissions in a row not accepted), or
        None: more than two players, unseen cards elsewhere, or too large."""
        active = [p for p in range(5) if obs.counts[p]]
        if len(active) != 2 or obs.player not in active:
            return None
        (other,) = [p for p in active if p != obs.player]
        unseen = ALL_CARDS & ~obs.hand & ~obs.played
        if unseen.bit_count() != obs.counts[other]:
            return None
        last_is_me = obs.last_player == obs.player
        other_passed = bool(obs.passed >> other & 1)
        if obs.field is not None and last_is_me and not other_passed:
            return None
        cards = obs.hand.bit_count() + obs.counts[other]
        if cards >= self._too_large or cards > self.most_cards:
            return None
        if self._solver is None:
            self._solver = EndgameSolver(limit=self.limit)
        try:
            return self._solver.solve(
                obs.hand,
                unseen,
                obs.field,
                lock=obs.lock,
                revolution=obs.revolution,
                last_is_mover=last_is_me,
                other_passed=other_passed,
                passes=min(passes, MAX_PASSES - 1),
            )
        except EndgameError:  # too large: try again when two more cards are gone
            self._too_large = cards - 1
            self._solver = None
            return None
