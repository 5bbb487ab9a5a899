"""Cards (notation, errors) and melds (the server's classification, RULES.md §6-§8)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.daihinmin.rules.cards import (
    JOKER,
    REAL_CARDS,
    CardError,
    card,
    format_cards,
    iter_cards,
    parse_cards,
)
from games.daihinmin.rules.melds import PASS, Kind, Meld, MeldError, analyze, beats

ALL = list(iter_cards(REAL_CARDS))


def test_layout_matches_the_table():
    # bit 4 * column + row; row 0..3 = S H D C; column 1 = rank 3 ... 13 = rank 2
    assert card("3S") == 1 << 4 and card("3C") == 1 << 7
    assert card("2C") == 1 << (4 * 13 + 3)
    assert card("8D") == 1 << (4 * 6 + 2)
    assert card("10H") == card("TH") == card("0h") == card("10♥")
    assert card("JK") == card("Joker") == JOKER
    assert len(ALL) == 52 and REAL_CARDS.bit_count() == 52


@given(st.sets(st.sampled_from([*ALL, JOKER])))
def test_format_parse_round_trip(cards):
    mask = sum(cards)
    assert parse_cards(format_cards(mask)) == mask if mask else format_cards(0) == "-"


@pytest.mark.parametrize(
    "text, message",
    [
        ("1S", "rank '1'"),
        ("3X", "suit 'X'"),
        ("S", "write rank then suit"),
        ("3S 4S 3S", "given twice"),
        ("11H", "rank '11'"),
    ],
)
def test_bad_cards_are_named_errors(text, message):
    with pytest.raises(CardError, match=message):
        parse_cards(text)
    assert issubclass(CardError, cgt.CGTError)


def test_bad_card_types():
    with pytest.raises(CardError):
        parse_cards([3])  # type: ignore[list-item]
    with pytest.raises(CardError):
        format_cards(1)  # bit 0 is column 0: no card


@pytest.mark.parametrize(
    "text, kind, rank, size, suits",
    [
        ("7H", Kind.SINGLE, 5, 1, 2),
        ("JK", Kind.JOKER, 14, 1, 1),
        ("7S 7H", Kind.GROUP, 5, 2, 3),
        ("7S JK(7D)", Kind.GROUP, 5, 2, 5),
        ("7S 7H 7D 7C JK", Kind.GROUP, 5, 5, 31),
        ("3D 4D 5D", Kind.SEQUENCE, 1, 3, 4),
        ("JK(3C) 4C 5C", Kind.SEQUENCE, 1, 3, 8),
        ("AS 2S JK", Kind.SEQUENCE, 12, 3, 1),  # joker above the 2, column 14
        ("pass", Kind.PASS, 0, 0, 0),
    ],
)
def test_classification(text, kind, rank, size, suits):
    m = Meld.parse(text)
    assert (m.kind, m.rank, m.size, m.suits) == (kind, rank, size, suits)
    assert Meld.parse(str(m)) == m
    assert pickle.loads(pickle.dumps(m)) == m


def test_server_rejections():
    s5, h5, s6 = card("5S"), card("5H"), card("6S")
    # RULES.md §6.4: ♠5 ♥5 ♠6 reads as a broken sequence
    assert isinstance(analyze(s5 | h5 | s6, -1), str)
    # a lone joker written in row 4 is illegal (§6.2), anywhere in rows 0-3 it is fine
    assert isinstance(analyze(0, 4 * 15 + 1), str)
    assert analyze(0, 2 * 15 + 7) == (7, 1, 4, Kind.JOKER)
    # a 5-card group must put the joker in row 4 (§6.3); row 4 beside fewer cards is illegal
    four = parse_cards("7S 7H 7D 7C")
    assert analyze(four, 4 * 15 + 5) == (5, 5, 31, Kind.GROUP)
    assert isinstance(analyze(parse_cards("7S 7H"), 4 * 15 + 5), str)
    # two cards of one suit make no sequence
    assert isinstance(analyze(parse_cards("5S 6S"), -1), str)
    # a real card in column 0 or 14 is illegal
    assert isinstance(analyze(1 << 0, -1), str)
    with pytest.raises(MeldError, match="not a meld"):
        Meld(parse_cards("7S 8H"))
    with pytest.raises(MeldError):
        Meld.parse("3S JK(4S) JK(5S)")


def test_beats_follows_compare_card_status():
    ks, ah = Meld.parse("KS"), Meld.parse("AH")
    assert beats(ks, ah, False) and not beats(ah, ks, False)
    assert beats(ah, ks, True) and not beats(ks, ah, True)
    assert not beats(ks, Meld.parse("KH"), False)  # strictly stronger
    assert beats(Meld.parse("2S"), Meld.lone_joker(), False)
    assert beats(Meld.parse("3S"), Meld.lone_joker(), True)  # also under revolution
    assert not beats(Meld.parse("7S 7H"), Meld.parse("8D"), False)  # size
    seq = Meld.parse("5S 6S 7S")
    assert not beats(seq, Meld.parse("7H 8H 9H"), False)  # must be above every card
    assert beats(seq, Meld.parse("8H 9H 10H"), False)
    assert beats(seq, Meld.parse("JK(H<3) 3H 4H"), True)  # joker below the 3 in revolution
    assert not beats(seq, Meld.parse("3H 4H 5H"), True)


def test_eight_and_revolution_flags():
    assert Meld.parse("8S").has_eight and Meld.parse("8S 8H").has_eight
    assert Meld.parse("6S 7S JK(8S)").has_eight and Meld.parse("7D 8D 9D").has_eight
    assert not Meld.lone_joker().has_eight and not Meld.parse("9S 10S JS").has_eight
    assert Meld.parse("7S 7H 7D JK").is_revolution
    assert Meld.parse("3S 4S 5S 6S 7S").is_revolution
    assert not Meld.parse("3S 4S 5S 6S").is_revolution
    assert PASS.is_pass and str(PASS) == "pass"


def test_melds_are_immutable_and_hashable():
    m = Meld.parse("7S 7H")
    with pytest.raises(AttributeError):
        m.cards = 0  # type: ignore[misc]
    assert len({m, Meld.parse("7H 7S")}) == 1
