"""Issue 16, hangs on values ``x + n.↑ + *m``: every reported fact is in closed form, checked
against the recursion on the options for small values."""

from __future__ import annotations

import pytest

import cgt
from cgt import Game, up
from cgt.partizan import _canonical as core
from cgt.thermal.thermography import incentives, left_incentives, right_incentives


def _birthday_by_recursion(g: Game) -> int:
    return max((_birthday_by_recursion(x) + 1 for x in g.left_options + g.right_options), default=0)


@pytest.mark.parametrize("number", [(0, 0), (1, 0), (-2, 0), (1, 1), (-3, 2)])
def test_birthday_of_nus_values_is_the_recursive_one(number: tuple[int, int]) -> None:
    for n in range(-6, 7):
        for m in range(6):
            g = core.from_nus((*number, n, m))
            assert g.birthday == _birthday_by_recursion(g), (number, n, m)


def test_birthday_of_a_million_ups() -> None:
    """``cgt value "^1000000"``: RecursionError in ``birthday`` after 14 s."""
    assert up(10**6).birthday == 10**6 + 1
    assert (up(-(10**6)) + cgt.STAR).birthday == 10**6 + 1  # ⇓...* ends in ↓* = {0|0,*}: day 2
    assert Game("1/2^3*").birthday == 2 + 3 + 1


def test_incentives_of_nimbers_in_closed_form() -> None:
    """``cgt value "*10000"`` took over 120 s: the incentives were compared pairwise."""
    for x in ("0", "3/4", "-2"):
        for m in range(1, 9):
            g = Game(x) + Game(f"*{m}")
            left = tuple(dict.fromkeys(a - g for a in g.left_options))
            right = tuple(dict.fromkeys(g - b for b in g.right_options))
            every = tuple(dict.fromkeys(left + right))
            assert left_incentives(g) == left and right_incentives(g) == right
            assert incentives(g) == tuple(a for a in every if not any(a < b for b in every))
    big = incentives(Game("*10000"))
    assert (
        len(big) == 10000
        and big[0] == Game("*10000")
        and set(big) == {Game(cgt.Nimber(j ^ 10000)) for j in range(10000)}
    )


_SUMMANDS = [
    "{1|-1}", "{2|0}", "{1|0}", "{3|{2|0}}", "{^|v}", "{1|*}", "{^|0}", "{1/2|-1}", "{3|1||0}",
    "{1*|-1}", "{0|^}", "{2|^*}", "{^*|-1}", "tiny(1)", "miny(2)", "{1|0||0}", "{*2|0}", "{0,^*|v}",
]  # fmt: skip


def test_big_up_multiples_by_translation_equal_the_option_by_option_sum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``G + n.↑`` for a non-number ``G`` recursed once per up (RecursionError after 20-75 s,
    over 1 GB, for 10**6 ups); it is now ``{G^L + n.↑ | G^R + n.↑}`` when the moves in ``n.↑``
    are dominated.  Checked here against the option-by-option sum with the shortcut from 4 ups
    (``4 <= |n| <= 5``, ``m <= 1``, two number parts; 7,104 cases with ``|n| <= 9`` were
    checked once)."""
    cases = [
        (Game(text), Game(x) + up(n) + Game(f"*{m}"))
        for text in _SUMMANDS
        for n in (-5, -4, 4, 5)
        for m in range(2)
        for x in ("0", "-3/2")
    ]
    monkeypatch.setattr(core, "TRANSLATE_FROM", 10**9)
    expected = [g + e for g, e in cases]
    cgt.clear_caches()
    monkeypatch.setattr(core, "TRANSLATE_FROM", 4)
    translated = 0
    original = core._translate

    def counting(g: Game, nus: tuple[int, int, int, int]) -> Game | None:
        nonlocal translated
        result = original(g, nus)
        translated += result is not None
        return result

    monkeypatch.setattr(core, "_translate", counting)
    assert [g + e for g, e in cases] == expected
    assert translated > len(cases) // 2
    cgt.clear_caches()


def test_a_million_ups_added_to_a_hot_game() -> None:
    assert str(Game("{1|-1}") + up(10**6)) == "{1^1000000|-1^1000000}"
    assert str(Game("{3|{2|0}}") - up(10**6)) == "{3v1000000||2v1000000|v1000000}"


def test_a_sum_that_would_walk_a_million_ups_is_a_named_error() -> None:
    with pytest.raises(cgt.CGTError, match="1000000 ups"):
        Game("{1|0||0}") + up(10**6)


def test_summary_of_a_hot_game_plus_a_million_ups_and_of_a_huge_nimber() -> None:
    """The incentives of ``{1^n|-1^n}`` translated ``G`` and ``-G`` into each other endlessly;
    those of ``*10**7`` made ten million games."""
    from cgt.cli.summary import summarize

    facts = summarize(cgt.parse("{1|-1} + ^1000000"))
    assert facts["value"] == "{1^1000000|-1^1000000}" and facts["incentives"] == ["{2|0}"]
    assert facts["reduced"] == "±1" and facts["birthday"] == 10**6 + 3
    huge = summarize(Game("*10000000"))["incentives"]
    assert huge[:2] == ["*10000000", "*10000001"] and len(huge) == 17
    assert huge[-1] == "... (10000000 in all: *(j xor 10000000) for j < m)"
