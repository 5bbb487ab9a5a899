"""Who wins, with the search split at the root over processes or a Dask cluster.

`solve_outcome_split` asks, for each first move of each player, whether the opponent loses
moving first after it: one *chunk* per distinct first move (moves that lead to the same sum up
to symmetry and transposition are one chunk), run by `cgt.run_chunks` on local workers or on
the workers of a Dask cluster.  A chunk is the option itself and the player to move, searched
by a fresh `OutcomeSolver`: the search has no randomness and no shared state, so each chunk's
answer, and the whole result, is the same whatever the number of workers or the order they
finish in.  A worker that dies mid-run loses nothing: the scheduler runs its chunks again.

Unlike one search, which stops at the first winning move, every first move is searched, so the
result also says which first moves win (`SplitOutcome.left_winning`, `right_winning`).  With
``all_moves=False`` the run stops as soon as both questions are decided (a winning first move
found, or every first move losing): the outcome is the same, but which winning moves were found
by then depends on which workers finished first (``complete`` is then False).  Ctrl-C raises
`cgt.OutcomeInterrupted` with what the finished chunks decided.

>>> import cgt
>>> result = solve_outcome_split(cgt.Game("{2, {1|0} | -1}"), jobs=1)
>>> result.outcome, result.left_winning, result.right_winning
(<Outcome.N: 'N'>, (Game('2'),), (Game('-1'),))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cgt.core.runner import RunInterrupted, run_chunks
from cgt.partizan.outcomes import Outcome
from cgt.partizan.solver import (
    DEFAULT_OUTCOME_TABLE_LIMIT,
    OutcomeInterrupted,
    OutcomeSolver,
    SolverStats,
)
from cgt.positions.protocol import left_options_of, right_options_of

__all__ = ["SplitOutcome", "solve_outcome_split"]


@attrs.frozen
class SplitOutcome:
    """The result of `solve_outcome_split`: the outcome class, the distinct first moves of each
    player (one option per class of equal sums) and those among them that win (those found,
    when not every move was searched: ``complete`` False)."""

    outcome: Outcome
    left_moves: tuple[Any, ...]
    left_winning: tuple[Any, ...]
    right_moves: tuple[Any, ...]
    right_winning: tuple[Any, ...]
    complete: bool = True

    @property
    def left_first(self) -> bool:
        """Whether Left wins moving first."""
        return bool(self.left_winning)

    @property
    def right_first(self) -> bool:
        """Whether Right wins moving first."""
        return bool(self.right_winning)


@attrs.frozen
class _Chunk:
    """One first move: the option, who moves in it (the opponent of the mover), the solver's
    settings.  What travels to a worker."""

    option: Any
    left_to_move: bool
    small: int
    table_limit: int | None


def _mover_loses(chunk: _Chunk) -> bool:
    """A chunk on a worker: whether the player to move in the option loses (so the first move
    to it wins)."""
    solver = OutcomeSolver(small=chunk.small, table_limit=chunk.table_limit)
    return not solver.wins_moving_first(chunk.option, chunk.left_to_move)


def _distinct(solver: OutcomeSolver, options: tuple[Any, ...], left_to_move: bool) -> list[Any]:
    """The options that lead to different sums (the first of each class, in option order)."""
    seen: set[Any] = set()
    kept = []
    for option in options:
        parts, small = solver._state(option)
        key = (parts, small, left_to_move)
        if key not in seen:
            seen.add(key)
            kept.append(option)
    return kept


def solve_outcome_split(
    position: Any,
    *,
    small: int = 12,
    table_limit: int | None = DEFAULT_OUTCOME_TABLE_LIMIT,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    all_moves: bool = True,
) -> SplitOutcome:
    """The outcome class of ``position`` with each first move searched as a chunk of
    `cgt.run_chunks` (``jobs`` local workers, or the cluster at ``scheduler``); see the module
    documentation.  ``progress(finished, total)`` is called after each chunk.  The position's
    options must pickle when the chunks run on workers.
    """
    solver = OutcomeSolver(small=small, table_limit=table_limit)
    solver._state(position)  # a named error for what is no position
    left = _distinct(solver, left_options_of(position), False)
    right = _distinct(solver, right_options_of(position), True)
    chunks = [_Chunk(option, False, small, table_limit) for option in left]
    chunks += [_Chunk(option, True, small, table_limit) for option in right]
    finished: dict[int, bool] = {}

    def on_result(index: int, won: bool) -> None:
        finished[index] = won
        if (
            not all_moves
            and _decided(finished, 0, len(left)) is not None
            and _decided(finished, len(left), len(right)) is not None
        ):
            raise _Decided

    try:
        run_chunks(
            _mover_loses,
            chunks,
            jobs=jobs,
            scheduler=scheduler,
            progress=progress,
            on_result=on_result,
        )
    except RunInterrupted as stop:
        raise _interrupted(stop, len(left), len(right)) from None
    except _Decided:
        pass
    left_winning = tuple(o for i, o in enumerate(left) if finished.get(i))
    right_winning = tuple(o for i, o in enumerate(right, len(left)) if finished.get(i))
    outcome = Outcome.from_results("L" if left_winning else "R", "R" if right_winning else "L")
    complete = len(finished) == len(chunks)
    return SplitOutcome(outcome, tuple(left), left_winning, tuple(right), right_winning, complete)


class _Decided(Exception):
    """Both questions are decided: the rest of the chunks are not needed."""


def _decided(finished: dict[int, bool], first: int, count: int) -> bool | None:
    """Whether the player whose first moves are chunks ``first .. first + count - 1`` wins
    moving first, as far as the finished chunks tell (None: not yet known)."""
    results = [finished.get(i) for i in range(first, first + count)]
    if any(result is True for result in results):
        return True
    if all(result is False for result in results):
        return False
    return None


def _interrupted(stop: RunInterrupted, lefts: int, rights: int) -> OutcomeInterrupted:
    """What the chunks finished before Ctrl-C decided."""
    finished = stop.finished
    done = f"{len(finished)} of {stop.total} first moves"
    left_first = _decided(finished, 0, lefts)
    right_first = _decided(finished, lefts, rights)
    return OutcomeInterrupted(SolverStats(), left_first, right_first, done)
