"""`games.grid.cram_search.CramSearch` against the plain recursion and `cgt.NimberSearch`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid import cram_search
from games.grid._bitboard import text_of
from games.grid.cram import Cram, rectangle
from games.grid.cram_search import CramSearch, cram_nimber, mirror_zero


@pytest.mark.parametrize("shape", [(1, 8), (2, 4), (3, 3), (2, 5), (4, 3)])
def test_every_board_of_a_shape_agrees_with_the_plain_recursion(shape: tuple[int, int]) -> None:
    height, width = shape
    solver = CramSearch()
    for empty in range(1 << height * width):
        board = Cram(text_of(height, width, empty))
        assert solver.nimber(board) == cgt.grundy(board, method="plain"), board


@settings(max_examples=40, deadline=None)
@given(
    st.integers(3, 4).flatmap(
        lambda h: st.tuples(st.just(h), st.just(5), st.integers(0, (1 << h * 5) - 1))
    )
)
def test_random_boards_agree_with_the_generic_search(case: tuple[int, int, int]) -> None:
    height, width, empty = case
    board = Cram(text_of(height, width, empty))
    value = cgt.NimberSearch().nimber(board)
    assert cram_nimber(board) == value
    solver = CramSearch()  # fresh: `has_nimber` answers from an empty table
    assert [solver.has_nimber(board, k) for k in range(value + 3)] == [
        k == value for k in range(value + 3)
    ]


def test_rectangles_and_published_values() -> None:
    # 3 x n as the plain recursion gives them; 4x5 = 2 in Beling and Rogalski's table, also
    # reproduced by `cgt.NimberSearch`
    solver = CramSearch()
    assert [solver.nimber(rectangle(3, n)) for n in range(1, 7)] == [1, 1, 0, 1, 1, 4]
    assert solver.nimber(rectangle(4, 5)) == 2
    assert solver.nimber(rectangle(4, 4)) == 0
    # the cheap rows of the benchmark table (docs/impartial-search.md): under a second each
    assert [solver.nimber(rectangle(3, n)) for n in (7, 8)] == [1, 3]
    assert [solver.nimber(rectangle(2, n)) for n in (11, 12, 13)] == [1, 0, 1]
    assert solver.nimber(rectangle(5, 5)) == 0 and solver.nimber(rectangle(4, 6)) == 0


def test_sums_and_bad_input() -> None:
    solver = CramSearch()
    board = Cram("...#....|........")
    assert solver.nimber(board) == cgt.grundy(board, method="plain")
    with pytest.raises(cgt.InvalidArgumentError):
        solver.has_nimber(rectangle(2, 3), -1)
    with pytest.raises(cgt.WrongTypeError):
        solver.nimber("...")
    with pytest.raises(cgt.InvalidArgumentError):
        CramSearch(table_limit=3)


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (2, 5), (2, 6), (3, 4), (4, 3)])
def test_the_mirror_rule_only_names_p_positions(shape: tuple[int, int]) -> None:
    """Every board the mirror strategy calls 0 is 0 by the plain recursion, and the rule
    fires on some boards of every shape."""
    height, width = shape
    fired = 0
    for empty in range(1 << height * width):
        if mirror_zero(height, width, empty):
            fired += 1
            assert cgt.grundy(Cram(text_of(height, width, empty)), method="plain") == 0
    assert fired >= 4


def test_the_mirror_rule_needs_no_fixed_cell_and_no_fixed_domino() -> None:
    assert mirror_zero(4, 4, (1 << 16) - 1)  # even x even: the half turn
    assert not mirror_zero(1, 3, 0b111)  # the middle cell is fixed (Cram 1x3 = *1)
    assert not mirror_zero(1, 2, 0b11)  # the domino is its own image (*1)
    assert not mirror_zero(3, 4, (1 << 12) - 1)  # 3x4 = *1: a domino across the centre


def test_equal_regions_cancel() -> None:
    solver = CramSearch()
    board = Cram("....#....|#########|....#....")  # four equal 1x4 strips: 2 ^ 2 ^ 2 ^ 2 = 0
    parts, x = solver._split(*board.bits)
    assert parts == () and x == 0
    assert solver.nimber(board) == 0 == cgt.grundy(board, method="plain")
    odd = Cram("....#....#....")  # three: one is left to search
    assert len(CramSearch()._split(*odd.bits)[0]) == 1
    assert solver.nimber(odd) == cgt.grundy(odd, method="plain") == 2


def test_cgt_grundy_uses_the_bit_board_search_for_cram() -> None:
    board = Cram("....#|.....|...#.|.....")
    before = cram_search._SHARED[0].expanded if cram_search._SHARED else 0
    assert cgt.grundy(board) == cgt.grundy(board, method="plain")
    assert cram_search._SHARED and cram_search._SHARED[0].expanded > before
    assert cram_search.shared_nimber(Cram("...|...")) is None  # small: the generic methods
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.register_nimber_solver("Cram", cram_nimber)  # type: ignore[arg-type]
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.register_nimber_solver(Cram, "no colon")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, (1 << 16) - 1))
def test_cgt_grundy_on_random_4x4_boards(empty: int) -> None:
    board = Cram(text_of(4, 4, empty))
    assert cgt.grundy(board) == cgt.grundy(board, method="plain")


# --- the NimberSearch interface: progress, stats, Ctrl-C, cgt nimber, the split ---------------
def test_progress_reports_stats_and_ctrl_c_keeps_what_was_learnt() -> None:
    seen: list[cgt.SearchStats] = []
    solver = CramSearch(progress=seen.append, table_limit=None)
    solver._report_every = solver._next_report = 256  # report often on a small board
    assert solver.nimber(rectangle(3, 8)) == 3
    assert len(seen) >= 5 and all(isinstance(s, cgt.SearchStats) for s in seen)
    counts = [s.expanded for s in seen]
    assert counts == sorted(counts) and counts[0] == 256
    assert solver.stats.expanded == 3565 and solver.stats.root_nimber_tested == 3

    def stop(stats: cgt.SearchStats) -> None:
        if stats.expanded >= 1024:
            raise KeyboardInterrupt

    halted = CramSearch(progress=stop)
    halted._report_every = halted._next_report = 256
    with pytest.raises(cgt.SearchInterrupted, match="interrupted after 1,024 positions") as info:
        halted.nimber(rectangle(3, 8))
    assert info.value.stats.expanded == 1024
    halted.progress = None  # asked again, it goes on from its tables and answers exactly
    assert halted.nimber(rectangle(3, 8)) == 3
    assert halted.has_nimber(rectangle(4, 5), 2) and not halted.has_nimber(rectangle(4, 5), 1)


def test_cgt_nimber_names_the_search_it_used(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from cgt.cli import main

    board = "|".join(["....."] * 4)
    assert cgt.nimber_search_for(rectangle(4, 5)) is CramSearch
    assert cgt.nimber_search_for(rectangle(4, 5), generic=True) is cgt.NimberSearch
    assert main(["nimber", "--game", "cram", board, "--json"]) == 0
    fast = json.loads(capsys.readouterr().out)
    assert main(["nimber", "--game", "cram", board, "--json", "--generic"]) == 0
    generic = json.loads(capsys.readouterr().out)
    assert (fast["nimber"], fast["solver"]) == (2, "Cram bit-board search")
    assert (generic["nimber"], generic["solver"]) == (2, "generic search")
    assert fast["positions_searched"] == 1105
    assert main(["nimber", "--game", "cram", board]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"cram {board}: *2" and out[1].startswith("Cram bit-board search: 1,105")


def test_the_split_searches_each_chunk_with_the_rulesets_search() -> None:
    # chunks are the 4 x 5 board's options up to symmetry, each solved by CramSearch on a
    # real Dask worker; the generic search on the chunks gives the same mex
    assert cgt.nimber_split(rectangle(4, 5), jobs=2) == 2
    assert cgt.nimber_split(rectangle(3, 5), jobs=1, generic=True) == 1
