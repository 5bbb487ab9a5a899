"""Closed forms for Hackenbush values, each checked against the generic recursion
(see `games.hackenbush.claims`).

* **Blue-red strings** (Berlekamp's sign expansion; Winning Ways vol. 1): read from the ground,
  the first run of ``n`` equal edges is worth ``±n``; after the first change of colour the
  ``k``-th further edge is worth ``±1/2^k`` (``+`` blue, ``-`` red).
* **Blue-red trees**: a blue edge topped by a tree worth ``x`` is worth ``(x + n) / 2^(n-1)``
  with ``n`` the least positive integer making ``x + n > 1`` (a red edge: the negative of the
  blue rule at ``-x``); the branches at a vertex add.  (The ordinal sum ``1 : x``.)
* **Green trees** (the colon principle, Winning Ways ch. 7): a vertex is worth the nim-sum of
  ``1 + g`` over its branches, ``g`` the value above each branch's edge.
* **Green graphs** (the fusion principle, Winning Ways ch. 7): fuse every circuit to one vertex;
  its edges become loops, each worth ``*1`` like a leaf; then the colon principle.

>>> sign_expansion("LRRL"), blue_red_tree(((0, 1, "L"), (1, 2, "L"), (1, 3, "R")))
(Fraction(3, 8), Fraction(1, 1))
>>> green_graph(((0, 1, "G"), (1, 2, "G"), (0, 2, "G")))  # a triangle on the ground
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import floor
from typing import TypeVar

import cgt
from games.hackenbush.canonical import branches, is_forest
from games.hackenbush.notation import Edge

T = TypeVar("T")

__all__ = [
    "blue_red_tree",
    "component_value",
    "green_graph",
    "green_tree",
    "sign_expansion",
    "topped",
]


def sign_expansion(colours: str) -> Fraction:
    """The value of a blue-red string read from the ground (``L`` blue, ``R`` red)."""
    total = Fraction(0)
    first = colours[:1]
    i = 0
    while i < len(colours) and colours[i] == first:
        total += 1 if first == "L" else -1
        i += 1
    step = Fraction(1, 2)
    for c in colours[i:]:
        total += step if c == "L" else -step
        step /= 2
    return total


def topped(colour: str, x: Fraction) -> Fraction:
    """The value of one blue (``L``) or red (``R``) edge carrying a tree worth ``x``."""
    if colour == "R":
        return -topped("L", -x)
    n = max(1, floor(1 - x) + 1)
    return (x + n) / 2 ** (n - 1)


def blue_red_tree(edges: Sequence[Edge]) -> Fraction:
    """The value of a blue-red forest standing on the ground, by `topped` and addition."""
    return _forest(edges, topped, Fraction(0), lambda a, b: a + b)


def green_tree(edges: Sequence[Edge]) -> int:
    """The nim value of a green forest by the colon principle."""
    return _forest(edges, lambda _c, g: g + 1, 0, lambda a, b: a ^ b)


def _forest(
    edges: Sequence[Edge],
    up: Callable[[str, T], T],
    zero: T,
    plus: Callable[[T, T], T],
) -> T:
    """Fold a forest from the leaves down: a vertex is the ``plus`` of ``up(colour, above)``
    over its branches (iterative, so a stalk of any height is fine)."""
    children = branches(edges)
    order, stack = [], [0]
    while stack:
        vertex = stack.pop()
        order.append(vertex)
        stack.extend(w for _, w in children[vertex])
    worth: dict[int, T] = {}
    for vertex in reversed(order):
        total = zero
        for c, w in children[vertex]:
            total = plus(total, up(c, worth[w]))
        worth[vertex] = total
    return worth[0]


def green_graph(edges: Sequence[Edge]) -> int:
    """The nim value of a green graph on the ground by the fusion principle."""
    bridges = _bridges(edges)
    # Fuse: the pieces joined by non-bridge edges become single vertices.
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, (u, v, _) in enumerate(edges):
        if i not in bridges:
            parent[find(u)] = find(v)
    loops: dict[int, int] = {}
    tree: list[Edge] = []
    for i, (u, v, _) in enumerate(edges):
        if i in bridges:
            tree.append((find(u), find(v), "G"))
        else:
            loops[find(u)] = loops.get(find(u), 0) ^ 1
    root = find(0)

    def name(x: int) -> int:
        return 0 if find(x) == root else find(x)

    tree = [(name(u), name(v), c) for u, v, c in tree]
    loops = {name(x): odd for x, odd in loops.items()}
    # Each loop is worth a leaf edge: a fresh vertex on top of its fused vertex.
    fresh = max([v for _, v, _ in edges] + [0]) + 1
    for vertex, odd in loops.items():
        if odd:
            tree.append((vertex, fresh, "G"))
            fresh += 1
    return green_tree(tree)


def _bridges(edges: Sequence[Edge]) -> set[int]:
    """Indices of the bridges of a multigraph (iterative Tarjan; loops and parallel edges are
    never bridges)."""
    adjacent: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _) in enumerate(edges):
        if u != v:
            adjacent.setdefault(u, []).append((v, i))
            adjacent.setdefault(v, []).append((u, i))
    found: set[int] = set()
    depth: dict[int, int] = {}
    low: dict[int, int] = {}
    for start in adjacent:
        if start in depth:
            continue
        depth[start] = low[start] = 0
        stack = [(start, -1, iter(adjacent[start]))]
        while stack:
            vertex, via, neighbours = stack[-1]
            advanced = False
            for w, i in neighbours:
                if i == via:
                    continue
                if w in depth:
                    low[vertex] = min(low[vertex], depth[w])
                else:
                    depth[w] = low[w] = depth[vertex] + 1
                    stack.append((w, i, iter(adjacent[w])))
                    advanced = True
                    break
            if not advanced:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[vertex])
                    if low[vertex] > depth[parent]:
                        found.add(via)
    return found


def component_value(edges: Sequence[Edge]) -> cgt.Game | None:
    """The value by a closed form when one applies (blue-red forest, green graph), else None."""
    colours = {c for _, _, c in edges}
    if not edges:
        return cgt.Game(0)
    if colours <= {"L", "R"} and is_forest(edges):
        return cgt.Game(blue_red_tree(edges))
    if colours == {"G"}:
        return cgt.Game(cgt.Nimber(green_graph(edges)))
    return None
