"""Conformance of our UECda server and client with the C ones, on big runs (by hand, not CI).

    python benchmarks/daihinmin_conformance.py                # all sections, default sizes
    python benchmarks/daihinmin_conformance.py --games 1000 --jn17-games 1000 --only c

Sections:

* ``speed``: games per second of 5 C default clients on the C server and on ours (the time from
  the 5th connection to the end; medians of ``--repeat`` runs);
* ``a``: our client on the C server beside 4 C default clients, with `DefaultPlayer` (the
  Python port of the devkit client) and `RandomPlayer`: points per game, the client's view
  checked against the server's ranks, submissions refused;
* ``c``: the same C line-ups (5 default clients; jn17 + 4 default clients) on the C server and
  on ours: `uecda_kit.compare_runs` (Welch t-test on batch means per player, chi-square on the
  rank transitions; Bonferroni) and, for our server, faults and refused submissions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.daihinmin.network.client import ClientResult, run_client
from games.daihinmin.network.kit import (
    TournamentResult,
    UecdaKit,
    build_kit,
    compare_runs,
    run_on_our_server,
    run_tournament,
)
from games.daihinmin.players.base import Player, RandomPlayer

ALPHA = 0.001


def _speed(kit: UecdaKit, games: int, repeat: int) -> None:
    c = [games / run_tournament(games, kit=kit).elapsed for _ in range(repeat)]
    ours = [games / run_on_our_server(games, kit=kit, seed=k).elapsed for k in range(repeat)]
    print(f"speed, 5 C default clients, {games} games x {repeat} runs (games/s, median [min-max]):")
    for label, rates in (("C server tndhms", c), ("our server", ours)):
        print(f"  {label:16} {statistics.median(rates):6.1f}  [{min(rates):.1f}-{max(rates):.1f}]")


def _client(player: Player, name: str) -> object:
    def play(port: int) -> ClientResult:
        return run_client("127.0.0.1", port, player, name=name, timeout=300)

    return play


def _section_a(kit: UecdaKit, games: int) -> None:
    from games.daihinmin.players.default import DefaultPlayer

    for player, name in ((DefaultPlayer(), "pydefault"), (RandomPlayer(1), "random")):
        start = time.perf_counter()
        run = run_tournament(games, [_client(player, name)], kit=kit, timeout=24 * 3600)
        mine = run.returns[0]
        assert isinstance(mine, ClientResult)
        seen = [tuple(5 - r for r in ranks) for ranks in run.ranks] == mine.per_game
        ours = run.game_points(0)
        others = [p for k in range(1, 5) for p in run.game_points(k)]
        print(
            f"(a) {name:9} on the C server, {games} games ({time.perf_counter() - start:.0f} s):"
            f" {sum(ours) / games:.3f} points/game vs C defaults {sum(others) / len(others):.3f};"
            f" refused {mine.own_rejected}; stalled {mine.stalled}; client view = server: {seen}"
        )


def _report_ours(run: TournamentResult) -> str:
    match = run.match
    return (
        f"our server: faults {len(match.faults)}, refused {match.rejected}, stalled {match.stalled}"
    )


def _section_c(kit: UecdaKit, games: int, jn17_games: int, batch: int) -> None:
    for label, clients, n in (
        ("5 C default clients", [], games),
        ("jn17 + 4 C default clients", [str(kit.jn17)], jn17_games),
    ):
        if n <= 0:
            continue
        start = time.perf_counter()
        c_run = run_tournament(n, clients, kit=kit, timeout=24 * 3600)
        our_run = run_on_our_server(n, clients, kit=kit, seed=n, timeout=24 * 3600)
        comparison = compare_runs(c_run, our_run, batch=batch)
        worst, p = comparison.worst()
        print(
            f"(c) {label}, {n} games on each server ({time.perf_counter() - start:.0f} s);"
            f" a = C server, b = ours; {_report_ours(our_run)}"
        )
        print("\n".join("    " + line for line in comparison.lines))
        verdict = "agree" if comparison.passed(ALPHA) else "DIFFER"
        print(
            f"    smallest p = {p:.4f} ({worst}); {len(comparison.tests)} tests,"
            f" Bonferroni alpha {ALPHA}/{len(comparison.tests)}: {verdict}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run (a, c, speed)")
    parser.add_argument("--jn17-games", type=int, default=1000, help="games per jn17 run (c)")
    parser.add_argument("--speed-games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="speed runs per server")
    parser.add_argument("--batch", type=int, default=20, help="games per batch (Welch test)")
    parser.add_argument("--only", choices=["speed", "a", "c"], help="one section only")
    args = parser.parse_args()
    kit = build_kit()
    if args.only in (None, "speed"):
        _speed(kit, args.speed_games, args.repeat)
    if args.only in (None, "a"):
        _section_a(kit, args.games)
    if args.only in (None, "c"):
        _section_c(kit, args.games, args.jn17_games, args.batch)


if __name__ == "__main__":
    main()
