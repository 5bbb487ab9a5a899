"""The bit boards of Domineering and Cram against a plain implementation on strings.

`Reference` below computes the moves, the components and the normal form of a board from its
string form only (rows of ``.`` and ``#``), the slow obvious way; every board up to 3 x 4 and
4 x 3 and random boards up to 5 x 5 must agree with `games.grid._bitboard`.
"""

from __future__ import annotations

import pickle

import pytest
from grid_support import board_strategy, boards
from hypothesis import given, settings

from games.grid._bitboard import Bits, bits_of, cropped, images, regions
from games.grid.cram import Cram
from games.grid.domineering import Domineering


# --- the reference: strings only ---------------------------------------------------------------
def _rows(board: str) -> list[str]:
    return board.split("|") if board else []


def _join(rows: list[str]) -> str:
    return "|".join(rows)


def _transpose(board: str) -> str:
    rows = _rows(board)
    return _join(["".join(column) for column in zip(*rows, strict=True)]) if rows else ""


def _flip_rows(board: str) -> str:
    return _join(_rows(board)[::-1])


def _mirror(board: str) -> str:
    return _join([row[::-1] for row in _rows(board)])


def _images(board: str) -> list[tuple[str, bool]]:
    """The 8 images and whether each is transposed."""
    found = []
    for transposed, base in ((False, board), (True, _transpose(board))):
        for rows_flipped in (base, _flip_rows(base)):
            found += [(rows_flipped, transposed), (_mirror(rows_flipped), transposed)]
    return found


def _cells(board: str) -> dict[tuple[int, int], str]:
    return {(r, c): ch for r, row in enumerate(_rows(board)) for c, ch in enumerate(row)}


def _covered(board: str, cells: set[tuple[int, int]]) -> str:
    rows = [list(row) for row in _rows(board)]
    for r, c in cells:
        rows[r][c] = "#"
    return _join(["".join(row) for row in rows])


def _keep(board: str, kept: set[tuple[int, int]]) -> str:
    """Only the empty cells in ``kept``, cropped to their bounding box."""
    empty = {rc for rc, ch in _cells(board).items() if ch == "." and rc in kept}
    if not empty:
        return ""
    top, bottom = min(r for r, _ in empty), max(r for r, _ in empty)
    left, right = min(c for _, c in empty), max(c for _, c in empty)
    return _join(
        [
            "".join("." if (r, c) in empty else "#" for c in range(left, right + 1))
            for r in range(top, bottom + 1)
        ]
    )


class Reference:
    """Moves, components and normal form of a board, computed on its string form."""

    def __init__(self, board: str, negates: bool) -> None:
        self.board, self.negates = board, negates

    def dominoes(self, vertical: bool) -> list[str]:
        cells = _cells(self.board)
        dr, dc = (1, 0) if vertical else (0, 1)
        return [
            _covered(self.board, {(r, c), (r + dr, c + dc)})
            for (r, c), ch in sorted(cells.items())
            if ch == "." and cells.get((r + dr, c + dc)) == "."
        ]

    def regions(self) -> list[set[tuple[int, int]]]:
        empty = {rc for rc, ch in _cells(self.board).items() if ch == "."}
        found = []
        for start in sorted(empty):
            if any(start in region for region in found):
                continue
            region, stack = {start}, [start]
            while stack:
                r, c = stack.pop()
                for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if near in empty and near not in region:
                        region.add(near)
                        stack.append(near)
            found.append(region)
        return found

    def least(self, board: str, plain_only: bool = False) -> tuple[str, bool]:
        candidates = [
            (image, transposed and self.negates)
            for image, transposed in _images(board)
            if not (plain_only and transposed)
        ]
        return min(candidates)

    def components(self) -> list[str]:
        parts = [r for r in self.regions() if len(r) > 1]
        if len(parts) == 1:
            return [self.board]
        if not parts:
            return [""]
        settled = []
        for part in parts:
            box = _keep(self.board, part)
            least, negated = self.least(box)
            settled.append(self.least(box, plain_only=True)[0] if negated else least)
        return settled

    def normal_form(self) -> tuple[str, bool]:
        joined = set().union(*(r for r in self.regions() if len(r) > 1))
        least, negated = self.least(_keep(self.board, joined))
        return (self.board, False) if least == self.board else (least, negated)


# --- the checks --------------------------------------------------------------------------------
def check_board(board: str) -> None:
    for cls, negates in ((Domineering, True), (Cram, False)):
        position, reference = cls(board), Reference(board, negates)
        assert str(position) == board and position == cls(board)
        assert [str(p) for p in position.components()] == reference.components(), (cls, board)
        representative, negated = position.normal_form()
        assert (str(representative), negated) == reference.normal_form(), (cls, board)
    vertical, horizontal = (
        Reference(board, True).dominoes(True),
        Reference(board, True).dominoes(False),
    )
    position = Domineering(board)
    assert [str(p) for p in position.left_options()] == vertical, board
    assert [str(p) for p in position.right_options()] == horizontal, board
    assert [str(p) for p in Cram(board).options()] == vertical + horizontal, board


SMALL = list(boards(".#", 4, 4, 12))


def test_every_board_up_to_3x4_agrees_with_the_string_reference():
    assert len(SMALL) == 9418  # 3 x 4 and 4 x 3: 4096 each
    for board in SMALL:
        check_board(board)


@settings(max_examples=150, deadline=None)
@given(board_strategy("...#", 5, 5))
def test_random_boards_up_to_5x5_agree_with_the_string_reference(board):
    check_board(board)


def check_remembered(board: str) -> None:
    """The normal forms a board remembers (its own, told by `components`, and those it tells
    the representatives and parts it makes) are the reference's."""
    for cls, negates in ((Domineering, True), (Cram, False)):
        position = cls._make(*bits_of(board))  # the interned board, as the moves make them
        parts = position.components()
        representative, _ = position.normal_form()
        for seen in (position, *parts, representative):
            reference = Reference(str(seen), negates)
            assert [str(p) for p in seen.components()] == reference.components(), (cls, board)
            found, negated = seen.normal_form()
            assert (str(found), negated) == reference.normal_form(), (cls, board, str(seen))


def test_remembered_normal_forms_agree_with_the_string_reference():
    for board in SMALL:
        check_remembered(board)


@settings(max_examples=150, deadline=None)
@given(board_strategy("...#", 5, 5))
def test_remembered_normal_forms_of_random_boards_up_to_5x5(board):
    check_remembered(board)


def test_the_empty_board_and_full_boards():
    check_board("")
    assert Domineering("").components() == (Domineering(""),)
    assert Domineering("##|##").normal_form() == (Domineering(""), False)
    assert Domineering("##|##").components() == (Domineering(""),)


def test_bits_read_and_written():
    # cell (r, c) is bit r * width + c
    assert bits_of("..#|#..") == Bits(2, 3, 0b110011)
    assert Domineering("..#|#..").bits == Bits(2, 3, 0b110011)
    assert bits_of("") == Bits(0, 0, 0)
    assert [bin(r) for r in regions(3, 3, 0b101_000_011)] == ["0b11", "0b1000000", "0b100000000"]
    assert cropped(3, 3, 0b000_110_000) == (1, 2, 0b11)
    assert cropped(3, 3, 0) == (0, 0, 0)


def test_the_eight_images_as_bits():
    # the L tromino "..|.#" in its 8 images; each key is the image turned by half a turn
    found = images(2, 2, 0b0111)
    assert sorted(bits for _, _, bits, _ in found) == sorted([0b0111, 0b1011, 0b1101, 0b1110] * 2)
    for key, _, bits, _ in found:
        assert key == int(format(bits, "04b")[::-1], 2)


def test_identity_pickling_and_immutability():
    board = Domineering("..#|...")
    assert board != Cram("..#|...") and hash(board) == hash(Domineering("..#|..."))
    assert pickle.loads(pickle.dumps(board)) == board
    assert pickle.loads(pickle.dumps(Cram(".|."))) == Cram(".|.")
    assert str(board.grid) == "..#|..." and board.to_text() == "..#\n..."
    with pytest.raises(AttributeError, match="immutable"):
        board._key = (1, 1, 1)  # type: ignore[misc]
