"""Issue 28, item 1 (the Daihinmin part): the endgame solver searched by recursion and raised
the process's recursion limit around it, which can crash another thread recursing on a normal
C stack.  It now searches on an explicit stack: it never changes the limit, and it solves a
long endgame when called with only a few frames of room left."""

from __future__ import annotations

import pathlib
import sys
import threading

import pytest

import games
from games.daihinmin.rules.cards import parse_cards
from games.daihinmin.rules.endgame import EndgameSolver, solve

_LONG = ("3S 5S 7S 9S JS", "4H 6H 8H TH")
"""Five and four singles that alternate in rank: lines of play run about 20 moves (plays and
passes), each of which the old recursion paid with two Python frames."""


def _with_little_room(room: int, work):  # type: ignore[no-untyped-def]
    """Run ``work()`` with only about ``room`` frames left below the recursion limit."""

    def dive(depth: int):  # type: ignore[no-untyped-def]
        if depth <= room:
            return work()
        return dive(depth - 1)

    frames = 0
    frame = sys._getframe()
    while frame is not None:
        frames += 1
        frame = frame.f_back
    return dive(sys.getrecursionlimit() - frames - 5)


def test_a_long_endgame_with_little_stack_never_touches_the_limit(monkeypatch) -> None:
    mover, other = (parse_cards(h) for h in _LONG)
    expected = solve(mover, other)  # with all the stack there is
    limit = sys.getrecursionlimit()

    def refuse(_n: int) -> None:
        raise AssertionError("the endgame solver changed the recursion limit")

    monkeypatch.setattr(sys, "setrecursionlimit", refuse)
    result: list[object] = []

    def in_a_thread() -> None:  # a fresh thread: the frames counted are all its own
        result.append(_with_little_room(30, lambda: EndgameSolver().solve(mover, other)))

    worker = threading.Thread(target=in_a_thread)
    worker.start()
    worker.join()
    assert sys.getrecursionlimit() == limit
    (got,) = result
    assert got == expected
    assert expected.positions > 100


def test_no_module_changes_the_recursion_limit() -> None:
    root = pathlib.Path(games.__file__).parent.parent
    offenders = [
        str(path.relative_to(root))
        for package in ("cgt", "games")
        for path in (root / package).rglob("*.py")
        if "setrecursionlimit" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


@pytest.mark.parametrize("limit", [1, 50])
def test_the_position_bound_still_holds(limit: int) -> None:
    from games.daihinmin.rules.endgame import EndgameError

    mover, other = (parse_cards(h) for h in _LONG)
    with pytest.raises(EndgameError, match=f"more than {limit} positions"):
        solve(mover, other, limit=limit)
