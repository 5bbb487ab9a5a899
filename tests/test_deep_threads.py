"""Issue 28, item 1: deep games in several threads, and the process's recursion limit.

`cgt.core._deep` used to raise the recursion limit of the whole process while a deep
computation ran; another thread recursing through C code on its normal stack (``birthday``,
``json.dumps`` of a nested list) then overflowed that stack: a segmentation fault.  Deep work
now moves on to new threads and never changes the limit.  Each scenario runs in a fresh
interpreter, so that a crash is seen as a crash (exit code -11) rather than killing the tests.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from cgt.core._deep import deep, hop_points

_PRELUDE = textwrap.dedent(
    """
    import json, sys, threading
    import cgt
    limit = sys.getrecursionlimit()
    limits = set()

    def watch(stop):  # samples the limit while the deep work runs
        while not stop.is_set():
            limits.add(sys.getrecursionlimit())
            stop.wait(0.001)
    """
)


def _run(body: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", _PRELUDE + textwrap.dedent(body)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"exit code {run.returncode}: {run.stderr[-1500:]}"
    return run.stdout.split()


def test_two_threads_of_deep_games_run_to_the_end() -> None:
    """The issue's reproduction: two threads each parse a game 20,000 levels deep and take its
    birthday (which recurses through ``max``, that is through C): a segmentation fault in
    every run before (from 15,000 levels on this machine)."""
    out = _run(
        """
        text = "{1|" * 20_000 + "0" + "}" * 20_000
        births = []
        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(stop,)); watcher.start()
        workers = [threading.Thread(target=lambda: births.append(cgt.parse(text).birthday))
                   for _ in range(2)]
        for t in workers: t.start()
        for t in workers: t.join()
        stop.set(); watcher.join()
        print(*births, limits == {limit}, sys.getrecursionlimit() == limit)
        """
    )
    assert out == ["20001", "20001", "True", "True"]


def test_other_code_recursing_in_c_meanwhile_gets_its_own_recursion_error() -> None:
    """While a deep evaluation runs in one thread, ``json.dumps`` of a list nested 100,000
    deep in another thread raises `RecursionError`, as it does in a program without cgt:
    before, it overflowed the C stack (the limit had been raised to 1,000,000)."""
    out = _run(
        """
        nested = []
        for _ in range(100_000):
            nested = [nested]
        done = threading.Event()
        refused = []

        def deep_work():
            g = cgt.parse("{1|" * 12_000 + "0" + "}" * 12_000)
            assert g.birthday == 12_001 and g > 0 and g.left_stop == 1
            done.set()

        def other():
            while not done.is_set():
                limits.add(sys.getrecursionlimit())
                try:
                    json.dumps(nested)
                except RecursionError:
                    refused.append(1)

        threads = [threading.Thread(target=deep_work), threading.Thread(target=other)]
        for t in threads: t.start()
        for t in threads: t.join()
        print(len(refused) > 0, limits == {limit}, sys.getrecursionlimit() == limit)
        """
    )
    assert out == ["True", "True", "True"]


def test_deep_calls_in_many_threads_keep_the_limit() -> None:
    """`deep` functions 30,000 calls deep in four threads at once (with a call into C on the
    way back up at every level): every thread gets its answer, the limit never moves."""
    out = _run(
        """
        from cgt.core._deep import deep

        @deep
        def down(n):
            if n == 0:
                return 0
            r = down(n - 1) + 1
            return len([r]) and r  # a call into C at every level on the way back up

        results = []
        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(stop,)); watcher.start()
        workers = [threading.Thread(target=lambda k=k: results.append(down(30_000 + k)))
                   for k in range(4)]
        for t in workers: t.start()
        for t in workers: t.join()
        stop.set(); watcher.join()
        print(sorted(results), limits == {limit})
        """
    )
    assert out == ["[30000,", "30001,", "30002,", "30003]", "True"]


def test_a_recursion_without_hop_points_is_a_named_error() -> None:
    """A deep recursion that passes through no hop point cannot move on to a new thread: it
    raises `cgt.TooDeepError` (a `RecursionError`), never a crash or a hang."""
    import cgt

    def plain(n: int) -> int:
        return 0 if n == 0 else plain(n - 1) + 1

    with pytest.raises(cgt.TooDeepError, match="plain recurses too deep"):
        deep(plain)(100_000)
    assert deep(plain)(100) == 100


class _Counter:
    """A recursive method that keeps state: a hop point with ``state`` starts again cleanly."""

    def __init__(self) -> None:
        self.position = 0

    def walk(self, n: int) -> int:
        self.position += 1
        return self.position if n == 0 else self.walk(n - 1)


hop_points(_Counter, "walk", state="position")


def test_a_method_with_state_starts_again_from_where_it_started() -> None:
    @deep
    def run(n: int) -> int:
        return _Counter().walk(n)

    assert run(20_000) == 20_001


def test_errors_and_the_result_come_back_from_the_threads() -> None:
    @deep
    def down(n: int) -> int:
        if n == 0:
            raise KeyError("bottom")
        return down(n - 1)

    with pytest.raises(KeyError, match="bottom"):
        down(10_000)
