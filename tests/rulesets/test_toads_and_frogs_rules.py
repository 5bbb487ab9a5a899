"""Toads and Frogs: the stuck runs and the integer rule behind `components`, checked against
their definitions (a greatest fixed point; the plain recursion) on every small board."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.grid.toads_and_frogs import (
    ToadsAndFrogs,
    _frog_steps,
    _made,
    _parts,
    _stuck_runs,
    _toad_steps,
)

T = ToadsAndFrogs


def _stuck_by_definition(strip: str) -> list[bool]:
    """The largest set of creatures each of whose moves needs a square off the strip or held
    by a creature of the set (the greatest fixed point, by shrinking from every creature)."""
    n = len(strip)
    stuck = [square != "." for square in strip]

    def held(j: int) -> bool:
        return not 0 <= j < n or stuck[j]

    changed = True
    while changed:
        changed = False
        for i, square in enumerate(strip):
            if not stuck[i]:
                continue
            ahead, other = (1, "F") if square == "T" else (-1, "T")
            near, far = i + ahead, i + 2 * ahead
            if not held(near) or (0 <= near < n and strip[near] == other and not held(far)):
                stuck[i], changed = False, True
    return stuck


def _strips(length: int) -> list[str]:
    return ["".join(s) for n in range(length + 1) for s in product("TF.", repeat=n)]


def test_stuck_runs_are_the_greatest_fixed_point_on_every_strip_of_9():
    for strip in _strips(9):
        mine = [False] * len(strip)
        for start, end in _stuck_runs(strip):
            mine[start:end] = [True] * (end - start)
        assert mine == _stuck_by_definition(strip), strip


def test_integer_rule_examples():
    assert _toad_steps("T.T..") == 5 and _toad_steps("..TT") == 0
    assert _frog_steps("..F.F") == 5 and _frog_steps("FF..") == 0
    assert T("T.F.T.T").components() == (T("T.F.."), T("T."))  # the toad past F: 1
    assert T(".F.FT.F").components() == (T("..T.F"), T("...F"))  # the frogs before T: -3
    assert T(".F.T.").components() == (T(""),)  # the kinds never meet: 1 - 1
    assert _parts("FT.TF..T.") == ["T.TF...", "T."]  # a stuck frog, then a toad past F


def test_every_board_of_8_splits_into_parts_worth_its_value():
    for strip in _strips(8):
        v = cgt.value(T(strip), decompose=False)
        parts = _parts(strip)
        assert sum((cgt.value(T(p), decompose=False) for p in parts), cgt.Game(0)) == v, strip
        assert all(_parts(p) == [p] for p in parts), strip  # the parts are final


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="TF.", min_size=9, max_size=13))
def test_random_boards_split_into_parts_worth_their_value(strip):
    v = cgt.value(T(strip), decompose=False)
    assert cgt.value(T(strip)) == v
    assert sum((cgt.value(p, decompose=False) for p in T(strip).components()), cgt.Game(0)) == v


def test_new_positions_get_the_parts_of_parts_on_every_board_of_9():
    """A new position's parts and normal form are set at once, the usual strips by a path of
    their own: it gives `_parts` (checked against the recursion above) on every board."""
    swap = str.maketrans("TF", "FT")
    for strip in _strips(9) + ["".join(w) for w in product("TF.|", repeat=6)]:
        mirror = strip[::-1].translate(swap)
        assert _frog_steps(strip) == _toad_steps(mirror), strip
        boards = _parts(strip) or [""]
        for p in (T(strip), _made(strip)):  # a user's position and one made by a move
            assert [q.board for q in p.components()] == boards, strip
            if boards == [strip]:  # one part: the smaller of the strip and its mirror image
                rep, negated = p.normal_form()
                assert (rep.board, negated) == (
                    (mirror, True) if mirror < strip else (strip, False)
                )
