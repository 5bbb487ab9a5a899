"""Experiments with Daihinmin players: tournaments (in-process players and C clients, in chunks
on all cores or a Dask cluster), standings with confidence intervals over rank periods and
paired comparisons, cumulative-points plots, and kou2's reasoning on one position.

The top layer below the command line: it uses the rules, the players and the network.

>>> from games.daihinmin.experiments import summarize, run_tournament
>>> result = run_tournament(["random"] * 5, games=10, seed=3, jobs=1)
>>> result.summary()["games"]
10
"""

from games.daihinmin.experiments.evaluate import PositionError, evaluate, format_evaluation
from games.daihinmin.experiments.plot import PlotError, write_plot
from games.daihinmin.experiments.stats import (
    Comparison,
    StatsError,
    compare,
    compare_players,
    format_standings,
    summarize,
)
from games.daihinmin.experiments.tournament import (
    TournamentError,
    TournamentResult,
    format_tournament,
    run_tournament,
)

__all__ = [
    "Comparison",
    "PlotError",
    "PositionError",
    "StatsError",
    "TournamentError",
    "TournamentResult",
    "compare",
    "compare_players",
    "evaluate",
    "format_evaluation",
    "format_standings",
    "format_tournament",
    "run_tournament",
    "summarize",
    "write_plot",
]
