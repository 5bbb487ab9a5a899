"""The ``cgt nim``, ``cgt subtraction`` and ``cgt octal`` sub-commands (each with ``--json``).

* ``cgt nim 3 5 7``: the nim-sum and every winning move;
* ``cgt subtraction 2,3 --upto 30``: the sequence, preperiod, period and closed form;
* ``cgt octal 0.77 --upto 100``: the same for an octal game (or "not yet periodic up to N");
* ``cgt octal 0.354 --upto-heaps 30000000 --checkpoint 354.npz``: a long search, with progress,
  checkpoints (run it again to resume) and the certificate (preperiod, period, largest value,
  rare mask, last rare heap); ``cgt grundys-game --upto-heaps N`` the same for Grundy's game;
* ``cgt octal 0.75 --misere``: misère play: each heap's misère Grundy value and genus, the
  single heaps that are misère P-positions, and the misère quotient of the heaps up to
  ``--quotient-upto`` (Plambeck and Siegel), certified.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import cgt
from cgt.cli.args import at_least
from games.nim._errors import InvalidArgumentError, InvalidRulesError
from games.nim._sequence import HeapGame
from games.nim._takebreak import ENGINES
from games.nim.grundys_game import GrundysGame, grundys_game
from games.nim.misere import DEFAULT_MISERE_MAX_HEAP
from games.nim.nim import Nim
from games.nim.octal import OctalGame, hexadecimal, octal
from games.nim.subtraction import DEFAULT_SUBTRACTION_BOUND, subtraction

__all__ = ["add_commands"]


def _command_nim(args: argparse.Namespace) -> int:
    position = Nim(tuple(args.heaps))
    moves = position.winning_moves()
    if args.json:
        print(
            json.dumps(
                {
                    "heaps": list(position.heaps),
                    "grundy": position.grundy(),
                    "winner": "first player" if moves else "second player",
                    "winning_moves": [
                        {"heap": m.index + 1, "from": m.before, "to": m.after} for m in moves
                    ],
                },
                indent=2,
            )
        )
        return 0
    print(f"Nim{position.heaps}: nim-sum {position.grundy()}")
    if not moves:
        print("P-position: the player to move loses (no winning move)")
    else:
        print(f"N-position: the player to move wins; winning moves ({len(moves)}):")
        for move in moves:
            print(f"  {move}")
    return 0


MAX_UPTO = 10**6
"""The most values the command prints (the API has no such bound)."""

MAX_CLOSED_FORM_PERIOD = 64
"""Longer periods make a Piecewise with one branch per residue: too long to print or build."""


_FURTHER = "--upto-heaps N looks further, with progress and checkpoints"
"""How to look further for a period from the command line (``long_search`` has no budget)."""


def _sequence_report(game: HeapGame, upto: int, rules: dict[str, Any], as_json: bool) -> int:
    values = game.sequence(upto)
    found = game.periodicity
    form = None
    if found is not None and found.period <= MAX_CLOSED_FORM_PERIOD:
        form = str(game.closed_form())
    if as_json:
        report = {
            **rules,
            "upto": upto,
            "sequence": values,
            "preperiod": game.preperiod,
            "period": game.period,
            "periodicity": game.describe_periodicity(_FURTHER),
            "closed_form": form,
        }
        print(compact_json(report))
        return 0
    print(f"{game!r}")
    print(f"g(0..{upto - 1}): {' '.join(map(str, values))}")
    print(game.describe_periodicity(_FURTHER))
    if found is not None:
        print(f"preperiod {found.preperiod}, period {found.period}")
        if form is None:
            print(
                f"closed form: not shown for a period above {MAX_CLOSED_FORM_PERIOD} "
                "(closed_form() in Python builds it)"
            )
        else:
            print(f"closed form: g(n) = {form}")
    return 0


def _parse_set(text: str) -> list[int]:
    try:
        # commas or spaces separate the moves: "2,3", "2 3" and "2, 3" are {2, 3}
        return [int(part) for part in text.replace(",", " ").split()]
    except ValueError:
        raise InvalidRulesError(
            f"a subtraction set is written like 2,3 or '2 3' (positive ints); got {text!r}"
        ) from None


def _command_subtraction(args: argparse.Namespace) -> int:
    moves, bound = _parse_set(args.moves), args.search_bound
    if bound is None:  # the default bound, within the work budget
        game = subtraction(moves)
        found = game.search_period()
    else:  # the bound asked for, searched in full
        game = subtraction(moves, search_bound=bound)
        found = game.search_period(bound)
    if found is None:
        raise InvalidArgumentError(
            f"{game!r}: "
            + game.unfinished(
                "a finite subtraction set is always eventually periodic: run again with a "
                "larger --search-bound"
            )
        )
    return _sequence_report(game, args.upto, {"subtraction_set": list(game.moves)}, args.json)


MISERE_UPTO = 20
"""Heaps shown by ``--misere`` unless ``--upto`` says otherwise (misère simplest forms of
octal heaps grow quickly: heaps of size 40 take seconds each)."""


def compact_json(report: dict[str, Any]) -> str:
    """``report`` as JSON with one line per key (a sequence stays on one line).

    >>> print(compact_json({"code": "0.77", "sequence": [0, 1, 2]}))
    {
      "code": "0.77",
      "sequence": [0, 1, 2]
    }
    """
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in report.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def _command_octal(args: argparse.Namespace) -> int:
    make = hexadecimal if args.hexadecimal else octal
    game = make(args.code, search_bound=args.search_bound, engine=args.engine)
    if args.misere:
        return _misere_report(game, args)
    if args.upto_heaps is not None:  # a fresh game: millions of values stay out of the cache
        fresh = OctalGame(game.digits, max(args.search_bound, args.upto_heaps), args.engine)
        return _long_report(fresh, args, {"code": game.code})
    upto = 100 if args.upto is None else args.upto
    return _sequence_report(game, upto, {"code": game.code}, args.json)


def _command_grundys_game(args: argparse.Namespace) -> int:
    if args.upto_heaps is not None:
        fresh = GrundysGame(max(args.search_bound, args.upto_heaps), args.engine)
        return _long_report(fresh, args, {"game": "Grundy's game"})
    game = grundys_game(search_bound=args.search_bound, engine=args.engine)
    upto = 100 if args.upto is None else args.upto
    return _sequence_report(game, upto, {"game": "Grundy's game"}, args.json)


def _long_report(game: HeapGame, args: argparse.Namespace, rules: dict[str, Any]) -> int:
    from games.nim.search import certificate, computed_heaps, long_search

    try:
        long_search(
            game,
            args.upto_heaps,
            checkpoint=args.checkpoint,
            every=args.checkpoint_every,
            progress=not args.no_progress and not args.json,
        )
    except KeyboardInterrupt:
        where = (
            f"; values saved to {args.checkpoint}: run the same command to resume"
            if (args.checkpoint)
            else " (no --checkpoint file: nothing saved)"
        )
        print(f"interrupted at heap {computed_heaps(game):,}{where}", file=sys.stderr)
        return 130
    found = certificate(game)
    upto = 0 if args.upto is None else args.upto
    if args.json:
        report = {**rules, **found.as_dict()}
        if upto:
            report["sequence"] = game.sequence(upto)
        print(compact_json(report))
        return 0
    print(found.describe())
    if upto:
        print(f"g(0..{upto - 1}): {' '.join(map(str, game.sequence(upto)))}")
    return 0


class _Status:
    """A rich status line on standard error while misère work runs (on a terminal only)."""

    def __init__(self) -> None:
        self.status: Any = None
        if sys.stderr.isatty():
            from rich.console import Console

            self.status = Console(stderr=True).status("misère play: starting")
            self.status.__enter__()

    def update(self, text: str) -> None:
        if self.status is not None:
            self.status.update(text)

    def close(self) -> None:
        if self.status is not None:
            self.status.__exit__(None, None, None)
            self.status = None


def _misere_report(game: OctalGame, args: argparse.Namespace) -> int:
    status = _Status()
    try:
        return _misere_report_with(game, args, status)
    except KeyboardInterrupt:
        status.close()
        print(f"\ncgt octal: interrupted ({status_text[0]})", file=sys.stderr)
        return 130
    finally:
        status.close()


status_text = ["nothing computed yet"]


def _say(status: _Status, text: str) -> None:
    status_text[0] = text
    status.update(text)


def _quotient_progress(status: _Status, what: str) -> Any:
    def report(done: int, kinds: int, order: int) -> None:
        _say(status, f"{what}: {done} of {kinds} heap kinds added, order {order}")

    return report


DEFAULT_QUOTIENT_BUDGET = 120.0
"""CPU seconds the quotient of all heaps may take on the command line (Kayles needs about 17)."""


class _OverBudget(Exception):
    """The quotient of all heaps did not finish within ``--quotient-budget``."""


@contextmanager
def _cpu_budget(seconds: float) -> Iterator[None]:
    """Raise `_OverBudget` in the block once the process has used ``seconds`` more of CPU time
    (``0``: no limit; only in the main thread, where signals arrive)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def over(signum: int, frame: Any) -> None:
        raise _OverBudget

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _over_budget_text(args: argparse.Namespace) -> str:
    return (
        f"not certified within {args.quotient_budget:g} s of CPU ({status_text[0]}); "
        "--quotient-budget S allows more (0: no limit), --quotient-upto N asks for the heaps "
        "up to N only"
    )


def _misere_outcome_report(game: OctalGame, args: argparse.Namespace, status: _Status) -> int:
    from games.nim.misere import octal_misere_outcome, quotient_of

    heaps = _parse_heaps(args.outcome)
    try:
        with _cpu_budget(args.quotient_budget):
            quotient = quotient_of(
                game.code,
                max_heap=args.max_heap,
                progress=_quotient_progress(status, f"misère quotient of {game.code}"),
            )
    except _OverBudget:
        raise InvalidArgumentError(
            f"octal {game.code}: the misère quotient of all heaps was {_over_budget_text(args)}"
        ) from None
    answer = octal_misere_outcome(game.code, heaps, quotient=quotient)
    status.close()
    if args.json:
        print(json.dumps(answer.as_json(), indent=2))
        return 0
    covered = "all heaps" if quotient.all_heaps else f"heaps <= {quotient.max_heap}"
    print(
        f"{game!r} in misère play, heaps {' + '.join(map(str, heaps)) or '(none)'}: "
        f"{answer.outcome}-position (element {answer.element} of the quotient of {covered}, "
        f"order {quotient.order}, certified)"
    )
    return 0


def _parse_heaps(text: str) -> list[int]:
    try:
        heaps = [int(part) for part in text.replace(",", " ").split()]
    except ValueError:
        raise InvalidRulesError(
            f"--outcome takes heap sizes like 3,5,7,1000 (non-negative ints); got {text!r}"
        ) from None
    if any(h < 0 for h in heaps):
        raise InvalidRulesError(f"heap sizes are non-negative, got {text!r}")
    return heaps


def _misere_report_with(game: OctalGame, args: argparse.Namespace, status: _Status) -> int:
    if args.outcome is not None:
        return _misere_outcome_report(game, args, status)
    upto = MISERE_UPTO if args.upto is None else args.upto
    genera = []
    for n in range(upto):
        _say(status, f"misère play of {game.code}: genus of heap {n} of {upto}")
        genera.append(cgt.genus(game.position(n)))
    values = [g.gamma(0) for g in genera]
    losing = [n for n, v in enumerate(values) if v == 0]
    quotient = None
    quotient_error = ""
    progress = _quotient_progress(status, f"misère quotient of {game.code}")
    if args.quotient_upto == "all":
        from games.nim.misere import quotient_of

        try:
            with _cpu_budget(args.quotient_budget):
                quotient = quotient_of(game.code, max_heap=args.max_heap, progress=progress)
        except _OverBudget:
            quotient_error = f"misère quotient of all heaps: {_over_budget_text(args)}"
    elif args.quotient_upto:
        try:
            quotient = cgt.misere_quotient(
                game.position, args.quotient_upto, outcomes=args.quotient_by, progress=progress
            )
        except cgt.QuotientNotFoundError as error:
            quotient_error = f"misère quotient not found: {error}"
    status.close()
    if args.json:
        report: dict[str, Any] = {
            "code": game.code,
            "upto": upto,
            "misere_grundy": values,
            "genus": [str(g) for g in genera],
            "misere_p_heaps": losing,
        }
        if quotient is not None:
            report["quotient"] = {
                "max_heap": quotient.max_heap,
                "heaps": "all" if quotient.all_heaps else quotient.max_heap,
                "certified": True,
                "order": quotient.order,
                "p_portion": list(quotient.p_portion_names),
                "heap_classes": list(quotient.heap_names),
                "elements": list(quotient.names),
                "table": [list(row) for row in quotient.table],
                "preperiod": quotient.preperiod,
                "period": quotient.period,
                "generators": list(quotient.generators),
                "presentation": str(quotient.presentation),
            }
        elif quotient_error:
            report["quotient_error"] = quotient_error
        print(compact_json(report))
        return 0
    print(f"{game!r} in misère play")
    print(f"G-(0..{upto - 1}): {' '.join(map(str, values))}")
    print(f"genus: {' '.join(f'{n}:{g}' for n, g in enumerate(genera))}")
    print(f"single heaps that are misère P-positions: {' '.join(map(str, losing)) or 'none'}")
    if quotient is not None:
        print(f"{quotient} (certified)")
        presentation = quotient.presentation
        pairs = zip(presentation.letters, quotient.generators, strict=True)
        heaps = ", ".join(f"{x} = heap {h}" for x, h in pairs)
        print(f"presentation: {presentation}  ({heaps})")
        print(f"heaps 0..{quotient.max_heap} -> {' '.join(quotient.heap_names)}")
        if quotient.all_heaps:
            print(f"heap n >= {quotient.preperiod} has the class of heap n - {quotient.period}")
        elif args.quotient_upto == "all":
            print(f"not yet stable at heap {quotient.max_heap}: a larger --max-heap may certify it")
        print(f"multiplication table ({quotient.order} elements):")
        for x, row in enumerate(quotient.table):
            print(f"  {quotient.names[x]:>8} | {' '.join(quotient.names[y] for y in row)}")
    elif args.quotient_upto:
        print(quotient_error)
    return 0


_positive = at_least(1)
_heap = at_least(0)


def _upto(text: str) -> int:
    value = _positive(text)
    if value > MAX_UPTO:
        raise argparse.ArgumentTypeError(
            f"--upto is at most {MAX_UPTO:,} on the command line, got {value:,}"
        )
    return value


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, got {text}")
    return value


def _quotient_upto(text: str) -> int | str:
    if text.strip().lower() == "all":
        return "all"
    return _heap(text)


def add_commands(subparsers: Any) -> None:
    """Add ``nim``, ``subtraction`` and ``octal`` to the ``cgt`` command."""
    nim = subparsers.add_parser("nim", help="Nim: nim-sum and every winning move")
    nim.add_argument("heaps", nargs="+", type=_heap, metavar="HEAP", help="heap sizes")
    nim.add_argument("--json", action="store_true", help="machine-readable output")
    nim.set_defaults(handler=_command_nim)

    sub = subparsers.add_parser(
        "subtraction", help="subtraction game: sequence, certified period, closed form"
    )
    sub.add_argument("moves", metavar="SET", help="the subtraction set, e.g. 2,3")
    sub.add_argument("--upto", type=_upto, default=30, help="values to show (default 30)")
    sub.add_argument(
        "--search-bound",
        type=_positive,
        default=None,
        help=f"values searched for a certified period (default {DEFAULT_SUBTRACTION_BOUND:,}, "
        "within a budget of work; a bound given here is searched in full)",
    )
    sub.add_argument("--json", action="store_true", help="machine-readable output")
    sub.set_defaults(handler=_command_subtraction)

    oct_ = subparsers.add_parser(
        "octal", help="octal game: sequence, certified period (octal periodicity theorem)"
    )
    oct_.add_argument("code", metavar="CODE", help="octal code, e.g. 0.77 or .77 (Kayles), 4.07")
    oct_.add_argument(
        "--upto",
        type=_upto,
        default=None,
        help=f"values to show (default 100; {MISERE_UPTO} with --misere)",
    )
    oct_.add_argument(
        "--search-bound",
        type=_positive,
        default=1 << 13,
        help="heaps searched for a certified period (default 8192)",
    )
    oct_.add_argument(
        "--misere",
        action="store_true",
        help="misère play: misère Grundy values, genus, P-heaps and the misère quotient",
    )
    oct_.add_argument(
        "--quotient-upto",
        type=_quotient_upto,
        default="all",
        metavar="N",
        help="with --misere: the misère quotient of every heap (default 'all'), certified once "
        "the heap classes are periodic (up to --max-heap); or of the heaps <= N (0: none)",
    )
    oct_.add_argument(
        "--max-heap",
        type=_positive,
        default=DEFAULT_MISERE_MAX_HEAP,
        metavar="N",
        help="with --misere (--quotient-upto all) or --outcome: heaps added before giving up "
        f"waiting for the quotient to stabilise (default {DEFAULT_MISERE_MAX_HEAP})",
    )
    oct_.add_argument(
        "--quotient-budget",
        type=_budget,
        default=DEFAULT_QUOTIENT_BUDGET,
        metavar="S",
        help="with --misere: CPU seconds the quotient of all heaps may take before the command "
        f"gives up on it and says so (default {DEFAULT_QUOTIENT_BUDGET:g}; 0: no limit)",
    )
    oct_.add_argument(
        "--outcome",
        metavar="HEAPS",
        default=None,
        help="with --misere: the misère outcome (P or N) and quotient element of this sum of "
        "heaps, e.g. 3,5,7,1000, read from the quotient of all heaps",
    )
    oct_.add_argument(
        "--quotient-by",
        choices=("search", "forms"),
        default="search",
        help="with --misere: outcomes of sums by search of their moves (default) or by misère "
        "simplest forms (often faster for Kayles-like games); the quotient is certified either way",
    )
    _long_search_options(oct_)
    oct_.add_argument(
        "--hexadecimal",
        action="store_true",
        help="read CODE as a hexadecimal code (digits 0-f; 8: leave three heaps)",
    )
    oct_.add_argument("--json", action="store_true", help="machine-readable output")
    oct_.set_defaults(handler=_command_octal)

    grundy = subparsers.add_parser(
        "grundys-game",
        help="Grundy's game (split a heap into two unequal heaps): sequence, long searches",
    )
    grundy.add_argument("--upto", type=_upto, default=None, help="values to show (default 100)")
    grundy.add_argument(
        "--search-bound",
        type=_positive,
        default=1 << 13,
        help="heaps searched for a certified period (default 8192)",
    )
    _long_search_options(grundy)
    grundy.add_argument("--json", action="store_true", help="machine-readable output")
    grundy.set_defaults(handler=_command_grundys_game)

    sweep = subparsers.add_parser(
        "octal-sweep",
        help="every 0.abc and 4.abc octal game (or CODES) on Dask: certified or open at N",
    )
    sweep.add_argument(
        "codes", nargs="*", metavar="CODE", help="codes (default: every 0.abc, 4.abc)"
    )
    sweep.add_argument(
        "--heaps", type=_positive, default=1 << 20, help="heaps searched per game (default 2**20)"
    )
    sweep.add_argument(
        "--work",
        type=_positive,
        default=10**9,
        help="pairs of heaps a game may look at before it is left open (default 10**9; "
        "machine-independent)",
    )
    sweep.add_argument("--output", metavar="FILE", help="JSON file of the rows (resumes from it)")
    sweep.add_argument("--jobs", type=_positive, default=None, help="local Dask workers")
    sweep.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    sweep.add_argument("--no-progress", action="store_true", help="no progress bar")
    sweep.add_argument("--json", action="store_true", help="the rows as JSON on stdout")
    sweep.set_defaults(handler=_command_octal_sweep)


def _command_octal_sweep(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from games.nim.sweep import THREE_DIGIT_CODES, sweep

    codes = args.codes or list(THREE_DIGIT_CODES)
    with Progress(
        "octal sweep",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        disable=args.no_progress,
    ) as bar:
        task = bar.add_task("sweep", total=None)

        def show(finished: int, total: int) -> None:
            bar.update(task, completed=finished, total=total)

        rows = sweep(
            codes,
            heaps=args.heaps,
            work=args.work,
            output=args.output,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=show,
        )
    certified = [row for row in rows if row["status"] == "certified"]
    if args.json:
        print(json.dumps(rows))
        return 0
    for row in rows:
        if row["status"] == "certified":
            what = f"preperiod {row['preperiod']}, period {row['period']}"
        else:
            what = f"open at {row['heaps']}"
        print(f"{row['game']:>8}  {what}  (largest {row['largest']}, mask {row['mask']:#x})")
    print(f"{len(certified)} of {len(rows)} certified; rows in {args.output or '(not saved)'}")
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text}")
    return value


def _long_search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--upto-heaps",
        type=_positive,
        default=None,
        metavar="N",
        help="search up to N heaps with progress and print the certificate (preperiod, period, "
        "largest value, rare mask, last rare heap) or 'not yet periodic up to N'",
    )
    parser.add_argument(
        "--checkpoint",
        default=None,
        metavar="FILE",
        help="with --upto-heaps: save the values to FILE (.npz) as the search goes and resume "
        "from it when it exists",
    )
    parser.add_argument(
        "--checkpoint-every",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="with --checkpoint: seconds between saves (default 60)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="with --upto-heaps: no progress bar"
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="compiled kernel when available (auto), or force kernel / python (same values)",
    )
