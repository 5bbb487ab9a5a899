"""Pass-Sevens at scale: the winner (Algorithm 2) and the strategy (Algorithm 3) are linear.

Positions of 10**4, 10**5 and 10**6 cards (suits of 1,000 random cards; 10, 100 and 1,000 suits),
timed in the same run: ``winner`` (every suit's value by Algorithm 1, then the sign of the sum),
``winning_moves`` (the suits Algorithm 3 lets the winner play), the Theorem 3 fold (reads every
card), and the suit-by-suit almighty criterion's first step (Algorithm 4's total).  The ratio of
the 10**6 time to the 10**5 time should be about 10.  A second table times the exact solvers on
the real deck (8 suits of 6 cards).

    python benchmarks/bench_sevens.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import fmt, median_seconds, table

from games.sevens import almighty as _almighty
from games.sevens import almighty_winner, winner, winning_moves
from games.sevens.almighty import algorithm4_total
from games.sevens.deal import deal
from games.sevens.values import theorem3_value


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
        times = {
            n: median_seconds(lambda n=n, work=work: work(positions[n]), repeat) for n in sizes
        }
        rows.append([name] + [fmt(times[n]) for n in sizes] + [f"{times[1_000] / times[100]:.1f}"])
    header = ["workload", "10**4 cards", "10**5 cards", "10**6 cards", "10**6 / 10**5"]
    return table(header, rows)


def real_deals(repeat: int) -> str:
    def clear() -> None:
        _almighty._MEMO.clear()

    rows = []
    for seed in (3, 164):
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
