"""Everything about one loopy game at a glance (for ``cgt value --loopy``).

>>> import cgt
>>> print(format_loopy_summary(summarize_loopy(cgt.parse("upon"))))
value          upon
outcome        L (Left moving first: L, Right moving first: L)
stopper        yes (in simplest form)
sides          upon & upon
positions      3
left options   upon
right options  *
"""

from __future__ import annotations

from typing import Any

from cgt.loopy.errors import NotStopperSidedError
from cgt.loopy.game import SIMPLIFY_LIMIT, LoopyGame

__all__ = ["format_loopy_summary", "summarize_loopy"]


def summarize_loopy(g: LoopyGame) -> dict[str, Any]:
    """The facts of a loopy game as a dictionary of strings, booleans and ints (JSON-ready)."""
    outcome = g.outcome
    stopper = g.is_stopper
    nodes = len(g.graph[0])
    try:
        onside, offside = g.sides
        sides: str | None = f"{onside} & {offside}"
    except NotStopperSidedError:
        sides = None
    return {
        "value": str(g),
        "outcome": outcome.value,
        "left_moving_first": outcome.moving_first("L"),
        "right_moving_first": outcome.moving_first("R"),
        "stopper": stopper,
        "simplest_form": stopper and nodes <= SIMPLIFY_LIMIT,
        "sides": sides,
        "positions": nodes,
        "left_options": [str(option) for option in g.left_options],
        "right_options": [str(option) for option in g.right_options],
    }


def format_loopy_summary(facts: dict[str, Any]) -> str:
    """The facts as aligned text, one per line."""
    if facts["stopper"]:
        stopper = "yes (in simplest form)" if facts["simplest_form"] else "yes"
    else:
        stopper = "no (an infinite alternating play exists: it is known by its sides)"
    rows = [
        ("value", facts["value"]),
        (
            "outcome",
            f"{facts['outcome']} (Left moving first: {facts['left_moving_first']}, "
            f"Right moving first: {facts['right_moving_first']})",
        ),
        ("stopper", stopper),
        ("sides", facts["sides"] or "not stopper-sided (sidling found no stopper sides)"),
        ("positions", str(facts["positions"])),
        ("left options", ", ".join(facts["left_options"]) or "none"),
        ("right options", ", ".join(facts["right_options"]) or "none"),
    ]
    return "\n".join(f"{name:<14} {text}" for name, text in rows)
