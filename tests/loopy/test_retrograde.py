"""Retrograde analysis against an independent fixpoint (who can force a win) on random graphs."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import given, settings

import cgt
from cgt.loopy._retrograde import DRAW, LEFT_WINS, RIGHT_WINS, explore, solve


def _forced_wins(left: list[list[int]], right: list[list[int]]) -> tuple[list[int], list[int]]:
    """The least fixpoint: states from which Left, or Right, can force the end of play won."""
    n = len(left)
    results = []
    for winner in ("L", "R"):
        wins_left_to_move = [False] * n
        wins_right_to_move = [False] * n
        changed = True
        while changed:
            changed = False
            for v in range(n):
                if winner == "L":
                    a = any(wins_right_to_move[w] for w in left[v])
                    b = all(wins_left_to_move[w] for w in right[v])
                else:
                    a = all(wins_right_to_move[w] for w in left[v])
                    b = any(wins_left_to_move[w] for w in right[v])
                if a and not wins_left_to_move[v]:
                    wins_left_to_move[v] = changed = True
                if b and not wins_right_to_move[v]:
                    wins_right_to_move[v] = changed = True
        results.append((wins_left_to_move, wins_right_to_move))
    (l_first_l, r_first_l), (l_first_r, r_first_r) = results
    first = [LEFT_WINS if l_first_l[v] else RIGHT_WINS if l_first_r[v] else DRAW for v in range(n)]
    second = [LEFT_WINS if r_first_l[v] else RIGHT_WINS if r_first_r[v] else DRAW for v in range(n)]
    return first, second


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 8) -> tuple[list[list[int]], list[list[int]]]:
    n = draw(st.integers(1, max_nodes))
    edges = st.lists(st.integers(0, n - 1), max_size=3, unique=True)
    left = [draw(edges) for _ in range(n)]
    right = [draw(edges) for _ in range(n)]
    return left, right


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_retrograde_agrees_with_the_fixpoint_of_forced_wins(graph: tuple) -> None:
    left, right = graph
    first, second = solve(left, right)
    assert (list(first), list(second)) == _forced_wins(left, right)


def test_small_graphs_by_hand() -> None:
    # 0: on, 1: off, 2: dud, 3: zero, 4: {0 | dud}
    left = [[0], [], [2], [], [3]]
    right = [[], [1], [2], [], [2]]
    first, second = solve(left, right)
    assert list(first) == [LEFT_WINS, RIGHT_WINS, DRAW, RIGHT_WINS, LEFT_WINS]
    assert list(second) == [LEFT_WINS, RIGHT_WINS, DRAW, LEFT_WINS, DRAW]


def test_a_cycle_of_100000_nodes_needs_no_recursion() -> None:
    n = 100_000
    # Both players step forward around the cycle; at node 0 Right may also end the game.
    left = [[(v + 1) % n] for v in range(n)] + [[]]
    right = [[(v + 1) % n] for v in range(n)] + [[]]
    right[0].append(n)
    first, second = solve(left, right)
    assert (first[0], second[0]) == (DRAW, RIGHT_WINS)
    assert (first[1], second[1]) == (RIGHT_WINS, DRAW)
    game = cgt.LoopyGame.from_graph(left, right)
    assert isinstance(game, cgt.LoopyGame) and not game.is_stopper
    assert cgt.outcome(game) == cgt.Outcome.DR
    small = cgt.LoopyGame.from_graph(
        [[(v + 1) % 300] for v in range(300)], [[(v + 1) % 300] for v in range(300)]
    )
    assert str(small) == "dud"  # small graphs are reduced (here all nodes are alike)
    both = [[(v + 1) % 1000] for v in range(1000)] + [[]]
    right_too = [list(options) for options in both]
    right_too[0].append(1000)
    game = cgt.LoopyGame.from_graph(both, right_too)
    assert str(game) == "<loopy game of 1001 nodes>"  # each node would be written 2^k times
    # Left alone walks around the cycle; at node 0 Right may end the game: a stopper.
    n = 5_000
    left = [[(v + 1) % n] for v in range(n)] + [[]]
    right = [[] for _ in range(n)] + [[]]
    right[0].append(n)
    game = cgt.LoopyGame.from_graph(left, right)
    assert isinstance(game, cgt.LoopyGame) and game.is_stopper
    assert game.outcome == cgt.Outcome.N  # Right moving first ends it at once
    text = str(game)
    assert text.startswith("a{{{") and text.endswith("|0}") and text.count("{") == n


def test_explore_numbers_breadth_first_and_drops_repeats() -> None:
    nodes, left, right = explore(3, lambda k: ([k - 1, k - 1] if k else [], [k] if k else []))
    assert nodes == [3, 2, 1, 0]
    assert left == [[1], [2], [3], []] and right == [[0], [1], [2], []]
