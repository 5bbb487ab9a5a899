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

The package is four layers, each importing only those below it (checked in CI):

- `games.daihinmin.rules`: cards, melds, legal moves, one game, what a player sees, the player
  protocol, matches (seats, deals, the exchange), the exact two-player endgame;
- `games.daihinmin.players` and `games.daihinmin.network` side by side: the players (`default`,
  `random`, `kou2` and its ablations, `kou2+`, `mc`) and a registry by name; the UECda tables,
  protocol, server, client, recording proxy, replay and the C kit;
- `games.daihinmin.experiments`: tournaments, statistics, plots, kou2's reasoning explained;
- `games.daihinmin.cli`: the ``cgt daihinmin`` commands.

The modules' old paths (``games.daihinmin.cards``, ``games.daihinmin.server``, ...) still
import, as the same modules.  See ``docs/games/daihinmin.md``.
"""

from games._moved import alias_moved_modules
from games.daihinmin.cli import add_commands
from games.daihinmin.experiments.stats import (
    Comparison,
    StatsError,
    compare,
    compare_players,
    format_standings,
    summarize,
)
from games.daihinmin.players import (
    PLAYER_NAMES,
    Player,
    RandomPlayer,
    UnknownPlayerError,
    make_player,
    strongest_cards,
    weakest_cards,
)
from games.daihinmin.rules import (
    ALL_CARDS,
    JOKER,
    PASS,
    REAL_CARDS,
    CardError,
    Deal,
    Fault,
    GameOverError,
    GameRecord,
    GameState,
    Illegal,
    IllegalMoveError,
    Kind,
    Match,
    MatchResult,
    Meld,
    MeldError,
    MoveResult,
    Observation,
    Rules,
    all_melds,
    beats,
    card,
    deal_cards,
    format_cards,
    game_rng,
    iter_cards,
    legal_melds,
    parse_cards,
    seats_for_game,
)

#: where each module of the flat layout went (their old paths keep importing them)
_MOVED = {
    "cards": "rules.cards",
    "melds": "rules.melds",
    "moves": "rules.moves",
    "engine": "rules.engine",
    "observation": "rules.observation",
    "match": "rules.match",
    "endgame": "rules.endgame",
    "table": "network.table",
    "protocol": "network.protocol",
    "remote": "network.remote",
    "server": "network.server",
    "client": "network.client",
    "recording": "network.recording",
    "replay": "network.replay",
    "uecda_kit": "network.kit",
    "tournament": "experiments.tournament",
    "stats": "experiments.stats",
    "plot": "experiments.plot",
    "evaluate": "experiments.evaluate",
    "cli_args": "cli.args",
    "tournament_cli": "cli.tournament",
}
alias_moved_modules(
    {f"games.daihinmin.{old}": f"games.daihinmin.{new}" for old, new in _MOVED.items()}
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
