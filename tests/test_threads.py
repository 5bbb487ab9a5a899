"""Values built in several threads at once are still interned once (issue 16: duplicates made
``a == b`` False while ``a.compare(b)`` was '=')."""

from __future__ import annotations

import sys
import threading

from cgt import Game


def test_interning_is_thread_safe():
    results: list[list[Game]] = [[] for _ in range(8)]
    start = threading.Barrier(8)

    def build(slot: int) -> None:
        start.wait()
        for k in range(10**6, 10**6 + 300):
            results[slot].append(Game(left=[k], right=[-k]))
            results[slot].append(Game(left=[Game(k)], right=[Game(left=[0], right=[-k])]))

    threads = [threading.Thread(target=build, args=(i,)) for i in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so that a race would show
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    for column in zip(*results, strict=True):
        assert all(g is column[0] for g in column)


def test_none_is_not_a_game():
    """Issue 16: ``None`` was read as 0 (``temperature(None) == -1``)."""
    import pytest

    from cgt import WrongTypeError, atomic_weight, cool, ish, mean, reduced, temperature

    assert Game() == Game(0)
    for function in (Game, mean, temperature, reduced, atomic_weight):
        with pytest.raises(WrongTypeError, match="None is not a game"):
            function(None)
    with pytest.raises(WrongTypeError):
        cool(None, 1)
    with pytest.raises(WrongTypeError):
        ish(None, Game(0))
