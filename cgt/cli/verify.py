"""``cgt verify``: check the registered closed forms, and show what was found.

``cgt verify [--quick | --full] [--game NAME]... [--size N | --scale K] [--json] [--jobs N]
[--scheduler ADDR]`` checks every registered claim (or those of the games named) against the
generic recursion, up to each claim's standard size (a few minutes for all of them on two
cores), its quick size (``--quick``, the CI's), its full size (``--full``), or ``--size N`` for
every claim, or its own size times ``--scale K``.  It exits with status 1 when a claim registered as
holding fails (or one registered as refuted no longer fails), 130 on Ctrl-C.

On a terminal the claims are shown as a table fitted to its width, with a progress bar (on
standard error) while they run; piped, one line per claim is printed as soon as it is finished
(in registration order).  ``--game`` names a game: exactly (case aside) or by a prefix of one
game's name only.

>>> import cgt
>>> @cgt.impartial_game
... def Take2(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> claim = cgt.Claim(game="take 1 or 2", claim="g(n) = n mod 3", source="folklore",
...                   family=lambda size: map(Take2, range(size)), quick=30, full=300,
...                   fast=lambda p: p.n % 3)
>>> print(plain_line(claim.run(size=12)))
holds  take 1 or 2: g(n) = n mod 3  [12 checked, size <= 12]
>>> [c.game for c in select_claims([claim], ["TAKE"])]
['take 1 or 2']
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, TextIO

from cgt.cli._interrupts import interrupts_deferred
from cgt.cli.args import at_least
from cgt.core.errors import CGTError
from cgt.verification.claim import Claim, ClaimRun, checked_scale, checked_size, claims
from cgt.verification.plugins import load_plugins, plugin_errors
from cgt.verification.registry import (
    ClaimsInterrupted,
    GameNotFoundError,
    plan,
    run_claims,
    select_claims,
)

__all__ = ["GameNotFoundError", "add_command", "plain_line", "select_claims"]


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.0f}us"
    if value < 1:
        return f"{value * 1e3:.1f}ms"
    return f"{value:.2f}s"


def _checked(run: ClaimRun) -> str:
    r = run.result
    random = f", {r.random} at random" if r.random else ""
    return f"{r.checked} checked, {run.checked_up_to}{random}"


def plain_line(run: ClaimRun) -> str:
    """One claim's result on one line (``cgt verify`` piped)."""
    r = run.result
    line = f"{run.status}  {run.claim.game}: {run.claim.claim}  [{_checked(run)}]"
    if not r.ok:
        line += f"  counterexample {r.counterexample!r}"
    return line


def _details(runs: Sequence[ClaimRun]) -> str:
    lines = []
    for run in runs:
        if not run.result.ok or run.status != "holds":
            r = run.result
            lines.append(f"* {run.claim.game}: {run.claim.claim} [{run.status}]")
            if not r.ok:
                lines.append(f"    smallest counterexample: {r.counterexample!r}")
                lines.append(f"    recursion says {r.expected!r}, closed form says {r.actual!r}")
            if run.claim.note:
                lines.append(f"    {run.claim.note}")
    return "\n".join(lines)


def _table(runs: Sequence[ClaimRun], width: int) -> Any:
    """The claims as a rich table; below 100 columns, without the sources and timings (which
    ``--json`` gives).  Long cells wrap, words too long for a column fold: no text is cut."""
    from rich import box
    from rich.table import Table

    wide = width >= 100
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    columns = [("game", 2), ("claim", 5), ("source", 3), ("checked", 3), ("result", 2)]
    if wide:
        columns.append(("time (fast | recursion)", 2))
    for name, ratio in columns:
        if wide:
            table.add_column(name, ratio=ratio, overflow="fold")
        elif name != "source":  # rich shares the width by the cells' lengths
            table.add_column(name, overflow="fold")
    for run in runs:
        r = run.result
        result = run.status if r.ok else f"{run.status}: {r.counterexample!r}"
        timing = f"{_seconds(r.fast_seconds)} | {_seconds(r.reference_seconds)}"
        cells = [run.claim.game, run.claim.claim, run.claim.source, _checked(run), result, timing]
        if not wide:
            cells = [cells[0], cells[1], cells[3], cells[4]]
        table.add_row(*cells, style=None if run.as_registered else "bold red")
    return table


class _Display:
    """What ``cgt verify`` shows while it runs: a progress bar on standard error when it is a
    terminal (redrawn 4 times a second at most), and, when standard output is not a terminal,
    one line per claim as soon as it and every claim before it are finished."""

    def __init__(self, selected: Sequence[Claim], out: TextIO, err: TextIO, lines: bool) -> None:
        self.total = len(selected)
        self.out = out
        self.lines = lines
        self.pending: dict[int, ClaimRun] = {}
        self.printed = 0
        self.shown: set[tuple[str, str]] = set()  # the claims whose line is printed
        self.bar: Any = None
        if err.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.description}"),
                console=Console(file=err),
                transient=True,
                refresh_per_second=4,
            )
            self.task = self.bar.add_task("", total=self.total)
        self.label = ""
        self.chunked = False  # progress counts chunks (on workers), else claims

    def __enter__(self) -> _Display:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def start(self, index: int, total: int, claim: Claim) -> None:
        self.label = claim.game
        if self.bar is not None:
            self.bar.update(self.task, description=self.label)

    def tick(self, checked: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=f"{self.label}: {checked} positions")

    def chunks(self, finished: int, total: int) -> None:
        self.chunked = True
        if self.bar is not None:
            self.bar.update(self.task, completed=finished, total=total, description="chunks")

    def claim(self, index: int, run: ClaimRun) -> None:
        if self.bar is not None and not self.chunked:
            self.bar.update(self.task, completed=index + 1)
        if not self.lines:
            return
        self.pending[index] = run
        while self.printed in self.pending:
            # Ctrl-C waits until the line is printed and noted as printed (else a signal
            # between the two prints it twice in `rest`, or one before both loses it)
            with interrupts_deferred():
                shown = self.pending.pop(self.printed)
                print(plain_line(shown), file=self.out, flush=True)
                self.shown.add(_key(shown))
                self.printed += 1

    def rest(self, runs: Sequence[ClaimRun]) -> None:
        """After Ctrl-C: the line of every finished claim not printed yet (held back until the
        claims before it finished, which now never will), so every claim reported finished is
        shown."""
        if not self.lines:
            return
        for run in runs:
            if _key(run) not in self.shown:
                print(plain_line(run), file=self.out, flush=True)
                self.shown.add(_key(run))
        self.pending.clear()


def _key(run: ClaimRun) -> tuple[str, str]:
    return run.claim.game, run.claim.claim


def _finished_games(runs: Sequence[ClaimRun]) -> str:
    counts = Counter(run.claim.game for run in runs)
    return ", ".join(f"{game} {count}" for game, count in counts.items()) or "none"


def _command_verify(args: argparse.Namespace) -> int:
    load_plugins()  # their claims (the parser of a built-in command imports no plug-in)
    for error in plugin_errors().values():
        print(f"cgt verify: {error}", file=sys.stderr)
    selected = select_claims(claims(), args.game or [])
    if not selected:
        print("cgt verify: no claims are registered (is the package installed?)", file=sys.stderr)
        return 2
    terminal = sys.stdout.isatty()
    lines = not terminal and not args.json
    jobs = 1 if args.jobs is None and args.quick and not args.scheduler else args.jobs
    print(_plan_line(selected, args, jobs), file=sys.stderr, flush=True)
    display = _Display(selected, sys.stdout, sys.stderr, lines)
    try:
        with display:
            runs = run_claims(
                selected,
                quick=args.quick,
                on_start=display.start,
                progress=display.tick,
                # a quick run is over before a local cluster has started: one process by default
                jobs=jobs,
                scheduler=args.scheduler,
                on_chunk=display.chunks,
                size=args.size,
                scale=args.scale,
                on_claim=display.claim,
                timings=not args.no_timings_cache,
                full=args.full,
            )
    except ClaimsInterrupted as stop:
        display.rest(stop.runs)
        if args.json:
            finished = [r.to_json() for r in stop.runs]
            print(
                json.dumps(
                    {
                        "quick": args.quick,
                        "size": _level(args),
                        "claims": finished,
                        "interrupted": True,
                    }
                )
            )
        elif terminal and stop.runs:
            _print_table(stop.runs)
        print(
            f"cgt verify: interrupted; {len(stop.runs)} of {stop.total} claims finished "
            f"({_finished_games(stop.runs)})",
            file=sys.stderr,
        )
        return 130
    bad = [run for run in runs if not run.as_registered]
    ok = not bad and not plugin_errors()
    if args.json:
        data = {
            "quick": args.quick,
            "size": _level(args),
            "claims": [r.to_json() for r in runs],
            "ok": ok,
        }
        print(json.dumps(data, indent=2))
        return 0 if ok else 1
    if terminal:
        _print_table(runs)
    details = _details(runs)
    if details:
        print()
        print(details)
    held = sum(run.status == "holds" for run in runs)
    refuted = sum(run.status == "refuted" for run in runs)
    print()
    print(
        f"{_count(len(runs), 'claim')}: {held} hold, {refuted} refuted as registered, "
        f"{len(bad)} not as registered"
        + (f"; {len(plugin_errors())} plug-ins not loaded" if plugin_errors() else "")
    )
    return 0 if ok else 1


#: what the built-in checks took on the project's 2-core machine (the CI's kind), measured from a
#: fresh clone (no timings cache): the standard sizes 323 s of CPU (2 min 59 s wall on 2 workers,
#: load 4 to 6, 2026-11-28), --full 641 s (10 min 57 s wall, load 1 to 2), --quick 41 s; the
#: claims' own CPU times, as kept in the timings cache, add up to 295 s, 600 s and 37 s (the rest
#: is start-up and the workers' own work).
FIRST_RUN_CPU = {"full": 641.0, "standard": 323.0, "quick": 41.0}


def _plan_line(selected: Sequence[Claim], args: argparse.Namespace, jobs: int | None) -> str:
    """One line before the run: what runs at which size on how many workers, and how long the
    last run of the same claims took (or the figure measured for a first run)."""
    planned = plan(selected, args.quick, size=args.size, scale=args.scale, full=args.full)
    level = _level(args)
    if args.size is not None:
        size = f"size {args.size}"
    elif args.scale is not None:
        size = f"{level} size x {args.scale}"
    else:
        size = {
            "quick": "CI size (--quick)",
            "full": "full size (--full)",
            "standard": "standard size (--full for the full size)",
        }[level]
    if args.scheduler:
        where = f"on the Dask cluster at {args.scheduler}"
        workers = None
    else:
        workers = jobs if jobs is not None else (os.cpu_count() or 1)
        where = "in one process" if workers == 1 else f"on {workers} worker processes"
    claims_, games = _count(planned.claims, "claim"), _count(planned.games, "game")
    what = f"cgt verify: {claims_} of {games} at {size} {where}"
    if planned.complete and planned.claims:
        cpu = planned.cpu_seconds
        wall = f", about {_duration(cpu / workers)} here" if workers and workers > 1 else ""
        return f"{what}; their last run took {_duration(cpu)} of CPU{wall}"
    figures = {level: _duration(cpu) for level, cpu in FIRST_RUN_CPU.items()}
    return (
        f"{what}; not timed before (the built-in claims take about {figures['standard']} of CPU"
        f" at the standard size, {figures['full']} with --full, {figures['quick']} with --quick,"
        " on a 2-core machine)"
    )


def _level(args: argparse.Namespace) -> str:
    """Which registered size the run starts from: quick, full or standard."""
    return "quick" if args.quick else "full" if args.full else "standard"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _duration(seconds: float) -> str:
    if seconds < 1:
        return "under 1 s"
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min" if seconds < 5400 else f"{seconds / 3600:.1f} h"


def _print_table(runs: Sequence[ClaimRun]) -> None:
    from rich.console import Console

    console = Console(file=sys.stdout, highlight=False)
    console.print(_table(runs, console.width))


def _size(text: str) -> int:
    try:
        return checked_size(int(text))
    except (ValueError, CGTError):
        raise argparse.ArgumentTypeError(
            f"a size is a positive whole number, got {text!r}"
        ) from None


def _scale(text: str) -> Any:
    try:
        return checked_scale(text)
    except CGTError:
        raise argparse.ArgumentTypeError(
            f"a scale is a positive number such as 2, 1.5 or 3/2, got {text!r}"
        ) from None


def add_command(commands: Any) -> None:
    """Add ``cgt verify`` to the sub-commands of ``cgt`` (the plug-ins are loaded by
    `cgt.cli.command.build_parser`)."""
    verify = commands.add_parser(
        "verify",
        help="check every registered closed form against the generic recursion",
        description=(
            "Check every closed form that cgt and its plug-ins register (values, outcomes,"
            " periods and strategies from the papers) against the generic recursion:"
            " exhaustively up to each claim's size, then on random positions. Published claims"
            " known to be false are expected to fail, with their smallest counterexample. The"
            " first line says what will run and how long the last run of that size took."
            " The standard sizes take a few minutes on two cores; --full checks further,"
            " --quick runs the CI sizes, --jobs spreads the claims over worker processes."
        ),
    )
    levels = verify.add_mutually_exclusive_group()
    levels.add_argument("--quick", action="store_true", help="CI-sized checks (under a minute)")
    levels.add_argument(
        "--full",
        action="store_true",
        help="every claim at its full size (about 11 minutes on two cores; the default is each"
        " claim's standard size, about 3 minutes)",
    )
    verify.add_argument(
        "--game",
        metavar="NAME",
        action="append",
        help="only the claims of this game (its name, or a prefix of one game's name); repeat "
        "for several games",
    )
    sizes = verify.add_mutually_exclusive_group()
    sizes.add_argument("--size", type=_size, metavar="N", help="check every family up to size N")
    sizes.add_argument(
        "--scale",
        type=_scale,
        metavar="K",
        help="check each family up to its own size times K (e.g. 2 or 1.5)",
    )
    verify.add_argument("--json", action="store_true", help="machine-readable output")
    verify.add_argument(
        "--jobs",
        type=at_least(1),
        metavar="N",
        help="worker processes (default: every core, or 1 with --quick; 1 runs in this process)",
    )
    verify.add_argument(
        "--scheduler",
        metavar="ADDR",
        help="run on the Dask cluster of this scheduler (e.g. tcp://host:8786)",
    )
    verify.add_argument(
        "--no-timings-cache",
        action="store_true",
        help="neither read nor store the claims' times (kept in the user's cache directory to "
        "start the longest claims first on workers)",
    )
    verify.set_defaults(handler=_command_verify)
