"""Splitting a Hackenbush graph at the ground, and canonical forms up to isomorphism.

* `ground_components`: the parts of a graph that meet only at the ground.
* `normal_edges`: a canonical numbering of the vertices.  A tree is written in the stalk/tree
  notation with its branches sorted (the AHU encoding, exact); another part is numbered by colour
  refinement and, when few numberings remain, the least edge list over all of them (exact); else
  by refinement and the present numbering (a fixed representative, not canonical).

>>> ground_components(((0, 1, "L"), (0, 2, "R"), (1, 2, "G"), (0, 3, "G")))
[[(0, 1, 'L'), (0, 2, 'R'), (1, 2, 'G')], [(0, 3, 'G')]]
>>> normal_edges(((0, 1, "G"), (0, 2, "L"), (1, 2, "R")))[0] == normal_edges(
...     ((0, 2, "G"), (0, 1, "L"), (1, 2, "R")))[0]
True
>>> tree_notation(((0, 1, "R"), (0, 2, "L"), (2, 3, "G"), (2, 4, "B")))
'L(B,G) R'

"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations, product
from math import factorial

from games.hackenbush.notation import Edge, parse

__all__ = [
    "branches",
    "ground_components",
    "is_forest",
    "normal_edges",
    "order_key",
    "tree_notation",
]

_BUDGET = 720
"""The most numberings tried for an exact canonical form of a part that is not a tree."""


def order_key(edges: Sequence[Edge]) -> tuple[int, Sequence[Edge]]:
    """The total order on edge lists used to choose representatives: fewer edges first."""
    return len(edges), edges


def ground_components(edges: Iterable[Edge]) -> list[list[Edge]]:
    """The edges grouped into parts that share no vertex but the ground (order of first edge)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent.setdefault(root, root) != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    edges = list(edges)
    for u, v, _ in edges:
        if u and v:
            parent[find(u)] = find(v)
    groups: dict[object, list[Edge]] = {}
    for i, (u, v, c) in enumerate(edges):
        key: object = find(u or v) if (u or v) else ("loop", i)
        groups.setdefault(key, []).append((u, v, c))
    return list(groups.values())


def is_forest(edges: Sequence[Edge]) -> bool:
    """Whether grounded edges form a forest: as many edges as non-ground vertices."""
    vertices = {u for u, _, _ in edges} | {v for _, v, _ in edges}
    return len(edges) == len(vertices - {0})


def branches(edges: Sequence[Edge]) -> dict[int, list[tuple[str, int]]]:
    """For a forest: each vertex's ``(colour, child)`` pairs, rooted at the ground."""
    adjacent: dict[int, list[tuple[str, int]]] = {}
    for u, v, c in edges:
        adjacent.setdefault(u, []).append((c, v))
        adjacent.setdefault(v, []).append((c, u))
    children: dict[int, list[tuple[str, int]]] = {0: []}
    stack = [0]
    while stack:
        vertex = stack.pop()
        for c, w in adjacent.get(vertex, ()):
            if w not in children:
                children[w] = []
                children[vertex].append((c, w))
                stack.append(w)
    return children


def tree_notation(edges: Sequence[Edge], *, canonical: bool = True) -> str:
    """A forest in stalk/tree notation; with ``canonical`` the branches are sorted."""
    children = branches(edges)
    order = _preorder(children)
    text: dict[int, str] = {}
    for vertex in reversed(order):  # children before parents, no recursion
        parts = [c + text[w] for c, w in children[vertex]]
        if canonical:
            parts.sort()
        if vertex == 0:
            return " ".join(parts)
        text[vertex] = parts[0] if len(parts) == 1 else f"({','.join(parts)})" if parts else ""
    return ""


def _preorder(children: dict[int, list[tuple[str, int]]]) -> list[int]:
    order, stack = [], [0]
    while stack:
        vertex = stack.pop()
        order.append(vertex)
        stack.extend(w for _, w in reversed(children[vertex]))
    return order


def normal_edges(edges: Sequence[Edge]) -> tuple[tuple[Edge, ...], bool]:
    """Canonically numbered edges (parts sorted), and whether the numbering is exact."""
    forms = [_normal_part(part) for part in ground_components(edges)]
    forms.sort(key=lambda form: order_key(form[0]))
    out: list[Edge] = []
    offset = 0
    for form, _ in forms:
        top = 0
        for u, v, c in form:
            out.append((u and u + offset, v and v + offset, c))
            top = max(top, v)
        offset += top
    return tuple(sorted(out)), all(exact for _, exact in forms)


def _normal_part(part: list[Edge]) -> tuple[tuple[Edge, ...], bool]:
    if is_forest(part):
        return _sorted(parse(tree_notation(part))), True
    classes = _refined_classes(part)
    groups: dict[int, list[int]] = {}
    for vertex, label in sorted(classes.items(), key=lambda item: (item[1], item[0])):
        if vertex:
            groups.setdefault(label, []).append(vertex)
    ordered = [groups[label] for label in sorted(groups)]
    count = 1
    for group in ordered:
        count *= factorial(len(group))
    if count > _BUDGET:
        return _relabelled(part, [v for group in ordered for v in group]), False
    best: tuple[Edge, ...] | None = None
    for choice in product(*(permutations(group) for group in ordered)):
        candidate = _relabelled(part, [v for group in choice for v in group])
        if best is None or candidate < best:
            best = candidate
    assert best is not None
    return best, True


def _relabelled(part: list[Edge], order: list[int]) -> tuple[Edge, ...]:
    number = {0: 0} | {v: i + 1 for i, v in enumerate(order)}
    return _sorted((number[u], number[v], c) for u, v, c in part)


def _sorted(edges: Iterable[Edge]) -> tuple[Edge, ...]:
    return tuple(sorted((min(u, v), max(u, v), c) for u, v, c in edges))


def _refined_classes(part: list[Edge]) -> dict[int, int]:
    """Colour refinement (1-dimensional Weisfeiler-Leman) with the ground kept apart."""
    vertices = {u for u, _, _ in part} | {v for _, v, _ in part} | {0}
    label = {v: (1 if v else 0) for v in vertices}
    count = len(set(label.values()))
    while True:
        signature: dict[int, tuple[object, ...]] = {}
        for vertex in vertices:
            around = []
            for u, v, c in part:
                if u == v == vertex:
                    around.append((c, -1))
                elif u == vertex:
                    around.append((c, label[v]))
                elif v == vertex:
                    around.append((c, label[u]))
            signature[vertex] = (label[vertex], tuple(sorted(around)))
        ranks = {s: i for i, s in enumerate(sorted(set(signature.values())))}
        label = {v: ranks[signature[v]] for v in vertices}
        if len(ranks) == count:
            return label
        count = len(ranks)
