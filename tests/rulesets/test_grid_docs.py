"""The examples of docs/games/grid-rulesets.md run and print what the page says (the page's
error examples had drifted: a caret pointed at the wrong cell)."""

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "grid-rulesets.md"


def test_grid_rulesets_page_examples() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 40
    assert result.failed == 0
