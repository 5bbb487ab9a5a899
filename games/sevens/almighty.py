"""The almighty card (seed 004, section 4.2): Algorithms 4-6, and the corrected criterion.

One player, the *holder*, has one extra card.  It may be played once, at any moment (before any
turn of either player), without using a turn, in place of the next card of a suit when that card
is the opponent's; that card then counts as played (see `games.sevens.solver` for the exact
rules).  The paper takes Left as holder; Right's case is the mirror image (`conjugate`).

**Algorithm 4** (published): with ``v_i`` the value of suit ``i`` and ``v'_i`` its value with its
first R deleted, Left wins if ``sum(v) + max|v'_i - v_i| > 0``, Right if ``< 0``, the second
player if ``= 0``.  It is *refuted*: in ``0RRLL + 0RRLL`` with Right to move it says Right wins
(``-2 + 1 = -1``), but Right must play into one suit, leaving ``0RLL``, and Left's card on that
R gains 2, not 1 (`algorithm4_winner`; the exact solver agrees with the corrected criterion).

**What is right in it** (a lemma, proven in ``docs/games/sevens.md``): Left wins whenever
``sum(v) + max(v'_i - v_i)`` is ``> 0``, or ``= 0`` with Right to move: Left plays the game in
which that R is deleted and spends her card on it the moment her own move exposes it.  So
Algorithm 4 is right whenever it names the holder; it errs only by missing the holder's wins
that come from waiting, when the opponent's own moves expose an R worth more.

**Upper bound** (also proven there): the card on an R followed by X gains ``max(1, v(X))``; if
even the largest such gain ``G`` over all R cards leaves ``sum(v) + G`` below the bar, Right wins.

**Corrected criterion** (`almighty_winner`): a search over the positions in which Left still
holds the card, deciding each one at once when the lemma (which covers every immediate use of
the card, by Theorem 4) or the upper bound applies, and otherwise trying the next move.  It is
exact.  It is linear when a bound settles the root (`almighty_bound`); in the worst case it
visits every reachable position (no linear-time criterion is known to us).

>>> from games.sevens.almighty import algorithm4_winner, almighty_winner
>>> algorithm4_winner(["RRLL", "RRLL"], "L", "R"), almighty_winner(["RRLL", "RRLL"], "L", "R")
('R', 'L')
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence

from cgt import Memo
from games.sevens._search import decide
from games.sevens.notation import (
    Player,
    SevensError,
    check_player,
    conjugate,
    opponent,
    parse_suits,
)
from games.sevens.values import delete_first, suit_value

__all__ = [
    "algorithm4_total",
    "algorithm4_winner",
    "algorithm5_suits",
    "algorithm6_wins",
    "almighty_bound",
    "almighty_winner",
    "holder_gain",
]

Suits = str | Sequence[str | Sequence[str]]


def _as_left_holder(suits: Suits, holder: str, first: str) -> tuple[tuple[str, ...], Player, bool]:
    """The position seen with Left as holder: (suits, first, whether the board was mirrored)."""
    cards = parse_suits(suits)
    who = check_player(holder, "holder")
    mover = check_player(first, "first")
    if who == "L":
        return cards, mover, False
    return tuple(conjugate(s) for s in cards), opponent(mover), True


def _gains(cards: Sequence[str]) -> list[int]:
    return [suit_value(delete_first(s, "R")) - suit_value(s) for s in cards]


def holder_gain(suit: str) -> int:
    """``v' - v`` for Left as holder: the value of the suit with its first R deleted, minus its
    value (0 if it has no R).  Never negative; it can be 0 even with an R (``0LRRR``).

    >>> holder_gain("0RRLL"), holder_gain("0RLL"), holder_gain("0LRRR")
    (1, 2, 0)
    """
    return _gains([parse_suits(suit)[0]])[0]


def algorithm4_total(suits: Suits, holder: str = "L") -> int:
    """The number Algorithm 4 compares with 0, from Left's side (negated back for Right).

    >>> algorithm4_total(["RRLL", "RRLL"], "L"), algorithm4_total(["LLRR", "LLRR"], "R")
    (-1, 1)
    """
    cards, _, mirrored = _as_left_holder(suits, holder, "L")
    total = sum(suit_value(s) for s in cards) + max(abs(g) for g in _gains(cards))
    return -total if mirrored else total


def algorithm4_winner(suits: Suits, holder: str, first: str) -> Player:
    """The winner by Algorithm 4 exactly as published (refuted: see the module docs).

    >>> algorithm4_winner(["LR", "RL"], "L", "L")
    'L'
    """
    total = algorithm4_total(suits, holder)
    if total > 0:
        return "L"
    if total < 0:
        return "R"
    return opponent(check_player(first, "first"))


def algorithm5_suits(suits: Suits, holder: str = "L") -> list[int]:
    """Suit A of Algorithm 5 (all ties): where the holder's card gains most.

    >>> algorithm5_suits(["LR", "RLL", "RR"], "L")
    [1]
    """
    cards, _, _ = _as_left_holder(suits, holder, "L")
    gains = _gains(cards)
    best = max(gains)
    return [i for i, g in enumerate(gains) if g == best]


# --- the corrected criterion ------------------------------------------------------------------

_MEMO: Memo[Player] = Memo("sevens.almighty")


@functools.lru_cache(maxsize=1 << 16)
def _suit_facts(suit: str) -> tuple[int, int, int]:
    """(value, gain of the first R, largest gain any R of the suit can ever give)."""
    value = suit_value(suit)
    gain = suit_value(delete_first(suit, "R")) - value
    ceiling = 0
    rest = 0  # the value of the suffix after the current card, by the Theorem 3 fold
    for holder in reversed(suit):
        if holder == "R":
            ceiling = max(ceiling, rest if rest > 0 else 1)
            rest = rest - 1 if rest <= 0 else 0
        else:
            rest = rest + 1 if rest >= 0 else 0
    return value, gain, ceiling


def _settled(cards: tuple[str, ...], mover: Player) -> Player | None:
    """The winner if a bound decides it (Left holds the card), else ``None``.

    Lower bound (the lemma): Left wins if sum(v) + max gain of a first R reaches the bar.
    Upper bound: the card on an R followed by X gains v(X) - v(RX) = max(1, v(X)), whenever it is
    used; if even the largest such gain G cannot reach the bar, Right wins (by Algorithm 3).
    """
    facts = [_suit_facts(s) for s in cards]
    total = sum(value for value, _, _ in facts)
    bar = 1 if mover == "L" else 0
    if total + max((gain for _, gain, _ in facts), default=0) >= bar:
        return "L"
    if total + max((ceiling for _, _, ceiling in facts), default=0) < bar:
        return "R"
    return None


def _expand(state: tuple[tuple[str, ...], Player]) -> tuple[Player, Player | None, list[Hashable]]:
    cards, mover = state
    known = _settled(cards, mover)
    if known is not None:
        return mover, known, []
    nxt = opponent(mover)
    children: list[Hashable] = []
    seen = set()
    for index, suit in enumerate(cards):
        if suit[0] == mover and suit not in seen:
            seen.add(suit)
            rest = (*cards[:index], suit[1:], *cards[index + 1 :])
            children.append((tuple(sorted(s for s in rest if s)), nxt))
    return mover, None, children


def almighty_bound(suits: Suits, holder: str, first: str) -> Player | None:
    """The winner if the lemma (holder wins) or the upper bound (holder loses) decides it at
    once, else ``None``: linear time.

    >>> almighty_bound(["LR", "RL"], "L", "L"), almighty_bound(["RR"], "L", "L")
    ('L', 'R')
    >>> almighty_bound(["RRLL", "RRLL"], "L", "R") is None
    True
    """
    cards, mover, mirrored = _as_left_holder(suits, holder, first)
    known = _settled(tuple(s for s in cards if s), mover)
    if known is None:
        return None
    return opponent(known) if mirrored else known


def almighty_winner(suits: Suits, holder: str, first: str) -> Player:
    """The winner when ``holder`` has the almighty card and ``first`` moves first (exact).

    The corrected criterion of the module documentation; agrees with the exact solver on every
    position checked (``cgt verify --game almighty``).

    >>> almighty_winner(["RRLL", "RRLL"], "L", "L"), almighty_winner(["LR"], "R", "R")
    ('R', 'R')
    """
    cards, mover, mirrored = _as_left_holder(suits, holder, first)
    root = (tuple(sorted(s for s in cards if s)), mover)
    result = decide(root, _expand, _MEMO)
    return opponent(result) if mirrored else result


# --- Algorithm 6 as a strategy, checked by play-out -------------------------------------------


def _play(cards: tuple[str, ...], index: int) -> tuple[str, ...]:
    rest = (*cards[:index], cards[index][1:], *cards[index + 1 :])
    return tuple(s for s in rest if s)


def _joker_on(cards: tuple[str, ...], index: int) -> tuple[tuple[str, ...], bool]:
    """Step 8 / Algorithm 5 line 4: play the card on suit ``index`` if its next card is R."""
    if index < len(cards) and cards[index] and cards[index][0] == "R":
        return _play(cards, index), False
    return cards, True


def _pick(candidates: list[int], ties: str) -> list[int]:
    return candidates if ties == "all" else candidates[:1]


def algorithm6_wins(
    suits: Suits, holder: str, first: str, ties: str = "all", card_first: bool = False
) -> bool:
    """Whether Algorithm 6 wins for the holder against every line of the opponent.

    Exhaustive play-out.  Algorithm 5 runs once before the first move; then on each of the
    holder's turns, while holding the card, steps 4-8: recompute suit A (every tie is tried),
    move in any suit whose value, with A's replaced by ``v'_A``, is positive (every such legal
    move is tried), then play the card on A if A's next card is the opponent's; once the card
    is spent, Algorithm 3.  Fails if the holder is ever to move with no such move.

    >>> algorithm6_wins(["LR", "RRLL"], "L", "R", ties="first")
    False
    >>> algorithm6_wins(["LR", "RRLL"], "L", "R", card_first=True)
    True
    """
    cards, mover, _ = _as_left_holder(suits, holder, first)
    start_cards = tuple(s for s in cards if s)
    todo: list[tuple[tuple[str, ...], Player, bool]] = []
    if ties not in ("all", "first"):
        raise SevensError(f"ties must be 'all' or 'first', not {ties!r}")
    for a in _pick(algorithm5_suits(start_cards or ("",), "L"), ties):
        after, held = _joker_on(start_cards, a)
        todo.append((after, mover, held))
    seen = set(todo)
    while todo:
        board, who, held = todo.pop()
        successors: list[tuple[tuple[str, ...], Player, bool]] = []
        if who == "R":
            for index, suit in enumerate(board):
                if suit[0] == "R":
                    successors.append((_play(board, index), "L", held))
        elif not held:
            moves = [i for i, s in enumerate(board) if suit_value(s) > 0 and s[0] == "L"]
            if not moves:
                return False
            successors = [(_play(board, i), "R", False) for i in moves]
        else:
            values = [suit_value(s) for s in board]
            gains = _gains(board)
            best = max(gains, default=0)
            for a in _pick([i for i, g in enumerate(gains) if g == best] or [len(board)], ties):
                if card_first and a < len(board) and board[a][0] == "R":
                    # corrected order: spend the card on A first, then play by Algorithm 3
                    spent = _play(board, a)
                    moves = [i for i, s in enumerate(spent) if suit_value(s) > 0]
                    if not moves:
                        return False
                    successors.extend((_play(spent, i), "R", False) for i in moves)
                    continue
                updated = list(values)
                if a < len(board):
                    updated[a] += gains[a]
                moves = [i for i, s in enumerate(board) if updated[i] > 0 and s[0] == "L"]
                if not moves:
                    return False
                for i in moves:
                    after = _play(board, i)
                    # suit A keeps its index unless the move emptied an earlier suit
                    target = a - (1 if i < a and not board[i][1:] else 0)
                    if i == a and not board[i][1:]:
                        target = len(after)
                    joker_after, still = _joker_on(after, target)
                    successors.append((joker_after, "R", still))
        for state in successors:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return True
