"""The rules of Daihinmin as the UECda C server plays them: cards, melds, legal moves, one game,
what a player sees, the player protocol, games in a row (seats, deals, the exchange), and the
exact two-player endgame.

This layer knows nothing of the network or of any particular player: `Match` calls whatever
objects follow `Player`.  Modules, bottom to top: `cards` (cards as bit masks), `melds` (what may
be played, as the server reads a submission), `moves` (legal moves), `engine` (one game),
`observation` (what a player sees), `player` (the protocol), `match` (games in a row),
`endgame` (two players with open hands, solved exactly).

>>> from games.daihinmin.rules import GameState, Meld
>>> g = GameState.from_hands(["3D 5S", "4S 6H", "7C", "9D", "JH"])
>>> [str(m) for m in g.legal_moves()], g.submit(Meld.parse("5S")).accepted
(['pass', '3D', '5S'], True)
"""

from games.daihinmin.rules.cards import (
    ALL_CARDS,
    JOKER,
    REAL_CARDS,
    CardError,
    card,
    format_cards,
    iter_cards,
    parse_cards,
)
from games.daihinmin.rules.engine import (
    GameOverError,
    GameState,
    IllegalMoveError,
    MoveResult,
    Rules,
)
from games.daihinmin.rules.match import (
    Fault,
    GameRecord,
    Match,
    MatchResult,
    deal_cards,
    game_rng,
    seats_for_game,
)
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld, MeldError, beats
from games.daihinmin.rules.moves import all_melds, legal_melds
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, strongest_cards, weakest_cards

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "PASS",
    "REAL_CARDS",
    "CardError",
    "Deal",
    "Fault",
    "GameOverError",
    "GameRecord",
    "GameState",
    "Illegal",
    "IllegalMoveError",
    "Kind",
    "Match",
    "MatchResult",
    "Meld",
    "MeldError",
    "MoveResult",
    "Observation",
    "Player",
    "Rules",
    "all_melds",
    "beats",
    "card",
    "deal_cards",
    "format_cards",
    "game_rng",
    "iter_cards",
    "legal_melds",
    "parse_cards",
    "seats_for_game",
    "strongest_cards",
    "weakest_cards",
]
