"""Match-level tests of `games.daihinmin.rules.match` and `engine`, through the public API only:
determinism, rank periods, the deal, the exchange, seat changes, faults, strict mode, and the
conservation of the 53 cards at every step."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin import (
    ALL_CARDS,
    JOKER,
    PASS,
    GameState,
    Illegal,
    IllegalMoveError,
    Match,
    Meld,
    RandomPlayer,
    Rules,
    deal_cards,
    game_rng,
    parse_cards,
    seats_for_game,
    strongest_cards,
)
from games.daihinmin.rules.cards import REAL_CARDS


class Recorder(RandomPlayer):
    """A random player that keeps its deal tables and exchange choices."""

    def __init__(self, seed: object = None, exchange_choice: object = None) -> None:
        super().__init__(seed)  # type: ignore[arg-type]
        self.deals: dict[int, object] = {}
        self.given: dict[int, object] = {}
        self.first_hand: dict[int, int] = {}
        self.exchange_choice = exchange_choice

    def on_turn(self, obs):  # the first hand table of a game: the hand after the exchange
        self.first_hand.setdefault(obs.game, obs.hand)

    def start_game(self, deal):
        self.deals[deal.game] = deal

    def exchange(self, deal):
        choice = super().exchange(deal) if self.exchange_choice is None else self.exchange_choice
        self.given[deal.game] = choice
        return choice


def _records(match: Match, games: int) -> list:
    return [match.play_game(final=i == games - 1) for i in range(games)]


# --- determinism and rank periods -----------------------------------------------------------


def test_same_seed_same_games():
    a = Match([RandomPlayer() for _ in range(5)], seed=7).play(60)
    b = Match([RandomPlayer() for _ in range(5)], seed=7).play(60)
    c = Match([RandomPlayer() for _ in range(5)], seed=8).play(60)
    assert a.per_game == b.per_game and a.ranks == b.ranks and a.points == b.points
    assert a.per_game != c.per_game
    assert a.games == 60 and sum(a.points) == 60 * 15


def test_rank_periods_are_independent():
    """200 games in one run equal two runs of 100, the second started at game 101."""
    whole = Match([RandomPlayer() for _ in range(5)], seed="p", record_moves=True)
    first = Match([RandomPlayer() for _ in range(5)], seed="p", record_moves=True)
    second = Match([RandomPlayer() for _ in range(5)], seed="p", record_moves=True)
    second.start_at(101)
    records = _records(whole, 200)
    split = _records(first, 100) + _records(second, 100)
    assert [r.game for r in split] == list(range(1, 201))
    assert records == split
    merged = Match([RandomPlayer() for _ in range(5)], seed="p").play(100)
    tail = Match([RandomPlayer() for _ in range(5)], seed="p")
    tail.start_at(101)
    merged.merge(tail.play(100))
    assert merged.per_game == [r.points for r in records]


def test_start_at_must_be_a_period_start():
    with pytest.raises(ValueError, match="first game of a rank period"):
        Match([RandomPlayer() for _ in range(5)]).start_at(50)


def test_ranks_reset_every_100_games():
    players = [Recorder() for _ in range(5)]
    records = _records(Match(players, seed=3), 102)
    for n in (1, 101):
        for p in players:
            deal = p.deals[n]
            assert deal.ranks is None and deal.give == 0
        assert records[n - 1].ranks is None
    for n in (2, 50, 100, 102):
        ranking = records[n - 2].ranking
        ranks = players[0].deals[n].ranks
        assert ranks is not None
        assert [ranking.index(p) for p in range(5)] == list(ranks)
        assert records[n - 1].dealer == ranking[0]  # the daifugo deals
        gives = {q: players[q].deals[n].give for q in range(5)}
        assert gives == {ranking[0]: 2, ranking[1]: 1, ranking[2]: 0, ranking[3]: 0, ranking[4]: 0}


# --- seats and the deal ---------------------------------------------------------------------


def test_seats_change_before_games_1_4_7():
    players = [Recorder() for _ in range(5)]
    records = _records(Match(players, seed=11), 30)
    seats = [r.seats for r in records]
    for n in range(1, 31):
        assert seats[n - 1] == seats_for_game(11, n) == players[2].deals[n].seats
        assert sorted(seats[n - 1]) == [0, 1, 2, 3, 4]
        if n % 3 != 1:
            assert seats[n - 1] == seats[n - 2]
    assert len({seats[n - 1] for n in range(1, 31, 3)}) >= 5  # 10 shuffles, 120 orders
    assert seats_for_game(1, 5, Rules(seat_change=False)) == (0, 1, 2, 3, 4)
    assert seats_for_game(1, 5, Rules(seat_change_every=1)) == (0, 1, 2, 3, 4)


@given(st.integers(0, 2**32), st.permutations(range(5)), st.integers(0, 4))
def test_deal_11_11_11_10_10_from_the_dealer(seed, seats, dealer):
    hands = deal_cards(random.Random(seed), seats, dealer)
    start = seats.index(dealer)
    counts = [hands[seats[(start + i) % 5]].bit_count() for i in range(5)]
    assert counts == [11, 11, 11, 10, 10]
    union = 0
    for h in hands:
        assert not union & h
        union |= h
    assert union == ALL_CARDS


def test_deal_tables_count_from_the_dealer():
    players = [Recorder() for _ in range(5)]
    records = _records(Match(players, seed=5), 12)
    for r in records:
        deal = players[0].deals[r.game]
        start = r.seats.index(r.dealer)
        assert [deal.counts[r.seats[(start + i) % 5]] for i in range(5)] == [11, 11, 11, 10, 10]
    # the first dealer of a period is drawn at random: not always the same player
    firsts = [_records(Match([RandomPlayer() for _ in range(5)], seed=s), 1)[0] for s in range(30)]
    assert len({r.dealer for r in firsts}) == 5


# --- the exchange ---------------------------------------------------------------------------


def test_strongest_cards_in_server_order():
    hand = parse_cards("3C 9D AH 2C 2S JK")
    assert strongest_cards(hand, 1) == JOKER
    assert strongest_cards(hand, 2) == parse_cards("JK 2S")
    assert strongest_cards(hand, 3) == parse_cards("JK 2S 2C")
    assert strongest_cards(parse_cards("KC KS KD 4H"), 2) == parse_cards("KS KD")


def _check_exchange(players, records, game, expect_choice=None):
    before = records[game - 2].ranking
    daifugo, fugo, heimin, hinmin, daihinmin = before
    deal = {p: players[p].deals[game] for p in range(5)}
    after = {p: players[p].first_hand[game] for p in range(5)}
    # hinmin and daihinmin see their hands from before the transfer
    lost2 = strongest_cards(deal[daihinmin].hand, 2)
    lost1 = strongest_cards(deal[hinmin].hand, 1)
    assert lost2.bit_count() == 2 and lost1.bit_count() == 1
    assert deal[daihinmin].hand.bit_count() == deal[daihinmin].counts[daihinmin]
    # daifugo and fugo already hold what they receive
    assert deal[daifugo].hand & lost2 == lost2
    assert deal[fugo].hand & lost1 == lost1
    assert deal[daifugo].hand.bit_count() == deal[daifugo].counts[daifugo] + 2
    assert deal[fugo].hand.bit_count() == deal[fugo].counts[fugo] + 1
    if expect_choice is not None:
        gave2 = expect_choice(deal[daifugo].hand, 2)
        gave1 = expect_choice(deal[fugo].hand, 1)
    else:
        gave2 = players[daifugo].given[game]
        gave1 = players[fugo].given[game]
    assert after[daifugo] == deal[daifugo].hand & ~gave2
    assert after[fugo] == deal[fugo].hand & ~gave1
    assert after[daihinmin] == (deal[daihinmin].hand & ~lost2) | gave2
    assert after[hinmin] == (deal[hinmin].hand & ~lost1) | gave1
    assert after[heimin] == deal[heimin].hand
    # 2 and 1 cards each way: the counts of the deal table still hold
    assert [after[p].bit_count() for p in range(5)] == list(deal[daifugo].counts)


def test_exchange_moves_the_right_cards():
    players = [Recorder(seed=p) for p in range(5)]
    records = _records(Match(players, seed=9), 40)
    for game in range(2, 41):
        _check_exchange(players, records, game)


def test_game_record_holds_the_hands_after_the_exchange():
    players = [Recorder(seed=p) for p in range(5)]
    records = _records(Match(players, seed=9), 5)
    for r in records:
        assert r.hands == tuple(players[p].first_hand[r.game] for p in range(5))


@pytest.mark.parametrize(
    "junk",
    [
        "two cards",  # not a mask
        0,  # no card
        (1 << 61),  # no card at all
        True,  # a bool is no mask
        REAL_CARDS,  # far too many cards
    ],
)
def test_invalid_exchange_choice_gives_the_strongest(junk):
    players = [Recorder(seed=p, exchange_choice=junk) for p in range(5)]
    match = Match(players, seed=21)
    records = _records(match, 6)
    for game in range(2, 7):
        _check_exchange(players, records, game, expect_choice=strongest_cards)
    faults = [f for f in match.faults if f.phase == "exchange"]
    assert len(faults) == 2 * 5 and {f.game for f in faults} == set(range(2, 7))


def test_exchange_of_cards_not_held_gives_the_strongest():
    class NotHeld(Recorder):
        def exchange(self, deal):
            choice = strongest_cards(ALL_CARDS & ~deal.hand, deal.give)  # the wrong cards
            self.given[deal.game] = choice
            return choice

    players = [NotHeld(seed=p) for p in range(5)]
    records = _records(Match(players, seed=4), 5)
    for game in range(2, 6):
        _check_exchange(players, records, game, expect_choice=strongest_cards)


# --- faults and strict mode -----------------------------------------------------------------


class Raises(RandomPlayer):
    def play(self, obs):
        raise RuntimeError("boom")


class Junk(RandomPlayer):
    def play(self, obs):
        return "8S"


class HangsOnce(RandomPlayer):
    hung = False

    def play(self, obs):
        if not self.hung:
            self.hung = True
            time.sleep(30)
        return super().play(obs)


class Illegal3S(RandomPlayer):
    """Tries the 3 of spades it may not hold, whenever it leads."""

    def play(self, obs):
        if obs.field is None and not obs.hand & (1 << 4):
            return Meld.parse("3S")
        return super().play(obs)


@pytest.mark.parametrize(
    ("bad", "phase", "message"),
    [
        (Raises(), "play", "RuntimeError: boom"),
        (Junk(), "play", "returned '8S', not a Meld (build one with Meld.parse)"),
    ],
)
def test_faulty_player_passes_and_the_match_goes_on(bad, phase, message):
    players = [RandomPlayer(), bad, RandomPlayer(), RandomPlayer(), RandomPlayer()]
    result = Match(players, seed=2).play(10)
    assert result.games == 10 and len(result.per_game) == 10
    assert all(sorted(g) == [1, 2, 3, 4, 5] for g in result.per_game)
    assert result.faults and {f.player for f in result.faults} == {1}
    assert all(f.phase == phase and f.error == message for f in result.faults)
    assert result.ranks[1][4] >= 9  # a player that only passes is last (or stalled)


def test_hanging_player_times_out():
    players = [HangsOnce(), RandomPlayer(), RandomPlayer(), RandomPlayer(), RandomPlayer()]
    start = time.perf_counter()
    result = Match(players, seed=3, time_limit=0.2).play(3)
    assert time.perf_counter() - start < 10
    assert result.games == 3
    assert [(f.game, f.player, f.phase, f.error) for f in result.faults] == [
        (1, 0, "play", "no answer within 0.2 s")
    ]


def test_exchange_that_raises_is_a_fault():
    class BadExchange(Recorder):
        def exchange(self, deal):
            raise KeyError("no")

    players = [BadExchange(seed=p) for p in range(5)]
    match = Match(players, seed=6)
    records = _records(match, 4)
    for game in range(2, 5):
        _check_exchange(players, records, game, expect_choice=strongest_cards)
    assert {(f.phase, f.error) for f in match.faults} == {("exchange", "KeyError: 'no'")}


def test_illegal_plays_are_passes_or_errors_in_strict_mode():
    players = [Illegal3S(), RandomPlayer(), RandomPlayer(), RandomPlayer(), RandomPlayer()]
    result = Match(players, seed=1).play(20)
    assert result.rejected[0] > 0 and result.rejected[1:] == [0, 0, 0, 0]
    assert not result.faults
    strict = Match(
        [Illegal3S(), RandomPlayer(), RandomPlayer(), RandomPlayer(), RandomPlayer()],
        seed=1,
        strict=True,
    )
    with pytest.raises(IllegalMoveError, match="3S"):
        strict.play(20)


def test_strict_mode_reraises_player_errors():
    players = [Raises(), RandomPlayer(), RandomPlayer(), RandomPlayer(), RandomPlayer()]
    with pytest.raises(RuntimeError, match="boom"):
        Match(players, seed=1, strict=True).play(3)


def test_illegal_submission_counts_as_a_pass():
    g = GameState.from_hands(["3D 5S", "4S 6H", "7C", "9D", "JH"])
    r = g.submit(Illegal("junk table"))
    assert (r.accepted, r.reason, r.meld, g.turn, g.passed) == (False, "junk table", PASS, 1, 1)


def test_twenty_passes_end_the_game():
    class Passer(RandomPlayer):
        def play(self, obs):
            return PASS

    result = Match([Passer() for _ in range(5)], seed=1, record_moves=True).play(5)
    assert result.games == 5 and result.stalled == 5
    assert all(sorted(g) == [1, 2, 3, 4, 5] for g in result.per_game)


# --- conservation of the cards --------------------------------------------------------------


def _check_invariants(g: GameState) -> None:
    union = g.played
    for p, hand in enumerate(g.hands):
        assert not union & hand, f"player {p} holds a card twice"
        union |= hand
    assert union == ALL_CARDS
    stalled = g.non_accepted >= g.rules.max_non_accepted
    if not stalled:  # the 20-pass rule hands out the places left to players holding cards
        for p in g.finished:
            assert g.hands[p] == 0
    assert len(set(g.finished)) == len(g.finished)
    if not g.over:
        assert g.hands[g.turn] and not g.passed >> g.turn & 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.randoms(use_true_random=False))
def test_every_card_is_in_one_hand_or_played(seed, chooser):
    seats = tuple(seats_for_game(seed, 1))
    rng = game_rng(seed, 1)
    hands = deal_cards(rng, seats, seats[0])
    g = GameState(hands, seats, rng=rng)
    _check_invariants(g)
    for _ in range(2000):
        if g.over:
            break
        moves = g.legal_moves()
        if chooser.random() < 0.05:  # now and then a refused play
            meld = Meld.parse("3S") if not g.hands[g.turn] & (1 << 4) else PASS
        else:
            meld = chooser.choice(moves)
        before = g.hands[g.turn]
        result = g.submit(meld)
        if result.accepted:
            assert before & ~g.hands[result.player] == meld.hand_cards
        else:
            assert g.hands[result.player] == before
        _check_invariants(g)
    assert g.over
    assert sorted(g.points()) == [1, 2, 3, 4, 5]


def test_every_game_of_a_match_conserves_the_53_cards():
    players = [Recorder(seed=p) for p in range(5)]
    records = _records(Match(players, seed=12, record_moves=True), 30)
    for r in records:
        hands = [players[p].first_hand[r.game] for p in range(5)]
        union = 0
        for h in hands:
            assert not union & h
            union |= h
        assert union == ALL_CARDS
        played = 0
        for move in r.moves:
            if move.accepted:
                assert not played & move.meld.hand_cards
                played |= move.meld.hand_cards
        finished = set(r.ranking[:4])
        # every finisher played all its cards (unless the 20-pass rule ended the game)
        if not r.stalled:
            for p in finished:
                assert hands[p] & ~played == 0
            assert played | hands[r.ranking[4]] == ALL_CARDS
