"""The exact solver: plain minimax over the whole multi-suit game, with no CGT at all.

This is the reference every closed form of the package is checked against.  It knows only the
rules; it never adds suit values.

* **Pass-Sevens** (``passes=0``): on your turn you play, in some suit, the card one above that
  suit's top card, if you hold it; if you cannot, you lose.
* **p passes** (``passes=p``, Theorem 1): each player may pass up to ``p`` times, whenever they
  like (a pass uses one); a player who cannot play must pass, and with no pass left loses.
* **The almighty card** (``almighty='L'`` or ``'R'``, section 4.2): its holder may play it once,
  at any moment -- before any turn of either player, so also between the opponent's move and
  their own, and before the first move -- without using a turn, in place of the next card of a
  suit when that card is the opponent's; that card then counts as played.  After playing it the
  player to move still has to move.

A state is the multiset of suits (holder strings; empty suits dropped), the player to move, the
passes each has left, who still holds the almighty card, and whether its holder has yet to
decide about playing it before this turn.  States are memoized across calls, in the `cgt`
memo table ``sevens.solve`` (see ``cgt.cache_info()``).  The state space is exponential in the
number of suits: this is for small positions (a dozen cards or so).

>>> from games.sevens.solver import solve
>>> solve(["LR", "RL"], first="L"), solve(["LL", "R"], first="R")
('R', 'L')
>>> solve(["RRLL", "RRLL"], first="R", almighty="L")
'L'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cgt import Memo
from games.sevens._search import decide
from games.sevens.notation import Player, SevensError, check_player, opponent, parse_suits

__all__ = ["solve"]

MAX_PASSES = 64
"""The most passes `solve` accepts: its state space grows with the square of the passes."""

# state = (suits, mover, passes left to L, passes left to R, almighty holder or "", phase)
# phase 0: the almighty card's holder decides whether to play it before this turn;
# phase 1: the player to move moves.
State = tuple[tuple[str, ...], Player, int, int, str, int]

_MEMO: Memo[Player] = Memo("sevens.solve")


def _canonical(suits: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(s for s in suits if s))


def _replace(suits: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The suits after the next card of suit ``index`` is played."""
    return _canonical((*suits[:index], suits[index][1:], *suits[index + 1 :]))


def _turn(suits: tuple[str, ...], mover: Player, left: int, right: int, holder: str) -> State:
    """The state at the start of a turn: the holder of the almighty card decides first."""
    if holder and any(s[0] != holder for s in suits):
        return (suits, mover, left, right, holder, 0)
    return (suits, mover, left, right, holder, 1)


def _expand(state: State) -> tuple[Player, Player | None, list[State]]:
    suits, mover, left, right, holder, phase = state
    if phase == 0:
        chooser = check_player(holder)
        children: list[State] = [(suits, mover, left, right, holder, 1)]  # keep it for now
        seen = set()
        for index, suit in enumerate(suits):
            if suit[0] != holder and suit not in seen:
                seen.add(suit)
                children.append((_replace(suits, index), mover, left, right, "", 1))
        return chooser, None, children
    nxt = opponent(mover)
    children = []
    seen = set()
    for index, suit in enumerate(suits):
        if suit[0] == mover and suit not in seen:
            seen.add(suit)
            children.append(_turn(_replace(suits, index), nxt, left, right, holder))
    if mover == "L" and left:
        children.append(_turn(suits, nxt, left - 1, right, holder))
    elif mover == "R" and right:
        children.append(_turn(suits, nxt, left, right - 1, holder))
    return mover, None, children


def solve(
    suits: str | Sequence[str | Sequence[str]],
    first: str = "L",
    passes: int = 0,
    almighty: str | None = None,
) -> Player:
    """The winner (``'L'`` or ``'R'``) under perfect play, by exhaustive minimax.

    ``first`` moves first; ``passes`` is the number of passes each player may use (0: the
    first player who cannot play loses); ``almighty`` names the holder of the almighty card, if
    any.  See the module documentation for the exact rules.

    >>> solve(["0LR"], first="L"), solve(["0LR"], first="L", passes=2)
    ('R', 'R')
    """
    cards = parse_suits(suits)
    mover = check_player(first, "first")
    if isinstance(passes, bool) or not isinstance(passes, int):
        raise SevensError(f"passes must be an int, not {passes!r}")
    if passes < 0:
        raise SevensError(f"passes must be >= 0, not {passes}")
    if passes > MAX_PASSES:
        raise SevensError(
            f"passes = {passes} is more than this exact solver handles ({MAX_PASSES}): its states "
            "count the passes each player has left, so their number grows with passes**2"
        )
    holder = "" if almighty is None else check_player(almighty, "almighty")
    root = _turn(_canonical(cards), mover, passes, passes, holder)
    return decide(root, _expand, _MEMO)
