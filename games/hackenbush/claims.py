"""The closed forms of `games.hackenbush`, registered with ``cgt verify`` (importing registers).

The reference is always the generic recursion on the positions' options alone
(`games.hackenbush.families.plain_value`): no components, normal forms or fast paths.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import cgt
from games.hackenbush.closed_forms import (
    blue_red_tree,
    green_graph,
    green_tree,
    sign_expansion,
)
from games.hackenbush.families import graphs, plain_value, strings, trees
from games.hackenbush.graph import Hackenbush

__all__ = ["register"]

GAME = "Hackenbush"
_WINNING_WAYS = "Berlekamp, Conway & Guy, Winning Ways (1982)"


def _string_strategy(colours: str, most: int) -> Any:
    from hypothesis import strategies as st

    return st.text(alphabet=colours, max_size=most).map(Hackenbush.string)


def _tree_strategy(colours: str, most: int) -> Any:
    from hypothesis import strategies as st

    def grow(choices: list[tuple[int, str]]) -> Hackenbush:
        edges = []
        for i, (below, c) in enumerate(choices):
            edges.append((below % (i + 1), i + 1, c))  # vertex i+1 on an earlier vertex
        return Hackenbush(edges)

    pair = st.tuples(st.integers(0, 10**6), st.sampled_from(colours))
    return st.lists(pair, max_size=most).map(grow)


def _graph_strategy(most: int, vertices: int, colours: str = "G") -> Any:
    from hypothesis import strategies as st

    edge = st.tuples(st.integers(0, vertices), st.integers(0, vertices), st.sampled_from(colours))
    return st.lists(edge, max_size=most).map(Hackenbush)


def _flowers(size: int, balanced: bool = False) -> Iterator[Hackenbush]:
    for stem in range(1, size + 1):
        for blue in range(size + 1):
            for red in [blue] if balanced else range(size + 1):
                yield Hackenbush.flower(stem, blue, red)


def _petals(p: Hackenbush) -> tuple[int, int, int]:
    """(stem, blue, red) of a flower built by `Hackenbush.flower`."""
    stem = sum(1 for _, _, c in p.edges if c == "G")
    return stem, sum(1 for *_, c in p.edges if c == "L"), sum(1 for *_, c in p.edges if c == "R")


def register() -> None:
    r = cgt.register_claim
    r(
        game=GAME,
        claim="blue-red string = its sign expansion (first run ±1 each, then ±1/2, ±1/4, ...)",
        source=f"{_WINNING_WAYS}, vol. 1 (Berlekamp's rule)",
        family=lambda size: strings(size, "LR"),
        quick=9,
        full=14,
        standard=12,
        fast=lambda p: cgt.Game(sign_expansion(str(p))),
        reference=plain_value,
        strategy=lambda: _string_strategy("LR", 40),
        checked_up_to="every blue-red string of <= {size} edges",
    )
    r(
        game=GAME,
        claim="green string of n edges = *n",
        source=f"{_WINNING_WAYS}, vol. 1",
        family=lambda size: strings(size, "G"),
        quick=30,
        full=60,
        fast=lambda p: cgt.Game(cgt.Nimber(len(p))),
        reference=plain_value,
        checked_up_to="every green string of <= {size} edges",
    )
    r(
        game=GAME,
        claim="green tree: colon principle, g(vertex) = nim-sum over branches of (1 + g(above))",
        source=f"{_WINNING_WAYS}, ch. 7 (the colon principle)",
        family=lambda size: trees(size, "G"),
        quick=7,
        full=10,
        fast=lambda p: cgt.Game(cgt.Nimber(green_tree(p.edges))),
        reference=plain_value,
        strategy=lambda: _tree_strategy("G", 12),
        checked_up_to="every green forest of <= {size} edges",
    )
    r(
        game=GAME,
        claim="green graph: fusion principle (fuse circuits; a loop is worth a leaf)",
        source=f"{_WINNING_WAYS}, ch. 7 (the fusion principle)",
        family=lambda size: graphs(size, 3, "G"),
        quick=5,
        full=7,
        fast=lambda p: cgt.Game(cgt.Nimber(green_graph(p.edges))),
        reference=plain_value,
        strategy=lambda: _graph_strategy(9, 4),
        checked_up_to="every green graph of <= {size} edges on <= 3 vertices above the ground",
    )
    r(
        game=GAME,
        claim="blue-red tree: an edge under x is worth ±(±x + n)/2^(n-1), n least with ±x + n > 1",
        source="the ordinal sum 1:x (Conway, On Numbers and Games)",
        family=lambda size: trees(size, "LR"),
        quick=5,
        full=7,
        fast=lambda p: cgt.Game(blue_red_tree(p.edges)),
        reference=plain_value,
        strategy=lambda: _tree_strategy("LR", 12),
        checked_up_to="every blue-red forest of <= {size} edges",
    )
    r(
        game=GAME,
        claim="every blue-red position is a number",
        source=f"{_WINNING_WAYS}, vol. 1",
        family=lambda size: graphs(size, 3, "LR"),
        quick=4,
        full=5,
        fast=lambda p: True,
        reference=lambda p: plain_value(p).is_number,
        strategy=lambda: _graph_strategy(8, 4, "LR"),
        checked_up_to="every blue-red graph of <= {size} edges on <= 3 vertices above the ground",
    )
    r(
        game=GAME,
        claim="a flower with as many blue as red petals on a stem of n is *n",
        source="follows from the colon principle (Winning Ways ch. 7): the petals sum to 0",
        family=lambda size: _flowers(size, balanced=True),
        quick=4,
        full=10,
        fast=lambda p: cgt.Game(cgt.Nimber(_petals(p)[0])),
        reference=plain_value,
        checked_up_to="stems of <= {size} edges, <= {size} petals of each colour",
    )
    r(
        game=GAME,
        claim="a flower's atomic weight is sign(blue petals - red petals)",
        source="observed here (flowers and atomic weights: Winning Ways)",
        family=_flowers,
        quick=3,
        full=7,
        fast=lambda p: cgt.Game((_petals(p)[1] > _petals(p)[2]) - (_petals(p)[1] < _petals(p)[2])),
        reference=lambda p: cgt.atomic_weight(plain_value(p)),
        checked_up_to="stems of <= {size} edges, <= {size} petals of each colour",
    )
    r(
        game=GAME,
        claim="Hackenbush.value (closed forms + components + normal form) = the recursion",
        source="this package (games.hackenbush.graph)",
        family=lambda size: graphs(size, 2, "LRG"),
        strategy=lambda: _graph_strategy(7, 3, "LRG"),
        quick=3,
        full=5,
        fast=lambda p: p.value(),
        reference=plain_value,
        checked_up_to="every blue-red-green graph of <= {size} edges on <= 2 vertices above "
        "the ground",
    )


register()
