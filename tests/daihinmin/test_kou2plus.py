"""kou2+: kou2 with rollouts over its own best moves and the exact two-player endgame."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.daihinmin.players import make_player
from games.daihinmin.players._kou2plus_search import candidate_moves, play_out, rollout_scores
from games.daihinmin.players.kou2 import Kou2Player, decide
from games.daihinmin.players.kou2plus import Kou2PlusError, Kou2PlusPlayer
from games.daihinmin.players.montecarlo import state_from_observation
from games.daihinmin.rules.cards import ALL_CARDS, parse_cards
from games.daihinmin.rules.endgame import solve
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Deal, Observation


def _endgame_obs(me: str, other: str, field: str) -> Observation:
    mine, theirs, on_field = parse_cards(me), parse_cards(other), Meld.parse(field)
    played = ALL_CARDS & ~(mine | theirs)
    counts = (mine.bit_count(), theirs.bit_count(), 0, 0, 0)
    return Observation(
        0, mine, on_field, False, False, counts, (0, 1, 2, 3, 4), None, 0, (2, 3, 4), played, 1
    )


def _random_state(rng: random.Random) -> GameState:
    cards = [1 << i for i in range(61) if ALL_CARDS >> i & 1]
    rng.shuffle(cards)
    return GameState([sum(cards[k::5]) for k in range(5)], rng=random.Random(0))


def test_kou2plus_overrides_a_losing_kou2_choice():
    # found in play: kou2 answers 4C with 6C, which locks the trick to clubs and loses;
    # the 8-cut wins
    obs = _endgame_obs("6C 8S", "7C 9D KD", "4C")
    assert str(Kou2Player().play(obs)) == "6C"
    me, other = parse_cards("6C 8S"), parse_cards("7C 9D KD")
    result = solve(me, other, Meld.parse("4C"))
    assert result.value == 1 and [str(m) for m in result.best] == ["8S"]
    plus = Kou2PlusPlayer(seed=1)
    assert str(plus.play(obs)) == "8S" and (plus.solved, plus.overridden) == (1, 1)


def test_kou2plus_keeps_kou2_choice_when_it_is_optimal():
    obs = _endgame_obs("3S 4S 2H", "AD KC", "pass")
    obs = Observation(
        0, obs.hand, None, False, False, obs.counts, obs.seats, None, 0, (2, 3, 4), obs.played, 0
    )
    plus = Kou2PlusPlayer(seed=1)
    assert str(plus.play(obs)) in {"3S", "4S"}
    assert (plus.solved, plus.overridden, plus.searched) == (1, 0, 0)


def test_play_out_is_kou2_playing_the_game():
    # the rollout policy, against five Kou2Player objects playing the same hands through
    # Observation.of (an independent construction of what each player sees)
    rng = random.Random(5)
    for _ in range(6):
        state = _random_state(rng)
        reference = state.copy()
        players = [Kou2Player() for _ in range(5)]
        while len(reference.finished) < 4:
            p = reference.turn
            reference.submit(players[p].play(Observation.of(reference, p)))
        ranking = reference.ranking()
        for me in range(5):
            assert play_out(state.copy(), me) == 5 - ranking.index(me)


def test_candidate_moves_start_with_kou2s_choice_and_are_legal():
    rng = random.Random(2)
    seen_follow = seen_lead = False
    for _ in range(4):
        state = _random_state(rng)
        while len(state.finished) < 4:
            p = state.turn
            obs = Observation.of(state, p)
            moves = candidate_moves(obs, 4)
            legal = obs.legal_moves()
            assert moves[0] == decide(obs, Kou2Player().rules)
            assert len(moves) == len(set(moves)) <= 4
            assert all(m in legal for m in moves)
            if obs.field is not None and len(legal) > 1:
                seen_follow = True
                assert PASS in moves
            if obs.field is None and len(legal) > 2:
                seen_lead = seen_lead or len(moves) > 1
            state.submit(moves[-1])
    assert seen_follow and seen_lead


def test_rollouts_deal_the_unseen_cards_by_counts_and_known_holders():
    rng = random.Random(3)
    state = _random_state(rng)
    obs = Observation.of(state, state.turn)
    me = obs.player
    holder = (me + 1) % 5
    known = {holder: state.hands[holder] & -state.hands[holder]}  # its lowest card
    for _ in range(20):
        dealt = state_from_observation(obs, rng, known)
        assert [h.bit_count() for h in dealt.hands] == list(obs.counts)
        assert dealt.hands[me] == obs.hand and dealt.hands[holder] & known[holder]
    moves = candidate_moves(obs, 3)
    scores = rollout_scores(obs, moves, random.Random(4), 5, known)
    assert len(scores) == len(moves) and all(5 <= s <= 25 for s in scores)


def test_search_finds_the_eight_cut_that_goes_out():
    # found in play (5 kou2, three players left): player 1 holds 7D 8D on 4H; kou2 answers
    # 7D, which the others can beat; 8D clears the field and 7D then goes out.  Checked over
    # every deal of the 7 unseen cards to players 0 (4 cards) and 2 (3 cards).
    hand, unseen = parse_cards("7D 8D"), parse_cards("5D 10S 10H 10C JH KS 2C")
    played = ALL_CARDS & ~hand & ~unseen
    obs = Observation(
        1,
        hand,
        Meld.parse("4H"),
        False,
        False,
        (4, 2, 3, 0, 0),
        (0, 1, 2, 3, 4),
        None,
        0,
        (4, 3),
        played,
        0,
    )
    kou2, cut = Meld.parse("7D"), Meld.parse("8D")
    assert Kou2Player().play(obs) == kou2 and cut in candidate_moves(obs, 4)
    bits = [1 << i for i in range(61) if unseen >> i & 1]
    points = {kou2: [], cut: []}
    for combo in combinations(bits, 4):
        state = state_from_observation(obs, random.Random(0))
        state.hands[0], state.hands[2] = sum(combo), unseen & ~sum(combo)
        for meld in points:
            after = state.copy()
            after.submit(meld)
            points[meld].append(play_out(after, 1))
    assert len(points[cut]) == 35 and set(points[cut]) == {3}  # third place, always
    assert min(points[kou2]) == 1 and max(points[kou2]) < 3
    plus = Kou2PlusPlayer(seed=1)
    assert plus.play(obs) == cut and (plus.searched, plus.changed) == (1, 1)


def test_exchange_reveals_where_cards_went():
    hand = parse_cards("3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    plus = Kou2PlusPlayer()
    ranks = (4, 0, 1, 2, 3)  # player 0 is daihinmin, player 1 daifugo
    plus.start_game(Deal(0, 2, hand, 0, ranks, (0, 1, 2, 3, 4), (11, 11, 11, 10, 10)))
    assert plus._known == {1: parse_cards("QS KS")}
    giver = Kou2PlusPlayer()
    ranks = (0, 4, 1, 2, 3)  # player 0 is daifugo, gives 2 to player 1
    deal = Deal(0, 2, hand, 2, ranks, (0, 1, 2, 3, 4), (11, 11, 11, 10, 10))
    giver.start_game(deal)
    cards = giver.exchange(deal)
    assert cards.bit_count() == 2 and giver._known == {1: cards}


def test_kou2plus_in_a_match_is_legal_and_reproducible():
    def run() -> tuple[list[tuple[int, ...]], int, int]:
        plus = make_player("kou2+")
        result = Match([plus, *(Kou2Player() for _ in range(4))], seed="kou2+").play(4)
        assert result.rejected == [0, 0, 0, 0, 0] and not result.faults
        assert isinstance(plus, Kou2PlusPlayer)
        return list(result.per_game), plus.searched, plus.changed

    first = run()
    assert first == run()
    per_game, searched, changed = first
    assert searched > 10 and 0 < changed < searched
    assert all(sorted(points) == [1, 2, 3, 4, 5] for points in per_game)


@pytest.mark.parametrize(
    "settings",
    [{"deals": -1}, {"candidates": 0}, {"cheap_cards": "9"}, {"endgame_limit": True}],
)
def test_bad_settings_are_named_errors(settings: dict[str, object]) -> None:
    with pytest.raises(Kou2PlusError, match=next(iter(settings))):
        Kou2PlusPlayer(**settings)  # type: ignore[arg-type]
