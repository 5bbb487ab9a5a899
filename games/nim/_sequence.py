"""What subtraction and octal games share: a one-heap game with a Grundy *sequence*.

A `HeapGame` computes ``g(0), g(1), ...`` on demand, searches the prefix for a period that its
theorem certifies (see `games.nim._periodicity`), and from then on answers ``grundy(n)`` in
O(1) for any ``n``.  Subclasses say how to compute values, which theorem certifies a period
(``_window``) and what the options of a heap are (``_options``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

import cgt
from games.nim._errors import InvalidArgumentError, NotYetPeriodicError, WrongTypeError
from games.nim._periodicity import Window, certify

if TYPE_CHECKING:
    import sympy

__all__ = ["HeapGame", "HeapPosition", "Periodicity"]

_FIRST_SEARCH = 64
WORK_BUDGET = 3 * 10**8
"""The search for a period run by ``.period`` stops doubling the prefix where the next step
would cost more than this many elementary checks (seconds of CPU): a game whose rules are
long (``0.777...7`` with hundreds of digits) answers ``None`` and says where it stopped,
instead of computing for hours.  ``search_period(bound)`` asked for explicitly has no budget."""


@attrs.frozen
class Periodicity:
    """A certified period: ``g(n + period) == g(n)`` for every ``n >= preperiod``.

    ``certified_at`` is the length of the prefix the certificate used, ``theorem`` its name.
    """

    preperiod: int
    period: int
    certified_at: int
    theorem: str

    def describe(self) -> str:
        return (
            f"period {self.period} from n = {self.preperiod} (certified by the {self.theorem} "
            f"on g(0..{self.certified_at - 1}))"
        )


@attrs.frozen(repr=False)
class HeapPosition(cgt.Position):
    """A single heap of ``n`` tokens in the one-heap game ``rules``: a `cgt` position.

    Its ``options()`` are heaps of the same game, or `cgt.Sum` of heaps when a move splits the
    heap (the empty `cgt.Sum` when a move takes the whole heap).
    """

    rules: HeapGame
    n: int

    def options(self) -> tuple[Any, ...]:
        return self.rules._options(self.n)

    def __repr__(self) -> str:
        return f"{self.rules!r}.position({self.n})"


class HeapGame(ABC):
    """Base of one-heap games with eventually periodic (or searched) Grundy sequences."""

    theorem = ""
    _values: Any  # a list of ints, or a numpy uint32 array (the compiled kernel's)
    _periodicity: Periodicity | None
    _searched_upto: int
    search_bound: int

    def _init_sequence(self, search_bound: int) -> None:
        if not isinstance(search_bound, int) or search_bound < 1:
            raise InvalidArgumentError(f"search_bound is a positive int, got {search_bound!r}")
        self._values = []
        self._periodicity = None
        self._searched_upto = 0
        self._stopped_at: tuple[int, int] | None = None  # (size not reached, its work)
        self._progress: Callable[[int, int], None] | None = None
        self.search_bound = search_bound

    # --- provided by each game ---------------------------------------------------------------
    @abstractmethod
    def _extend(self, size: int) -> None:
        """Compute ``g(n)`` for every ``n < size`` into ``self._values``."""

    @abstractmethod
    def _window(self, preperiod: int, period: int) -> int:
        """The periodicity theorem's bound: equality on ``preperiod <= n < bound`` proves it."""

    @abstractmethod
    def _options(self, n: int) -> tuple[Any, ...]:
        """The options of a heap of ``n``, as `cgt` positions."""

    def _work(self, size: int) -> int:
        """About how many elementary checks ``_extend(size)`` costs from scratch (0: cheap)."""
        return 0

    def _theorem_window(self) -> Window:
        """The window as a function (a `LinearWindow` lets the certificate search run in C)."""
        return self._window

    def _slice(self, start: int, stop: int) -> list[int]:
        """``[g(start), ..., g(stop - 1)]`` of the values computed, as ints."""
        part = self._values[start:stop]
        return part.tolist() if hasattr(part, "tolist") else list(part)

    # --- periodicity ------------------------------------------------------------------------
    def _search(self, bound: int, budget: int | None = None) -> Periodicity | None:
        size = max(_FIRST_SEARCH, self._searched_upto)
        while True:
            size = min(size, bound)
            if budget is not None and size > _FIRST_SEARCH and self._work(size) > budget:
                self._stopped_at = (size, self._work(size))
                return None
            self._extend(size)
            found, guess = certify(self._values[:size], self._theorem_window())
            self._searched_upto = max(self._searched_upto, size)
            if self._progress is not None:
                self._progress(size, bound)
            if found is not None:
                self._periodicity = Periodicity(found[0], found[1], size, self.theorem)
                return self._periodicity
            if size >= bound:
                return None
            # Double, or go straight to where the period seen in the tail would be certified.
            step = 2 * size
            if guess is not None and guess < step:
                step = max(guess, size + size // 8)
            size = step

    def search_period(
        self, bound: int | None = None, progress: Callable[[int, int], None] | None = None
    ) -> Periodicity | None:
        """Search the first ``bound`` values (default `search_bound`) for a certified period.

        Returns the `Periodicity`, or ``None`` if none is certified within the bound.
        ``progress(heaps searched, bound)`` is called after each prefix is checked (and, for
        games computed by the compiled kernel, ``progress(heaps computed, bound)`` as they go).
        """
        self._progress = progress
        try:
            return self._search_period(bound)
        finally:
            self._progress = None

    def _search_period(self, bound: int | None) -> Periodicity | None:
        if self._periodicity is not None:
            return self._periodicity
        budget = None
        if bound is None:
            bound, budget = self.search_bound, WORK_BUDGET
            if self._stopped_at is not None:
                return None
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
            raise InvalidArgumentError(f"a search bound is a positive int, got {bound!r}")
        if bound <= self._searched_upto:
            return None
        return self._search(bound, budget)

    @property
    def periodicity(self) -> Periodicity | None:
        """The certified `Periodicity`, or ``None`` if none was found within `search_bound`."""
        return self.search_period()

    @property
    def period(self) -> int | None:
        """The least period, certified; ``None`` if not yet periodic within `search_bound`."""
        found = self.periodicity
        return None if found is None else found.period

    @property
    def preperiod(self) -> int | None:
        """The least ``n0`` with ``g(n + period) == g(n)`` for all ``n >= n0`` (or ``None``)."""
        found = self.periodicity
        return None if found is None else found.preperiod

    def describe_periodicity(
        self, further: str = "call search_period(bound) to look further"
    ) -> str:
        """The periodicity in words, or ``not yet periodic up to n = ...`` followed by
        ``further``, the advice on how to look further (the command line gives its options)."""
        found = self.periodicity
        return self.unfinished(further) if found is None else found.describe()

    def unfinished(self, further: str) -> str:
        """Where the search for a period stopped and why, then ``further`` (the advice on how
        to look further): ``not yet periodic up to n = 100 (search bound; ...)``."""
        if self._stopped_at is not None:
            size, work = self._stopped_at
            return (
                f"not yet periodic up to n = {self._searched_upto}: going on to n = {size} would "
                f"take about {work:.1e} checks, over the budget of {WORK_BUDGET:.0e} ({further})"
            )
        return f"not yet periodic up to n = {self._searched_upto} (search bound; {further})"

    # --- values -----------------------------------------------------------------------------
    def grundy(self, n: int) -> int:
        """The Grundy value of a heap of ``n``; O(1) once the period is certified."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"a heap size is an int, got {n!r}")
        if n < 0:
            raise InvalidArgumentError(f"a heap size is non-negative, got {n}")
        if n < len(self._values):
            return int(self._values[n])
        found = self._available(n + 1)
        if found is None:
            return int(self._values[n])
        return self._periodic_value(n, found)

    def _available(self, size: int) -> Periodicity | None:
        """Make ``g(0..size-1)`` computable: returns the periodicity if one is certified (then
        values past the prefix come from it), else computes the values (``None``).  Searching
        first means a periodic game never computes far past its certificate."""
        if self._periodicity is None and size > len(self._values):
            self.search_period(min(size, self.search_bound))
        found = self._periodicity
        if found is None:
            if size > self.search_bound:
                raise NotYetPeriodicError(
                    f"{self!r}: g({size - 1}) is beyond the search bound and the game is "
                    + self.describe_periodicity()
                )
            self._extend(size)
        return found

    def periodic_grundy(self, n: int) -> int:
        """``g(n)`` read off the certificate alone: the first ``preperiod + period`` values.

        `grundy` returns stored values where it has them; this never does past the preperiod,
        so comparing it with the recursion tests the certified period itself.
        """
        found = self.periodicity
        if found is None:
            raise NotYetPeriodicError(f"{self!r} is " + self.describe_periodicity())
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidArgumentError(f"a heap size is a non-negative int, got {n!r}")
        return self._periodic_value(n, found)

    def _periodic_value(self, n: int, found: Periodicity) -> int:
        if n >= found.preperiod:
            n = found.preperiod + (n - found.preperiod) % found.period
        return int(self._values[n])

    def sequence(self, size: int) -> list[int]:
        """``[g(0), ..., g(size - 1)]``; past the preperiod the period is tiled, not recomputed."""
        if not isinstance(size, int) or size < 0:
            raise InvalidArgumentError(f"a sequence length is a non-negative int, got {size!r}")
        if size <= len(self._values):
            return self._slice(0, size)
        found = self._available(size)
        if found is None:
            return self._slice(0, size)
        head = self._slice(0, found.preperiod)
        block = self._slice(found.preperiod, found.preperiod + found.period)
        repeats, rest = divmod(size - found.preperiod, found.period)
        return head + block * repeats + block[:rest]

    def __iter__(self) -> Iterator[int]:
        n = 0
        while True:
            yield self.grundy(n)
            n += 1

    def closed_form(self) -> sympy.Expr:
        """``g(n)`` as a sympy expression in ``n``: the period as a ``Piecewise`` of ``Mod(n, p)``,
        preceded by the exceptional values of the preperiod."""
        found = self.periodicity
        if found is None:
            raise NotYetPeriodicError(
                f"{self!r} has no closed form: " + self.describe_periodicity()
            )
        return periodic_closed_form(
            self._slice(0, found.preperiod + found.period), found.preperiod, found.period
        )

    def position(self, n: int) -> HeapPosition:
        """A heap of ``n`` as a `cgt` position, for the generic recursion and sums."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise WrongTypeError(f"a heap size is an int, got {n!r}")
        if n < 0:
            raise InvalidArgumentError(f"a heap size is non-negative, got {n}")
        return HeapPosition(self, n)

    def _repr_svg_(self) -> str:
        from games.nim.plot import plot_sequence

        return plot_sequence(self)


def periodic_closed_form(values: list[int], preperiod: int, period: int) -> sympy.Expr:
    """A sympy expression equal to ``values[n]`` for ``n < preperiod + period``, periodic after.

    >>> periodic_closed_form([5, 0, 1], 1, 2)
    Piecewise((5, Eq(n, 0)), (1, Eq(Mod(n, 2), 0)), (0, True))
    """
    import sympy  # only here: importing sympy takes a second

    n = sympy.Symbol("n")
    residue = sympy.Mod(n, period)

    def periodic(m: int) -> int:
        return values[preperiod + (m - preperiod) % period]

    by_value: dict[int, list[int]] = {}
    for r in range(period):
        by_value.setdefault(periodic(r), []).append(r)
    pieces: list[tuple[Any, Any]] = []
    for m in range(preperiod):
        if values[m] != periodic(m):
            pieces.append((sympy.Integer(values[m]), sympy.Eq(n, m)))
    ordered = sorted(by_value.items(), key=lambda item: item[1][0])
    if len(ordered) == 1 and not pieces:
        return sympy.Integer(ordered[0][0])
    for value, residues in ordered[:-1]:
        pieces.append((sympy.Integer(value), sympy.Or(*(sympy.Eq(residue, r) for r in residues))))
    pieces.append((sympy.Integer(ordered[-1][0]), sympy.true))
    return sympy.Piecewise(*pieces)
