"""Pass-Sevens (seed 004): two-player Sevens in which the first player who cannot play loses.

Each suit is a row of cards 0, 1, ..., m; card 0 starts on the field and a player may play the
card one above a suit's top card if they hold it.  A suit is written in the paper's notation
(``01LLRL``: digits on the field, L/R the holder of each remaining card); a position is a list of
suits and the player who moves first.  Every suit is an integer game and the position is their
sum, so the sign of the sum of suit values names the winner.

>>> import games.sevens as sevens
>>> sevens.suit_value("0LLRL"), sevens.suit_value("0RRL")
(2, -1)
>>> sevens.winner(["0LLRL", "0RRL"], first="R"), sevens.solve(["0LLRL", "0RRL"], "R")
('L', 'L')
>>> sevens.almighty_winner(["RRLL", "RRLL"], holder="L", first="R")
'L'

See ``docs/games/sevens.md`` for the theory, the almighty card, and what was verified.
"""

from games.sevens import claims as _claims  # registers the claims with cgt verify
from games.sevens.almighty import algorithm4_winner, almighty_winner
from games.sevens.cli import add_commands
from games.sevens.deal import Deal, deal
from games.sevens.notation import SevensError, holders, parse_suits
from games.sevens.play import total_value, winner, winning_moves
from games.sevens.solver import solve
from games.sevens.values import algorithm1, suit_value, theorem3_value

__all__ = [
    "Deal",
    "SevensError",
    "add_commands",
    "algorithm1",
    "algorithm4_winner",
    "almighty_winner",
    "deal",
    "holders",
    "parse_suits",
    "solve",
    "suit_value",
    "theorem3_value",
    "total_value",
    "winner",
    "winning_moves",
]

del _claims

from games.sevens import loopy as _loopy  # noqa: E402, F401 (registers its claims last)
