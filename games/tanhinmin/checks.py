"""The checks behind the claims: each maps a position to a value that a claim says equals
another.  The families of positions they run on are in `games.tanhinmin.families` (re-exported
here).

>>> from games.tanhinmin.checks import positions, theorem_1
>>> sum(theorem_1(s) for s in positions(3))
61
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement

import cgt
from games.tanhinmin.families import hand_pairs, positions, round_starts, shapes
from games.tanhinmin.hands import Position, trusted
from games.tanhinmin.matching import gamma_sorted, mu_sorted
from games.tanhinmin.optimal import (
    Moves,
    _algorithm_1,
    delta_after,
    exact_moves_of,
    tenacious_moves,
    tenacious_range,
)
from games.tanhinmin.partizan import PartizanTanhinmin, outcome_by_solver
from games.tanhinmin.round_start import round_start_wins, round_start_wins_corrected
from games.tanhinmin.solver import Result, move_results, result_of
from games.tanhinmin.strategies import STRATEGIES, parameter_range, plays_to_win
from games.tanhinmin.winner import WinnerTable, delta_of

__all__ = ["hand_pairs", "positions", "round_starts", "shapes"]


# --- the checks: each maps a position to a value that the claim says equals another --------


def exact_wins(s: Position) -> bool:
    """The exact solver's verdict (a draw counts as not winning; `no_draw` checks there are
    none)."""
    return result_of(s) is Result.WIN


def theorem_1(s: Position) -> bool:
    return delta_of(s) > 0


def corollary_3(s: Position) -> bool:
    """Solve the ``(0, 0)`` game with the ``c0``/``c1`` weakest cards removed."""
    return result_of(trusted(s.mover[s.c0 :], s.other[s.c1 :], s.field, 0, 0)) is Result.WIN


@functools.lru_cache(maxsize=64)
def _winner_table(mover: tuple[int, ...], other: tuple[int, ...], field: int) -> WinnerTable:
    return WinnerTable(mover, other, field)


def corollary_4(s: Position) -> bool:
    return _winner_table(s.mover, s.other, s.field).wins(s.c0, s.c1)


def no_empty_pass_wins(s: Position) -> bool:
    return result_of(s, empty_pass=False) is Result.WIN


def no_draw(s: Position) -> bool:
    """Corollary 2: the position is not a draw (neither player is stuck passing forever)."""
    return result_of(s) is not Result.DRAW


def seed_003(s: Position) -> bool:
    return round_start_wins(s.mover, s.other)


def seed_003_corrected(s: Position) -> bool:
    return round_start_wins_corrected(s.mover, s.other)


def algorithm_1_printed(s: Position) -> Moves:
    return _algorithm_1(s, literal=True).moves(s.mover)


def algorithm_1_corrected(s: Position) -> Moves:
    return _algorithm_1(s, literal=False).moves(s.mover)


def exact_moves(s: Position) -> Moves:
    return exact_moves_of(s)


def one_interval(s: Position) -> bool:
    """The optimal cards are the playable strengths of the hand within one interval."""
    cards = exact_moves_of(s).cards
    if not cards:
        return True
    low, high = min(cards), max(cards)
    return cards == frozenset(c for c in s.playable if low <= c <= high)


def corollary_1(s: Position) -> bool:
    """When a card can be played, passing is not the only optimal move."""
    if not s.playable:
        return True
    return bool(exact_moves_of(s).cards)


def corollary_5(s: Position) -> bool:
    """The weakest playable card or ``x_{c0+2}`` is optimal (when a card can be played)."""
    if not s.playable:
        return True
    cards = exact_moves_of(s).cards
    second = s.mover[s.c0 + 1] if len(s.mover) >= s.c0 + 2 else None
    return s.playable[0] in cards or second in cards


def corollary_6(s: Position) -> Moves:
    return tenacious_range(s.mover, s.other, s.field, s.c0, s.c1)


def tenacious_definition(s: Position) -> Moves:
    return tenacious_moves(s.mover, s.other, s.field, s.c0, s.c1)


def lemma_1(s: Position) -> bool:
    """``-1 <= delta' - delta <= 1`` for every move, and only the pass can gain."""
    d = delta_of(s)
    changes = [delta_after(s, card) - d for card in s.playable]
    return all(-1 <= c <= 0 for c in changes) and -1 <= delta_after(s, None) - d <= 1


def lemmas_2_to_4(s: Position) -> bool:
    """Lemma 2: a move raising delta' above delta exists only if ``delta < 0``; Lemma 3: with a
    playable card, if every card lowers delta' then ``delta > 1``; Lemma 4: with no playable
    card, passing does not lower it."""
    d = delta_of(s)
    cards = [delta_after(s, card) - d for card in s.playable]
    passing = delta_after(s, None) - d
    if max([*cards, passing]) == 1 and not d < 0:
        return False
    if cards and max(cards) == -1 and not d > 1:
        return False
    return bool(cards or passing >= 0)


def corollary_7(s: Position) -> bool:
    """For each ``c0`` a move optimal under every ``(c0, c)``, and for each ``c1`` one optimal
    under every ``(c, c1)``.  ``s`` stands for its hands and field (its condition is ignored)."""
    n, m = len(s.mover), len(s.other)
    table = {
        (c0, c1): _move_set(exact_moves_of(trusted(s.mover, s.other, s.field, c0, c1)))
        for c0 in range(n)
        for c1 in range(m)
    }
    for c0 in range(n):
        if not set.intersection(*(table[c0, c] for c in range(m))):
            return False
    return all(set.intersection(*(table[c, c1] for c in range(n))) for c1 in range(m))


def _move_set(moves: Moves) -> set[int | None]:
    result: set[int | None] = set(moves.cards)
    if moves.passing:
        result.add(None)
    return result


def strategy_check(algorithm: int) -> Callable[[Position], bool]:
    """``True`` iff the strategy (every allowed parameter) wins from ``s`` when ``s`` is won."""
    strategy = STRATEGIES[algorithm]

    def check(s: Position) -> bool:
        if result_of(s) is not Result.WIN:
            return True
        return all(plays_to_win(s, strategy, c) for c in parameter_range(algorithm, s))

    check.__name__ = f"algorithm_{algorithm}_wins"
    return check


def strategy_move_is_optimal(algorithm: int, s: Position) -> bool:
    """The one-move form of the strategy check (used by the tests on larger sizes)."""
    strategy = STRATEGIES[algorithm]
    cards, passing = move_results(s)
    if result_of(s) is not Result.WIN:
        return True
    for c in parameter_range(algorithm, s):
        move = strategy(s, c)
        result = passing if move is None else cards.get(move)
        if result is not Result.WIN:
            return False
    return True


def matching_pairs(max_cards: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every pair of multisets ``(V0, V1)`` with up to ``max_cards`` values in total."""
    for cards in range(0, max_cards + 1):
        for k in range(0, cards + 1):
            for combo in combinations_with_replacement(range(2 * k), cards):
                if len({code >> 1 for code in combo}) != k:
                    continue
                yield (
                    tuple((code >> 1) + 1 for code in combo if not code & 1),
                    tuple((code >> 1) + 1 for code in combo if code & 1),
                )


def brute_mu(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> int:
    """Maximum matching by augmenting paths (Kuhn's algorithm), from the definition."""
    upper, lower = pair
    owner: list[int | None] = [None] * len(lower)

    def augment(u: int, seen: set[int]) -> bool:
        for v, value in enumerate(lower):
            if upper[u] > value and v not in seen:
                seen.add(v)
                holder = owner[v]
                if holder is None or augment(holder, seen):
                    owner[v] = u
                    return True
        return False

    return sum(augment(u, set()) for u in range(len(upper)))


def brute_gamma(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> int | None:
    """By definition: the largest ``v0`` whose removal keeps the maximum matching size."""
    upper, lower = pair
    best = brute_mu(pair)
    free = [v for i, v in enumerate(upper) if brute_mu((upper[:i] + upper[i + 1 :], lower)) == best]
    return max(free) if free else None


def greedy_mu(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> int:
    return mu_sorted(pair[1], pair[0])


def greedy_gamma(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> int | None:
    return gamma_sorted(pair[1], pair[0])


def partizan_game(s: Position) -> PartizanTanhinmin:
    """The partizan encoding of ``s``: Left holds the mover's hand, Right the other's."""
    return PartizanTanhinmin(s.mover, s.other, s.field, s.c0, s.c1)


def outcome_by_value(s: Position) -> str:
    """The outcome class of the canonical value of the partizan encoding."""
    return cgt.outcome(cgt.value(partizan_game(s))).value


def outcome_by_exact_solver(s: Position) -> str:
    """The outcome class from the exact solver of the literal rules (passes on an empty field
    included), for Left first and for Right first."""
    return outcome_by_solver(partizan_game(s))


def stops_are_zero(s: Position) -> bool:
    """The value is infinitesimal: both stops are 0."""
    g = cgt.value(partizan_game(s))
    return bool(g.left_stop == 0 and g.right_stop == 0)
