"""kou2 (seed 002): decision time and games per second.

Run: ``python benchmarks/bench_kou2.py [games]``.  The decisions of kou2 in games against four
random players and against four ``default`` players are recorded, then each is timed again
alone, ``REPEAT`` times with kou2's meld-split cache emptied before each run ("cold": no help
from the earlier decisions); a decision's time is the minimum of its runs (the machine is shared
and noisy; the minimum is its cost without interference).  Reported: median, 90th and 99th
percentile and maximum in microseconds, for leads and follows; then whole games per second
(kou2 + four default players, one process) as a match runs them, cache included.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import table

from games.daihinmin.players import make_player
from games.daihinmin.players._kou2_melds import generate
from games.daihinmin.players.kou2 import Kou2Player
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.observation import Observation

REPEAT = 5


class _Recorder(Kou2Player):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Observation] = []

    def play(self, obs: Observation):  # type: ignore[no-untyped-def]
        self.seen.append(obs)
        return super().play(obs)


def _percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


def decision_times(opponent: str, games: int) -> list[tuple[str, str, float, float, float, float]]:
    recorder = _Recorder()
    Match([recorder, *(make_player(opponent, seed=i) for i in range(4))], seed=1).play(games)
    player = Kou2Player()
    times: dict[str, list[float]] = {"lead": [], "follow": []}
    gc.disable()
    try:
        for obs in recorder.seen:
            best = float("inf")
            for _ in range(REPEAT):
                generate.cache_clear()
                start = time.perf_counter_ns()
                player.play(obs)
                best = min(best, (time.perf_counter_ns() - start) / 1000)
            times["lead" if obs.field is None else "follow"].append(best)
    finally:
        gc.enable()
    rows = []
    for kind, values in [*times.items(), ("all", times["lead"] + times["follow"])]:
        values.sort()
        rows.append(
            (
                opponent,
                f"{kind} ({len(values)})",
                _percentile(values, 0.5),
                _percentile(values, 0.9),
                _percentile(values, 0.99),
                values[-1],
            )
        )
    return rows


def games_per_second(games: int) -> float:
    players = [Kou2Player(), *(make_player("default", seed=i) for i in range(4))]
    start = time.perf_counter()
    Match(players, seed=2).play(games)
    return games / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rows = []
    for opponent in ("random", "default"):
        rows += decision_times(opponent, games)
    print(f"kou2 decision time, cold cache, min of {REPEAT} runs per decision ({games} games)")
    print(
        table(
            ["opponents", "decisions", "median us", "p90 us", "p99 us", "max us"],
            [(o, k, f"{a:.0f}", f"{b:.0f}", f"{c:.0f}", f"{d:.0f}") for o, k, a, b, c, d in rows],
        )
    )
    rates = sorted(games_per_second(games) for _ in range(3))
    print(f"\nkou2 + 4 default, one process: {rates[1]:.0f} games/s (median of 3 runs)")


if __name__ == "__main__":
    main()
