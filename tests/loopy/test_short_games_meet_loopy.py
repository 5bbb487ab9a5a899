"""A short `Game` on the left of a comparison with a loopy game lets the loopy game answer."""

from __future__ import annotations

import cgt


def test_short_games_compare_with_loopy_games_from_either_side() -> None:
    on, off, over = cgt.parse("on"), cgt.parse("off"), cgt.parse("over")
    assert cgt.Game(1) < on and on > 1
    assert cgt.Game(-100) > off and off < -100
    assert cgt.Game(0) < over and not (cgt.Game(0) >= over)
    assert cgt.Game(0) != over
    assert (cgt.Game(0) == over) is False
    assert cgt.Game("1/2") <= on and cgt.Game("*") <= on
