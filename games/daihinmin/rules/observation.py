"""What a player sees: the `Observation` at its turn, and the `Deal` at the start of a game.

An observation holds only what the UECda server tells that player (its hand table and the
field tables it has received) or what follows from them (who has passed in this trick, every
card played so far).  Players never touch the engine's state.

>>> from games.daihinmin.rules.engine import GameState
>>> obs = Observation.of(GameState.from_hands(["3D 5S", "4S 6H", "7C", "9D", "JH"]), 0)
>>> obs.hand_text, obs.field, obs.counts, obs.leading
('3D 5S', None, (2, 2, 1, 1, 1), True)
>>> [str(m) for m in obs.legal_moves()]
['pass', '3D', '5S']
"""

from __future__ import annotations

import attrs

from games.daihinmin.rules.cards import format_cards
from games.daihinmin.rules.melds import Kind, Meld
from games.daihinmin.rules.moves import legal_melds

__all__ = ["Deal", "Observation"]


@attrs.frozen
class Deal:
    """The deal table of one game, as the server sends it before the exchange.

    ``hand`` is what the server shows: daifugo and fugo already hold the cards they receive;
    hinmin and daihinmin still see the cards they are about to lose.  ``give`` is how many
    cards this player must hand back (2 daifugo, 1 fugo, else 0).  ``ranks[p]`` is player p's
    rank (0 daifugo ... 4 daihinmin), or ``None`` in the first game of a rank period.
    """

    player: int
    game: int
    hand: int
    give: int
    ranks: tuple[int, ...] | None
    seats: tuple[int, ...]
    counts: tuple[int, ...]


@attrs.frozen(slots=True)
class Observation:
    """The hand table of the player to move, plus the public history of the game."""

    player: int
    hand: int
    #: the last play of this trick (``None``: the field is empty, you lead)
    field: Meld | None
    revolution: bool
    lock: bool
    #: cards held by players 0-4
    counts: tuple[int, ...]
    #: the player in each seat
    seats: tuple[int, ...]
    #: ranks at the start of the game (``None`` in the first game of a rank period)
    ranks: tuple[int, ...] | None
    #: bit p set: player p has passed in this trick
    passed: int
    #: players in finishing order so far
    finished: tuple[int, ...]
    #: every card played so far in this game (the joker included)
    played: int
    #: who made the field (or who leads)
    last_player: int
    game: int = 0
    #: the player whose turn it is (this player, except in ``on_turn`` hand tables)
    turn: int = -1
    #: whether the rules allow sequences (``Rules.sequences``)
    sequences: bool = True

    @classmethod
    def of(
        cls, state: object, player: int, *, ranks: tuple[int, ...] | None = None, game: int = 0
    ) -> Observation:
        """The observation of ``player`` in a `GameState`."""
        from games.daihinmin.rules.engine import GameState

        assert isinstance(state, GameState)
        return cls(
            player,
            state.hands[player],
            state.field,
            state.revolution,
            state.lock,
            tuple(h.bit_count() for h in state.hands),
            state.seats,
            ranks,
            state.passed,
            tuple(state.finished),
            state.played,
            state.last_player,
            game,
            state.turn,
            state.rules.sequences,
        )

    @property
    def leading(self) -> bool:
        """Whether the field is empty (this player leads the trick)."""
        return self.field is None

    @property
    def joker_on_field(self) -> bool:
        return self.field is not None and self.field.kind == Kind.JOKER

    @property
    def hand_text(self) -> str:
        return format_cards(self.hand)

    @property
    def players_left(self) -> int:
        """How many players still hold cards (this one included)."""
        return sum(1 for c in self.counts if c)

    def legal_moves(self) -> list[Meld]:
        """The moves the server would accept now, the pass first."""
        return legal_melds(
            self.hand, self.field, self.revolution, self.lock, sequences_allowed=self.sequences
        )
