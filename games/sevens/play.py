"""Who wins Pass-Sevens, and how: Algorithms 2 and 3 of seed 004.

The game is the disjunctive sum of its suits and every suit is an integer, so the sum is an
integer ``S``: Left wins if ``S > 0``, Right if ``S < 0``, and the second player if ``S = 0``
(Algorithm 2, Theorem 4).  The winner keeps ``S`` on their side by moving in any suit of their
sign (Algorithm 3): Left's move there lowers ``S`` by exactly 1, while every move of Right raises
it by at least 1.  One pass over the cards: linear time.

>>> from games.sevens.play import winner, winning_moves
>>> winner(["LLRLR", "RRL"]), winner(["LLRLR", "RRL"], first="R"), winner(["LLRL", "RRL"])
('R', 'L', 'L')
>>> winning_moves(["LLRL", "RRL"], first="L")
[0]
"""

from __future__ import annotations

from collections.abc import Sequence

from games.sevens.notation import Player, check_player, opponent, parse_suits
from games.sevens.values import suit_value

__all__ = [
    "algorithm3_move",
    "algorithm3_moves",
    "playout_wins",
    "total_value",
    "winner",
    "winning_moves",
]

Suits = str | Sequence[str | Sequence[str]]


def total_value(suits: Suits) -> int:
    """The value of the whole position: the sum of its suit values.

    >>> total_value(["0LL", "0RLR"])
    1
    """
    return sum(suit_value(s) for s in parse_suits(suits))


def _decide(total: int, first: Player) -> Player:
    if total > 0:
        return "L"
    if total < 0:
        return "R"
    return opponent(first)


def winner(suits: Suits, first: str = "L") -> Player:
    """The winner with ``first`` to move (Algorithm 2): by the sign of the sum of suit values.

    >>> winner(["LR"], first="L"), winner(["LR"], first="R")
    ('R', 'L')
    """
    return _decide(total_value(suits), check_player(first, "first"))


def algorithm3_moves(suits: Suits, player: str) -> list[int]:
    """The suits in which Algorithm 3 lets ``player`` move: those of ``player``'s sign.

    Left may move in any suit of positive value, Right in any of negative value (the mirror).

    >>> algorithm3_moves(["LL", "LRR", "RL"], "L"), algorithm3_moves(["RR", "LR"], "R")
    ([0], [0])
    """
    sign = 1 if check_player(player) == "L" else -1
    return [i for i, s in enumerate(parse_suits(suits)) if sign * suit_value(s) > 0]


def algorithm3_move(suits: Suits, player: str) -> int | None:
    """Algorithm 3 as a player: the first suit of ``player``'s sign, or ``None`` if there is none
    (then ``player`` cannot keep the sum on their side).

    >>> algorithm3_move(["RL", "LL"], "L"), algorithm3_move(["RL"], "L")
    (1, None)
    """
    moves = algorithm3_moves(suits, player)
    return moves[0] if moves else None


def winning_moves(suits: Suits, first: str = "L") -> list[int]:
    """The suits in which ``first`` can move and still win (Algorithm 3); empty if they lose.

    >>> winning_moves(["L", "LLR", "R"], first="L")
    [0, 1]
    """
    mover = check_player(first, "first")
    if winner(suits, mover) != mover:
        return []
    return algorithm3_moves(suits, mover)


def playout_wins(suits: Suits, player: str, first: str = "L") -> bool:
    """Whether Algorithm 3 wins for ``player`` against *every* line of the opponent.

    Exhaustive play-out: on ``player``'s turns every move Algorithm 3 allows is tried (it says
    "any suit"), on the opponent's turns every legal move; it fails if ``player`` is ever to move
    with no suit of their sign.  Exponential: for small positions.

    >>> playout_wins(["LL", "R"], "L", first="R"), playout_wins(["L", "R"], "L", first="L")
    (True, False)
    """
    me = check_player(player)
    start = (tuple(sorted(s for s in parse_suits(suits) if s)), check_player(first, "first"))
    sign = 1 if me == "L" else -1
    seen = {start}
    todo = [start]
    while todo:
        cards, mover = todo.pop()
        if mover == me:
            choices = [i for i, s in enumerate(cards) if sign * suit_value(s) > 0]
            if not choices or any(cards[i][0] != me for i in choices):
                return False
        else:
            choices = [i for i, s in enumerate(cards) if s[0] == mover]
        for index in choices:
            rest = (*cards[:index], cards[index][1:], *cards[index + 1 :])
            state = (tuple(sorted(s for s in rest if s)), opponent(mover))
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return True
