"""The optional protocol methods ``components()`` and ``normal_form()``: `cgt.value` and
`cgt.grundy` give the same values with them as without, use them (fewer positions searched), and
refuse malformed answers with named errors."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt

# A small Domineering on one row of strips of cells: a board is a tuple of rows, each row a
# string of '.' (empty) and '#' (filled).  Left places vertical dominoes, Right horizontal ones.


class Board:
    """Domineering through the options only (the reference)."""

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rows == self.rows  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.rows))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({'|'.join(self.rows)!r})"

    def _place(self, cells: tuple[tuple[int, int], ...]) -> Any:
        grid = [list(row) for row in self.rows]
        for r, c in cells:
            grid[r][c] = "#"
        return type(self)(tuple("".join(row) for row in grid))

    def _empty(self, r: int, c: int) -> bool:
        return 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) and self.rows[r][c] == "."

    def left_options(self) -> list[Any]:
        return [
            self._place(((r, c), (r + 1, c)))
            for r, row in enumerate(self.rows)
            for c in range(len(row))
            if self._empty(r, c) and self._empty(r + 1, c)
        ]

    def right_options(self) -> list[Any]:
        return [
            self._place(((r, c), (r, c + 1)))
            for r, row in enumerate(self.rows)
            for c in range(len(row))
            if self._empty(r, c) and self._empty(r, c + 1)
        ]


def _crop(cells: set[tuple[int, int]]) -> tuple[str, ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    height = max(r for r, _ in cells) - top + 1
    width = max(c for _, c in cells) - left + 1
    return tuple(
        "".join("." if (top + r, left + c) in cells else "#" for c in range(width))
        for r in range(height)
    )


class SplitBoard(Board):
    """The same game, declaring its regions and its symmetries."""

    def components(self) -> list[Any]:
        empty = {(r, c) for r, row in enumerate(self.rows) for c, x in enumerate(row) if x == "."}
        parts = []
        while empty:
            stack = [empty.pop()]
            region = set(stack)
            while stack:
                r, c = stack.pop()
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell in empty:
                        empty.remove(cell)
                        region.add(cell)
                        stack.append(cell)
            if len(region) > 1:  # a lone cell is worth 0
                parts.append(SplitBoard(_crop(region)))
        return parts

    def normal_form(self) -> tuple[Any, bool]:
        rows = self.rows
        flips = {rows, tuple(reversed(rows)), tuple(r[::-1] for r in rows)}
        flips.add(tuple(reversed(tuple(r[::-1] for r in rows))))
        transposed = tuple("".join(r[c] for r in rows) for c in range(len(rows[0])))
        swapped = {transposed, tuple(reversed(transposed)), tuple(r[::-1] for r in transposed)}
        swapped.add(tuple(reversed(tuple(r[::-1] for r in transposed))))
        best = min(flips)
        best_swapped = min(swapped)
        if best_swapped < best:
            return SplitBoard(best_swapped), True
        return SplitBoard(best), False


def _boards(height: int, width: int) -> list[tuple[str, ...]]:
    cells = height * width
    boards = []
    for mask in range(1 << cells):
        boards.append(
            tuple(
                "".join("#" if mask >> (r * width + c) & 1 else "." for c in range(width))
                for r in range(height)
            )
        )
    return boards


SHAPES = [(1, 5), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]


@pytest.mark.parametrize(("height", "width"), SHAPES)
def test_every_board_has_the_same_value_with_components_and_symmetry(
    height: int, width: int
) -> None:
    for rows in _boards(height, width):
        assert cgt.value(SplitBoard(rows)) == cgt.value(Board(rows)), rows


def test_published_values() -> None:
    # Winning Ways / Lessons in Play: the 2x2 square is ±1, a vertical domino 1, the 3x3 board ±1.
    assert cgt.value(SplitBoard(("..", ".."))) == cgt.Game("±1")
    assert cgt.value(SplitBoard((".", "."))) == 1
    assert cgt.value(SplitBoard(("..",))) == -1
    assert cgt.value(SplitBoard(("...", "...", "..."))) == cgt.Game("±1")
    assert cgt.value(SplitBoard(("..#..", "..#.."))) == cgt.value(SplitBoard(("..", ".."))) * 2


def test_the_methods_are_used_fewer_positions_are_searched() -> None:
    searched: dict[str, int] = {}

    def counting(cls: type) -> type:
        class Counted(cls):  # type: ignore[valid-type,misc]
            def left_options(self) -> list[Any]:
                searched[cls.__name__] = searched.get(cls.__name__, 0) + 1
                return [Counted(o.rows) for o in super().left_options()]

            def right_options(self) -> list[Any]:
                return [Counted(o.rows) for o in super().right_options()]

            if cls is SplitBoard:

                def components(self) -> list[Any]:
                    return [Counted(p.rows) for p in super().components()]

                def normal_form(self) -> tuple[Any, bool]:
                    rep, negated = super().normal_form()
                    return Counted(rep.rows), negated

        return Counted

    board = ("....", "....", "....")
    cgt.clear_caches()
    plain = cgt.value(counting(Board)(board))
    cgt.clear_caches()
    split = cgt.value(counting(SplitBoard)(board))
    assert plain == split
    assert searched["SplitBoard"] * 4 < searched["Board"], searched


def test_transposing_negates() -> None:
    for rows in _boards(2, 3):
        transposed = tuple("".join(r[c] for r in rows) for c in range(3))
        assert cgt.value(SplitBoard(transposed)) == -cgt.value(SplitBoard(rows))


@given(st.lists(st.integers(0, 6), max_size=4))
def test_impartial_components_give_the_xor(heaps: list[int]) -> None:
    class Heaps:
        def __init__(self, *sizes: int) -> None:
            self.sizes = tuple(sorted(s for s in sizes if s))

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Heaps) and other.sizes == self.sizes

        def __hash__(self) -> int:
            return hash(self.sizes)

        def options(self) -> list[Heaps]:
            return [
                Heaps(*self.sizes[:i], k, *self.sizes[i + 1 :])
                for i, h in enumerate(self.sizes)
                for k in range(h)
            ]

        def components(self) -> list[Heaps]:
            return [Heaps(s) for s in self.sizes]

    expected = 0
    for h in heaps:
        expected ^= h
    assert cgt.grundy(Heaps(*heaps)) == expected
    assert cgt.value(Heaps(*heaps)) == cgt.Game(cgt.Nimber(expected))


class _Broken(Board):
    def __init__(self, rows: tuple[str, ...], answer: Any) -> None:
        super().__init__(rows)
        self.answer = answer

    def __hash__(self) -> int:
        return hash(self.rows)


@pytest.mark.parametrize(
    ("method", "answer", "message"),
    [
        ("components", 5, "not an iterable of positions"),
        ("components", [1, 2], "which is not a position"),
        ("components", "self twice", "the position itself among 2 parts"),
        ("components", [[1]], "unhashable|cannot be hashed|not hashable"),
        ("normal_form", "self", "not a pair"),
        ("normal_form", (Board((".",)), 1), "not a pair"),
        ("normal_form", (3, False), "which is not a position"),
    ],
)
def test_malformed_answers_are_named_errors(method: str, answer: Any, message: str) -> None:
    class Bad(_Broken):
        pass

    def respond(self: Bad) -> Any:
        if answer == "self twice":
            return [self, self]
        if answer == "self":
            return self
        return answer

    setattr(Bad, method, respond)
    with pytest.raises(cgt.CGTError, match=message):
        cgt.value(Bad(("..", ".."), answer))


def test_no_part_is_zero_and_one_part_is_an_equal_position() -> None:
    class Cropped(Board):
        def components(self) -> list[Any]:
            rows = list(self.rows)  # drop the filled rows at the top and the bottom
            while rows and "." not in rows[0]:
                rows.pop(0)
            while rows and "." not in rows[-1]:
                rows.pop()
            return [Cropped(tuple(rows))] if rows else []

    assert cgt.value(Cropped(("##", "##"))) == 0
    assert cgt.value(Cropped(("##", "..", "##"))) == -1
    for rows in itertools.islice(_boards(3, 2), 64):
        assert cgt.value(Cropped(rows)) == cgt.value(Board(rows))
