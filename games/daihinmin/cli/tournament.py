"""``cgt daihinmin tournament``: sets of games in parallel, the paper's table, a plot.

::

    cgt daihinmin tournament --players kou2,jn17,default,default,random --games 2000 --sets 3 \\
        --seed 1 [--json] [--plot scores.svg] [--jobs N] [--scheduler ADDR]

Players are registry names (``kou2``, ``w100``, ``default``, ``random``, ...), ``jn17`` (the C
kit's jn17, through our UECda server), ``cmd:COMMAND`` or the path of a UECda client program
(see `games.daihinmin.experiments.tournament`).  Chunks of 100 games run on every core by default
(``--jobs``), or on the Dask cluster of ``--scheduler``; the result does not depend on either.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="cgt daihinmin")
>>> add_commands(parser.add_subparsers())
>>> args = parser.parse_args(["tournament", "--players", "random", "--games", "5", "--jobs", "1"])
>>> args.handler(args)  # doctest: +ELLIPSIS
1 sets of 5 games; points 5 4 3 2 1 for places 1st to 5th
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["add_commands"]


def _command_tournament(args: argparse.Namespace) -> int:
    from games.daihinmin.cli.args import _importable_from_here, parse_players, parse_seed
    from games.daihinmin.experiments.tournament import format_tournament, run_tournament

    names = parse_players(args.players)
    if args.plot and not args.plot.lower().endswith((".svg", ".png")):
        from games.daihinmin.experiments.plot import PlotError

        raise PlotError(f"--plot writes .svg or .png files, not {args.plot!r}")
    seed = parse_seed(args.seed)
    _importable_from_here()

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"\r\x1b[K{done}/{total} chunks")
            sys.stderr.flush()

    result = run_tournament(
        names,
        args.games,
        sets=args.sets,
        seed=seed,
        jobs=args.jobs,
        scheduler=args.scheduler,
        progress=progress,
    )
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    summary = result.summary()
    if args.plot:
        from games.daihinmin.experiments.plot import write_plot

        write_plot(args.plot, result.names, [s.per_game for s in result.sets])
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_tournament(summary))
        games = sum(s.games for s in result.sets)
        rate = games / result.seconds if result.seconds else 0.0
        print(f"seed {seed}; {games} games in {result.seconds:.1f} s ({rate:.0f} games/s)")
    return 0


def add_commands(subparsers: Any) -> None:
    """Add the ``tournament`` command to the sub-parsers of ``cgt daihinmin``."""
    parser = subparsers.add_parser(
        "tournament",
        help="sets of games in parallel (cores or a Dask cluster); C programs via our server",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument(
        "--players",
        default="kou2,default,default,default,default",
        help="5 players separated by commas (or one for all): registry names, jn17, "
        "cmd:COMMAND or a program's path (default: kou2,default,default,default,default)",
    )
    parser.add_argument("--games", type=int, default=2000, help="games per set (default 2000)")
    parser.add_argument("--sets", type=int, default=1, help="independent sets (default 1)")
    parser.add_argument("--seed", default="0", help="seed; set s uses SEED:s (default 0)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--plot", metavar="FILE", help="cumulative points per game (.svg/.png)")
    parser.add_argument("--jobs", type=int, help="local worker processes (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDR", help="Dask scheduler address to run on")
    parser.set_defaults(handler=_command_tournament)
