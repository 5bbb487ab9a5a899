"""Blue-red-green Hackenbush, with closed forms verified against the generic recursion.

* `Hackenbush`: positions on any graph with a ground (stalks, trees, or edge lists), their
  options, `~Hackenbush.components`, `~Hackenbush.normal_form`, pictures (text and SVG).
* `games.hackenbush.closed_forms`: Berlekamp's sign expansion for blue-red strings, the rule for
  blue-red trees, the colon principle (green trees) and the fusion principle (green graphs).

Importing this module registers its closed forms with ``cgt verify``.

>>> from games.hackenbush import Hackenbush
>>> Hackenbush.string("LRR").value(), Hackenbush("GGG").value(), Hackenbush("G(G,GG)").value()
(Game('1/4'), Game('*3'), Game('*4'))

See ``docs/games/hackenbush.md``.
"""

from games.hackenbush import claims as _claims  # registers the claims with cgt verify
from games.hackenbush._errors import HackenbushError
from games.hackenbush.closed_forms import (
    blue_red_tree,
    green_graph,
    green_tree,
    sign_expansion,
    topped,
)
from games.hackenbush.graph import Hackenbush

__all__ = [
    "Hackenbush",
    "HackenbushError",
    "blue_red_tree",
    "green_graph",
    "green_tree",
    "sign_expansion",
    "topped",
]

del _claims
