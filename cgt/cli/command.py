"""The ``cgt`` command: ``cgt verify``, ``cgt value`` (see `cgt.summary`) and the sub-commands
of plug-ins.

``cgt verify [--quick] [--game TEXT] [--json] [--jobs N] [--scheduler ADDR]`` checks every
registered closed form against the generic recursion and prints a table; it exits with status 1
when a claim registered as holding fails (or one registered as refuted no longer fails).  The
claims run on ``--jobs`` worker processes (default: every core) or on the Dask cluster at
``--scheduler``, with the same results as in one process (see docs/running-at-scale.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from cgt.core.errors import CGTError
from cgt.verification.plugins import load_plugins
from cgt.verification.registry import Claim, ClaimRun, ClaimsInterrupted, claims, run_claims

__all__ = ["main"]


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.0f}us"
    if value < 1:
        return f"{value * 1e3:.1f}ms"
    return f"{value:.2f}s"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(runs: Sequence[ClaimRun], width: int = 44) -> str:
    """The summary table of a verification run, one row per claim (long cells are cut; the
    details below the table and ``--json`` give them whole)."""
    header = ["game", "claim", "source", "checked", "result", "time (fast | recursion)"]
    rows = []
    for run in runs:
        r = run.result
        result = run.status
        if not r.ok:
            result += f": {_cut(repr(r.counterexample), 28)}"
        timing = f"{_seconds(r.fast_seconds)} | {_seconds(r.reference_seconds)}"
        rows.append(
            [
                _cut(run.claim.game, 24),
                _cut(run.claim.claim, width),
                _cut(run.claim.source, 32),
                _cut(f"{r.checked} ({run.checked_up_to})", 36),
                result,
                timing,
            ]
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(header, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)


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


class _Progress:
    """A one-line progress bar on a terminal; silent when output is not a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.active = stream.isatty()
        self.label = ""

    def start(self, index: int, total: int, claim: Claim) -> None:
        if self.active:
            filled = int(20 * index / max(total, 1))
            self.label = f"[{'#' * filled}{'.' * (20 - filled)}] {index + 1}/{total} {claim.game}"
            self._draw(self.label)

    def tick(self, checked: int) -> None:
        if self.active:
            self._draw(f"{self.label}: {checked} positions")

    def chunks(self, finished: int, total: int) -> None:
        """Chunks finished across the workers."""
        if self.active:
            filled = int(20 * finished / max(total, 1))
            self._draw(f"[{'#' * filled}{'.' * (20 - filled)}] {finished}/{total} chunks")

    def _draw(self, text: str) -> None:
        self.stream.write("\r\x1b[K" + _cut(text, 100))
        self.stream.flush()

    def done(self) -> None:
        if self.active:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _command_verify(args: argparse.Namespace) -> int:
    selected: list[Claim] = list(claims())
    if args.game:
        needle = args.game.lower()
        selected = [c for c in selected if needle in c.game.lower() or needle in c.claim.lower()]
        if not selected:
            print(f"cgt verify: no registered claim matches {args.game!r}", file=sys.stderr)
            return 2
    if not selected:
        print("cgt verify: no claims are registered (is the package installed?)", file=sys.stderr)
        return 2
    bar = _Progress(sys.stderr)
    try:
        runs = run_claims(
            selected,
            quick=args.quick,
            on_start=bar.start,
            progress=bar.tick,
            # a quick run is over before a local cluster has started: one process by default
            jobs=1 if args.jobs is None and args.quick and not args.scheduler else args.jobs,
            scheduler=args.scheduler,
            on_chunk=bar.chunks,
        )
    except ClaimsInterrupted as stop:
        bar.done()
        if args.json:
            finished = [r.to_json() for r in stop.runs]
            print(json.dumps({"quick": args.quick, "claims": finished, "interrupted": True}))
        elif stop.runs:
            print(format_table(stop.runs))
        print(f"\ninterrupted: {len(stop.runs)} of {stop.total} claims finished", file=sys.stderr)
        return 130
    bar.done()
    bad = [run for run in runs if not run.as_registered]
    if args.json:
        print(
            json.dumps(
                {"quick": args.quick, "claims": [r.to_json() for r in runs], "ok": not bad},
                indent=2,
            )
        )
    else:
        print(format_table(runs))
        details = _details(runs)
        if details:
            print()
            print(details)
        held = sum(run.status == "holds" for run in runs)
        refuted = sum(run.status == "refuted" for run in runs)
        print()
        print(
            f"{len(runs)} claims: {held} hold, {refuted} refuted as registered, "
            f"{len(bad)} not as registered"
        )
    return 1 if bad else 0


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"a positive number is expected, got {text!r}")
    return number


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cgt``, with the sub-commands of every plug-in."""
    parser = argparse.ArgumentParser(
        prog="cgt", description="Combinatorial game theory: values, sums and verified closed forms."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    verify = commands.add_parser(
        "verify", help="check every registered closed form against the generic recursion"
    )
    verify.add_argument("--quick", action="store_true", help="CI-sized checks")
    verify.add_argument(
        "--game", metavar="TEXT", help="only claims whose game or text contains TEXT"
    )
    verify.add_argument("--json", action="store_true", help="machine-readable output")
    verify.add_argument(
        "--jobs",
        type=_positive,
        metavar="N",
        help="worker processes (default: every core, or 1 with --quick; 1 runs in this process)",
    )
    verify.add_argument(
        "--scheduler",
        metavar="ADDR",
        help="run on the Dask cluster of this scheduler (e.g. tcp://host:8786)",
    )
    verify.set_defaults(handler=_command_verify)
    from cgt.cli.summary import add_commands as add_value_command

    add_value_command(commands)
    for module in load_plugins().values():
        add_commands: Any = getattr(module, "add_commands", None)
        if add_commands is not None:
            add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cgt`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except CGTError as error:
        print(f"cgt {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``cgt ... | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:  # a file that cannot be written or read
        print(f"cgt {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
