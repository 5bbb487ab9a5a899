"""Seed 000's Algorithms 2-7: six simple strategies claimed optimal (Theorem 5), and a checker.

Each strategy maps a position to a move: a card strength, or ``None`` for a pass.  All pass
when no card can be played.  ``x_k`` is the ``k``-th weakest card of the mover ``X``;
"the smallest playable card of a sub-hand" is the weakest card above the field in it.
Algorithms 3, 4 and 6 take a parameter ``c`` with ``0 <= c <= c0``, Algorithms 5 and 7 one with
``0 <= c <= c1``; the paper claims optimality for every choice.

* **2** (prefer ``x_{c0+1}``): if ``|X| = c0 + 1`` or ``mu(X̄_{-[c1]}, X_{-[c0], c0+2}) = mu_1``,
  the smallest playable card of ``X_{-[c0]}``, else of ``X_{-[c0+1]}``.
* **3** (prefer ``x_{c0+2}``): if ``|X| >= c0 + 2`` and
  ``mu(X_{-[c0], c0+2}, X̄_{-[c1+1]}) = mu_0 - 1``, the smallest playable card of
  ``X_{-[c0+1]}``, else of ``X_{-[c]}``.
* **4** (switch on mu_0): if ``mu_0(s, c, c1) >= |X| - c0``, the smallest playable card, else
  the smallest playable card of ``X_{-[c0+1]}``.
* **5** (switch on mu_1): if ``mu_1(s, c0, c) = |X| - c0 - 1``, the smallest playable card, else
  the smallest playable card of ``X_{-[c0+1]}``.
* **6** (``mu_0``-th from the top): the stronger of the ``mu_0(s, c, c1)``-th strongest card and
  the smallest playable card.
* **7** (``(mu_1 + 1)``-th from the top): the stronger of the ``(mu_1(s, c0, c) + 1)``-th
  strongest card and the smallest playable card.

`plays_to_win` checks a strategy the hard way: from a position the mover wins (by the exact
solver), the strategy's player follows it against *every* reply of the opponent, at every turn,
and must always reach the target first.

>>> from games.tanhinmin import Position, STRATEGIES, plays_to_win
>>> s = Position((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
>>> [STRATEGIES[k](s, 0) for k in range(2, 8)]
[5, 5, 5, 5, 5, 5]
>>> plays_to_win(s, STRATEGIES[3], 1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.tanhinmin.hands import Position, trusted
from games.tanhinmin.matching import mu_sorted
from games.tanhinmin.winner import mu0_of, mu1_of

__all__ = [
    "STRATEGIES",
    "Strategy",
    "algorithm_2",
    "algorithm_3",
    "algorithm_4",
    "algorithm_5",
    "algorithm_6",
    "algorithm_7",
    "parameter_range",
    "plays_to_win",
]

Strategy = Callable[[Position, int], "int | None"]


def _smallest_playable(cards: Sequence[int], field: int) -> int | None:
    for card in cards:
        if card > field:
            return card
    return None


def _stronger(card: int, s: Position) -> int | None:
    weakest = _smallest_playable(s.mover, s.field)
    if weakest is None:
        return None
    return max(card, weakest)


def algorithm_2(s: Position, c: int = 0) -> int | None:
    """Prefer the ``(c0+1)``-th weakest card (``c`` is unused)."""
    X, c0 = s.mover, s.c0
    if len(X) == c0 + 1 or mu_sorted(X[c0 : c0 + 1] + X[c0 + 2 :], s.other[s.c1 :]) == mu1_of(s):
        return _smallest_playable(X[c0:], s.field)
    return _smallest_playable(X[c0 + 1 :], s.field)


def algorithm_3(s: Position, c: int = 0) -> int | None:
    """Prefer the ``(c0+2)``-th weakest card; otherwise play from ``X_{-[c]}``."""
    X, c0 = s.mover, s.c0
    if len(X) >= c0 + 2:
        rest = X[c0 : c0 + 1] + X[c0 + 2 :]
        if mu_sorted(s.other[s.c1 + 1 :], rest) == mu0_of(s) - 1:
            return _smallest_playable(X[c0 + 1 :], s.field)
    return _smallest_playable(X[c:], s.field)


def algorithm_4(s: Position, c: int = 0) -> int | None:
    """Switch on ``mu_0(s, c, c1)``."""
    X, c0 = s.mover, s.c0
    if mu0_of(trusted(X, s.other, s.field, c, s.c1)) >= len(X) - c0:
        return _smallest_playable(X, s.field)
    return _smallest_playable(X[c0 + 1 :], s.field)


def algorithm_5(s: Position, c: int = 0) -> int | None:
    """Switch on ``mu_1(s, c0, c)``."""
    X, c0 = s.mover, s.c0
    if mu1_of(trusted(X, s.other, s.field, c0, c)) == len(X) - c0 - 1:
        return _smallest_playable(X, s.field)
    return _smallest_playable(X[c0 + 1 :], s.field)


def algorithm_6(s: Position, c: int = 0) -> int | None:
    """The ``mu_0(s, c, c1)``-th strongest card, or the smallest playable if stronger."""
    k = mu0_of(trusted(s.mover, s.other, s.field, c, s.c1))
    return _stronger(s.mover[-k] if k else 0, s)


def algorithm_7(s: Position, c: int = 0) -> int | None:
    """The ``(mu_1(s, c0, c) + 1)``-th strongest card, or the smallest playable if stronger."""
    k = mu1_of(trusted(s.mover, s.other, s.field, s.c0, c)) + 1
    return _stronger(s.mover[-k], s)


STRATEGIES: dict[int, Strategy] = {
    2: algorithm_2,
    3: algorithm_3,
    4: algorithm_4,
    5: algorithm_5,
    6: algorithm_6,
    7: algorithm_7,
}


def parameter_range(algorithm: int, s: Position) -> range:
    """The values of the parameter ``c`` the paper allows for an algorithm at ``s``."""
    if algorithm in (3, 4, 6):
        return range(s.c0 + 1)
    if algorithm in (5, 7):
        return range(s.c1 + 1)
    return range(1)


_Node = tuple[str, tuple[int, ...], tuple[int, ...], int]


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def plays_to_win(s: Position, strategy: Strategy, c: int = 0) -> bool:
    """Does following ``strategy`` (parameter ``c``) from ``s`` win against every reply?

    The strategy's player is the mover of ``s``; at each of their turns the strategy is applied
    to the position then (with the same ``c``, capped to the domain).  The check is an
    iterative AND-OR search, memoized per call; it ends because the strategy never passes on an
    empty field (its player always holds a card there).
    """
    # Nodes: ("S", mine, theirs, field) strategy to move; ("O", mine, theirs, field) opponent.
    c0, c1 = s.c0, s.c1
    memo: dict[_Node, bool] = {}

    def children(node: _Node) -> list[_Node | bool]:
        kind, mine, theirs, field = node
        if kind == "S":
            here = trusted(mine, theirs, field, c0, c1)
            card = strategy(here, c)
            if card is None:
                if any(x > field for x in mine):
                    return [False]  # passing with a playable card is not what the paper says
                return [("O", mine, theirs, 0)]
            if card not in mine or card <= field:
                return [False]  # an illegal move loses the check
            rest = _remove(mine, card)
            if len(rest) <= c0:
                return [True]
            return [("O", rest, theirs, card)]
        replies: list[_Node | bool] = [("S", mine, theirs, 0)]
        for card in sorted(set(theirs)):
            if card > field:
                rest = _remove(theirs, card)
                if len(rest) <= c1:
                    return [False]
                replies.append(("S", mine, rest, card))
        return replies

    root: _Node = ("S", s.mover, s.other, s.field)
    stack: list[_Node] = [root]
    pending: dict[_Node, list[_Node | bool]] = {}
    while stack:
        node = stack[-1]
        if node in memo:
            stack.pop()
            continue
        kids = pending.get(node)
        if kids is None:
            kids = pending[node] = children(node)
        missing = [k for k in kids if not isinstance(k, bool) and k not in memo]
        if missing:
            stack.extend(missing)
            continue
        values = [k if isinstance(k, bool) else memo[k] for k in kids]
        memo[node] = all(values)
        del pending[node]
        stack.pop()
    return memo[root]
