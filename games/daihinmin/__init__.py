"""Daihinmin (大貧民, "Daifugo") under the UECda rules, exactly as the competition's C server
plays it; players, matches, statistics, and the ``cgt daihinmin`` commands.

Daihinmin is a 5-player card game of imperfect information: 53 cards (a joker included) are
dealt, and players take turns to beat the field with a single, a group of one rank or a
same-suit sequence, or pass; the first to empty their hand is daifugo (5 points) ... the last
daihinmin (1 point), and the ranks decide a card exchange before the next game.  It is no
disjunctive sum of games, so it does not reduce to `cgt` values; it lives in `games` beside
`games.tanhinmin`, its 2-player, single-card, open-hand cousin whose closed forms (seeds 000
and 003) are verified there.

>>> from games.daihinmin import Match, Meld, GameState, make_player, summarize
>>> g = GameState.from_hands(["3D 5S", "4S 6H", "7C", "9D", "JH"])
>>> [str(m) for m in g.legal_moves()], g.submit(Meld.parse("5S")).accepted
(['pass', '3D', '5S'], True)
>>> result = Match([make_player("random") for _ in range(5)], seed=1).play(20)
>>> s = summarize(result)
>>> s["games"], sum(p["points"] for p in s["players"])
(20, 300)

Modules: `cards` (cards as bit masks), `melds` (what may be played, as the server reads a
submission), `moves` (legal moves), `engine` (one game), `observation` (what a player sees),
`players` (the player protocol and a registry by name), `match` (games in a row with the
server's seats, deals and exchange), `stats` (standings with confidence intervals, paired
comparisons), `cli` (``cgt daihinmin``).  See ``docs/games/daihinmin.md``.
"""

from games.daihinmin.cards import (
    ALL_CARDS,
    JOKER,
    REAL_CARDS,
    CardError,
    card,
    format_cards,
    iter_cards,
    parse_cards,
)
from games.daihinmin.cli import add_commands
from games.daihinmin.engine import (
    GameOverError,
    GameState,
    IllegalMoveError,
    MoveResult,
    Rules,
)
from games.daihinmin.match import (
    Fault,
    GameRecord,
    Match,
    MatchResult,
    deal_cards,
    game_rng,
    seats_for_game,
)
from games.daihinmin.melds import PASS, Illegal, Kind, Meld, MeldError, beats
from games.daihinmin.moves import all_melds, legal_melds
from games.daihinmin.observation import Deal, Observation
from games.daihinmin.players import (
    PLAYER_NAMES,
    Player,
    RandomPlayer,
    UnknownPlayerError,
    make_player,
    strongest_cards,
    weakest_cards,
)
from games.daihinmin.stats import (
    Comparison,
    StatsError,
    compare,
    compare_players,
    format_standings,
    summarize,
)

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "PASS",
    "PLAYER_NAMES",
    "REAL_CARDS",
    "CardError",
    "Comparison",
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
    "RandomPlayer",
    "Rules",
    "StatsError",
    "UnknownPlayerError",
    "add_commands",
    "all_melds",
    "beats",
    "card",
    "compare",
    "compare_players",
    "deal_cards",
    "format_cards",
    "format_standings",
    "game_rng",
    "iter_cards",
    "legal_melds",
    "make_player",
    "parse_cards",
    "seats_for_game",
    "strongest_cards",
    "summarize",
    "weakest_cards",
]
