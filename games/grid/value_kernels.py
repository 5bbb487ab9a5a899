"""Canonical values of Domineering, Clobber and Konane boards by an optional compiled kernel.

One C library (``_grid_values.c`` with the canonical-form engine ``_values_engine.h``, built with
the machine's C compiler on first use by `games._native`) holds an engine per game: games as
integer ids, hash-consed canonical nodes, dominated options dropped and reversible ones
bypassed, memoized comparisons and sums, numbers as dyadic rationals, under a bit-board search
(a board is the sum of its independent regions; a region is cropped and keyed by the least of
its images, the ones with the negative value negated).  A value comes back as `cgt.Game`
objects made by cgt's own engine from the kernel's canonical options, so a game is never
trusted, only rebuilt.

Each ruleset registers its kernel's `GridValueKernel.value` with `cgt.register_value_solver`
(`domineering_kernel_value`, `clobber_kernel_value`, `konane_kernel_value`), so `cgt.value`
(and ``cgt value``, ``cgt verify``) use the kernel for every board of at most 64 cells it
meets; ``cgt.value(board, method="engine")``, ``CGT_NO_KERNEL=1`` or a machine without a C
compiler use cgt's pure-Python engine, which stays the fallback and the test oracle
(``tests/rulesets/test_grid_value_kernels.py`` and ``test_domineering_values.py``).

A kernel keeps what it computed until `cgt.clear_caches` or its `GridValueKernel.reset`
(every region's value and game node; comparisons and sums up to a bound of about 1.9 GiB, past
which their memos are emptied and filled again).  It searches a budget of new regions at a
time, so Ctrl-C stops a long computation between two budgets, and `cgt.cache_info` counts its
regions among the positions valued (``value-<game>-kernel``).  Each kernel serves one caller at
a time (a lock): threads share it safely.

>>> import cgt
>>> from games.grid.konane import Konane
>>> str(KONANE.value(Konane("xo.o.|.....")))
'1'
>>> str(CLOBBER.value(cgt.Game(1)))
Traceback (most recent call last):
...
cgt.core.errors.WrongTypeError: a Clobber board is needed, not Game
"""

from __future__ import annotations

import ctypes
import importlib
import threading
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import cgt
from games._native import NativeKernel

__all__ = [
    "CLOBBER",
    "DOMINEERING",
    "KONANE",
    "GridValueKernel",
    "clobber_kernel_value",
    "domineering_kernel_value",
    "konane_kernel_value",
]

_SOURCE = Path(__file__).with_name("_grid_values.c")
_MAX_CELLS = 64
_HANDLE, _BIG, _BITS = ctypes.c_void_p, ctypes.c_int64, ctypes.c_uint64
_LIBRARY = NativeKernel(
    _SOURCE,
    "cgt_grid_values",
    {
        "cgt_gv_new": (_HANDLE, [ctypes.c_int]),
        "cgt_gv_free": (None, [_HANDLE]),
        "cgt_gv_value": (
            _BIG,
            [_HANDLE, ctypes.c_int, ctypes.c_int, _BITS, _BITS, _BITS, _BIG],
        ),
        "cgt_gv_node": (None, [_HANDLE, ctypes.c_int32, ctypes.POINTER(_BIG)]),
        "cgt_gv_options": (None, [_HANDLE, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32)]),
        "cgt_gv_limit_memos": (None, [_HANDLE, ctypes.c_uint64]),
        "cgt_gv_stats": (None, [_HANDLE, ctypes.POINTER(_BIG)]),
    },
    includes=(Path(__file__).with_name("_values_engine.h"),),
)
_STATS = (
    "regions searched",
    "regions kept",
    "nodes",
    "temporary nodes",
    "comparisons",
    "sums",
    "bytes",
    "memos emptied",
)

Board = tuple[int, int, int, int, int]
"""What the kernel is given: height, width and three masks of cells (bit ``r * width + c``)."""


class _Engine:
    """One game's engine in the kernel and the `cgt.Game` of each of its node ids made so far."""

    def __init__(self, library: ctypes.CDLL, code: int, game: str) -> None:
        self.library = library
        self.game = game
        handle = library.cgt_gv_new(code)
        if not handle:
            raise MemoryError(f"no memory for the {game} value kernel")
        self.handle = handle
        self.games: dict[int, cgt.Game] = {}

    def __del__(self) -> None:
        handle, self.handle = getattr(self, "handle", None), None
        if handle:
            self.library.cgt_gv_free(handle)

    def value(self, board: Board, budget: int) -> cgt.Game:
        height, width = board[:2]
        while True:
            found = self.library.cgt_gv_value(self.handle, *board, budget)
            if found >= 0:
                return self.game_of(found)
            if found == -11:
                raise cgt.InvalidArgumentError(f"overlapping cell masks for a {self.game} board")
            if found != -1:
                raise MemoryError(
                    f"the {self.game} value kernel ran out of memory (or of 62-bit numbers) on "
                    f"a {height} x {width} board; its tables were freed"
                )

    def game_of(self, root: int) -> cgt.Game:
        """The `cgt.Game` of node ``root``, its options made first (no recursion)."""
        games, info = self.games, (ctypes.c_int64 * 5)()
        stack = [root]
        while stack:
            node = stack[-1]
            if node in games:
                stack.pop()
                continue
            self.library.cgt_gv_node(self.handle, node, info)
            left, right, is_number, numerator, exponent = info
            if is_number:
                number = Fraction(numerator, 1 << exponent) if exponent else numerator
                games[node] = cgt.Game(number)
                stack.pop()
                continue
            options = (ctypes.c_int32 * (left + right))()
            self.library.cgt_gv_options(self.handle, node, options)
            missing = [x for x in options if x not in games]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            games[node] = cgt.Game(
                left=[games[x] for x in options[:left]], right=[games[x] for x in options[left:]]
            )
        return games[root]

    def stats(self) -> dict[str, int]:
        out = (ctypes.c_int64 * len(_STATS))()
        self.library.cgt_gv_stats(self.handle, out)
        return dict(zip(_STATS, out, strict=True))


class _KernelTable(cgt.Memo[None]):
    """A kernel's regions among cgt's memo tables: `cgt.cache_info` counts them (so the
    progress of ``cgt value --watch`` and of the explorer shows the positions the kernel has
    valued), and `cgt.clear_caches` frees them.  The kernel bounds its own caches, so
    `cgt.set_cache_limit` leaves it alone."""

    def __init__(self, kernel: GridValueKernel) -> None:
        super().__init__(f"value-{kernel.game.lower()}-kernel", limit=None)
        self.kernel = kernel

    def __len__(self) -> int:
        return self.kernel._regions_now()

    def _shrink(self) -> None:
        pass

    def clear(self) -> None:
        self.kernel.reset()


class GridValueKernel:
    """The compiled value kernel of one grid game: `value` answers a board of at most 64 cells
    (None when the kernel is not built or the board is larger: `cgt.value` then uses its
    engine), `stats` says what it holds, `reset` frees it.

    >>> from games.grid.clobber import Clobber
    >>> CLOBBER.value(Clobber("xxo")) in (cgt.up(1), None)
    True
    """

    budget = 1 << 16
    """New regions searched between two looks at Ctrl-C (a positive int)."""

    def __init__(self, game: str, code: int, board_of: Callable[[Any], Board]) -> None:
        self.game = game
        self._code = code
        self._board_of = board_of
        self._lock = threading.RLock()
        self._engine: _Engine | None = None
        self._table = _KernelTable(self)

    def __repr__(self) -> str:
        return f"<{self.game} value kernel: {self.status()}>"

    @staticmethod
    def status() -> str:
        """``"compiled kernel"`` or why `cgt.value` uses the pure-Python engine.

        >>> KONANE.status().startswith(("compiled kernel", "pure Python ("))
        True
        """
        return _LIBRARY.status()

    def _the_engine(self) -> _Engine | None:
        if self._engine is None:
            library = _LIBRARY.load()
            if library is None:
                return None
            self._engine = _Engine(library, self._code, self.game)
        return self._engine

    def _regions_now(self) -> int:
        """Regions valued so far, read without waiting for a computation to end."""
        engine = self._engine  # (a reference held: a reset elsewhere cannot free it under us)
        if engine is None:
            return 0
        out = (ctypes.c_int64 * len(_STATS))()
        engine.library.cgt_gv_stats(engine.handle, out)
        return int(out[1])

    def board(self, position: Any) -> Board:
        """What the kernel is given for ``position``: height, width and three cell masks;
        `cgt.WrongTypeError` for a position of another game.

        >>> from games.grid.konane import Konane
        >>> KONANE.board(Konane("xo.|#.o"))
        (2, 3, 1, 34, 20)
        """
        return self._board_of(position)

    def value(self, position: Any) -> cgt.Game | None:
        """The value of ``position`` by the kernel, or None when the kernel is not there or the
        board has more than 64 cells; `cgt.WrongTypeError` for a position of another game."""
        board = self._board_of(position)
        budget = self.budget
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            raise cgt.InvalidArgumentError(
                f"the kernel's budget of regions must be a positive int, got {budget!r}"
            )
        if board[0] * board[1] > _MAX_CELLS:
            return None
        with self._lock:
            engine = self._the_engine()
            if engine is None:
                return None
            try:
                return engine.value(board, budget)
            except MemoryError:
                self.reset()
                raise

    def limit_memos(self, slots: int) -> None:
        """Bound the memos of comparisons and of sums to ``slots`` each (a power of two from
        4,096 to 2^40; another number counts as the next power of two): a full one is emptied and
        filled again (for tests and tight memory).

        >>> KONANE.limit_memos(-1)
        Traceback (most recent call last):
        ...
        cgt.core.errors.InvalidArgumentError: memo slots must be an int from 4096 to 2**40, got -1
        """
        if not isinstance(slots, int) or isinstance(slots, bool) or not 4096 <= slots <= 1 << 40:
            raise cgt.InvalidArgumentError(
                f"memo slots must be an int from 4096 to 2**40, got {slots!r}"
            )
        with self._lock:
            engine = self._the_engine()
            if engine is not None:
                engine.library.cgt_gv_limit_memos(engine.handle, slots)

    def stats(self) -> dict[str, int]:
        """What the kernel holds now: regions searched and kept, game nodes (and how many were
        temporary, made to test reversibility), comparisons and sums remembered, bytes held, and
        how often a memo was emptied; empty when the kernel is not there or not started.

        >>> sorted(DOMINEERING.stats()) in ([], ['bytes', 'comparisons', 'memos emptied',
        ...     'nodes', 'regions kept', 'regions searched', 'sums', 'temporary nodes'])
        True
        """
        with self._lock:
            return {} if self._engine is None else self._engine.stats()

    def reset(self) -> None:
        """Free the kernel's tables (the next board starts from nothing).

        >>> CLOBBER.reset(); CLOBBER.stats()
        {}
        """
        with self._lock:
            self._engine = None


def _position_of(module: str, name: str, position: Any) -> Any:
    kind = getattr(importlib.import_module(f"games.grid.{module}"), name)
    if not isinstance(position, kind):
        raise cgt.WrongTypeError(f"a {name} board is needed, not {type(position).__name__}")
    return position


def _domineering_board(position: Any) -> Board:
    height, width, empty = _position_of("domineering", "Domineering", position)._key
    return height, width, empty, 0, 0


def _clobber_board(position: Any) -> Board:
    grid = _position_of("clobber", "Clobber", position).grid
    return grid.height, grid.width, grid.bits("x"), grid.bits("o"), 0


def _konane_board(position: Any) -> Board:
    grid = _position_of("konane", "Konane", position).grid
    return grid.height, grid.width, grid.bits("x"), grid.bits("o"), grid.bits(".")


DOMINEERING = GridValueKernel("Domineering", 0, _domineering_board)
"""Domineering: the empty cells; Left places vertical dominoes."""
CLOBBER = GridValueKernel("Clobber", 1, _clobber_board)
"""Clobber: Left's stones x, Right's o."""
KONANE = GridValueKernel("Konane", 2, _konane_board)
"""Konane: Left's stones x, Right's o, the empty cells (missing ones ``#`` in no mask)."""


def domineering_kernel_value(position: Any) -> cgt.Game | None:
    """`DOMINEERING`'s `GridValueKernel.value` (the solver `cgt.value` asks first)."""
    return DOMINEERING.value(position)


def clobber_kernel_value(position: Any) -> cgt.Game | None:
    """`CLOBBER`'s `GridValueKernel.value` (the solver `cgt.value` asks first).

    >>> from games.grid.clobber import Clobber
    >>> clobber_kernel_value(Clobber("xo|ox")) in (cgt.STAR, None)
    True
    """
    return CLOBBER.value(position)


def konane_kernel_value(position: Any) -> cgt.Game | None:
    """`KONANE`'s `GridValueKernel.value` (the solver `cgt.value` asks first)."""
    return KONANE.value(position)
