"""Konane: every small board against cgt-py, multi-jumps, the protocol, bad boards."""

import pytest
from grid_support import board_strategy, boards, check_protocol, from_cgt_py
from hypothesis import given, settings

import cgt
from games.grid.konane import BoardError, Konane

SMALL = list(boards(".xo", 3, 3, 6)) + list(boards(".xo#", 2, 2, 4)) + list(boards(".xo", 1, 7, 7))


@pytest.mark.parametrize("method", ["auto", "engine"])  # the compiled kernel, cgt's engine
def test_every_small_board_matches_cgt_py(method):
    cgt.clear_caches()  # the two methods share the memo of values: each starts afresh
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in SMALL:
        expected = from_cgt_py(cgt_py.Konane(board).canonical_form)
        assert cgt.value(Konane(board), method=method) == expected, board


@pytest.mark.parametrize("method", ["auto", "engine"])
def test_larger_boards_match_cgt_py(method):
    cgt.clear_caches()
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    for board in ("xox.|oxo.|....", "xoxo|oxox|....", "x.o.x|o.x.o|.....", "xo.ox.|......"):
        expected = from_cgt_py(cgt_py.Konane(board).canonical_form)
        assert cgt.value(Konane(board), method=method) == expected, board


@settings(max_examples=40)
@given(board_strategy(".xo#", 3, 4))
def test_random_boards_match_cgt_py_and_the_protocol(board):
    cgt_py = pytest.importorskip("cgt_py", reason="cgt-py (the cgt-tools oracle) is not installed")
    expected = from_cgt_py(cgt_py.Konane(board).canonical_form)
    assert check_protocol(Konane(board)) == expected, board


def test_components_and_normal_form_against_the_plain_recursion():
    for board in SMALL:
        check_protocol(Konane(board))
    for board in ("xo...|.....|...ox", "xo..ox", "x.o.x|o.x.o|....."):
        check_protocol(Konane(board))


def test_multi_jumps_stop_anywhere_in_a_straight_line():
    assert Konane("xo.o.o.").left_options() == (
        Konane("..xo.o."),
        Konane("....xo."),
        Konane("......x"),
    )
    # no turning: the second jump would have to go down
    assert Konane("xo.|..o|...").left_options() == (Konane("..x|..o|..."),)
    assert Konane("xo.o.").right_options() == ()


@pytest.mark.parametrize(
    ("board", "value"),
    [
        ("xo.", "1"),
        (".ox", "1"),
        ("xo", "0"),
        ("x.o", "0"),
        ("xo.o.", "1"),
        (".xo", "-1"),
        ("oxx.", "0"),
    ],
)
def test_known_values(board, value):
    assert cgt.value(Konane(board)) == cgt.parse(value)


def test_components_split_only_parts_that_cannot_meet():
    assert Konane("xo...|.....|...ox").components() == (Konane("xo..."), Konane("...ox"))
    assert Konane("xo..ox").components() == (Konane("xo..ox"),)  # they can meet in the middle
    assert Konane("xx..oo").components() == (Konane(""),)  # no stone can ever jump


def test_bad_board():
    with pytest.raises(BoardError, match="unexpected 'L'"):
        Konane("L.o")


def _reachable_by_cells(board):
    """The reachable cells of `games.grid.konane._reachable`, cell by cell (the oracle of the
    bit-board closure)."""
    grid = Konane(board).grid
    cells = grid.cells
    may = {i: {ch} for i, ch in enumerate(cells) if ch in "xo"}
    grown = True
    while grown:
        grown = False
        for i, colours in list(may.items()):
            for colour in list(colours):
                enemy = "o" if colour == "x" else "x"
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    over = grid.step(i, dr, dc)
                    if over is None or enemy not in may.get(over, ()):
                        continue
                    land = grid.step(over, dr, dc)
                    if land is None or cells[land] == "#" or colour in may.get(land, ()):
                        continue
                    may.setdefault(land, set()).add(colour)
                    grown = True
    return set(may)


def test_reachable_cells_by_bit_boards_match_the_cell_by_cell_closure():
    from games.grid.konane import _reachable

    extra = (
        list(boards(".xo", 3, 3, 9)) + list(boards(".xo#", 3, 3, 6)) + list(boards(".xo", 4, 4, 8))
    )
    for board in SMALL + extra:
        assert _reachable(Konane(board).grid) == _reachable_by_cells(board), board


@settings(max_examples=200)
@given(board_strategy(".xo#", 5, 6))
def test_reachable_cells_on_random_boards(board):
    from games.grid.konane import _reachable

    assert _reachable(Konane(board).grid) == _reachable_by_cells(board), board
