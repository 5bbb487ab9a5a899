"""The laws of temperature theory, registered with ``cgt verify`` (plug-in ``thermal-laws``).

Each law is checked on every pair of games from a fixed list (the 22 games born by day 2, then
games ``{a | b}`` with ``a``, ``b`` born by day 2), in order of size, so the first failure is a
smallest counterexample; and on random games.  One law as stated in issue 7, "cooling commutes
with sums", fails below ``t = 0`` (cooling is defined from ``t = -1``): it is registered as
refuted next to the corrected law for ``t >= 0``, which holds.

>>> import cgt.verification.laws
>>> [c.claim for c in cgt.verification.laws.CLAIMS][:2]
['mean(G + H) = mean(G) + mean(H)', 'temperature(G + H) <= max(temperature(G), temperature(H))']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from cgt.infinitesimals.atomic import atomic_weight, is_all_small
from cgt.infinitesimals.reduction import ish, reduced
from cgt.partizan.game import Game
from cgt.thermal.thermography import mean, temperature
from cgt.verification.registry import Claim, register_claim

__all__ = ["CLAIMS", "games_in_order"]

NONNEGATIVE = (
    Fraction(0),
    Fraction(1, 4),
    Fraction(1, 2),
    Fraction(1),
    Fraction(3, 2),
    Fraction(2),
)
ALL_TEMPERATURES = (Fraction(-1), Fraction(-1, 2), Fraction(-1, 4), *NONNEGATIVE)


@functools.cache
def games_in_order() -> tuple[Game, ...]:
    """The games born by day 2, then ``{a | b}`` for ``a``, ``b`` born by day 2 (by birthday)."""
    days = [Game(0)]
    for _ in range(2):
        subsets = [list(s) for n in range(len(days) + 1) for s in itertools.combinations(days, n)]
        days = list(dict.fromkeys(Game(left=a, right=b) for a in subsets for b in subsets))
    days.sort(key=lambda g: (g.birthday, str(g)))
    more = dict.fromkeys(Game(left=[a], right=[b]) for a in days for b in days)
    extra = sorted((g for g in more if g not in set(days)), key=lambda g: (g.birthday, str(g)))
    return tuple(days) + tuple(extra)


def _pairs(size: int) -> Iterator[tuple[Game, Game]]:
    """Pairs ``(G, H)`` of the first ``size`` games, smallest total birthday first."""
    chosen = games_in_order()[:size]
    pairs = [(g, h) for k, h in enumerate(chosen) for g in chosen[: k + 1]]
    pairs.sort(key=lambda pair: pair[0].birthday + pair[1].birthday)
    yield from pairs


def _with(temperatures: tuple[Fraction, ...]) -> Callable[[int], Iterator[Any]]:
    def family(size: int) -> Iterator[Any]:
        for g, h in _pairs(size):
            for t in temperatures:
                yield (g, h, t)

    return family


def _random_pairs(temperatures: tuple[Fraction, ...] | None = None) -> Any:
    from hypothesis import strategies as st

    atoms = st.sampled_from(games_in_order()[:60])
    game = st.recursive(
        atoms,
        lambda kids: st.builds(
            lambda a, b: Game(left=a, right=b),
            st.lists(kids, max_size=2),
            st.lists(kids, max_size=2),
        ),
        max_leaves=4,
    )
    if temperatures is None:
        return st.tuples(game, game)
    return st.tuples(game, game, st.sampled_from(temperatures))


def _all_small_pairs(size: int) -> Iterator[tuple[Game, Game]]:
    for g, h in _pairs(size):
        if is_all_small(g) and is_all_small(h):
            yield (g, h)


_GAME = "temperature theory"
_PAIRS = "pairs of the first {size} games (day 2, then {{a|b}})"

CLAIMS: tuple[Claim, ...] = (
    Claim(
        game=_GAME,
        claim="mean(G + H) = mean(G) + mean(H)",
        source="Winning Ways ch. 6; Siegel II.5; issue 7",
        family=_pairs,
        quick=40,
        full=160,
        fast=lambda p: mean(p[0] + p[1]),
        reference=lambda p: mean(p[0]) + mean(p[1]),
        strategy=_random_pairs,
        checked_up_to=_PAIRS,
    ),
    Claim(
        game=_GAME,
        claim="temperature(G + H) <= max(temperature(G), temperature(H))",
        source="Winning Ways ch. 6; Siegel II.5; issue 7",
        family=_pairs,
        quick=40,
        full=160,
        fast=lambda p: True,
        reference=lambda p: temperature(p[0] + p[1]) <= max(temperature(p[0]), temperature(p[1])),
        strategy=_random_pairs,
        checked_up_to=_PAIRS,
    ),
    Claim(
        game=_GAME,
        claim="(G + H) cooled by t = G_t + H_t, for t >= 0",
        source="Siegel II.5 (cooling is a homomorphism); corrected form of issue 7's law",
        family=_with(NONNEGATIVE),
        quick=22,
        full=80,
        fast=lambda p: (p[0] + p[1]).cool(p[2]),
        reference=lambda p: p[0].cool(p[2]) + p[1].cool(p[2]),
        strategy=lambda: _random_pairs(NONNEGATIVE),
        checked_up_to=_PAIRS + ", t in {{0, 1/4, 1/2, 1, 3/2, 2}}",
    ),
    Claim(
        game=_GAME,
        claim="(G + H) cooled by t = G_t + H_t, for every t >= -1",
        source="issue 7 ('cooling commutes with sums', no range; cooling is defined for t >= -1)",
        family=_with(ALL_TEMPERATURES),
        quick=22,
        full=22,
        fast=lambda p: (p[0] + p[1]).cool(p[2]),
        reference=lambda p: p[0].cool(p[2]) + p[1].cool(p[2]),
        expect="refuted",
        checked_up_to=_PAIRS + ", t in {{-1, -1/2, -1/4, 0, ...}}",
        note="fails below t = 0, where cooling depends on the form (canonical forms are cooled); "
        "smallest counterexamples (total birthday 3): * + {*|-1} and * + {1|*} at t = -1",
    ),
    Claim(
        game=_GAME,
        claim="aw(G + H) = aw(G) + aw(H) for all-small G, H",
        source="Winning Ways ch. 8; Siegel II.7",
        family=_all_small_pairs,
        quick=120,
        full=600,
        fast=lambda p: atomic_weight(p[0] + p[1]),
        reference=lambda p: atomic_weight(p[0]) + atomic_weight(p[1]),
        checked_up_to="all-small pairs among the first {size} games",
    ),
    Claim(
        game=_GAME,
        claim="reduced(G + H) = reduced(reduced(G) + reduced(H)), and G is reduced(G)-ish",
        source="Calistrate 1996; Grossman and Siegel 2009; Siegel II.6",
        family=_pairs,
        quick=40,
        full=160,
        fast=lambda p: reduced(p[0] + p[1]),
        reference=lambda p: (
            reduced(reduced(p[0]) + reduced(p[1])) if ish(p[0], reduced(p[0])) else None
        ),
        strategy=_random_pairs,
        checked_up_to=_PAIRS,
    ),
)

for _claim in CLAIMS:
    register_claim(_claim)
