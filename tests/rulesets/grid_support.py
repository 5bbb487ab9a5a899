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
