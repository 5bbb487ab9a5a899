"""Issue 16, item 7: sums with huge nimbers and long up-chains, in closed form where the moves in
the NUS value are dominated, checked against the option-by-option sum on small values."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games
from test_thermal import DAY2, DAY3

import cgt
from cgt import Game, up
from cgt.partizan import _canonical as core

HUGE = 10**7


def test_a_hot_game_plus_ten_million_stars_is_made_at_once() -> None:
    """``{1|-1} + *10000000`` made one option per nimber: over 10 minutes and 3.9 GB."""
    start = time.perf_counter()
    g = Game("{1|-1}") + Game(f"*{HUGE}")
    assert g.left_options == (Game(1) + Game(f"*{HUGE}"),)
    assert g.right_options == (Game(-1) + Game(f"*{HUGE}"),)
    assert cgt.parse(f"{{1|-1}} + *{HUGE}") is g and str(g) == f"±1*{HUGE}"
    assert g - Game(f"*{HUGE}") == Game("{1|-1}") and g.compare(Game(f"*{HUGE}")) == "||"
    assert Game("{2|1}") + Game(f"*{HUGE + 5}") + Game(f"*{HUGE}") == Game("{2|1}") + Game("*5")
    assert time.perf_counter() - start < 5


def test_a_huge_nimber_whose_moves_matter_is_a_named_error_at_once() -> None:
    """``{1|±1} + *m`` has ``m + 1`` left options in canonical form: no short form exists."""
    assert len((Game("{1|±1}") + Game("*8")).left_options) == 9
    for text in ("{1|±1}", "{0|v*}", "miny(1)"):
        with pytest.raises(cgt.TooDeepError, match=f"adding \\*{HUGE} to a game born on day 3"):
            Game(text) + Game(f"*{HUGE}")


@pytest.mark.parametrize("text", ["{1|0, *}", "{*|v}", "miny(1)", "{1|-1}", "{2|1}"])
def test_a_sum_with_a_million_downs_takes_them_back_at_once(text: str) -> None:
    """``({1|0,*} + ⇓...) + ⇑...`` walked the up-chain: 14 s and 1.2 GB for 10**5 ups,
    `cgt.TooDeepError` for 10**6; the sum now remembers ``G`` and the downs."""
    g = Game(text)
    n = 10**6
    for sign in (1, -1):
        try:
            there = g + up(sign * n)
        except cgt.TooDeepError:
            continue  # only one direction translates for some of these games
        assert there - up(sign * n) is g
        assert there + up(-sign * n) + cgt.STAR is g + cgt.STAR
        assert there <= g + up(sign * (n + 1)) if sign > 0 else there >= g + up(sign * (n + 1))
        assert (there + up(3)) - (g + up(sign * n)) == up(3)


# ---------------------------------------------------------------- against the plain recursion


def _cases() -> list[tuple[Game, Game]]:
    """Day 2 with every ``*m`` up to 32; a sample of day 3 with smaller nimbers (the plain
    recursion takes a minute on day 3 with ``*32``; that was checked once: 0 differences)."""
    values = [(0, 0, 0, m) for m in range(33)] + [(-3, 1, n, m) for n in (2, -5) for m in (9, 32)]
    values += [(0, 0, n, 0) for n in range(-40, 41, 7)]
    few = [(0, 0, 0, m) for m in range(4, 10)] + [(1, 1, n, m) for n in (-40, 5) for m in (0, 5)]
    day2 = [(g, v) for g in DAY2 if not g.is_nus for v in values]
    day3 = [(g, v) for g in DAY3[::6] if not g.is_nus for v in few]
    return [(g, core.from_nus(v)) for g, v in day2 + day3]


def _facts(cases: list[tuple[Game, Game]]) -> Iterator[tuple[Game, Game, bool, bool]]:
    for g, e in cases:
        total = g + e
        yield total, total - e, g <= e, e <= g


def test_shortcuts_equal_the_option_by_option_sum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every canonical game born by day 2 and a sample of day 3, plus ``*m`` (``m <= 32``),
    ``x + n.↑ + *m`` and ``n.↑`` (``|n| <= 40``): sum, difference back and both comparisons,
    with the shortcuts from 4 (so that they are used) and switched off."""
    cases = _cases()
    monkeypatch.setattr(core, "TRANSLATE_FROM", 10**9)
    monkeypatch.setattr(core, "NIM_TRANSLATE_FROM", 10**9)
    expected = list(_facts(cases))
    cgt.clear_caches()
    monkeypatch.setattr(core, "TRANSLATE_FROM", 4)
    monkeypatch.setattr(core, "NIM_TRANSLATE_FROM", 4)
    counts = {"nimber": 0, "based": 0}
    original = core._add_big_nimber

    def counting(g: Game, m: int) -> Game | None:
        result = original(g, m)
        counts["nimber"] += result is not None
        return result

    monkeypatch.setattr(core, "_add_big_nimber", counting)
    assert list(_facts(cases)) == expected
    counts["based"] = len(core._BASE)
    assert counts["nimber"] > len(cases) // 4 and counts["based"] > len(cases) // 2, counts
    cgt.clear_caches()


def test_remote_nimbers_decide_every_larger_one() -> None:
    """The lemma behind the shortcuts: ``I >= *j`` and ``I <= *j`` do not depend on
    ``j > b(I)``, and ``g >= x + *j`` not on ``j >= _nimber_bound(g)``."""
    for g in DAY2 + DAY3[::4]:
        for j in range(g.birthday + 1, g.birthday + 5):
            assert (g >= Game(f"*{j}")) == (g >= Game(f"*{j + 1}"))
            assert (g <= Game(f"*{j}")) == (g <= Game(f"*{j + 1}"))
        if not g.is_nus:
            t = core._nimber_bound(g)
            for x in ("0", "1", "-1/2"):
                here, beyond = Game(x) + Game(f"*{t}"), Game(x) + Game(f"*{t + 3}")
                assert core.le(here, g) == core.le(beyond, g)
                assert core.le(g, here) == core.le(g, beyond)


BIG = settings(max_examples=40, deadline=None)
big_nus = st.builds(
    lambda n, m: up(n) + Game(cgt.Nimber(m)),
    st.sampled_from([0, 1, -2, 20, -(10**6)]),
    st.sampled_from([0, 3, 64, 1000, HUGE]),
)


@BIG
@given(games(5), big_nus)
def test_adding_and_taking_back_a_big_nus_value(g: Game, e: Game) -> None:
    try:
        total = g + e
    except cgt.TooDeepError:
        return  # the moves in e matter here: named error, checked above
    assert total - e is g


@BIG
@given(games(5), big_nus, big_nus)
def test_sums_with_big_nus_values_associate(g: Game, e: Game, f: Game) -> None:
    with contextlib.suppress(cgt.TooDeepError):  # when the moves in e or f matter
        assert (g + e) + f is g + (e + f)
