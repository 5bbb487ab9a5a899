"""Operations on explicit game graphs: cycles, stoppers, order, simplest forms, bisimulation.

A graph is two lists, ``left[v]`` and ``right[v]``: the nodes Left and Right can move to from
node ``v``; node 0 is the game itself and every node can be reached from it.  Everything here
is iterative.

* `is_stopper`: no infinite *alternating* play (Left, Right, Left, ...) from any node.
* `le_matrix`: ``G_i <= G_j`` for every pair of nodes of a stopper graph, by one retrograde
  analysis of the differences ``G_j - G_i`` (Left survives it moving second).
* `simplify`: the simplest form of a stopper (Siegel, *Combinatorial Game Theory*, VI.3):
  bypass reversible options and delete dominated ones until none is left, then fuse the nodes
  of equal value.  Every node keeps its value throughout, so one order matrix serves.
* `canonical`: the quotient by bisimulation (nodes whose game trees are identical), numbered
  canonically: two graphs have the same result exactly when their games have the same tree.

>>> left, right = [[1], []], [[0], []]   # over = {0 | over}
>>> is_stopper(left, right), short_games(left, right)[1]
(True, Game('0'))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from fractions import Fraction

from cgt.core.errors import CGTError
from cgt.loopy._retrograde import LEFT_WINS, RIGHT_WINS, explore, solve
from cgt.partizan.game import Game

__all__ = [
    "canonical",
    "classes",
    "has_cycle",
    "is_stopper",
    "le_matrix",
    "reachable",
    "short_games",
    "simplest_forms",
    "simplify",
    "stops",
    "sum_graph",
    "survives_difference",
]

Edges = list[list[int]]


def reachable(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], root: int
) -> tuple[Edges, Edges]:
    """The part of the graph reachable from ``root``, renumbered breadth first (root is 0)."""
    index = {root: 0}
    order = [root]
    position = 0
    while position < len(order):
        v = order[position]
        for w in (*left[v], *right[v]):
            if w not in index:
                index[w] = len(order)
                order.append(w)
        position += 1
    new_left = [_unique(index[w] for w in left[v]) for v in order]
    new_right = [_unique(index[w] for w in right[v]) for v in order]
    return new_left, new_right


def _unique(values: object) -> list[int]:
    return list(dict.fromkeys(values))  # type: ignore[call-overload]


def _acyclic_order(successors: Sequence[Sequence[int]]) -> list[int]:
    """The nodes that reach no cycle, each after all its successors (peeling off the sinks)."""
    n = len(successors)
    predecessors: Edges = [[] for _ in range(n)]
    remaining = [0] * n
    for v, targets in enumerate(successors):
        remaining[v] = len(targets)
        for w in targets:
            predecessors[w].append(v)
    queue = deque(v for v in range(n) if not remaining[v])
    order = []
    while queue:
        w = queue.popleft()
        order.append(w)
        for v in predecessors[w]:
            remaining[v] -= 1
            if not remaining[v]:
                queue.append(v)
    return order


def has_cycle(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> bool:
    """Whether some node can be reached from itself."""
    both = [[*left[v], *right[v]] for v in range(len(left))]
    return len(_acyclic_order(both)) < len(left)


def is_stopper(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> bool:
    """Whether no node starts an infinite alternating play (then the game is a *stopper*)."""
    n = len(left)
    states: Edges = [[] for _ in range(2 * n)]  # 2v: Left to move at v; 2v + 1: Right to move
    for v in range(n):
        states[2 * v] = [2 * w + 1 for w in left[v]]
        states[2 * v + 1] = [2 * w for w in right[v]]
    return len(_acyclic_order(states)) == 2 * n


def short_games(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[Game | None]:
    """For each node, its value as a short `Game` if it reaches no cycle, else None."""
    both = [[*left[v], *right[v]] for v in range(len(left))]
    games: list[Game | None] = [None] * len(left)
    for v in _acyclic_order(both):
        games[v] = Game(left=[games[w] for w in left[v]], right=[games[w] for w in right[v]])
    return games


Stop = tuple[int, Fraction]
"""A stop: ``(0, x)`` for the number ``x``, ``(1, 0)`` for ``on`` and ``(-1, 0)`` for ``off``
(tuples order them as the extended numbers)."""

ON_STOP: Stop = (1, Fraction(0))
OFF_STOP: Stop = (-1, Fraction(0))


def stops(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[tuple[Stop, Stop]]:
    """The left and right stops of every node of a stopper graph.

    A short node has the stops of its value; another has ``L(v) = max R(w)`` over its Left
    options (``off`` if none) and ``R(v) = min L(w)`` over its Right options (``on`` if none).
    This alternates Left and Right moves, so it is well founded exactly because the graph is a
    stopper: no play alternates forever.  The caller checks `is_stopper` first.

    >>> stops([[0]], [[]]) == [(ON_STOP, ON_STOP)]      # on = {pass|}
    True
    >>> stops([[1], []], [[0], []])[0]                  # over = {0|pass}
    ((0, Fraction(0, 1)), (0, Fraction(0, 1)))
    """
    n = len(left)
    short = short_games(left, right)
    states: Edges = [[] for _ in range(2 * n)]  # 2v: Left to move at v; 2v + 1: Right to move
    for v in range(n):
        states[2 * v] = [2 * w + 1 for w in left[v]]
        states[2 * v + 1] = [2 * w for w in right[v]]
    value: list[Stop] = [OFF_STOP] * (2 * n)
    for state in _acyclic_order(states):
        game = short[state >> 1]
        if game is not None:
            value[state] = (0, game.right_stop if state & 1 else game.left_stop)
        elif state & 1:
            value[state] = min((value[w] for w in states[state]), default=ON_STOP)
        else:
            value[state] = max((value[w] for w in states[state]), default=OFF_STOP)
    return [(value[2 * v], value[2 * v + 1]) for v in range(n)]


def le_matrix(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> bytearray:
    """``m[i * n + j]`` is 1 when ``G_i <= G_j`` (for stoppers: Left survives ``G_j - G_i``
    moving second)."""
    n = len(left)
    pair_left: Edges = []
    pair_right: Edges = []
    for i in range(n):
        base = i * n
        for j in range(n):  # the pair (i, j) is the game G_j - G_i
            pair_left.append([base + k for k in left[j]] + [k * n + j for k in right[i]])
            pair_right.append([base + k for k in right[j]] + [k * n + j for k in left[i]])
    _, right_first = solve(pair_left, pair_right)
    return bytearray(result != RIGHT_WINS for result in right_first)


def simplify(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> tuple[Edges, Edges]:
    """The simplest form of the stopper at node 0 (no dominated, no reversible options, fused).

    The caller checks `is_stopper` first.
    """
    lefts, rights, representative = simplest_forms(left, right)
    return reachable(lefts, rights, representative[0])


def simplest_forms(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
) -> tuple[Edges, Edges, list[int]]:
    """Every node of a stopper graph in simplest form at once: the simplified graph, and for
    each node ``v`` its representative ``r[v]`` (nodes of equal value share one); the simplest
    form of ``v`` is the part of the graph reachable from ``r[v]``.

    >>> simplest_forms([[1], [], []], [[2], [], []])   # {0 | 0} = *, 0, 0
    ([[1], [], []], [[1], [], []], [0, 1, 1])
    """
    n = len(left)
    le = le_matrix(left, right)
    lefts = [list(options) for options in left]
    rights = [list(options) for options in right]
    budget = 50 * n * n + 1000
    changed = True
    while changed:
        changed = False
        for v in range(n):
            for moves, counter, is_left in ((lefts, rights, True), (rights, lefts, False)):
                spent = _bypass(moves, counter, v, le, n, is_left)
                budget -= spent
                changed = changed or spent > 0
                if _drop_dominated(moves, v, le, n, is_left):
                    changed = True
            if budget < 0:  # pragma: no cover - the theory says this cannot happen
                raise CGTError("simplifying a stopper did not terminate (please report it)")
    representative = _representatives(le, n)
    fused_left = [[representative[w] for w in lefts[v]] for v in range(n)]
    fused_right = [[representative[w] for w in rights[v]] for v in range(n)]
    return fused_left, fused_right, representative


def _bypass(moves: Edges, counter: Edges, v: int, le: bytearray, n: int, is_left: bool) -> int:
    """Bypass the reversible options of ``v`` for one player; return how many were bypassed."""
    bypassed = 0
    i = 0
    while i < len(moves[v]):
        a = moves[v][i]
        for b in counter[a]:
            # Left's option a reverses through b when G_b <= G_v; Right's when G_v <= G_b.
            if le[b * n + v] if is_left else le[v * n + b]:
                old = moves[v]
                replacement = [x for x in old if x != a]
                replacement.extend(x for x in moves[b] if x not in old)
                moves[v] = _unique(replacement)
                bypassed += 1
                break
        else:
            i += 1
    return bypassed


def _drop_dominated(moves: Edges, v: int, le: bytearray, n: int, is_left: bool) -> bool:
    kept: list[int] = []
    for a in moves[v]:
        if is_left:
            if any(le[a * n + c] for c in kept):
                continue
            kept = [c for c in kept if not le[c * n + a]]
        else:
            if any(le[c * n + a] for c in kept):
                continue
            kept = [c for c in kept if not le[a * n + c]]
        kept.append(a)
    if len(kept) == len(moves[v]):
        return False
    moves[v] = kept
    return True


def _representatives(le: bytearray, n: int) -> list[int]:
    """For each node, the first node of equal value."""
    representative = list(range(n))
    for v in range(n):
        for u in range(v):
            if representative[u] == u and le[u * n + v] and le[v * n + u]:
                representative[v] = u
                break
    return representative


def canonical(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int]:
    """The graph up to bisimulation, numbered canonically, and its root (node 0's class).

    Nodes are split by their sets of Left and Right successor classes until the split is stable
    (partition refinement); classes are numbered by the sorted order of their descriptions, so
    the result depends only on the game tree of node 0 (all nodes must be reachable from it).
    """
    n = len(left)
    colours = classes(left, right)
    count = max(colours) + 1
    quotient_left: list[tuple[int, ...]] = [()] * count
    quotient_right: list[tuple[int, ...]] = [()] * count
    for v in range(n):
        quotient_left[colours[v]] = tuple(sorted({colours[w] for w in left[v]}))
        quotient_right[colours[v]] = tuple(sorted({colours[w] for w in right[v]}))
    return tuple(quotient_left), tuple(quotient_right), colours[0]


def classes(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[int]:
    """The bisimulation class of each node: equal exactly when the game trees are equal."""
    n = len(left)
    colours = [0] * n
    count = 1
    while True:
        signatures = [
            (
                colours[v],
                tuple(sorted({colours[w] for w in left[v]})),
                tuple(sorted({colours[w] for w in right[v]})),
            )
            for v in range(n)
        ]
        ranking = {signature: rank for rank, signature in enumerate(sorted(set(signatures)))}
        colours = [ranking[signature] for signature in signatures]
        if len(ranking) == count:
            return colours
        count = len(ranking)


def sum_graph(
    g: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]],
    h: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]],
) -> tuple[Edges, Edges]:
    """The graph of ``G + H``: pairs of nodes, explored from (0, 0)."""
    g_left, g_right = g
    h_left, h_right = h

    def expand(pair: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        i, j = pair
        return (
            [(x, j) for x in g_left[i]] + [(i, y) for y in h_left[j]],
            [(x, j) for x in g_right[i]] + [(i, y) for y in h_right[j]],
        )

    _, left, right = explore((0, 0), expand)
    return left, right


def survives_difference(
    g: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]],
    h: tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]],
    by_left: bool = True,
) -> bool:
    """Whether Left (or Right, if not ``by_left``) survives ``G - H`` moving second, infinite
    play counting as survival: for stoppers, ``G >= H`` (``G <= H`` for Right).

    >>> survives_difference(([[0]], [[]]), ([[]], [[]]))   # on - 0: Left survives
    True
    """
    left_first, right_first = solve(*sum_graph(g, (h[1], h[0])))
    if by_left:
        return right_first[0] != RIGHT_WINS
    return left_first[0] != LEFT_WINS
