"""The closed forms of `games.nim`, registered with ``cgt verify`` (importing registers them).

Each claim names its source; the reference is always the generic recursion `cgt.grundy` on
the positions themselves (``decompose=False`` for sums, so the xor law is checked, not used).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, combinations, product
from typing import Any

import sympy

import cgt
from games.nim.grundys_game import GrundysGame
from games.nim.moore import MooreNim
from games.nim.nim import ONE_HEAP_NIM, Nim
from games.nim.octal import octal
from games.nim.subtraction import subtraction
from games.nim.wythoff import Wythoff

__all__ = [
    "DAWSONS_CHESS_OEIS",
    "KAYLES_EXCEPTIONS",
    "KAYLES_PERIOD",
    "dawsons_chess_literature",
    "kayles_literature",
    "literal_seed_rule",
]

_n = sympy.Symbol("n")

# --- literature data, typed from the sources (never from our own computation) ----------------
# Kayles (0.77), OEIS A002186 / Winning Ways p. 91: "from n = 71 on periodic with period 12";
# the periodic values by n mod 12, and the only exceptions (n: value).
KAYLES_PERIOD = (4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7)
KAYLES_EXCEPTIONS = {
    0: 0, 3: 3, 6: 3, 9: 4, 11: 6, 15: 7, 18: 3, 21: 4, 22: 6, 28: 5, 34: 6, 39: 3, 57: 4, 70: 6,
}  # fmt: skip
# Dawson's chess (0.137), OEIS A002187 (Winning Ways pp. 89, 102): "period 34 with the only
# exceptions at n = 0, 14, 16, 17, 31, 34 and 51"; its first 132 terms as printed there.
DAWSONS_CHESS_OEIS = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0,
    2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4,
)  # fmt: skip


def kayles_literature(n: int) -> int:
    """Kayles' ``g(n)`` as published: the period-12 pattern with its 14 exceptions."""
    return KAYLES_EXCEPTIONS.get(n, KAYLES_PERIOD[n % 12])


def dawsons_chess_literature(n: int) -> int:
    """Dawson's chess ``g(n)``: the printed terms, then period 34 (last exception n = 51)."""
    if n < len(DAWSONS_CHESS_OEIS):
        return DAWSONS_CHESS_OEIS[n]
    return DAWSONS_CHESS_OEIS[52 + (n - 52) % 34]


# --- seed 001's rule as printed ---------------------------------------------------------------
@cgt.impartial_game
def literal_seed_rule(n: int, moves: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Seed 001's printed rule ``R(i) = {max(0, i - j) : j in S}``, read literally."""
    return [(max(0, n - s), moves) for s in moves]


def _grundy_or_loop(position: Any) -> Any:
    try:
        return cgt.grundy(position)
    except cgt.LoopyGameError as error:
        return f"loopy: {' -> '.join(repr(p.n) for p in error.cycle)}"


# --- families ---------------------------------------------------------------------------------
def _nim_positions(size: int, heaps: int = 4) -> Iterator[Nim]:
    for count in range(heaps + 1):
        for sizes in product(range(size + 1), repeat=count):
            yield Nim(sizes)


def _subsets(universe: int) -> list[tuple[int, ...]]:
    items = range(1, universe + 1)
    return [c for k in range(1, universe + 1) for c in combinations(items, k)]


_OCTAL_CODES = tuple(
    [f"0.{a}{b}" for a in range(8) for b in range(8) if a or b]
    + ["0.137", "0.106", "0.165", "4.7", "4.07"]
)


_CLAIM_SEARCH_BOUND = 512


def _octal_family(size: int) -> Iterator[Any]:
    for code in _OCTAL_CODES:
        game = octal(code, search_bound=_CLAIM_SEARCH_BOUND)
        yield from map(game.position, range(size))


_SPARSE_CODES = ("0.376", "0.354", "0.16", "0.56", "0.6", "0.051")


def _sparse_family(size: int) -> Iterator[Any]:
    """Heaps of games with long preperiods (and Grundy's game), fresh for each run."""
    for code in _SPARSE_CODES:
        game = octal(code, search_bound=_CLAIM_SEARCH_BOUND)
        yield from map(game.position, range(size))
    grundy = GrundysGame(_CLAIM_SEARCH_BOUND)
    yield from map(grundy.position, range(size))


def _engine_value(position: Any) -> int:
    """The value by the fastest engine (the compiled kernel when it can be built)."""
    return int(position.rules.sequence(position.n + 1)[position.n])


def _certified(position: Any) -> int:
    game = position.rules
    if game.period is None:
        return int(game.grundy(position.n))
    return int(game.periodic_grundy(position.n))


def _seed_81(size: int) -> Iterator[cgt.Sum]:
    s123, s23 = subtraction({1, 2, 3}), subtraction({2, 3})
    for i, j, k in product(range(size), repeat=3):
        yield cgt.Sum(Nim((i,)), s123.position(j), s23.position(k))


def _seed_81_closed_form(position: cgt.Sum) -> int:
    nim, heap123, heap23 = position.components
    a = (0, 0, 1, 1, 2)
    return int(nim.heaps[0] ^ (heap123.n % 4) ^ a[heap23.n % 5])


def _mixed_sums(size: int) -> Iterator[cgt.Sum]:
    s23, kayles = subtraction({2, 3}), octal("0.77")
    for i, j, k, x, y in product(range(size), repeat=5):
        if x <= y:
            yield cgt.Sum(Nim((i,)), s23.position(j), kayles.position(k), Wythoff(x, y))


def _mixed_closed_form(position: cgt.Sum) -> int:
    nim, sub, oct_, wyt = position.components
    return int(nim.grundy() ^ sub.rules.grundy(sub.n) ^ oct_.rules.grundy(oct_.n) ^ cgt.grundy(wyt))


def _product_grundy(position: Any) -> int:
    return cgt.grundy(position, decompose=False)


def _subtraction_strategy() -> Any:
    from hypothesis import strategies as st

    sets = st.frozensets(st.integers(1, 12), min_size=1, max_size=5)
    return st.builds(lambda s, n: subtraction(s).position(n), sets, st.integers(0, 600))


def _octal_strategy() -> Any:
    from hypothesis import strategies as st

    codes = st.sampled_from(_OCTAL_CODES)
    return st.builds(
        lambda code, n: octal(code, search_bound=_CLAIM_SEARCH_BOUND).position(n),
        codes,
        st.integers(0, 70),
    )


def _winning_moves_fast(position: Nim) -> frozenset[Nim]:
    return frozenset(move.result for move in position.winning_moves())


def _winning_moves_reference(position: Nim) -> frozenset[Nim]:
    return frozenset(o for o in position.options() if cgt.grundy(o) == 0)


def _moore_family(size: int) -> Iterator[MooreNim]:
    for k in (1, 2, 3):
        for count in range(1, 5):
            for sizes in product(range(size + 1), repeat=count):
                yield MooreNim(sizes, k)


def register() -> None:
    """Register every claim of `games.nim` (called once, on import of the package)."""
    cgt.register_claim(
        game="Nim",
        claim="g(heaps) = xor of the heap sizes",
        source="Bouton 1901; seed 001 Thm 7.2 + Ex 6.1",
        family=_nim_positions,
        quick=7,
        full=9,
        fast=lambda p: p.grundy(),
        checked_up_to="<= 4 heaps of size <= {size}",
    )
    cgt.register_claim(
        game="Nim",
        claim="winning moves: h -> h xor s wherever (h xor s) < h",
        source="Bouton 1901",
        family=lambda size: _nim_positions(size, heaps=3),
        quick=7,
        full=9,
        fast=_winning_moves_fast,
        reference=_winning_moves_reference,
        checked_up_to="<= 3 heaps of size <= {size}",
    )
    cgt.register_claim(
        game="one-heap Nim",
        claim="g(i) = i",
        source="seed 001 Ex 6.1",
        family=lambda size: (ONE_HEAP_NIM.position(i) for i in range(size)),
        quick=200,
        full=2000,
        fast=lambda p: ONE_HEAP_NIM.grundy(p.heaps[0]),
        checked_up_to="i < {size}",
    )
    s123, s23 = subtraction({1, 2, 3}), subtraction({2, 3})
    cgt.register_claim(
        game="subtraction {1,2,3}",
        claim="g(i) = i mod 4",
        source="seed 001 Ex 6.2",
        family=lambda size: map(s123.position, range(size)),
        quick=500,
        full=20_000,
        fast=sympy.Mod(_n, 4),
        checked_up_to="i < {size}",
    )
    cgt.register_claim(
        game="subtraction {2,3}",
        claim="g(i) = 0,0,1,1,2 by i mod 5",
        source="seed 001 Ex 6.3",
        family=lambda size: map(s23.position, range(size)),
        quick=500,
        full=20_000,
        fast=sympy.Piecewise((0, sympy.Mod(_n, 5) < 2), (1, sympy.Mod(_n, 5) < 4), (2, True)),
        checked_up_to="i < {size}",
    )
    cgt.register_claim(
        game="seed 001 printed rule",
        claim="R(i) = {max(0, i-j) : j in S} gives the tables of Ex 6.2",
        source="seed 001 Ex 4.2 / 6.2",
        family=lambda size: (literal_seed_rule(i, (1, 2, 3)) for i in range(size)),
        quick=10,
        full=10,
        fast=lambda p: p.n % 4,
        reference=_grundy_or_loop,
        expect="refuted",
        checked_up_to="i < {size}",
        note="read literally, position 0 moves to itself (0 -> 0); the tables follow the usual "
        "rule (take j only if j <= i), which games.nim uses",
    )
    cgt.register_claim(
        game="Nim + {1,2,3} + {2,3}",
        claim="g(i, j, k) = i xor (j mod 4) xor a_k",
        source="seed 001 Ex 8.1",
        family=_seed_81,
        quick=7,
        full=12,
        fast=_seed_81_closed_form,
        reference=_product_grundy,
        checked_up_to="i, j, k < {size}, product game",
    )
    cgt.register_claim(
        game="subtraction S ⊆ {1..6}",
        claim="certified (preperiod, period) from window n0 <= n < n0 + max S",
        source="periodicity window (seed 001: Sato Thm 5.3)",
        family=lambda size: chain.from_iterable(
            map(subtraction(s).position, range(size)) for s in _subsets(6)
        ),
        quick=80,
        full=400,
        fast=lambda p: p.rules.periodic_grundy(p.n),
        strategy=_subtraction_strategy,
        checked_up_to="all 63 sets, n < {size}; random S ⊆ {{1..12}}",
    )
    kayles, dawson, chess = octal("0.77"), octal("0.07"), octal("0.137")
    cgt.register_claim(
        game="Kayles 0.77",
        claim="period 12 from n = 71; 14 exceptions (last n = 70)",
        source="Guy-Smith 1956; WW p. 91; OEIS A002186",
        family=lambda size: map(kayles.position, range(size)),
        quick=110,
        full=300,
        fast=lambda p: kayles_literature(p.n),
        checked_up_to="n < {size}",
    )
    cgt.register_claim(
        game="Dawson's chess 0.137",
        claim="period 34; exceptions n = 0,14,16,17,31,34,51",
        source="Guy-Smith 1956; WW pp. 89, 102; OEIS A002187",
        family=lambda size: map(chess.position, range(size)),
        quick=110,
        full=300,
        fast=lambda p: dawsons_chess_literature(p.n),
        checked_up_to="n < {size}",
    )
    cgt.register_claim(
        game="Dawson's Kayles 0.07",
        claim="g_0.07(n) = g_0.137(n - 1) for n >= 1",
        source="WW p. 89; OEIS A002187",
        family=lambda size: map(dawson.position, range(1, size)),
        quick=110,
        full=300,
        fast=lambda p: dawsons_chess_literature(p.n - 1),
        checked_up_to="1 <= n < {size}",
    )
    cgt.register_claim(
        game="octal games",
        claim="rare/common values and certified periods = recursion",
        source="octal periodicity thm (Guy-Smith 1956; WW ch. 4)",
        family=_octal_family,
        quick=40,
        full=120,
        fast=_certified,
        strategy=_octal_strategy,
        checked_up_to="68 codes, n < {size}; random n <= 70; periods searched to 512",
    )
    cgt.register_claim(
        game="octal games (kernel)",
        claim="compiled rare/common kernel = recursion (0.376, 0.354, 0.16, 0.56, 0.6, 0.051, "
        "Grundy's game)",
        source="WW ch. 4 sparse space; Gangolli-Plambeck 1989; Flammenkamp",
        family=_sparse_family,
        quick=40,
        full=110,
        fast=_engine_value,
        checked_up_to="6 codes and Grundy's game, n < {size}",
    )
    cgt.register_claim(
        game="Wythoff",
        claim="P-positions: (floor(k phi), floor(k phi^2)) and mirror",
        source="Wythoff 1907",
        family=lambda size: (Wythoff(x, y) for x in range(size) for y in range(size)),
        quick=30,
        full=80,
        fast=lambda p: p.is_p_position(),
        reference=cgt.is_p_position,
        checked_up_to="x, y < {size}",
    )
    cgt.register_claim(
        game="Moore's Nim_k",
        claim="P iff every binary column sum = 0 mod k+1",
        source="Moore 1910",
        family=_moore_family,
        quick=3,
        full=5,
        fast=lambda p: p.is_p_position(),
        reference=cgt.is_p_position,
        checked_up_to="k <= 3, <= 4 heaps of size <= {size}",
    )
    cgt.register_claim(
        game="Nim + {2,3} + Kayles + Wythoff",
        claim="g(sum) = xor of the components' closed forms",
        source="Sprague-Grundy; seed 001 Thm 7.2",
        family=_mixed_sums,
        quick=3,
        full=4,
        fast=_mixed_closed_form,
        reference=_product_grundy,
        checked_up_to="every size < {size}, product game",
    )
