"""The compiled value kernel's Clobber and Konane against cgt's pure-Python engine and cgt-py
(Domineering's side: ``test_domineering_values.py``)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.clobber import Clobber
from games.grid.domineering import rectangle
from games.grid.konane import Konane
from games.grid.value_kernels import CLOBBER, DOMINEERING, KONANE, GridValueKernel
from tests.rulesets.grid_support import from_cgt_py

pytestmark = pytest.mark.skipif(
    GridValueKernel.status() != "compiled kernel",
    reason=f"no compiled kernel: {GridValueKernel.status()}",
)


@pytest.fixture(autouse=True)
def _fresh_caches():
    """cgt's memo of values is shared by both methods (``method="engine"`` reuses what is
    remembered), so a value the kernel gave through `cgt.value` earlier in this process would be
    read back as the engine's: every test starts with empty caches, and no test asks
    `cgt.value` with the kernel before it asks the engine."""
    cgt.clear_caches()


def _engine(position: object) -> cgt.Game:
    return cgt.value(position, method="engine")


def _checkerboard(rows: int, columns: int, *, opened: bool = False) -> str:
    """The full checkerboard (x where row + column is even); ``opened``: the two middle stones
    of the middle row taken out (Konane after the two opening removals)."""
    cells = [["x" if (r + c) % 2 == 0 else "o" for c in range(columns)] for r in range(rows)]
    if opened:
        middle, left = rows // 2, (columns - 1) // 2
        cells[middle][left] = cells[middle][left + 1] = "."
    return "|".join("".join(row) for row in cells)


def _shape(rows: int, columns: int, alphabet: str) -> list[str]:
    """Every board of this shape over ``alphabet``."""
    return [
        _board_text(rows, columns, list(cells))
        for cells in itertools.product(alphabet, repeat=rows * columns)
    ]


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (1, 7)])
def test_every_clobber_board_of_a_shape_matches_the_engine(shape):
    CLOBBER.reset()  # the boards of the shape, each from the kernel's own tables
    found = _shape(*shape, ".xo")
    assert len(found) == 3 ** (shape[0] * shape[1])
    for board in found:
        assert CLOBBER.value(Clobber(board)) == _engine(Clobber(board)), board


@pytest.mark.parametrize(
    ("shape", "alphabet"), [((2, 3), ".xo#"), ((3, 2), ".xo#"), ((1, 8), ".xo")]
)
def test_every_konane_board_of_a_shape_matches_the_engine(shape, alphabet):
    KONANE.reset()
    found = _shape(*shape, alphabet)
    assert len(found) == len(alphabet) ** (shape[0] * shape[1])
    for board in found:
        assert KONANE.value(Konane(board)) == _engine(Konane(board)), board


def _board_text(rows: int, columns: int, cells: list[str]) -> str:
    return "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))


@pytest.mark.parametrize(
    ("kernel", "ruleset", "alphabet", "max_columns"),
    [(CLOBBER, Clobber, "..xo", 4), (KONANE, Konane, "..xo#", 5)],
    ids=["clobber", "konane"],
)
@settings(max_examples=80, deadline=None)
@given(rows=st.integers(1, 4), columns=st.integers(1, 5), data=st.data())
def test_random_boards_match_the_engine(
    kernel, ruleset, alphabet, max_columns, rows, columns, data
):
    columns = min(columns, max_columns)
    cells = data.draw(st.lists(st.sampled_from(alphabet), min_size=rows * columns,
                               max_size=rows * columns))  # fmt: skip
    board = ruleset(_board_text(rows, columns, cells))
    assert kernel.value(board) == _engine(board), board


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(3, 5), columns=st.integers(3, 6), data=st.data())
def test_random_konane_boards_match_cgt_py(rows, columns, data):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    cells = data.draw(st.lists(st.sampled_from("...xxoo#"), min_size=rows * columns,
                               max_size=rows * columns))  # fmt: skip
    text = _board_text(rows, columns, cells)
    expected = from_cgt_py(cgt_py.Konane(text).canonical_form)
    assert KONANE.value(Konane(text)) == expected, text


@pytest.mark.parametrize("shape", [(3, 4), (4, 4), (3, 5), (2, 8), (4, 5), (3, 7)])
def test_opened_konane_rectangles_match_cgt_py(shape):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    text = _checkerboard(*shape, opened=True)
    assert KONANE.value(Konane(text)) == from_cgt_py(cgt_py.Konane(text).canonical_form)


def test_clobber_checkerboards_match_the_engine():
    for shape in [(2, 4), (3, 3), (2, 5), (3, 4), (1, 12)]:
        board = Clobber(_checkerboard(*shape))
        assert CLOBBER.value(board) == _engine(board), shape


def test_values_known_in_closed_form():
    # x^n o = (n-1).up + n.* (registered with `cgt verify`), and one solid Konane line
    for n in range(1, 12):
        expected = cgt.up(n - 1) + (cgt.STAR if n % 2 else cgt.ZERO)
        assert CLOBBER.value(Clobber("x" * n + "o")) == expected, n
    assert str(KONANE.value(Konane(".xoxox."))) == "-2"  # Ernst: -(n-1)/2 for 5 stones


def test_a_small_budget_restarts_to_the_same_values(monkeypatch):
    konane = [Konane(_checkerboard(*s, opened=True)) for s in [(3, 4), (4, 4), (2, 6)]]
    clobber = [Clobber(_checkerboard(*s)) for s in [(2, 4), (3, 3), (2, 5)]]
    expected = [_engine(p) for p in konane + clobber]
    KONANE.reset()
    CLOBBER.reset()
    monkeypatch.setattr(GridValueKernel, "budget", 3)
    assert [KONANE.value(p) for p in konane] + [CLOBBER.value(p) for p in clobber] == expected
    for kernel in (KONANE, CLOBBER):
        stats = kernel.stats()
        assert stats["regions searched"] > stats["regions kept"] > 0  # the budget did stop it


def test_bounded_memos_are_emptied_and_the_values_stay_exact():
    boards_ = [Clobber(_checkerboard(*s)) for s in [(2, 5), (3, 4), (2, 6), (3, 3)]]
    expected = [_engine(b) for b in boards_]
    CLOBBER.reset()
    CLOBBER.limit_memos(4096)
    assert [CLOBBER.value(b) for b in boards_] == expected
    stats = CLOBBER.stats()
    assert stats["memos emptied"] > 0 and stats["comparisons"] < 2048
    CLOBBER.reset()


def test_sums_of_three_games_value_their_parts_in_the_kernels():
    parts = (rectangle(3, 3), Clobber("xo.|oxx"), Konane("xo.o.|..x.o"), cgt.Game(1))
    expected = sum((_engine(p) for p in parts[:3]), cgt.Game(1))
    cgt.clear_caches()  # (the kernels too)
    total = cgt.value(cgt.Sum(*parts))
    assert all(k.stats()["regions searched"] > 0 for k in (DOMINEERING, CLOBBER, KONANE))
    assert total == expected


def test_boards_of_more_than_64_cells_go_to_the_engine():
    line = Konane(".xoxox.#" * 9)  # 72 cells: nine solid lines of 5 stones, each -2
    assert KONANE.value(line) is None
    assert cgt.value(line) == cgt.Game(-18)
    strip = Clobber("xo.." * 17)  # 68 cells: seventeen *
    assert CLOBBER.value(strip) is None
    assert cgt.value(strip) == cgt.STAR


def test_cache_info_names_each_kernel_and_clear_caches_frees_them():
    KONANE.reset()
    CLOBBER.reset()
    assert cgt.cache_info()["value-konane-kernel"].size == 0
    KONANE.value(Konane(_checkerboard(4, 4, opened=True)))
    CLOBBER.value(Clobber(_checkerboard(3, 3)))
    assert cgt.cache_info()["value-konane-kernel"].size == KONANE.stats()["regions kept"] > 0
    assert cgt.cache_info()["value-clobber-kernel"].size == CLOBBER.stats()["regions kept"] > 0
    cgt.clear_caches()
    assert KONANE.stats() == {} and CLOBBER.stats() == {}


def test_wrong_positions_and_overlapping_masks_are_refused():
    with pytest.raises(cgt.WrongTypeError, match="a Konane board is needed, not Clobber"):
        KONANE.value(Clobber("xo"))
    with pytest.raises(cgt.WrongTypeError, match="a Clobber board is needed"):
        CLOBBER.value(cgt.Game(1))
    engine = KONANE._the_engine()
    assert engine is not None
    with pytest.raises(cgt.InvalidArgumentError, match="overlapping"):
        engine.value((1, 3, 0b011, 0b010, 0), 10)
    assert KONANE.value(Konane("xo.")) == cgt.Game(1)  # the engine is still whole


def test_a_budget_that_is_not_positive_and_bad_memo_bounds_are_refused(monkeypatch):
    for bad in (0, -5, 1.5, True):
        monkeypatch.setattr(GridValueKernel, "budget", bad)
        with pytest.raises(cgt.InvalidArgumentError, match="budget"):  # (0 used to hang)
            KONANE.value(Konane("xo."))
    monkeypatch.undo()
    for bad in (-1, 0, 4095, 2**70, "4096"):
        with pytest.raises(cgt.InvalidArgumentError, match="memo slots"):
            CLOBBER.limit_memos(bad)
    CLOBBER.limit_memos(4096)
    assert CLOBBER.value(Clobber("xo")) == cgt.STAR


def test_threads_share_the_kernels_safely():
    KONANE.reset()
    CLOBBER.reset()
    work_items = [Konane(_checkerboard(*s, opened=True)) for s in [(3, 4), (4, 4), (3, 5)]]
    work_items += [Clobber(_checkerboard(*s)) for s in [(2, 4), (3, 3), (2, 5)]]
    work_items *= 3
    expected = {p: _engine(p) for p in set(work_items)}
    results: dict[int, cgt.Game | None] = {}

    def work(index: int) -> None:
        position = work_items[index]
        kernel = KONANE if isinstance(position, Konane) else CLOBBER
        results[index] = kernel.value(position)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(work_items))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == expected[p] for i, p in enumerate(work_items))


@pytest.mark.parametrize(
    ("module", "kernel", "make"),
    [
        ("domineering", "DOMINEERING", "rectangle(3, 4)"),
        ("clobber", "CLOBBER", "Clobber('xxo|o.x')"),
        ("konane", "KONANE", "Konane('xo.o.|..x.o')"),
    ],
)
def test_cgt_no_kernel_falls_back_to_the_engine(module, kernel, make):
    name = make.split("(")[0]
    code = (
        f"import cgt; from games.grid.{module} import {name};"
        f"from games.grid.value_kernels import {kernel};"
        f"print({kernel}.status()); print(cgt.value({make})); print({kernel}.stats())"
    )
    env = {**os.environ, "CGT_NO_KERNEL": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    status, value, stats = done.stdout.splitlines()
    assert status == "pure Python (turned off by CGT_NO_KERNEL)"
    position = eval(make, {"rectangle": rectangle, "Clobber": Clobber, "Konane": Konane})
    assert (value, stats) == (str(_engine(position)), "{}")
