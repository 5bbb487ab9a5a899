"""The value engine alone against pycgt's plain recursion, the user's move generator taken out.

Run: ``python benchmarks/bench_engine.py [--repeat 7] [--boards 3x6,4x5]`` (pycgt comes with the
``bench`` extra).

Domineering boards are written twice, the way a user writes a game, with the same move
generator on both sides (bit masks: a board is the int of its filled cells):

* **int states**: ``cgt.partizan_game`` on the int (ours) and a memoized recursion on the int
  calling ``pycgt.game`` (theirs);
* **frozen dataclass**: a ``@dataclass(frozen=True)`` position with ``left_options()`` and
  ``right_options()``, given to ``cgt.value`` (ours) and to the same memoized recursion on the
  position objects (theirs).

Each run starts from empty caches (both libraries'); ours, theirs and the move generator alone
(the same function called once per reachable board, which both sides pay, with the dataclass
built, hashed and compared as both engines do) take turns, so a drift of the machine hits all
three alike.  Engine time is the total less the generator's time; the ratio is pycgt's engine
time over ours (medians of CPU time, ``time.process_time``).  Both values are checked equal.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cgt

sys.path.insert(0, str(Path(__file__).parent))

from _timing import clear_pycgt_caches

Moves = Callable[[int], tuple[list[int], list[int]]]


def move_generator(rows: int, columns: int) -> Moves:
    """``filled -> (Left's boards, Right's boards)``: Left vertical, Right horizontal."""
    vertical, horizontal = [], []
    for r in range(rows):
        for c in range(columns):
            cell = 1 << (r * columns + c)
            if r + 1 < rows:
                vertical.append(cell | cell << columns)
            if c + 1 < columns:
                horizontal.append(cell | cell << 1)

    def moves(filled: int) -> tuple[list[int], list[int]]:
        return (
            [filled | m for m in vertical if not filled & m],
            [filled | m for m in horizontal if not filled & m],
        )

    return moves


@dataclasses.dataclass(frozen=True)
class Board:
    """A Domineering board as a user's frozen dataclass (the generator rides along)."""

    filled: int
    moves: Moves = dataclasses.field(compare=False, repr=False)

    def left_options(self) -> tuple[Board, ...]:
        return tuple(Board(f, self.moves) for f in self.moves(self.filled)[0])

    def right_options(self) -> tuple[Board, ...]:
        return tuple(Board(f, self.moves) for f in self.moves(self.filled)[1])


# ------------------------------------------------------------------------------ the workloads


def ours_int(moves: Moves) -> cgt.Game:
    @cgt.partizan_game
    def Domineering(filled: int) -> tuple[list[int], list[int]]:
        return moves(filled)

    return cgt.value(Domineering(0))


def ours_dataclass(moves: Moves) -> cgt.Game:
    return cgt.value(Board(0, moves))


def pycgt_int(moves: Moves) -> Any:
    import pycgt

    memo: dict[int, Any] = {}

    def value(filled: int) -> Any:
        known = memo.get(filled)
        if known is None:
            left, right = moves(filled)
            known = memo[filled] = pycgt.game([value(x) for x in left], [value(x) for x in right])
        return known

    return value(0)


def pycgt_dataclass(moves: Moves) -> Any:
    import pycgt

    memo: dict[Board, Any] = {}

    def value(board: Board) -> Any:
        known = memo.get(board)
        if known is None:
            known = memo[board] = pycgt.game(
                [value(x) for x in board.left_options()], [value(x) for x in board.right_options()]
            )
        return known

    return value(Board(0, moves))


def walk_int(moves: Moves) -> int:
    """The generator alone, once per reachable board (each option looked up once, as both
    engines do)."""
    seen: set[int] = set()
    stack = [0]
    while stack:
        filled = stack.pop()
        if filled not in seen:
            seen.add(filled)
            left, right = moves(filled)
            stack += left
            stack += right
    return len(seen)


def walk_dataclass(moves: Moves) -> int:
    seen: set[Board] = set()
    stack = [Board(0, moves)]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            stack += board.left_options()
            stack += board.right_options()
    return len(seen)


KINDS = {
    "int states": (ours_int, pycgt_int, walk_int),
    "frozen dataclass": (ours_dataclass, pycgt_dataclass, walk_dataclass),
}


def from_pycgt(g: Any, memo: dict[Any, cgt.Game]) -> cgt.Game:
    if g not in memo:
        memo[g] = cgt.Game(
            left=[from_pycgt(x, memo) for x in g.left], right=[from_pycgt(x, memo) for x in g.right]
        )
    return memo[g]


def cpu_seconds(function: Callable[[], Any]) -> float:
    cgt.clear_caches()
    clear_pycgt_caches()
    gc.collect()
    start = time.process_time()
    function()
    return time.process_time() - start


def measure(rows: int, columns: int, kind: str, repeat: int) -> dict[str, float]:
    ours, theirs, walk = KINDS[kind]
    moves = move_generator(rows, columns)
    assert ours(moves) is from_pycgt(theirs(moves), {}), "the two engines disagree"
    times: dict[str, list[float]] = {"ours": [], "pycgt": [], "moves": []}
    for _ in range(repeat):
        times["ours"].append(cpu_seconds(lambda: ours(moves)))
        times["pycgt"].append(cpu_seconds(lambda: theirs(moves)))
        times["moves"].append(cpu_seconds(lambda: walk(moves)))
    return {name: statistics.median(values) for name, values in times.items()} | {
        "boards": walk_int(move_generator(rows, columns))
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--boards", default="3x6,4x5")
    args = parser.parse_args()
    try:
        import pycgt  # noqa: F401
    except ImportError:
        print("pycgt is not installed: pip install -e '.[bench]'")
        return 1
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))  # pycgt recurses
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(
        "| board | positions | kind | ours | pycgt | move generator | engine: ours | "
        "engine: pycgt | **engine ratio** | total ratio |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for board in args.boards.split(","):
        rows, columns = map(int, board.split("x"))
        for kind in KINDS:
            m = measure(rows, columns, kind, args.repeat)
            ours, theirs = m["ours"] - m["moves"], m["pycgt"] - m["moves"]
            cells = [
                board,
                f"{m['boards']:,}",
                kind,
                f"{m['ours'] * 1e3:.0f} ms",
                f"{m['pycgt'] * 1e3:.0f} ms",
                f"{m['moves'] * 1e3:.0f} ms",
                f"{ours * 1e3:.0f} ms",
                f"{theirs * 1e3:.0f} ms",
                f"**{theirs / ours:.2f}x**",
                f"{m['pycgt'] / m['ours']:.2f}x",
            ]
            print("| " + " | ".join(cells) + " |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
