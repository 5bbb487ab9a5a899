"""Pass-Sevens (seed 004): a two-player Sevens where the first player who cannot play loses."""

from games.sevens.almighty import algorithm4_winner, almighty_winner
from games.sevens.notation import SevensError, holders, parse_suits
from games.sevens.play import total_value, winner, winning_moves
from games.sevens.solver import solve
from games.sevens.values import algorithm1, suit_value, theorem3_value

__all__ = [
    "SevensError",
    "algorithm1",
    "algorithm4_winner",
    "almighty_winner",
    "holders",
    "parse_suits",
    "solve",
    "suit_value",
    "theorem3_value",
    "total_value",
    "winner",
    "winning_moves",
]
