"""games: plug-ins built on `cgt`, each with closed forms verified against the generic recursion.

Each subpackage is one game family: its positions (through the `cgt` position protocol), its
closed forms, and their registration with `cgt verify`.  Subpackages use only `cgt`'s public API
and none imports another: `games.nim` (heap games), `games.grid` (the rulesets played on a grid
of cells), `games.hackenbush`, `games.placement` (digraph placement games), `games.sevens`,
`games.tanhinmin`, `games.daihinmin`.

The grid rulesets were modules of `games` itself; their old import paths still work
(``from games.domineering import Domineering``).
"""

from games._moved import alias_moved_modules

alias_moved_modules(
    {
        f"games.{name}": f"games.grid.{name}"
        for name in (
            "amazons",
            "clobber",
            "col",
            "cram",
            "domineering",
            "konane",
            "snort",
            "toads_and_frogs",
        )
    }
)
