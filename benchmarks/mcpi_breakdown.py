"""Where does mcpi lose points to jn17?  Two players of the same recorded games, side by side:
their points by role (the rank they start the game with: daifugo ... daihinmin), and their
decisions by phase, from the ``games.jsonl`` records our server writes
(`~games.daihinmin.experiments.tournament.run_tournament` with ``log_dir``; jn17 joins as the
kit's C program, so its own decisions are recorded).  Run::

    python benchmarks/mcpi_breakdown.py --play 300 --seed dev25c-a --log DIR  # play, report
    python benchmarks/mcpi_breakdown.py --log DIR                  # report a record
    python benchmarks/mcpi_breakdown.py --profile 30               # play-outs per decision

The lineup is ``--players`` (default: mcpi, jn17 and three default clients); ``--compare A,B``
names the two seats compared (default 0,1).  Per role: games and mean points of each; the role's
share of the difference (``(mean_A - mean_B)`` weighed by how often each plays the role is not
a decomposition, so the table also gives how often each *reaches* the role: a player that
wins more games is daifugo more often).  Per phase (a decision with more than one legal move):
leading, following (and following on a strong field: a rank of J or more in the order of the
moment, or a lone joker), late (at most 5 cards of its own), end (at most 3 players left): how
often it passes, plays a sequence, a group, the joker, a revolution, and how often its move is
the learned policy's most likely move (`_mcpi_policy`, fitted to jn17's decisions).

``--against DIR2`` compares seat A of two records of the same games (the same ``--seed`` and
lineup but another player in seat A: the deals and seats are the same, game for game): the
mean of the per-game differences of its points with a Newey-West 95% interval
(`~games.daihinmin.experiments.stats.mean_ci95`: the games of a run are correlated), and the
same per role.

``--profile G`` plays G seeded games of mcpi and four default clients in this process and counts,
for each decision of mcpi, how it was decided (forced, exact endgame, search), and for the
searched ones the play-outs, candidates and CPU time, by the number of cards in the hands.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from games.daihinmin.players._mcpi_policy import load_policy
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.observation import Observation

ROLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin", "first game")
LINEUP = "mcpi,jn17,default,default,default"


def _phase(obs: Observation) -> str:
    if sum(1 for c in obs.counts if c) <= 3:
        return "end (<= 3 players left)"
    if obs.hand.bit_count() <= 5:
        return "late (<= 5 own cards)"
    return "lead" if obs.field is None else "follow"


def _strong(field: Meld, revolution: bool) -> bool:
    if field.kind == Kind.JOKER:
        return True
    return field.rank <= 7 if revolution else field.rank >= 11


def breakdown(log_dir: str, seats: tuple[int, int]) -> dict[str, Any]:
    """The tables of the module documentation for the two ``seats`` of every game under
    ``log_dir``."""
    policy = load_policy()
    points: dict[int, dict[str, list[int]]] = {p: collections.defaultdict(list) for p in seats}
    counts: dict[int, collections.Counter[str]] = {p: collections.Counter() for p in seats}
    games = 0
    for path in sorted(glob.glob(str(Path(log_dir) / "**" / "games.jsonl"), recursive=True)):
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            games += 1
            ranking, ranks = game["ranking"], game["ranks"]
            for p in seats:
                role = ROLES[ranks[p]] if ranks else ROLES[5]
                points[p][role].append(5 - ranking.index(p))
                points[p]["all"].append(5 - ranking.index(p))
            hands = [int(h, 16) for h in game["hands"]]
            state = GameState(hands, tuple(game["seats"]))
            for entry in game["moves"]:
                p = state.turn
                action = PASS if "refused" in entry else Meld.parse(entry["meld"])
                if p in seats:
                    obs = Observation.of(state, p, ranks=tuple(ranks) if ranks else None)
                    moves = obs.legal_moves()
                    if len(moves) > 1:
                        _count(counts[p], obs, moves, action, state, policy)
                state.submit(action)
    return {"games": games, "points": points, "counts": counts}


def _count(
    c: collections.Counter[str],
    obs: Observation,
    moves: list[Meld],
    action: Meld,
    state: GameState,
    policy: Any,
) -> None:
    phases = [_phase(obs)]
    if obs.field is not None and _strong(obs.field, obs.revolution):
        phases.append("follow on a strong field")
    if obs.field is not None:
        phases.append("follow (all)")
    scores = policy.scores(obs, moves)
    likely = moves[max(range(len(moves)), key=scores.__getitem__)]
    after = state.copy()
    after.submit(action)
    for phase in phases:
        c[phase] += 1
        c[phase + ": pass"] += action == PASS
        c[phase + ": sequence"] += action != PASS and action.kind == Kind.SEQUENCE
        c[phase + ": group"] += action != PASS and action.kind == Kind.GROUP
        c[phase + ": joker"] += action != PASS and (action.joker >= 0 or action.kind == Kind.JOKER)
        c[phase + ": revolution"] += after.revolution != state.revolution
        c[phase + ": = policy"] += action == likely


def report(result: dict[str, Any], seats: tuple[int, int], names: tuple[str, str]) -> str:
    a, b = seats
    pts = result["points"]
    lines = [f"{result['games']} games; {names[0]} (player {a}) vs {names[1]} (player {b})", ""]
    lines.append(f"| role | games {names[0]} | mean | games {names[1]} | mean |")
    lines.append("|---|---|---|---|---|")
    for role in (*ROLES, "all"):
        x, y = pts[a].get(role, []), pts[b].get(role, [])
        if not x and not y:
            continue
        mx = f"{statistics.mean(x):.3f}" if x else "-"
        my = f"{statistics.mean(y):.3f}" if y else "-"
        lines.append(f"| {role} | {len(x)} | {mx} | {len(y)} | {my} |")
    lines.append("")
    lines.append(f"| phase | decisions {names[0]} | {names[1]} | share | {names[0]} | {names[1]} |")
    lines.append("|---|---|---|---|---|---|")
    ca, cb = result["counts"][a], result["counts"][b]
    phases = sorted(k for k in set(ca) | set(cb) if ":" not in k)
    for phase in phases:
        for what in ("pass", "sequence", "group", "joker", "revolution", "= policy"):
            key = f"{phase}: {what}"
            share_a = ca[key] / ca[phase] if ca[phase] else 0.0
            share_b = cb[key] / cb[phase] if cb[phase] else 0.0
            lines.append(
                f"| {phase} | {ca[phase]} | {cb[phase]} | {what} | {share_a:.3f} | {share_b:.3f} |"
            )
    return "\n".join(lines)


def _points_by_game(log_dir: str, seat: int) -> dict[tuple[str, int], tuple[int, str]]:
    out = {}
    for path in sorted(glob.glob(str(Path(log_dir) / "**" / "games.jsonl"), recursive=True)):
        chunk = Path(path).parent.name
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            role = ROLES[game["ranks"][seat]] if game["ranks"] else ROLES[5]
            key = (chunk, game["game"])
            out[key] = (5 - game["ranking"].index(seat), role)
    return out


def _span(ci: tuple[float, float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def paired(first: str, second: str, seat: int) -> str:
    """Seat ``seat``'s points in the record ``second`` minus those in ``first``, game by game
    (the games both records hold)."""
    from games.daihinmin.experiments.stats import mean_ci95

    a, b = _points_by_game(first, seat), _points_by_game(second, seat)
    common = [k for k in a if k in b]
    diffs = [b[k][0] - a[k][0] for k in common]
    if len(diffs) < 2:
        return f"{len(diffs)} common games: no comparison"
    mean, ci = mean_ci95(diffs)
    lines = [
        f"{len(diffs)} common games: {second} - {first} (seat {seat}): {mean:+.3f} per game, "
        f"95% CI {_span(ci)}; means {statistics.mean(a[k][0] for k in common):.3f} -> "
        f"{statistics.mean(b[k][0] for k in common):.3f}"
    ]
    for role in ROLES:
        part = [b[k][0] - a[k][0] for k in common if a[k][1] == role]
        if part:
            lines.append(
                f"  starting as {role} in {first}: {len(part)} games, {statistics.mean(part):+.3f}"
            )
    return "\n".join(lines)


def profile(games: int, player: str) -> str:
    """Play-outs and CPU time per decision of ``player`` (an mcpi) against four default clients."""
    from games.daihinmin.experiments.cserver import timing_summary
    from games.daihinmin.players import make_player
    from games.daihinmin.players.mcpi import McpiPlayer
    from games.daihinmin.rules.match import Match

    mcpi = make_player(player, seed=1)
    if not isinstance(mcpi, McpiPlayer):
        raise SystemExit(f"--profile needs an mcpi player, not {player!r}")
    rows: list[tuple[str, int, int, int, float, bool]] = []
    walls: list[float] = []
    decide = mcpi.play

    def timed(obs: Observation) -> Meld:
        started, wall = time.process_time(), time.perf_counter()
        meld = decide(obs)
        spent = time.process_time() - started
        walls.append(time.perf_counter() - wall)
        last = mcpi.last
        assert last is not None
        moved = bool(last.candidates) and meld != last.candidates[0].meld
        rows.append((last.how, last.rollouts, len(last.candidates), sum(obs.counts), spent, moved))
        return meld

    mcpi.play = timed  # type: ignore[method-assign]
    Match([mcpi] + [make_player("default") for _ in range(4)], seed=3).play(games)
    out = [f"{games} games, {len(rows)} decisions of {player}: "]
    out.append(
        ", ".join(f"{how} {n}" for how, n in collections.Counter(r[0] for r in rows).items())
    )
    searched = [r for r in rows if r[0] == "search"]
    out.append(
        "| cards in hands | searched | play-outs (median) | candidates | CPU ms median"
        " | ms/play-out | not kou2's choice |"
    )
    out.append("|---|---|---|---|---|---|---|")
    for lo, hi in ((40, 54), (25, 40), (10, 25), (0, 10), (0, 54)):
        part = [r for r in searched if lo <= r[3] < hi]
        if part:
            out.append(
                f"| {lo}-{hi - 1} | {len(part)} | {statistics.median(r[1] for r in part):.0f} | "
                f"{statistics.median(r[2] for r in part):.0f} | "
                f"{statistics.median(r[4] for r in part) * 1e3:.1f} | "
                f"{statistics.median(r[4] / r[1] for r in part) * 1e3:.2f} | "
                f"{sum(r[5] for r in part) / len(part):.2f} |"
            )
    wall = timing_summary([w * 1e3 for w in walls])
    assert wall is not None
    out.append(
        f"\nEvery decision's wall time (forced ones included): median {wall['median']:.1f} ms, "
        f"99th percentile {wall['p99']:.1f} ms, max {wall['max']:.1f} ms; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", help="directory of games.jsonl records (searched recursively)")
    parser.add_argument("--play", type=int, default=0, help="first play this many games into --log")
    parser.add_argument("--players", default=LINEUP)
    parser.add_argument("--seed", default="dev25c-a")
    parser.add_argument("--compare", default="0,1")
    parser.add_argument("--against", help="a second record of the same games: paired points")
    parser.add_argument("--profile", type=int, default=0, help="games of the play-out profile")
    parser.add_argument("--player", default="mcpi", help="the mcpi settings to profile")
    args = parser.parse_args(argv)
    if args.profile:
        print(profile(args.profile, args.player))
    if args.log is None:
        return 0
    players = args.players.split(",")
    if args.play:
        from games.daihinmin.experiments.tournament import run_tournament

        run_tournament(players, args.play, seed=args.seed, jobs=1, log_dir=args.log)
    first, second = (int(p) for p in args.compare.split(","))
    if args.against:
        print(paired(args.log, args.against, first))
        return 0
    result = breakdown(args.log, (first, second))
    print(report(result, (first, second), (players[first], players[second])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
