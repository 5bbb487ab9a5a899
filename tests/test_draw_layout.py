"""Thermograph pictures: the title fits the picture, tick labels never overlap."""

from __future__ import annotations

import itertools
import re

import pytest

import cgt
from cgt.thermal.draw import _CHAR_WIDTH, _FONT, _TITLE_FONT, thermograph_svg

TEXT = re.compile(r'<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)"([^>]*)>([^<]*)</text>')


def _texts(svg: str) -> list[tuple[float, float, str, str, str]]:
    return [(float(x), float(y), a, extra, t) for x, y, a, extra, t in TEXT.findall(svg)]


def test_a_long_title_is_cut_to_the_width_and_kept_whole_in_the_tooltip() -> None:
    name = "{" + ", ".join(f"{k}/8" for k in range(60)) + " | -1}"
    svg = thermograph_svg(cgt.switch(1).thermograph, title=name, width=480)
    heading = next(t for *_, extra, t in _texts(svg) if "bold" in extra)
    assert heading.endswith("…")
    assert len(heading) * _TITLE_FONT * _CHAR_WIDTH <= 480 - 16
    assert f"<title>thermograph of {name}</title>" in svg.replace("&lt;", "<")


def test_a_short_title_is_whole() -> None:
    svg = thermograph_svg(cgt.switch(1).thermograph)
    assert "thermograph of ±1</text>" in svg


@pytest.mark.parametrize(
    "game", ["{1/64|-1/64}", "{{100|{50|0}}|{-3|-4}}", "{2|1/1024}", "{1|0}", "^", "5"]
)
def test_tick_labels_do_not_overlap(game: str) -> None:
    svg = thermograph_svg(cgt.Game(game).thermograph)
    texts = _texts(svg)
    # value ticks: the labels on the line under the axis (centred, not bold, not the caption)
    bottom = max(y for x, y, a, e, t in texts if t == "value (Left is to the left)") - 18
    spans = sorted(
        (x - len(t) * _FONT * _CHAR_WIDTH / 2, x + len(t) * _FONT * _CHAR_WIDTH / 2)
        for x, y, a, e, t in texts
        if a == "middle" and y == bottom
    )
    assert spans, svg
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), spans
    # temperature ticks: right-aligned at the left edge, at least a line apart
    edge = next(x for x, y, a, e, t in texts if t == "t")
    heights = sorted(y for x, y, a, e, t in texts if x == edge and t != "t")
    assert all(b - a >= _FONT for a, b in itertools.pairwise(heights)), heights
