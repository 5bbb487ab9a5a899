"""CGSuite's own table of canonical games as a published oracle.

The values below are CGSuite's expected results in its test table (aaron-siegel/cgsuite,
``lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala``):
thermographs in CGSuite's format, means, temperatures, stops, reduced canonical forms, atomic
weights and incentives.  CGSuite's ``Thermograph(x, [t...], [s...], x, [t...], [s...])`` gives,
for each wall, its value at the top, its breakpoints from the top down and the slope ``dx/dt`` of
each piece (above the first breakpoint first).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import cgt
from cgt.infinitesimals import atomic

F = Fraction

THERMOGRAPHS = {
    "0": "Thermograph(0,[],[0],0,[],[0])",
    "5": "Thermograph(5,[],[0],5,[],[0])",
    "-1/2": "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])",
    "25/16": "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
    "*8": "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
    "9/8+*": "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])",
    "^": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "v*": "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
    "6+^*": "Thermograph(6,[0],[0,-1],6,[0],[0,1])",
    "^*6": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "73/16+v9*8": "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])",
    "{0|*||*|||*||||*}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{0||0|v*}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{0||0|vvv}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{^^^|vv}": "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
    "{0||0|-3/2}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{0|||0||-1|-3}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{5||3|1|||0||||0}": "Thermograph(0,[],[0],0,[0],[0,1])",
    "{1|^^||^}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{1|^^^||^}": "Thermograph(0,[0],[0,-1],0,[],[0])",
    "{3||2+*|1+*}": "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
    "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}": (
        "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"
    ),
}

# expression: (left stop, right stop, mean, temperature, reduced canonical form)
HOT = {
    "{3||2+*|1+*}": ("3", "2", "9/4", "3/4", "{3||2|1}"),
    "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}": (
        "1/2",
        "-1",
        "-5/16",
        "21/16",
        "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
    ),
    "9/8+*": ("9/8", "9/8", "9/8", "0", "9/8"),
    "6+^*": ("6", "6", "6", "0", "6"),
    "73/16+v9*8": ("73/16", "73/16", "73/16", "0", "73/16"),
}

ATOMIC_WEIGHTS = {
    "0": "0",
    "*8": "0",
    "^": "1",
    "v*": "-1",
    "^*6": "1",
    "{0|*||*|||*||||*}": "1",
    "{0||0|v*}": "1",
    "{0||0|vvv}": "0",
    "{^^^|vv}": "{1|0}",
}
NOT_ATOMIC = ["5", "-1/2", "25/16", "9/8+*", "6+^*", "73/16+v9*8", "{3||2+*|1+*}", "{1|^^^||^}"]

# expression: (left incentives, right incentives, undominated incentives)
INCENTIVES = {
    "0": ([], [], []),
    "5": (["-1"], [], ["-1"]),
    "-1/2": (["-1/2"], ["-1/2"], ["-1/2"]),
    "25/16": (["-1/16"], ["-1/16"], ["-1/16"]),
    "9/8+*": (["*"], ["*"], ["*"]),
    "^": (["v"], ["^*"], ["^*"]),
    "v*": (["^*"], ["v", "v*"], ["^*"]),
    "^*6": (["v*6"], ["^*"], ["^*"]),
    "{0||0|vvv}": (["{^3|0||0}"], ["{^3,{^3|0}|0}"], ["{^3,{^3|0}|0}"]),
    "{^^^|vv}": (["{^5|0}"], ["{^5|0}"], ["{^5|0}"]),
    "{3||2+*|1+*}": (["{2*|1*||0}"], ["{2*|1*||0}"], ["{2*|1*||0}"]),
}


def _wall(text: str) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    top, times, slopes = re.fullmatch(r"([^,]+),\[([^\]]*)\],\[([^\]]*)\]", text).groups()  # type: ignore[union-attr]

    def numbers(s: str) -> list[Fraction]:
        return [F(v) for v in s.split(",")] if s else []

    return F(top), numbers(times), numbers(slopes)


def _parse(text: str) -> tuple[tuple, tuple]:  # type: ignore[type-arg]
    inner = text.removeprefix("Thermograph(").removesuffix(")")
    split = [m.end() for m in re.finditer(r"\],", inner)][1]  # after the left wall's slopes
    return _wall(inner[: split - 1]), _wall(inner[split:])


def _at(wall: tuple[Fraction, list[Fraction], list[Fraction]], t: Fraction) -> Fraction:
    top, times, slopes = wall
    if not times:
        return top
    if t >= times[0]:
        return top + slopes[0] * (t - times[0])
    value = top
    for i in range(1, len(times) + 1):
        upper = times[i - 1]
        lower = times[i] if i < len(times) else None
        if lower is None or t >= lower:
            return value + slopes[i] * (t - upper)
        value += slopes[i] * (lower - upper)
    raise AssertionError("unreachable")


@pytest.mark.parametrize("text", THERMOGRAPHS)
def test_thermographs(text: str) -> None:
    left, right = _parse(THERMOGRAPHS[text])
    th = cgt.thermograph(text)
    for k in range(-16, 64):  # every 1/16 from t = -1 to t = 4
        t = F(k, 16)
        assert th.at(t) == (_at(left, t), _at(right, t)), t


def test_the_parser_of_cgsuite_thermographs_can_fail() -> None:
    left, right = _parse("Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,0])")  # altered
    th = cgt.thermograph("{3||2+*|1+*}")
    assert any(
        th.at(F(k, 16)) != (_at(left, F(k, 16)), _at(right, F(k, 16))) for k in range(-16, 64)
    )


@pytest.mark.parametrize("text", HOT)
def test_stops_mean_temperature_reduced(text: str) -> None:
    g = cgt.parse(text)
    left, right, mean, temperature, reduced = HOT[text]
    assert (g.left_stop, g.right_stop) == (F(left), F(right))
    assert (g.mean, g.temperature) == (F(mean), F(temperature))
    assert cgt.reduced(g) == cgt.parse(reduced)


@pytest.mark.parametrize("text", ATOMIC_WEIGHTS)
def test_atomic_weights(text: str) -> None:
    assert cgt.atomic_weight(text) == cgt.parse(ATOMIC_WEIGHTS[text])
    assert cgt.reduced(text) == 0  # CGSuite: every one of these reduces to 0


@pytest.mark.parametrize("text", NOT_ATOMIC)
def test_not_atomic(text: str) -> None:
    with pytest.raises(atomic.NotAllSmallError):
        cgt.atomic_weight(text)


@pytest.mark.parametrize("text", INCENTIVES)
def test_incentives(text: str) -> None:
    left, right, undominated = INCENTIVES[text]
    g = cgt.parse(text)

    def games(items: list[str]) -> set[cgt.Game]:
        return {cgt.parse(x) for x in items}

    assert set(cgt.thermal.thermography.left_incentives(g)) == games(left)
    assert set(cgt.thermal.thermography.right_incentives(g)) == games(right)
    assert set(g.incentives) == games(undominated)


def test_star_8_incentives() -> None:
    stars = {cgt.Game(cgt.Nimber(k)) for k in range(8, 16)}
    assert set(cgt.Game("*8").incentives) == stars
