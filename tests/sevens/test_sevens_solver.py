"""The exact solver's rules: passes, the almighty card's timing, bad input, deep games."""

import pytest

from games.sevens import SevensError, solve


def test_plain_rules():
    assert solve(["0"], "L") == "R"  # nothing to play: the first player loses
    assert solve(["L"], "L") == "L"
    assert solve(["L"], "R") == "L"  # Right cannot play at all
    assert solve(["LR"], "L") == "R"  # Left plays, Right plays, Left is stuck
    assert solve(["LR"], "R") == "L"


def test_passes():
    # a stuck player must pass while passes last, and loses without one
    assert solve(["LR"], "R", passes=1) == "L"
    # 0R + 0L with Left first: sum 0, Right wins; passing cannot save Left
    for p in range(4):
        assert solve(["R", "L"], "L", passes=p) == "R"
    assert solve(["LR"], "L", passes=64) == "R"
    with pytest.raises(SevensError, match="more than this exact solver handles"):
        solve(["LR"], "L", passes=10**9)


def test_almighty_card_needs_no_turn():
    # Left's card on Right's only card leaves Left still to move, with nothing: Left loses
    assert solve(["R"], "L", almighty="L") == "R"
    # ... but with a card of her own behind it she plays it
    assert solve(["RL"], "L", almighty="L") == "L"


def test_almighty_card_on_the_opponents_turn():
    # 0LR, Left first: Left plays 1; before Right plays 2, Left's card takes its place
    assert solve(["LR"], "L") == "R"
    assert solve(["LR"], "L", almighty="L") == "L"


def test_almighty_card_only_replaces_the_opponents_next_card():
    # Left's next card is her own: the card cannot be used on it, so 0L + 0R is unchanged
    assert solve(["LL", "RR"], "L", almighty="L") == solve(["LL", "R"], "L")


def test_the_squeeze_that_refutes_algorithm_4():
    assert solve(["RRLL", "RRLL"], "R", almighty="L") == "L"
    assert solve(["RRLL", "RRLL"], "L", almighty="L") == "R"
    assert solve(["LLRR", "LLRR"], "L", almighty="R") == "R"


def test_bad_input():
    with pytest.raises(SevensError, match="passes must be >= 0"):
        solve(["L"], "L", passes=-1)
    with pytest.raises(SevensError, match="passes must be an int"):
        solve(["L"], "L", passes=1.5)  # type: ignore[arg-type]
    with pytest.raises(SevensError, match="almighty must be 'L' or 'R'"):
        solve(["L"], "L", almighty="X")
    with pytest.raises(SevensError, match="first must be"):
        solve(["L"], "both")


def test_deep_game_needs_no_recursion():
    assert solve(["LR" * 5_000], "L") == "R"
    assert solve(["L" * 3_000 + "R" * 2_999], "R", almighty="R") == "L"
