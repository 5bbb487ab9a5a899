"""Writing loopy games in CGSuite's notation.

A node is written ``{left options | right options}``.  An option back to the node itself is
``pass``; an option back to an enclosing node gives that node a label written before its
opening brace, as in ``a{0|{a|*}}`` (CGSuite, *Loopy Games* tutorial).  Parts of the graph that
reach no cycle are short games and are written as such (``1/2``, ``^*``); the standard loopy
values are written by name:

=========  ======================  ================================================
name       form                    what it is
=========  ======================  ================================================
``on``     ``{pass|}``             Left can always pass: larger than every short game
``off``    ``{|pass}``             its negative
``over``   ``{0|pass}``            positive, smaller than every positive number
``under``  ``{pass|0}``            its negative
``upon``   ``{pass|*}``            ``{upon | *}``, a loopy relative of up
``dud``    ``{pass|pass}``         either player may pass forever: ``on + off``
``tis``    ``a{{|a}|}``            ``{tisn |}``, and ``tisn = {| tis}``
``tisn``   ``a{|{a|}}``
``upon*``  ``{0,pass|0}``          ``upon + *``
=========  ======================  ================================================

A name may be followed by ups and a star when reading (``upon*``, ``on*``, ``dud^*``): the sum
of the value and that infinitesimal (``on*`` is ``on``, ``over*`` is ``over``: both absorb it).
Labels are letters: ``a`` to ``z`` (not ``v``, which is down), then ``aa``, ``ab``... (never a
name of the notation, nor letters followed by digits, which would read as a sum).

>>> from cgt.loopy._graphs import short_games
>>> left, right = [[0]], [[]]                     # {pass |}
>>> format_graph(left, right, short_games(left, right), named_nodes(left, right))
'on'
>>> left, right = [[2], [0], []], [[1], [2], []]  # a{0|{a|0}}
>>> format_graph(left, right, short_games(left, right), named_nodes(left, right))
'a{0|{a|0}}'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from cgt.loopy._graphs import classes
from cgt.partizan.game import Game

__all__ = ["NAMED", "format_graph", "named_nodes"]

NAMED: dict[str, tuple[list[list[int]], list[list[int]]]] = {
    "on": ([[0]], [[]]),
    "off": ([[]], [[0]]),
    "over": ([[1], []], [[0], []]),
    "under": ([[0], []], [[1], []]),
    "upon": ([[0], [2], []], [[1], [2], []]),
    "dud": ([[0]], [[0]]),
    "tis": ([[1], []], [[], [0]]),
    "tisn": ([[], [0]], [[1], []]),
    "upon*": ([[1, 0], []], [[1], []]),
}
"""The standard loopy values as graphs (node 0 is the value)."""

_LABELS = [c for c in "abcdefghijklmnopqrstuwxyz"]  # not v: it is down


def named_nodes(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[str | None]:
    """For each node, the name of the standard value its game tree is, or None."""
    n = len(left)
    union_left = [list(options) for options in left]
    union_right = [list(options) for options in right]
    roots: dict[int, str] = {}
    for name, (named_left, named_right) in NAMED.items():
        offset = len(union_left)
        roots[offset] = name
        union_left.extend([w + offset for w in options] for options in named_left)
        union_right.extend([w + offset for w in options] for options in named_right)
    colours = classes(union_left, union_right)
    by_colour = {colours[root]: name for root, name in roots.items()}
    return [by_colour.get(colours[v]) for v in range(n)]


def format_graph(
    left: Sequence[Sequence[int]],
    right: Sequence[Sequence[int]],
    short: Sequence[Game | None],
    names: Sequence[str | None],
    budget: int | None = None,
) -> str:
    """The notation of node 0, with ``short[v]`` and ``names[v]`` written as they are.

    A node met along two branches is written twice (a label is only known inside its braces),
    so the text can grow exponentially with the graph; past ``budget`` nodes written (default:
    two per node of the graph), the game is written ``<loopy game of N nodes>`` instead.
    """
    if budget is None:
        budget = 2 * len(left) + 100
    out: list[str] = []
    label_slot: dict[int, int] = {}  # open node -> index in out of its (empty) label
    open_nodes: list[int] = []
    labels = iter(_label_names())
    work: list[Any] = [("node", 0)]
    while work:
        item = work.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        kind, v = item
        if kind == "close":
            out.append("}")
            open_nodes.pop()
            del label_slot[v]
            continue
        if open_nodes and v == open_nodes[-1]:
            out.append("pass")
            continue
        if v in label_slot:
            slot = label_slot[v]
            if not out[slot]:
                out[slot] = next(labels)
            out.append(out[slot])
            continue
        name = names[v]
        game = short[v]
        if name is not None or game is not None:
            out.append(name if name is not None else str(game))
            continue
        budget -= 1
        if budget < 0:
            return f"<loopy game of {len(left)} nodes>"
        label_slot[v] = len(out)
        out.append("")
        out.append("{")
        open_nodes.append(v)
        pieces: list[Any] = []
        for i, w in enumerate(left[v]):
            pieces.extend([","] if i else [])
            pieces.append(("node", w))
        pieces.append("|")
        for i, w in enumerate(right[v]):
            pieces.extend([","] if i else [])
            pieces.append(("node", w))
        pieces.append(("close", v))
        work.extend(reversed(pieces))
    return "".join(out)


_NOT_LABELS = {*NAMED, "pass", "tiny", "miny"}
"""Names of the notation, never used as labels."""


def _label_names() -> Any:
    """``a`` .. ``z``, then ``aa``, ``ab``, ... (letters only: ``a1`` would read as ``a + 1``).

    >>> names = _label_names(); [next(names) for _ in range(27)][-3:]
    ['z', 'aa', 'ab']
    """
    length = 1
    while True:
        for letters in itertools.product(_LABELS, repeat=length):
            label = "".join(letters)
            if label not in _NOT_LABELS:
                yield label
        length += 1
