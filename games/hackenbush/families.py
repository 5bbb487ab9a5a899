"""Every small Hackenbush position of a kind, for exhaustive checks (and a plain recursion).

>>> [str(p) for p in strings(2, "LR")]
['', 'L', 'R', 'LL', 'LR', 'RL', 'RR']
>>> len(list(trees(3, "G"))), len(list(trees(3, "LR")))
(8, 36)
>>> plain_value(Hackenbush("LR"))
Game('1/2')
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, product
from typing import Any

import cgt
from games.hackenbush.canonical import normal_edges, tree_notation
from games.hackenbush.graph import Hackenbush

__all__ = ["graphs", "plain_value", "strings", "trees"]


def strings(size: int, colours: str = "LR") -> Iterator[Hackenbush]:
    """Every stalk of at most ``size`` edges over ``colours``, shortest first."""
    for length in range(size + 1):
        for word in product(colours, repeat=length):
            yield Hackenbush.string("".join(word))


def trees(size: int, colours: str = "LR") -> Iterator[Hackenbush]:
    """Every forest on the ground of at most ``size`` edges over ``colours`` (one per
    isomorphism class), fewest edges first."""
    layer = {""}
    yield Hackenbush("")
    for _ in range(size):
        grown: set[str] = set()
        for text in layer:
            edges = Hackenbush(text).edges if text else ()
            tops = {0} | {v for _, v, _ in edges}
            fresh = 1 + max(tops)
            for top, c in product(sorted(tops), colours):
                grown.add(tree_notation((*edges, (top, fresh, c))))
        layer = grown
        yield from (Hackenbush(text) for text in sorted(layer))


def graphs(size: int, vertices: int, colours: str = "G") -> Iterator[Hackenbush]:
    """Every graph of at most ``size`` edges on the ground and ``vertices`` other vertices
    (loops and parallel edges allowed), each isomorphism class once when the normal form is
    exact, fewest edges first."""
    pairs = [(u, v) for u in range(vertices + 1) for v in range(u, vertices + 1)]
    seen: set[tuple[Any, ...]] = set()
    for count in range(size + 1):
        for chosen in combinations_with_replacement(pairs, count):
            for paint in product(colours, repeat=count):
                position = Hackenbush([(u, v, c) for (u, v), c in zip(chosen, paint, strict=True)])
                if len(position) != count:
                    continue  # some edge fell: it is a smaller position, already listed
                key = normal_edges(position.edges)[0]
                if key not in seen:
                    seen.add(key)
                    yield position


def plain_value(position: Any) -> cgt.Game:
    """The value by the generic recursion on the options alone (the reference of the claims):
    ``cgt.value`` with ``decompose=False`` uses no components and no normal form."""
    return cgt.value(position, decompose=False)
