"""The evaluator raises the garbage collector's thresholds while a large evaluation runs, and
puts back exactly what it found: after a value, an error, concurrent evaluations, and when the
program switched collection off; a small evaluation leaves them alone."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from typing import ClassVar

import pytest

import cgt
from cgt.core._collection import EVALUATION_THRESHOLDS
from cgt.core.memo import _PAUSE_AFTER


class Probe:
    """A chain of ``n`` Left moves that records the thresholds it sees while evaluated."""

    seen: ClassVar[list[tuple[int, int, int]]] = []

    def __init__(self, n: int, fail: bool = False) -> None:
        self.n, self.fail = n, fail

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Probe) and (self.n, self.fail) == (other.n, other.fail)

    def __hash__(self) -> int:
        return hash(("probe", self.n, self.fail))

    def left_options(self) -> list[Probe]:
        Probe.seen.append(gc.get_threshold())
        if self.fail and self.n == 0:
            raise RuntimeError("a broken position")
        return [Probe(self.n - 1, self.fail)] if self.n > 0 else []

    def right_options(self) -> list[Probe]:
        return []


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[tuple[int, int, int]]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    cgt.clear_caches()
    Probe.seen = []
    yield saved
    gc.set_threshold(*saved)


def test_thresholds_are_raised_during_a_large_evaluation_and_put_back() -> None:
    assert cgt.value(Probe(400)) == 400
    assert Probe.seen[0] == (700, 10, 10)  # not yet: the evaluation might be small
    assert Probe.seen[-1] == EVALUATION_THRESHOLDS
    assert Probe.seen.count(EVALUATION_THRESHOLDS) == 400 - _PAUSE_AFTER + 1
    assert gc.get_threshold() == (700, 10, 10)


def test_a_small_evaluation_leaves_the_thresholds_alone() -> None:
    assert cgt.value(Probe(50)) == 50
    assert set(Probe.seen) == {(700, 10, 10)}


def test_thresholds_are_put_back_after_an_error() -> None:
    with pytest.raises(RuntimeError, match="a broken position"):
        cgt.value(Probe(300, fail=True))
    assert Probe.seen[-1] == EVALUATION_THRESHOLDS
    assert gc.get_threshold() == (700, 10, 10)


def test_higher_thresholds_of_the_program_are_kept_and_zero_means_off() -> None:
    gc.set_threshold(500_000, 5, 5)
    cgt.value(Probe(300))
    assert Probe.seen[-1] == (500_000, 50, 100)
    assert gc.get_threshold() == (500_000, 5, 5)
    gc.set_threshold(0)  # collection switched off by the program: it stays off
    Probe.seen = []
    cgt.clear_caches()
    cgt.value(Probe(300))
    assert Probe.seen and all(seen[0] == 0 for seen in Probe.seen)
    assert gc.get_threshold()[0] == 0


def test_concurrent_evaluations_put_the_thresholds_back_once_the_last_ends() -> None:
    started, release = threading.Barrier(3), threading.Event()

    class Waiting(Probe):
        def left_options(self) -> list[Probe]:
            if self.n == 1:
                started.wait(timeout=10)
                release.wait(timeout=10)
            return [Waiting(self.n - 1)] if self.n > 0 else []

        def __hash__(self) -> int:
            return hash(("waiting", self.n, self.fail, threading.get_ident()))

        def __eq__(self, other: object) -> bool:
            return self is other

    results: list[cgt.Game] = []
    threads = [
        threading.Thread(target=lambda: results.append(cgt.value(Waiting(300)))) for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    started.wait(timeout=10)  # both evaluations are running
    assert gc.get_threshold() == EVALUATION_THRESHOLDS
    release.set()
    for thread in threads:
        thread.join(timeout=10)
    assert results == [cgt.Game(300), cgt.Game(300)]
    assert gc.get_threshold() == (700, 10, 10)


def test_decorator_games_pause_too() -> None:
    """`cgt.partizan_game` positions have their own evaluator: the same pause, the same restore."""
    seen: list[tuple[int, int, int]] = []

    @cgt.partizan_game
    def Steps(n: int) -> tuple[list[int], list[int]]:
        seen.append(gc.get_threshold())
        return ([n - 1] if n else []), []

    assert cgt.value(Steps(400)) == 400
    assert seen[0] == (700, 10, 10) and seen[-1] == EVALUATION_THRESHOLDS
    assert gc.get_threshold() == (700, 10, 10)
    seen.clear()
    assert cgt.value(Steps(450)) == 450  # 50 new positions: a small evaluation
    assert set(seen) == {(700, 10, 10)}
