"""The fast paths of `cgt.value` (plain position classes and games of a function valued on their
nodes, by recursion; `make`'s table keyed by option ids; the stops test in `le`) against the
generic recursion, on every position of small games, and in the cases they hand back to it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.partizan import _canonical as core
from cgt.partizan.values import _value_generic


def _moves(rows: int, columns: int):
    vertical, horizontal = [], []
    for r in range(rows):
        for c in range(columns):
            cell = 1 << (r * columns + c)
            if r + 1 < rows:
                vertical.append(cell | cell << columns)
            if c + 1 < columns:
                horizontal.append(cell | cell << 1)

    def moves(filled: int) -> tuple[list[int], list[int]]:
        return (
            [filled | m for m in vertical if not filled & m],
            [filled | m for m in horizontal if not filled & m],
        )

    return moves


@dataclasses.dataclass(frozen=True)
class Board:
    """Domineering as a user's frozen dataclass: a plain class, valued on its nodes."""

    filled: int
    rows: int
    columns: int

    def left_options(self) -> tuple[Board, ...]:
        return tuple(Board(f, self.rows, self.columns) for f in self._moves()[0])

    def right_options(self) -> list[Board]:  # a list, not a tuple: converted
        return [Board(f, self.rows, self.columns) for f in self._moves()[1]]

    def _moves(self) -> tuple[list[int], list[int]]:
        return _moves(self.rows, self.columns)(self.filled)


def _reachable(moves: Any, root: int) -> list[int]:
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            left, right = moves(node)
            stack += left + right
    return sorted(seen)


@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (3, 4)])
def test_every_position_agrees_with_the_generic_recursion(shape: tuple[int, int]) -> None:
    rows, columns = shape
    moves = _moves(rows, columns)

    @cgt.partizan_game
    def Domineering(filled: int) -> tuple[list[int], list[int]]:
        return moves(filled)

    cgt.clear_caches()
    for filled in _reachable(moves, 0):
        by_state = cgt.value(Domineering(filled))
        by_class = cgt.value(Board(filled, rows, columns))
        assert by_state is by_class is _value_generic(Board(filled, rows, columns))


def test_known_values() -> None:
    assert str(cgt.value(Board(0, 2, 3))) == "{2|-1/2}"
    assert str(cgt.value(Board(0, 3, 2))) == "{1/2|-2}"
    assert str(cgt.value(Board(0, 2, 2))) == "±1"


@dataclasses.dataclass(frozen=True)
class Mixed:
    """A plain class whose options include values, sums and positions of another class."""

    n: int

    def left_options(self) -> tuple[Any, ...]:
        if self.n == 0:
            return ()
        return (Mixed(self.n - 1), cgt.Game("1/2"), cgt.Sum(Board(0, 2, 2), Mixed(0)))

    def right_options(self) -> tuple[Any, ...]:
        return (Board(0, 1, 2 + self.n % 3),) if self.n else ()


def test_options_of_other_kinds() -> None:
    cgt.clear_caches()
    for n in range(6):
        assert cgt.value(Mixed(n)) is _value_generic(Mixed(n))


@dataclasses.dataclass(frozen=True)
class Chain:
    """A line of play ``n`` moves long: deeper than the recursion goes."""

    n: int

    def left_options(self) -> tuple[Chain, ...]:
        return (Chain(self.n - 1),) if self.n else ()

    def right_options(self) -> tuple[Chain, ...]:
        return ()


def test_deep_plain_class_is_finished_without_recursion() -> None:
    assert cgt.value(Chain(5_000)) == 5_000
    assert cgt.value(Chain(5_001)) == 5_001


@dataclasses.dataclass(frozen=True)
class Loop:
    n: int

    def left_options(self) -> tuple[Loop, ...]:
        return (Loop((self.n + 1) % 3),)

    def right_options(self) -> tuple[Loop, ...]:
        return ()


def test_loop_in_a_plain_class_is_named() -> None:
    with pytest.raises(cgt.LoopyGameError) as error:
        cgt.value(Loop(0))
    assert "Loop(n=0)" in str(error.value)


@dataclasses.dataclass(frozen=True)
class Unhashable:
    def left_options(self) -> tuple[Any, ...]:
        return ([1, 2],)  # type: ignore[return-value]

    def right_options(self) -> tuple[Any, ...]:
        return ()


def test_unhashable_option_of_a_plain_class() -> None:
    with pytest.raises(cgt.UnhashablePositionError):
        cgt.value(Unhashable())


def test_a_small_cache_bound_gives_the_same_values() -> None:
    moves = _moves(3, 4)

    @cgt.partizan_game
    def Domineering(filled: int) -> tuple[list[int], list[int]]:
        return moves(filled)

    cgt.clear_caches()
    expected = cgt.value(Domineering(0))
    by_class = cgt.value(Board(0, 3, 4))
    cgt.clear_caches()
    try:
        cgt.set_cache_limit(20)
        assert cgt.value(Domineering(0)) is expected
        assert cgt.value(Board(0, 3, 4)) is by_class is expected
    finally:
        cgt.set_cache_limit(1_000_000)
        cgt.clear_caches()


def test_game_of_several_parameters_and_of_other_kinds() -> None:
    @cgt.partizan_game
    def Pushes(left: int, right: int) -> tuple[list[Any], list[Any]]:
        options: list[Any] = [(left - 1, right)] if left else []
        if left == 2:
            options.append(cgt.Game("*"))
        return options, ([(left, right - 1)] if right else [])

    for a in range(4):
        for b in range(4):
            assert cgt.value(Pushes(a, b)) is _value_generic(Pushes(a, b))


games = st.recursive(
    st.sampled_from([cgt.Game(0), cgt.Game(1), cgt.Game(-1), cgt.STAR, cgt.UP, cgt.Game("1/2")]),
    lambda inner: st.builds(
        lambda a, b: cgt.Game(left=a, right=b),
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3),
    ),
    max_leaves=12,
)


@given(games, games)
@settings(max_examples=200, deadline=None)
def test_stops_keep_the_order(g: cgt.Game, h: cgt.Game) -> None:
    """``g <= h`` (the stops test included) agrees with the definition on the options."""
    expected = not any(h <= gl for gl in g.left_options) and not any(
        hr <= g for hr in h.right_options
    )
    assert (g <= h) is expected
    if g <= h:
        (gl, gr), (hl, hr) = core.stops(g), core.stops(h)
        assert gl[0] << hl[1] <= hl[0] << gl[1] and gr[0] << hr[1] <= hr[0] << gr[1]


@given(st.lists(games, max_size=5), st.lists(games, max_size=5), st.randoms())
@settings(max_examples=100, deadline=None)
def test_make_does_not_depend_on_order_or_repeats(left: list, right: list, rnd: Any) -> None:
    expected = cgt.Game(left=left, right=right)
    shuffled_left, shuffled_right = left + left[:1], right[::-1]
    rnd.shuffle(shuffled_left)
    assert core.make(shuffled_left, shuffled_right) is expected
    assert core.make_split(shuffled_left + shuffled_right, len(shuffled_left)) is expected
