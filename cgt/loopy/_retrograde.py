"""Retrograde analysis: who wins each position of a finite game graph, draws included.

A finite game graph has nodes with Left edges and Right edges.  A *state* is a node and the
player to move; the player who cannot move loses, and play that never ends is a draw.  The
states are solved backwards from the ends of play, as in endgame tables:

* a state whose mover has no move is lost for the mover;
* a state is won for the mover as soon as one move reaches a state lost for the opponent;
* a state is lost for the mover once every move reaches a state won for the opponent (each
  state counts its moves still undecided, and the count drops as they are decided);
* the states left undecided when nothing more follows are draws: from them, neither player can
  force the end of play in their favour, and each can avoid losing.

Each edge is looked at once from each end, so the work is linear in the size of the graph and
needs no recursion.  `explore` builds the explicit graph of any game given by a function from a
node to its options, breadth first.

>>> # node 0 = on = {on|}; node 1 = off = {|off}; node 2 = 0
>>> left, right = [[0], [], []], [[], [1], []]
>>> first, second = solve(left, right)
>>> [RESULT_NAMES[r] for r in first], [RESULT_NAMES[r] for r in second]
(['L', 'R', 'R'], ['L', 'R', 'L'])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any

__all__ = ["DRAW", "LEFT_WINS", "RESULT_NAMES", "RIGHT_WINS", "explore", "solve"]

LEFT_WINS = 1
RIGHT_WINS = 2
DRAW = 0
RESULT_NAMES = {LEFT_WINS: "L", RIGHT_WINS: "R", DRAW: "D"}

Graph = tuple[list[Any], list[list[int]], list[list[int]]]


def _reverse(edges: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    reverse: list[list[int]] = [[] for _ in range(n)]
    for source, targets in enumerate(edges):
        for target in targets:
            reverse[target].append(source)
    return reverse


def solve(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
) -> tuple[bytearray, bytearray]:
    """The result of every node with Left to move and with Right to move.

    ``left[v]`` and ``right[v]`` list the nodes Left and Right can move to from ``v`` (without
    repeats).  Returns two byte arrays of `LEFT_WINS`, `RIGHT_WINS` or `DRAW`: the first with
    Left moving first, the second with Right moving first.
    """
    n = len(left)
    by_left = _reverse(left, n)  # by_left[w]: nodes from which Left can move to w
    by_right = _reverse(right, n)
    left_first = bytearray(n)  # result with Left to move
    right_first = bytearray(n)
    left_open = [len(options) for options in left]  # Left's moves not yet known to lose
    right_open = [len(options) for options in right]
    queue: deque[int] = deque()  # decided states: 2 * node + (1 if Right is to move)
    for v in range(n):
        if not left_open[v]:
            left_first[v] = RIGHT_WINS
            queue.append(2 * v)
        if not right_open[v]:
            right_first[v] = LEFT_WINS
            queue.append(2 * v + 1)
    pop = queue.popleft
    push = queue.append
    while queue:
        state = pop()
        w = state >> 1
        if state & 1:  # Right to move at w: decides Left's moves into w
            if right_first[w] == LEFT_WINS:
                for u in by_left[w]:
                    if not left_first[u]:
                        left_first[u] = LEFT_WINS
                        push(2 * u)
            else:
                for u in by_left[w]:
                    if not left_first[u]:
                        left_open[u] -= 1
                        if not left_open[u]:
                            left_first[u] = RIGHT_WINS
                            push(2 * u)
        else:  # Left to move at w: decides Right's moves into w
            if left_first[w] == RIGHT_WINS:
                for u in by_right[w]:
                    if not right_first[u]:
                        right_first[u] = RIGHT_WINS
                        push(2 * u + 1)
            else:
                for u in by_right[w]:
                    if not right_first[u]:
                        right_open[u] -= 1
                        if not right_open[u]:
                            right_first[u] = LEFT_WINS
                            push(2 * u + 1)
    return left_first, right_first


def explore(root: Hashable, expand: Callable[[Any], tuple[Sequence[Any], Sequence[Any]]]) -> Graph:
    """The explicit graph of the game at ``root``: its nodes (``root`` first), Left and Right edges.

    ``expand(node)`` gives the Left and Right options of a node.  Nodes are numbered in breadth
    first order; repeated options are kept once.

    >>> nodes, left, right = explore(3, lambda n: ([n - 1] if n else [], [0] if n else []))
    >>> nodes, left, right
    ([3, 2, 0, 1], [[1], [3], [], [2]], [[2], [2], [], [2]])
    """
    index: dict[Any, int] = {root: 0}
    nodes: list[Any] = [root]
    left: list[list[int]] = []
    right: list[list[int]] = []
    position = 0
    while position < len(nodes):
        lefts, rights = expand(nodes[position])
        for options, edges in ((lefts, left), (rights, right)):
            targets: list[int] = []
            for option in options:
                target = index.get(option)
                if target is None:
                    target = index[option] = len(nodes)
                    nodes.append(option)
                if target not in targets:
                    targets.append(target)
            edges.append(targets)
        position += 1
    return nodes, left, right
