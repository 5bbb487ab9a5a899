"""Pass-Sevens at scale: the winner (Algorithm 2) and the strategy (Algorithm 3) are linear.

Positions of 10**4, 10**5 and 10**6 cards (suits of 1,000 cards: 10, 100 and 1,000 suits), random
or alternating (Algorithm 1's worst case), timed in the same run, each figure the median over
timed blocks of at least 0.1 s: ``winner`` (every suit's value by Algorithm 1, then the sign of
the sum), ``winning_moves`` (the suits Algorithm 3 lets the winner play), the Theorem 3 fold
(reads every card) and Algorithm 4's total.  The ratio of the 10**6 time to the 10**5 time
should be about 10.  A last table times the almighty criteria on two real deals.

    python benchmarks/bench_sevens.py [--repeat 9]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import fmt, median_seconds, table

from games.sevens import almighty as _almighty
from games.sevens import almighty_winner, winner, winning_moves
from games.sevens.almighty import algorithm4_total
from games.sevens.deal import deal
from games.sevens.values import theorem3_value


def per_call(work: Callable[[], object], repeat: int, block: float = 0.1) -> float:
    """Median time of one call, each timed block repeating the call until it lasts ``block``
    seconds or more (so that small workloads are not lost in timer noise)."""
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            work()
        if time.perf_counter() - start >= block:
            break
        number *= 2

    def run() -> None:
        for _ in range(number):
            work()

    return median_seconds(run, repeat) / number


def random_position(suits: int, length: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("LR") for _ in range(length)) for _ in range(suits)]


def alternating_position(suits: int, length: int) -> list[str]:
    """Algorithm 1's worst case: one long alternating run, so the scan reads every card."""
    return [("LR" if i % 2 else "RL") * (length // 2) for i in range(suits)]


def scaling(repeat: int, worst: bool) -> str:
    sizes = (10, 100, 1_000)
    if worst:
        positions = {n: alternating_position(n, 1_000) for n in sizes}
    else:
        positions = {n: random_position(n, 1_000, seed=n) for n in sizes}
    workloads = {
        "winner (Algorithm 2)": lambda p: winner(p, "L"),
        "winning moves (Algorithm 3)": lambda p: winning_moves(p, "L"),
        "Theorem 3 fold, every suit": lambda p: sum(map(theorem3_value, p)),
        "Algorithm 4 total": lambda p: algorithm4_total(p, "L"),
    }
    rows = []
    for name, work in workloads.items():
        times = {n: per_call(lambda n=n, work=work: work(positions[n]), repeat) for n in sizes}
        rows.append([name] + [fmt(times[n]) for n in sizes] + [f"{times[1_000] / times[100]:.1f}"])
    header = ["workload", "10**4 cards", "10**5 cards", "10**6 cards", "10**6 / 10**5"]
    return table(header, rows)


def real_deals(repeat: int) -> str:
    def clear() -> None:
        _almighty._MEMO.clear()

    rows = []
    for seed in (3, 286):
        suits = deal(seed).suits
        plain = median_seconds(lambda suits=suits: winner(suits, "R"), repeat)
        exact = median_seconds(
            lambda suits=suits: almighty_winner(suits, "R", "R"), repeat, setup=clear
        )
        published = median_seconds(lambda suits=suits: algorithm4_total(suits, "R"), repeat)
        rows.append([f"deal {seed}", fmt(plain), fmt(published), fmt(exact)])
    header = ["real deal (48 cards)", "winner", "Algorithm 4", "almighty criterion (exact)"]
    return table(header, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print(f"### Linear scaling, random suits of 1,000 cards (median of {args.repeat} runs)\n")
    print(scaling(args.repeat, worst=False))
    print(
        f"\n### Linear scaling, alternating suits of 1,000 cards (median of {args.repeat} runs)\n"
    )
    print(scaling(args.repeat, worst=True))
    print(f"\n### The almighty card on real deals (median of {args.repeat} runs)\n")
    print(real_deals(args.repeat))


if __name__ == "__main__":
    main()
