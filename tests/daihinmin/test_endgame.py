"""The exact two-player endgame against an independent brute force that plays the engine
itself (`GameState.copy` + `submit`), and its transitions against the engine's."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from games.daihinmin.rules.cards import JOKER, REAL_CARDS, iter_cards, parse_cards
from games.daihinmin.rules.endgame import EndgameError, solve, solve_state
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.melds import Meld

ALL = list(iter_cards(REAL_CARDS))


def brute_force(state: GameState, me: int, memo: dict) -> Fraction:
    """Probability that ``me`` finishes before the other active player, both perfect, by
    playing every legal move in copies of the engine (no code shared with the solver)."""
    if state.over:
        if state.non_accepted >= 20:  # the 20-pass rule: a random order
            return Fraction(1, 2)
        return Fraction(1) if state.finished[3] == me else Fraction(0)
    key = (
        tuple(state.hands),
        state.field,
        state.lock,
        state.revolution,
        state.turn,
        state.passed,
        state.last_player,
        state.non_accepted,
    )
    if key in memo:
        return memo[key]
    values = []
    for move in state.legal_moves():
        child = state.copy()
        child.rng = random.Random(0)
        child.submit(move)
        values.append(brute_force(child, me, memo))
    value = max(values) if state.turn == me else min(values)
    memo[key] = value
    return value


def endgame_state(mover: int, other: int, seed: int) -> GameState:
    """A game where players 0 and 1 hold the cards and 2, 3, 4 have finished."""
    state = GameState([mover, other, 0, 0, 0], (0, 1, 2, 3, 4), first=0, rng=random.Random(seed))
    state.finished = [2, 3, 4]
    return state


@pytest.mark.parametrize("seed", range(30))
def test_solver_equals_brute_force_on_small_hands(seed):
    rng = random.Random(seed)
    cards = rng.sample(ALL, rng.randint(3, 7)) + ([JOKER] if seed % 4 == 0 else [])
    rng.shuffle(cards)
    k = rng.randint(1, len(cards) - 1)
    mover, other = sum(cards[:k]), sum(cards[k:])
    state = endgame_state(mover, other, seed)
    expected = brute_force(state, 0, {})
    assert solve(mover, other).value == expected
    assert solve_state(state).value == expected


@pytest.mark.parametrize("seed", range(8))
def test_solver_equals_brute_force_mid_trick(seed):
    """Positions inside a trick: a field, the lock, the revolution, a pass already made."""
    rng = random.Random(500 + seed)
    for _ in range(200):
        cards = [*rng.sample(ALL, 8), JOKER]
        rng.shuffle(cards)
        state = endgame_state(sum(cards[:4]), sum(cards[4:]), seed)
        state.revolution = rng.random() < 0.3
        for _ in range(rng.randint(1, 3)):  # play a few random moves into the position
            if state.over:
                break
            state.submit(rng.choice(state.legal_moves()))
        if not state.over and all(state.hands[:2]):
            break
    else:
        pytest.skip("no suitable position")
    me = state.turn
    assert solve_state(state).value == brute_force(state, me, {})


def test_best_moves_and_bad_input():
    result = solve(parse_cards("3S 4S 2H"), parse_cards("AD KC"))
    assert result.value == 1 and {str(m) for m in result.best} == {"3S", "4S"}
    # a lone joker on the field: only the 3 of spades answers, and it clears
    r = solve(parse_cards("3S 5H"), parse_cards("4D"), Meld.lone_joker())
    assert r.value == 1 and [str(m) for m in r.best] == ["3S"]
    with pytest.raises(EndgameError):
        solve(parse_cards("3S"), parse_cards("3S 4S"))
    with pytest.raises(EndgameError):
        solve(0, parse_cards("3S"))
    with pytest.raises(EndgameError, match="too large"):
        solve(sum(ALL[:13]), sum(ALL[13:26]), limit=1000)
    with pytest.raises(EndgameError, match="not a two-player endgame"):
        solve_state(GameState.from_hands(["3D", "4S", "5S", "6S", "7S"]))


def _singles_positions(n_max: int):
    """Singles-only two-player positions: distinct ranks, no 8, suits alternating so that no
    group or sequence can be formed; yields (mover, other, mover ranks, other ranks)."""
    from itertools import combinations

    cols = [c for c in range(1, 14) if c != 6]
    for n in range(2, n_max + 1):
        for ranks in combinations(cols, n):
            cards = [1 << (4 * c + i % 2) for i, c in enumerate(ranks)]
            for k in range(1, n):
                for mine in combinations(range(n), k):
                    rest = [i for i in range(n) if i not in mine]
                    yield (
                        sum(cards[i] for i in mine),
                        sum(cards[i] for i in rest),
                        tuple(ranks[i] for i in mine),
                        tuple(ranks[i] for i in rest),
                    )


def test_singles_endgame_without_the_lock_is_tanhinmin():
    """With the lock off, the singles-only endgame has Tanhinmin's winner (seed 000's game:
    the turn coming back to the last player changes nothing).  Checked here up to 3 cards
    (1,452 positions); `docs/games/daihinmin.md` gives the larger run (42,108 up to 5)."""
    from games.daihinmin.rules.engine import Rules
    from games.tanhinmin import solve as tanhinmin_solve

    no_lock = Rules(lock=False)
    checked = 0
    for mover, other, xs, ys in _singles_positions(3):
        assert (solve(mover, other, rules=no_lock).value == 1) == tanhinmin_solve(xs, ys)
        checked += 1
    assert checked == 1452


def test_the_lock_makes_the_endgame_differ_from_tanhinmin():
    """Smallest counterexample (5 cards; none up to 4): X = 3S 6H, Y = 4H 5S 7S, X to lead.
    Tanhinmin: X wins by 3, and after Y's 5, X's 6 goes out.  UECda: 3S then 5S locks the
    trick to spades, so 6H may not follow: X loses."""
    from games.daihinmin.rules.engine import Rules
    from games.tanhinmin import solve as tanhinmin_solve

    x, y = parse_cards("3S 6H"), parse_cards("4H 5S 7S")
    assert tanhinmin_solve((1, 4), (2, 3, 5)) is True
    assert solve(x, y, rules=Rules(lock=False)).value == 1
    assert solve(x, y).value == 0
    state = endgame_state(x, y, 0)
    assert brute_force(state, 0, {}) == 0
