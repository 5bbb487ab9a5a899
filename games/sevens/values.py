"""The value of one suit: Algorithm 1 as published, and the Theorem 3 recursion.

In a suit only the holder of the next card can move, and moving plays that card, so (Theorem 3,
seed 004) with ``X`` the rest of the suit::

    0LX = 0X + 1   if 0X >= 0,   else 0        (= { 0X | }  as a game)
    0RX = 0X - 1   if 0X <= 0,   else 0        (= { | 0X }  as a game)
    0   = 0                                     (no cards left)

so every suit is an integer.  `theorem3_value` folds this recursion from the last card back.

Algorithm 1 reads the same value from the *front*: after the first run of k equal letters only
the alternating run that follows matters, up to the first doubled letter (Corollaries 1 and 3):
in the L-branch the answer is k if that run ends with an L and k - 1 if it ends with an R (for
Right, -k and -k + 1).  `algorithm1` follows the published pseudo code line by line and stops at
the first doubled letter; `algorithm1_trace` also says which published ``return`` it took (the
line numbers of the pseudo code: 3, 5, 8, 10, 12, 14 for Left, 19, ..., 30 for Right, 34).

Reading of the pseudo code (the seed is terse): a pattern like ``RLRL...RLL`` is the alternating
run followed by a doubled letter, and the scan stops there.  Line 25 prints ``LRLR...LRL, ends or
continues`` where its mirror, line 9, prints ``RLRL...RLRR``; since the run has ended, what
continues after ``...LRL`` can only be another L, so line 25 covers every run that ends with L,
and lines 29-30 are never reached.  Read instead as "a prefix ``LRL`` followed by anything", line 25
would be wrong (``0RLRLR`` would get 0; its value is -1).

>>> from games.sevens.values import algorithm1, algorithm1_trace, theorem3_value
>>> [algorithm1(s) for s in ("01LLRL", "0LLRRL", "0RLRL", "0RLRR")]
[2, 1, 0, -1]
>>> algorithm1_trace("0LLRLRR"), theorem3_value("0LLRLRR")
((1, 10), 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from games.sevens.notation import holders

__all__ = [
    "algorithm1",
    "algorithm1_trace",
    "delete_first",
    "suit_value",
    "theorem3_value",
]


def theorem3_value(suit: str | Sequence[str]) -> int:
    """The suit's value by the Theorem 3 recursion, folded from the last card to the first.

    >>> theorem3_value("0LRR"), theorem3_value("0RLL"), theorem3_value("0LLL")
    (0, 0, 3)
    """
    value = 0
    for holder in reversed(holders(suit)):
        if holder == "L":
            value = value + 1 if value >= 0 else 0
        else:
            value = value - 1 if value <= 0 else 0
    return value


def algorithm1_trace(suit: str | Sequence[str]) -> tuple[int, int]:
    """Algorithm 1 (seed 004) and the line number of the published ``return`` it took (the
    line numbers of the pseudo code: 3, 5, 8, 10, 12, 14 for Left, 19, ..., 30 for Right, 34).

        >>> algorithm1_trace("0LLL"), algorithm1_trace("0RLL"), algorithm1_trace("0")
        ((3, 3), (0, 21), (0, 34))
    """
    cards = holders(suit)
    size = len(cards)
    if size == 0:
        return 0, 34  # no card that is not a number: the value is 0
    first = cards[0]
    run = 1
    while run < size and cards[run] == first:
        run += 1
    left = first == "L"
    if run == size:  # k equal letters and nothing else
        return (run, 3) if left else (-run, 19)
    if run + 1 < size and cards[run + 1] == cards[run]:  # k letters, then two or more others
        return (run - 1, 5) if left else (-run + 1, 21)
    # k letters, then the two letters alternate: scan to the first doubled letter or the end
    last = run
    while last + 1 < size and cards[last + 1] != cards[last]:
        last += 1
    ends = last + 1 == size
    if left:
        if cards[last] == "L":
            return (run, 12) if ends else (run, 8)  # ...RL then the end, or ...RLL
        return (run - 1, 14) if ends else (run - 1, 10)  # ...RLR then the end, or ...RLRR
    if cards[last] == "R":
        return (-run, 28) if ends else (-run, 24)  # ...LR then the end, or ...LRR
    return -run + 1, 26  # ...LRL, then the end or (the run having ended) another L


def algorithm1(suit: str | Sequence[str]) -> int:
    """The suit's value by Algorithm 1 (seed 004): a left-to-right scan with early exit.

    >>> algorithm1("0LLRR"), algorithm1("0RRLLRRRR")
    (1, -1)
    """
    return algorithm1_trace(suit)[0]


def suit_value(suit: str | Sequence[str]) -> int:
    """The value of a suit: an integer, the number of spare moves it gives Left (Right if < 0).

    ``suit`` is in the paper's notation (``01LLRL``; the leading 0 may be left out) or a sequence
    of ``'L'``/``'R'``.  Computed by Algorithm 1, which agrees with the Theorem 3 recursion and
    with the generic recursion of `cgt` (see ``cgt verify --game sevens``).

    >>> suit_value("01LLRL"), suit_value("RRL"), suit_value(["L", "L"])
    (2, -1, 2)
    """
    return algorithm1_trace(suit)[0]


def delete_first(suit: str | Sequence[str], holder: str) -> str:
    """The suit with the first card of ``holder`` removed (as if played), field cards dropped.

    >>> delete_first("0LLRLR", "R")
    'LLLR'
    """
    cards = holders(suit)
    index = cards.find(holder)
    return cards if index < 0 else cards[:index] + cards[index + 1 :]
