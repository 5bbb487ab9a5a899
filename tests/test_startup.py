"""`cgt value 1` starts fast: it imports no plug-in and none of the heavy libraries (sympy alone
takes a second to import); plug-in commands still work and are listed by ``cgt --help``."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("sympy", "scipy", "numpy", "hypothesis", "rich", "matplotlib", "dask", "games")


def _imported(*arguments: str) -> set[str]:
    """The modules loaded by running ``cgt ARGUMENTS`` in a fresh interpreter."""
    code = (
        "import sys\nfrom cgt.cli import main\n"
        f"status = main({list(arguments)!r})\n"
        "print(*sorted(sys.modules), sep='\\n', file=sys.stderr)\nsys.exit(status)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stderr.split())


@pytest.mark.parametrize("arguments", [("value", "1"), ("value", "{2|-1}", "--json")])
def test_a_value_imports_nothing_heavy(arguments: tuple[str, ...]) -> None:
    imported = _imported(*arguments)
    assert "cgt" in imported
    heavy = sorted(n for n in imported if n.split(".")[0] in HEAVY)
    assert heavy == [], heavy


def test_a_ruleset_value_imports_only_its_ruleset() -> None:
    imported = _imported("value", "--game", "domineering", "..|..")
    assert "games.grid.domineering" in imported
    assert not {n for n in imported if n.startswith(("games.nim", "games.daihinmin", "sympy"))}


def test_plugin_commands_are_still_there() -> None:
    help_text = subprocess.run(
        [sys.executable, "-m", "cgt", "--help"], capture_output=True, text=True, check=True
    ).stdout
    for command in ("value", "verify", "nim", "daihinmin", "sevens", "tanhinmin"):
        assert command in help_text
    nim = subprocess.run(
        [sys.executable, "-m", "cgt", "nim", "3", "5", "7"], capture_output=True, text=True
    )
    assert nim.returncode == 0 and "1" in nim.stdout
