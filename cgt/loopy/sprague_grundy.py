"""Loopy impartial games: the generalized Sprague-Grundy function of Smith and Fraenkel.

When moves may cycle, play can go on forever, which is a draw.  Smith (1966) and Fraenkel
(with Yesha, 1986) extended the Grundy value to such games: ``γ(u)`` is either a number or
``∞(K)``, infinity together with the set ``K`` of the finite values of ``u``'s options.  It is
the labelling that satisfies, for every position ``u``:

* if ``γ(u) = m`` is finite, no option has value ``m``, every ``j < m`` is the value of some
  option, and every option of infinite value has an option of value ``m`` (a move to infinity
  can be *reversed* back to ``m``);
* if ``γ(u) = ∞``, some option of infinite value has no option of value ``mex K``;

with the finite values reached in finitely many steps (a counter function).  It is computed
round by round: in round ``m`` a position gets ``m`` as soon as it has no option of value
``m`` yet and every option that is unlabelled or infinite can move to a position of value
``m``; at the end of the round the unlabelled positions with no option of value ``m`` get
``∞``.  The work per round is linear in the size of the game graph, with no recursion.

Sums (Smith; Fraenkel): finite values add by xor; ``∞(K) + b = ∞(K xor b)``; a sum with two
or more infinite parts is ``∞(∅)``.  A sum of value ``0`` is a P-position, a non-zero finite
value an N-position, and ``∞(K)`` an N-position when ``0 ∈ K`` (move to a 0) and a draw
otherwise.

>>> import cgt
>>> @cgt.impartial_game
... def Ring(n):          # 0 <-> 1, and 1 -> 2 -> 3, the end
...     return {0: [1], 1: [0, 2], 2: [3], 3: []}[n]
>>> [str(cgt.loopy_grundy(Ring(n))) for n in range(4)]
['∞(∅)', '∞(1)', '1', '0']
>>> cgt.loopy_impartial_outcome(Ring(0)), cgt.loopy_impartial_outcome(Ring(1), Ring(2))
(<LoopyImpartialOutcome.D: 'D'>, <LoopyImpartialOutcome.N: 'N'>)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from cgt.core.errors import InvalidArgumentError
from cgt.loopy.positions import DEFAULT_MAX_POSITIONS, GraphTooLargeError
from cgt.positions.protocol import check_hashable, options_of
from cgt.positions.sums import Sum

__all__ = [
    "GeneralizedGrundy",
    "LoopyImpartialOutcome",
    "generalized_grundy_of_graph",
    "impartial_graph",
    "loopy_grundy",
    "loopy_impartial_outcome",
]


class LoopyImpartialOutcome(enum.Enum):
    """``N``: the player to move wins; ``P``: the other player wins; ``D``: a draw."""

    N = "N"
    P = "P"
    D = "D"


@attrs.frozen
class GeneralizedGrundy:
    """A value of the generalized Sprague-Grundy function: a number (``value``), or
    ``∞(K)`` (``value`` is None and ``followers`` is ``K``)."""

    value: int | None
    followers: frozenset[int] = frozenset()

    @property
    def is_infinite(self) -> bool:
        return self.value is None

    def __str__(self) -> str:
        if self.value is not None:
            return str(self.value)
        inside = ",".join(map(str, sorted(self.followers))) or "∅"
        return f"∞({inside})"

    def __add__(self, other: GeneralizedGrundy) -> GeneralizedGrundy:
        """The generalized nim-sum.

        >>> GeneralizedGrundy(None, frozenset({0, 3})) + GeneralizedGrundy(1)
        GeneralizedGrundy(value=None, followers=frozenset({1, 2}))
        """
        if not isinstance(other, GeneralizedGrundy):
            return NotImplemented
        if self.value is not None and other.value is not None:
            return GeneralizedGrundy(self.value ^ other.value)
        if self.value is None and other.value is None:
            return GeneralizedGrundy(None)
        infinite, finite = (self, other) if self.value is None else (other, self)
        assert finite.value is not None
        b = finite.value
        return GeneralizedGrundy(None, frozenset(k ^ b for k in infinite.followers))

    @property
    def outcome(self) -> LoopyImpartialOutcome:
        """The outcome of a position of this value."""
        if self.value is not None:
            return LoopyImpartialOutcome.P if self.value == 0 else LoopyImpartialOutcome.N
        return LoopyImpartialOutcome.N if 0 in self.followers else LoopyImpartialOutcome.D


def generalized_grundy_of_graph(successors: Sequence[Sequence[int]]) -> list[GeneralizedGrundy]:
    """``γ`` of every node of an explicit graph (``successors[v]``: the nodes ``v`` moves to).

    >>> [str(g) for g in generalized_grundy_of_graph([[1], [0]])]   # two nodes, each way
    ['∞(∅)', '∞(∅)']
    >>> [str(g) for g in generalized_grundy_of_graph([[1, 2], [0], []])]
    ['1', '0', '0']
    """
    n = len(successors)
    succ = [sorted(set(s)) for s in successors]
    for targets in succ:
        for w in targets:
            if not (isinstance(w, int) and 0 <= w < n):
                raise InvalidArgumentError(f"successor {w!r} is not a node 0..{n - 1}")
    pred: list[list[int]] = [[] for _ in range(n)]
    for v, targets in enumerate(succ):
        for w in targets:
            pred[w].append(v)
    INF = -1
    label: list[int | None] = [None] * n
    unlabelled = n
    m = 0
    while unlabelled:
        has_m = [False] * n
        # bad[u]: options of u that are unlabelled or infinite and cannot move to m (yet)
        bad = [sum(1 for v in succ[u] if label[v] is None or label[v] == INF) for u in range(n)]
        queue = [u for u in range(n) if label[u] is None and bad[u] == 0]
        while queue:
            u = queue.pop()
            if label[u] is not None or has_m[u]:
                continue
            label[u] = m
            unlabelled -= 1
            for p in pred[u]:
                if has_m[p]:
                    continue
                has_m[p] = True
                if label[p] is None or label[p] == INF:
                    for q in pred[p]:
                        bad[q] -= 1
                        if bad[q] == 0 and label[q] is None and not has_m[q]:
                            queue.append(q)
        for u in range(n):
            if label[u] is None and not has_m[u]:
                label[u] = INF
                unlabelled -= 1
        m += 1
    result = []
    for u in range(n):
        value = label[u]
        assert value is not None
        if value == INF:
            finite = frozenset(x for v in succ[u] if (x := label[v]) is not None and x != INF)
            result.append(GeneralizedGrundy(None, finite))
        else:
            result.append(GeneralizedGrundy(value))
    return result


def impartial_graph(
    position: Any, *, max_positions: int | None = DEFAULT_MAX_POSITIONS
) -> tuple[list[Any], list[list[int]]]:
    """The positions reachable from ``position`` (it first) and each one's successors, found
    breadth first; raises `cgt.loopy.GraphTooLargeError` beyond ``max_positions``."""
    check_hashable(position)
    index = {position: 0}
    nodes = [position]
    successors: list[list[int]] = []
    k = 0
    while k < len(nodes):
        targets = []
        for option in options_of(nodes[k]):
            target = index.get(option)
            if target is None:
                check_hashable(option, nodes[k])
                if max_positions is not None and len(nodes) >= max_positions:
                    raise GraphTooLargeError(
                        f"more than {max_positions:,} positions reachable from {position!r}"
                    )
                target = index[option] = len(nodes)
                nodes.append(option)
            targets.append(target)
        successors.append(targets)
        k += 1
    return nodes, successors


def loopy_grundy(
    position: Any, *, max_positions: int | None = DEFAULT_MAX_POSITIONS
) -> GeneralizedGrundy:
    """``γ`` of an impartial position whose moves may cycle (a `cgt.Sum` by the sum rule).

    >>> import cgt
    >>> @cgt.impartial_game
    ... def Heap(n):
    ...     return range(n)
    >>> cgt.loopy_grundy(Heap(5)).value    # without cycles, γ is the Grundy value
    5
    """
    if isinstance(position, Sum):
        total = GeneralizedGrundy(0)
        for component in position.components:
            total = total + loopy_grundy(component, max_positions=max_positions)
        return total
    _, successors = impartial_graph(position, max_positions=max_positions)
    return generalized_grundy_of_graph(successors)[0]


def loopy_impartial_outcome(
    *positions: Any, max_positions: int | None = DEFAULT_MAX_POSITIONS
) -> LoopyImpartialOutcome:
    """Who wins the sum of impartial positions whose moves may cycle: ``N``, ``P`` or ``D``."""
    total = GeneralizedGrundy(0)
    for position in positions:
        total = total + loopy_grundy(position, max_positions=max_positions)
    return total.outcome
