"""The exact two-player endgame: when only two players hold cards, every unseen card is in the
other hand, so the rest of the game is a two-player game of perfect information.

`solve` searches it exactly under the server's rules (the same transitions as
`games.daihinmin.rules.engine.GameState`, checked against it in the tests): plays, passes, the turn
returning to the last player while the other has passed, the lock, the revolution, the 8-cut,
the lone joker and the 3 of spades, and the 20-pass rule (20 submissions in a row that are not
accepted end the game in a random order: a value of one half).

The value of a position is the probability that the player to move finishes first, with both
playing perfectly: 0, 1/2 (only through the 20-pass rule) or 1.

>>> from games.daihinmin.rules.endgame import solve
>>> from games.daihinmin.rules.cards import parse_cards
>>> r = solve(parse_cards("3S 4S 2H"), parse_cards("AD KC"))
>>> r.value, [str(m) for m in r.best]
(Fraction(1, 1), ['3S', '4S'])
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import attrs

import cgt
from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.engine import DEFAULT_RULES, Rules
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.moves import legal_melds

__all__ = ["EndgameError", "EndgameResult", "EndgameSolver", "solve", "solve_state"]

_SPADE_3 = 1 << 4
_WIN, _DRAW, _LOSS = 2, 1, 0
MAX_PASSES = 20


class EndgameError(cgt.CGTError, ValueError):
    """A position that is not a two-player endgame, or one too large to search."""


@attrs.frozen
class EndgameResult:
    """The value for the player to move and every move that achieves it."""

    value: Fraction
    best: tuple[Meld, ...]
    positions: int


_Pos = tuple[int, int, "Meld | None", bool, bool, bool, bool, int]


class _Solver:
    def __init__(self, limit: int, rules: Rules = DEFAULT_RULES) -> None:
        self.memo: dict[tuple[object, ...], int] = {}
        self.limit = limit
        self.rules = rules

    def value(self, pos: _Pos) -> int:
        """The value of ``pos`` for its mover, by a depth-first search on an explicit stack (an
        endgame is a hundred moves deep at most, but the caller's stack may be nearly full, and
        the recursion limit is the process's, not ours to change)."""
        memo = self.memo
        cached = memo.get(pos)
        if cached is not None:
            return cached
        self._check_room()
        # each frame: [position, its moves, best so far, whether the child searched is the other's]
        stack: list[list[Any]] = [[pos, self.children(pos), _LOSS, False]]
        while True:
            frame = stack[-1]
            moves = frame[1]
            best = frame[2]
            descend = None
            for _meld, child, other_moves in moves:
                if isinstance(child, int):
                    v = child
                else:
                    known = memo.get(child)
                    if known is None:
                        frame[3] = other_moves
                        descend = child
                        break
                    v = 2 - known if other_moves else known
                if v > best:
                    best = v
                    if best == _WIN:
                        break
            frame[2] = best
            if descend is not None:
                self._check_room()
                stack.append([descend, self.children(descend), _LOSS, False])
                continue
            memo[frame[0]] = best
            stack.pop()
            if not stack:
                return best
            parent = stack[-1]
            v = 2 - best if parent[3] else best
            if v > parent[2]:
                parent[2] = v
                if v == _WIN:  # a win: the parent's other moves need no search
                    parent[1] = iter(())

    def _check_room(self) -> None:
        if len(self.memo) >= self.limit:
            raise EndgameError(f"more than {self.limit} positions: too large to solve exactly")

    def children(self, pos: _Pos) -> Iterator[tuple[Meld, _Pos | int, bool]]:
        """(move, next position or a final value, whether the next position is the other's)."""
        mover, other, field, lock, rev, last_is_mover, other_passed, passes = pos
        rules = self.rules
        for meld in legal_melds(mover, field, rev, lock, sequences_allowed=rules.sequences):
            if meld is PASS:
                if passes + 1 >= MAX_PASSES:
                    yield meld, _DRAW, False
                    continue
                if other_passed:  # both have passed: the field clears, the last player leads
                    if last_is_mover:
                        yield meld, (mover, other, None, False, rev, True, False, passes + 1), False
                    else:
                        yield meld, (other, mover, None, False, rev, True, False, passes + 1), True
                else:  # the other moves; the mover stays out until the field clears
                    child = (other, mover, field, lock, rev, not last_is_mover, True, passes + 1)
                    yield meld, child, True
                continue
            hand = mover & ~meld.hand_cards
            if not hand:
                yield meld, _WIN, False
                continue
            kind = meld.kind
            new_lock = lock
            if kind == Kind.JOKER:
                new_lock = False
            elif field is not None and not lock and meld.suits == field.suits and rules.lock:
                new_lock = True
            new_rev = rev
            flash = field is not None and field.kind == Kind.JOKER  # the 3 of spades
            if kind != Kind.JOKER:
                if meld.is_revolution and rules.revolution:
                    new_rev = not rev
                if meld.has_eight and rules.eight_cut:
                    flash = True
            if flash:
                yield meld, (hand, other, None, False, new_rev, True, False, 0), False
            elif other_passed:  # the turn comes back to the mover
                yield meld, (hand, other, meld, new_lock, new_rev, True, True, 0), False
            else:
                yield meld, (other, hand, meld, new_lock, new_rev, False, False, 0), True


def _score(child: object, other_moves: bool, solver: _Solver) -> int:
    if isinstance(child, int):
        return child
    v = solver.value(child)  # type: ignore[arg-type]
    return 2 - v if other_moves else v


class EndgameSolver:
    """An exact endgame solver whose table of solved positions persists between calls (the
    positions of one endgame recur from turn to turn).  ``limit`` bounds the table."""

    def __init__(self, rules: Rules = DEFAULT_RULES, limit: int = 2_000_000) -> None:
        self._solver = _Solver(limit, rules)
        self.rules = rules

    @property
    def positions(self) -> int:
        return len(self._solver.memo)

    def solve(
        self,
        mover: int,
        other: int,
        field: Meld | None = None,
        *,
        lock: bool = False,
        revolution: bool = False,
        last_is_mover: bool = False,
        other_passed: bool = False,
        passes: int = 0,
    ) -> EndgameResult:
        """The value for the mover and every move achieving it (see `solve`)."""
        if not mover or not other:
            raise EndgameError("both players must hold cards")
        if mover & other or (mover | other) & ~(REAL_CARDS | JOKER):
            raise EndgameError("the hands must be disjoint sets of cards")
        if field is not None and field.hand_cards & (mover | other):
            raise EndgameError("a card on the field is also in a hand")
        if lock and field is None:
            raise EndgameError("a lock needs a meld on the field")
        if field is not None and last_is_mover and not other_passed:
            raise EndgameError("if the mover made the field, the other must have passed")
        if not 0 <= passes < MAX_PASSES:
            raise EndgameError(f"passes must be in 0..{MAX_PASSES - 1}")
        solver = self._solver
        root = (
            mover,
            other,
            field if field is not None and field.kind != Kind.PASS else None,
            bool(lock) and field is not None and self.rules.lock,
            bool(revolution),
            last_is_mover,
            other_passed,
            passes,
        )
        scored = [(m, _score(c, s, solver)) for m, c, s in solver.children(root)]
        top = max(v for _, v in scored)
        return EndgameResult(
            Fraction(top, 2), tuple(m for m, v in scored if v == top), len(solver.memo)
        )


def solve(
    mover: int,
    other: int,
    field: Meld | None = None,
    *,
    lock: bool = False,
    revolution: bool = False,
    last_is_mover: bool = False,
    other_passed: bool = False,
    passes: int = 0,
    rules: Rules = DEFAULT_RULES,
    limit: int = 2_000_000,
) -> EndgameResult:
    """Solve the endgame between ``mover`` (to move) and ``other`` exactly.

    By default the other made the field; ``last_is_mover`` with ``other_passed`` is the
    position where the turn came back to the mover.  ``limit`` bounds the positions searched
    (`EndgameError` beyond it).  ``rules`` switches rules off as the server's configuration
    does (the lock, the revolution, the 8-cut, sequences).
    """
    return EndgameSolver(rules, limit).solve(
        mover,
        other,
        field,
        lock=lock,
        revolution=revolution,
        last_is_mover=last_is_mover,
        other_passed=other_passed,
        passes=passes,
    )


def solve_state(state: object, limit: int = 2_000_000) -> EndgameResult:
    """Solve a `GameState` in which exactly two players hold cards, for the player to move."""
    from games.daihinmin.rules.engine import GameState

    if not isinstance(state, GameState):
        raise EndgameError(f"expected a GameState, got {type(state).__name__}")
    active = [p for p in range(5) if state.hands[p]]
    if len(active) != 2 or state.over:
        raise EndgameError(f"{len(active)} players hold cards: not a two-player endgame")
    me = state.turn
    (you,) = [p for p in active if p != me]
    return solve(
        state.hands[me],
        state.hands[you],
        state.field,
        lock=state.lock,
        revolution=state.revolution,
        last_is_mover=state.last_player == me,
        other_passed=bool(state.passed >> you & 1),
        passes=state.non_accepted,
        rules=state.rules,
        limit=limit,
    )
