"""Sidling: the onside and offside of a loopy game, as stoppers in simplest form.

A loopy game ``G`` that is not a stopper is known by two stoppers, its *onside* ``s = G⁺`` and
its *offside* ``t = G⁻``, written ``G = s & t`` (Conway, *On Numbers and Games*, ch. 16; Winning
Ways, ch. 11; Siegel, *Combinatorial Game Theory*, VI.4).  The onside is what ``G`` is when
infinite play counts as a win for Left: for every stopper ``X``, Left, moving second, survives
``G + X`` exactly when ``s + X >= 0``; the offside is the same with Right.

*Sidling* finds them.  Give every position of ``G`` the guess ``on`` and replace, again and
again, each position's guess by ``{guesses of its Left options | guesses of its Right options}``:
the guesses go down and, when ``G`` is stopper-sided, settle on the onside (the offside is
found from ``off`` upwards).  Replacing every option by a guess would make a stopper such as
``over = {0 | pass}`` descend forever (``1, 1/2, 1/4, ...``), so only the moves that can take
part in an infinite alternating play are replaced: Right's such moves for the onside, Left's
for the offside.  Every other move stays a move of the graph, and each round is the value of a
stopper graph: the positions of ``G`` with those moves redirected to the previous round's
guesses.  A round is brought to simplest form (`simplest_forms`) together with the previous
one, so the two are equal exactly when every position is fused with its old guess.

>>> from cgt.loopy.printing import NAMED
>>> onside, offside = sides(*NAMED["tis"])           # tis = {tisn |}, tisn = {| tis}
>>> onside, offside
(([[1], []], [[], []]), ([[]], [[]]))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cgt.loopy._graphs import (
    is_stopper,
    reachable,
    short_games,
    simplest_forms,
    survives_difference,
)
from cgt.loopy._retrograde import explore
from cgt.loopy.errors import NotStopperSidedError
from cgt.partizan.game import Game

__all__ = ["ROUND_LIMIT", "SIZE_LIMIT", "WORK_LIMIT", "alternating_moves", "side", "sides"]

Edges = list[list[int]]
Graph = tuple[Edges, Edges]

SIZE_LIMIT = 1500
"""Sidling refuses (`NotStopperSidedError`) games with more positions than this once their
parts without cycles are collapsed to their values: each round orders all pairs of positions."""

ROUND_LIMIT = 64
"""Sidling gives up (`NotStopperSidedError`) after ``ROUND_LIMIT + 4 * nodes`` rounds."""

WORK_LIMIT = 1_000_000
"""...or once its rounds have ordered this many pairs of positions (a round orders all pairs of
the game's positions and its guesses): a game of 14 positions whose guesses kept growing took
minutes before its rounds ran out (issue 28's hostile-input pass)."""

_ON: Graph = ([[0]], [[]])
_OFF: Graph = ([[]], [[0]])


def _components(successors: Sequence[Sequence[int]]) -> list[int]:
    """The strongly connected component of each node (Tarjan's algorithm, iteratively)."""
    n = len(successors)
    index = [-1] * n
    low = [0] * n
    component = [-1] * n
    stack: list[int] = []
    counter = 0
    count = 0
    for start in range(n):
        if index[start] != -1:
            continue
        work = [(start, 0)]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        while work:
            v, i = work[-1]
            if i < len(successors[v]):
                work[-1] = (v, i + 1)
                w = successors[v][i]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    work.append((w, 0))
                elif component[w] == -1:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    component[w] = count
                    if w == v:
                        break
                count += 1
    return component


def alternating_moves(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], by_right: bool
) -> set[tuple[int, int]]:
    """The moves ``(v, w)`` of one player (Right if ``by_right``) that lie on an infinite
    alternating play: a cycle of the graph of states (node, player to move).

    >>> sorted(alternating_moves([[0]], [[0]], by_right=True))    # dud
    [(0, 0)]
    """
    n = len(left)
    states: Edges = [[] for _ in range(2 * n)]  # 2v: Left to move at v; 2v + 1: Right to move
    for v in range(n):
        states[2 * v] = [2 * w + 1 for w in left[v]]
        states[2 * v + 1] = [2 * w for w in right[v]]
    component = _components(states)
    moves = right if by_right else left
    mover = 1 if by_right else 0
    return {
        (v, w)
        for v in range(n)
        for w in moves[v]
        if component[2 * v + mover] == component[2 * w + 1 - mover]
    }


def _single_player_cycle_moves(moves: Sequence[Sequence[int]]) -> set[tuple[int, int]]:
    """The moves that lie on a cycle of one player's moves alone (such as a pass)."""
    component = _components(moves)
    return {(v, w) for v in range(len(moves)) for w in moves[v] if component[v] == component[w]}


def _breaks_all_cycles(
    left: Sequence[Sequence[int]],
    right: Sequence[Sequence[int]],
    cut_left: set[tuple[int, int]],
    cut_right: set[tuple[int, int]],
) -> bool:
    kept_left = [[w for w in left[v] if (v, w) not in cut_left] for v in range(len(left))]
    kept_right = [[w for w in right[v] if (v, w) not in cut_right] for v in range(len(left))]
    return is_stopper(kept_left, kept_right)


def _cut_sets(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], onside: bool
) -> list[tuple[set[tuple[int, int]], set[tuple[int, int]]]]:
    """Sets of moves (Left's, Right's) to redirect to the guesses, each breaking every infinite
    alternating play; different sets settle on different games, so several are tried."""
    alternating_left = alternating_moves(left, right, by_right=False)
    alternating_right = alternating_moves(left, right, by_right=True)
    single_left = _single_player_cycle_moves(left)
    single_right = _single_player_cycle_moves(right)
    candidates = []
    for mine_right in (onside, not onside):
        mine = alternating_right if mine_right else alternating_left
        # a minimal set of one player's moves: keep live first the moves on one-player cycles
        for prefer_single in (True, False):
            order = sorted(mine, key=lambda e: ((e in single_left or e in single_right), e))
            if prefer_single:
                order.reverse()
            cut = set(mine)
            for move in order:
                smaller = cut - {move}
                pair = (set(), smaller) if mine_right else (smaller, set())
                if _breaks_all_cycles(left, right, *pair):
                    cut = smaller
            candidates.append((set(), cut) if mine_right else (cut, set()))
    candidates += [
        (alternating_left - single_left, alternating_right - single_right),
        (set(), alternating_right),
        (alternating_left, set()),
        (alternating_left - single_left, alternating_right),
        (alternating_left, alternating_right - single_right),
        (alternating_left, alternating_right),
    ]
    unique = []
    for cut_left, cut_right in candidates:
        if (cut_left, cut_right) not in unique and _breaks_all_cycles(
            left, right, cut_left, cut_right
        ):
            unique.append((cut_left, cut_right))
    return unique


def side(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], onside: bool) -> Graph:
    """The onside (or the offside) of node 0 as a stopper graph in simplest form.

    Each set of redirected moves (`_cut_sets`) gives a sequence of guesses, all at least the
    onside (at most the offside); they are advanced in turn, and the first guess ``s`` at node
    0 that is a fixed point, or that Left survives ``G - s`` moving second (``G⁺ >= s``), is the
    onside.  Raises `NotStopperSidedError` when none settles within the round limit.
    """
    n = len(left)
    cut_sets = _cut_sets(left, right, onside)
    if not cut_sets:  # a stopper is its own onside and offside
        return reachable(left, right, 0)
    start = _ON if onside else _OFF
    guesses = [(start[0], start[1], [0] * n) for _ in cut_sets]
    rounds = ROUND_LIMIT + 4 * n
    which = "onside" if onside else "offside"
    work = 0
    for _ in range(rounds):
        for k, (cut_left, cut_right) in enumerate(cut_sets):
            work += (n + len(guesses[k][0])) ** 2  # a round orders all pairs of its positions
            if work > WORK_LIMIT:
                raise NotStopperSidedError(
                    f"sidling found no {which} within {WORK_LIMIT:,} steps (the guesses of a "
                    f"game of {n} positions keep growing): it is not stopper-sided, or its "
                    f"{which} is out of reach"
                )
            found, guesses[k] = _round(left, right, onside, cut_left, cut_right, guesses[k])
            if found is not None:
                return found
    raise NotStopperSidedError(
        f"sidling found no {which} within {rounds} rounds: the game (a graph of {n} "
        f"positions) is not stopper-sided, or its {which} is out of reach"
    )


def _round(
    left: Sequence[Sequence[int]],
    right: Sequence[Sequence[int]],
    onside: bool,
    cut_left: set[tuple[int, int]],
    cut_right: set[tuple[int, int]],
    guess: tuple[Edges, Edges, list[int]],
) -> tuple[Graph | None, tuple[Edges, Edges, list[int]]]:
    """One round of sidling: the side if this round finds it, and the next guesses."""
    n = len(left)
    guess_left, guess_right, guess_of = guess
    round_left = [[n + guess_of[w] if (v, w) in cut_left else w for w in left[v]] for v in range(n)]
    round_right = [
        [n + guess_of[w] if (v, w) in cut_right else w for w in right[v]] for v in range(n)
    ]
    round_left += [[n + w for w in options] for options in guess_left]
    round_right += [[n + w for w in options] for options in guess_right]
    simple_left, simple_right, representative = simplest_forms(round_left, round_right)
    candidate = reachable(simple_left, simple_right, representative[0])
    settled = all(representative[v] == representative[n + guess_of[v]] for v in range(n))
    if settled or survives_difference((left, right), candidate, by_left=onside):
        return candidate, guess
    return None, _restrict(simple_left, simple_right, [representative[v] for v in range(n)])


def _restrict(left: Edges, right: Edges, roots: list[int]) -> tuple[Edges, Edges, list[int]]:
    """The part of a graph reachable from ``roots``, renumbered; and the roots' new numbers."""
    index: dict[int, int] = {}
    order: list[int] = []
    for root in roots:
        if root not in index:
            index[root] = len(order)
            order.append(root)
    position = 0
    while position < len(order):
        v = order[position]
        position += 1
        for w in (*left[v], *right[v]):
            if w not in index:
                index[w] = len(order)
                order.append(w)
    new_left = [[index[w] for w in left[v]] for v in order]
    new_right = [[index[w] for w in right[v]] for v in order]
    return new_left, new_right, [index[root] for root in roots]


def sides(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> tuple[Graph, Graph]:
    """The onside and the offside of node 0, checked: the onside is at least the offside, and
    Left survives ``G - onside`` moving second (``G⁺ >= onside``), Right ``G - offside``.

    Sidling works on the graph with every part that reaches no cycle replaced by its value's
    canonical form (`_collapse_short`), and the checks are made on the graph as given.

    Raises `NotStopperSidedError` when sidling does not settle or a check fails.
    """
    core = _collapse_short(left, right)
    if len(core[0]) > SIZE_LIMIT:
        raise NotStopperSidedError(
            f"the game has {len(core[0])} positions that reach a cycle or are distinct values "
            f"of those that do not; sidling (quadratic in that number) takes at most {SIZE_LIMIT}"
        )
    onside = side(*core, onside=True)
    offside = side(*core, onside=False)
    for graph in (onside, offside):
        if not is_stopper(*graph):  # pragma: no cover - every round is a stopper
            raise NotStopperSidedError("sidling produced a side that is not a stopper")
    game = (left, right)
    if not (
        survives_difference(onside, offside, by_left=True)
        and survives_difference(game, onside, by_left=True)
        and survives_difference(game, offside, by_left=False)
    ):
        raise NotStopperSidedError(
            "the sides found by sidling fail their defining property: the game is not "
            "stopper-sided (please report it if you think it is)"
        )
    return onside, offside


def _collapse_short(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> Graph:
    """The graph with each node that reaches no cycle replaced by the canonical form of its
    value (one copy per value): a large acyclic part with few values shrinks to a few nodes.

    >>> _collapse_short([[1, 2], [3], [3], []], [[0], [], [], []])   # {1, 1 | pass}
    ([[1], [2], []], [[0], [], []])
    """
    games = short_games(left, right)

    def key_of(v: int) -> Any:
        return games[v] if games[v] is not None else ("node", v)

    def expand(key: Any) -> tuple[list[Any], list[Any]]:
        if isinstance(key, Game):
            return list(key.left_options), list(key.right_options)
        v = key[1]
        return [key_of(w) for w in left[v]], [key_of(w) for w in right[v]]

    _, new_left, new_right = explore(key_of(0), expand)
    return new_left, new_right
