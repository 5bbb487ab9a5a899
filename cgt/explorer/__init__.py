"""``cgt explore``: click through a game's options in the browser, or in Jupyter.

Type a game in the notation (``{2|-1}``, ``^* + 1/2``) or pick a ruleset and type or draw a
board (Domineering, Cram, Clobber, Konane, Toads and Frogs, Hackenbush, Amazons, Snort, Col:
every ruleset of the ``cgt.rulesets`` entry points); the explorer shows the position's canonical
form, outcome, stops, mean, temperature and thermograph, and both players' options with their
values, the dominated and reversible ones marked.  Click an option to follow it; go back.

::

    cgt explore                                   # http://127.0.0.1:8765/
    cgt explore --game domineering "...|...|..."  # open at this position
    cgt explore "{2|-1}" --port 9000 --host 127.0.0.1

In Jupyter, ``Explorer("...|...", game="domineering")`` (`cgt.explorer.widget`) is the same
explorer as a widget.  Computations run in a worker process, bounded in time and memory and
cancellable (`cgt.explorer.jobs`); the server listens on loopback unless ``--host`` says
otherwise (`cgt.explorer.server`).  The web framework (``pip install 'cgt-games[web]'``) is
imported only by ``cgt explore`` itself.

This package is the top layer of `cgt`: nothing else in `cgt` imports it; the ``cgt explore``
command reaches the ``cgt`` command as a plug-in (the ``cgt.plugins`` entry point ``explore``).
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["Explorer", "add_commands"]

DEFAULT_PORT = 8765


def __getattr__(name: str) -> Any:
    if name == "Explorer":  # imports anywidget: only on use
        from cgt.explorer.widget import Explorer

        return Explorer
    raise AttributeError(f"module 'cgt.explorer' has no attribute {name!r}")


def _memory(text: str) -> int:
    """``--memory-limit``: bytes, or with a unit: ``512M``, ``4G``."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    scale = units.get(text[-1:], 1)
    number = text[:-1] if text[-1:] in units else text
    try:
        return int(float(number) * scale)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (say 512M or 4G)") from None


def _command_explore(args: argparse.Namespace) -> int:
    from urllib.parse import quote

    from cgt.core.errors import InvalidArgumentError
    from cgt.explorer.jobs import build_position
    from cgt.explorer.server import ExplorerServer, require_web

    require_web()
    if args.time_limit is not None and not args.time_limit > 0:
        raise InvalidArgumentError(f"--time-limit must be positive seconds, not {args.time_limit}")
    game = args.game.strip().casefold() if args.game else None
    if args.position is not None:
        build_position(game, args.position)  # bad input: the library's message, at once
    server = ExplorerServer(
        args.host,
        args.port,
        time_limit=args.time_limit,
        memory_limit=args.memory_limit,
    )
    url = server.url
    if args.position is not None:
        url += f"#game={quote(game or '')}&position={quote(args.position)}"
    elif game:
        url += f"#game={quote(game)}"
    server.serve_until_stopped("cgt explore", "the explorer", url, args.open)
    return 0


def add_commands(subparsers: Any) -> None:
    """Add ``cgt explore`` to the sub-commands of ``cgt``."""
    from cgt.explorer.jobs import DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT

    command = subparsers.add_parser(
        "explore",
        help="explore a game's options and values in the browser (a local web app)",
        description="Start the game explorer, a local web app: type a game or draw a board, "
        "click options to follow them; canonical form, outcome, stops, mean, temperature and "
        "thermograph at each position.",
    )
    command.add_argument(
        "position",
        nargs="?",
        metavar="POSITION",
        help="open at this game (notation, or a board of --game)",
    )
    command.add_argument("--game", metavar="NAME", help="POSITION is a board of this ruleset")
    command.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    command.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)"
    )
    command.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds one computation may take (default {DEFAULT_TIME_LIMIT:g})",
    )
    command.add_argument(
        "--memory-limit",
        type=_memory,
        default=DEFAULT_MEMORY_LIMIT,
        metavar="SIZE",
        help=f"memory of the worker process, e.g. 2G (default {DEFAULT_MEMORY_LIMIT // 2**30}G)",
    )
    command.add_argument("--open", action="store_true", help="open the page in a web browser")
    command.set_defaults(handler=_command_explore)
