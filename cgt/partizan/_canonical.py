"""The engine behind `cgt.Game`: interning, comparison, sums and canonical forms.

Every value is a `_Node`-like `Game` object made here and nowhere else, in one of two shapes:

* **NUS**: ``node._nus = (p, k, n, m)`` for ``p/2**k + n.↑ + *m`` (see `cgt._nus`); its
  options are produced on demand from the closed form, so the integer ``10**6`` is one object,
  not a chain of a million.
* **general**: ``node._nus is None`` and ``node._left`` / ``node._right`` are tuples of
  canonical games (never empty on both sides, never equal to a NUS value).

Each canonical game is interned under a key (its NUS tuple, or the sorted ids of its options),
so equal values are one object and compare with ``is``.  Interned games get increasing integer
ids, never reused; caches of comparisons and sums are keyed by ids and bounded
(`cgt.core.memo.Memo`).  The intern table holds its games weakly: a value that nothing refers to
any more (no variable, no option of a live game, no cache entry) is dropped, so the table does
not grow without bound; ``cgt.clear_caches()`` empties the caches and then the table of the
values only they kept.  A value still referred to stays in the table, so equal values are always
one object.

The algorithms (Siegel, *Combinatorial Game Theory*, ch. II; Conway, *On Numbers and Games*):

* ``G <= H`` unless some ``G^L >= H`` or some ``H^R <= G``.  With a number ``x`` and a game ``G``
  that is not a number, number avoidance shortens this to: ``x <= G`` iff no ``G^R <= x``, and
  ``G <= x`` iff no ``G^L >= x``; so comparisons never walk down the options of numbers.
* ``G + H = {G^L + H, G + H^L | G^R + H, G + H^R}``; a number ``x`` translates:
  ``G + x = {G^L + x | G^R + x}`` when ``G`` is not a number.
* Canonical form of ``{L | R}``: remove dominated options (a left option ``<=`` another one; a
  right option ``>=`` another), bypass reversible ones (a left option ``A`` with some
  ``A^R <= G`` is replaced by the left options of ``A^R``; dually for Right), until neither
  applies.  When every option is a number the simplicity theorem gives the value at once.

These functions recurse on options (plain Python calls, no C stack); public entry points wrap
them in `cgt.core._deep.deep` so deep games work.  Later modules (thermography: stops, cooling) can
build on `left_of`, `right_of`, `le`, `add`, `neg`, `make` and `from_nus`.
"""

from __future__ import annotations

import gc
import itertools
import operator
import sys
import threading
import weakref
from collections.abc import Callable
from typing import Any

from cgt.core._deep import hop_points
from cgt.core.errors import TooDeepError
from cgt.core.memo import Memo, after_clear
from cgt.partizan._nus import (
    EQUAL,
    GREATER,
    LESS,
    Dyadic,
    Nus,
    dyadic_compare,
    nus_add,
    nus_birthday,
    nus_neg,
    nus_options,
    nus_sign,
    simplest_between,
)

Node = Any
"""A node of the engine: an instance of `cgt.Game` (made through `_game_class`, which
`cgt.partizan.game` sets).  Typed loosely: the engine does not import the class built on it."""

__all__ = ["add", "birthday", "from_nus", "le", "left_of", "make", "make_split", "neg", "right_of"]

_INTERN: dict[Any, weakref.ref[Node]] = {}
"""Key -> a weak reference to the one canonical game with that key (dead ones are swept)."""
_INTERN_LOCK = threading.Lock()
"""Held to add to the table (and sweep it), so threads racing to intern a value get one node."""
_sweep_at = 1 << 16
_ids = itertools.count()

_LE: Memo[bool] = Memo("game-compare")
_LE_TABLE = _LE.table  # (a memo's dictionary is the same object for good; read on the hot path)
_SUM: Memo[Any] = Memo("game-sum")
_CANONICAL: Memo[Any] = Memo("game-canonical")
_CANONICAL_TABLE = _CANONICAL.table
_SIMPLEST: Memo[Any] = Memo("game-simplest")

_game_class: Any = None  # cgt.partizan.game.Game, set by cgt.partizan.game


def _new(nus: Nus | None, left: tuple[Node, ...] | None, right: tuple[Node, ...] | None) -> Node:
    node = object.__new__(_game_class)
    node._id = next(_ids)
    node._nus = nus
    node._left = left
    node._right = right
    node._neg = None
    node._birthday = None
    node._stops = None
    return node


def _interned(key: Any) -> Node | None:
    ref = _INTERN.get(key)
    return None if ref is None else ref()


def _intern(key: Any, candidate: Node) -> Node:
    """The node interned under ``key``: the existing live one, else ``candidate``."""
    global _sweep_at
    with _INTERN_LOCK:
        ref = _INTERN.get(key)
        node = None if ref is None else ref()
        if node is not None:
            return node
        _INTERN[key] = weakref.ref(candidate)
        if len(_INTERN) >= _sweep_at:
            _sweep()
            _sweep_at = max(1 << 16, 2 * len(_INTERN))
    return candidate


def _sweep() -> None:
    """Drop the keys of values that were garbage-collected (call with the lock held)."""
    dead = [key for key, ref in _INTERN.items() if ref() is None]
    for key in dead:
        del _INTERN[key]


def sweep_intern_table() -> None:
    """Forget the interned values that nothing refers to any more (`cgt.clear_caches` calls it
    after emptying the caches)."""
    gc.collect()  # values that only refer to each other (a game and its negative)
    with _INTERN_LOCK:
        _sweep()


after_clear(sweep_intern_table)


def intern_table_size() -> int:
    """How many values are interned (live or not yet swept)."""
    return len(_INTERN)


def from_nus(nus: Nus) -> Node:
    """The interned game ``p/2**k + n.↑ + *m``."""
    ref = _INTERN.get(nus)
    node = None if ref is None else ref()
    if node is None:
        node = _intern(nus, _new(nus, None, None))
    return node


def _fill_nus_options(node: Node) -> None:
    left, right = nus_options(node._nus)
    node._left = tuple(from_nus(a) for a in left)
    node._right = tuple(from_nus(a) for a in right)


def left_of(node: Node) -> tuple[Node, ...]:
    """The canonical left options (made on demand for NUS values)."""
    if node._left is None:
        _fill_nus_options(node)
    return node._left


def right_of(node: Node) -> tuple[Node, ...]:
    """The canonical right options (made on demand for NUS values)."""
    if node._right is None:
        _fill_nus_options(node)
    return node._right


def _number(node: Node) -> Dyadic | None:
    nus = node._nus
    if nus is not None and nus[2] == 0 and nus[3] == 0:
        return (nus[0], nus[1])
    return None


# ---------------------------------------------------------------------------------- comparison


def le(g: Node, h: Node) -> bool:
    """``g <= h``.  ``g`` or ``h`` may be a temporary (id -1) game built during canonicalization."""
    if g is h:
        return True
    gn = g._nus
    hn = h._nus
    if gn is not None and hn is not None:
        return _nus_le(gn, hn)
    gid = g._id
    hid = h._id
    cacheable = gid >= 0 and hid >= 0
    if cacheable:
        key = (gid, hid)
        known = _LE_TABLE.get(key)
        if known is not None:
            return known
        # Stops keep the order (G <= H gives L(G) <= L(H) and R(G) <= R(H)): most pairs that
        # are not in order are told apart by their stops, without walking their options.
        gs = g._stops or stops(g)
        hs = h._stops or stops(h)
        a, b = gs[0], hs[0]
        c, d = gs[1], hs[1]
        if a[0] << b[1] > b[0] << a[1] or c[0] << d[1] > d[0] << c[1]:
            return False
    result = True
    shifted = None
    if _BASE_TABLE and cacheable:  # sums remembered as G + ε: compare through G
        shifted = _le_by_base(g, h) if (gn is None) != (hn is None) else _le_same_base(g, h)
    if shifted is not None:
        result = shifted
    elif hn is not None and hn[2] == 0 and hn[3] >= NIM_TRANSLATE_FROM:
        result = _le_big_nimber(g, hn, g_below=True)
    elif gn is not None and gn[2] == 0 and gn[3] >= NIM_TRANSLATE_FROM:
        result = _le_big_nimber(h, gn, g_below=False)
    elif gn is not None and gn[2] == 0 and gn[3] == 0 and hid >= 0:
        # g is a number, h a canonical non-number: g <= h iff no h^R <= g.
        for hr in h._right:
            if le(hr, g):
                result = False
                break
    elif hn is not None and hn[2] == 0 and hn[3] == 0 and gid >= 0:
        # h is a number, g a canonical non-number: g <= h iff no g^L >= h.
        for gl in g._left:
            if le(h, gl):
                result = False
                break
    elif hid >= 0:
        for gl in left_of(g):
            if le(h, gl):
                result = False
                break
        else:
            for hr in right_of(h):
                if le(hr, g):
                    result = False
                    break
    else:  # h is being canonicalized: its options first (they compare through the cache)
        for hr in h._right:
            if le(hr, g):
                result = False
                break
        else:
            for gl in left_of(g):
                if le(h, gl):
                    result = False
                    break
    if cacheable:
        if _LE.limit is None or len(_LE_TABLE) < _LE.limit:
            _LE_TABLE[key] = result
        else:
            _LE[key] = result  # (drops the older half first)
    return result


def _nus_le(a: Nus, b: Nus) -> bool:
    """``a <= b`` for NUS values: ``b - a = d + n.↑ + *m`` is ``>= 0`` (see `cgt._nus`)."""
    if a[1] == b[1]:
        if a[0] != b[0]:
            return a[0] < b[0]
    else:
        order = dyadic_compare((a[0], a[1]), (b[0], b[1]))
        if order:
            return order < 0
    n = b[2] - a[2]
    if n == 0:
        return a[3] == b[3]
    if n == 1:
        return a[3] ^ b[3] != 1
    return n > 1


# -------------------------------------------------------------------------------------- sums


def neg(g: Node) -> Node:
    """``-g = {-g^R | -g^L}`` (negation keeps a canonical form canonical)."""
    if g._nus is not None:
        return from_nus(nus_neg(g._nus))
    result = g._neg
    if result is None:
        left = [neg(x) for x in g._right]
        right = [neg(x) for x in g._left]
        result = _intern_general(tuple(left), tuple(right))
        g._neg = result
        result._neg = g
        known = _BASE.table.get(g._id)
        if known is not None:  # -(G + ε) = -G + (-ε)
            _remember_base(result, neg(known[0]), nus_neg(known[1]))
    return result


def add(g: Node, h: Node) -> Node:
    """``g + h`` in canonical form."""
    gn = g._nus
    hn = h._nus
    if gn is not None and hn is not None:
        return from_nus(nus_add(gn, hn))
    if gn == (0, 0, 0, 0):
        return h
    if hn == (0, 0, 0, 0):
        return g
    if g._neg is h:  # G + (-G) = 0, without exploring the (quadratic) game tree of the sum
        return from_nus((0, 0, 0, 0))
    gid = g._id
    hid = h._id
    key = (gid, hid) if gid <= hid else (hid, gid)
    known = _SUM.table.get(key)
    if known is not None:
        return known
    if gn is not None:
        g, h, gn, hn = h, g, hn, gn  # g is not a NUS value; h may be one
    known = _BASE.table.get(g._id) if hn is not None and _BASE.table else None
    if known is not None and known[1][3] > MAX_NIMBER_BY_OPTIONS:
        result = add(known[0], from_nus(nus_add(known[1], hn)))  # the huge nimber goes last
    elif hn is not None and hn[2] == 0 and hn[3] == 0:
        result = make([add(x, h) for x in g._left], [add(x, h) for x in g._right])
        _remember_base(result, g, hn)
    elif hn is not None:
        result = _add_nus(g, hn)
    else:
        result = _add_based(g, h) if _BASE.table else None
        if result is None:
            left = [add(x, h) for x in g._left] + [add(g, x) for x in h._left]
            right = [add(x, h) for x in g._right] + [add(g, x) for x in h._right]
            result = make(left, right)
    _SUM[key] = result
    return result


def _add_nus(g: Node, nus: Nus) -> Node:
    """``g + (x + n.↑ + *m)`` for a game ``g`` that is not a NUS value (``n`` or ``m`` not 0).

    A sum made here remembers its base ``g`` and ``ε`` (`_BASE`), so adding another NUS value
    ``ε'`` to it is ``g + (ε + ε')`` (``g`` at once when ``ε' = -ε``), and two sums on one base
    compare as their ``ε``.  A huge nimber goes first (`_add_big_nimber`), then many ups
    (`_translate`), then the number; otherwise the sum is taken option by option.
    """
    known = _BASE.table.get(g._id)
    if known is not None:
        total = nus_add(known[1], nus)
        # Never trade a small ε for a big one, unless g holds a huge nimber: summed option by
        # option, g's options x + *m would be compared with all their m options.
        if _big(nus) or not _big(total) or known[1][3] >= NIM_TRANSLATE_FROM:
            return add(known[0], from_nus(total))
    base, whole = g, nus
    p, k, n, m = nus
    result = None
    if m >= NIM_TRANSLATE_FROM:
        # The number and the ups first, so that no huge nimber meets a canonical-form search.
        first = g if (p, k, n) == (0, 0, 0) else add(g, from_nus((p, k, n, 0)))
        result = _add_big_nimber(first, m) if first._nus is None else None
        if result is None and m > MAX_NIMBER_BY_OPTIONS:
            raise TooDeepError(
                f"adding *{m} to {_short(first)} takes one option per nimber here (its moves "
                f"in the nimber are not dominated), more than the {MAX_NIMBER_BY_OPTIONS:,} "
                "options cgt makes"
            )
    if result is None and abs(n) >= TRANSLATE_FROM:
        result = _translate(g, nus)
    if result is None:
        _check_chain(nus, g)
        h = from_nus(nus)
        left = [add(x, h) for x in g._left] + [add(g, x) for x in left_of(h)]
        right = [add(x, h) for x in g._right] + [add(g, x) for x in right_of(h)]
        result = make(left, right)
    _remember_base(result, base, whole)
    return result


MAX_UPS_BY_OPTIONS = 100_000
"""A sum with ``n.↑`` that `_translate` cannot shorten recurses once per up: beyond this many,
`cgt.TooDeepError` at once rather than after minutes and gigabytes."""


def _check_chain(nus: Nus | None, other: Node) -> None:
    if nus is not None and abs(nus[2]) > MAX_UPS_BY_OPTIONS:
        raise TooDeepError(
            f"adding {abs(nus[2])} {'ups' if nus[2] > 0 else 'downs'} to a game that is not a "
            "number walks down the up-multiple one up at a time here (its moves there are not "
            f"dominated), more than the {MAX_UPS_BY_OPTIONS:,} steps cgt follows"
        )


TRANSLATE_FROM = 16
"""Up-multiples ``n.↑`` with ``|n|`` at least this are added to other games by `_translate`."""


def _translate(g: Node, nus: Nus) -> Node | None:
    """``g + (x + n.↑ + *m)`` for a game ``g`` that is not a NUS value and ``|n| >= 3``, as
    ``{g^L + ε | g^R + ε} + x`` (``ε = n.↑ + *m``) when the moves in ``ε`` are dominated, else
    ``None`` (the caller sums option by option, one level per up).

    For ``n >= 2``, ``ε = {0 | (n-1).↑ + *(m xor 1)}``.  Left's move to ``g + 0`` is dominated by
    a move to ``g^L + ε`` when ``I + ε >= 0`` for the incentive ``I = g^L - g``; as ``ε`` grows
    with ``n``, ``I + 3.↑ + *m >= 0`` is enough.  Right's move to ``g + ε^R`` is dominated by
    ``g^R + ε`` when ``(g - g^R) + (ε^R - ε) = (g - g^R) + ↓* >= 0``.  For ``n <= -2``,
    ``ε = {(n+1).↑ + *(m xor 1) | 0}``: the same with the two tests exchanged (``ε - ε^L = ↓*``
    and ``-ε = |n|.↑ + *m``).  A dominated option can be dropped from any form of a game.
    Each condition is an exact comparison of small games, so the answer is exact; the sum
    then takes ``|g|`` steps instead of ``n``.
    """
    p, k, n, m = nus
    eps = from_nus((0, 0, n, m))
    ups = from_nus((0, 0, 3, m))  # I + 3.↑ + *m <= I + |n|.↑ + *m when |n| >= 3
    down_star = from_nus((0, 0, -1, 1))
    left_test, right_test = (ups, down_star) if n > 0 else (down_star, ups)
    # I + t >= 0 with I = g^L - g is g <= g^L + t; with I = g - g^R it is g^R <= g + t.  Written
    # so, no sum involves the many ups (a sum of g and -g would translate again, endlessly).
    if not any(le(g, add(x, left_test)) for x in g._left):
        return None  # Left's move in ε may matter
    shifted = add(g, right_test)
    if not any(le(x, shifted) for x in g._right):
        return None  # Right's move in ε may matter
    result = make([add(x, eps) for x in g._left], [add(x, eps) for x in g._right])
    return result if (p, k) == (0, 0) else add(result, from_nus((p, k, 0, 0)))


NIM_TRANSLATE_FROM = 64
"""Nimbers ``*m`` with ``m`` at least this are added to (and compared with) other games by
`_add_big_nimber` and `_le_big_nimber` rather than one option per smaller nimber."""

MAX_NIMBER_BY_OPTIONS = 256
"""A sum with ``*m`` that `_add_big_nimber` cannot shorten makes ``m`` options (and compares
them pairwise): beyond this ``m``, `cgt.TooDeepError` at once (``{1|±1} + *100`` has 101 left
options and takes 15 s; a canonical form with ``m`` options has no shorter form to find)."""

_BASE: Memo[tuple[Node, Nus]] = Memo("game-translation-base")
_BASE_TABLE = _BASE.table  # (a memo's dictionary is the same object for good)
"""Id of a sum ``g + ε`` made with a big NUS value ``ε`` -> ``(g, ε)`` (see `_add_nus`)."""
_NIMBER_BOUND: Memo[int] = Memo("game-nimber-bound")


def _big(nus: Nus) -> bool:
    return abs(nus[2]) >= TRANSLATE_FROM or nus[3] >= NIM_TRANSLATE_FROM


def _remember_base(result: Node, g: Node, nus: Nus) -> None:
    """Record ``result = g + nus`` when ``nus`` (summed down to a game with no base) is big."""
    if result._nus is not None or result._id in _BASE.table:
        return
    known = _BASE.table.get(g._id)
    while known is not None:  # bases form no cycle: each pointed at a game without a base
        g, nus = known[0], nus_add(known[1], nus)
        known = _BASE.table.get(g._id)
    if g is not result and _big(nus):
        _BASE[result._id] = (g, nus)


def _le_same_base(g: Node, h: Node) -> bool | None:
    """``G + ε <= G + ε'`` iff ``ε <= ε'`` (two games that are not NUS values); else ``None``."""
    a = _BASE.table.get(g._id)
    b = _BASE.table.get(h._id)
    if a is None or b is None or a[0] is not b[0]:
        return None
    return _nus_le(a[1], b[1])


def _le_by_base(g: Node, h: Node) -> bool | None:
    """``g <= h`` for a remembered sum ``G + ε`` and a NUS value ``y`` (either way round), as
    ``G <= y - ε`` (or ``y - ε <= G``) when ``y - ε`` is small; else ``None``."""
    known = _BASE.table.get(g._id if h._nus is not None else h._id)
    if known is None:
        return None
    base, eps = known
    y = h._nus if h._nus is not None else g._nus
    rest = nus_add(y, nus_neg(eps))
    if _big(rest):
        return None
    return le(base, from_nus(rest)) if h._nus is not None else le(from_nus(rest), base)


def _add_based(g: Node, h: Node) -> Node | None:
    """``g + h`` for two games that are not NUS values, as ``(G + H) + (ε + ε')`` when one of
    them is a remembered sum ``G + ε`` (``H + ε'``) and ``ε + ε'`` is small; else ``None``."""
    zero = (0, 0, 0, 0)
    a = _BASE.table.get(g._id)
    b = _BASE.table.get(h._id)
    if a is None and b is None:
        return None
    base_g, eps_g = a if a is not None else (g, zero)
    base_h, eps_h = b if b is not None else (h, zero)
    eps = nus_add(eps_g, eps_h)
    if _big(eps):
        return None
    return add(add(base_g, base_h), from_nus(eps))


def _add_big_nimber(g: Node, m: int) -> Node | None:
    """``g + *m`` as ``{g^L + *m | g^R + *m}`` for a game ``g`` that is not a NUS value, when
    the moves in ``*m`` are dominated and no option is reversible, else ``None``.

    ``g + *m = {g^L + *m, g + *k | g^R + *m, g + *k}`` (``k < m``).  Left's move to ``g + *k``
    is dominated by ``g^L + *m`` when ``g + *k <= g^L + *m``, that is ``I >= *j`` for the
    incentive ``I = g^L - g`` and ``j = m xor k``; Right's likewise when ``g^R - g <= *j``.
    Remote nimbers: for a game ``I`` (any form) and ``j, j' > b(I)``, its birthday, ``I >= *j``
    iff ``I >= *j'``, and ``I <= *j`` iff ``I <= *j'``.  Proof, by induction on ``I``: put
    ``X(j) = [I >= *j]``, ``Y(j) = [I <= *j]``.  ``I + *j >= 0`` iff Right has no move to a game
    ``<= 0``: ``X(j) = A ∧ (no j' < j has Y(j'))`` where ``A`` (no ``I^R <= *j``) does not
    depend on ``j > b(I) > b(I^R)`` by induction; likewise ``Y(j) = A' ∧ (no j' < j has
    X(j'))``.  With ``t = b(I) + 1``, ``X(t)`` and ``Y(t)`` are not both true (``I`` is not
    ``*t``, a game born later), so ``X(t + 1) = X(t) ∧ ¬Y(t) = X(t)``, and so on for every
    ``j > t``; the same for ``Y``.  ``g^L - g`` (the sum of the forms) is born by day
    ``b(g^L) + b(g) < 2 b(g) <= 2**B``, so one comparison with ``*2**B`` decides every
    ``j >= 2**B``; the ``j = m xor k < 2**B`` (``k`` and ``m`` alike above the last ``B``
    bits) are checked one by one.  Dominated options can be dropped from any form, and adding
    ``*m`` keeps the order of ``g``'s options, so none dominates another; reversible ones are
    looked for by `_reversible`.  ``|g|`` steps instead of ``m``.

    >>> from cgt import Game
    >>> _add_big_nimber(Game("{1|-1}"), 10**7 + 5)  # {2|0} + *j >= 0 for every j
    Game('±1*10000005')
    """
    size = 1 << (2 * birthday(g) - 1).bit_length()
    low = m & (size - 1)
    if m < size:
        return None  # a small nimber for this g: the caller sums option by option
    for j in [low ^ r for r in range(low)] + [size]:
        star = from_nus((0, 0, 0, j))
        if not any(le(g, add(x, star)) for x in g._left):
            return None
        if not any(le(add(x, star), g) for x in g._right):
            return None
    star = from_nus((0, 0, 0, m))
    left = [add(x, star) for x in g._left]
    right = [add(x, star) for x in g._right]
    if any(_reversible(a, g, m, True) for a in left):
        return None
    if any(_reversible(b, g, m, False) for b in right):
        return None
    result = _intern_general(tuple(left), tuple(right))
    _remember_base(result, g, (0, 0, 0, m))
    return result


def _reversible(a: Node, g: Node, high: int, left: bool) -> bool:
    """Whether the option ``a`` of ``{g^L + *h | g^R + *h}`` (``h`` = ``high``) is reversible.

    The options are not dominated (adding ``*h`` keeps the order of ``g``'s options), and a left
    option ``a`` is reversible when some ``a^R <= g + *h``, that is ``a^R + *h <= g``.  When
    ``a = x + *m`` has many right options ``x + *k``, ``x + *(k xor h) <= g`` does not depend on
    ``k xor h >= t`` = `_nimber_bound` ``(g)`` (see `_le_big_nimber`): the ``k xor h < t`` and
    one more decide.  Mirror image for Right.
    """
    nus = a._nus
    if nus is not None and nus[2] == 0 and nus[3] >= NIM_TRANSLATE_FROM:
        p, k, _, m = nus
        bound = _nimber_bound(g)
        shifted = [j for j in range(bound) if j ^ high < m] + [bound]
        replies = [from_nus((p, k, 0, j)) for j in shifted]
    else:
        star = from_nus((0, 0, 0, high))
        replies = [add(x, star) for x in (right_of(a) if left else left_of(a))]
    if left:
        return any(le(x, g) for x in replies)
    return any(le(g, x) for x in replies)


def _nimber_bound(g: Node) -> int:
    """One more than the largest ``m`` of a follower ``x + *m`` of ``g`` (NUS values bound it
    in closed form: ``(m | 1) + 1`` for ``x + n.↑ + *m``); see `_le_big_nimber`."""
    nus = g._nus
    if nus is not None:
        return (nus[3] | 1) + 1
    known = _NIMBER_BOUND.table.get(g._id) if g._id >= 0 else None
    if known is None:
        known = max(_nimber_bound(x) for x in g._left + g._right)
        if g._id >= 0:
            _NIMBER_BOUND[g._id] = known
    return known


def _le_big_nimber(g: Node, nus: Nus, g_below: bool) -> bool:
    """``g <= x + *m`` (``g_below``) or ``x + *m <= g``, for ``g`` not a NUS value, big ``m``.

    ``g <= x + *m`` iff no ``g^L >= x + *m`` and no ``x + *k <= g`` (``k < m``), that is no
    ``g - x >= *k``.  The followers of ``g - x`` (the sum of the forms) that equal a nimber
    ``*i`` are ``a - y`` with ``a = y + *i`` a follower of ``g``, so ``i < t`` =
    `_nimber_bound` ``(g)``; and for a game ``I`` none of whose followers is ``*i`` with
    ``i >= t``, ``I >= *j`` does not depend on ``j >= t`` (the induction of `_add_big_nimber`,
    started at ``t``).  So the ``k`` from ``0`` to ``t`` decide for every ``k < m`` when
    ``m > t``; the other direction is the mirror image.
    """
    p, k, _, m = nus
    count = min(m, _nimber_bound(g) + 1)
    if count > MAX_UPS_BY_OPTIONS:
        raise TooDeepError(
            f"comparing *{m} with {_short(g)} that holds nimbers up to *{count - 1} takes one "
            f"comparison per nimber, more than the {MAX_UPS_BY_OPTIONS:,} cgt makes"
        )
    here = from_nus(nus)
    smaller = [from_nus((p, k, 0, j)) for j in range(count)]
    if g_below:
        return not any(le(here, x) for x in g._left) and not any(le(x, g) for x in smaller)
    return not any(le(x, here) for x in g._right) and not any(le(g, x) for x in smaller)


def _short(g: Node) -> str:
    return f"a game born on day {birthday(g)}" if g._id >= 0 else "a game"


# ---------------------------------------------------------------------------- canonical form


def _all_numbers(left: list[Node], right: list[Node]) -> Node | None:
    """The value of ``{left | right}`` when every option is a number and it is a NUS value.

    ``p/2**k`` is compared with ``q/2**j`` as ``p * 2**j`` with ``q * 2**k``.
    """
    best_p = best_k = least_p = least_k = 0
    have_best = have_least = False
    for g in left:
        nus = g._nus
        if nus is None or nus[2] or nus[3]:
            return None
        p, k = nus[0], nus[1]
        if not have_best or (p << best_k) > (best_p << k):
            best_p, best_k, have_best = p, k, True
    for g in right:
        nus = g._nus
        if nus is None or nus[2] or nus[3]:
            return None
        p, k = nus[0], nus[1]
        if not have_least or (p << least_k) < (least_p << k):
            least_p, least_k, have_least = p, k, True
    if have_best and have_least:
        high, low = best_p << least_k, least_p << best_k
        if high == low:
            return from_nus((best_p, best_k, 0, 1))  # {x | x} = x*
        if high > low:
            return None  # a hot switch: not a NUS value
    key = (have_best, best_p, best_k, have_least, least_p, least_k)
    known = _SIMPLEST.table.get(key)
    if known is None:
        low_bound = (best_p, best_k) if have_best else None
        high_bound = (least_p, least_k) if have_least else None
        known = _SIMPLEST[key] = from_nus((*simplest_between(low_bound, high_bound), 0, 0))
    return known


def _unique(games: list[Node]) -> list[Node]:
    """The games without repeats, in their order."""
    return [*{g._id: g for g in games}.values()]


def _undominated(games: list[Node], left: bool) -> list[Node]:
    """Drop every option that its player likes no better than another (ties cannot occur).

    The best ones are found in one pass, as the maximal elements of a partial order are: an
    option no kept one is at least as good as is kept, and drops the kept ones it beats (an
    option beaten by a dropped one is beaten by what dropped that one).  The order of the
    options is kept.
    """
    if len(games) < 2:
        return games
    if len(games) == 2:  # the usual case, without the bookkeeping below
        a, b = games
        if le(b, a) if left else le(a, b):
            return [a]
        if le(a, b) if left else le(b, a):
            return [b]
        return games
    best: list[Node] = []
    for g in games:
        for h in best:
            if le(g, h) if left else le(h, g):
                break
        else:
            if best:
                best = [h for h in best if not (le(h, g) if left else le(g, h))]
            best.append(g)
    if len(best) == len(games):
        return games
    kept = {id(g) for g in best}
    return [g for g in games if id(g) in kept]


def _temporary(left: list[Node], right: list[Node]) -> Node:
    node = object.__new__(_game_class)
    node._id = -1
    node._nus = None
    node._left = tuple(left)
    node._right = tuple(right)
    return node


def _bypass(left: list[Node], right: list[Node]) -> tuple[list[Node], list[Node], bool]:
    """Bypass every reversible option once; report whether anything changed."""
    for a in left + right:
        nus = a._nus
        if nus is not None and nus[2] == 0 and nus[3] > MAX_UPS_BY_OPTIONS:
            raise TooDeepError(
                f"an option x + *{nus[3]} of a game that is not a NUS value is tested for "
                f"reversibility one option at a time, more than the {MAX_UPS_BY_OPTIONS:,} "
                "cgt makes"
            )
    return bypass_reversible(left, right, le, _temporary(left, right))


def bypass_reversible(
    left: list[Node],
    right: list[Node],
    at_most: Callable[[Node, Node], bool],
    here: Node,
) -> tuple[list[Node], list[Node], bool]:
    """Bypass, once, every option reversible in the order ``at_most`` about ``here`` (the game
    ``{left | right}``, or one equal to it in that order): a left option ``A`` with some
    ``A^R`` at most ``here`` is replaced by the left options of that ``A^R``; dually for Right.
    Returns the new options and whether anything changed.  `cgt.reduction` calls it with the
    order modulo infinitesimals."""
    changed = False
    new_left: list[Node] = []
    for a in left:
        for ar in right_of(a):
            if at_most(ar, here):
                new_left.extend(left_of(ar))
                changed = True
                break
        else:
            new_left.append(a)
    new_right: list[Node] = []
    for b in right:
        for bl in left_of(b):
            if at_most(here, bl):
                new_right.extend(right_of(bl))
                changed = True
                break
        else:
            new_right.append(b)
    return new_left, new_right, changed


def make(left: list[Node], right: list[Node]) -> Node:
    """The canonical game ``{left | right}`` (the options are canonical games)."""
    key = (tuple(map(_ID, left)), tuple(map(_ID, right)))
    known = _CANONICAL_TABLE.get(key)
    return known if known is not None else _make(left, right, key)


def make_split(values: list[Node], split: int) -> Node:
    """``make(values[:split], values[split:])``: the evaluators' call (one list of values)."""
    ids = tuple(map(_ID, values))
    key = (ids[:split], ids[split:])
    known = _CANONICAL_TABLE.get(key)
    return known if known is not None else _make(values[:split], values[split:], key)


_ID = operator.attrgetter("_id")


def _make(left: list[Node], right: list[Node], key: tuple[tuple[int, ...], ...]) -> Node:
    """`make` of options whose ``key`` (their ids, in the order given) is not in the table.

    The table remembers every option list `make` was given (in that order, with repeats), and
    its set of options (sorted ids, no repeats); the same position reached again, or another
    with the same options, costs one lookup or two.  Ids are never reused, so an entry stays
    right after its options are gone.
    """
    raw_key = (tuple(sorted(set(key[0]))), tuple(sorted(set(key[1]))))
    known = _CANONICAL_TABLE.get(raw_key) if raw_key != key else None
    if known is None:
        known = _all_numbers(left, right)
        if known is None:
            known = _make_general(left, right, raw_key)
        _remember(raw_key, known)
    if raw_key != key:
        _remember(key, known)
    return known


def _remember(key: tuple[tuple[int, ...], ...], value: Node) -> None:
    if _CANONICAL.limit is None or len(_CANONICAL_TABLE) < _CANONICAL.limit:
        _CANONICAL_TABLE[key] = value
    else:
        _CANONICAL[key] = value  # (drops the older half first when full)


def _make_general(
    left: list[Node], right: list[Node], raw_key: tuple[tuple[int, ...], ...]
) -> Node:
    """The canonical ``{left | right}`` when some option is not a number (``raw_key``: the
    sorted ids of each side's options, not in the table)."""
    ref = _INTERN.get(raw_key)
    known = None if ref is None else ref()
    if known is not None:
        return known
    left = _undominated(_unique(left), True)
    right = _undominated(_unique(right), False)
    if len(left) < len(raw_key[0]) or len(right) < len(raw_key[1]):
        # Many option sets differ only in dominated options: their value may be known.
        key = (tuple(sorted([g._id for g in left])), tuple(sorted([g._id for g in right])))
        known = _CANONICAL_TABLE.get(key)
        if known is None:
            ref = _INTERN.get(key)
            known = None if ref is None else ref()
        if known is None:
            known = _reduced(left, right)
            _remember(key, known)
        return known
    return _reduced(left, right)


def _reduced(left: list[Node], right: list[Node]) -> Node:
    """The canonical game ``{left | right}`` for options none of which is dominated."""
    while True:
        left, right, changed = _bypass(left, right)
        if not changed:
            break
        left = _undominated(_unique(left), True)
        right = _undominated(_unique(right), False)
    quick = _all_numbers(left, right)
    return quick if quick is not None else _intern_general(tuple(left), tuple(right))


def _intern_general(left: tuple[Node, ...], right: tuple[Node, ...]) -> Node:
    """The interned game with these canonical options: a NUS value when it is one."""
    key = (tuple(sorted(g._id for g in left)), tuple(sorted(g._id for g in right)))
    node = _interned(key)
    if node is None:
        nus = _recognize_nus(left, right)
        candidate = from_nus(nus) if nus is not None else _new(None, left, right)
        node = _intern(key, candidate)  # under a lock: one node per value across threads
    return node


def _recognize_nus(left: tuple[Node, ...], right: tuple[Node, ...]) -> Nus | None:
    """The NUS value whose canonical options are exactly these, if there is one."""
    options = left + right
    if not options or any(g._nus is None for g in options):
        return None
    p, k = options[0]._nus[0], options[0]._nus[1]
    if any(g._nus[0] != p or g._nus[1] != k for g in options):
        return None
    candidates: list[Nus] = []
    if len(right) == 1 and right[0]._nus[2] >= 0:
        r = right[0]._nus
        candidates.append((p, k, r[2] + 1, r[3] ^ 1))
    if len(left) == 1 and left[0]._nus[2] <= 0:
        lft = left[0]._nus
        candidates.append((p, k, lft[2] - 1, lft[3] ^ 1))
    candidates.append((p, k, 0, len(left)))
    candidates.append((p, k, 1, 1))
    candidates.append((p, k, -1, 1))
    ids = (sorted(g._id for g in left), sorted(g._id for g in right))
    for nus in candidates:
        want_left, want_right = nus_options(nus)
        if (
            sorted(from_nus(a)._id for a in want_left) == ids[0]
            and sorted(from_nus(a)._id for a in want_right) == ids[1]
        ):
            return nus
    return None


def birthday(g: Node) -> int:
    """The day ``g`` is born: one more than its options' latest (closed form for NUS values)."""
    cached = g._birthday
    if cached is not None:
        return cached
    if g._nus is not None:
        result = nus_birthday(g._nus)
    else:
        result = 1 + max(birthday(x) for x in g._left + g._right)
    g._birthday = result
    return result


def stops(g: Node) -> tuple[Dyadic, Dyadic]:
    """``(left stop, right stop)`` of a canonical game, remembered on the game: where play
    ends, as a number, when Left (or Right) starts and both play the stops well."""
    cached = g._stops
    if cached is not None:
        return cached
    n = g._nus
    if n is not None:
        result = ((n[0], n[1]), (n[0], n[1]))
    else:
        best = None
        for x in g._left:
            stop = stops(x)[1]
            if best is None or dyadic_compare(stop, best) > 0:
                best = stop
        least = None
        for x in g._right:
            stop = stops(x)[0]
            if least is None or dyadic_compare(stop, least) < 0:
                least = stop
        assert best is not None and least is not None  # canonical non-numbers have both sides
        result = (best, least)
    g._stops = result
    return result


def sign(g: Node) -> int:
    """How ``g`` compares with 0: `EQUAL`, `GREATER`, `LESS` or `FUZZY`."""
    if g._nus is not None:
        return nus_sign(g._nus)
    zero = from_nus((0, 0, 0, 0))
    ge = le(zero, g)
    lt = le(g, zero)
    if ge:
        return EQUAL if lt else GREATER
    return LESS if lt else 2


hop_points(sys.modules[__name__], "le", "add", "neg", "make", "birthday", "stops", "_nimber_bound")
