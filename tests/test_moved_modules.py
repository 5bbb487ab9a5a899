"""The old import paths of modules that moved in the `games/` restructure still work, and give
the very module that now holds the code (not a copy)."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys

import pytest

import cgt

GRID = ("amazons", "clobber", "col", "cram", "domineering", "konane", "snort", "toads_and_frogs")


@pytest.mark.parametrize("name", GRID)
def test_grid_ruleset_old_path_is_the_new_module(name: str) -> None:
    old = importlib.import_module(f"games.{name}")
    new = importlib.import_module(f"games.grid.{name}")
    assert old is new
    assert new.__name__ == f"games.grid.{name}"


def test_old_path_from_import_and_values() -> None:
    from games.cram import Cram
    from games.domineering import Domineering

    from games.grid import Cram as GridCram
    from games.grid import Domineering as GridDomineering

    assert Domineering is GridDomineering and Cram is GridCram
    assert cgt.value(Domineering("..|..")) == cgt.Game("{1|-1}")
    assert cgt.grundy(Cram("...")) == 1


def test_pickles_name_the_new_module() -> None:
    from games.konane import Konane

    data = pickle.dumps(Konane("xo."))
    assert b"games.grid.konane" in data
    assert pickle.loads(data) == Konane("xo.")


def test_old_path_in_a_fresh_interpreter() -> None:
    # the alias is installed by `import games`, whatever was imported before
    code = "import games.snort as s; print(s.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "games.grid.snort"


def test_unknown_names_are_still_errors() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("games.no_such_ruleset")
    import games.grid

    with pytest.raises(AttributeError, match="no attribute 'Chess'"):
        games.grid.Chess  # noqa: B018
    assert "Domineering" in dir(games.grid)


DAIHINMIN = {
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


@pytest.mark.parametrize(("old", "new"), sorted(DAIHINMIN.items()))
def test_daihinmin_old_path_is_the_new_module(old: str, new: str) -> None:
    assert importlib.import_module(f"games.daihinmin.{old}") is importlib.import_module(
        f"games.daihinmin.{new}"
    )


def test_daihinmin_documented_imports() -> None:
    # the README's and the docs' imports, old and new
    from games.daihinmin.cards import parse_cards
    from games.daihinmin.endgame import solve
    from games.daihinmin.melds import Meld

    from games.daihinmin.players.base import Player, RandomPlayer
    from games.daihinmin.rules import Player as RulesPlayer
    from games.daihinmin.rules.endgame import solve as rules_solve

    assert solve is rules_solve and Player is RulesPlayer
    assert isinstance(RandomPlayer(1), Player)
    best = solve(parse_cards("6C 8S"), parse_cards("7C 9D KD"), Meld.parse("4C")).best
    assert [str(m) for m in best] == ["8S"]
