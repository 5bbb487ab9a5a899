"""Octal codes: bad digits are named errors; rules too long to search are bounded and say so."""

from __future__ import annotations

import pytest

import cgt
from games.nim import _sequence, octal
from games.nim._sequence import WORK_BUDGET
from games.nim.octal import grundy_values_naive


@pytest.mark.parametrize("code", ["0.²", "0.٣", "².7", "0.7²"])
def test_non_ascii_digits_are_refused_by_name(code: str) -> None:
    with pytest.raises(cgt.CGTError, match=r"looks like '0\.77'"):
        octal(code)


def test_a_long_code_stops_within_the_work_budget_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The default budget lets 0.77...7 (300 sevens) search up to n = 1024 (a few seconds of CPU,
    # not the hours of the full bound of 8192); a smaller budget shows the same in CI time.
    monkeypatch.setattr(_sequence, "WORK_BUDGET", 10**7)
    game = octal("0." + "7" * 300)
    assert game.period is None
    words = game.describe_periodicity()
    assert "over the budget" in words and "search_period(bound)" in words
    assert game._work(game._searched_upto) <= 10**7 < game._work(2 * game._searched_upto)
    assert game._searched_upto < 8192
    assert game.period is None  # asked again: no new search
    # the values computed so far are the plain mex's
    assert game.sequence(40) == grundy_values_naive(game.digits, 40)


def test_short_codes_are_not_limited_by_the_budget() -> None:
    # Guy and Smith's table: 0.137 (Dawson's chess) has period 34, 0.77 (Kayles) period 12.
    assert octal("0.137").period == 34
    assert octal("0.77").period == 12
    assert octal("0.77")._work(8192) < WORK_BUDGET


def test_an_explicit_search_has_no_budget() -> None:
    game = octal("0." + "7" * 40)
    limited = game.search_period(256)
    assert game._searched_upto == 256 or limited is not None
