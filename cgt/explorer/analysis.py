"""What the explorer shows of one position: `analyse`.

`analyse` returns, as JSON-ready data, everything ``cgt value`` says about the position's value
(`cgt.cli.summary.summarize`: canonical form, outcome, stops, mean, temperature...), the
thermograph as an SVG picture, a picture of the position when it draws itself (``_repr_svg_``,
the Jupyter convention), and each player's options with their values, marked when they are
**dominated** (another option of the same player is at least as good) or **reversible** (the
opponent has an answer that is at least as good for him as the position itself, so the option
can be replaced by that answer's options).  Both marks are judged on the options' values, as
when a game is brought to canonical form.

>>> from cgt.explorer.forms import Form
>>> node = analyse(Form("{0, * | 1}"))
>>> node["value"], node["mean"], node["temperature"]
('1/2', '1/2', '-1/2')
>>> [(o["text"], o["value"], o["dominated_by"]) for o in node["left"]]
[('0', '0', None), ('*', '*', None)]
>>> node["left"][1]["reversible_through"], node["left"][1]["replacement"]
('0', [])

(``*`` is reversed by Right's answer ``0 <= 1/2``, whose Left options, none, replace it: the
canonical form is ``{0 | 1} = 1/2``.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cgt.partizan.game import Game
from cgt.partizan.values import value
from cgt.positions.protocol import left_options_of, right_options_of

__all__ = ["PICTURED_OPTIONS", "analyse", "option_marks", "picture_of"]

PICTURED_OPTIONS = 64
"""Options get their own picture only when a player has at most this many."""


def picture_of(position: Any) -> str | None:
    """The position's SVG picture (its ``_repr_svg_()``), or None if it draws none."""
    draw = getattr(position, "_repr_svg_", None)
    if not callable(draw):
        return None
    picture = draw()
    return picture if isinstance(picture, str) else None


def option_marks(g: Game, values: Sequence[Game], left: bool) -> list[dict[str, Any]]:
    """For each option value of one player: the option that dominates it (index), and the
    opponent's answer through which it reverses (with the options replacing it).

    >>> import cgt
    >>> marks = option_marks(cgt.Game("{1, 0|-1}"), [cgt.Game(1), cgt.Game(0)], left=True)
    >>> [m["dominated_by"] for m in marks]
    [None, 0]
    """
    better = (lambda a, b: a <= b) if left else (lambda a, b: a >= b)
    marks = []
    for i, v in enumerate(values):
        dominated_by = None
        for j, w in enumerate(values):
            # strictly worse, or equal to an earlier option (the first of equals is kept)
            if j != i and better(v, w) and (j < i or not better(w, v)):
                dominated_by = j
                break
        answers = v.right_options if left else v.left_options
        through = None
        for answer in answers:
            if (answer <= g) if left else (answer >= g):
                through = answer
                break
        marks.append(
            {
                "dominated_by": dominated_by,
                "reversible_through": None if through is None else str(through),
                "replacement": None
                if through is None
                else [str(x) for x in (through.left_options if left else through.right_options)],
            }
        )
    return marks


def _side(
    options: Sequence[Any], g: Game, left: bool, report: Callable[[str], None]
) -> list[dict[str, Any]]:
    report("valuing Left's options" if left else "valuing Right's options")
    values = [value(o) for o in options]
    pictured = len(options) <= PICTURED_OPTIONS
    return [
        {
            "text": str(o),
            "value": str(v),
            "picture": picture_of(o) if pictured else None,
            **marks,
        }
        for o, v, marks in zip(options, values, option_marks(g, values, left), strict=True)
    ]


def analyse(position: Any, report: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The explorer's view of ``position`` (see the module); ``report(phase)`` is told what is
    being computed."""
    from cgt.cli.summary import summarize
    from cgt.thermal.thermography import thermograph

    tell = report if report is not None else (lambda phase: None)
    tell("valuing the position")
    g = value(position)
    tell("summarizing the value")
    facts = summarize(g)
    facts["text"] = str(position)
    facts["picture"] = picture_of(position)
    facts["thermograph_svg"] = thermograph(g).to_svg()
    facts["left"] = _side(left_options_of(position), g, True, tell)
    facts["right"] = _side(right_options_of(position), g, False, tell)
    return facts
