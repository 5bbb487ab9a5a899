"""Nim and its variants, with closed forms verified against the generic recursion.

* `Nim`: heaps; Bouton's xor rule and every winning move.
* `subtraction`: finite subtraction sets, with a certified period (O(1) values for any n).
* `octal`: octal games such as Kayles ``0.77``, with the octal periodicity theorem (values by
  the rare/common split, in a compiled kernel when a C compiler is present); `hexadecimal`
  codes and `grundys_game` too; `games.nim.search.long_search` for searches of millions of heaps.
* `Wythoff`, `MooreNim`: P-positions by Wythoff's and Moore's closed forms.
* seed 001's games by name: `ONE_HEAP_NIM`, `RESTRICTED_NIM` ({1,2,3}), `GENERALIZED_NIM` ({2,3}).

Importing this module registers its claims with ``cgt verify``; ``cgt nim``, ``cgt subtraction``
and ``cgt octal`` are its command-line sub-commands.

>>> from games.nim import Nim, subtraction, octal
>>> Nim((3, 5, 7)).grundy(), subtraction({2, 3}).period, octal("0.77").period
(1, 5, 12)
"""

from games.nim._errors import (
    InvalidArgumentError,
    InvalidRulesError,
    NotYetPeriodicError,
    WrongTypeError,
)
from games.nim._sequence import HeapGame, HeapPosition, Periodicity
from games.nim.claims import register as _register
from games.nim.cli import add_commands
from games.nim.grundys_game import GrundysGame, grundys_game
from games.nim.moore import MooreNim, is_moore_p_position
from games.nim.nim import ONE_HEAP_NIM, Nim, NimHeapGame, NimMove, nim_sum
from games.nim.octal import OctalGame, hexadecimal, octal, parse_octal
from games.nim.plot import plot_sequence, save_png
from games.nim.subtraction import SubtractionGame, subtraction
from games.nim.wythoff import (
    Wythoff,
    is_wythoff_p_position,
    wythoff_grundy_table,
    wythoff_pair,
)

RESTRICTED_NIM = subtraction({1, 2, 3})
"""Seed 001, Example 4.2: take 1, 2 or 3 tokens (g(i) = i mod 4)."""
GENERALIZED_NIM = subtraction({2, 3})
"""Seed 001, Example 4.3: take 2 or 3 tokens (g = 0,0,1,1,2 repeating)."""

__all__ = [
    "GENERALIZED_NIM",
    "ONE_HEAP_NIM",
    "RESTRICTED_NIM",
    "GrundysGame",
    "HeapGame",
    "HeapPosition",
    "InvalidArgumentError",
    "InvalidRulesError",
    "MooreNim",
    "Nim",
    "NimHeapGame",
    "NimMove",
    "NotYetPeriodicError",
    "OctalGame",
    "Periodicity",
    "SubtractionGame",
    "WrongTypeError",
    "Wythoff",
    "add_commands",
    "grundys_game",
    "hexadecimal",
    "is_moore_p_position",
    "is_wythoff_p_position",
    "nim_sum",
    "octal",
    "parse_octal",
    "plot_sequence",
    "save_png",
    "subtraction",
    "wythoff_grundy_table",
    "wythoff_pair",
]

_register()
