"""``cgt nimber --game NAME POSITION``: the nimber of one large impartial position, by search.

A live display on standard error (rich) shows the positions searched, the table's size, the
value being tested at the root and the elapsed time; ``--table-limit`` bounds the table;
Ctrl-C stops with a message saying how far the search got (exit status 130); ``--jobs N`` or
``--scheduler ADDRESS`` split the work over local processes or a Dask cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cgt.cli.args import at_least, table_limit
from cgt.impartial.search import (
    DEFAULT_TABLE_LIMIT,
    SearchStats,
    nimber_search_for,
    nimber_split,
)

__all__ = ["add_command"]


def _describe(stats: SearchStats) -> str:
    tested = "" if stats.root_nimber_tested is None else f", testing *{stats.root_nimber_tested}"
    return (
        f"{stats.expanded:,} positions searched, {stats.table_size:,} in the table"
        f"{tested}, {stats.seconds:.0f} s"
    )


class _Display:
    """A rich status line on standard error (only on a terminal, unless forced), each line
    starting with ``label``."""

    def __init__(self, enabled: bool, label: str = "nimber search") -> None:
        self.status: Any = None
        self.label = label
        if enabled:
            from rich.console import Console

            self.status = Console(stderr=True).status(f"{label}: starting")

    def __enter__(self) -> _Display:
        if self.status is not None:
            self.status.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.status is not None:
            self.status.__exit__(*exc)

    def update(self, stats: SearchStats) -> None:
        if self.status is not None:
            self.status.update(f"{self.label}: {_describe(stats)}")

    def chunks(self, finished: int, total: int) -> None:
        if self.status is not None:
            self.status.update(f"{self.label}: {finished} of {total} chunks finished")


def _command(args: argparse.Namespace) -> int:
    from cgt.cli.rulesets import _builder

    position = _builder(args.game)(args.position)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    start = time.perf_counter()
    stats = None
    kind = nimber_search_for(position, generic=args.generic)
    with _Display(show, kind.name) as display:
        try:
            if args.jobs is not None or args.scheduler is not None:
                value = nimber_split(
                    position,
                    jobs=args.jobs,
                    scheduler=args.scheduler,
                    progress=display.chunks,
                    generic=args.generic,
                )
            else:
                solver = kind(table_limit=args.table_limit, progress=display.update)
                value = solver.nimber(position)
                stats = solver.stats
        except KeyboardInterrupt as stop:
            print(f"\ncgt nimber: {stop}", file=sys.stderr)
            return 130
    seconds = time.perf_counter() - start
    if args.json:
        report: dict[str, Any] = {
            "game": args.game,
            "position": args.position,
            "nimber": value,
            "solver": kind.name,
            "seconds": round(seconds, 3),
        }
        if stats is not None:
            report["positions_searched"] = stats.expanded
            report["table_size"] = stats.table_size
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.game} {args.position}: *{value}")
    if stats is not None:
        print(f"{kind.name}: {_describe(stats)}")
    else:
        print(f"{kind.name}, split over workers: {seconds:.1f} s")
    return 0


def add_command(commands: Any) -> None:
    """Add ``cgt nimber`` to the ``cgt`` command."""
    nimber = commands.add_parser(
        "nimber",
        help="the nimber of one large impartial position, by search (Lemoine-Viennot, "
        "Beling-Rogalski)",
    )
    nimber.add_argument("--game", required=True, metavar="NAME", help="the ruleset, e.g. cram")
    nimber.add_argument("position", metavar="POSITION", help="the position in its string form")
    nimber.add_argument(
        "--table-limit",
        type=table_limit(16),
        default=DEFAULT_TABLE_LIMIT,
        metavar="N",
        help=f"entries of the transposition table before its older half is dropped (default "
        f"{DEFAULT_TABLE_LIMIT:,}; 'none': unbounded)",
    )
    nimber.add_argument(
        "--jobs", type=at_least(1), default=None, help="split over N local processes"
    )
    nimber.add_argument("--scheduler", default=None, help="split over this Dask cluster")
    nimber.add_argument(
        "--generic",
        action="store_true",
        help="the generic search (cgt.NimberSearch) even where the ruleset has its own "
        "(Cram: a bit-board search)",
    )
    nimber.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the live display (default: on a terminal)",
    )
    nimber.add_argument("--json", action="store_true", help="machine-readable output")
    nimber.set_defaults(handler=_command)
