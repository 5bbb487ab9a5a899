"""mcpi: Monte Carlo search over inferred hands with a model of each opponent."""

from __future__ import annotations

import json
import random

import pytest

from games.daihinmin.players import UnknownPlayerError, make_player, parse_options
from games.daihinmin.players._kou2plus_search import candidate_moves
from games.daihinmin.players._mcpi_belief import Belief, PublicState
from games.daihinmin.players._mcpi_models import EPSILON, DefaultModel, default_move
from games.daihinmin.players._mcpi_search import Search, play_out, state_from_hands
from games.daihinmin.players.default import DefaultPlayer
from games.daihinmin.players.mcpi import McpiError, McpiPlayer
from games.daihinmin.rules.cards import ALL_CARDS, JOKER, parse_cards
from games.daihinmin.rules.engine import GameState
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Observation

FAST = "mcpi[rollouts=8;particles=12]"


def _lineup(first: str, others: str = "default") -> list:
    return [make_player(first, seed=1)] + [make_player(others, seed=k) for k in range(2, 6)]


def test_strongest_names_mcpi_everywhere_a_player_is_named():
    assert isinstance(make_player("strongest"), McpiPlayer)
    from games.daihinmin.experiments.tournament import resolve_player

    assert resolve_player("strongest").argv is None  # an in-process player
    player = make_player("strongest[rollouts=5]")
    assert isinstance(player, McpiPlayer) and player.rollouts == 5


def test_settings_are_checked_with_named_errors():
    with pytest.raises(UnknownPlayerError, match="rollouts must be an int of at least 1"):
        make_player("mcpi[rollouts=0]")
    with pytest.raises(UnknownPlayerError, match="unknown model 'oracle'"):
        make_player("mcpi[self_model=oracle]")
    with pytest.raises(McpiError, match="time_budget"):
        McpiPlayer(time_budget=-1)
    assert parse_options("mcpi[time_budget=0.05;inference=off]") == (
        "mcpi",
        {"time_budget": 0.05, "inference": False},
    )


def test_default_move_is_the_default_client_on_a_fresh_state():
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        cards = [1 << i for i in range(61) if ALL_CARDS >> i & 1]
        rng.shuffle(cards)
        state = GameState([sum(cards[k::5]) for k in range(5)], rng=random.Random(0))
        while not state.over and checked < 2000:
            p = state.turn
            obs = Observation.of(state, p)
            client = DefaultPlayer()  # a fresh client reads the field from the observation
            expected = client.play(obs)
            expected = expected if isinstance(expected, Meld) else PASS
            assert default_move(obs.hand, obs.field, obs.revolution, obs.lock) == expected
            state.submit(expected)
            checked += 1
    assert checked == 2000


def test_seeded_matches_are_repeatable_and_legal():
    results = [Match(_lineup(FAST), seed=11).play(6) for _ in range(2)]
    assert results[0].per_game == results[1].per_game
    assert results[0].rejected[0] == 0 and results[0].faults == []


def test_mcpi_against_other_players_makes_no_illegal_move():
    for others in ("random", "kou2"):
        result = Match(_lineup(FAST, others), seed=4).play(4)
        assert result.rejected[0] == 0 and result.faults == []


def test_the_default_clients_are_identified_after_one_game():
    mcpi = make_player("mcpi[rollouts=4;particles=8;identify_after=10]", seed=1)
    assert isinstance(mcpi, McpiPlayer)
    Match([mcpi, *(make_player("default") for _ in range(4))], seed=2).play(3)
    assert [mcpi.model_of(q).name for q in range(1, 5)] == ["default"] * 4
    for q in range(1, 5):
        evidence = mcpi.evidence[q]
        # the default client's moves are explained exactly: no move costs more than 1 - eps
        decisions = evidence["default"][1]
        assert evidence["default"][0] == pytest.approx(decisions * _log(1 - EPSILON))
        assert evidence["kou2"][0] < evidence["default"][0]


def _log(x: float) -> float:
    import math

    return math.log(x)


def test_kou2_opponents_are_not_taken_for_default_clients():
    mcpi = make_player("mcpi[rollouts=4;particles=8;identify_after=10]", seed=1)
    assert isinstance(mcpi, McpiPlayer)
    Match([mcpi, *(make_player("kou2") for _ in range(4))], seed=2).play(3)
    assert [mcpi.model_of(q).name for q in range(1, 5)] == ["kou2"] * 4


def test_the_guesses_hold_what_is_known_and_follow_the_moves():
    rng = random.Random(5)
    cards = [1 << i for i in range(61) if ALL_CARDS >> i & 1]
    rng.shuffle(cards)
    hands = [sum(cards[k::5]) for k in range(5)]
    state = GameState(hands, rng=random.Random(0))
    known = {2: hands[2] & -hands[2]}  # one card of player 2, shown by the exchange
    belief = Belief(
        0,
        hands[0],
        [h.bit_count() for h in hands],
        known,
        models=[None, DefaultModel(), DefaultModel(), None, None],
        particles=16,
        rng=random.Random(1),
    )
    public = PublicState([h.bit_count() for h in hands], state.seats)
    while not state.over:
        p = state.turn
        meld = default_move(state.hands[p], state.field, state.revolution, state.lock)
        before = public.snapshot()
        result = state.submit(meld)
        public.apply(result)
        belief.update(before, result)
        unseen = ALL_CARDS & ~state.played & ~state.hands[0]
        for guess in belief.hands:
            assert [h.bit_count() for h in guess] == [h.bit_count() for h in state.hands]
            assert sum(guess[1:]) == unseen and guess[0] == state.hands[0]
            assert known[2] & ~state.played & ~guess[2] == 0
        assert public.counts == [h.bit_count() for h in state.hands]
        assert public.played == state.played and public.field == state.field


def test_a_default_clients_pass_rules_out_the_hands_that_would_have_played():
    # player 1 (a default client) passes on 9D: it holds no free single above 9 and no joker
    me = parse_cards("3S 4S 5H 9D")
    rest = ALL_CARDS & ~me
    belief = Belief(
        0,
        me,
        (4, 12, 12, 12, 13),
        {},
        models=[None, DefaultModel(), None, None, None],
        particles=200,
        rng=random.Random(2),
        resample_below=0.0,
    )
    public = PublicState([4, 12, 12, 12, 13], (0, 1, 2, 3, 4))
    state = state_from_hands(
        Observation(
            0, me, None, False, False, (4, 12, 12, 12, 13), (0, 1, 2, 3, 4), None, 0, (), 0, 0
        ),
        belief.hands[0],
        random.Random(0),
    )
    result = state.submit(Meld.parse("9D"))
    before = public.snapshot()
    public.apply(result)
    belief.update(before, result)
    before = public.snapshot()
    from games.daihinmin.rules.engine import MoveResult

    passed = MoveResult(1, PASS, False, None, Meld.parse("9D"), False, False, False)
    public.apply(passed)
    belief.update(before, passed)
    assert rest == ALL_CARDS & ~me
    top = max(belief.log_weights)
    for guess, weight in zip(belief.hands, belief.log_weights, strict=True):
        would_play = default_move(guess[1], Meld.parse("9D"), False, False) != PASS
        # a guess in which it would have played keeps only the weight of a surprise
        assert (weight < top - 3) == would_play
    marginal = belief.marginals()[1]
    assert marginal.get("JK", 0.0) < 0.1


def _full_state(first: str, second: str = "") -> GameState:
    """A game whose player 0 holds ``first`` (and player 1 ``second``), the rest dealt round
    the others; player 0 moves first."""
    fixed = [parse_cards(first), parse_cards(second)]
    taken = fixed[0] | fixed[1]
    rest = [1 << i for i in range(61) if ALL_CARDS >> i & 1 and not taken >> i & 1]
    random.Random(9).shuffle(rest)
    receivers = [2, 3, 4] if second else [1, 2, 3, 4]
    hands = [fixed[0], fixed[1], 0, 0, 0]
    for k, bit in enumerate(rest):
        hands[receivers[k % len(receivers)]] |= bit
    return GameState(hands, rng=random.Random(0), first=0)


def test_a_spent_time_budget_still_weighs_every_candidate_once():
    state = _full_state("3D 4D 5D KS 2H")
    obs = Observation.of(state, 0)
    candidates = [Meld.parse("3D 4D 5D"), Meld.parse("KS"), Meld.parse("2H")]
    rng = random.Random(1)
    search = Search(0, candidates, [DefaultModel()] * 5, rng)
    result = search.run(lambda: state.copy(), rollouts=1000, deadline=0.0)
    assert result.rollouts == 3 and [len(c.points) for c in result.candidates] == [1, 1, 1]
    player = McpiPlayer(rollouts=1000, time_budget=1e-9, seed=1)
    player.play(obs)
    assert player.last is not None and player.last.rounds == 1


def test_rollout_budget_and_successive_halving():
    state = GameState.from_hands(["3D 4D 5D KS 2H", "6H 7H 9S", "9C JH", "JD QH", "QD KH"])
    candidates = [Meld.parse(m) for m in ("3D 4D 5D", "KS", "2H", "3D")]
    search = Search(0, candidates, [DefaultModel()] * 5, random.Random(1), deals_per_round=2)
    result = search.run(lambda: state.copy(), rollouts=16)
    # round 1: 4 candidates x 2 deals; rounds 2 and 3: the best 2 x 2 deals
    assert result.rollouts == 16 and result.rounds == 3
    survivors = [c for c in result.candidates if c.dropped is None]
    assert len(survivors) == 2 and all(len(c.points) == 6 for c in survivors)
    assert [c.dropped for c in result.candidates if c.dropped] == [1, 1]
    assert result.choice in [c.meld for c in survivors]


def test_play_out_scores_the_searching_player():
    state = GameState.from_hands(["3D 4D 5D KS", "6H 7H", "9C", "JD", "QD"])
    assert play_out(state, 0, [DefaultModel()] * 5, random.Random(1)) == 5


def test_the_exact_endgame_is_played():
    me, other = parse_cards("6C 8S"), parse_cards("7C 9D KD")
    played = ALL_CARDS & ~(me | other)
    obs = Observation(
        0,
        me,
        Meld.parse("4C"),
        False,
        False,
        (2, 3, 0, 0, 0),
        (0, 1, 2, 3, 4),
        None,
        0,
        (2, 3, 4),
        played,
        1,
    )
    player = McpiPlayer(seed=1)
    assert str(player.play(obs)) == "8S" and player.solved == 1


def test_explain_lists_candidates_and_inferred_hands():
    state = _full_state("3D 4D 5D KS 2H", "6H 7H 9S JK")
    obs = Observation.of(state, 0)
    out = McpiPlayer(rollouts=16, seed=3).explain(obs)
    json.dumps(out)  # JSON-ready
    assert out["choice"] in [c["move"] for c in out["candidates"]]
    means = [c["mean_points"] for c in out["candidates"]]
    assert means == sorted(means, reverse=True)
    for q, entry in out["inferred_hands"].items():
        assert sum(entry["holds"].values()) == pytest.approx(obs.counts[int(q)], abs=0.01)
    assert out["inferred_hands"]["1"]["cards"] == 4
    assert set(out["inferred_hands"]["1"]["holds"]) <= {  # nothing is known of player 1
        c for q in "234" for c in out["inferred_hands"][q]["holds"]
    }


def test_the_joker_is_never_thrown_away_on_a_forced_pass():
    # a hand with only the pass: mcpi passes at once, without a search
    player = McpiPlayer(seed=1)
    obs = Observation(
        0,
        parse_cards("3S") | JOKER,
        Meld.parse("3C 3D"),
        False,
        False,
        (2, 5, 5, 5, 5),
        (0, 1, 2, 3, 4),
        None,
        0,
        (),
        parse_cards("3C 3D"),
        1,
    )
    assert player.play(obs) == PASS and player.forced == 1 and player.searched == 0


def test_the_policy_is_fitted_to_logged_decisions_the_same_way_twice(tmp_path):
    from games.daihinmin.experiments.policy_training import decisions_from_log, fit
    from games.daihinmin.experiments.tournament import chunk_log_dirs, run_tournament

    lineup = ["kou2", "default", "kou2", "random", "default"]
    result = run_tournament(lineup, 12, seed="fit", jobs=1, log_dir=str(tmp_path))
    (directory,) = chunk_log_dirs(str(tmp_path), 12)
    lines = (tmp_path / "set0-1" / "games.jsonl").read_text().splitlines()
    assert directory.endswith("set0-1") and len(lines) == 12
    assert [json.loads(line)["points"] for line in lines] == [
        list(g) for g in result.sets[0].per_game
    ]
    decisions = list(decisions_from_log(tmp_path / "set0-1" / "games.jsonl", [0, 2]))
    assert decisions and all(len(d.rows) > 1 for d in decisions)
    first, second = fit(decisions), fit(decisions)
    assert first.to_json() == second.to_json()
    # the fitted policy predicts kou2's moves far better than chance
    hits = sum(
        max(range(len(d.rows)), key=lambda k: _score(first, d, k)) == d.chosen for d in decisions
    )
    chance = sum(1 / len(d.rows) for d in decisions)
    assert hits > 1.5 * chance


def _score(policy, decision, k):
    weights = policy.lead if decision.lead else policy.follow
    return sum(w * x for w, x in zip(weights, decision.rows[k], strict=True))


def test_the_shipped_policy_file_matches_the_features():
    from games.daihinmin.players._mcpi_policy import FEATURES, load_policy

    policy = load_policy()
    assert len(policy.lead) == len(policy.follow) == len(FEATURES)
    assert policy.meta["command"] == "cgt daihinmin train-policy"
    assert policy.meta["teacher"] == "jn17" and policy.meta["agreement"]["held_out"] > 0.5


def test_switch_z_keeps_kou2s_choice_unless_the_search_is_sure():
    from games.daihinmin.players._mcpi_search import paired_better

    # paired over the common prefix: +1 on every guess is sure, alternating +-4 is not
    assert paired_better([5, 4, 5, 4, 3], [4, 3, 4, 3], 1.0)
    assert not paired_better([5, 1, 5, 1], [1, 5, 1, 5], 1.0)
    assert not paired_better([5], [1], 0.0)  # one play-out: no verdict
    assert paired_better([3, 3], [2, 2], 100.0)  # no spread: the sign decides
    with pytest.raises(McpiError, match="switch_z"):
        McpiPlayer(switch_z=-1)
    # an unreachable margin: every searched decision plays kou2's choice (candidate 0), unless
    # the chosen one beat it by the same points on every guess (no spread: the sign decides)
    sure = McpiPlayer(rollouts=16, particles=12, switch_z=1e9, seed=3)
    players = [sure] + [make_player("default") for _ in range(4)]
    seen = []
    play = sure.play

    def watched(obs: Observation) -> Meld:
        meld = play(obs)
        last = sure.last
        if last is not None and last.how == "search":
            first = last.candidates[0]
            chosen = next(c for c in last.candidates if c.meld == meld)
            n = min(len(chosen.points), len(first.points))
            gaps = {a - b for a, b in zip(chosen.points[:n], first.points[:n], strict=True)}
            seen.append((meld == first.meld, len(gaps) == 1 and gaps.pop() > 0))
        return meld

    sure.play = watched  # type: ignore[method-assign]
    Match(players, seed=4).play(2)
    assert seen and all(kept or no_spread for kept, no_spread in seen)
    assert sum(kept for kept, _ in seen) > len(seen) / 2


def test_known_models_replays_and_every_move_as_candidates():
    with pytest.raises(McpiError, match="known_models must be model names joined by"):
        McpiPlayer(known_models="default+oracle")
    with pytest.raises(UnknownPlayerError, match="replays must be an int of at least 1"):
        make_player("mcpi[replays=0]")
    with pytest.raises(McpiError, match="policy_temperature must be a positive number"):
        McpiPlayer(policy_temperature=0)
    cool = make_player("mcpi[self_model=policy;unknown_model=policy;policy_temperature=0.5]")
    assert cool.self_model.temperature == 0.5 == cool.unknown_model.temperature
    player = McpiPlayer(candidates=0, known_models="default+policy", seed=1)
    assert sorted(player._known_models) == ["default", "policy"]
    state = _full_state("3D 4D 5D KS 2H")
    obs = Observation.of(state, 0)
    moves = obs.legal_moves()
    chosen = player._candidates(obs, moves)
    assert sorted(map(str, chosen)) == sorted(map(str, moves))  # every legal move, once
    assert chosen[0] == candidate_moves(obs, 1)[0]  # kou2's choice first


def test_replays_count_against_the_rollouts_and_pair_up():
    state = GameState.from_hands(["3D 4D 5D KS 2H", "6H 7H 9S", "9C JH", "JD QH", "QD KH"])
    candidates = [Meld.parse(m) for m in ("3D 4D 5D", "KS", "2H", "3D")]
    search = Search(
        0, candidates, [DefaultModel()] * 5, random.Random(1), deals_per_round=2, replays=3
    )
    result = search.run(lambda: state.copy(), rollouts=48)
    # round 1: 4 candidates x 2 deals x 3 replays = 24; then the best 2 x 2 x 3 = 12 a round
    assert result.rollouts == 48 and result.rounds == 3
    survivors = [c for c in result.candidates if c.dropped is None]
    assert all(len(c.points) == 18 for c in survivors)
    assert all(len(c.points) == 6 for c in result.candidates if c.dropped)


def test_default_play_outs_follow_where_they_run():
    from games.daihinmin.players._mcpi_playout import KERNEL
    from games.daihinmin.players.mcpi import COMPILED_ROLLOUTS, PYTHON_ROLLOUTS

    in_python = McpiPlayer(native=False)
    assert (in_python.rollouts, in_python.replays, in_python.compiled) == (
        PYTHON_ROLLOUTS,
        1,
        False,
    )
    player = McpiPlayer()
    if KERNEL.load() is not None:
        assert (player.rollouts, player.replays, player.compiled) == (COMPILED_ROLLOUTS, 4, True)
    else:
        assert (player.rollouts, player.replays) == (PYTHON_ROLLOUTS, 1)
    assert McpiPlayer(rollouts=10, replays=2).rollouts == 10  # given settings are kept
