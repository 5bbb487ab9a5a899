"""The exact solver: who wins a Tanhinmin position, by retrograde analysis of the literal rules.

This is the judge for every closed form of the package.  It knows nothing of matchings: it plays
the rules.  The player to move plays one card stronger than the field (it becomes the field) or
passes (the field empties); under the ``(c0, c1)`` condition the mover wins as soon as their hand
is down to ``c0`` cards (the other still holding more than ``c1``), and loses if the other gets
down to ``c1`` first.

**Loops.**  Passing on an empty field hands the same position to the other player, and a second
pass brings it back: play need not end.  The solver handles this exactly.  Every card move
lowers the number of cards, so only the two positions ``(X, Y, 0)`` and ``(Y, X, 0)`` (the same
hands, empty field, either player to move) can reach each other without a card being played.
For those two, with the results of their card moves known: a player with a winning card move
wins; a player without one loses if the other has one (passing would hand the other the win);
and if neither has one, neither can force a win and the game is a **draw** (they pass forever).
`solve` raises `DrawError` on a draw; seed 000 (Corollary 2) says none exists, and the
verification checks that on every position it visits.

**All conditions at once.**  For the hands ``(X, Y)`` and field ``r`` the solver computes the
result for every ``(c0, c1)`` together, as bit masks (row ``c0``, bit ``c1``), and memoizes by
the *shape* of the position: strengths are replaced by their ranks among the strengths present
(only comparisons matter to the rules), so ``({10, 30}, {20}, 0)`` and ``({1, 3}, {2}, 0)``
share one entry.  The evaluation is iterative (an explicit stack): no recursion limit.

>>> from games.tanhinmin import solve, exact_result
>>> solve((1, 3, 5), (2, 4), field=1), solve((1, 3, 5), (2, 4), field=1, c0=1, c1=1)
(True, True)
>>> solve((1,), (2,), field=1)
False
>>> exact_result((1, 1), (2,))
<Result.LOSS: 'loss'>

``empty_pass=False`` solves the variant without the pass on an empty field (a short game, used
to check that leaving that pass out changes no winner).
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections.abc import Iterable

import cgt
from games.tanhinmin.hands import Position

__all__ = [
    "DrawError",
    "Result",
    "ResultTable",
    "clear_cache",
    "exact_result",
    "move_results",
    "solve",
    "solve_table",
]


class DrawError(cgt.CGTError, ValueError):
    """The position is a draw (neither player can force a win): `solve` has no bool to give."""


class Result(enum.Enum):
    """The exact result of a position for the player to move."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


_Key = tuple[tuple[int, ...], tuple[int, ...], int]
# win rows by c0 (bits c1), the same by c1 (bits c0), draw rows by c0, draw rows by c1.
_Value = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]

_MEMOS: dict[bool, dict[_Key, _Value]] = {True: {}, False: {}}
CACHE_LIMIT = 4_000_000


def clear_cache() -> None:
    """Forget every solved position."""
    for memo in _MEMOS.values():
        memo.clear()


def canonical(mover: tuple[int, ...], other: tuple[int, ...], field: int) -> _Key:
    """The shape of a position: strengths replaced by their ranks among those present.

    >>> canonical((10, 30, 30), (20,), 25)
    ((1, 3, 3), (2,), 2)
    """
    values = sorted(set(mover) | set(other))
    if values[-1] == len(values):  # the strengths are exactly 1..k already
        return mover, other, min(field, len(values))
    rank = {value: index for index, value in enumerate(values, start=1)}
    return (
        tuple(rank[card] for card in mover),
        tuple(rank[card] for card in other),
        bisect.bisect_right(values, field),
    )


def _transpose(rows: tuple[int, ...], width: int) -> tuple[int, ...]:
    """The bit matrix read by columns: bit ``r`` of column ``b`` is bit ``b`` of row ``r``."""
    columns = [0] * width
    for r, row in enumerate(rows):
        while row:
            lowest = row & -row
            columns[lowest.bit_length() - 1] |= 1 << r
            row ^= lowest
    return tuple(columns)


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _card_successors(mover: tuple[int, ...], other: tuple[int, ...], field: int) -> list[_Key]:
    """The positions after each distinct playable card (from the other player's view)."""
    return [
        canonical(other, _remove(mover, card), card)
        for card in sorted(set(mover))
        if card > field and len(mover) > 1
    ]


def _card_results(
    mover: tuple[int, ...],
    other: tuple[int, ...],
    field: int,
    successors: list[_Key],
    memo: dict[_Key, _Value],
) -> tuple[list[int], list[int]]:
    """Win and draw masks (rows c0, bits c1) over the card moves only."""
    n, m = len(mover), len(other)
    full = (1 << m) - 1
    win = [0] * n
    draw = [0] * n
    if mover[-1] > field:
        win[n - 1] = full  # the last card needed: any playable card wins at once
    for successor in successors:
        _, other_wins_by_c0, _, other_draws_by_c0 = memo[successor]
        for c0 in range(n - 1):
            win[c0] |= full & ~(other_wins_by_c0[c0] | other_draws_by_c0[c0])
            draw[c0] |= other_draws_by_c0[c0]
    for c0 in range(n):
        draw[c0] &= ~win[c0]
    return win, draw


def _dependencies(key: _Key, empty_pass: bool) -> tuple[list[_Key], list[_Key]]:
    """The card successors of ``key``, and the other positions its value needs."""
    mover, other, field = key
    own = _card_successors(mover, other, field)
    if field == 0:
        return own, (_card_successors(other, mover, 0) if empty_pass else [])
    return own, [(other, mover, 0)]


def _compute(
    key: _Key, own: list[_Key], extra: list[_Key], memo: dict[_Key, _Value], empty_pass: bool
) -> None:
    mover, other, field = key
    n, m = len(mover), len(other)
    full_m, full_n = (1 << m) - 1, (1 << n) - 1
    win, draw = _card_results(mover, other, field, own, memo)
    if field > 0:
        # Passing on a card: the other player moves on an empty field.
        _, other_wins_by_c0, _, other_draws_by_c0 = memo[(other, mover, 0)]
        for c0 in range(n):
            win[c0] |= full_m & ~(other_wins_by_c0[c0] | other_draws_by_c0[c0])
            draw[c0] = (draw[c0] | other_draws_by_c0[c0]) & ~win[c0]
        _store(memo, key, tuple(win), tuple(draw), m)
        return
    if not empty_pass:
        _store(memo, key, tuple(win), tuple(draw), m)
        return
    # The loop (X, Y, 0) <-> (Y, X, 0): resolve both from their card moves.
    other_win, other_draw = _card_results(other, mover, 0, extra, memo)
    other_win_by_c0 = _transpose(tuple(other_win), n)
    win_by_c1 = _transpose(tuple(win), m)
    mover_draw = tuple(full_m & ~win[c0] & (draw[c0] | ~other_win_by_c0[c0]) for c0 in range(n))
    other_draw_rows = tuple(
        full_n & ~other_win[c1] & (other_draw[c1] | ~win_by_c1[c1]) for c1 in range(m)
    )
    _store(memo, key, tuple(win), mover_draw, m)
    _store(memo, (other, mover, 0), tuple(other_win), other_draw_rows, n)


def _store(
    memo: dict[_Key, _Value], key: _Key, win: tuple[int, ...], draw: tuple[int, ...], m: int
) -> None:
    memo[key] = (win, _transpose(win, m), draw, _transpose(draw, m))


def _evaluate(root: _Key, empty_pass: bool) -> _Value:
    memo = _MEMOS[empty_pass]
    if root in memo:
        return memo[root]
    if len(memo) > CACHE_LIMIT:
        memo.clear()
    stack = [root]
    pending: dict[_Key, tuple[list[_Key], list[_Key]]] = {}
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        deps = pending.get(key)
        if deps is None:
            deps = pending[key] = _dependencies(key, empty_pass)
        missing = [dep for dep in (*deps[0], *deps[1]) if dep not in memo]
        if missing:
            stack.extend(missing)
            continue
        _compute(key, deps[0], deps[1], memo, empty_pass)
        del pending[key]
        stack.pop()
    return memo[root]


class ResultTable:
    """The exact result of one position ``(X, Y, r)`` for every condition ``(c0, c1)``.

    >>> table = solve_table((1, 3, 5), (2, 4), field=1)
    >>> table.result(0, 0), table.result(1, 1), table.result(2, 0)
    (<Result.WIN: 'win'>, <Result.WIN: 'win'>, <Result.WIN: 'win'>)
    >>> table.draws()
    []
    """

    __slots__ = ("_draw", "_win", "mover_size", "other_size")

    def __init__(self, value: _Value, mover_size: int, other_size: int) -> None:
        self._win = value[0]
        self._draw = value[2]
        self.mover_size = mover_size
        self.other_size = other_size

    def result(self, c0: int, c1: int) -> Result:
        """The result under ``(c0, c1)`` (``0 <= c0 < |X|``, ``0 <= c1 < |Y|``)."""
        if not (0 <= c0 < self.mover_size and 0 <= c1 < self.other_size):
            raise IndexError(f"condition ({c0}, {c1}) outside this position's domain")
        if self._win[c0] >> c1 & 1:
            return Result.WIN
        if self._draw[c0] >> c1 & 1:
            return Result.DRAW
        return Result.LOSS

    def draws(self) -> list[tuple[int, int]]:
        """The conditions under which the position is drawn."""
        return [
            (c0, c1)
            for c0 in range(self.mover_size)
            for c1 in range(self.other_size)
            if self._draw[c0] >> c1 & 1
        ]


def solve_table(
    mover: Iterable[int], other: Iterable[int], field: int = 0, *, empty_pass: bool = True
) -> ResultTable:
    """The exact result of ``(mover, other, field)`` under every winning condition."""
    s = Position(mover, other, field)
    value = _evaluate(canonical(s.mover, s.other, s.field), empty_pass)
    return ResultTable(value, len(s.mover), len(s.other))


def exact_result(
    mover: Iterable[int],
    other: Iterable[int],
    field: int = 0,
    c0: int = 0,
    c1: int = 0,
    *,
    empty_pass: bool = True,
) -> Result:
    """The exact result (win, loss or draw) for the player to move."""
    s = Position(mover, other, field, c0, c1)
    value = _evaluate(canonical(s.mover, s.other, s.field), empty_pass)
    return ResultTable(value, len(s.mover), len(s.other)).result(s.c0, s.c1)


def solve(
    mover: Iterable[int],
    other: Iterable[int],
    field: int = 0,
    c0: int = 0,
    c1: int = 0,
    *,
    empty_pass: bool = True,
) -> bool:
    """Does the player to move win (exact, by the rules)?  Raises `DrawError` on a draw."""
    result = exact_result(mover, other, field, c0, c1, empty_pass=empty_pass)
    if result is Result.DRAW:
        raise DrawError(
            f"({sorted(mover)}, {sorted(other)}, field {field}) under ({c0}, {c1}) is a draw: "
            "neither player can force a win"
        )
    return result is Result.WIN


def result_of(s: Position, empty_pass: bool = True) -> Result:
    """The exact result of a position already validated (no checks: for inner loops)."""
    win, _, draw, _ = _evaluate(canonical(s.mover, s.other, s.field), empty_pass)
    if win[s.c0] >> s.c1 & 1:
        return Result.WIN
    if draw[s.c0] >> s.c1 & 1:
        return Result.DRAW
    return Result.LOSS


@functools.lru_cache(maxsize=256)
def _move_keys(
    mover: tuple[int, ...], other: tuple[int, ...], field: int, empty_pass: bool
) -> tuple[tuple[tuple[int, _Key | None], ...], _Key | None]:
    """The shapes after each distinct playable card (``None``: the hand is emptied), and
    after the pass (``None``: no pass allowed)."""
    cards = []
    for card in sorted(set(mover)):
        if card > field:
            rest = _remove(mover, card)
            cards.append((card, canonical(other, rest, card) if rest else None))
    passing = canonical(other, mover, 0) if (field > 0 or empty_pass) else None
    return tuple(cards), passing


def _opponent_result(key: _Key, c_them: int, c_me: int, empty_pass: bool) -> Result:
    win, _, draw, _ = _evaluate(key, empty_pass)
    if win[c_them] >> c_me & 1:
        return Result.LOSS
    if draw[c_them] >> c_me & 1:
        return Result.DRAW
    return Result.WIN


def move_results(s: Position, empty_pass: bool = True) -> tuple[dict[int, Result], Result | None]:
    """The exact result of each move of a validated position, for its mover.

    Returns ``({card: result}, result of passing)``; the pass result is ``None`` when the pass
    is not allowed (only with ``empty_pass=False`` on an empty field).

    >>> from games.tanhinmin import Position
    >>> cards, passing = move_results(Position((1, 3, 5), (2, 4), 1, 1, 1))
    >>> sorted((card, result.value) for card, result in cards.items()), passing.value
    ([(3, 'loss'), (5, 'win')], 'loss')
    """
    card_keys, pass_key = _move_keys(s.mover, s.other, s.field, empty_pass)
    last = len(s.mover) - 1 <= s.c0
    cards = {
        card: Result.WIN if last or key is None else _opponent_result(key, s.c1, s.c0, empty_pass)
        for card, key in card_keys
    }
    passing = None if pass_key is None else _opponent_result(pass_key, s.c1, s.c0, empty_pass)
    return cards, passing
