"""Everything `cgt` knows about one game at a glance, and the ``cgt value`` command.

``cgt value "{2|-1}"`` prints the canonical form, outcome class, birthday, stops, mean,
temperature, reduced canonical form, undominated incentives and, for all-small games, the
atomic weight;
``--thermograph FILE.svg`` (or ``.png``, with matplotlib) draws the thermograph; ``--json``
prints the same facts as JSON, with exact numbers written as strings such as ``"1/2"``.

>>> import cgt
>>> facts = cgt.cli.summary.summarize(cgt.Game("{2|-1}"))
>>> facts["mean"], facts["temperature"], facts["outcome"], facts["kind"]
('1/2', '3/2', 'N', 'hot')
>>> print(cgt.cli.summary.format_summary(facts))  # doctest: +NORMALIZE_WHITESPACE
value          {2|-1}
outcome        N (the player to move wins)
birthday       3
stops          left 2, right -1
mean           1/2
temperature    3/2 (hot)
reduced        {2|-1}
incentives     {3|0}
thermograph    left wall (-1, 3) (3/2, 1/2); right wall (-1, -2) (3/2, 1/2); mast 1/2 from t = 3/2
"""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING, Any

from cgt.core._digits import fraction_text

if TYPE_CHECKING:
    from cgt.partizan.game import Game

__all__ = ["add_commands", "format_summary", "summarize"]

_OUTCOMES = {
    "L": "Left wins, whoever starts",
    "R": "Right wins, whoever starts",
    "N": "the player to move wins",
    "P": "the player to move loses",
}


def summarize(g: Game) -> dict[str, Any]:
    """The facts about ``g`` as a JSON-ready dictionary (exact numbers as strings)."""
    from cgt.infinitesimals.atomic import atomic_weight, is_all_small
    from cgt.infinitesimals.reduction import reduced
    from cgt.partizan.outcomes import outcome
    from cgt.thermal.thermography import incentives, thermograph

    th = thermograph(g)
    if g.is_number:
        kind = "number"
    elif g.left_stop == g.right_stop:
        kind = "tepid"
    else:
        kind = "hot"
    facts: dict[str, Any] = {
        "value": str(g),
        "outcome": str(outcome(g)),
        "birthday": _json_int(g.birthday),
        "left_stop": fraction_text(g.left_stop),
        "right_stop": fraction_text(g.right_stop),
        "mean": fraction_text(th.mean),
        "temperature": fraction_text(th.temperature),
        "kind": kind,
        "reduced": str(reduced(g)),
        "incentives": _incentive_texts(g, incentives),
        "all_small": is_all_small(g),
        "thermograph": {
            "left_wall": [[fraction_text(t), fraction_text(x)] for t, x in th.left_wall],
            "right_wall": [[fraction_text(t), fraction_text(x)] for t, x in th.right_wall],
            "text": str(th),
        },
    }
    if facts["all_small"]:
        facts["atomic_weight"] = str(atomic_weight(g))
    return facts


_LISTED = 16
"""At most this many incentives of ``x + *m`` are listed; the rest are described."""


def _incentive_texts(g: Game, incentives: Any) -> list[str]:
    """The incentives as text; for ``x + *m`` with a large ``m``, the first few and a rule
    (they are ``*(j xor m)`` for every ``j < m``: making them all would take ``m`` games)."""
    nus = g.nus
    if nus is not None and nus[1] == 0 and nus[2] > _LISTED:
        m = nus[2]
        shown = [f"*{fraction_text(j ^ m)}" for j in range(_LISTED)]
        return [*shown, f"... ({fraction_text(m)} in all: *(j xor {fraction_text(m)}) for j < m)"]
    return [str(x) for x in incentives(g)]


def _json_int(n: int) -> int | str:
    """``n``, or its digits as a string when Python cannot write it as a JSON number (beyond
    4,300 digits, see `cgt.core._digits`)."""
    return n if n.bit_length() <= 12_000 else fraction_text(n)


def format_summary(facts: dict[str, Any]) -> str:
    """The facts as aligned lines of text."""
    rows = [
        ("value", facts["value"]),
        ("outcome", f"{facts['outcome']} ({_OUTCOMES[facts['outcome']]})"),
        ("birthday", str(facts["birthday"])),
        ("stops", f"left {facts['left_stop']}, right {facts['right_stop']}"),
        ("mean", facts["mean"]),
        ("temperature", f"{facts['temperature']} ({facts['kind']})"),
        ("reduced", facts["reduced"]),
        ("incentives", ", ".join(facts["incentives"]) or "none"),
    ]
    if "atomic_weight" in facts:
        rows.append(("atomic weight", facts["atomic_weight"]))
    rows.append(("thermograph", facts["thermograph"]["text"]))
    return "\n".join(f"{name:<14} {text}" for name, text in rows)


def _command_value(args: argparse.Namespace) -> int:
    from cgt.partizan.notation import NotationError, parse
    from cgt.thermal.thermography import thermograph

    if args.loopy:
        from cgt.loopy import LoopyGame
        from cgt.loopy import parse as parse_loopy
        from cgt.loopy.summary import format_loopy_summary, summarize_loopy

        loopy = parse_loopy(args.expression)
        if isinstance(loopy, LoopyGame):
            loopy_facts = summarize_loopy(loopy)
            if args.json:
                print(json.dumps(loopy_facts, indent=2, ensure_ascii=False))
            else:
                print(format_loopy_summary(loopy_facts))
            return 0
    from cgt.cli.watch import watching

    with watching("cgt value"):
        try:
            g = parse(args.expression)
        except NotationError as error:
            if args.loopy or not _looks_loopy(args.expression):
                raise
            raise NotationError(
                f"{error.message} (loopy notation: run cgt value --loopy)",
                error.text,
                error.position,
            ) from None
        facts = summarize(g)
    if args.thermograph:
        thermograph(g).save(args.thermograph)
        facts["thermograph_file"] = args.thermograph
    if args.json:
        print(json.dumps(facts, indent=2, ensure_ascii=False))
    else:
        print(format_summary(facts))
        if args.thermograph:
            print(f"{'picture':<14} {args.thermograph}")
    return 0


_LOOPY_WORDS = re.compile(r"(?<![A-Za-z_])(?:on|off|over|under|upon|dud|tisn?|pass)(?![A-Za-z_])")


def _looks_loopy(text: str) -> bool:
    """Whether ``text`` uses a word of loopy notation or a label (``a{``).

    >>> _looks_loopy("on + 1"), _looks_loopy("a{0|a}"), _looks_loopy("{1|tiny(2)}")
    (True, True, False)
    """
    return bool(_LOOPY_WORDS.search(text) or re.search(r"[A-Za-z_]\s*\{", text))


def add_commands(subparsers: Any) -> None:
    """Add ``cgt value`` to the sub-commands of ``cgt``."""
    command = subparsers.add_parser(
        "value",
        help="canonical form, outcome, stops, mean, temperature... of a game in notation",
        description="Analyse a game written in standard notation, e.g. cgt value '{2|-1}'.",
    )
    command.add_argument("expression", metavar="EXPR", help="a game, e.g. '{2|-1}' or '^* + 1/2'")
    command.add_argument(
        "--thermograph", metavar="FILE", help="draw the thermograph to FILE.svg or FILE.png"
    )
    command.add_argument("--json", action="store_true", help="machine-readable output")
    command.add_argument(
        "--loopy",
        action="store_true",
        help="read loopy notation too (on, over, upon, pass, a{0|a}): outcome with draws, "
        "stopper, simplest form",
    )
    command.set_defaults(handler=_command_value)
