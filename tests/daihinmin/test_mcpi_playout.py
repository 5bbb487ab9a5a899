"""The C play-out kernel against the pure-Python engine, models and play-outs (its oracle).

Every part is compared on states of random games (random legal moves from seeded deals):
move generation (same moves, same order), `GameState.submit` (same state after), the default
client's move, the learned policy's scores (the same doubles), and whole play-outs with every
mix of models (the same points and the same random stream afterwards).
"""

from __future__ import annotations

import ctypes
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin.players._kou2_options import variant
from games.daihinmin.players._mcpi_models import DefaultModel, Kou2Model, PolicyModel
from games.daihinmin.players._mcpi_playout import (
    KERNEL,
    MELD_WORDS,
    STATE_WORDS,
    PlayoutRandom,
    Playouts,
    _as_signed,
    kernel_models,
    meld_words,
    play_candidates,
    state_words,
)
from games.daihinmin.players._mcpi_policy import load_policy
from games.daihinmin.players._mcpi_search import play_out
from games.daihinmin.players.default import CState, submission_cells
from games.daihinmin.players.kou2 import decide
from games.daihinmin.rules.cards import ALL_CARDS, JOKER
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.moves import all_melds, legal_melds
from games.daihinmin.rules.observation import Observation

pytestmark = pytest.mark.skipif(
    KERNEL.status() != "compiled kernel", reason=f"no compiled kernel: {KERNEL.status()}"
)

POLICY = PolicyModel(load_policy())
COOL = PolicyModel(load_policy(), temperature=0.37)


def _words(state: GameState) -> ctypes.Array[ctypes.c_int64]:
    return (ctypes.c_int64 * STATE_WORDS)(*_as_signed(state_words(state)))


def deal(rng: random.Random) -> GameState:
    cards = [1 << i for i in range(4, 56)] + [JOKER]
    rng.shuffle(cards)
    hands = [0] * 5
    for k, bit in enumerate(cards):
        hands[k % 5] |= bit
    seats = list(range(5))
    rng.shuffle(seats)
    return GameState(hands, seats, rng=random.Random(rng.random()))


def random_states(seed: int, games: int) -> list[GameState]:
    """Every state of ``games`` random games (random legal moves, passes less often, now and
    then the biggest play)."""
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = deal(rng)
        while not state.over:
            states.append(state.copy())
            moves = state.legal_moves()
            plays = moves[1:]
            if plays and rng.random() < 0.15:  # the biggest play: revolutions happen
                meld = max(plays, key=lambda m: m.size)
            else:
                meld = rng.choice(plays) if plays and rng.random() < 0.8 else moves[0]
            state.submit(meld)
    return states


STATES = random_states(2026, 60)


def test_the_states_cover_the_rules():
    fields = {s.field.kind.name for s in STATES if s.field is not None}
    assert fields == {"SINGLE", "GROUP", "SEQUENCE", "JOKER"}
    assert any(s.revolution for s in STATES) and any(s.lock for s in STATES)
    assert len(STATES) > 2000


def test_legal_moves_are_the_engines_in_its_order():
    library = KERNEL.load()
    out = (ctypes.c_int64 * (MELD_WORDS * 600))()
    compared = 0
    for state in STATES:
        words = _words(state)
        for hand in state.hands:  # every hand on this field: more kinds of hands per field
            expected = legal_melds(hand, state.field, state.revolution, state.lock)
            n = library.dh_legal_moves(words, hand, out, 600)
            got = [list(out[MELD_WORDS * i : MELD_WORDS * (i + 1)]) for i in range(n)]
            assert got == [_as_signed(meld_words(m)) for m in expected], (state, hand)
            compared += 1
    assert compared == 5 * len(STATES)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 53) - 1), st.integers(0, len(STATES) - 1))
def test_legal_moves_of_any_hand(cards, index):
    """Any hand (the joker included) on the field of a random state."""
    hand = 0
    for k, bit in enumerate([1 << i for i in range(4, 56)] + [JOKER]):
        if cards >> k & 1:
            hand |= bit
    state = STATES[index]
    out = (ctypes.c_int64 * (MELD_WORDS * 3072))()
    n = KERNEL.load().dh_legal_moves(_words(state), hand, out, 3072)
    expected = legal_melds(hand, state.field, state.revolution, state.lock)
    got = [list(out[MELD_WORDS * i : MELD_WORDS * (i + 1)]) for i in range(min(n, 3072))]
    assert n == len(expected) and got == [_as_signed(meld_words(m)) for m in expected]


def test_submit_is_the_engines():
    library = KERNEL.load()
    rng = random.Random(5)
    for state in STATES:
        for meld in rng.sample(state.legal_moves(), min(3, len(state.legal_moves()))):
            after = state.copy()
            stream = PlayoutRandom(rng.getrandbits(64))
            after.rng = PlayoutRandom(stream.state)
            after.submit(meld)
            words = _words(state)
            seed = ctypes.c_uint64(stream.state)
            library.dh_submit(words, (ctypes.c_int64 * 6)(*_as_signed(meld_words(meld))), seed)
            assert list(words) == _as_signed(state_words(after)), (state, meld)
            assert seed.value == after.rng.state


def test_twenty_refusals_end_the_game_with_the_same_shuffle():
    rng = random.Random(9)
    state = deal(rng)
    for _ in range(19):
        state.submit(state.legal_moves()[0])  # passes (and leaders' passes) only
    library = KERNEL.load()
    for seed in range(20):
        after = state.copy()
        after.rng = PlayoutRandom(seed)
        after.submit(after.legal_moves()[0])
        assert after.over
        words = _words(state)
        stream = ctypes.c_uint64(seed)
        library.dh_submit(words, (ctypes.c_int64 * 6)(*meld_words(state.legal_moves()[0])), stream)
        assert list(words) == _as_signed(state_words(after))


def _default_cells(hand, field, revolution, lock):
    state = CState()
    if field is not None:
        state.rev = 1 if revolution else 0
        state.get_field(field)
    state.get_state(field is None, revolution, lock, bool(hand & JOKER))
    return submission_cells(state, hand)


def _kernel_default_cells(hand, field, revolution, lock):
    cards = ctypes.c_uint64()
    joker = KERNEL.load().dh_default_cells(
        hand,
        field is not None,
        0 if field is None else field.cards,
        -1 if field is None else field.joker,
        revolution,
        lock,
        ctypes.byref(cards),
    )
    return cards.value, joker


def test_the_default_clients_cells_are_pythons():
    compared = 0
    for state in STATES:
        field = state.field
        for hand in state.hands:
            if not hand:
                continue
            for revolution in (state.revolution, not state.revolution):
                got = _kernel_default_cells(hand, field, revolution, state.lock)
                assert got == _default_cells(hand, field, revolution, state.lock), (hand, field)
                compared += 1
    assert compared > 10_000


def _structured_hand(rng: random.Random) -> int:
    """A hand rich in the rare paths of the default client: long same-suit runs, full ranks,
    four of a rank (often the 3s) beside the joker."""
    hand = 0
    mode = rng.randrange(3)
    if mode == 0:  # dense suits
        density = [rng.choice((0.0, 0.3, 0.6, 0.9)) for _ in range(4)]
        hand = sum(
            1 << (4 * c + r) for c in range(1, 14) for r in range(4) if rng.random() < density[r]
        )
    elif mode == 1:  # dense ranks
        for c in range(1, 14):
            density = rng.choice((0.0, 0.0, 0.5, 1.0))
            hand |= sum(1 << (4 * c + r) for r in range(4) if rng.random() < density)
    else:
        column = 1 if rng.random() < 0.6 else rng.randrange(1, 14)
        hand = 15 << (4 * column) | JOKER
        for bit in rng.sample([1 << i for i in range(4, 56)], rng.randint(0, 6)):
            hand |= bit
    if rng.random() < 0.5:
        hand |= JOKER
    return hand or JOKER


def test_the_default_clients_cells_on_structured_hands():
    rng = random.Random(77)
    kinds = set()
    for _ in range(20_000):
        hand = _structured_hand(rng)
        other = _structured_hand(rng) & ~hand
        melds = [m for m in all_melds(other) if m.size >= 2] or all_melds(other)
        field = rng.choice(melds) if melds and rng.random() < 0.9 else None
        revolution, lock = rng.random() < 0.5, rng.random() < 0.5
        got = _kernel_default_cells(hand, field, revolution, lock)
        assert got == _default_cells(hand, field, revolution, lock), (hand, field, revolution, lock)
        kinds.add(None if field is None else field.kind.name)
    assert kinds == {None, "SINGLE", "GROUP", "SEQUENCE", "JOKER"}


def test_policy_scores_are_the_same_doubles():
    library = KERNEL.load()
    weights = (ctypes.c_double * 50)(*(POLICY.policy.lead + POLICY.policy.follow))
    out = (ctypes.c_double * 600)()
    for state in STATES:
        player = state.turn
        obs = Observation.of(state, player)
        moves = obs.legal_moves()
        expected = POLICY.policy.scores(obs, moves)
        n = library.dh_policy_scores(_words(state), weights, out, 600)
        assert list(out[:n]) == expected, state


MODEL_MIXES = {
    "all default": [DefaultModel()] * 5,
    "all policy": [POLICY] * 5,
    "policy and defaults": [POLICY, DefaultModel(), DefaultModel(), POLICY, DefaultModel()],
    "cool policy and defaults": [COOL, DefaultModel(), COOL, COOL, DefaultModel()],
    "kou2 and defaults": [Kou2Model(), DefaultModel(), DefaultModel(), Kou2Model(), DefaultModel()],
    "kou2, policy and defaults": [Kou2Model(), POLICY, DefaultModel(), DefaultModel(), POLICY],
}


@pytest.mark.parametrize("mix", sorted(MODEL_MIXES))
def test_play_outs_are_pythons_point_for_point(mix):
    models = MODEL_MIXES[mix]
    rng = random.Random(mix)
    for state in rng.sample(STATES, 150):
        me = state.turn
        candidates = state.legal_moves()[:6]
        seed = rng.getrandbits(64)
        stream_c, stream_py = PlayoutRandom(seed), PlayoutRandom(seed)
        replays = 1 + len(candidates) % 3
        native = Playouts(me, models, stream_c).play(state, candidates, replays)
        python = Playouts(me, models, stream_py, native=False).play(state, candidates, replays)
        assert len(native) == replays * len(candidates)
        assert native == python, (state, candidates)
        assert stream_c.state == stream_py.state
        assert all(1 <= p <= 5 for p in native)


def test_play_out_of_python_matches_the_oracle_directly():
    """play_candidates' Python path is `play_out` after the candidate (no shortcut)."""
    state = STATES[100]
    meld = state.legal_moves()[-1]
    copy = state.copy()
    stream = PlayoutRandom(3)
    copy.rng = stream
    copy.submit(meld)
    expected = play_out(copy, state.turn, [POLICY] * 5, stream)
    assert play_candidates(state, state.turn, [POLICY] * 5, [meld], PlayoutRandom(3)) == [expected]


def test_models_the_kernel_cannot_play_go_to_python():
    class Other(DefaultModel):
        pass

    assert kernel_models([Other()] + [DefaultModel()] * 4) is None
    assert kernel_models([PolicyModel(load_policy(), greedy=True)] * 5) is None
    assert kernel_models([POLICY, COOL] * 2 + [POLICY]) is None  # two temperatures
    codes, weights = kernel_models([POLICY, DefaultModel(), Kou2Model(), DefaultModel(), POLICY])
    assert codes == [1, 0, 2, 0, 1] and len(weights) == 51 and weights[-1] == 1.0
    state = STATES[10]
    models = [Other()] + [DefaultModel()] * 4
    a = play_candidates(state, 0, models, state.legal_moves()[:2], PlayoutRandom(1))
    b = play_candidates(state, 0, models, state.legal_moves()[:2], PlayoutRandom(1), native=False)
    assert a == b


def _kou2_index(state: GameState) -> int:
    obs = Observation.of(state, state.turn)
    moves = obs.legal_moves()
    choice = decide(obs, variant("kou2"))
    return moves.index(choice) if choice in moves else 0


def test_kou2s_move_is_pythons():
    library = KERNEL.load()
    for state in STATES:
        assert library.dh_kou2_choose(_words(state)) == _kou2_index(state), state


def test_kou2s_move_on_structured_hands():
    """kou2 with hands rich in runs, full ranks and the joker, against fields of such hands,
    revolution and lock on and off, late in a game (most cards played)."""
    library = KERNEL.load()
    rng = random.Random(31)
    for _ in range(3000):
        hand = _structured_hand(rng)
        other = _structured_hand(rng) & ~hand
        melds = [m for m in all_melds(other) if m.size >= 2] or all_melds(other)
        rest = [1 << i for i in range(4, 56) if not (hand | other) >> i & 1]
        if not (hand | other) & JOKER:
            rest.append(JOKER)
        rng.shuffle(rest)
        hands = [hand, other, 0, 0, 0]
        for k, bit in enumerate(rest[: rng.randint(4, 24)]):
            hands[2 + k % 3] |= bit
        state = GameState([hands[0], 0, hands[2], hands[3], hands[4]])
        state.played = ALL_CARDS & ~(hands[0] | hands[2] | hands[3] | hands[4])
        state.hands[1] = 0
        state.finished = [1]
        state.turn = 0
        field = rng.choice(melds) if melds and rng.random() < 0.8 else None
        state.field, state.revolution = field, rng.random() < 0.5
        state.lock = field is not None and rng.random() < 0.3
        state.joker_single = field is not None and field.kind.name == "JOKER"
        state.last_player = 2
        assert library.dh_kou2_choose(_words(state)) == _kou2_index(state), state


def test_playout_random_is_splitmix64():
    r = PlayoutRandom(0)
    # splitmix64's first outputs from seed 0 (Vigna's reference): 0xE220A8397B1DCDAF, ...
    assert r.random() == (0xE220A8397B1DCDAF >> 11) / 2**53
    assert r.random() == (0x6E789E6AA1B965F4 >> 11) / 2**53
    items = list(range(10))
    PlayoutRandom(4).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_mcpi_plus_plays_the_same_games_with_and_without_the_kernel():
    """The whole player, end to end: the same seeded match with the play-outs in C and in
    Python gives the same moves (so the same points), decision for decision (mcpi with the
    policy for itself and the opponents it has not identified, the default clients once
    identified; another mcpi, kou2 for itself, in seat 4)."""
    from games.daihinmin.players import make_player
    from games.daihinmin.players.mcpi import McpiPlayer
    from games.daihinmin.rules.match import Match

    runs = []
    for native in (True, False):
        player = McpiPlayer(
            rollouts=24,
            replays=2,
            self_model="policy",
            unknown_model="policy",
            native=native,
            seed=4,
        )
        choices = []
        original = player.play

        def play(obs, original=original, choices=choices, player=player):
            meld = original(obs)
            last = player.last
            choices.append((str(meld), None if last is None else last.rollouts))
            return meld

        player.play = play  # type: ignore[method-assign]
        others = [make_player("default") for _ in range(3)] + [make_player("mcpi", seed=2)]
        others[-1].rollouts = 8
        result = Match([player, *others], seed=11).play(2)
        runs.append((choices, result.points))
    assert runs[0] == runs[1]
    assert sum(n for _, n in runs[0][0] if n) > 100  # searched decisions happened
