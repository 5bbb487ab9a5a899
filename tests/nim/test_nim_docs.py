"""The examples of docs/games/nim.md run and print what the page says."""

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "nim.md"


def test_nim_page_examples():
    result = doctest.testfile(
        str(PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 8
    assert result.failed == 0
