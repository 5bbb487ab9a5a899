"""The compiled Domineering value kernel against cgt's pure-Python engine and cgt-py."""

from __future__ import annotations

import itertools
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.domineering import Domineering, rectangle
from games.grid.domineering_values import (
    domineering_value,
    kernel_stats,
    kernel_status,
    kernel_value,
    reset_kernel,
)
from games.grid.value_kernels import DOMINEERING
from tests.rulesets.grid_support import from_cgt_py

pytestmark = pytest.mark.skipif(
    kernel_status() != "compiled kernel", reason=f"no compiled kernel: {kernel_status()}"
)


def _boards(rows: int, columns: int) -> list[Domineering]:
    """Every board of this shape: each cell empty or covered."""
    found = []
    for cells in itertools.product(".#", repeat=rows * columns):
        text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
        found.append(Domineering(text))
    return found


@pytest.fixture(autouse=True)
def _fresh_caches():
    """cgt's memo of values is shared by both methods (``method="engine"`` reuses what is
    remembered): every test starts with empty caches, so the engine's values are its own."""
    cgt.clear_caches()


def _engine(board: Domineering) -> cgt.Game:
    return cgt.value(board, method="engine")


@pytest.mark.parametrize("shape", [(3, 4), (4, 3), (2, 6), (6, 2), (1, 9)])
def test_every_board_of_a_shape_matches_the_engine(shape):
    reset_kernel()  # the boards of the shape, each from the kernel's own tables
    for board in _boards(*shape):
        assert kernel_value(board) == _engine(board), board


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 5),
    columns=st.integers(1, 6),
    data=st.data(),
)
def test_random_boards_match_the_engine(rows, columns, data):
    cells = data.draw(
        st.lists(st.sampled_from("...#"), min_size=rows * columns, max_size=rows * columns)
    )
    text = "|".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows))
    board = Domineering(text)
    assert kernel_value(board) == _engine(board), text


@pytest.mark.parametrize("rows, columns", [(2, 8), (3, 6), (4, 4), (4, 5), (3, 7), (5, 4)])
def test_rectangles_match_the_engine_and_cgt_py(rows, columns):
    board = rectangle(rows, columns)
    ours = kernel_value(board)
    assert ours == _engine(board)
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    text = "|".join(["." * columns] * rows)
    assert ours == from_cgt_py(cgt_py.Domineering(text).canonical_form)


def test_published_values_of_larger_rectangles():
    # cgt-py computed these (docs/games/grid-rulesets.md); 5 x 5 is 0 (Winning Ways: P).
    assert str(kernel_value(rectangle(5, 5))) == "0"
    assert str(kernel_value(rectangle(3, 9))) == "{-1/4|-11/4||-3|-5}"
    assert kernel_value(rectangle(9, 3)) == -kernel_value(rectangle(3, 9))


def test_a_small_budget_restarts_to_the_same_values(monkeypatch):
    expected = {size: _engine(rectangle(*size)) for size in [(3, 5), (4, 4), (2, 9)]}
    reset_kernel()
    monkeypatch.setattr(DOMINEERING, "budget", 3)
    for size, value in expected.items():
        assert kernel_value(rectangle(*size)) == value
    stats = kernel_stats()
    assert stats["regions searched"] > stats["regions kept"] > 0  # the budget did stop it


def test_bounded_memos_are_emptied_and_the_values_stay_exact():
    expected = {size: _engine(rectangle(*size)) for size in [(4, 4), (3, 6), (2, 10), (4, 5)]}
    reset_kernel()
    DOMINEERING.limit_memos(4096)
    for size, value in expected.items():
        assert kernel_value(rectangle(*size)) == value
    stats = kernel_stats()
    assert stats["memos emptied"] > 0 and stats["comparisons"] < 2048
    reset_kernel()


def test_cgt_value_uses_the_kernel_and_method_engine_does_not():
    reset_kernel()
    cgt.clear_caches()
    cgt.value(rectangle(3, 4), method="engine")
    assert kernel_stats() == {}  # never started
    assert str(cgt.value(rectangle(3, 5))) == "-1"
    assert kernel_stats()["regions searched"] > 0
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.value(rectangle(2, 2), method="fast")


def test_sums_value_their_parts_in_the_kernel():
    cgt.clear_caches()
    expected = _engine(rectangle(3, 3)) + _engine(rectangle(2, 3)) + 1
    cgt.clear_caches()  # (the kernel too; the engine's values must not be read back)
    total = cgt.value(cgt.Sum(rectangle(3, 3), rectangle(2, 3), cgt.Game(1)))
    assert kernel_stats()["regions searched"] > 0
    assert total == expected


def test_boards_of_more_than_64_cells_go_to_the_engine():
    strip = rectangle(1, 70)
    assert kernel_value(strip) is None
    assert cgt.value(strip) == cgt.Game(-35)
    rows = ["......", "......", "######"] * 3 + ["......", "......"]  # 11 x 6: four 2 x 6 parts
    board = Domineering("|".join(rows))
    assert kernel_value(board) is None
    assert cgt.value(board) == 4 * _engine(rectangle(2, 6))


def test_cache_info_counts_the_kernels_regions_and_clear_caches_frees_them():
    reset_kernel()
    assert cgt.cache_info()["value-domineering-kernel"].size == 0
    kernel_value(rectangle(4, 4))
    assert cgt.cache_info()["value-domineering-kernel"].size == kernel_stats()["regions kept"] > 0
    cgt.set_cache_limit(10)  # the kernel bounds its own tables: left alone
    cgt.set_cache_limit(None)
    assert kernel_stats()["regions kept"] > 10
    cgt.clear_caches()
    assert kernel_stats() == {}


def test_compiled_false_and_the_wrong_kind_of_position():
    assert domineering_value(rectangle(2, 3), compiled=False) == cgt.Game("{2|-1/2}")
    with pytest.raises(cgt.WrongTypeError):
        kernel_value(cgt.Game(1))


# CGT_NO_KERNEL=1: test_grid_value_kernels.py (every game of the kernel)


def test_threads_share_the_kernel_safely():
    reset_kernel()
    sizes = [(3, 4), (4, 3), (2, 7), (3, 5), (4, 4), (2, 8)] * 3
    expected = {size: _engine(rectangle(*size)) for size in set(sizes)}
    results: dict[int, cgt.Game] = {}

    def work(index: int) -> None:
        results[index] = kernel_value(rectangle(*sizes[index]))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(sizes))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == expected[size] for i, size in enumerate(sizes))
