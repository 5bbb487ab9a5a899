"""Issue 16, reliability of the ground floor: deep calls in threads, memo tables under threads,
counts, and the messages of errors about huge inputs."""

from __future__ import annotations

import pytest

import cgt
from cgt.core.memo import Memo


def test_memo_shrink_tolerates_another_shrink_in_between() -> None:
    """Two threads shrinking one table at once: the second deleted keys the first had already
    deleted (KeyError).  A key whose hash runs a shrink stands for the other thread."""
    memo: Memo[int] = Memo("test-reliability-shrink", limit=4)
    try:

        class Key:
            interleave = False

            def __init__(self, n: int) -> None:
                self.n = n

            def __hash__(self) -> int:
                if Key.interleave:
                    Key.interleave = False
                    memo._shrink()  # "the other thread" shrinks while this one is deleting
                return self.n

            def __eq__(self, other: object) -> bool:
                return isinstance(other, Key) and other.n == self.n

        for n in range(4):
            memo[Key(n)] = n
        Key.interleave = True
        memo[Key(4)] = 4  # full: shrinks, and the first deletion runs the other shrink
        assert len(memo) <= 3 and memo.get(Key(4)) == 4
    finally:
        del Memo._all["test-reliability-shrink"]


@pytest.mark.parametrize("limit", [True, False, 2.0, "10"])
def test_cache_limit_is_not_a_bool_or_other_type(limit: object) -> None:
    with pytest.raises(cgt.WrongTypeError):
        cgt.set_cache_limit(limit)  # type: ignore[arg-type]
    assert all(info.limit != limit or info.limit is None for info in cgt.cache_info().values())


def test_cache_limit_below_one() -> None:
    with pytest.raises(cgt.InvalidArgumentError):
        cgt.set_cache_limit(0)


def test_a_long_cycle_is_shown_by_its_ends_and_length() -> None:
    cycle = [*range(10**5), 0]
    error = cgt.LoopyGameError(cycle)
    assert str(error) == (
        "position 0 can be reached from itself: 0 -> 1 -> 2 -> 3 -> ... (99993 more) ... -> "
        "99997 -> 99998 -> 99999 -> 0 (a cycle of 100000 positions)"
    )
    assert error.cycle == tuple(cycle)
    short = cgt.LoopyGameError([1, 2, 3, 1])
    assert str(short) == "position 1 can be reached from itself: 1 -> 2 -> 3 -> 1"


def test_intern_table_forgets_unreferenced_values_and_keeps_identity() -> None:
    """The table of unique values was never emptied (1.25 GB after 10**6 values)."""
    import gc

    from cgt import Game
    from cgt.partizan import _canonical as core

    base = 7 * 10**9
    kept = Game(left=[base], right=[Game(left=[0], right=[-base])])
    kept_text = str(kept)
    cgt.clear_caches()
    before = core.intern_table_size()
    for k in range(base + 1, base + 501):
        Game(left=[k], right=[Game(left=[0], right=[-k])])
    assert core.intern_table_size() >= before + 1000  # two games and two integers each
    cgt.clear_caches()
    gc.collect()
    assert core.intern_table_size() <= before + 10
    again = Game(left=[base], right=[Game(left=[0], right=[-base])])
    assert again is kept and str(again) == kept_text and again == kept
    assert Game(left=[base + 5], right=[Game(left=[0], right=[-base - 5])]) + 0 is Game(
        left=[base + 5], right=[Game(left=[0], right=[-base - 5])]
    )
