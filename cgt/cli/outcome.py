"""``cgt outcome [--game NAME] POSITION``: who wins, by the outcome search (`cgt.OutcomeSolver`),
for positions too big for ``cgt value``.

Without ``--game`` the position is a game in notation (``cgt outcome '{1|-1}'``).  A live
display on standard error (rich) shows the positions searched, the table's size and the elapsed
time; ``--table-limit`` bounds the table; ``--small`` sets the size of the parts valued by the
engine.  Ctrl-C (or SIGTERM) stops with a message saying how far the search got and what it had
found (exit status 130); with ``--checkpoint FILE`` the table is saved there when the search
stops or ends, and read back when the command starts, so a stopped search continues.
A ruleset with a solver of its own (`cgt.register_outcome_solver`; Domineering has a bit-board
search) is searched by it; ``--generic`` picks the generic search, and the output names the
solver.
``--jobs N`` or ``--scheduler ADDRESS`` split the search at the root over local processes or a
Dask cluster (`cgt.solve_outcome_split`) and list the winning first moves.

>>> from cgt.cli import main
>>> main(["outcome", "{1|-1}", "--no-progress"])  # doctest: +ELLIPSIS
{1|-1}: N (the first player wins)
Left moving first wins; Right moving first wins
0 positions searched, ... (generic search)
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

from cgt.cli.args import at_least, table_limit
from cgt.cli.nimber import _Display
from cgt.core.errors import InvalidArgumentError
from cgt.partizan.outcomes import Outcome
from cgt.partizan.solver import (
    DEFAULT_OUTCOME_TABLE_LIMIT,
    OutcomeInterrupted,
    OutcomeSolver,
    SolverStats,
    outcome_solver_for,
)

__all__ = ["add_command"]

_MEANING = {
    Outcome.L: "Left wins",
    Outcome.R: "Right wins",
    Outcome.N: "the first player wins",
    Outcome.P: "the second player wins",
}


def _describe(stats: SolverStats) -> str:
    return (
        f"{stats.nodes:,} positions searched, {stats.table_size:,} in the table, "
        f"{stats.valued:,} parts valued, {stats.seconds:.1f} s"
    )


class _OutcomeDisplay(_Display):
    """The live status line on a terminal; with ``--progress`` on something else (a log file, a
    batch job's output) a plain line at the first report and then every `_PLAIN_EVERY` s."""

    def __init__(self, enabled: bool, label: str) -> None:
        self.plain = enabled and not sys.stderr.isatty()
        super().__init__(enabled and not self.plain, label)
        self._next_line = 0.0

    def update(self, stats: Any) -> None:
        if self.status is not None:
            self.status.update(f"{self.label}: {_describe(stats)}")
        elif self.plain and time.monotonic() >= self._next_line:
            self._next_line = time.monotonic() + _PLAIN_EVERY
            print(f"{self.label}: {_describe(stats)}", file=sys.stderr, flush=True)

    def chunks(self, finished: int, total: int) -> None:
        if self.plain:
            print(f"{self.label}: {finished} of {total} chunks finished", file=sys.stderr)
        else:
            super().chunks(finished, total)


_PLAIN_EVERY = 30.0


@contextlib.contextmanager
def _sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (``kill``, a batch system's time limit) stops the search as Ctrl-C does, so the
    table is saved and what was found is said."""

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _position(args: argparse.Namespace) -> Any:
    if args.game is None:
        from cgt.partizan.game import Game

        return Game(args.position)
    from cgt.cli.rulesets import build_position

    return build_position(args.game, args.position)


def _winning_text(moves: tuple[Any, ...]) -> str:
    return ", ".join(str(move) for move in moves) if moves else "none"


def _command(args: argparse.Namespace) -> int:
    split = args.jobs is not None or args.scheduler is not None
    if split and args.checkpoint is not None:
        raise InvalidArgumentError(
            "--checkpoint keeps the table of one search: it cannot be used with --jobs or "
            "--scheduler (each worker searches with a table of its own)"
        )
    position = _position(args)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    start = time.perf_counter()
    report: dict[str, Any] = {"game": args.game, "position": args.position, "small": args.small}
    display = _OutcomeDisplay(show, "outcome search")
    with display, _sigterm_as_ctrl_c():
        if split:
            found = _split(args, position, display, report)
        else:
            found = _one_search(args, position, display, report)
    if found is None:
        return 130
    report["seconds"] = round(time.perf_counter() - start, 3)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    name = args.position if args.game is None else f"{args.game} {args.position}"
    print(f"{name}: {found.value} ({_MEANING[found]})")
    print(
        f"Left moving first {'wins' if report['left_first'] else 'loses'}; "
        f"Right moving first {'wins' if report['right_first'] else 'loses'}"
    )
    if split:
        found_by = "" if report["complete"] else " (found before the run stopped early)"
        print(
            f"winning first moves of Left ({len(report['left_winning'])} of "
            f"{report['left_moves']}): {_winning_text(report['left_winning'])}"
        )
        print(
            f"winning first moves of Right ({len(report['right_winning'])} of "
            f"{report['right_moves']}): {_winning_text(report['right_winning'])}"
        )
        print(f"{report['chunks']} chunks{found_by}, {report['seconds']:.1f} s")
    else:
        print(f"{_describe(_stats_of(report))} ({report['solver']} search)")
    return 0


def _stats_of(report: dict[str, Any]) -> SolverStats:
    return SolverStats(
        nodes=report["positions_searched"],
        table_hits=report["table_hits"],
        valued=report["parts_valued"],
        table_size=report["table_size"],
        seconds=report["seconds"],
        table_drops=report["table_drops"],
    )


def _one_search(
    args: argparse.Namespace, position: Any, display: _OutcomeDisplay, report: dict[str, Any]
) -> Outcome | None:
    kind = outcome_solver_for(position, generic=args.generic)
    solver = kind(small=args.small, progress=display.update, table_limit=args.table_limit)
    report["solver"] = _solver_name(kind)
    if args.checkpoint is not None and os.path.exists(args.checkpoint):
        solver.load(args.checkpoint)
        report["resumed_entries"] = solver.stats.table_size
    try:
        found = solver.solve(position)
    except OutcomeInterrupted as stop:
        saved = _save(solver, args.checkpoint)
        print(f"\ncgt outcome: {stop}{saved}", file=sys.stderr)
        return None
    _save(solver, args.checkpoint)
    stats = solver.stats
    report.update(
        outcome=found.value,
        left_first=found in (Outcome.L, Outcome.N),
        right_first=found in (Outcome.R, Outcome.N),
        positions_searched=stats.nodes,
        table_hits=stats.table_hits,
        parts_valued=stats.valued,
        table_size=stats.table_size,
        table_drops=stats.table_drops,
    )
    return found


def _solver_name(kind: Any) -> str:
    """The name a report gives a solver class: its ``name``, else the class's own."""
    return str(
        getattr(kind, "name", None) or ("generic" if kind is OutcomeSolver else kind.__name__)
    )


def _save(solver: OutcomeSolver, path: str | None) -> str:
    if path is None:
        return ""
    try:
        solver.save(path)
    except KeyboardInterrupt:  # a second Ctrl-C while saving: the old file is still whole
        return f"; the table was not saved (interrupted), {path} is as it was"
    return f"; table saved to {path}: run again with --checkpoint {path} to continue"


def _split(
    args: argparse.Namespace, position: Any, display: _Display, report: dict[str, Any]
) -> Outcome | None:
    from cgt.partizan.solver_split import solve_outcome_split

    try:
        result = solve_outcome_split(
            position,
            small=args.small,
            table_limit=args.table_limit,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=display.chunks,
            all_moves=not args.stop_early,
        )
    except OutcomeInterrupted as stop:
        print(f"\ncgt outcome: {stop}", file=sys.stderr)
        return None
    report.update(
        outcome=result.outcome.value,
        left_first=result.left_first,
        right_first=result.right_first,
        left_moves=len(result.left_moves),
        left_winning=[str(move) for move in result.left_winning],
        right_moves=len(result.right_moves),
        right_winning=[str(move) for move in result.right_winning],
        chunks=len(result.left_moves) + len(result.right_moves),
        complete=result.complete,
        solver="generic",
    )
    return result.outcome


def add_command(commands: Any) -> None:
    """Add ``cgt outcome`` to the ``cgt`` command."""
    command = commands.add_parser(
        "outcome",
        help="who wins a position too big for cgt value, by an outcome search with CGT "
        "knowledge (sums, symmetry, values of small parts)",
    )
    command.add_argument(
        "position",
        metavar="POSITION",
        help="the position in its ruleset's string form (with --game), else a game in notation",
    )
    command.add_argument("--game", metavar="NAME", help="the ruleset, e.g. domineering")
    command.add_argument(
        "--small",
        type=at_least(0),
        default=12,
        metavar="N",
        help="parts with at most N moves (both players') are valued by the engine (default 12)",
    )
    command.add_argument(
        "--table-limit",
        type=table_limit(64),
        default=DEFAULT_OUTCOME_TABLE_LIMIT,
        metavar="N",
        help=f"entries of the table and its caches before the older half is dropped (default "
        f"{DEFAULT_OUTCOME_TABLE_LIMIT:,}; 'none': unbounded)",
    )
    command.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="read the table from FILE if it exists, save it there when the search stops or ends",
    )
    command.add_argument(
        "--jobs", type=at_least(1), default=None, help="split over N local processes"
    )
    command.add_argument("--scheduler", default=None, help="split over this Dask cluster")
    command.add_argument(
        "--stop-early",
        action="store_true",
        help="with --jobs/--scheduler: stop once the outcome is known, without searching every "
        "first move (the winning moves listed are then those found first)",
    )
    command.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the live display (default: on a terminal)",
    )
    command.add_argument(
        "--generic",
        action="store_true",
        help="use the generic search even where the ruleset has a solver of its own "
        "(Domineering: a bit-board search)",
    )
    command.add_argument("--json", action="store_true", help="machine-readable output")
    command.set_defaults(handler=_command)
