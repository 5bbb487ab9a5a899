"""The ``cgt daihinmin`` commands: play games in-process, run a UECda server, join one.

::

    cgt daihinmin play --games 1000 --players default,default,random,default,default --seed 1
    cgt daihinmin play --games 100 --players random --json        # one name: all five seats
    cgt daihinmin server --port 42485 --games 100 --players tcp,tcp,default,default,default
    cgt daihinmin client --host 127.0.0.1 --port 42485 --name me --player default
    cgt daihinmin web --log runs/                                  # http://127.0.0.1:8766/

``play`` prints the standings: points, mean per game with a 95% confidence interval, how often
each player finished 1st to 5th, and the faults of players that raised, timed out or returned
junk (``--strict`` stops at the first illegal play instead).  ``--json`` prints the same as
one JSON object (`games.daihinmin.experiments.stats.summarize`).  A progress bar goes to stderr when
it is a terminal.  ``server`` waits for a TCP client in each seat written ``-`` (all five by
default) and fills the others with in-process players; ``client`` plays one of our players on
any UECda server (ours, or the C ``tndhms``).  Players are named as in
`~games.daihinmin.players.make_player` (``module.path:Class`` from the current directory too).

>>> from cgt.cli.command import main
>>> main(["daihinmin", "play", "--games", "3", "--players", "random", "--seed", "1"])
3 games; points 5 4 3 2 1 for places 1st to 5th
player  name    points ...
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, TextIO

import cgt
from games.daihinmin.cli.args import (
    CommandError,
    _importable_from_here,
    parse_players,
    parse_seed,
)

__all__ = ["add_commands", "parse_players", "parse_seats", "parse_seed"]

#: refresh the progress bar at most this often (seconds)
PROGRESS_INTERVAL = 0.1


def _positive(name: str, value: int, most: int | None = None) -> int:
    if value < 1 or (most is not None and value > most):
        bound = f"1..{most}" if most is not None else "at least 1"
        raise CommandError(f"{name} must be {bound}, got {value}")
    return value


class _Progress:
    """A one-line progress bar on a terminal, redrawn at most every `PROGRESS_INTERVAL`
    seconds; silent when the stream is not a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.active = stream.isatty()
        self.done = 0
        self.start = time.perf_counter()
        self.drawn = 0.0

    def __call__(self, games: int) -> None:
        self.done += games
        if not self.active:
            return
        now = time.perf_counter()
        if now - self.drawn < PROGRESS_INTERVAL and self.done < self.total:
            return
        self.drawn = now
        filled = int(30 * self.done / max(self.total, 1))
        rate = self.done / max(now - self.start, 1e-9)
        bar = "#" * filled + "." * (30 - filled)
        self.stream.write(f"\r\x1b[K[{bar}] {self.done}/{self.total} games, {rate:.0f}/s")
        self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _command_play(args: argparse.Namespace) -> int:
    from games.daihinmin.experiments.stats import format_standings, play_summary
    from games.daihinmin.players import make_player
    from games.daihinmin.rules.match import Match

    games = _positive("--games", args.games)
    if args.time_limit is not None and not args.time_limit > 0:
        raise CommandError(
            f"--time-limit must be a positive number of seconds, not {args.time_limit}"
        )
    seed = parse_seed(args.seed)
    names = parse_players(args.players)
    pair = parse_pair(args.compare) if args.compare else None
    _importable_from_here()
    players = [make_player(name, seed=f"{seed}:{p}") for p, name in enumerate(names)]
    match = Match(players, seed=seed, strict=args.strict, time_limit=args.time_limit)
    progress = _Progress(games, sys.stderr)
    started = time.perf_counter()
    try:
        result = match.play(games, progress=progress)
    except KeyboardInterrupt:
        progress.close()
        print(f"cgt daihinmin play: interrupted in game {match.game}", file=sys.stderr)
        return 130
    except cgt.CGTError:
        raise
    except Exception as error:  # with --strict a player's own error stops the run
        if not args.strict:
            raise
        from games.daihinmin.rules.match import player_traceback

        raise CommandError(
            f"game {match.game}: a player raised {type(error).__name__}: {error}\n"
            f"{player_traceback(error)}"
        ) from None
    finally:
        progress.close()
    seconds = time.perf_counter() - started
    summary = play_summary(result, names, seed)
    comparison = None
    if pair is not None and games >= 2:
        from games.daihinmin.experiments.stats import compare_players

        comparison = compare_players(result, *pair)
        summary["comparison"] = {"players": list(pair), **comparison.to_json()}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_standings(summary))
        if comparison is not None and pair is not None:
            a, b = pair
            lo, hi = comparison.ci95 or (math.nan, math.nan)
            print(
                f"player {a} - player {b}: {comparison.mean_difference:+.3f} points per game "
                f"[{lo:+.3f}, {hi:+.3f}], t = {comparison.statistic:.2f}, "
                f"p = {comparison.pvalue:.2g} ({comparison.method})"
            )
        print(f"seed {seed}; {games / seconds:.0f} games/s ({seconds:.2f} s)")
    return 0


def parse_pair(text: str) -> tuple[int, int]:
    """Two different player numbers 0-4 from ``"a,b"`` (``--compare``).

    >>> parse_pair("0, 3")
    (0, 3)
    >>> parse_pair("1,1")
    Traceback (most recent call last):
    ...
    games.daihinmin.cli.args.CommandError: --compare needs two different player numbers 0-4, ...
    """
    parts = text.split(",")
    try:
        a, b = (int(part) for part in parts)
    except ValueError:
        a = b = -1
    if a == b or not (0 <= a <= 4 and 0 <= b <= 4):
        raise CommandError(
            f"--compare needs two different player numbers 0-4, like 0,1; got {text!r}"
        )
    return a, b


def _port(value: int) -> int:
    if not 0 <= value <= 65535:
        raise CommandError(f"--port must be 0..65535, got {value}")
    return value


def parse_seats(text: str | None, seed: object = 0) -> list[Any]:
    """The server's five seats: ``None`` (a TCP client) for ``tcp`` (or ``-``), else an
    in-process player (`make_player`); no text: five TCP clients.

    >>> parse_seats("tcp,random,tcp,-,random")
    [None, <RandomPlayer 'random'>, None, None, <RandomPlayer 'random'>]
    >>> parse_seats(None)
    [None, None, None, None, None]
    """
    from games.daihinmin.players import make_player

    if text is None:
        return [None] * 5
    names = parse_players(text)
    return [
        None if n in ("-", "tcp") else make_player(n, seed=f"{seed}:{p}")
        for p, n in enumerate(names)
    ]


def _command_server(args: argparse.Namespace) -> int:
    from games.daihinmin.network.server import run_server

    games = _positive("--games", args.games, 14999)
    port = _port(args.port)
    if args.move_timeout is not None and not args.move_timeout > 0:
        raise CommandError(
            f"--move-timeout must be a positive number of seconds, not {args.move_timeout}"
        )
    seed = parse_seed(args.seed)
    _importable_from_here()
    seats = parse_seats(args.players, seed)
    waiting = sum(seat is None for seat in seats)
    if waiting == 0:
        raise CommandError("--players leaves no seat for a TCP client (write - for one)")

    def ready(bound: int) -> None:
        print(
            f"cgt daihinmin server: listening on port {bound}, waiting for {waiting} client(s)",
            file=sys.stderr,
            flush=True,
        )

    joined = [0]

    def connected(number: int, name: str) -> None:
        joined[0] += 1

    def dropped(address: str, reason: str) -> None:
        print(
            f"cgt daihinmin server: dropped {address}: {reason}"
            f" (still waiting for {waiting - joined[0]} client(s))",
            file=sys.stderr,
            flush=True,
        )

    result = run_server(
        port,
        games,
        players=seats,
        seed=seed,
        log_dir=args.log_dir,
        move_timeout=args.move_timeout,
        ready=ready,
        on_connect=connected,
        on_drop=dropped,
    )
    from games.daihinmin.experiments.stats import summarize

    summary = summarize(result)
    summary["rejected"] = list(result.rejected)
    summary["seed"] = seed
    return _print_summary(summary, args.json)


def _command_client(args: argparse.Namespace) -> int:
    from games.daihinmin.experiments.stats import summarize
    from games.daihinmin.network.client import run_client
    from games.daihinmin.players import make_player

    port = _port(args.port)
    _importable_from_here()
    player = make_player(args.player)
    if not 0 < args.timeout <= 86_400:
        raise CommandError(f"--timeout must be 0 < S <= 86400 seconds, not {args.timeout}")
    result = run_client(args.host, port, player, name=args.name, timeout=args.timeout)
    summary = summarize(result)  # stalled games are counted there
    summary["player"] = result.player
    summary["rejected"] = result.own_rejected  # the others' are not known to a client
    return _print_summary(summary, args.json)


def _command_evaluate(args: argparse.Namespace) -> int:
    from games.daihinmin.experiments.evaluate import evaluate, format_evaluation

    result = evaluate(
        args.hand,
        played=args.played or 0,
        players_left=args.players_left,
        field=args.field,
        variant=args.variant,
        revolution=args.revolution,
        lock=args.lock,
        opponents_passed=args.opponents_passed,
    )
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(format_evaluation(result))
    return 0


def _command_web(args: argparse.Namespace) -> int:
    from games.daihinmin.web.app import TableServer

    if not 1 <= args.time_limit <= 3600:
        raise CommandError(f"--time-limit must be 1..3600 seconds, not {args.time_limit}")
    server = TableServer(args.host, _port(args.port), log=args.log, time_limit=args.time_limit)
    server.serve_until_stopped("cgt daihinmin web", "the table", open_browser=args.open)
    return 0


def _print_summary(summary: dict[str, Any], as_json: bool) -> int:
    from games.daihinmin.experiments.stats import format_standings

    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_standings(summary))
    return 0


def add_commands(subparsers: Any) -> None:
    """Add ``cgt daihinmin`` (``play``, ``server``, ``client``, ``evaluate``,
    ``tournament``, ``explain``, ``train-policy``) to ``cgt``."""
    parser = subparsers.add_parser(
        "daihinmin",
        help="Daihinmin (UECda rules): play games in-process, run or join a UECda server",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    commands = parser.add_subparsers(dest="daihinmin_command", metavar="COMMAND")
    parser.set_defaults(handler=lambda args: _no_command(parser))

    play = commands.add_parser("play", help="play games between five players, in-process")
    play.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    play.add_argument(
        "--players",
        default="default",
        help="5 player names separated by commas, or one for all five (default: default); "
        "names: random, default, kou2, kou2 variants (w75, rev+, ...), kou2+, mc, mcpi, "
        "strongest (= the strongest we ship), name[key=value;...] for settings, "
        "module.path:Class",
    )
    play.add_argument("--seed", default="0", help="seed of the deals and seats (default 0)")
    play.add_argument("--json", action="store_true", help="machine-readable output")
    play.add_argument(
        "--strict", action="store_true", help="stop at the first illegal play or player error"
    )
    play.add_argument(
        "--time-limit", type=float, metavar="S", help="seconds per decision (a late player passes)"
    )
    play.add_argument(
        "--compare",
        metavar="A,B",
        help="test players A and B (numbers 0-4) on their per-game points (stats.compare)",
    )
    play.set_defaults(handler=_command_play)

    server = commands.add_parser("server", help="run a UECda-protocol server (TCP)")
    server.add_argument("--port", type=int, default=42485, help="TCP port (default 42485; 0: any)")
    server.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    server.add_argument(
        "--players",
        help="5 seats: tcp for a TCP client, else an in-process player name "
        "(e.g. tcp,tcp,default,default,default; default: five TCP clients)",
    )
    server.add_argument("--seed", default="0", help="seed of the deals and seats (default 0)")
    server.add_argument(
        "--move-timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a client may take per message; a late client passes for the rest of the "
        "run (default 60)",
    )
    server.add_argument("--log-dir", metavar="D", help="write the game records to directory D")
    server.add_argument("--json", action="store_true", help="machine-readable output")
    server.set_defaults(handler=_command_server)

    client = commands.add_parser("client", help="join a UECda server with one of our players")
    client.add_argument("--host", default="127.0.0.1", help="server host (default 127.0.0.1)")
    client.add_argument("--port", type=int, default=42485, help="TCP port (default 42485)")
    client.add_argument("--name", default="cgt", help="name sent in the profile (9 chars kept)")
    client.add_argument("--player", default="default", help="player name (default: default)")
    client.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        metavar="S",
        help="seconds to wait for each message of the server before giving up with an error "
        "(default 600)",
    )
    client.add_argument("--json", action="store_true", help="machine-readable output")
    client.set_defaults(handler=_command_client)

    evaluate = commands.add_parser(
        "evaluate",
        help="kou2's reasoning about a position (seed 002): melds, E, priorities "
        "(mcpi's: cgt daihinmin explain)",
        description="kou2's reasoning about a position (seed 002, section 3): how it splits the "
        "hand into melds, each meld's strength E (100 = sure to take the trick; 86 or more: "
        "'can take the trick'), its priority when leading, the hand value, and the meld it "
        "would play.",
    )
    evaluate.add_argument("--hand", required=True, help='the hand, e.g. "6S 6D 7S KH 2S"')
    evaluate.add_argument("--played", help="cards already played (the field's are added)")
    evaluate.add_argument(
        "--players-left", type=int, default=5, help="players holding cards, this one included"
    )
    evaluate.add_argument("--field", help='the meld on the field, e.g. "9D" (default: you lead)')
    evaluate.add_argument("--variant", default="kou2", help="kou2 or an ablation (w75, rev+, ...)")
    evaluate.add_argument("--revolution", action="store_true", help="a revolution is on")
    evaluate.add_argument("--lock", action="store_true", help="the field is locked")
    evaluate.add_argument(
        "--opponents-passed", action="store_true", help="every opponent has passed this trick"
    )
    evaluate.add_argument("--json", action="store_true", help="machine-readable output")
    evaluate.set_defaults(handler=_command_evaluate)

    web = commands.add_parser(
        "web",
        help="a table in the browser: replay logs, watch a live match, play against programs",
        description="Start the Daihinmin table, a local web app: replay the games of a log "
        "(--log: a games.jsonl, a table's record or a recorded C-server run, or a folder of "
        "them), watch a live match between our players and C clients, or take a seat.",
    )
    web.add_argument("--log", metavar="PATH", help="a log file, or a folder of them, to replay")
    web.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    web.add_argument("--port", type=int, default=8766, help="TCP port (default 8766; 0: any)")
    web.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a person has per decision (default 60; a late person passes)",
    )
    web.add_argument("--open", action="store_true", help="open the page in a web browser")
    web.set_defaults(handler=_command_web)

    from games.daihinmin.cli.mcpi import add_commands as add_mcpi_commands
    from games.daihinmin.cli.tournament import add_commands as add_tournament_command

    add_tournament_command(commands)
    add_mcpi_commands(commands)


def _no_command(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2
