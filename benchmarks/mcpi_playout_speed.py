"""mcpi's play-outs: the C kernel against the Python path, side by side in one run.

Run: ``python benchmarks/mcpi_playout_speed.py [--states 200] [--repeat 5]``.  The same seeded
states (every 5th state of seeded random games, so from full hands to endgames), the same
candidates (up to four moves) and the same splitmix64 stream on both paths; each path plays
them ``--repeat`` times and the median time per play-out is reported, with their ratio, the
load average, and a check that both gave the same points (they must: the Python path is the
kernel's oracle).  Models: every player the learned policy; the policy with three default
clients; kou2 (the searching player), three default clients and the policy (jn17): mcpi's
play-outs in the lineup of jn17 and three default clients, once it has identified them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from games.daihinmin.players._mcpi_models import DefaultModel, Kou2Model, Model, PolicyModel
from games.daihinmin.players._mcpi_playout import KERNEL, PlayoutRandom, Playouts
from games.daihinmin.players._mcpi_policy import load_policy
from games.daihinmin.rules.cards import JOKER
from games.daihinmin.rules.engine import GameState


def states(count: int, seed: int = 1) -> list[GameState]:
    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        cards = [1 << i for i in range(4, 56)] + [JOKER]
        rng.shuffle(cards)
        hands = [sum(cards[k::5]) for k in range(5)]
        state = GameState(hands, rng=random.Random(rng.random()))
        step = 0
        while not state.over and len(out) < count:
            if step % 5 == 0:
                out.append(state.copy())
            moves = state.legal_moves()
            state.submit(
                rng.choice(moves[1:]) if len(moves) > 1 and rng.random() < 0.7 else moves[0]
            )
            step += 1
    return out


def timed(
    positions: list[GameState], models: list[Model], native: bool, seed: int
) -> tuple[float, list[int], int]:
    stream = PlayoutRandom(seed)
    points: list[int] = []
    played = 0
    started = time.perf_counter()
    for state in positions:
        playouts = Playouts(state.turn, models, stream, native=native)
        got = playouts.play(state, state.legal_moves()[:4])
        points += got
        played += len(got)
    return time.perf_counter() - started, points, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"kernel: {KERNEL.status()}; load average {os.getloadavg()[0]:.2f}")
    policy = PolicyModel(load_policy())
    positions = states(args.states)
    mixes = {
        "policy x5": [policy] * 5,
        "policy + 3 defaults + policy": [policy, *[DefaultModel()] * 3, policy],
        "kou2 + 3 defaults + policy": [Kou2Model(), *[DefaultModel()] * 3, policy],
    }
    print("| models | play-outs | C us/play-out | Python us/play-out | Python / C | same points |")
    print("|---|---|---|---|---|---|")
    for name, models in mixes.items():
        c_times, py_times = [], []
        same = True
        for r in range(args.repeat):
            tc, pc, n = timed(positions, models, True, r)
            tp, pp, _ = timed(positions, models, False, r)
            c_times.append(tc / n * 1e6)
            py_times.append(tp / n * 1e6)
            same = same and pc == pp
        c, p = statistics.median(c_times), statistics.median(py_times)
        print(f"| {name} | {n} | {c:.1f} | {p:.0f} | {p / c:.0f} | {same} |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
