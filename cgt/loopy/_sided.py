"""A game with two given sides: a graph for ``s & t``, stoppers ``s >= t``.

The game built for ``s & t`` has, besides ``dud = on & off``,

* a Left option ``s^L & off`` for each Left option of ``s``: it is ``s^L`` on the onside, and on
  the offside ``off`` is a Left option that never matters;
* a Left option ``t^L`` (a stopper) for each Left option of ``t``: on the onside it does not
  matter either, since ``t^L`` is not ``>= t`` and so not ``>= s``;
* a Right option ``on & t^R`` for each Right option of ``t``, and ``s^R`` for each of ``s``, the
  same way round;

where ``x & off`` has Left options ``x^L & off`` and Right options ``dud`` and ``x^R``, and
``on & y`` has Left options ``dud`` and ``y^L`` and Right options ``on & y^R``.  So the game has
at most ``2 (|s| + |t|) + 2`` positions (``|s|``: the positions of ``s``).  Taken side by side,
the options are those of ``s`` and of ``t`` plus options that do not matter, which is why its
sides should be ``s`` and ``t``; the caller checks them by sidling.

>>> from cgt import parse
>>> sided_graph(parse("1"), parse("0"))            # {{| dud} |}: its sides are 1 and 0
([[1], [], [2]], [[], [2], [2]])
"""

from __future__ import annotations

from typing import Any

from cgt.loopy._retrograde import explore

__all__ = ["sided_graph"]

Edges = list[list[int]]


def sided_graph(onside: Any, offside: Any) -> tuple[Edges, Edges]:
    """A game graph (node 0 is the game) for ``onside & offside``: stoppers, each a `cgt.Game`
    or a `LoopyGame`."""
    from cgt.loopy.game import loopy_graph

    s_left, s_right = loopy_graph(onside)
    t_left, t_right = loopy_graph(offside)
    dud = ("dud", 0)

    def expand(key: tuple[str, int]) -> tuple[list[Any], list[Any]]:
        kind, v = key
        if kind == "top":  # s & t
            lefts = [("s&off", w) for w in s_left[0]] + [("t", w) for w in t_left[0]]
            rights = [("on&t", w) for w in t_right[0]] + [("s", w) for w in s_right[0]]
        elif kind == "s&off":
            lefts = [("s&off", w) for w in s_left[v]]
            rights = [dud, *(("s", w) for w in s_right[v])]
        elif kind == "on&t":
            lefts = [dud, *(("t", w) for w in t_left[v])]
            rights = [("on&t", w) for w in t_right[v]]
        elif kind == "s":
            lefts, rights = [("s", w) for w in s_left[v]], [("s", w) for w in s_right[v]]
        elif kind == "t":
            lefts, rights = [("t", w) for w in t_left[v]], [("t", w) for w in t_right[v]]
        else:  # dud = {pass | pass}
            lefts, rights = [dud], [dud]
        return lefts, rights

    _, left, right = explore(("top", 0), expand)
    return left, right
