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
95% interval of it (``null`` with fewer than 2 games).  Games of one run are not independent:
the ranks of a game decide the next exchange (the daihinmin gives away his 2 best cards), so
a player's points in consecutive games are correlated (lag-1 autocorrelation 0.31-0.35 for
five ``default`` players over 3,000 games).  The plain Student-t interval is then too narrow:
it held the true mean (3, by symmetry) in 85% of 1,750 intervals of runs of 100 and 200 games
of five ``default`` players.  The interval here is a Student-t interval with the Newey-West
(Bartlett kernel) standard error over `newey_west_lags` games, which held it in 92% (runs of
100) and 93% (runs of 200); ``lags=0`` gives the plain interval.

>>> from games.daihinmin.rules.match import MatchResult
>>> r = MatchResult(["a", "b", "c", "d", "e"])
>>> r.per_game = [(5, 4, 3, 2, 1), (4, 5, 3, 1, 2), (5, 3, 4, 2, 1)]
>>> s = summarize(r)
>>> s["games"], s["players"][0]["points"], s["players"][0]["ranks"]
(3, 14, [2, 1, 0, 0, 0])
>>> s["players"][0]["mean"], s["players"][0]["ci95"]  # cut at 5: a mean cannot exceed it
(4.666667, [3.232449, 5.0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

import cgt
from games.daihinmin.rules.match import MatchResult

__all__ = [
    "Comparison",
    "StatsError",
    "compare",
    "compare_players",
    "format_notes",
    "format_standings",
    "mean_ci95",
    "newey_west_lags",
    "play_summary",
    "standard_error",
    "summarize",
]

#: decimals kept in the JSON figures
DIGITS = 6
#: runs shorter than this get the plain Student-t interval (`newey_west_lags`)
MIN_GAMES_FOR_LAGS = 20


class StatsError(cgt.CGTError, ValueError):
    """Statistics asked of data that cannot give them (no games, unknown player...)."""


def _t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``scipy.special``:
    the same values as ``scipy.stats.t.ppf``, without importing ``scipy.stats``, which takes
    a second)."""
    from scipy import special

    return float(special.stdtrit(df, p))


def _t_two_sided(statistic: float, df: int) -> float:
    """The two-sided p-value of a t statistic (``2 * scipy.stats.t.sf(|t|, df)``)."""
    from scipy import special

    return float(2 * special.stdtr(df, -abs(statistic)))


def newey_west_lags(n: int) -> int:
    """The number of lags of the Newey-West standard error for ``n`` games: the usual rule
    ``floor(4 * (n / 100) ** (2 / 9))`` (4 for 100 games, 6 for 1,000), and 0 below
    `MIN_GAMES_FOR_LAGS` games (too few to estimate a correlation: the plain interval).

    >>> [newey_west_lags(n) for n in (2, 19, 20, 100, 1000, 10000)]
    [0, 0, 2, 4, 6, 11]
    """
    return 0 if n < MIN_GAMES_FOR_LAGS else int(4 * (n / 100) ** (2 / 9))


def standard_error(values: Sequence[float], lags: int | None = None) -> float:
    """The standard error of the mean of ``values`` (at least 2), allowing for correlation
    between values up to ``lags`` apart (Newey-West, Bartlett weights ``1 - k / (lags + 1)``;
    ``None``: `newey_west_lags`); scaled by ``n / (n - 1)`` so that ``lags=0`` is the usual
    ``stdev / sqrt(n)``.

    >>> round(standard_error([1, 2, 3, 4, 5], lags=0), 6)  # stdev 1.581139 / sqrt(5)
    0.707107
    >>> alternating = [1, 5] * 10
    >>> round(standard_error(alternating, lags=0), 4), round(standard_error(alternating, lags=1), 4)
    (0.4588, 0.1026)
    """
    n = len(values)
    if n < 2:
        raise StatsError(f"a standard error needs at least 2 values, got {n}")
    if lags is None:
        lags = newey_west_lags(n)
    if lags < 0:
        raise StatsError(f"lags must be at least 0, got {lags}")
    mean = math.fsum(values) / n
    d = [v - mean for v in values]
    variance = math.fsum(x * x for x in d)
    for k in range(1, min(lags, n - 1) + 1):
        variance += 2 * (1 - k / (lags + 1)) * math.fsum(d[i] * d[i + k] for i in range(n - k))
    return math.sqrt(max(variance, 0.0) / (n - 1) / n)


def mean_ci95(
    values: Sequence[float], lags: int | None = None
) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its 95% confidence interval: Student-t quantile (``n - 1``
    degrees of freedom) times `standard_error` (``lags`` as there; ``None`` for fewer than 2
    values; a point interval when all values are equal).

    >>> mean, (lo, hi) = mean_ci95([1, 2, 3, 4, 5], lags=0)
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
    se = standard_error(values, lags)
    if se == 0:
        return mean, (mean, mean)
    half = _t_quantile(0.975, n - 1) * se
    return mean, (mean - half, mean + half)


def summarize(result: MatchResult, lags: int | None = None) -> dict[str, Any]:
    """Standings of a run as a JSON-ready dictionary (shape in the module docstring); built
    from ``result.per_game``, which is checked against the totals; ``lags`` as in
    `mean_ci95`."""
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
            mean, ci = mean_ci95(column, lags)
            entry["mean"] = round(mean, DIGITS)
            # points per game lie in 1..5, and so does their mean: the interval is cut there
            entry["ci95"] = (
                None
                if ci is None
                else [round(max(ci[0], 1.0), DIGITS), round(min(ci[1], 5.0), DIGITS)]
            )
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
            | ({"traceback": f.traceback} if f.traceback else {})
            for f in result.faults
        ]
    return summary


def play_summary(result: MatchResult, specs: Sequence[str], seed: object) -> dict[str, Any]:
    """What ``cgt daihinmin play --json`` prints of a run: `summarize`, each player's name as
    given (``spec``), the refused plays per player and the seed.  The web table writes the same
    record of the games played at it."""
    summary = summarize(result)
    for entry, spec in zip(summary["players"], specs, strict=True):
        entry["spec"] = spec
    summary["rejected"] = list(result.rejected)
    summary["seed"] = seed
    return summary


#: the tests `compare` runs
METHODS = ("newey-west", "t", "wilcoxon")


@attrs.frozen
class Comparison:
    """A paired test of two players' per-game points (a minus b)."""

    method: str
    games: int
    statistic: float
    pvalue: float
    mean_difference: float
    #: 95% interval of the mean difference (Newey-West for ``"newey-west"``, else plain
    #: Student t)
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


def compare(
    a: Sequence[int], b: Sequence[int], method: str = "newey-west", lags: int | None = None
) -> Comparison:
    """Paired test of per-game points ``a`` against ``b`` (the same games, in order).

    ``method``: ``"newey-west"`` (default) a t-test of the mean difference with the
    Newey-West standard error (`standard_error`, ``lags``), since consecutive games are
    correlated; ``"t"`` the plain paired t-test (``scipy.stats.ttest_rel``: games taken as
    independent); ``"wilcoxon"`` the signed-rank test (``scipy.stats.wilcoxon``, independent
    games too).  Identical columns give statistic 0 and p-value 1.

    >>> c = compare([5, 4, 5, 5, 3, 4], [1, 2, 1, 3, 2, 1], method="t")
    >>> round(c.mean_difference, 4), round(c.statistic, 3), round(c.pvalue, 5)
    (2.6667, 5.394, 0.00296)
    >>> [round(x, 4) for x in c.ci95]
    [1.3957, 3.9376]
    >>> same = compare([3, 3], [3, 3])
    >>> same.method, same.statistic, same.pvalue, same.mean_difference, same.ci95
    ('newey-west', 0.0, 1.0, 0.0, (0.0, 0.0))
    """
    if len(a) != len(b):
        raise StatsError(f"a paired test needs columns of one length, got {len(a)} and {len(b)}")
    if len(a) < 2:
        raise StatsError(f"a paired test needs at least 2 games, got {len(a)}")
    if method not in METHODS:
        raise StatsError(f"method is one of {', '.join(METHODS)}, not {method!r}")
    differences = [x - y for x, y in zip(a, b, strict=True)]
    n = len(differences)
    mean, ci = mean_ci95(differences, lags if method == "newey-west" else 0)
    if not any(differences):
        return Comparison(method, n, 0.0, 1.0, mean, ci)
    if method == "wilcoxon":
        from scipy import stats

        outcome = stats.wilcoxon(differences)
        test = (float(outcome.statistic), float(outcome.pvalue))
    else:
        se = standard_error(differences, lags if method == "newey-west" else 0)
        if se == 0:  # no spread
            test = (math.copysign(math.inf, mean), 0.0)
        elif method == "t":
            from scipy import stats

            outcome = stats.ttest_rel(a, b)
            test = (float(outcome.statistic), float(outcome.pvalue))
        else:
            statistic = mean / se
            test = (statistic, _t_two_sided(statistic, n - 1))
    return Comparison(method, n, test[0], test[1], mean, ci)


def compare_players(
    result: MatchResult, a: int, b: int, method: str = "newey-west", lags: int | None = None
) -> Comparison:
    """`compare` players ``a`` and ``b`` (numbers 0-4) of one run on its per-game points."""
    for p in (a, b):
        if not (isinstance(p, int) and 0 <= p < len(result.names)):
            raise StatsError(f"player {p!r} is not one of 0-{len(result.names) - 1}")
    column_a = [row[a] for row in result.per_game]
    column_b = [row[b] for row in result.per_game]
    return compare(column_a, column_b, method, lags)


def format_standings(summary: dict[str, Any]) -> str:
    """The standings of a `summarize` dictionary as a plain-text table.

    >>> from games.daihinmin.rules.match import MatchResult
    >>> r = MatchResult(["a", "b", "c", "d", "e"])
    >>> r.per_game = [(5, 4, 3, 2, 1), (4, 5, 3, 1, 2)]
    >>> print(format_standings(summarize(r)))
    2 games; points 5 4 3 2 1 for places 1st to 5th
    player  name  points  mean   95% CI          1st  2nd  3rd  4th  5th
    ------  ----  ------  -----  --------------  ---  ---  ---  ---  ---
    0       a          9  4.500  [1.000, 5.000]    1    1    0    0    0
    1       b          9  4.500  [1.000, 5.000]    1    1    0    0    0
    2       c          6  3.000  [3.000, 3.000]    0    0    2    0    0
    3       d          3  1.500  [1.000, 5.000]    0    0    0    1    1
    4       e          3  1.500  [1.000, 5.000]    0    0    0    1    1
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
    rejected = summary.get("rejected")
    if isinstance(rejected, list):
        lines.append("rejected plays: " + ", ".join(str(n) for n in rejected))
    elif rejected is not None:  # a client knows only its own
        lines.append(f"rejected plays of player {summary.get('player', '?')} (us): {rejected}")
    lines.extend(format_notes(summary))
    return "\n".join(lines)


def format_notes(summary: dict[str, Any]) -> list[str]:
    """The lines under a standings table: stalled games and the players' faults, alike faults
    on one line (at most 20 lines), each exception with its traceback once.

    >>> format_notes({"stalled": 2, "faults": [
    ...     {"game": 1, "player": 0, "phase": "play", "error": "boom"},
    ...     {"game": 3, "player": 0, "phase": "play", "error": "boom"}]})
    ['2 game(s) ended by the 20-pass rule', '2 fault(s):',
     '  games 1-3, player 0, play: boom (2 times)']
    """
    lines = []
    if summary.get("stalled"):
        lines.append(f"{summary['stalled']} game(s) ended by the 20-pass rule")
    faults = summary.get("faults") or []
    if not faults:
        return lines
    lines.append(f"{len(faults)} fault(s):")
    groups: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    for f in faults:
        groups.setdefault((f["player"], f["phase"], f["error"]), []).append(f)
    for shown, ((player, phase, error), alike) in enumerate(groups.items()):
        if shown == 20:
            lines.append(f"  ... and {len(groups) - 20} more kinds (--json lists every fault)")
            break
        first, last = alike[0]["game"], alike[-1]["game"]
        games = f"game {first}" if first == last else f"games {first}-{last}"
        times = f" ({len(alike)} times)" if len(alike) > 1 else ""
        lines.append(f"  {games}, player {player}, {phase}: {error}{times}")
        for f in alike:
            if f.get("traceback"):
                lines.extend("    " + line for line in f["traceback"].splitlines())
                break
    return lines
