"""Digraph placement games (Clow and McKay, arXiv:2407.12219): every vertex of a directed graph
is blue (Left's) or red (Right's); a player picks a vertex of her colour, and it is removed with
every vertex it points to.  Who cannot move loses.

Many placement games are digraph placement games: a Snort or Col position, Domineering on a
board, Node Kayles on a graph, once each possible placement is a vertex and each placement that
rules another out points to it.  The rules are those of the paper and of cgt-tools'
``DigraphPlacement`` (compared with cgt-py on every digraph of up to three vertices and on random
ones of five, in ``tests/rulesets/test_placement.py``).

A position is written ``COLOURS:ARCS``: one letter a vertex (``B`` blue, ``R`` red), then the
arcs ``u>v`` (vertices numbered from 0), separated by commas (``cgt value --game
digraph-placement 'BR:0>1'``).

>>> import cgt
>>> from games.placement import DigraphPlacement
>>> [str(cgt.value(DigraphPlacement(p))) for p in ("B", "BR:0>1", "BR:1>0", "BRB:0>1,1>2")]
['1', '1/2', '-1/2', '1*']
>>> DigraphPlacement("BRB:0>1,1>2").left_options()
(DigraphPlacement('B'), DigraphPlacement('BR:0>1'))

The weakly connected parts of the digraph never meet (`DigraphPlacement.components`).

Bipartite Snort (cgt-tools' ``BipartiteSnort``) is one of them: `bipartite_snort` builds it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import cgt

__all__ = ["DigraphPlacement", "DigraphPlacementError", "bipartite_snort"]

_ARC = re.compile(r"\s*(\d+)\s*>\s*(\d+)\s*")


class DigraphPlacementError(cgt.CGTError, ValueError):
    """Text that is no digraph placement position (a bad colour, arc or vertex number)."""


class DigraphPlacement(cgt.Position):
    """A digraph placement position: ``colours`` (``B``/``R`` per vertex) and its arcs.

    Built from text (``DigraphPlacement("BR:0>1")``) or with `of` from colours and arcs.

    >>> DigraphPlacement.of("BRR", [(0, 1)]).components()
    (DigraphPlacement('BR:0>1'), DigraphPlacement('R'))
    """

    __slots__ = ("_arcs", "_colours", "_hash")
    _colours: str
    _arcs: frozenset[tuple[int, int]]
    _hash: int

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise cgt.WrongTypeError(f"a digraph placement position is text, got {text!r}")
        colours, _, arcs = text.partition(":")
        colours = colours.strip()
        parsed = []
        for piece in arcs.split(",") if arcs.strip() else []:
            found = _ARC.fullmatch(piece)
            if found is None:
                raise DigraphPlacementError(f"{piece.strip()!r} is not an arc u>v in {text!r}")
            parsed.append((int(found[1]), int(found[2])))
        self._set(colours, parsed, text)

    @classmethod
    def of(cls, colours: str, arcs: Iterable[tuple[int, int]]) -> DigraphPlacement:
        """The position with these vertex colours (``B``/``R``) and arcs ``(u, v)``."""
        position = object.__new__(cls)
        position._set(colours, list(arcs), colours)
        return position

    def _set(self, colours: str, arcs: Sequence[tuple[int, int]], text: str) -> None:
        bad = set(colours) - {"B", "R"}
        if bad:
            raise DigraphPlacementError(
                f"a vertex is B (blue, Left's) or R (red, Right's), not {min(bad)!r} in {text!r}"
            )
        for u, v in arcs:
            if not (0 <= u < len(colours) and 0 <= v < len(colours)):
                raise DigraphPlacementError(
                    f"arc {u}>{v} names a vertex beyond the {len(colours)} of {text!r}"
                )
        kept = frozenset((u, v) for u, v in arcs if u != v)  # a loop changes nothing
        object.__setattr__(self, "_colours", colours)
        object.__setattr__(self, "_arcs", kept)
        object.__setattr__(self, "_hash", hash(("DigraphPlacement", colours, kept)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("DigraphPlacement positions are immutable")

    @property
    def colours(self) -> str:
        """The colour of each vertex, ``B`` (Left) or ``R`` (Right)."""
        return self._colours

    @property
    def arcs(self) -> frozenset[tuple[int, int]]:
        """The arcs ``(u, v)``: picking ``u`` removes ``v`` too."""
        return self._arcs

    def __str__(self) -> str:
        arcs = ",".join(f"{u}>{v}" for u, v in sorted(self._arcs))
        return f"{self._colours}:{arcs}" if arcs else self._colours

    def __repr__(self) -> str:
        return f"DigraphPlacement({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not DigraphPlacement:
            return NotImplemented
        return self._colours == other._colours and self._arcs == other._arcs

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (DigraphPlacement, (str(self),))

    def _without(self, removed: set[int]) -> DigraphPlacement:
        """The position on the other vertices, numbered in the same order."""
        number: dict[int, int] = {}
        colours: list[str] = []
        for vertex, colour in enumerate(self._colours):
            if vertex not in removed:
                number[vertex] = len(colours)
                colours.append(colour)
        arcs = [
            (number[u], number[v]) for u, v in self._arcs if u not in removed and v not in removed
        ]
        return DigraphPlacement.of("".join(colours), arcs)

    def _moves(self, colour: str) -> tuple[DigraphPlacement, ...]:
        found: dict[DigraphPlacement, None] = {}
        for vertex, own in enumerate(self._colours):
            if own == colour:
                removed = {vertex} | {v for u, v in self._arcs if u == vertex}
                found[self._without(removed)] = None
        return tuple(found)

    def left_options(self) -> tuple[DigraphPlacement, ...]:
        """Left picks a blue vertex: it goes, with every vertex it points to."""
        return self._moves("B")

    def right_options(self) -> tuple[DigraphPlacement, ...]:
        """Right picks a red vertex."""
        return self._moves("R")

    def components(self) -> tuple[DigraphPlacement, ...]:
        """The weakly connected parts, each alone (in the order of their first vertex)."""
        count = len(self._colours)
        parent = list(range(count))

        def root(v: int) -> int:
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for u, v in self._arcs:
            parent[root(u)] = root(v)
        parts: dict[int, set[int]] = {}
        for vertex in range(count):
            parts.setdefault(root(vertex), set()).add(vertex)
        if len(parts) <= 1:
            return (self,)
        everything = set(range(count))
        return tuple(self._without(everything - part) for part in parts.values())


def bipartite_snort(blue: int, red: int, edges: Iterable[tuple[int, int]]) -> DigraphPlacement:
    """Bipartite Snort (as cgt-tools' ``BipartiteSnort(blue, red, edges)``): ``blue`` vertices
    of Left's, ``red`` of Right's, and ``edges`` ``(b, r)`` joining blue vertex ``b`` to red
    vertex ``r`` (each side numbered from 0).  A player picks a vertex of her colour; it goes,
    with every vertex joined to it (they are the opponent's, whom Snort forbids to play next to
    her).  That is the digraph placement game whose arcs run both ways along each edge, which is
    what this returns (blue vertices first).

    >>> import cgt
    >>> bipartite_snort(1, 1, [(0, 0)])
    DigraphPlacement('BR:0>1,1>0')
    >>> [str(cgt.value(bipartite_snort(b, r, e))) for b, r, e in [(1, 1, []), (2, 1, [(0, 0)])]]
    ['0', '1*']
    """
    for name, count in (("blue", blue), ("red", red)):
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise DigraphPlacementError(f"{name} is a number of vertices >= 0, not {count!r}")
    arcs = []
    for edge in edges:
        try:
            b, r = edge
        except (TypeError, ValueError):
            raise DigraphPlacementError(f"an edge is a pair (blue, red), not {edge!r}") from None
        if not (isinstance(b, int) and isinstance(r, int) and 0 <= b < blue and 0 <= r < red):
            raise DigraphPlacementError(
                f"edge {edge!r} needs a blue vertex below {blue} and a red one below {red}"
            )
        arcs += [(b, blue + r), (blue + r, b)]
    return DigraphPlacement.of("B" * blue + "R" * red, arcs)
