"""Pictures of Hackenbush positions: notation, a text outline, and SVG.

>>> print(text_picture(((0, 1, "L"), (1, 2, "R"), (1, 3, "G"), (0, 4, "R"))))
ground
├── L blue
│   ├── R red
│   └── G green
└── R red
>>> svg(((0, 1, "L"),)).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from games.hackenbush.canonical import branches, is_forest, tree_notation
from games.hackenbush.notation import Edge

__all__ = ["notation", "svg", "text_picture"]

_NAMES = {"L": "blue", "R": "red", "G": "green"}
_STROKE = {"L": "#1f5fd6", "R": "#d62728", "G": "#2ca02c"}
_STEP = 40


def notation(edges: Sequence[Edge]) -> str:
    """Stalk/tree notation for a forest (branches in vertex order), else an edge list."""
    if is_forest(edges):
        return tree_notation(edges, canonical=False)
    return " ".join(f"{u}-{v}:{c}" for u, v, c in edges)


def text_picture(edges: Sequence[Edge]) -> str:
    """A forest as an outline from the ground up; another graph as its list of edges."""
    if not edges:
        return "ground (no edges)"
    if not is_forest(edges):
        lines = ["ground = vertex 0"]
        lines += [f"{u} - {v}  {c} {_NAMES[c]}" for u, v, c in edges]
        return "\n".join(lines)
    children = branches(edges)
    lines = ["ground"]
    stack = [(w, c, "", i == len(children[0]) - 1) for i, (c, w) in enumerate(children[0])]
    stack.reverse()
    while stack:
        vertex, c, prefix, last = stack.pop()
        lines.append(f"{prefix}{'└── ' if last else '├── '}{c} {_NAMES[c]}")
        below = prefix + ("    " if last else "│   ")
        kids = children[vertex]
        stack.extend(
            (w, k, below, i == len(kids) - 1) for i, (k, w) in reversed(list(enumerate(kids)))
        )
    return "\n".join(lines)


def _layout(edges: Sequence[Edge]) -> dict[int, tuple[float, float]]:
    """Vertex positions: depth from the ground upwards; a forest's leaves on separate columns,
    parents centred over their children; other graphs level by level."""
    if is_forest(edges):
        children = branches(edges)
        place: dict[int, tuple[float, float]] = {}
        column = [0.0]

        order, stack = [], [(0, 0)]
        while stack:
            vertex, depth = stack.pop()
            order.append((vertex, depth))
            stack.extend((w, depth + 1) for _, w in reversed(children[vertex]))
        depth_of = dict(order)
        for vertex, _ in order:  # leaves left to right
            if not children[vertex] and vertex:
                place[vertex] = (column[0], float(depth_of[vertex]))
                column[0] += 1
        for vertex, depth in reversed(order):
            if vertex not in place and children[vertex]:
                xs = [place[w][0] for _, w in children[vertex]]
                place[vertex] = ((min(xs) + max(xs)) / 2, float(depth))
        place[0] = (place[0][0] if 0 in place else 0.0, 0.0)
        return place
    adjacent: dict[int, set[int]] = {}
    for u, v, _ in edges:
        adjacent.setdefault(u, set()).add(v)
        adjacent.setdefault(v, set()).add(u)
    level = {0: 0}
    frontier = [0]
    while frontier:
        nxt = []
        for vertex in frontier:
            for w in sorted(adjacent.get(vertex, ())):
                if w not in level:
                    level[w] = level[vertex] + 1
                    nxt.append(w)
        frontier = nxt
    rows: dict[int, list[int]] = {}
    for vertex in sorted(level):
        rows.setdefault(level[vertex], []).append(vertex)
    width = max(len(r) for r in rows.values())
    place = {}
    for depth, row in rows.items():
        for i, vertex in enumerate(row):
            place[vertex] = ((width - len(row)) / 2 + i, float(depth))
    return place


def svg(edges: Sequence[Edge]) -> str:
    """An SVG drawing: the ground line, then each edge in its colour (loops as small circles,
    parallel edges bowed apart)."""
    place = _layout(edges) if edges else {0: (0.0, 0.0)}
    xs = [x for x, _ in place.values()]
    top = max(y for _, y in place.values())
    width = (max(xs) - min(xs) + 2) * _STEP
    height = (top + 1.5) * _STEP

    def at(vertex: int) -> tuple[float, float]:
        x, y = place[vertex]
        return (x - min(xs) + 1) * _STEP, height - _STEP / 2 - y * _STEP

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">',
        f'<line x1="0" y1="{height - _STEP / 2:g}" x2="{width:g}" y2="{height - _STEP / 2:g}" '
        'stroke="#555" stroke-width="4"/>',
    ]
    seen: dict[tuple[int, int], int] = {}
    for u, v, c in edges:
        (x1, y1), (x2, y2) = at(u), at(v)
        stroke = f'stroke="{_STROKE[c]}" stroke-width="3" fill="none"'
        if u == v:
            parts.append(f'<circle cx="{x1:g}" cy="{y1 - 10:g}" r="10" {stroke}/>')
            continue
        k = seen.get((u, v), 0)
        seen[(u, v)] = k + 1
        if k == 0 and not (u == 0 and v == 0):
            parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" {stroke}/>')
        else:
            bow = 12 * ((k + 1) // 2) * (1 if k % 2 else -1)
            mx, my = (x1 + x2) / 2 + bow, (y1 + y2) / 2
            parts.append(f'<path d="M{x1:g},{y1:g} Q{mx:g},{my:g} {x2:g},{y2:g}" {stroke}/>')
    for vertex in place:
        if vertex:
            x, y = at(vertex)
            parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="3" fill="#000"/>')
    parts.append("</svg>")
    return "\n".join(parts)
