"""The Monte Carlo player: consistent determinizations, legal and reproducible play, and
stronger than ``default``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin.players import make_player
from games.daihinmin.players.base import Player
from games.daihinmin.players.montecarlo import (
    MonteCarloError,
    MonteCarloPlayer,
    candidate_moves,
    greedy_move,
    state_from_observation,
)
from games.daihinmin.rules.cards import ALL_CARDS, JOKER, parse_cards
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.melds import PASS, Kind, Meld
from games.daihinmin.rules.moves import legal_melds
from games.daihinmin.rules.observation import Deal, Observation


class _Collector(Player):
    """Plays like ``default`` and keeps every observation it was given."""

    def __init__(self) -> None:
        self.inner = make_player("default")
        self.seen: list[Observation] = []

    def exchange(self, deal: Deal) -> int:
        return self.inner.exchange(deal)

    def play(self, obs: Observation) -> Meld:
        self.seen.append(obs)
        return self.inner.play(obs)  # type: ignore[return-value]


def _observations(games: int = 6) -> list[Observation]:
    collector = _Collector()
    Match([collector, *(make_player("default") for _ in range(4))], seed=5).play(games)
    return [obs for obs in collector.seen if obs.hand]


OBSERVATIONS = _observations()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(OBSERVATIONS), st.integers(0, 2**32))
def test_a_determinization_is_consistent_with_the_observation(obs: Observation, seed: int) -> None:
    state = state_from_observation(obs, random.Random(seed))
    hands = state.hands
    assert hands[obs.player] == obs.hand
    assert tuple(h.bit_count() for h in hands) == obs.counts
    union = 0
    for h in hands:
        assert union & h == 0  # disjoint
        union |= h
    assert union == ALL_CARDS & ~obs.played  # every unplayed card is somewhere
    assert (state.field, state.revolution, state.lock, state.passed) == (
        obs.field,
        obs.revolution,
        obs.lock,
        obs.passed,
    )
    assert state.turn == obs.player and state.finished == list(obs.finished)
    # the legal moves of the mover are the observation's
    assert state.legal_moves() == obs.legal_moves()


def test_known_cards_stay_with_their_holder() -> None:
    obs = next(o for o in OBSERVATIONS if sum(o.counts) - o.counts[o.player] > 10)
    unseen = ALL_CARDS & ~obs.played & ~obs.hand
    other = next(q for q in range(5) if q != obs.player and obs.counts[q] >= 2)
    two = 0
    for i in range(61):
        if unseen >> i & 1 and two.bit_count() < 2:
            two |= 1 << i
    for seed in range(20):
        state = state_from_observation(obs, random.Random(seed), {other: two})
        assert state.hands[other] & two == two


def test_the_exchange_records_the_given_cards() -> None:
    hand = parse_cards("3S 3H 5D 9C KS AH 2D JK")
    player = MonteCarloPlayer(seed=0)
    # player 0 is daifugo (rank 0): gives 2 cards to the daihinmin (rank 4), player 3
    deal = Deal(0, 2, hand, 2, (0, 1, 2, 4, 3), (0, 1, 2, 3, 4), (11, 11, 11, 10, 10))
    given_cards = player.exchange(deal)
    assert given_cards == parse_cards("3S 3H")
    assert player._given == {3: given_cards}
    player.start_game(deal)
    assert player._given == {}


def test_greedy_policy() -> None:
    hand = parse_cards("4S 5S 6S 9H 9D KC JK")
    lead = greedy_move(legal_melds(hand, None, False, False), True, False)
    assert lead.size == 4 and lead.kind == Kind.SEQUENCE  # the most cards first
    lead = greedy_move(legal_melds(parse_cards("4S 9H 9D KC"), None, False, False), True, False)
    assert str(lead) == "9H 9D"
    follow = legal_melds(hand, Meld.parse("5D"), False, False)
    assert str(greedy_move(follow, False, False)) == "6S"  # the weakest, the joker spared
    follow = legal_melds(hand, Meld.parse("5D"), True, False)
    assert str(greedy_move(follow, False, True)) == "4S"  # in a revolution the 4 is weakest
    assert (
        str(greedy_move(legal_melds(JOKER, Meld.parse("5D"), False, False), False, False)) == "JK"
    )
    alone = legal_melds(parse_cards("4S"), Meld.parse("2D"), False, False)
    assert greedy_move(alone, False, False) is PASS


def test_candidates_follow_and_lead() -> None:
    obs = Observation(0, parse_cards("4S 9H KC 2D JK"), Meld.parse("5D"), False, False,
                      (5, 5, 5, 5, 5), (0, 1, 2, 3, 4), None, 0, (), 0, 1)  # fmt: skip
    assert [str(m) for m in candidate_moves(obs, 4)] == ["pass", "9H", "KC", "2D"]
    lead = Observation(0, parse_cards("4S 5S 6S 9H 9D"), None, False, False,
                       (5, 5, 5, 5, 5), (0, 1, 2, 3, 4), None, 0, (), 0, 0)  # fmt: skip
    melds = candidate_moves(lead, 2)
    assert PASS not in melds and len(melds) == 2
    assert any(m.kind == Kind.SEQUENCE for m in melds)  # the greedy lead is always a candidate


def test_plays_legally_and_reproducibly() -> None:
    def run() -> tuple[list[tuple[int, ...]], list[int]]:
        players = [MonteCarloPlayer(samples=8, seed=3), make_player("random", seed=1)]
        players += [
            MonteCarloPlayer(samples=4, seed=4),
            make_player("default"),
            make_player("kou2"),
        ]
        result = Match(players, seed=9, strict=True).play(12)
        assert result.faults == []
        return result.per_game, result.rejected

    first = run()
    assert first == run()
    assert first[1][0] == 0 and first[1][2] == 0


def test_beats_default() -> None:
    """Over 80 games against four ``default`` players (fixed seeds), mc's mean is above the
    3 points a player of equal strength gets (it scores about 3.5)."""
    players = [MonteCarloPlayer(seed=1), *(make_player("default") for _ in range(4))]
    result = Match(players, seed=21).play(80)
    assert result.points[0] / 80 > 3.0
    assert result.points[0] == max(result.points)


def test_bad_settings() -> None:
    with pytest.raises(MonteCarloError, match="samples"):
        MonteCarloPlayer(samples=0)
    with pytest.raises(MonteCarloError, match="max_candidates"):
        MonteCarloPlayer(max_candidates=1)
