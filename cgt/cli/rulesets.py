"""Rulesets that ``cgt value --game NAME TEXT`` can build a position of, by name.

A plug-in declares a ruleset with an entry point in the group ``cgt.rulesets``: the name users
type, and a class (or function) that builds a position from its string form::

    [project.entry-points."cgt.rulesets"]
    domineering = "games.grid.domineering:Domineering"

``cgt value --game domineering "..|.."`` then prints the value of ``Domineering("..|..")`` and
everything ``cgt value`` says about it (``--json`` too).  `cgt` knows no ruleset by itself;
`register_ruleset` adds one in this process (for tests and scripts).  An unknown name raises
`UnknownRulesetError`, which lists the known ones.

>>> import cgt
>>> @cgt.impartial_game
... def Heap(n):
...     return list(range(n))
>>> register_ruleset("heap", lambda text: Heap(int(text)))
>>> str(position_value("HEAP", "3"))
'*3'
>>> position_value("no such game", "3")
Traceback (most recent call last):
...
cgt.cli.rulesets.UnknownRulesetError: no ruleset is named 'no such game'; the rulesets are: ...
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from cgt.core.errors import CGTError
from cgt.partizan.game import Game

__all__ = [
    "UnknownRulesetError",
    "add_game_option",
    "build_position",
    "position_value",
    "register_ruleset",
    "ruleset_editor",
    "rulesets",
]

_REGISTERED: dict[str, Callable[[str], Any]] = {}


class UnknownRulesetError(CGTError, LookupError):
    """``cgt value --game NAME``: no ruleset of that name is installed."""


def register_ruleset(name: str, build: Callable[[str], Any]) -> None:
    """Make ``build(text)`` (a position from its string form) known as ruleset ``name``."""
    _REGISTERED[name.casefold()] = build


def rulesets() -> dict[str, Callable[[str], Any]]:
    """Every ruleset, by its name in lower case: the entry points of ``cgt.rulesets`` (loaded
    on use), then those registered in this process."""
    found: dict[str, Any] = {
        entry.name.casefold(): entry for entry in entry_points(group="cgt.rulesets")
    }
    found.update(_REGISTERED)
    return found


def _builder(name: str) -> Callable[[str], Any]:
    known = rulesets()
    entry = known.get(name.strip().casefold())
    if entry is None:
        names = ", ".join(sorted(known)) or "none (no plug-in declares one)"
        raise UnknownRulesetError(f"no ruleset is named {name!r}; the rulesets are: {names}")
    if hasattr(entry, "load"):  # an entry point: import the plug-in now
        loaded: Callable[[str], Any] = entry.load()
        return loaded
    return entry


def build_position(name: str, text: str) -> Any:
    """The position of ruleset ``name`` written ``text`` (raises the ruleset's own error when
    ``text`` is not one of its positions, `UnknownRulesetError` for an unknown name)."""
    return _builder(name)(text)


def position_value(name: str, text: str) -> Game:
    """The value of the position of ruleset ``name`` written ``text``: by the ruleset's own
    ``value()`` when it has one (its closed forms, verified by its claims: a Hackenbush stalk
    written as a tree 1,000 deep took minutes through the recursion), else `cgt.value`."""
    from cgt.partizan.game import Game
    from cgt.partizan.values import value

    position = build_position(name, text)
    own = getattr(position, "value", None)
    if callable(own):
        result = own()
        if result.__class__ is Game:
            return result
    return value(position)


def ruleset_editor(name: str) -> dict[str, Any] | None:
    """How a board of ruleset ``name`` is drawn and edited, for ``cgt explore``: the builder's
    ``EDITOR`` attribute (a dict such as ``{"kind": "forest", "colours": "LRG"}``), or for a
    class with an ``ALPHABET`` (grid rulesets) ``{"kind": "grid", "cells": ALPHABET}`` with the
    cell colours of its ``STYLE``; None when positions are only typed.

    >>> register_ruleset("typed only", lambda text: text)
    >>> ruleset_editor("typed only") is None
    True
    """
    build = _builder(name)
    editor = getattr(build, "EDITOR", None)
    if isinstance(editor, dict):
        return dict(editor)
    cells = getattr(build, "ALPHABET", None)
    if not isinstance(cells, str):
        return None
    style = getattr(build, "STYLE", None)
    found: dict[str, Any] = {"kind": "grid", "cells": cells}
    if isinstance(style, dict):
        found["style"] = {ch: list(colours) for ch, colours in style.items() if ch in cells}
    return found


def add_game_option(command: argparse.ArgumentParser) -> None:
    """Add ``--game NAME`` to ``cgt value``: EXPR is then a position of that ruleset."""
    plain = command.get_default("handler")
    command.add_argument(
        "--game",
        metavar="NAME",
        help="read EXPR as a position of this ruleset (e.g. domineering '..|..')",
    )

    def handler(args: argparse.Namespace) -> int:
        if args.game is None:
            return int(plain(args))
        return _command_value_of_position(args)

    command.set_defaults(handler=handler)


def _command_value_of_position(args: argparse.Namespace) -> int:
    from cgt.cli.summary import format_summary, summarize
    from cgt.cli.watch import watching
    from cgt.thermal.thermography import thermograph

    with watching("cgt value"):
        g = position_value(args.game, args.expression)
        facts = {"game": args.game.strip().casefold(), "position": args.expression}
        facts |= summarize(g)
    if args.thermograph:
        thermograph(g).save(args.thermograph)
        facts["thermograph_file"] = args.thermograph
    if args.json:
        print(json.dumps(facts, indent=2, ensure_ascii=False))
        return 0
    print(f"{'game':<14} {facts['game']}")
    print(f"{'position':<14} {facts['position']}")
    print(format_summary(facts))
    if args.thermograph:
        print(f"{'picture':<14} {args.thermograph}")
    return 0
