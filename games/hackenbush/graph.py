"""`Hackenbush`: blue-red-green Hackenbush on any graph standing on the ground.

A position is a multigraph (loops and parallel edges allowed) whose edges are blue (``L``,
Left's), red (``R``, Right's) or green (``G``, either player's), with one ground vertex ``0``.
A move deletes an edge of one's own colour (or a green one); every edge no longer joined to the
ground by a path falls away.  Positions are immutable and hashable; two positions are equal
when they have the same edges under the same vertex numbers (see `Hackenbush.normal_form` for
a representative up to isomorphism).

>>> from games.hackenbush import Hackenbush
>>> p = Hackenbush("LR G")
>>> sorted(map(str, p.left_options())), sorted(map(str, p.right_options()))
(['G', 'LR'], ['L G', 'LR'])
>>> p.value()
Game('1/2*')
>>> p.components()
(Hackenbush('LR'), Hackenbush('G'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import cgt
from games.hackenbush import canonical, closed_forms, draw
from games.hackenbush._errors import HackenbushError
from games.hackenbush.notation import Edge, colour, parse

__all__ = ["Hackenbush"]

_SWAP = {"L": "R", "R": "L", "G": "G"}


class Hackenbush(cgt.Position):
    """A Hackenbush position: ``Hackenbush("LR G")``, ``Hackenbush("0-1:L 1-1:G")`` or
    ``Hackenbush([(0, 1, "L"), (1, 2, "G")])`` (edges ``(u, v, colour)``, ground ``0``).

    ``ground`` names further vertices that stand on the ground (all are merged into ``0``).
    """

    __slots__ = ("_edges", "_hash")
    EDITOR: ClassVar[dict[str, str]] = {"kind": "forest", "colours": "LRG"}
    """How ``cgt explore`` edits a position: trees of blue (L), red (R) and green (G) edges."""

    def __init__(self, spec: str | Iterable[Any] = (), *, ground: Iterable[int] = ()) -> None:
        raw = parse(spec) if isinstance(spec, str) else _edges_from(spec)
        grounded = frozenset(_vertex(g, "ground vertex") for g in ground) | {0}
        merged = [(0 if u in grounded else u, 0 if v in grounded else v, c) for u, v, c in raw]
        self._edges = _grounded(merged)
        self._hash = hash(self._edges)

    @classmethod
    def string(cls, colours: str) -> Hackenbush:
        """A stalk, its colours read from the ground up (``Hackenbush.string("LLR")``)."""
        if not isinstance(colours, str) or any(c in " (),-:" for c in colours):
            raise HackenbushError(f"a string is a word of colours like 'LLR'; got {colours!r}")
        return cls(colours)

    @classmethod
    def flower(cls, stem: int, blue: int, red: int = 0) -> Hackenbush:
        """A flower: a green stalk of ``stem`` edges carrying ``blue`` blue and ``red`` red
        petals at its top (``Hackenbush.flower(2, 1)`` is ``GGL``)."""
        for name, count in (("stem", stem), ("blue", blue), ("red", red)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise HackenbushError(f"a flower's {name} is a non-negative int; got {count!r}")
        if stem == 0:
            raise HackenbushError("a flower has a stem of at least one green edge")
        petals = ["L"] * blue + ["R"] * red
        top = petals[0] if len(petals) == 1 else f"({','.join(petals)})" if petals else ""
        return cls("G" * stem + top)

    @classmethod
    def _from_edges(cls, edges: tuple[Edge, ...]) -> Hackenbush:
        """Trusted edges, already grounded and numbered (no checks)."""
        position = cls.__new__(cls)
        position._edges = edges
        position._hash = hash(edges)
        return position

    # --- the position --------------------------------------------------------------------
    @property
    def edges(self) -> tuple[Edge, ...]:
        """The edges ``(u, v, colour)``, ``u <= v``, sorted; vertex ``0`` is the ground."""
        return self._edges

    def __len__(self) -> int:
        return len(self._edges)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hackenbush) and self._edges == other._edges

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Hackenbush) -> bool:
        return (len(self._edges), self._edges) < (len(other._edges), other._edges)

    def __repr__(self) -> str:
        return f"Hackenbush({str(self)!r})"

    def __str__(self) -> str:
        return draw.notation(self._edges)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hackenbush._from_edges, (self._edges,))

    def colours(self) -> str:
        """The colours present, as a sorted string (``"G"``, ``"LR"``, ...)."""
        return "".join(sorted({c for _, _, c in self._edges}))

    # --- moves ---------------------------------------------------------------------------
    def left_options(self) -> tuple[Hackenbush, ...]:
        """Positions after Left deletes a blue or green edge."""
        return self._cuts("LG")

    def right_options(self) -> tuple[Hackenbush, ...]:
        """Positions after Right deletes a red or green edge."""
        return self._cuts("RG")

    def _cuts(self, allowed: str) -> tuple[Hackenbush, ...]:
        seen: dict[tuple[Edge, ...], None] = {}
        edges = self._edges
        for i, (_, _, c) in enumerate(edges):
            if c in allowed and (i == 0 or edges[i - 1] != edges[i]):
                seen.setdefault(_grounded(edges[:i] + edges[i + 1 :]), None)
        return tuple(Hackenbush._from_edges(e) for e in seen)

    # --- structure -----------------------------------------------------------------------
    def components(self) -> tuple[Hackenbush, ...]:
        """The parts that meet only at the ground (separate stalks, trees, ...): the value of
        the position is the sum of theirs.

        >>> Hackenbush("L(R,G) RR 0-5:G 5-0:L").components()
        (Hackenbush('0-1:G 0-1:L'), Hackenbush('L(R,G)'), Hackenbush('RR'))
        """
        parts = canonical.ground_components(self._edges)
        if len(parts) <= 1:
            return (self,)
        return tuple(Hackenbush._from_edges(_renumbered(part)) for part in parts)

    def negative(self) -> Hackenbush:
        """The position with blue and red swapped: its value is minus this one's."""
        return Hackenbush._from_edges(tuple(sorted((u, v, _SWAP[c]) for u, v, c in self._edges)))

    def normal_form(self) -> tuple[Hackenbush, bool]:
        """A representative up to isomorphism and colour swap, and whether this position's
        value is the negative of the representative's.

        Components are put in canonical form (exactly for every component with few enough
        automorphism candidates, in particular every tree) and sorted; if the colour-swapped
        position's form is smaller, it is the representative (flag True).

        >>> Hackenbush("RL").normal_form(), Hackenbush("G LR").normal_form()
        ((Hackenbush('LR'), True), (Hackenbush('G LR'), False))
        """
        form, exact = canonical.normal_edges(self._edges)
        if exact:
            swapped, _ = canonical.normal_edges(self.negative()._edges)
            if canonical.order_key(swapped) < canonical.order_key(form):
                return Hackenbush._from_edges(swapped), True
        return Hackenbush._from_edges(form), False

    def is_tree(self) -> bool:
        """Whether the position is a forest on the ground (no cycles, loops or parallel edges)."""
        return canonical.is_forest(self._edges)

    # --- values --------------------------------------------------------------------------
    def value(self) -> cgt.Game:
        """The value: a verified closed form for each component that has one (blue-red
        trees, green graphs), the generic recursion on the others.

        >>> Hackenbush("LRL").value(), Hackenbush("G(G,GG)").value()
        (Game('3/4'), Game('*4'))
        """
        total = cgt.Game(0)
        for part in self.components():
            fast = closed_forms.component_value(part._edges)
            if fast is not None:
                total += fast
            else:
                rep, negated = part.normal_form()
                v = cgt.value(rep)
                total += -v if negated else v
        return total

    def to_text(self) -> str:
        """A picture in text: each stalk/tree drawn upwards from the ground line."""
        return draw.text_picture(self._edges)

    def to_svg(self) -> str:
        """An SVG picture (blue, red and green edges standing on a ground line)."""
        return draw.svg(self._edges)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _vertex(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise HackenbushError(f"a {what} is a non-negative int; got {v!r}")
    return v


def _edges_from(spec: Iterable[Any]) -> list[Edge]:
    try:
        items = list(spec)
    except TypeError:
        raise HackenbushError(
            f"a Hackenbush position is notation (str) or edges (u, v, colour); got {spec!r}"
        ) from None
    edges = []
    for item in items:
        if not (isinstance(item, tuple | list) and len(item) == 3):
            raise HackenbushError(f"an edge is (u, v, colour); got {item!r}")
        u, v, c = item
        edges.append((_vertex(u, "vertex"), _vertex(v, "vertex"), colour(c, f" in edge {item!r}")))
    return edges


def _grounded(edges: Iterable[Edge]) -> tuple[Edge, ...]:
    """The edges still joined to the ground, renumbered 1, 2, ... in order of their labels."""
    adjacent: dict[int, list[int]] = {}
    for u, v, _ in edges:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
    reached = {0}
    stack = [0]
    while stack:
        for w in adjacent.get(stack.pop(), ()):
            if w not in reached:
                reached.add(w)
                stack.append(w)
    kept = [e for e in edges if e[0] in reached]
    return _renumbered(kept)


def _renumbered(edges: Iterable[Edge]) -> tuple[Edge, ...]:
    edges = list(edges)
    vertices = sorted({u for u, _, _ in edges} | {v for _, v, _ in edges} | {0})
    number = {w: i for i, w in enumerate(vertices)}
    out = []
    for u, v, c in edges:
        a, b = number[u], number[v]
        out.append((a, b, c) if a <= b else (b, a, c))
    return tuple(sorted(out))
