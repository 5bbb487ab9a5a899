"""The nimber search (`cgt.NimberSearch`) against the plain recursion: every position up to a
size, random positions (hypothesis), sums, user-defined games, bounded tables, progress,
Ctrl-C and depth."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.impartial._plain import plain_grundy
from games.grid.cram import Cram, rectangle


def _board(height: int, width: int, empty: int) -> Cram:
    cells = "".join("." if empty >> i & 1 else "#" for i in range(height * width))
    return Cram("|".join(cells[r * width : (r + 1) * width] for r in range(height)))


@pytest.mark.parametrize("shape", [(1, 7), (2, 4), (3, 3), (2, 5)])
def test_every_cram_board_of_a_shape_agrees_with_the_plain_recursion(shape):
    height, width = shape
    solver = cgt.NimberSearch()
    boards = [_board(height, width, e) for e in range(1 << (height * width))]
    # one solver for all (its table shared), and each board in a fresh solver for some
    assert [solver.nimber(b) for b in boards] == [plain_grundy(b) for b in boards]
    for board in boards[::37]:
        assert cgt.NimberSearch().nimber(board) == plain_grundy(board)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 4), st.integers(3, 5), st.integers(0, (1 << 20) - 1))
def test_random_cram_boards_agree_with_the_plain_recursion(height, width, bits):
    board = _board(height, width, bits & ((1 << (height * width)) - 1))
    expected = plain_grundy(board)
    solver = cgt.NimberSearch()
    assert solver.nimber(board) == expected
    fresh = cgt.NimberSearch()
    assert [fresh.has_nimber(board, k) for k in range(expected + 3)] == [
        k == expected for k in range(expected + 3)
    ]


@cgt.impartial_game
def Kayles(n):
    return [
        Kayles(a) + Kayles(n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)
    ]


@cgt.impartial_game
def DawsonsKayles(n):
    return [DawsonsKayles(a) + DawsonsKayles(n - 2 - a) for a in range((n - 2) // 2 + 1) if n >= 2]


@cgt.impartial_game
def Heap(n):
    return range(n)


def test_heap_games_agree_with_published_and_plain_values():
    solver = cgt.NimberSearch()
    kayles = [solver.nimber(Kayles(n)) for n in range(40)]
    assert kayles == [plain_grundy(Kayles(n)) for n in range(40)]
    assert kayles[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    dawson = [solver.nimber(DawsonsKayles(n)) for n in range(1, 40)]
    # Dawson's Kayles on n pins is Dawson's chess (OEIS A002187) on n - 1
    assert dawson[:12] == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    assert dawson == [plain_grundy(DawsonsKayles(n)) for n in range(1, 40)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=5), st.integers(0, 20))
def test_sums_and_has_nimber_follow_the_xor_law(heaps, k):
    position = cgt.Sum(*[Heap(h) for h in heaps], *[Kayles(h) for h in heaps])
    expected = 0
    for h in heaps:
        expected ^= h ^ plain_grundy(Kayles(h))
    solver = cgt.NimberSearch()
    assert solver.has_nimber(position, k) == (k == expected)
    assert solver.nimber(position) == expected


class Path:
    """Node-Kayles-like user game on a path with components: pick a vertex, it and its
    neighbours go; a path of n vertices splits into two shorter paths."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Path) and other.n == self.n

    def __hash__(self) -> int:
        return hash(("Path", self.n))

    def options(self):
        return [cgt.Sum(Path(max(0, i - 1)), Path(max(0, self.n - i - 2))) for i in range(self.n)]

    def components(self):
        return [self]


def test_user_defined_game_with_components_uses_the_search():
    values = [cgt.grundy(Path(n)) for n in range(30)]
    assert values == [plain_grundy(Path(n)) for n in range(30)]
    # Node-Kayles on a path is Dawson's Kayles (0.137, Dawson's chess) shifted by one
    assert values[:12] == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]


def test_grundy_methods_agree_and_bad_method_is_named():
    board = rectangle(3, 4)
    assert cgt.grundy(board, method="search") == cgt.grundy(board, method="plain") == 1
    with pytest.raises(cgt.InvalidArgumentError, match="method"):
        cgt.grundy(board, method="fast")


def test_published_cram_rectangles():
    # Beling and Rogalski's table (and Glop's): 4x5 = 2, 5x5 = 0; 3x4 = 1 by the recursion
    cgt.clear_caches()
    assert [cgt.NimberSearch().nimber(rectangle(*s)) for s in ((4, 5), (5, 5), (3, 4))] == [
        2,
        0,
        1,
    ]


def test_a_bounded_table_halves_and_stays_exact(monkeypatch):
    import cgt.impartial.search as search

    monkeypatch.setattr(search, "_REPORT_EVERY", 16)
    seen = []
    solver = cgt.NimberSearch(table_limit=16, progress=seen.append)
    assert solver.nimber(rectangle(3, 6)) == plain_grundy(rectangle(3, 6))
    assert solver.stats.table_drops > 0
    assert seen and seen[-1].expanded >= seen[0].expanded > 0


def test_progress_reports_and_a_keyboard_interrupt_keeps_the_table(monkeypatch):
    import cgt.impartial.search as search

    monkeypatch.setattr(search, "_REPORT_EVERY", 64)
    calls = []

    def stop_once(stats: cgt.SearchStats) -> None:
        calls.append(stats)
        if len(calls) == 1:
            raise KeyboardInterrupt

    solver = cgt.NimberSearch(progress=stop_once)
    with pytest.raises(cgt.SearchInterrupted, match="interrupted after") as caught:
        solver.nimber(rectangle(4, 5))
    assert caught.value.stats.expanded >= 64
    assert isinstance(caught.value, KeyboardInterrupt)
    assert solver.nimber(rectangle(4, 5)) == 2  # goes on from its table


class Chain:
    """A game 3,000 moves deep that offers components (so `cgt.grundy` searches it)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chain) and other.n == self.n

    def __hash__(self) -> int:
        return hash(("Chain", self.n))

    def options(self):
        return [Chain(self.n - 1)] if self.n else []

    def components(self):
        return [self]


def test_deep_games_do_not_hit_the_recursion_limit():
    assert cgt.NimberSearch().nimber(Chain(3000)) == 0
    assert cgt.NimberSearch().nimber(Chain(3001)) == 1


def test_bad_arguments_are_named():
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.NimberSearch(table_limit=0)
    with pytest.raises(cgt.WrongTypeError):
        cgt.NimberSearch(progress=3)  # type: ignore[arg-type]
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.NimberSearch().has_nimber(Heap(2), -1)


def test_all_boards_of_a_shape_solved_in_one_table_match_item_by_item():
    solver = cgt.NimberSearch()
    for e in itertools.islice(range(1 << 12), 0, None, 97):
        board = _board(3, 4, e)
        assert solver.nimber(board) == plain_grundy(board)


def test_ctrl_c_on_the_command_line_stops_with_a_clear_message():
    process = subprocess.Popen(
        [sys.executable, "-m", "cgt", "nimber", "--game", "cram", "|".join(["." * 7] * 6)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
        # SIGINT back to its default in the child: a shell starts background jobs (the tests run
        # in the background) with SIGINT ignored, and Python then leaves it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(4)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, (out, err)
    assert "interrupted after" in err and "positions" in err


def test_the_split_over_real_dask_workers_gives_the_same_answer():
    board = rectangle(3, 5)
    assert cgt.nimber_split(board, jobs=2) == cgt.nimber_split(board, jobs=1) == 1
    # a sum: its components are the chunks
    position = cgt.Sum(rectangle(2, 3), rectangle(1, 5), rectangle(3, 3))
    assert cgt.nimber_split(position, jobs=2) == plain_grundy(position)


def test_the_command_line_split_and_json(capsys):
    from cgt.cli import main

    assert main(["nimber", "--game", "cram", "...|...|...|...", "--jobs", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["nimber"] == plain_grundy(rectangle(4, 3))
    assert main(["nimber", "--game", "cram", "...|...", "--table-limit", "none"]) == 0
    assert capsys.readouterr().out.startswith("cram ...|...: *1")
