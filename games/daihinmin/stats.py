"""Statistics of a run of Daihinmin games: standings with confidence intervals, paired
comparisons of two players, and a plain-text table.

`summarize` gives the one JSON shape that ``cgt daihinmin play``, ``server`` and ``client``
print::

    {"games": N,
     "players": [{"name": ..., "points": ..., "mean": ..., "ci95": [lo, hi],
                  "ranks": [n1st, n2nd, n3rd, n4th, n5th]}, ...],
     "stalled": ...,   # only if some game ended by the 20-pass rule
     "faults": [...]}  # only if a player raised, timed out or returned junk

``mean`` is the mean points per game (5 for a first place ... 1 for a last) and ``ci95`` a
Student-t 95% interval of it from the per-game points (``null`` with fewer than 2 games).
Games of one run are not quite independent (the ranks of a game decide the next exchange),
so read the interval as a guide, not a guarantee.

>>> from games.daihinmin.match import MatchResult
>>> r = MatchResult(["a", "b", "c", "d", "e"])
>>> r.per_game = [(5, 4, 3, 2, 1), (4, 5, 3, 1, 2), (5, 3, 4, 2, 1)]
>>> s = summarize(r)
>>> s["games"], s["players"][0]["points"], s["players"][0]["ranks"]
(3, 14, [2, 1, 0, 0, 0])
>>> s["players"][0]["mean"], s["players"][0]["ci95"]
(4.666667, [3.232449, 6.100884])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

import cgt
from games.daihinmin.match import MatchResult

__all__ = [
    "Comparison",
    "StatsError",
    "compare",
    "compare_players",
    "format_standings",
    "mean_ci95",
    "summarize",
]

#: decimals kept in the JSON figures
DIGITS = 6


class StatsError(cgt.CGTError, ValueError):
    """Statistics asked of data that cannot give them (no games, unknown player...)."""


def mean_ci95(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its Student-t 95% confidence interval (``None`` for fewer
    than 2 values; a point interval when all values are equal).

    >>> mean, (lo, hi) = mean_ci95([1, 2, 3, 4, 5])
    >>> mean, round(lo, 6), round(hi, 6)
    (3.0, 1.036757, 4.963243)
    >>> mean_ci95([3, 3]), mean_ci95([4])
    ((3.0, (3.0, 3.0)), (4.0, None))
    """
    n = len(values)
    if n == 0:
        raise StatsError("the mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    if variance == 0:
        return mean, (mean, mean)
    from scipy import stats

    half = float(stats.t.ppf(0.975, n - 1)) * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


def summarize(result: MatchResult) -> dict[str, Any]:
    """Standings of a run as a JSON-ready dictionary (shape in the module docstring); built
    from ``result.per_game``, which is checked against the totals."""
    games = len(result.per_game)
    if games != result.games and result.games:
        raise StatsError(f"the result holds {result.games} games but {games} per-game scores")
    players = []
    for p, name in enumerate(result.names):
        column = [row[p] for row in result.per_game]
        ranks = [0] * 5
        for points in column:
            ranks[5 - points] += 1
        entry: dict[str, Any] = {"name": name, "points": sum(column)}
        if games:
            mean, ci = mean_ci95(column)
            entry["mean"] = round(mean, DIGITS)
            entry["ci95"] = None if ci is None else [round(ci[0], DIGITS), round(ci[1], DIGITS)]
        else:
            entry["mean"] = None
            entry["ci95"] = None
        entry["ranks"] = ranks
        players.append(entry)
    summary: dict[str, Any] = {"games": games, "players": players}
    if result.stalled:
        summary["stalled"] = result.stalled
    if result.faults:
        summary["faults"] = [
            {"game": f.game, "player": f.player, "phase": f.phase, "error": f.error}
            for f in result.faults
        ]
    return summary


@attrs.frozen
class Comparison:
    """A paired test of two players' per-game points (a minus b)."""

    method: str
    games: int
    statistic: float
    pvalue: float
    mean_difference: float
    #: Student-t 95% interval of the mean difference (``None`` for fewer than 2 games)
    ci95: tuple[float, float] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "games": self.games,
            "statistic": round(self.statistic, DIGITS),
            "pvalue": round(self.pvalue, DIGITS),
            "mean_difference": round(self.mean_difference, DIGITS),
            "ci95": None if self.ci95 is None else [round(x, DIGITS) for x in self.ci95],
        }


def compare(a: Sequence[int], b: Sequence[int], method: str = "t") -> Comparison:
    """Paired test of per-game points ``a`` against ``b`` (the same games): ``method="t"``
    (``scipy.stats.ttest_rel``) or ``"wilcoxon"`` (signed ranks; ties and zero differences
    handled by scipy's defaults).  Identical columns give statistic 0 and p-value 1.

    >>> c = compare([5, 4, 5, 5, 3, 4], [1, 2, 1, 3, 2, 1])
    >>> round(c.mean_difference, 4), round(c.statistic, 3), round(c.pvalue, 5)
    (2.6667, 5.394, 0.00296)
    >>> [round(x, 4) for x in c.ci95]
    [1.3957, 3.9376]
    >>> compare([3, 3], [3, 3])
    Comparison(method='t', games=2, statistic=0.0, pvalue=1.0, mean_difference=0.0, ci95=(0.0, 0.0))
    """
    if len(a) != len(b):
        raise StatsError(f"a paired test needs columns of one length, got {len(a)} and {len(b)}")
    if len(a) < 2:
        raise StatsError(f"a paired test needs at least 2 games, got {len(a)}")
    if method not in ("t", "wilcoxon"):
        raise StatsError(f"method is 't' or 'wilcoxon', not {method!r}")
    differences = [x - y for x, y in zip(a, b, strict=True)]
    mean, ci = mean_ci95(differences)
    if not any(differences):
        return Comparison(method, len(a), 0.0, 1.0, mean, ci)
    from scipy import stats

    if method == "t":
        if len(set(differences)) == 1:  # no spread: scipy gives inf/nan
            test = (math.copysign(math.inf, mean), 0.0)
        else:
            outcome = stats.ttest_rel(a, b)
            test = (float(outcome.statistic), float(outcome.pvalue))
    else:
        outcome = stats.wilcoxon(differences)
        test = (float(outcome.statistic), float(outcome.pvalue))
    return Comparison(method, len(a), test[0], test[1], mean, ci)


def compare_players(result: MatchResult, a: int, b: int, method: str = "t") -> Comparison:
    """`compare` players ``a`` and ``b`` (numbers 0-4) of one run on its per-game points."""
    for p in (a, b):
        if not (isinstance(p, int) and 0 <= p < len(result.names)):
            raise StatsError(f"player {p!r} is not one of 0-{len(result.names) - 1}")
    return compare([row[a] for row in result.per_game], [row[b] for row in result.per_game], method)


def format_standings(summary: dict[str, Any]) -> str:
    """The standings of a `summarize` dictionary as a plain-text table.

    >>> from games.daihinmin.match import MatchResult
    >>> r = MatchResult(["a", "b", "c", "d", "e"])
    >>> r.per_game = [(5, 4, 3, 2, 1), (4, 5, 3, 1, 2)]
    >>> print(format_standings(summarize(r)))
    2 games; points 5 4 3 2 1 for places 1st to 5th
    player  name  points  mean   95% CI            1st  2nd  3rd  4th  5th
    ------  ----  ------  -----  ----------------  ---  ---  ---  ---  ---
    0       a          9  4.500  [-1.853, 10.853]    1    1    0    0    0
    1       b          9  4.500  [-1.853, 10.853]    1    1    0    0    0
    2       c          6  3.000  [3.000, 3.000]      0    0    2    0    0
    3       d          3  1.500  [-4.853, 7.853]     0    0    0    1    1
    4       e          3  1.500  [-4.853, 7.853]     0    0    0    1    1
    """
    header = ["player", "name", "points", "mean", "95% CI", "1st", "2nd", "3rd", "4th", "5th"]
    right = {2, 3, 5, 6, 7, 8, 9}
    rows = []
    for p, entry in enumerate(summary["players"]):
        mean = "-" if entry["mean"] is None else f"{entry['mean']:.3f}"
        ci = entry["ci95"]
        interval = "-" if ci is None else f"[{ci[0]:.3f}, {ci[1]:.3f}]"
        rows.append(
            [str(p), str(entry["name"]), str(entry["points"]), mean, interval]
            + [str(n) for n in entry["ranks"]]
        )
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        parts = [
            c.rjust(w) if i in right and cells is not header else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = [f"{summary['games']} games; points 5 4 3 2 1 for places 1st to 5th"]
    lines.append(line(header))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(line(row) for row in rows)
    for key in ("rejected",):
        if key in summary:
            lines.append(f"{key} plays: " + ", ".join(str(n) for n in summary[key]))
    if summary.get("stalled"):
        lines.append(f"{summary['stalled']} game(s) ended by the 20-pass rule")
    faults = summary.get("faults") or []
    if faults:
        lines.append(f"{len(faults)} fault(s):")
        for f in faults[:20]:
            lines.append(f"  game {f['game']}, player {f['player']}, {f['phase']}: {f['error']}")
        if len(faults) > 20:
            lines.append(f"  ... and {len(faults) - 20} more (--json lists them all)")
    return "\n".join(lines)
