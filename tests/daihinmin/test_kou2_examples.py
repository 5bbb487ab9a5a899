"""Every worked example of seed 002 (Tagashira and Tajima 2016), section 3, computed by kou2.

Each test states the paper's position and number and checks that kou2's rules give it; where the
paper's words and numbers disagree, the test pins down our reading and says so.
"""

from __future__ import annotations

import pytest

from games.daihinmin.experiments.evaluate import evaluate
from games.daihinmin.players._kou2_melds import generate
from games.daihinmin.players._kou2_options import Reading
from games.daihinmin.players._kou2_strength import Context, f_value
from games.daihinmin.players._kou2_value import can_go_out, g_value, hand_value
from games.daihinmin.rules.cards import ALL_CARDS, JOKER, parse_cards
from games.daihinmin.rules.melds import Meld


def split(text: str, revolution: bool = False) -> list[str]:
    return [str(m) for m in generate(parse_cards(text), revolution)]


# --- 3.2 meld generation ----------------------------------------------------------------------


def test_sequences_kept_when_a_card_is_in_no_group() -> None:
    # "手札が5S, 10C, JC, JH, QC, QH, KHであった場合、階段10C, JC, QCおよびJH, QH, KH ...
    #  以後この組で固定する"
    assert sorted(split("5S 10C JC JH QC QH KH")) == ["10C JC QC", "5S", "JH QH KH"]


def test_joker_sequence_when_only_the_eight_is_paired() -> None:
    # "手札が6C, 8C, 8S, JS, QD, Jokerである場合、階段6C, Joker, 8Cはこの組で固定され、
    #  残り手札は8S, JS, QDとなる"
    assert split("6C 8C 8S JS QD JK") == ["6C JK(7C) 8C", "8S", "JS", "QD"]


def test_sequence_of_paired_cards_is_not_made() -> None:
    # every card of 4S-5S-6S belongs to a group: the groups win (step 1 keeps none)
    assert split("4S 4H 5S 5H 6S 6H") == ["4S 4H", "5S 5H", "6S 6H"]


def test_strongest_rank_never_joins_a_sequence() -> None:
    assert split("QS KS AS 2S") == ["QS KS AS", "2S"]
    # under revolution the 3 is the strongest rank
    assert split("3S 4S 5S 6S", revolution=True) == ["4S 5S 6S", "3S"]


def test_joker_sequence_not_made_when_another_card_is_paired() -> None:
    # 6C and 7C paired (6S, 7S): no joker sequence; the joker stays alone
    assert split("6C 6S 7C 7S JK") == ["6S 6C", "7S 7C", "JK"]


def test_groups_take_every_card_of_a_rank_and_never_the_joker() -> None:
    assert split("9S 9H 9D JK") == ["9S 9H 9D", "JK"]


# --- 3.3 strength values -----------------------------------------------------------------------


def test_king_single_39() -> None:
    # "自分の保持するキングについて、すべての相手の手札を合わせた中にAと2がそれぞれ1枚以上
    #  あり ... 強さ評価値は 100 - 2 × 30 - 1 = 39": n = 2 (A and 2), C = 1 (an opponent may
    #  hold the joker).
    hand = parse_cards("3S KH")
    ctx = Context(hand, 0, 5)
    assert ctx.stronger_ranks(Meld.parse("KH")) == 2
    assert ctx.strength(Meld.parse("KH")) == 39


def test_king_single_wording_of_the_example() -> None:
    # The example says "ジョーカーが場に出ている場合" (the joker is out on the field) and still
    # subtracts C = 1; 3.5's example ("ジョーカーが場に出ていない場合", 2S -> 110 - 99) needs
    # C = 1 while the joker is unplayed.  Default reading: C = 1 while an opponent may hold the
    # joker, so a played joker gives 40.  The literal reading of the king example gives 39.
    hand = parse_cards("KH")
    played = parse_cards("JK")
    assert Context(hand, played, 5).strength(Meld.parse("KH")) == 40
    literal = Reading(joker_c="played")
    assert Context(hand, played, 5, reading=literal).strength(Meld.parse("KH")) == 39


def test_sequence_97() -> None:
    # "手札に 3S, 4S, 5S の階段があり、6D, 7D, 8D, 9D, 10D のカードが提出されていない場合 ...
    #  3 つの組の可能性があるので n は 3 ... 100 - 3 × (6 - 5) = 97"
    hand = parse_cards("3S 4S 5S")
    unseen = parse_cards("6D 7D 8D 9D 10D")
    played = ALL_CARDS & ~hand & ~unseen
    assert Context(hand, played, 5).strength(Meld.parse("3S 4S 5S")) == 97
    # with fewer players each rival sequence costs more: 100 - 3 x (6 - 3)
    assert Context(hand, played, 3).strength(Meld.parse("3S 4S 5S")) == 91


def test_group_formula() -> None:
    # n_i = (cards of r_i) - (size) - (players still in) + 5; f = 4, 9, 15, 24
    assert [f_value(n) for n in range(5)] == [4, 9, 15, 24, 24]
    hand = parse_cards("QS QH")
    # opponents hold KS KH KD (3 kings) and AS AH (2 aces); everything else is played
    unseen = parse_cards("KS KH KD AS AH")
    played = ALL_CARDS & ~hand & ~unseen
    pair = Meld.parse("QS QH")
    # 5 players: K: 3 - 2 - 5 + 5 = 1 -> 9; A: 2 - 2 = 0 -> 4: E = 100 - 13
    assert Context(hand, played, 5).strength(pair) == 87
    # 2 players: K: 3 - 2 - 2 + 5 = 4 -> 24; A: 3 -> 24: E = 52
    assert Context(hand, played, 2).strength(pair) == 52


def test_lone_joker_and_adjustments() -> None:
    hand = parse_cards("JK 8S")
    joker = Meld.parse("JK")
    assert Context(hand, 0, 5).strength(joker) == 1
    assert Context(hand, parse_cards("3S"), 5).strength(joker) == 100
    # E <= 0 becomes 1, then an 8 adds 100: an 8 single facing 7 stronger ranks
    assert Context(hand, 0, 5).strength(Meld.parse("8S")) == 101


def test_sure_meld_stays_100() -> None:
    # "8 やジョーカーを含まず、確実に場を流せる組の場合 ... 強さ評価値は 100 のままとなる"
    hand = parse_cards("2S 2H")
    assert Context(hand, 0, 5).strength(Meld.parse("2S 2H")) == 100
    assert Context(hand, parse_cards("JK"), 5).strength(Meld.parse("2S")) == 100


# --- 3.4 can go out ----------------------------------------------------------------------------


def test_go_out_example() -> None:
    # "ジョーカーがすでに使われており、手札が 9S, 2H, 2C の場合、... 2H, 2C のペアを提出した
    #  後に 9S を提出すればあがりとなる"
    hand = parse_cards("9S 2H 2C")
    ctx = Context(hand, JOKER, 5)
    melds = generate(hand)
    assert [ctx.strength(m) for m in melds] == [100, 1]
    assert can_go_out(melds, ctx, 86)
    assert evaluate("9S 2H 2C", played="JK")["play"] == "2H 2C"


# --- 3.5 hand value and priorities -------------------------------------------------------------


def test_g_values() -> None:
    single = Meld.parse("5S")
    pair = Meld.parse("5S 5H")
    assert [g_value(single, e, 1) for e in (1, 30, 31, 60, 61, 90, 91)] == [2, 2, 1, 1, 0, 0, -1]
    assert g_value(pair, 95, 0) == -2  # -a, a = its number of cards
    assert g_value(Meld.parse("JK"), 100, 0) == -2


def test_priorities_64_70_58_11() -> None:
    # "手札が 6S, 6D, 7S, KH, 2S であり、ジョーカーが場に出ていない場合 ... 64, 70, 58,
    #  110 - 99 = 11 ... この場合 7S を提出する"
    result = evaluate("6S 6D 7S KH 2S")
    got = {m["cards"]: m["priority"] for m in result["melds"]}
    assert got == {"6S 6D": 64, "7S": 70, "KH": 58, "2S": 11}
    assert {m["cards"]: m["E"] for m in result["melds"]}["2S"] == 99
    assert result["play"] == "7S"
    assert result["can_go_out"] is False


def test_priorities_9_2_10() -> None:
    # "手札が 6C, 7C, 8C, 9S, 2S, 2H である場合、あがれそうな手札と判断しているため ...
    #  8 を含む階段のため 9 ... 9S の単体 ... 2 ... 2S, 2H のペア: 110 - 100 = 10"
    result = evaluate("6C 7C 8C 9S 2S 2H")
    got = {m["cards"]: m["priority"] for m in result["melds"]}
    assert got == {"6C 7C 8C": 9, "9S": 2, "2S 2H": 10}
    assert result["can_go_out"] is True
    # the paper writes "2S, 2C" for the pair it plays; the hand holds 2S 2H
    assert result["play"] == "2S 2H"


def test_hand_value_of_the_first_example() -> None:
    hand = parse_cards("6S 6D 7S KH 2S")
    ctx = Context(hand, 0, 5)
    # 6S6D: E 1 -> 2; 7S: 1 -> 2; KH: 39 -> 1; 2S: 99, nothing stronger -> -1 (a = 1)
    assert hand_value(generate(hand), ctx) == 4


# --- section 4: the example of the single variant --------------------------------------------


def test_single_variant_example() -> None:
    # "たとえば5S, 5Hのペアと10Sの単体であれば10Sを提出する"
    assert evaluate("5S 5H 10S")["play"] == "5S 5H"
    assert evaluate("5S 5H 10S", variant="single")["play"] == "10S"
    # six ranks apart: the pair stays first
    assert evaluate("5S 5H JS", variant="single")["play"] == "5S 5H"


@pytest.mark.parametrize(
    ("variant", "play"),
    [("kou2", "5S 5H"), ("weak", "3D")],
)
def test_weak_variant_ignores_the_number_of_same_size_melds(variant: str, play: str) -> None:
    # kou2: 5S5H = 40 + 2 x 11 + 4 x 3 (three pairs) = 74 beats 3D = 40 + 2 x 13 + 4 = 70
    assert evaluate("3D 5S 5H 9S 9H JS JH", variant=variant)["play"] == play
