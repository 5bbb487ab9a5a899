"""Claims of misère play and of loopy impartial games, registered with ``cgt verify``.

* misère Nim (Bouton 1901): the normal-play rule, except when no heap exceeds 1;
* the census of misère simplest forms born by days 0..4 (1, 2, 3, 5, 22: Conway, ONAG ch. 12);
* the genus of the nim heaps (Winning Ways ch. 13: ``0^120``, ``1^031``, ``n^{n, n xor 2}``);
* the misère quotient of Nim with heaps <= 2 or 3: the tame quotient ``T_2`` of order 6, and of
  the octal game 0.75 with heaps <= n, n >= 5: ``R_8``, of order 8 with P-portion ``{a, b^2}``
  (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008);
* loopy impartial games: the outcome of a sum read from the generalized Sprague-Grundy values
  of its parts (Smith 1966; Fraenkel and Yesha 1986) equals a retrograde analysis of the sum.

>>> import games.nim.misere_claims as m
>>> [c.game for c in m.CLAIMS][:2]
['misère Nim', 'misère impartial games']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import reduce
from operator import xor
from typing import Any

import cgt
from games.nim.nim import Nim
from games.nim.octal import octal

__all__ = ["CLAIMS"]


def _nim_sums(size: int) -> Iterator[Nim]:
    for count in range(4):
        for heaps in itertools.combinations_with_replacement(range(size), count):
            yield Nim(heaps)


def _bouton_misere(position: Nim) -> str:
    nim_sum = reduce(xor, position.heaps, 0)
    if any(h > 1 for h in position.heaps):
        return "N" if nim_sum else "P"
    return "P" if nim_sum else "N"


def _heap_genus(position: Nim) -> str:
    n = position.heaps[0]
    if n < 2:
        return ("0^120", "1^031")[n]
    sep = "," if max(n, n ^ 2) > 9 else ""  # as Genus prints: commas once a term has 2 digits
    return f"{n}^{n}{sep}{n ^ 2}"


@cgt.impartial_game
def _Node(edges: tuple[tuple[int, ...], ...], v: int) -> list[tuple[Any, int]]:
    return [(edges, w) for w in edges[v]]


def _random_sums(size: int) -> Iterator[cgt.Sum]:
    rng = random.Random(1966)
    for _ in range(size):
        parts = []
        for _ in range(rng.randint(1, 3)):
            n = rng.randint(1, 5)
            edges = tuple(
                tuple(sorted(rng.sample(range(n), rng.randint(0, min(2, n))))) for _ in range(n)
            )
            parts.append(_Node(edges, rng.randrange(n)))
        yield cgt.Sum(*parts)


def _retrograde(position: cgt.Sum) -> str:
    """Who wins the sum, by solving its own graph backwards from the ends of play."""
    index = {position: 0}
    nodes = [position]
    successors: list[list[int]] = []
    for node in nodes:
        targets = []
        for option in cgt.options_of(node):
            if option not in index:
                index[option] = len(nodes)
                nodes.append(option)
            targets.append(index[option])
        successors.append(targets)
    outcome: list[str | None] = [None] * len(nodes)
    changed = True
    while changed:
        changed = False
        for v, targets in enumerate(successors):
            if outcome[v] is None:
                kids = [outcome[w] for w in targets]
                if "P" in kids:
                    outcome[v], changed = "N", True
                elif all(k == "N" for k in kids):
                    outcome[v], changed = "P", True
    return outcome[0] or "D"


@cgt.impartial_game
def _Heap(n: int) -> range:
    """A nim heap known only by its moves (no ``nim_heaps()``): the references search it, so
    they stay independent of the closed forms `cgt.misere_outcome` uses for `Nim`."""
    return range(n)


def _searched_outcome(position: Nim) -> str:
    return cgt.misere_outcome(*[_Heap(h) for h in position.heaps]).value


def _searched_genus(position: Nim) -> str:
    return str(cgt.genus(cgt.Sum(*[_Heap(h) for h in position.heaps])))


def _nim_heap(k: int) -> Nim:
    return Nim((k,))


def _order_and_p(heap: Any, n: int) -> tuple[int, tuple[str, ...]]:
    quotient = cgt.misere_quotient(heap, n)
    return quotient.order, quotient.p_portion_names


def _r8(n: int) -> tuple[int, tuple[str, ...], bool]:
    """Order, P-portion, and whether R_8's relations a^2 = 1, b^3 = b, bc = ab, c^2 = b^2
    hold between the classes named a, b, c."""
    q = cgt.misere_quotient(octal("0.75").position, n)
    index = {name: x for x, name in enumerate(q.names)}
    t = q.table
    a, b, c = index["a"], index["b"], index["c"]
    relations = t[a][a] == 0 and t[t[b][b]][b] == b and t[b][c] == t[a][b] and t[c][c] == t[b][b]
    return q.order, q.p_portion_names, relations


CLAIMS = [
    cgt.register_claim(
        game="misère Nim",
        claim="the player to move wins iff the nim-sum is non-zero, except when no heap "
        "exceeds 1 (then iff it is zero)",
        source="Bouton 1901; Winning Ways ch. 13",
        family=_nim_sums,
        quick=5,
        full=7,
        fast=_bouton_misere,
        reference=_searched_outcome,
        checked_up_to="<= 3 heaps of size < {size}",
    ),
    cgt.register_claim(
        game="misère impartial games",
        claim="1, 2, 3, 5, 22 simplest forms are born by days 0, 1, 2, 3, 4",
        source="Conway, ONAG ch. 12; Siegel, arXiv 2012.08554",
        family=lambda size: range(min(size, 5)),
        quick=5,
        full=5,
        max_size=5,
        fast=lambda day: (1, 2, 3, 5, 22)[day],
        reference=lambda day: len(cgt.misere_games_born_by(day)),
        checked_up_to="days < {size}",
    ),
    cgt.register_claim(
        game="nim heaps in misère play",
        claim="genus of *n: 0^120, 1^031, and n^{n, n xor 2} for n >= 2",
        source="Winning Ways ch. 13; Conway, ONAG ch. 12",
        family=lambda size: (Nim((n,)) for n in range(size)),
        quick=12,
        full=40,
        fast=_heap_genus,
        reference=_searched_genus,
        checked_up_to="n < {size}",
    ),
    cgt.register_claim(
        game="misère Nim",
        claim="the quotient of heaps <= 2 or 3 is T_2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}",
        source="Plambeck and Siegel 2008, the tame quotient",
        family=lambda size: [n for n in (2, 3) if n <= size],
        quick=3,
        full=3,
        max_size=3,
        fast=lambda n: (6, ("a", "b^2")),
        reference=lambda n: _order_and_p(_nim_heap, n),
        checked_up_to="heaps <= {size}",
    ),
    cgt.register_claim(
        game="0.75",
        claim="the misère quotient of heaps <= n is R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, "
        "c^2 = b^2>, P = {a, b^2}, for n >= 5",
        source="Plambeck and Siegel 2008",
        family=lambda size: range(5, size + 1),
        quick=7,
        full=11,
        fast=lambda n: (8, ("a", "b^2"), True),
        reference=_r8,
        checked_up_to="5 <= n <= {size}",
    ),
    cgt.register_claim(
        game="loopy impartial games",
        claim="the outcome of a sum is that of the generalized nim-sum of its parts' γ",
        source="Smith 1966; Fraenkel and Yesha 1986",
        family=_random_sums,
        quick=100,
        full=1000,
        fast=lambda p: cgt.loopy_impartial_outcome(p).value,
        reference=_retrograde,
        checked_up_to="{size} random sums of 1-3 graphs of <= 5 nodes",
    ),
]
