"""An independent, naive model of short games for testing `cgt.Game`: a game is a pair of
frozensets of games, compared by the definition and added by the definition.  Slow and simple,
sharing no code with `cgt`."""

from __future__ import annotations

from functools import cache

import cgt

Naive = tuple[frozenset, frozenset]

ZERO: Naive = (frozenset(), frozenset())


def game(left=(), right=()) -> Naive:
    return (frozenset(left), frozenset(right))


@cache
def le(g: Naive, h: Naive) -> bool:
    """g <= h unless some g^L >= h or some h^R <= g."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g: Naive, h: Naive) -> bool:
    return le(g, h) and le(h, g)


@cache
def add(g: Naive, h: Naive) -> Naive:
    left = {add(x, h) for x in g[0]} | {add(g, x) for x in h[0]}
    right = {add(x, h) for x in g[1]} | {add(g, x) for x in h[1]}
    return game(left, right)


@cache
def neg(g: Naive) -> Naive:
    return game({neg(x) for x in g[1]}, {neg(x) for x in g[0]})


def integer(n: int) -> Naive:
    g = ZERO
    for _ in range(abs(n)):
        g = game([g]) if n > 0 else game((), [g])
    return g


def dyadic(p: int, k: int) -> Naive:
    """p / 2**k as the naive tree {(p-1)/2**k | (p+1)/2**k} (p odd), or an integer."""
    if k == 0:
        return integer(p)
    lo, hi = p - 1, p + 1
    return game([_reduce(lo, k)], [_reduce(hi, k)])


def _reduce(p: int, k: int) -> Naive:
    while k and p % 2 == 0:
        p //= 2
        k -= 1
    return dyadic(p, k)


def nimber(m: int) -> Naive:
    stars = [nimber(j) for j in range(m)]
    return game(stars, stars)


STAR = nimber(1)
UP = game([ZERO], [STAR])


def times(g: Naive, n: int) -> Naive:
    total = ZERO
    for _ in range(abs(n)):
        total = add(total, g if n > 0 else neg(g))
    return total


@cache
def to_game(g: Naive) -> cgt.Game:
    return cgt.Game(left=[to_game(x) for x in g[0]], right=[to_game(x) for x in g[1]])


@cache
def birthday(g: Naive) -> int:
    return 1 + max((birthday(x) for x in g[0] | g[1]), default=-1)


def born_by(day: int) -> list[Naive]:
    """Every game form (options drawn from the forms born by day-1), deduplicated by value."""
    games = [ZERO]
    for _ in range(day):
        subsets = [[]]
        for g in games:
            subsets += [[*s, g] for s in subsets]
        forms = [game(a, b) for a in subsets for b in subsets]
        distinct: list[Naive] = []
        for f in forms:
            if not any(eq(f, d) for d in distinct):
                distinct.append(f)
        games = distinct
    return games
