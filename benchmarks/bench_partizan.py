"""Partizan engine (cgt.Game, cgt.value) against pycgt 0.2.0, side by side in one run.

Run: ``python benchmarks/bench_partizan.py [--quick]`` (pycgt comes with the ``bench`` extra).
Every figure is the median CPU time (``time.process_time``) of several runs from empty caches
(cgt.clear_caches and pycgt's caches), the two libraries run alternately; the ratio is pycgt's
median over ours, from the same run.  Each workload also checks
that both libraries computed the same value (pycgt's canonical tree converted to a cgt.Game).

Workloads:

* Domineering rectangles as a plain user-defined partizan position (a set of filled cells),
  evaluated by the same plain memoized recursion on both sides, no decomposition;
* sums of 20 copies of {1|-1}, {2|{1|0}} and ^*, added one copy at a time;
* random games: 40 random games built from small options, then all their pairwise sums and
  comparisons.

Medians are taken in one process, where cgt keeps its interned games across runs (interning is
never cleared: it is what makes ``==`` an identity test); ``--cold`` adds one run of each side
in a fresh interpreter.  For Domineering, the user's move generator (the same function on both
sides, called once per board) is timed alone, and the last column compares the engines without it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import cgt

try:
    import pycgt
except ImportError:  # pragma: no cover - the bench extra is optional
    pycgt = None


# ------------------------------------------------------------------------------ timing

sys.path.insert(0, str(Path(__file__).parent))

from _timing import clear_pycgt_caches as clear_pycgt
from _timing import fmt


def paired_medians(
    ours: Callable[[], Any], theirs: Callable[[], Any], repeat: int
) -> tuple[float, float]:
    """Median CPU seconds of each side, the two run alternately from empty caches.

    CPU time (``time.process_time``) and alternation keep the ratio steady on a shared machine.
    """
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for side, function in enumerate((ours, theirs)):
            clear_both()
            gc.collect()
            start = time.process_time()
            function()
            times[side].append(time.process_time() - start)
    return statistics.median(times[0]), statistics.median(times[1])


def median_seconds(function: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times)


def clear_both() -> None:
    """Empty both libraries' caches, so neither side's garbage is collected in the other's time."""
    cgt.clear_caches()
    clear_pycgt()


def from_pycgt(g: Any, memo: dict[Any, cgt.Game] | None = None) -> cgt.Game:
    """A pycgt canonical game as a cgt.Game (to check that both computed the same value)."""
    memo = {} if memo is None else memo
    if g not in memo:
        memo[g] = cgt.Game(
            left=[from_pycgt(x, memo) for x in g.left], right=[from_pycgt(x, memo) for x in g.right]
        )
    return memo[g]


# -------------------------------------------------------------------------- Domineering


def domineering_moves(rows: int, cols: int, filled: frozenset) -> tuple[list, list]:
    """Left places a vertical domino, Right a horizontal one: the boards after each move."""
    left, right = [], []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in filled:
                continue
            if r + 1 < rows and (r + 1, c) not in filled:
                left.append(filled | {(r, c), (r + 1, c)})
            if c + 1 < cols and (r, c + 1) not in filled:
                right.append(filled | {(r, c), (r, c + 1)})
    return left, right


def domineering_cgt(rows: int, cols: int) -> cgt.Game:
    @cgt.partizan_game
    def Domineering(filled: frozenset) -> tuple[list, list]:
        return domineering_moves(rows, cols, filled)

    return cgt.value(Domineering(frozenset()))


def domineering_pycgt(rows: int, cols: int) -> Any:
    memo: dict[frozenset, Any] = {}

    def value(filled: frozenset) -> Any:
        known = memo.get(filled)
        if known is None:
            left, right = domineering_moves(rows, cols, filled)
            known = memo[filled] = pycgt.game([value(x) for x in left], [value(x) for x in right])
        return known

    return value(frozenset())


# --------------------------------------------------------------------------------- sums


def repeated_sum(add: Callable[[Any, Any], Any], zero: Any, g: Any, copies: int) -> Any:
    total = zero
    for _ in range(copies):
        total = add(total, g)
    return total


SUMMANDS = {
    "{1|-1}": (lambda: cgt.Game(left=[1], right=[-1]), lambda: pycgt.plus_minus(1)),
    "{2|{1|0}}": (
        lambda: cgt.Game(left=[2], right=[cgt.Game(left=[1], right=[0])]),
        lambda: pycgt.game([pycgt.integer(2)], [pycgt.switch(1, 0)]),
    ),
    "^*": (lambda: cgt.UP + cgt.STAR, lambda: pycgt.add(pycgt.UP, pycgt.STAR)),
}


# ------------------------------------------------------------------------- random games


def random_descriptions(count: int, seed: int) -> list[Any]:
    """Random game trees as nested tuples: ("n", Fraction) leaves, ("g", lefts, rights) nodes."""
    rng = random.Random(seed)
    leaves = [Fraction(n, d) for n in range(-2, 3) for d in (1, 2)] + ["*"]

    def tree(depth: int) -> Any:
        if depth == 0 or rng.random() < 0.3:
            return ("n", rng.choice(leaves))
        sides = [[tree(depth - 1) for _ in range(rng.randint(1, 2))] for _ in range(2)]
        return ("g", sides[0], sides[1])

    return [tree(3) for _ in range(count)]


def build(description: Any, leaf: Callable[[Any], Any], node: Callable[[list, list], Any]) -> Any:
    if description[0] == "n":
        return leaf(description[1])
    return node(
        [build(d, leaf, node) for d in description[1]],
        [build(d, leaf, node) for d in description[2]],
    )


def random_workload_cgt(descriptions: list[Any]) -> list[Any]:
    def leaf(x: Any) -> cgt.Game:
        return cgt.STAR if x == "*" else cgt.Game(x)

    games = [build(d, leaf, lambda a, b: cgt.Game(left=a, right=b)) for d in descriptions]
    return [(g + h, g <= h) for g in games for h in games]


def random_workload_pycgt(descriptions: list[Any]) -> list[Any]:
    def leaf(x: Any) -> Any:
        return pycgt.nimber(1) if x == "*" else pycgt.number(x)

    games = [build(d, leaf, pycgt.game) for d in descriptions]
    return [(pycgt.add(g, h), pycgt.leq(g, h)) for g in games for h in games]


# ---------------------------------------------------------------------------------- main

Workload = tuple[str, Callable[[], Any], Callable[[], Any], Callable[[Any, Any], None], Any]


def same_value(ours: cgt.Game, theirs: Any) -> None:
    assert ours is from_pycgt(theirs), (ours, theirs)


def same_pairs(ours: list, theirs: list) -> None:
    for (a, x), (b, y) in zip(ours, theirs, strict=True):
        assert a is from_pycgt(b) and x == y


def walk_moves(rows: int, cols: int) -> int:
    """Only the user's move generator, once per reachable board: shared by both sides."""
    seen: set[frozenset] = set()
    stack = [frozenset()]
    while stack:
        filled = stack.pop()
        if filled not in seen:
            seen.add(filled)
            left, right = domineering_moves(rows, cols, filled)
            stack += left + right
    return len(seen)


def workloads(quick: bool) -> list[Workload]:
    result: list[Workload] = []
    boards = [(3, 3), (3, 4), (4, 4), (2, 8)] if quick else [(3, 4), (4, 4), (3, 5), (4, 5), (3, 6)]
    for r, c in boards:
        result.append(
            (
                f"Domineering {r}x{c}",
                lambda r=r, c=c: domineering_cgt(r, c),
                lambda r=r, c=c: domineering_pycgt(r, c),
                same_value,
                (r, c),
            )
        )
    for name, (ours, theirs) in SUMMANDS.items():
        result.append(
            (
                f"20 x {name}",
                lambda ours=ours: repeated_sum(lambda a, b: a + b, cgt.ZERO, ours(), 20),
                lambda theirs=theirs: repeated_sum(pycgt.add, pycgt.ZERO, theirs(), 20),
                same_value,
                None,
            )
        )
    descriptions = random_descriptions(25 if quick else 40, seed=7)
    result.append(
        (
            f"random games: {len(descriptions)}² sums and comparisons",
            lambda: random_workload_cgt(descriptions),
            lambda: random_workload_pycgt(descriptions),
            same_pairs,
            None,
        )
    )
    return result


def cold_seconds(quick: bool, index: int, side: str) -> float:
    """One run in a fresh interpreter: nothing interned, nothing cached, nothing imported."""
    command = [sys.executable, __file__, "--single", str(index), "--side", side]
    if quick:
        command.append("--quick")
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return float(output.split()[-1])


def run(quick: bool, cold: bool) -> None:
    repeat = 3 if quick else 7
    ratios = []
    print(
        "| workload | cgt | pycgt 0.2.0 | pycgt / cgt | cold: cgt, pycgt, ratio "
        "| user's move generator alone | pycgt / cgt without it |"
    )
    print("|---|---|---|---|---|---|---|")
    for index, (name, ours, theirs, check, board) in enumerate(workloads(quick)):
        cgt.clear_caches()
        clear_pycgt()
        check(ours(), theirs())
        a, b = paired_medians(ours, theirs, repeat)
        ratios.append(b / a)
        cells = [name, fmt(a), fmt(b), f"**{b / a:.1f}x**"]
        if cold:
            ca, cb = cold_seconds(quick, index, "cgt"), cold_seconds(quick, index, "pycgt")
            cells.append(f"{fmt(ca)}, {fmt(cb)}, {cb / ca:.1f}x")
        else:
            cells.append("")
        if board is not None:
            moves = median_seconds(lambda board=board: walk_moves(*board), repeat)
            engine = f"{(b - moves) / (a - moves):.1f}x" if a > moves else "n/a"
            cells += [fmt(moves), engine]
        else:
            cells += ["", ""]
        print("| " + " | ".join(cells) + " |", flush=True)
    print(f"\nmedian ratio {statistics.median(ratios):.1f}x, smallest {min(ratios):.1f}x")


def single(quick: bool, index: int, side: str) -> None:
    _, ours, theirs, _, _ = workloads(quick)[index]
    start = time.process_time()
    (ours if side == "cgt" else theirs)()
    print(time.process_time() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller boards, fewer repeats")
    parser.add_argument("--cold", action="store_true", help="also time one run per fresh process")
    parser.add_argument("--single", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--side", choices=["cgt", "pycgt"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if pycgt is None:
        print("pycgt is not installed: pip install -e '.[bench]'")
        return 1
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))  # pycgt recurses
    if args.single is not None:
        single(args.quick, args.single, args.side)
    else:
        run(args.quick, args.cold)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
