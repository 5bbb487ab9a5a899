"""The ``cgt`` command: ``cgt verify`` (`cgt.cli.verify`), ``cgt value`` (`cgt.cli.summary`,
with ``--game`` from `cgt.cli.rulesets`), ``cgt nimber`` and ``cgt outcome`` (searches for one
large position) and the sub-commands of plug-ins.

Common to every sub-command: ``cgt --version``; a value that starts with ``-`` is read as a
value, not an option, unless it is one of the command's options (``cgt value -1/2``,
``cgt value -^``); output piped into a reader that stops early (``cgt ... | head``) ends
quietly; a terminal that cannot show a character (``PYTHONIOENCODING=ascii``) gets its ASCII
spelling (``^`` for ``↑``, ``+-`` for ``±``); a library error is one line on standard error with
exit status 2, Ctrl-C one line with status 130.

>>> main(["value", "-1/2"])  # doctest: +ELLIPSIS
value          -1/2
...
0
"""

from __future__ import annotations

import argparse
import codecs
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from cgt.cli._interrupts import interrupts_kept
from cgt.core.errors import CGTError
from cgt.verification.plugins import load_plugins

__all__ = ["build_parser", "main", "version"]

DISTRIBUTION = "cgt-games"

# How characters that the output encoding lacks are spelled in ASCII.
_ASCII = {
    "↑": "^",
    "↓": "v",
    "⇑": "^^",
    "⇓": "vv",
    "±": "+-",
    "∓": "-+",
    "…": "...",
    "→": "->",
    "←": "<-",
    "⊆": "<=",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "□": "_",
    "★": "*",
    "·": ".",
    "−": "-",
    "×": "x",
    "—": "--",
    "–": "-",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
}


def _ascii_spelling(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    spelled = "".join(_ASCII.get(c, c if c.isascii() else "?") for c in text)
    return spelled, error.end


codecs.register_error("cgt-ascii", _ascii_spelling)


def version() -> str:
    """The installed version of the distribution (``cgt.__version__`` if not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        import cgt

        return str(cgt.__version__)


def plain_text(text: str) -> str:
    """Help text without the markup of docstrings (``code`` and `names` lose their quotes).

    >>> plain_text("The ``cgt daihinmin`` commands; see `~games.daihinmin.players`.")
    'The cgt daihinmin commands; see games.daihinmin.players.'
    """
    return _ROLE.sub(r"\1", _LITERAL.sub(r"\1", text))


_LITERAL = re.compile(r"``([^`]+)``")
_ROLE = re.compile(r"`~?([^`\s][^`]*)`")


class _Parser(argparse.ArgumentParser):
    """An argument parser that reads ``-1/2``, ``-^`` or ``-{1|2}`` as values: an argument that
    starts with one ``-`` and is none of the command's options is a value.  Its help (and that
    of its sub-commands) is shown without docstring markup (`plain_text`)."""

    def format_help(self) -> str:
        return plain_text(super().format_help())

    def format_usage(self) -> str:
        return plain_text(super().format_usage())

    def _parse_optional(self, arg_string: str) -> Any:
        found = super()._parse_optional(arg_string)
        first = found[0] if isinstance(found, list) and found else found
        unknown = isinstance(first, tuple) and first[0] is None
        if unknown and not arg_string.startswith("--"):
            return None
        return found


#: the commands of `cgt` itself; a command line that runs one of them imports no plug-in
BUILTIN_COMMANDS = ("verify", "value", "nimber", "outcome")


def build_parser(plugins: bool = True) -> argparse.ArgumentParser:
    """The argument parser of ``cgt``, with the sub-commands of every plug-in (``plugins``)."""
    parser = _Parser(
        prog="cgt", description="Combinatorial game theory: values, sums and verified closed forms."
    )
    parser.add_argument("--version", action="version", version=f"cgt {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    from cgt.cli.nimber import add_command as add_nimber_command
    from cgt.cli.outcome import add_command as add_outcome_command
    from cgt.cli.rulesets import add_game_option
    from cgt.cli.summary import add_commands as add_value_command
    from cgt.cli.verify import add_command as add_verify_command

    add_verify_command(commands)
    add_value_command(commands)
    add_game_option(commands.choices["value"])
    add_nimber_command(commands)
    add_outcome_command(commands)
    if plugins:
        for module in load_plugins().values():
            add_commands: Any = getattr(module, "add_commands", None)
            if add_commands is not None:
                add_commands(commands)
    _describe(parser)
    return parser


def _describe(parser: argparse.ArgumentParser) -> None:
    """Give every sub-command without a description its one-line help as one, so that
    ``cgt COMMAND --help`` says what the command does."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                if not sub.description and helps.get(name):
                    text = str(helps[name])
                    sub.description = text[0].upper() + text[1:] + "."
                _describe(sub)


def _ascii_when_needed() -> None:
    """Spell in ASCII what the encoding of standard output and error cannot show."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream.errors == "strict":
            reconfigure(errors="cgt-ascii")


def _quiet_stdout() -> None:
    """The reader of standard output went away: send the rest (and the final flush) nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file: nothing to protect
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cgt`` command; returns the exit status."""
    _ascii_when_needed()
    command = "cgt"
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        first = next((word for word in words if not word.startswith("-")), None)
        # a built-in command needs no plug-in's sub-commands (importing them costs a second)
        parser = build_parser(plugins=first not in BUILTIN_COMMANDS)
        args = parser.parse_args(words)
        if getattr(args, "handler", None) is None:
            parser.print_help()
            return 2
        command = f"cgt {args.command}"
        with interrupts_kept():  # Ctrl-C inside a finaliser is delivered after it, not lost
            status = int(args.handler(args))
        sys.stdout.flush()
        return status
    except CGTError as error:
        print(f"{command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``cgt ... | head``): stop quietly
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        print(f"\n{command}: interrupted", file=sys.stderr)
        return 130
    except OSError as error:  # a file that cannot be written or read
        print(f"{command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
