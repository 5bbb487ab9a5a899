"""The rules of RULES.md §4.5-§10 (``../shared/uecda/man/RULES.md``, the C server's code) on
small hand-made positions of `games.daihinmin.rules.engine.GameState`: five hands written as text,
seats 0-4, the holder of the 3 of diamonds leads (player 0 when nobody holds it).  Each test
names the section it checks."""

from __future__ import annotations

import random

import pytest

from games.daihinmin.rules.cards import parse_cards
from games.daihinmin.rules.engine import GameState, MoveResult, Rules
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld, MeldError, joker_cell


def game(*hands: str, **options: object) -> GameState:
    return GameState.from_hands(list(hands), **options)


def play(g: GameState, text: str) -> MoveResult:
    return g.submit(PASS if text == "pass" else Meld.parse(text))


def plays(g: GameState, *texts: str) -> list[MoveResult]:
    return [play(g, text) for text in texts]


def refused(result: MoveResult) -> bool:
    return not result.accepted and result.reason is not None


# --- §4.5 who leads, §9.1 a pass on an empty field ------------------------------------------


def test_4_5_the_diamond_3_holder_leads_and_may_pass() -> None:
    g = game("4S", "5S", "3D 9H", "6S", "7S")
    assert g.turn == 2
    result = play(g, "pass")  # §9.1: allowed, the next seat leads
    assert (result.accepted, result.reason, result.field) == (False, None, None)
    assert g.turn == 3 and g.field is None
    assert play(g, "6S").accepted


# --- §5 validation, §9.1 a refused play is a pass ---------------------------------------------


def test_5_cards_not_held_are_refused_and_count_as_a_pass() -> None:
    g = game("3D 5S", "6H 9H", "7C", "8D 4C", "JH")
    play(g, "5S")
    result = play(g, "7H")  # player 1 does not hold 7H
    assert refused(result) and "not in the hand" in (result.reason or "")
    assert result.meld == PASS and result.field == Meld.parse("5S")
    assert g.passed == 0b10 and g.turn == 2
    plays(g, "pass", "pass", "pass")  # 2, 3, 4 pass; player 1 is skipped
    assert g.turn == 0 and g.field == Meld.parse("5S")  # §9.2: back to the last player
    play(g, "pass")
    assert g.field is None and g.turn == 0  # §9.3: everybody passed, the last player leads


def test_5_a_joker_not_held_and_a_junk_submission_are_refused() -> None:
    g = game("3D 5S", "6H 9H", "7C", "8D 4C", "JH")
    play(g, "5S")
    assert refused(g.submit(Meld.lone_joker()))
    assert refused(g.submit(Illegal("junk in the table")))
    assert g.passed == 0b110


# --- §6 move types ---------------------------------------------------------------------------


def test_6_2_a_lone_joker_may_stand_in_any_row_0_3_but_not_row_4() -> None:
    for cell in (joker_cell(0, 0), joker_cell(3, 7), joker_cell(2, 14)):
        assert Meld(0, cell).kind == Kind.JOKER
    with pytest.raises(MeldError, match="row 4"):
        Meld(0, joker_cell(4, 1))


def test_6_3_a_five_card_group_writes_the_joker_in_row_4() -> None:
    five = Meld.parse("7S 7H 7D 7C JK")
    assert (five.kind, five.size, five.suits, five.joker) == (Kind.GROUP, 5, 31, joker_cell(4, 5))
    assert five.is_revolution


def test_6_4_sequences_with_the_joker_below_the_3_and_above_the_2() -> None:
    low = Meld(parse_cards("3S 4S"), joker_cell(0, 0))
    high = Meld(parse_cards("AH 2H"), joker_cell(1, 14))
    assert (low.kind, low.rank, low.size) == (Kind.SEQUENCE, 0, 3)
    assert (high.kind, high.rank, high.size) == (Kind.SEQUENCE, 12, 3)
    g = game("3D 3S 4S JK 9C", "4H 5H 6H", "5D 6D 7D", "AH 2H", "9D")
    assert g.submit(low).accepted
    assert refused(play(g, "4H 5H 6H"))  # 4 is not above the joker's 5 (column 2)
    assert play(g, "5D 6D 7D").accepted  # every card above every field card (§7)
    # A-2 with the joker above the 2 beats everything in normal order
    g = game("3D JS QS KS", "AH 2H JK 9C", "3C", "4C", "5C")
    assert play(g, "JS QS KS").accepted
    assert g.submit(high).accepted


def test_6_4_cards_of_two_suits_are_no_sequence() -> None:
    with pytest.raises(MeldError):
        Meld.parse("5S 5H 6S")


# --- §7 beating the field --------------------------------------------------------------------


def test_7_following_needs_the_same_size_and_kind_and_more_strength() -> None:
    g = game("3D 5S 9S", "5H KH", "6H 6D", "6C 7C", "9D 10D")
    play(g, "5S")
    assert refused(play(g, "5H"))  # equal rank
    assert refused(play(g, "6H 6D"))  # a group on a single
    assert play(g, "6C").accepted
    assert play(g, "9D").accepted
    assert refused(play(g, "9S"))  # equal rank again
    assert g.turn == 3  # 1 and 2 passed
    assert play(g, "7C").accepted is False  # 7 < 9


def test_7_sequences_compare_their_lowest_and_highest_cards() -> None:
    g = game("3D 5S 6S 7S", "7H 8H 9H", "8C 9C 10C", "JD", "QD")
    play(g, "5S 6S 7S")
    assert refused(play(g, "7H 8H 9H"))  # 7 is not above the field's 7
    assert play(g, "8C 9C 10C").accepted


@pytest.mark.parametrize(
    ("field", "lower", "higher"),
    [("9S", "5H", "KH"), ("9S 9C", "5H 5D", "KH KD"), ("9S 10S JS", "4H 5H 6H", "QH KH AH")],
)
def test_7_a_revolution_reverses_the_order(field: str, lower: str, higher: str) -> None:
    g = game(f"3D {field}", higher, lower, "QC", "JC")
    g.revolution = True
    play(g, field)
    assert refused(play(g, higher))
    assert play(g, lower).accepted


def test_7_8_4_a_lone_joker_beats_any_single_also_a_2_and_under_revolution() -> None:
    for revolution, top in ((False, "2S"), (True, "3S")):
        g = game(f"3D {top}", "JK 5C", "6C", "7C", "9C")
        g.revolution = revolution
        play(g, top)
        result = g.submit(Meld.lone_joker())
        assert result.accepted and g.field is not None and g.field.kind == Kind.JOKER


def test_7_a_lone_joker_does_not_beat_a_group() -> None:
    g = game("3D 5S 5H", "JK 6C", "7C", "8C", "9C")
    play(g, "5S 5H")
    assert refused(g.submit(Meld.lone_joker()))


# --- §8.1 the 8-cut --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "eight", ["8S", "8S 8H", "7S 8S 9S", "7S JK(8S) 9S", "6S 7S JK(8S)", "JK(8S) 9S 10S"]
)
def test_8_1_an_eight_clears_the_field_and_its_player_leads(eight: str) -> None:
    g = game("3D 4D " + eight.replace("JK(8S)", "JK"), "QS QH KS", "AS", "AH", "2H")
    result = play(g, eight)
    assert result.accepted and result.cleared
    assert g.field is None and g.turn == 0 and g.passed == 0
    assert result.field == Meld.parse(eight)  # the field table still shows the 8


def test_8_1_a_lone_joker_written_on_the_8_column_is_no_8_cut() -> None:
    g = game("3D JK", "4S", "5S", "6S", "7S")
    result = g.submit(Meld(0, joker_cell(0, 6)))
    assert result.accepted and not result.cleared and g.turn == 1


def test_8_1_an_eight_as_the_last_card_gives_the_lead_to_the_next_seat() -> None:
    g = game("3D JC", "8S", "5S 9S", "6S", "7S 10S")
    play(g, "3D")
    result = play(g, "8S")
    assert result.accepted and result.cleared and result.finished
    assert g.finished == [1] and g.turn == 2 and g.field is None


# --- §8.2 revolution -------------------------------------------------------------------------


def test_8_2_revolution_toggles_twice_and_survives_clears() -> None:
    g = game("3D 4S 4H 4D 4C KS", "5H 6H 7H 8H 9H QD", "10C", "JC", "2C")
    result = play(g, "4S 4H 4D 4C")
    assert result.accepted and g.revolution
    plays(g, "pass", "pass", "pass", "pass")
    assert g.turn == 0 and g.field is not None
    play(g, "pass")
    assert g.field is None and g.revolution and g.turn == 0  # a clear keeps it
    play(g, "pass")  # the leader passes (§9.1): player 1 leads
    assert g.turn == 1
    result = play(g, "5H 6H 7H 8H 9H")  # a 5-sequence (holding the 8: also an 8-cut)
    assert result.accepted and result.cleared and not g.revolution


def test_8_2_four_eights_are_a_revolution_and_an_8_cut() -> None:
    g = game("3D 8S 8H 8D 8C", "4S", "5S", "6S", "7S")
    result = play(g, "8S 8H 8D 8C")
    assert result.cleared and g.revolution and g.turn == 0


def test_8_2_three_cards_and_the_joker_are_a_revolution() -> None:
    g = game("3D 9S 9H 9D JK", "4S", "5S", "6S", "7S")
    assert play(g, "9S 9H 9D JK").accepted and g.revolution


# --- §8.3 the lock ---------------------------------------------------------------------------


def test_8_3_a_single_of_the_same_suit_locks() -> None:
    g = game("3D 5S", "7S 7H", "9H 9S", "10S", "JD")
    play(g, "5S")
    assert not g.lock
    assert play(g, "7S").accepted and g.lock
    assert refused(play(g, "9H"))
    assert g.turn == 3
    assert play(g, "10S").accepted and g.lock


def test_8_3_groups_lock_only_on_the_whole_set_of_suits() -> None:
    g = game("3D 7H 7S", "9H 9S", "10H 10C", "QH QS", "KC")
    play(g, "7H 7S")
    assert play(g, "9H 9S").accepted and g.lock
    assert refused(play(g, "10H 10C"))
    assert play(g, "QH QS").accepted
    g = game("3D 7H 7S", "9H 9C", "10H 10S", "QH QC", "KC")
    play(g, "7H 7S")
    assert play(g, "9H 9C").accepted and not g.lock
    assert play(g, "10H 10S").accepted and not g.lock


def test_8_3_the_joker_counts_as_the_suit_of_its_row() -> None:
    g = game("3D 7H 7S", "9H JK", "10H 10C", "QH QS", "KC")
    play(g, "7H 7S")
    assert play(g, "9H JK(9S)").accepted and g.lock
    g = game("3D 7H 7S", "9H JK", "10H 10C", "QH QS", "KC")
    play(g, "7H 7S")
    assert play(g, "9H JK(9D)").accepted and not g.lock


def test_8_3_a_clear_lifts_the_lock() -> None:
    g = game("3D 5S 9C", "7S 8C", "4H", "4C", "4D")
    plays(g, "5S", "7S")
    assert g.lock
    plays(g, "pass", "pass", "pass", "pass")
    assert g.lock and g.turn == 1
    play(g, "pass")
    assert g.field is None and not g.lock and g.turn == 1


def test_8_3_8_4_the_lone_joker_ignores_the_lock_and_lifts_it() -> None:
    g = game("3D 5S", "7S 4H", "JK 9C", "10S", "JD")
    plays(g, "5S", "7S")
    assert g.lock
    result = g.submit(Meld.lone_joker())
    assert result.accepted and not g.lock


# --- §8.4 the lone joker and the 3 of spades ---------------------------------------------------


def test_8_4_only_the_3_of_spades_answers_the_lone_joker_and_clears() -> None:
    g = game("3D JK 9C", "2S", "3S 4S", "5H", "6H")
    result = g.submit(Meld.lone_joker())
    assert result.accepted and g.turn == 1
    assert refused(play(g, "2S"))
    result = play(g, "3S")
    assert result.accepted and result.cleared
    assert g.field is None and g.turn == 2 and not g.lock


def test_8_4_a_pass_on_the_lone_joker_is_refused_and_counts_as_a_pass() -> None:
    g = game("3D JK 9C", "2S", "3S 4S", "5H", "6H")
    g.submit(Meld.lone_joker())
    result = play(g, "pass")
    assert refused(result) and g.passed == 0b10
    result = play(g, "4S")
    assert refused(result) and g.passed == 0b110


def test_8_4_the_joker_player_may_answer_himself_with_the_3_of_spades() -> None:
    g = game("3D JK 3S 9C", "2S", "4S", "5H", "6H")
    g.submit(Meld.lone_joker())
    plays(g, "pass", "pass", "pass", "pass")
    assert g.turn == 0 and g.field is not None  # §9.2: the turn comes back
    result = play(g, "3S")
    assert result.accepted and result.cleared and g.turn == 0


def test_8_4_the_3_of_spades_answers_a_joker_played_on_a_locked_trick() -> None:
    g = game("3D 5S", "7S 3S 9H", "JK 9C", "10S", "JD")
    plays(g, "5S", "7S")
    g.submit(Meld.lone_joker())
    play(g, "pass")  # player 3
    assert g.turn == 4
    plays(g, "pass", "pass")
    assert g.turn == 1
    result = play(g, "3S")
    assert result.accepted and result.cleared and g.turn == 1


# --- §9.2, §9.3 turn order and clearing --------------------------------------------------------


def test_9_2_the_turn_returns_to_the_last_player() -> None:
    g = game("3D 5S 9S", "4H", "4C", "4D", "6C")
    play(g, "5S")
    plays(g, "pass", "pass", "pass", "pass")
    assert g.turn == 0 and g.field == Meld.parse("5S")  # not cleared: 0 has not passed
    assert play(g, "9S").accepted  # he may beat his own cards
    assert g.turn == 0  # the others passed in this trick: they stay out
    play(g, "pass")
    assert g.field is None and g.turn == 0 and g.passed == 0  # §9.3: all passed, he leads


def test_9_3_the_lead_goes_to_the_next_seat_when_the_last_player_has_finished() -> None:
    g = game("3D 9S", "5H 4H", "6C 7C", "KD QD", "2C")
    plays(g, "3D", "5H", "6C", "KD")
    assert play(g, "2C").finished  # player 4 is out on a 2
    plays(g, "pass", "pass", "pass")  # 0, 1, 2 pass
    assert g.field is not None and g.turn == 3
    result = play(g, "pass")  # 4 passes >= 4 players holding cards
    assert result.cleared and g.field is None and g.turn == 0  # the seat after 4's is 0's
    assert g.finished == [4]


def test_9_3_the_lead_after_a_finish_skips_finished_seats() -> None:
    g = game("3D 9S", "5H 4H", "6C 7C", "KD QD", "2C", seats=(0, 4, 1, 2, 3))
    plays(g, "3D")  # seat 0 -> seat 1 (player 4)
    assert g.turn == 4
    assert play(g, "2C").finished
    plays(g, "pass", "pass", "pass", "pass")  # 1, 2, 3, 0
    assert g.field is None and g.turn == 1  # the seat after 4's is 1's


# --- §9.4 twenty submissions in a row that are not accepted ------------------------------------


def test_9_4_twenty_non_accepted_submissions_end_the_game() -> None:
    g = game("3D 4D", "5S 6S", "7S 8H", "9S 10S", "JS QS", rng=random.Random(1))
    cleared = 0
    for k in range(19):
        result = g.submit(PASS if k % 2 else Illegal("junk"))
        assert not result.game_over
        cleared += result.cleared
    assert cleared == 3  # every 5 submissions all players have passed: the count goes on
    result = play(g, "pass")
    assert result.game_over and g.over
    assert sorted(g.ranking()) == [0, 1, 2, 3, 4]
    assert sorted(g.points()) == [1, 2, 3, 4, 5]


def test_9_4_an_accepted_play_resets_the_count_but_a_clear_does_not() -> None:
    g = game("3D 4D 5D", "5S 6S", "7S 8H", "9S 10S", "JS QS", rng=random.Random(1))
    for _ in range(19):
        play(g, "pass")
    assert g.turn == 4  # 19 passes: 3 clears, player 0 led each time
    assert play(g, "JS").accepted
    for _ in range(19):
        assert not play(g, "pass").game_over
    assert play(g, "pass").game_over


# --- §10 end of game and scoring -----------------------------------------------------------


def test_10_finishing_order_and_points() -> None:
    g = game("3D", "4D", "5D", "6D", "7D 9D")
    plays(g, "3D", "4D", "5D", "6D")
    assert g.finished == [0, 1, 2, 3] and g.over
    assert g.ranking() == [0, 1, 2, 3, 4]
    assert g.points() == [5, 4, 3, 2, 1]


def test_10_any_card_may_be_the_last() -> None:
    g = game("3D 2S", "JK", "8C", "3S", "4S")
    g.submit(Meld.parse("3D"))
    assert g.submit(Meld.lone_joker()).finished
    assert play(g, "pass").accepted is False
    assert play(g, "3S").finished  # the 3S answer as the last card
    assert g.turn == 4  # 3 is out: the next seat with cards leads
    assert play(g, "4S").finished
    assert play(g, "2S").finished and g.over
    assert g.ranking() == [1, 3, 4, 0, 2] and g.points() == [2, 5, 1, 4, 3]


def test_rules_switches_turn_effects_off() -> None:
    g = game("3D 8S 9S", "4S", "5S", "6S", "7S", rules=Rules(eight_cut=False))
    assert not play(g, "8S").cleared and g.turn == 1
    g = game("3D 4S 4H 4D 4C", "5S", "6S", "7S", "9S", rules=Rules(revolution=False))
    play(g, "4S 4H 4D 4C")
    assert not g.revolution


def test_8_3_8_4_the_3_of_spades_answer_does_not_lock() -> None:
    g = game("3D", "4D", "5D", "JK 9C", "3S")
    plays(g, "3D", "4D", "5D")
    assert g.lock  # diamonds
    assert g.submit(Meld.lone_joker()).accepted and not g.lock
    result = play(g, "3S")  # the last card of the fourth player out: the game ends
    assert result.accepted and result.game_over
    assert not g.lock
