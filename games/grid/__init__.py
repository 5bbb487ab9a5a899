"""Rulesets played on a grid of cells, each from its CGSuite / cgt-tools string form.

Partizan: `Domineering`, `Clobber`, `Konane`, `Snort`, `Col`, `Amazons`, `Fission`, `SkiJumps`,
`ToadsAndFrogs` (a one-row strip); impartial: `Cram`.  Each module is one ruleset, with its
closed forms registered with ``cgt verify``; they share the board machinery of
`games.grid._board` (parsing, symmetry, regions, pictures) and the bit boards of
`games.grid._bitboard` (Domineering and Cram), and none imports another.  A ruleset's module
is imported when its name is first used, so ``import games.grid`` is cheap.

>>> import cgt
>>> from games.grid import Domineering, Cram
>>> cgt.value(Domineering("..|..")), cgt.grundy(Cram("..|.."))
(Game('±1'), 0)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.grid._board import BoardError, BoardTooLargeError
    from games.grid.amazons import Amazons
    from games.grid.clobber import Clobber
    from games.grid.col import Col
    from games.grid.cram import Cram
    from games.grid.domineering import Domineering
    from games.grid.fission import Fission
    from games.grid.konane import Konane
    from games.grid.ski_jumps import SkiJumps
    from games.grid.snort import Snort
    from games.grid.toads_and_frogs import ToadsAndFrogs

__all__ = [
    "Amazons",
    "BoardError",
    "BoardTooLargeError",
    "Clobber",
    "Col",
    "Cram",
    "Domineering",
    "Fission",
    "Konane",
    "SkiJumps",
    "Snort",
    "ToadsAndFrogs",
]

_HOME = {
    "Amazons": "amazons",
    "BoardError": "_board",
    "BoardTooLargeError": "_board",
    "Clobber": "clobber",
    "Col": "col",
    "Cram": "cram",
    "Domineering": "domineering",
    "Fission": "fission",
    "Konane": "konane",
    "SkiJumps": "ski_jumps",
    "Snort": "snort",
    "ToadsAndFrogs": "toads_and_frogs",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'games.grid' has no attribute {name!r}")
    return getattr(importlib.import_module(f"games.grid.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
