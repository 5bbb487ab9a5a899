"""Issue 28: ``str()`` of a 14-position loopy non-stopper took seconds, every time.

Profiled: ``str()`` asks for the sides; the onside is found in one round, but the offside's
nine sequences of guesses (one per set of redirected moves) each grow by three or four
positions a round, never settling, and each round orders all pairs of its positions (a
retrograde analysis of the game ``G_j - G_i`` for every pair), so the work is cubic in the
rounds until `WORK_LIMIT` (10**6 pairs ordered) ends it with `NotStopperSidedError` and ``str()``
writes the graph.  The bound keeps that first time finite; the failure is now kept on the game,
so every later ``str()``, ``repr()``, ``sides`` or comparison answers at once instead of
sidling again."""

from __future__ import annotations

import pytest

import cgt
from cgt.loopy import _sidling
from cgt.loopy import game as loopy_game
from cgt.loopy.game import LoopyGame

LEFT = [[0, 1, 7], [1, 2], [1, 3], [4], [5], [], [5], [8], [], [10], [12], [], [13], []]
RIGHT = [[2, 7, 9], [1, 2, 7], [0], [0, 7], [6], [], [], [8], [], [11], [], [13], [], []]


def test_a_failed_sidling_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = _sidling.sides

    def counted(left, right):  # type: ignore[no-untyped-def]
        calls.append(len(left))
        return real(left, right)

    monkeypatch.setattr(loopy_game, "sides", counted)
    g = LoopyGame.from_graph(LEFT, RIGHT)
    first = str(g)
    assert len(calls) == 1
    assert str(g) == first and repr(g) == f"LoopyGame({first!r})"
    with pytest.raises(cgt.NotStopperSidedError, match="within 1,000,000 steps") as one:
        _ = g.sides
    with pytest.raises(cgt.NotStopperSidedError) as two:
        _ = g.sides
    assert str(one.value) == str(two.value)
    assert len(calls) == 1  # sidled once
    assert "&" not in first and first.startswith("a{")  # the graph, not sides


def test_sides_found_are_kept_as_before() -> None:
    g = cgt.parse("a{pass|*}")
    assert g.sides == g.sides
    assert str(g) == str(g)
