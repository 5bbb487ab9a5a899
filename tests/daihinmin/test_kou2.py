"""kou2 (seed 002) as a player: legal, deterministic, every variant plays; its lead, follow,
revolution, lock and exchange rules on hand-made positions; `evaluate` refuses bad input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from games.daihinmin.experiments.evaluate import PositionError, evaluate, format_evaluation
from games.daihinmin.players._kou2_lead import best_split
from games.daihinmin.players._kou2_melds import generate, joker_groups, joker_sequences
from games.daihinmin.players._kou2_strength import Context
from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.players.kou2 import (
    VARIANTS,
    Kou2OptionError,
    Kou2Player,
    Reading,
    exchange_cards,
)
from games.daihinmin.rules.cards import ALL_CARDS, JOKER, CardError, parse_cards
from games.daihinmin.rules.match import Match
from games.daihinmin.rules.melds import Kind, Meld, MeldError, analyze

DECK = [1 << i for i in range(4, 56)] + [JOKER]
hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True).map(sum)


# --- whole games -------------------------------------------------------------------------------


def test_kou2_never_plays_an_illegal_meld() -> None:
    # an illegal play is counted in rejected (strict mode would also refuse a pass on a lone
    # joker, which the server counts as a pass)
    players = [Kou2Player(), *(RandomPlayer() for _ in range(4))]
    result = Match(players, seed=11).play(300)
    assert result.games == 300
    assert result.rejected[0] == 0
    assert result.faults == []
    # kou2 is far stronger than random play (measured: about 4.9 points per game)
    assert result.points[0] / result.games > 4.5


def test_five_kou2_variants_play_each_other() -> None:
    names = ["kou2", "w75", "single", "rev+", "lock-"]
    result = Match([Kou2Player(n) for n in names], seed=5).play(100)
    assert result.names == names
    assert result.rejected == [0] * 5
    assert result.faults == []
    assert sum(result.points) == 15 * 100


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_plays(name: str) -> None:
    player = Kou2Player(name)
    assert player.name == name
    players = [player, *(RandomPlayer() for _ in range(4))]
    result = Match(players, seed=name).play(15)
    assert result.rejected[0] == 0 and result.faults == []


def test_decisions_are_deterministic() -> None:
    def run() -> list[tuple[int, ...]]:
        players = [Kou2Player(), Kou2Player("useA"), *(RandomPlayer() for _ in range(3))]
        return Match(players, seed=7).play(40).per_game

    assert run() == run()


def test_unknown_variant_and_reading() -> None:
    with pytest.raises(Kou2OptionError, match="unknown kou2 variant 'w80'"):
        Kou2Player("w80")
    with pytest.raises(Kou2OptionError, match="sequence_mark"):
        Reading(sequence_mark="loose")
    with pytest.raises(Kou2OptionError):
        Kou2Player(reading="literal")  # type: ignore[arg-type]
    assert issubclass(Kou2OptionError, cgt.CGTError)


# --- meld generation properties ----------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(hands, st.booleans())
def test_generation_partitions_the_hand(hand: int, revolution: bool) -> None:
    melds = generate(hand, revolution)
    taken = 0
    for meld in melds:
        assert not taken & meld.hand_cards
        taken |= meld.hand_cards
        assert isinstance(analyze(meld.cards, meld.joker), tuple)  # the server accepts it
        assert Meld(meld.cards, meld.joker) == meld
        if meld.kind == Kind.SEQUENCE:
            # the strongest rank stays out of 3.2 sequences
            assert not meld.rank <= (1 if revolution else 13) <= meld.top
        if meld.kind == Kind.GROUP:
            assert not meld.uses_joker
    assert taken == hand


@settings(max_examples=200, deadline=None)
@given(hands)
def test_joker_sets_and_best_split(hand: int) -> None:
    hand |= JOKER
    for meld in joker_groups(hand) + joker_sequences(hand):
        assert meld.uses_joker and not meld.cards & ~hand
        assert isinstance(analyze(meld.cards, meld.joker), tuple)
    ctx = Context(hand, 0, 5)
    melds, value, _, tried = best_split(hand, ctx)
    assert value == min(v for _, v in tried)
    assert sum(m.hand_cards for m in melds) == hand


@settings(max_examples=200, deadline=None)
@given(hands, st.integers(2, 5), st.booleans())
def test_strengths_are_positive_and_eights_add_100(hand: int, left: int, rev: bool) -> None:
    ctx = Context(hand, 0, left, rev)
    for meld in generate(hand, rev):
        e = ctx.strength(meld)
        assert e >= 1
        if meld.has_eight and meld.kind != Kind.JOKER:
            assert e >= 101
        else:
            assert e <= 100


# --- leading -----------------------------------------------------------------------------------


def test_joker_split_of_figure_1() -> None:
    # 3.2 makes JK(5H) 6H 7H (weakest first); figure 1 finds 6H 7H JK(8H), an 8-cut whose
    # E >= 101 lowers the hand value
    hand = parse_cards("5D 6H 7H JD JK")
    assert [str(m) for m in generate(hand)] == ["JK(5H) 6H 7H", "5D", "JD"]
    result = evaluate(hand)
    assert result["joker_split"] == "6H 7H JK(8H)"
    assert [m["cards"] for m in result["melds"]] == ["5D", "JD", "6H 7H JK(8H)"]
    ctx = Context(hand, 0, 5)
    _, value, _, tried = best_split(hand, ctx)
    assert value == result["hand_value"] < tried[0][1]


def test_revolution_meld_gets_priority_90() -> None:
    # four 3s and weak cards: after a revolution the hand is much stronger (3.6)
    result = evaluate("3S 3H 3D 3C 4S 5H 6D 9C")
    prios = {m["cards"]: m["priority"] for m in result["melds"]}
    assert prios["3S 3H 3D 3C"] == 90
    assert result["play"] == "3S 3H 3D 3C"
    # rev-: no revolution meld while the hand holds 3 or more melds
    assert evaluate("3S 3H 3D 3C 4S 5H 6D 9C", variant="rev-")["play"] != "3S 3H 3D 3C"


def test_revolution_not_made_with_a_strong_single() -> None:
    # a 2 single (E 99 > 90) keeps the normal priorities; rev+ ignores that condition
    hand = "3S 3H 3D 3C 4S 9C 2D"
    assert evaluate(hand)["play"] != "3S 3H 3D 3C"
    prios = {m["cards"]: m["priority"] for m in evaluate(hand, variant="rev+")["melds"]}
    assert prios["3S 3H 3D 3C"] == 90 and prios["2D"] == 91


# --- following ---------------------------------------------------------------------------------


def candidate(result: dict[str, Any], cards: str) -> dict[str, Any]:
    found = [c for c in result["candidates"] if c["cards"] == cards]
    assert len(found) == 1
    return found[0]


def test_lock_on_a_single_when_we_hold_the_suits_top() -> None:
    # field 5S; we hold 2S, the strongest spade not yet played: every spade single is set to 86
    result = evaluate("7S 2S 9H 10D JC", field="5S")
    assert candidate(result, "7S")["E"] == 86
    assert candidate(result, "9H")["E"] == 1
    assert candidate(evaluate("7S 2S 9H 10D JC", field="5S", variant="lock-"), "7S")["E"] == 1
    # someone else may hold 2S: no change (unless lock+)
    other = evaluate("7S AS 9H 10D JC", field="5S")
    assert candidate(other, "7S")["E"] == 1
    assert candidate(evaluate("7S AS 9H 10D JC", field="5S", variant="lock+"), "7S")["E"] == 86


def test_lock_on_a_group_with_two_opponents() -> None:
    result = evaluate("7S 7H 9S 9D", field="5S 5H")
    assert candidate(result, "7S 7H")["E"] == 86
    assert candidate(result, "9S 9D")["E"] < 86
    # already locked: no lock-making meld
    locked = evaluate("7S 7H 9S 9H", field="5S 5H", lock=True)
    assert all(c["E"] < 86 for c in locked["candidates"])


def test_pass_with_the_top_rank_when_every_opponent_passed() -> None:
    # only 2S beats the K; it is the opponents' strongest rank too (2H 2D 2C unseen)
    hand = "2S 4H 4D 6C"
    assert evaluate(hand, field="KH")["play"] == "2S"
    assert evaluate(hand, field="KH", opponents_passed=True)["play"] == "pass"


def test_lone_joker_on_a_single() -> None:
    # nothing beats KD; the joker then leaves one meld: the hand can go out
    assert evaluate("5H JK", field="KD", played="3S")["play"] == "JK"
    # the 3 of spades is still out there: keep the joker
    assert evaluate("5H JK", field="KD")["play"] == "pass"
    # a sequence with the joker in it: the joker on the opponents' strongest rank (2D: 2s are
    # the strongest rank held by opponents) does not lower the number of melds
    assert evaluate("4S 6S JK", field="2D", played="3S")["play"] == "JK"
    assert evaluate("4S 9H JK", field="2D", played="3S")["play"] == "pass"


def test_sequence_field_mark_readings() -> None:
    # "提出前の手札評価値が (提出後の手札評価値 + 1) 以下" read literally marks KC AC 2C, which
    # breaks three pairs (hand value 5 -> 8); section 4 says kou2 plays when the hand gets
    # better and passes when it gets worse: the default reading marks when after <= before + 1
    hand, field = "4C 9D 10H JC KH KC AH AC 2S 2C", "4S 5S 6S"
    literal = evaluate(hand, field=field, players_left=4, reading=Reading(sequence_mark="literal"))
    relaxed = evaluate(hand, field=field, players_left=4)
    assert literal["hand_value"] == relaxed["hand_value"] == 5
    assert candidate(literal, "KC AC 2C")["hand_value_after"] == 8
    assert candidate(literal, "KC AC 2C")["marked"] is True
    assert candidate(relaxed, "KC AC 2C")["marked"] is False
    assert (literal["play"], relaxed["play"]) == ("KC AC 2C", "pass")


# --- exchange ----------------------------------------------------------------------------------


def test_exchange_gives_the_weakest_useless_cards() -> None:
    hand = parse_cards("3S 4H 7D 9S 9H QC KD AS 2S 2H JK")
    assert exchange_cards(hand, 2) == parse_cards("3S 4H")
    assert exchange_cards(hand, 1) == parse_cards("3S")
    assert exchange_cards(hand, 0) == 0
    # it keeps a sequence together rather than giving its weakest card
    seq = parse_cards("3S 4S 5S 9H 2C")
    assert exchange_cards(seq, 1) == parse_cards("9H")


# --- evaluate: bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hand": "6S 6X"}, CardError, "suit 'X'"),
        ({"hand": "6S 6S"}, CardError, "given twice"),
        ({"hand": ""}, PositionError, "empty"),
        ({"hand": "6S", "played": "6S 7S"}, PositionError, "both in the hand and played"),
        ({"hand": "6S", "players_left": 1}, PositionError, "2 to 5"),
        ({"hand": "6S", "players_left": 6}, PositionError, "2 to 5"),
        ({"hand": "6S", "players_left": "5"}, PositionError, "integer"),
        ({"hand": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"}, PositionError, "at most 11"),
        ({"hand": "6S", "field": "6S"}, PositionError, "on the field"),
        ({"hand": "6S", "field": "4S 6S"}, MeldError, "not a meld"),
        ({"hand": "6S", "lock": True}, PositionError, "lock needs a meld"),
        ({"hand": "6S", "variant": "w80"}, Kou2OptionError, "unknown kou2 variant"),
        ({"hand": 1 << 61}, CardError, "no card"),
        ({"hand": "6S", "played": ALL_CARDS & ~parse_cards("6S 7S")}, PositionError, "opponents"),
    ],
)
def test_evaluate_bad_input(kwargs: dict[str, object], error: type, message: str) -> None:
    hand = kwargs.pop("hand")
    with pytest.raises(error, match=message):
        evaluate(hand, **kwargs)  # type: ignore[arg-type]
    assert issubclass(error, cgt.CGTError)


def test_evaluate_follow_output() -> None:
    result = evaluate("4S 7D 9D 9H", field="3C", played="5S")
    assert result["field"] == "3C" and result["played"] == "3C 5S"
    assert result["play"] == "4S"
    assert {c["cards"] for c in result["candidates"]} == {"4S", "7D", "9D", "9H"}
    text = format_evaluation(result)
    assert "play: 4S" in text and "candidate" in text


# --- the trick records of section 5.3 ----------------------------------------------------------


def test_trick_records() -> None:
    player = Kou2Player("w75", record_tricks=True)
    result = Match([player, *(RandomPlayer() for _ in range(4))], seed=4).play(60)
    records = player.trick_records
    assert result.rejected[0] == 0 and records
    assert {r.took_trick for r in records} == {True, False}
    for record in records:
        assert record.took_trick == (record.beaten_by is None)
        if record.beaten_by is not None:
            # what beat it is a meld of the same size (or the lone joker / the 3 of spades)
            assert record.beaten_by.size == record.meld.size
    assert Kou2Player().trick_records == [] and not Kou2Player().record_tricks


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(VARIANTS)))
def test_every_decision_is_legal(rng: object, name: str) -> None:
    import random

    from games.daihinmin.rules.moves import legal_melds
    from games.daihinmin.rules.observation import Observation

    assert isinstance(rng, random.Random)
    deck = DECK[:]
    rng.shuffle(deck)
    hand = sum(deck[: rng.randint(1, 11)])
    other = sum(deck[11:22])
    played = sum(d for d in deck[22:] if rng.random() < 0.5)
    field = None
    if rng.random() < 0.7:
        options = legal_melds(other, None, include_pass=False)
        field = rng.choice(options)
        played |= field.hand_cards
    revolution = rng.random() < 0.3
    lock = field is not None and rng.random() < 0.3
    counts = (hand.bit_count(), 11, 10, rng.randint(0, 5), rng.randint(1, 5))
    obs = Observation(
        0, hand, field, revolution, lock, counts, (0, 1, 2, 3, 4), None,
        rng.randrange(32) & ~1, (), played, 1,
    )  # fmt: skip
    choice = Kou2Player(name).play(obs)
    assert choice.kind == Kind.PASS or choice in legal_melds(hand, field, revolution, lock)


def test_registry_builds_every_variant_and_json_output() -> None:
    import json

    from games.daihinmin.players import KOU2_VARIANTS, make_player

    for name in ("kou2", *KOU2_VARIANTS):
        player = make_player(name, seed=1)
        assert isinstance(player, Kou2Player) and player.name == name
    assert set(KOU2_VARIANTS) | {"kou2"} == set(VARIANTS)
    result = evaluate("6S 6D 7S KH 2S JK", played="3S 4S")
    assert json.loads(json.dumps(result)) == result
    assert {"melds", "hand_value", "play"} <= set(result)


# --- the real C server -------------------------------------------------------------------------


@pytest.mark.uecda
def test_kou2_on_the_c_server() -> None:
    import shutil

    from games.daihinmin.network.client import ClientResult, run_client
    from games.daihinmin.network.kit import UecdaKitError, build_kit, kit_source, run_tournament

    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed: cannot build the UECda C kit")
    try:
        kit_source()
    except UecdaKitError as exc:
        pytest.skip(str(exc))
    kit = build_kit()
    player = Kou2Player()

    def client(port: int) -> ClientResult:
        return run_client("127.0.0.1", port, player, "kou2")

    run = run_tournament(60, [client], kit=kit, seed=1009, timeout=300)
    seen = run.returns[0]
    assert isinstance(seen, ClientResult)
    assert run.names[0] == "kou2"
    assert seen.own_rejected == 0  # the C server refused none of kou2's submissions
    assert seen.games == 60
    assert sum(run.totals[-1]) == 15 * 60


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, (1 << 52) - 1), st.integers(2, 5), st.booleans())
def test_strength_against_a_plain_count(hand: int, seen: int, left: int, rev: bool) -> None:
    """E recomputed from the opponents' melds listed by `games.daihinmin.rules.moves`."""
    from games.daihinmin.rules.melds import beats
    from games.daihinmin.rules.moves import groups, sequences, singles

    played = (seen << 4) & ~hand
    opp = ALL_CARDS & ~hand & ~played
    real = opp & ~JOKER
    ctx = Context(hand, played, left, rev)
    for meld in [*singles(hand), *groups(hand), *sequences(hand)]:
        if meld.uses_joker or meld.kind == Kind.JOKER:
            continue
        if meld.kind == Kind.SINGLE:
            ranks = {m.rank for m in singles(real) if beats(meld, m, rev)}
            e = 100 - 30 * len(ranks) - (1 if opp & JOKER else 0)
        elif meld.kind == Kind.GROUP:
            e = 100
            for rank in {m.rank for m in groups(real, meld.size) if beats(meld, m, rev)}:
                have = ((real >> (4 * rank)) & 0xF).bit_count()
                e -= (4, 9, 15, 24)[min(have - meld.size - left + 5, 3)]
        else:
            rivals = [m for m in sequences(real, meld.size) if beats(meld, m, rev)]
            e = 100 - len(rivals) * (6 - left)
        e = max(e, 1) + (100 if meld.has_eight else 0)
        assert ctx.strength(meld) == e, str(meld)
