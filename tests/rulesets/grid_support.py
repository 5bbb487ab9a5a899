"""Shared helpers of the grid ruleset tests: boards to try, the plain recursion, the oracles."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import cgt


def shapes(max_rows: int, max_columns: int, max_cells: int) -> list[tuple[int, int]]:
    """Board shapes (rows, columns) within the bounds, smallest first."""
    return sorted(
        ((h, w) for h in range(1, max_rows + 1) for w in range(1, max_columns + 1)
         if h * w <= max_cells),
        key=lambda s: (s[0] * s[1], s),
    )  # fmt: skip


def boards(alphabet: str, max_rows: int, max_columns: int, max_cells: int) -> Iterator[str]:
    """Every board in the string form over ``alphabet`` within the bounds."""
    for h, w in shapes(max_rows, max_columns, max_cells):
        for cells in itertools.product(alphabet, repeat=h * w):
            text = "".join(cells)
            yield "|".join(text[r * w : (r + 1) * w] for r in range(h))


class Plain:
    """A position seen only through its moves (no components, no normal form): the recursion
    that `components` and `normal_form` are checked against."""

    __slots__ = ("position",)

    def __init__(self, position: Any) -> None:
        self.position = position

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plain) and self.position == other.position

    def __hash__(self) -> int:
        return hash(("plain", self.position))

    def __repr__(self) -> str:
        return f"Plain({self.position!r})"

    def left_options(self) -> tuple[Plain, ...]:
        if hasattr(self.position, "options"):
            return tuple(Plain(p) for p in self.position.options())
        return tuple(Plain(p) for p in self.position.left_options())

    def right_options(self) -> tuple[Plain, ...]:
        if hasattr(self.position, "options"):
            return tuple(Plain(p) for p in self.position.options())
        return tuple(Plain(p) for p in self.position.right_options())


def plain_value(position: Any) -> cgt.Game:
    """The canonical value by the plain recursion over the moves."""
    return cgt.value(Plain(position))


def check_protocol(position: Any) -> cgt.Game:
    """Check `components` and `normal_form` of ``position`` against the plain recursion."""
    cls = type(position)
    value = plain_value(position)
    assert cls(str(position)) == position and hash(cls(str(position))) == hash(position)
    parts = position.components()
    assert parts and all(type(p) is cls for p in parts)
    assert sum((plain_value(p) for p in parts), cgt.ZERO) == value, (position, parts)
    if len(parts) > 1:
        for part in parts:
            assert part.components() == (part,), (position, part)
    representative, negated = position.normal_form()
    assert type(representative) is cls
    assert plain_value(representative) == (-value if negated else value), position
    assert representative.normal_form() == (representative, False), representative
    return value


def from_cgt_py(form: Any) -> cgt.Game:
    """A cgt-py ``CanonicalForm`` as a `cgt.Game`, through its printed form."""
    text = repr(form)
    assert text.startswith("CanonicalForm('") and text.endswith("')"), text
    return cgt.parse(text[len("CanonicalForm('") : -2])


class _Pycgt:
    """A pycgt game as a position (its options are its left and right sets)."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Pycgt) and self.game == other.game

    def __hash__(self) -> int:
        return hash(("pycgt", self.game))

    def left_options(self) -> tuple[_Pycgt, ...]:
        return tuple(_Pycgt(g) for g in self.game.left)

    def right_options(self) -> tuple[_Pycgt, ...]:
        return tuple(_Pycgt(g) for g in self.game.right)


def from_pycgt(game: Any) -> cgt.Game:
    """A pycgt ``Game`` as a `cgt.Game`, option by option."""
    return cgt.value(_Pycgt(game))


def grid_graph(board: str) -> tuple[int, list[tuple[int, int]], list[int], list[int]]:
    """A board as a graph: its cells (not ``#``) numbered in reading order, joined when they
    share a side; with the cells coloured ``x`` (Left, blue) and ``o`` (Right, red)."""
    rows = board.split("|") if board else []
    number: dict[tuple[int, int], int] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "#":
                number[r, c] = len(number)
    edges = [
        (v, number[r + dr, c + dc])
        for (r, c), v in number.items()
        for dr, dc in ((0, 1), (1, 0))
        if (r + dr, c + dc) in number
    ]
    blue = [v for (r, c), v in number.items() if rows[r][c] == "x"]
    red = [v for (r, c), v in number.items() if rows[r][c] == "o"]
    return len(number), edges, blue, red


def cgt_py_colouring(cgt_py: Any, game: str, board: str) -> cgt.Game:
    """The value of a Snort or Col board by cgt-py's graph game of the same name.

    cgt-tools keeps only the uncoloured vertices, "tinted" with the player who alone may still
    colour them (``blue`` Left, ``red`` Right): the board is converted to that form (a cell
    neither player may colour is left out)."""
    vertices, edges, blue, red = grid_graph(board)
    coloured = {v: "x" for v in blue} | {v: "o" for v in red}
    neighbours: dict[int, set[int]] = {v: set() for v in range(vertices)}
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    may: dict[int, set[str]] = {}
    for v in range(vertices):
        if v in coloured:
            continue
        near = {coloured[u] for u in neighbours[v] if u in coloured}
        if game == "Snort":  # not next to the opponent's colour
            may[v] = {p for p in "xo" if ("o" if p == "x" else "x") not in near}
        else:  # Col: not next to your own colour
            may[v] = {p for p in "xo" if p not in near}
    kept = sorted(v for v in may if may[v])
    index = {v: i for i, v in enumerate(kept)}
    graph = cgt_py.Graph(
        len(kept),
        [(index[a], index[b]) for a, b in edges if a in index and b in index],
        blue=[index[v] for v in kept if may[v] == {"x"}],
        red=[index[v] for v in kept if may[v] == {"o"}],
    )
    return from_cgt_py(getattr(cgt_py, game)(graph).canonical_form)


def pycgt_colouring(graphs: Any, game: str, board: str) -> cgt.Game:
    """The value of a Snort or Col board by pycgt's graph colouring games."""
    vertices, edges, blue, red = grid_graph(board)
    position = graphs.Colouring(graphs.Graph.of(vertices, edges), frozenset(blue), frozenset(red))
    return from_pycgt(graphs.value(position, graphs.SNORT if game == "Snort" else graphs.COL))


def board_strategy(alphabet: str, max_rows: int, max_columns: int) -> Any:
    """A hypothesis strategy of boards over ``alphabet`` up to ``max_rows`` x ``max_columns``."""
    from hypothesis import strategies as st

    def grid(shape: tuple[int, int]) -> Any:
        rows, columns = shape
        row = st.text(alphabet, min_size=columns, max_size=columns)
        return st.lists(row, min_size=rows, max_size=rows).map("|".join)

    return st.tuples(st.integers(1, max_rows), st.integers(1, max_columns)).flatmap(grid)
