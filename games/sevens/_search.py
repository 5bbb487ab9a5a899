"""An iterative, memoized two-player win/loss search (no recursion, so no depth limit).

A state is expanded into ``(chooser, known, children)``: the player who picks the next state,
the winner if it is already known without looking further (else ``None``), and the states the
chooser may pick.  The chooser wins if some child is won by the chooser; a chooser with no
children loses.  Every game searched here is finite (each step plays a card, spends a pass or
the almighty card), so there are no cycles.

Results go into a `cgt.Memo`, so ``cgt.clear_caches()`` and ``cgt.set_cache_limit()``
govern these tables too; a table that outgrows its bound drops its oldest half, which only
costs recomputation (the entry being read is always the one just written).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from cgt import Memo
from games.sevens.notation import Player, opponent

Expand = Callable[[Any], tuple[Player, Player | None, Iterable[Hashable]]]


def decide(root: Hashable, expand: Expand, memo: Memo[Player]) -> Player:
    """The winner of ``root`` under optimal play; fills ``memo`` with every state settled."""
    if root in memo:
        return memo[root]
    # a frame: [state, chooser, iterator over children, child being searched or None]
    stack: list[list[Any]] = []

    def open_state(state: Hashable) -> Player | None:
        chooser, known, children = expand(state)
        if known is not None:
            memo[state] = known
            return known
        stack.append([state, chooser, iter(children), None])
        return None

    open_state(root)
    while stack:
        frame = stack[-1]
        chooser: Player = frame[1]
        children: Iterator[Hashable] = frame[2]
        result: Player | None = None
        if frame[3] is not None:
            if memo[frame[3]] == chooser:
                result = chooser
            frame[3] = None
        descended = False
        while result is None:
            child = next(children, None)
            if child is None:
                result = opponent(chooser)
                break
            known = memo.get(child)
            if known is None:
                known = open_state(child)
                if known is None:
                    frame[3] = child
                    descended = True
                    break
            if known == chooser:
                result = chooser
        if descended:
            continue
        assert result is not None
        memo[frame[0]] = result
        stack.pop()
    return memo[root]
