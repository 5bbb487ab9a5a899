"""cgt.value on positions: known values, the sum law, impartial positions, loops, depth."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

import cgt
from cgt import Game


@cgt.partizan_game
def Hackenbush(edges: str) -> tuple[list[str], list[str]]:
    """A blue (L) / red (R) Hackenbush string, ground first: a cut removes the edges above."""
    return (
        [edges[:i] for i, c in enumerate(edges) if c == "L"],
        [edges[:i] for i, c in enumerate(edges) if c == "R"],
    )


def hackenbush_formula(edges: str) -> Fraction:
    """Berlekamp's rule: the run of the first colour counts whole, then halves with +/- signs."""
    value = Fraction(0)
    i = 0
    while i < len(edges) and edges[i] == edges[0]:
        value += 1 if edges[0] == "L" else -1
        i += 1
    step = Fraction(1, 2)
    for c in edges[i:]:
        value += step if c == "L" else -step
        step /= 2
    return value


def all_strings(length: int) -> list[str]:
    strings = [""]
    for _ in range(length):
        strings = [s + c for s in strings for c in "LR"]
    return strings


def test_hackenbush_strings_against_berlekamps_rule() -> None:
    for length in range(9):
        for edges in all_strings(length):
            assert cgt.value(Hackenbush(edges)) == hackenbush_formula(edges), edges


@cgt.partizan_game
def Domineering(rows: int, cols: int, filled: frozenset[tuple[int, int]]) -> tuple[list, list]:
    """Left places vertical dominoes, Right horizontal ones (plain recursion, no decomposition)."""

    def moves(dr: int, dc: int) -> list:
        result = []
        for r in range(rows - dr):
            for c in range(cols - dc):
                a, b = (r, c), (r + dr, c + dc)
                if a not in filled and b not in filled:
                    result.append((rows, cols, filled | {a, b}))
        return result

    return moves(1, 0), moves(0, 1)


def board(rows: int, cols: int) -> object:
    return Domineering(rows, cols, frozenset())


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [
        (1, 1, "0"),
        (2, 1, "1"),
        (1, 2, "-1"),
        (2, 2, "±1"),
        (3, 1, "1"),
        (4, 1, "2"),
        (2, 3, "{2|-1/2}"),
        (3, 3, "±1"),
        (3, 2, "{1/2|-2}"),
    ],
)
def test_domineering_known_values(rows: int, cols: int, expected: str) -> None:
    # Values from Berlekamp-Conway-Guy, Winning Ways ch. 2, and Lessons in Play, ch. 2.
    assert cgt.value(board(rows, cols)) is cgt.parse(expected)


def test_value_of_sum_is_sum_of_values() -> None:
    strings = ["LR", "RLL", "LLR", "L", "RR"]
    parts = [Hackenbush(s) for s in strings] + [board(2, 2), board(2, 3)]
    for i in range(len(parts)):
        for j in range(i, len(parts)):
            s = cgt.Sum(parts[i], parts[j])
            total = cgt.value(parts[i]) + cgt.value(parts[j])
            assert cgt.value(s) is total
            assert cgt.value(s, decompose=False) is total


def test_games_and_impartial_positions_as_components() -> None:
    @cgt.impartial_game
    def Nim(n: int) -> range:
        return range(n)

    assert cgt.value(Nim(6)) is Game(cgt.Nimber(6))
    assert cgt.value(cgt.Sum(Nim(3), Nim(5))) is Game(cgt.Nimber(6))
    assert cgt.value(cgt.Sum(Nim(1), Hackenbush("LR"), cgt.UP)) is cgt.parse("1/2^*")
    assert cgt.value(cgt.UP) is cgt.UP
    assert cgt.outcome(Nim(0)) is cgt.Outcome.P and cgt.outcome(board(2, 2)) is cgt.Outcome.N


def test_loops_and_bad_positions_raise() -> None:
    @cgt.partizan_game
    def Loop(n: int) -> tuple[list[int], list[int]]:
        return [(n + 1) % 3], []

    with pytest.raises(cgt.LoopyGameError):
        cgt.value(Loop(0))
    with pytest.raises(cgt.NotAPositionError):
        cgt.value(42)
    with pytest.raises(cgt.UnhashablePositionError):
        cgt.value([1, 2])


@cgt.partizan_game
def HotChain(n: int) -> tuple[list[int], list[int]]:
    """HotChain(n) = {1 | HotChain(n-1)}, HotChain(0) = 0: canonical trees n deep."""
    if n == 0 or n == -2:  # worth 0
        return [], []
    if n == -1:  # worth 1 = {0 | }
        return [-2], []
    return [-1], [n - 1]


def test_ten_thousand_deep_chain_through_value_and_game_operations() -> None:
    limit = sys.getrecursionlimit()
    depth = 10_000
    g = cgt.value(HotChain(depth))
    assert g.birthday == depth + 1
    assert (g.left_stop, g.right_stop) == (1, 1)
    assert g > 0 and cgt.outcome(g) is cgt.Outcome.L
    assert -g < 0 and g - g is cgt.ZERO
    assert g + 1 > g and (g + 1) - 1 is g
    assert g + cgt.STAR != g
    assert cgt.parse(str(g)) is g
    assert sys.getrecursionlimit() == limit


def test_long_chain_of_moves_to_a_number() -> None:
    @cgt.partizan_game
    def Countdown(n: int) -> tuple[list[int], list[int]]:
        return ([n - 1] if n else []), ([n - 2] if n > 1 else [])

    # The values cycle 0, 1, {1|0} with period 3.
    assert cgt.value(Countdown(20_000)) is cgt.parse("{1|0}")
    assert cgt.value(Countdown(19_999)) is Game(1)


def every_position(root: object) -> list[object]:
    seen: dict[object, None] = {}
    stack = [root]
    while stack:
        p = stack.pop()
        if p not in seen:
            seen[p] = None
            stack.extend(cgt.left_options_of(p) + cgt.right_options_of(p))
    return list(seen)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 6)])
def test_fast_state_evaluator_agrees_with_the_position_protocol(rows: int, cols: int) -> None:
    from cgt.partizan.values import _value_generic

    for position in every_position(board(rows, cols)):
        cgt.clear_caches()
        assert cgt.value(position) is _value_generic(position), position


def test_fast_evaluator_multi_parameter_states_and_mixed_options() -> None:
    from cgt.partizan.values import _value_generic

    @cgt.partizan_game
    def Pushes(left: int, right: int) -> tuple[list, list]:
        return (
            ([(left - 1, right)] if left else []) + ([Hackenbush("LR")] if left == 1 else []),
            (x for x in [(left, right - 1)] if right),  # any iterable works
        )

    for position in every_position(Pushes(3, 2)):
        assert cgt.value(position) is _value_generic(position)
    assert cgt.value(Pushes(1, 0)) is Game(1)  # {0, 1/2 | } = 1
    assert cgt.value(Pushes(3, 2)) is Game(1)


@pytest.mark.parametrize(
    ("moves", "error"),
    [
        (lambda n: [n - 1], cgt.NotAPositionError),  # not a (left, right) pair
        (lambda n: ([[n]], []), cgt.UnhashablePositionError),
        (lambda n: (5, []), cgt.NotAPositionError),
        (lambda n: ([(n - 1) % 2], []), cgt.LoopyGameError),
    ],
)
def test_fast_evaluator_reports_bad_games(moves: object, error: type) -> None:
    definition = cgt.partizan_game(lambda n: moves(n))  # type: ignore[operator]
    with pytest.raises(error):
        cgt.value(definition(1))


def test_games_serve_as_positions() -> None:
    assert cgt.left_options_of(cgt.UP) == (cgt.ZERO,)
    s = cgt.Sum(cgt.UP, cgt.STAR, Hackenbush("LR"))
    assert cgt.value(s) is cgt.parse("1/2^*") is cgt.value(s, decompose=False)
    assert len(s.left_options()) == 3

    @cgt.partizan_game
    def Jump(n: int) -> tuple[list, list]:
        """Left may jump straight to the value 3/4; both may step down."""
        return ([Game("3/4")] if n else []) + ([n - 1] if n else []), [n - 1] if n else []

    for n in range(4):
        assert cgt.value(Jump(n)) is _value_generic_of(Jump(n))
    assert cgt.value(Jump(1)) is Game(left=[Game("3/4"), 0], right=[0])


def _value_generic_of(position: object) -> Game:
    from cgt.partizan.values import _value_generic

    return _value_generic(position)


class _Lane:
    """Left walks 0 -> 1 -> ... -> tail, then round a cycle of ``cycle`` positions."""

    def __init__(self, n: int, tail: int, cycle: int) -> None:
        self.n, self.tail, self.cycle = n, tail, cycle

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Lane) and (self.n, self.tail, self.cycle) == (
            other.n,
            other.tail,
            other.cycle,
        )

    def __hash__(self) -> int:
        return hash((self.n, self.tail, self.cycle))

    def left_options(self) -> list[_Lane]:
        after = self.n + 1
        if after > self.tail + self.cycle - 1:
            after = self.tail  # back to the first position of the cycle
        return [_Lane(after, self.tail, self.cycle)]

    def right_options(self) -> list[_Lane]:
        return []


@pytest.mark.parametrize(("tail", "cycle"), [(0, 1), (0, 3), (5, 2), (2_000, 3), (40_000, 7)])
def test_a_loop_after_a_long_line_is_named_with_its_first_cycle(tail: int, cycle: int) -> None:
    """The evaluator looks for a repeated position when the line of play gets long (not at
    every step); the error still names the first cycle, from its first position round."""
    with pytest.raises(cgt.LoopyGameError) as caught:
        cgt.value(_Lane(0, tail, cycle))
    names = [p.n for p in caught.value.cycle]
    assert names == [*range(tail, tail + cycle), tail]
