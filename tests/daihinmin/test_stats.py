"""Standings, confidence intervals and paired comparisons (`games.daihinmin.experiments.stats`)."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from games.daihinmin import Match, MatchResult, RandomPlayer
from games.daihinmin.experiments.stats import (
    MIN_GAMES_FOR_LAGS,
    StatsError,
    compare,
    compare_players,
    format_standings,
    mean_ci95,
    newey_west_lags,
    standard_error,
    summarize,
)
from games.daihinmin.rules.match import Fault

PLACES = st.permutations([5, 4, 3, 2, 1]).map(tuple)


def _result(per_game) -> MatchResult:
    r = MatchResult(["a", "b", "c", "d", "e"])
    for row in per_game:
        r.games += 1
        r.per_game.append(tuple(row))
        for p in range(5):
            r.points[p] += row[p]
            r.ranks[p][5 - row[p]] += 1
    return r


def test_summary_of_a_real_match_agrees_with_its_totals():
    result = Match([RandomPlayer() for _ in range(5)], seed=4).play(50)
    s = summarize(result)
    assert s["games"] == 50 and set(s) == {"games", "players"}
    assert [p["points"] for p in s["players"]] == result.points
    assert [p["ranks"] for p in s["players"]] == result.ranks
    assert [p["name"] for p in s["players"]] == ["random"] * 5
    for p, entry in enumerate(s["players"]):
        column = [g[p] for g in result.per_game]
        assert entry["mean"] == round(statistics.fmean(column), 6)
        lo, hi = entry["ci95"]
        assert lo < entry["mean"] < hi
    json.dumps(s)  # JSON-ready


def _newey_west_reference(values, lags):
    """Long-run variance from the autocovariances (those beyond n - 1 are 0), as in the
    textbook formula, with the small-sample factor n / (n - 1)."""
    n = len(values)
    m = sum(values) / n

    def gamma(k):
        return sum((values[i] - m) * (values[i + k] - m) for i in range(n - k)) / n if k < n else 0

    long_run = gamma(0) + 2 * sum((1 - k / (lags + 1)) * gamma(k) for k in range(1, lags + 1))
    return math.sqrt(long_run / (n - 1))


@given(st.lists(st.integers(1, 5), min_size=2, max_size=60), st.integers(0, 8))
def test_newey_west_standard_error(values, lags):
    assert standard_error(values, lags) == pytest.approx(
        _newey_west_reference(values, lags), abs=1e-12
    )
    assert standard_error(values, 0) == pytest.approx(
        statistics.stdev(values) / math.sqrt(len(values)), abs=1e-12
    )


def test_correlated_games_widen_the_interval():
    streaky = [5] * 10 + [1] * 10 + [4] * 10 + [2] * 10  # long streaks: positive correlation
    plain = standard_error(streaky, 0)
    assert standard_error(streaky) > 1.5 * plain  # 3 lags for 40 games
    assert newey_west_lags(40) == 3 and newey_west_lags(MIN_GAMES_FOR_LAGS - 1) == 0
    mean, (lo, hi) = mean_ci95(streaky)
    plain_lo, plain_hi = mean_ci95(streaky, lags=0)[1]
    assert mean == 3.0 and lo < plain_lo and hi - lo > 1.5 * (plain_hi - plain_lo)
    c = compare(streaky, list(reversed(streaky)))
    t = compare(streaky, list(reversed(streaky)), method="t")
    assert c.mean_difference == t.mean_difference == 0
    assert c.pvalue == t.pvalue == 1.0
    shifted = compare([v + (i % 2) for i, v in enumerate(streaky)], streaky)
    assert shifted.mean_difference == 0.5


def test_interval_is_student_t():
    values = [5, 1, 3, 3, 4, 2, 5, 1]
    mean, (lo, hi) = mean_ci95(values)
    sem = statistics.stdev(values) / math.sqrt(len(values))
    t = scipy_stats.t.ppf(0.975, len(values) - 1)
    assert mean == 3.0
    assert lo == pytest.approx(3.0 - t * sem, abs=1e-12) and hi == pytest.approx(3.0 + t * sem)
    assert t == pytest.approx(2.364624, abs=1e-6)  # the table value for 7 degrees of freedom


@given(st.lists(PLACES, min_size=2, max_size=40))
def test_summary_properties(per_game):
    s = summarize(_result(per_game))
    assert sum(p["points"] for p in s["players"]) == 15 * len(per_game)
    for k in range(5):  # every place is taken once per game
        assert sum(p["ranks"][k] for p in s["players"]) == len(per_game)
    for p in s["players"]:
        assert 1 <= p["mean"] <= 5
        assert p["ci95"][0] <= p["mean"] <= p["ci95"][1]
        assert sum(p["ranks"]) == len(per_game)


def test_small_and_empty_runs():
    one = summarize(_result([(5, 4, 3, 2, 1)]))
    assert one["players"][0] == {
        "name": "a",
        "points": 5,
        "mean": 5.0,
        "ci95": None,
        "ranks": [1, 0, 0, 0, 0],
    }
    empty = summarize(MatchResult(["a", "b", "c", "d", "e"]))
    assert empty["games"] == 0 and empty["players"][4]["mean"] is None
    assert "0 games" in format_standings(empty)
    with pytest.raises(StatsError, match="no values"):
        mean_ci95([])


def test_inconsistent_result_is_refused():
    r = _result([(5, 4, 3, 2, 1)])
    r.games = 3
    with pytest.raises(StatsError, match="3 games but 1 per-game"):
        summarize(r)


def test_faults_and_stalled_games_are_listed():
    r = _result([(5, 4, 3, 2, 1), (1, 2, 3, 4, 5)])
    r.faults.append(Fault(2, 3, "play", "RuntimeError: boom"))
    r.stalled = 1
    s = summarize(r)
    assert s["faults"] == [{"game": 2, "player": 3, "phase": "play", "error": "RuntimeError: boom"}]
    assert s["stalled"] == 1
    text = format_standings(s)
    assert "1 fault(s):\n  game 2, player 3, play: RuntimeError: boom" in text
    assert "1 game(s) ended by the 20-pass rule" in text


def test_paired_t_test_matches_scipy():
    a = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3]
    b = [1, 2, 3, 5, 2, 4, 1, 3, 2, 2]
    c = compare(a, b)
    expected = scipy_stats.ttest_rel(a, b)
    assert c.statistic == pytest.approx(expected.statistic) and c.pvalue == pytest.approx(
        expected.pvalue
    )
    assert c.mean_difference == pytest.approx(1.1)
    d = [x - y for x, y in zip(a, b, strict=True)]
    half = scipy_stats.t.ppf(0.975, 9) * statistics.stdev(d) / math.sqrt(10)
    assert c.ci95 == pytest.approx((1.1 - half, 1.1 + half))
    w = compare(a, b, method="wilcoxon")
    assert w.pvalue == pytest.approx(scipy_stats.wilcoxon(d).pvalue)
    assert w.to_json()["method"] == "wilcoxon"


def test_degenerate_comparisons():
    same = compare([3, 4, 5], [3, 4, 5])
    assert (same.statistic, same.pvalue, same.mean_difference) == (0.0, 1.0, 0.0)
    constant = compare([5, 5, 5], [4, 4, 4])
    assert constant.statistic == math.inf and constant.pvalue == 0.0
    assert constant.mean_difference == 1.0 and constant.ci95 == (1.0, 1.0)
    with pytest.raises(StatsError, match="one length"):
        compare([1, 2], [1])
    with pytest.raises(StatsError, match="at least 2 games"):
        compare([1], [1])
    with pytest.raises(StatsError, match="one of newey-west, t, wilcoxon, not 'z'"):
        compare([1, 2], [2, 1], method="z")


def test_compare_players_of_a_run():
    r = _result([(5, 1, 3, 4, 2), (4, 1, 5, 3, 2), (5, 2, 4, 3, 1)])
    c = compare_players(r, 0, 1)
    assert c.games == 3 and c.mean_difference == pytest.approx((4 + 3 + 3) / 3)
    assert c.pvalue < 0.05
    with pytest.raises(StatsError, match="player 5"):
        compare_players(r, 0, 5)


def test_standings_table_lines_up():
    s = summarize(_result([(5, 4, 3, 2, 1), (4, 5, 3, 1, 2), (5, 3, 4, 2, 1)]))
    s["rejected"] = [0, 2, 0, 0, 0]
    lines = format_standings(s).splitlines()
    assert lines[0] == "3 games; points 5 4 3 2 1 for places 1st to 5th"
    assert lines[1].split() == [
        "player",
        "name",
        "points",
        "mean",
        "95%",
        "CI",
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
    ]
    assert lines[3].split() == [
        "0",
        "a",
        "14",
        "4.667",
        "[3.232,",
        "5.000]",
        "2",
        "1",
        "0",
        "0",
        "0",
    ]
    assert len({len(line) for line in lines[1:8]}) == 1  # a rectangular table
    assert lines[-1] == "rejected plays: 0, 2, 0, 0, 0"


@pytest.mark.parametrize("df", [1, 2, 5, 19, 99, 999])
def test_student_t_from_scipy_special_equals_scipy_stats(df):
    from games.daihinmin.experiments.stats import _t_quantile, _t_two_sided

    assert _t_quantile(0.975, df) == pytest.approx(scipy_stats.t.ppf(0.975, df), rel=1e-12)
    for t in (0.0, 0.7, 2.5, -4.0):
        assert _t_two_sided(t, df) == pytest.approx(2 * scipy_stats.t.sf(abs(t), df), rel=1e-10)


def test_newey_west_paired_test_by_hand():
    a = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3] * 3
    b = [1, 2, 3, 5, 2, 4, 1, 3, 2, 2] * 3
    c = compare(a, b)  # 30 games: 3 lags
    d = [x - y for x, y in zip(a, b, strict=True)]
    se = standard_error(d, newey_west_lags(30))
    assert newey_west_lags(30) == 3
    assert c.statistic == pytest.approx(1.1 / se)
    assert c.pvalue == pytest.approx(2 * scipy_stats.t.sf(1.1 / se, 29))
    half = scipy_stats.t.ppf(0.975, 29) * se
    assert c.ci95 == pytest.approx((1.1 - half, 1.1 + half))
