"""Parsing the paper's notation: what is accepted, and the errors for what is not."""

import pytest

import cgt
from games.sevens.notation import (
    SevensError,
    check_player,
    conjugate,
    holders,
    parse_suits,
    suit_text,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("01LLRL", "LLRL"),
        ("0LLRL", "LLRL"),
        ("LLRL", "LLRL"),
        ("0", ""),
        ("", ""),
        ("0L2R", "LR"),  # Theorem 2's shape: card 2 on the field, card 1 in Left's hand
        ("L2R", "LR"),
        ("0123456789012L", "L"),  # card 10 onwards: the last digit of the card's number
        (["L", "R", "R"], "LRR"),
        (("R",), "R"),
    ],
)
def test_accepted_suits(text, expected):
    assert holders(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0LX", "character 'X' at card 2"),
        ("0lr", "character 'l' at card 1"),
        ("0L5R", "digit '5' stands at card 2"),
        ("LL1", "digit '1' stands at card 3"),
        ("00LR", "digit '0' stands at card 1"),
        ("0L٣", "is not a digit"),  # a non-ASCII digit
    ],
)
def test_rejected_suits(text, message):
    with pytest.raises(SevensError, match=message):
        holders(text)


def test_errors_are_cgt_errors_and_value_errors():
    with pytest.raises(cgt.CGTError):
        holders("0Q")
    with pytest.raises(ValueError):
        holders("0Q")


def test_structured_input_must_be_letters():
    with pytest.raises(SevensError, match="a suit is a string"):
        holders(12)  # type: ignore[arg-type]
    with pytest.raises(SevensError, match="character 'x'"):
        holders(["L", "x"])


def test_positions():
    assert parse_suits(["0LR", "RRL"]) == ("LR", "RRL")
    assert parse_suits("0LR") == ("LR",)
    with pytest.raises(SevensError, match="at least one suit"):
        parse_suits([])
    with pytest.raises(SevensError, match="sequence of suits"):
        parse_suits(5)  # type: ignore[arg-type]


def test_players_and_printing():
    assert check_player("L") == "L"
    with pytest.raises(SevensError, match="first must be 'L' or 'R', not 'X'"):
        check_player("X", "first")
    assert suit_text("LR") == "0LR"
    assert conjugate("01LLR") == "RRL"


def test_a_list_of_suits_is_not_one_suit():
    """Issue 16: ``suit_value(["LL", "RR"])`` joined the items into one suit and gave 1."""
    import pytest

    from games.sevens import algorithm1, suit_value, theorem3_value
    from games.sevens.notation import SevensError

    for function in (suit_value, algorithm1, theorem3_value):
        with pytest.raises(SevensError, match="single 'L'/'R' items"):
            function(["LL", "RR"])
    assert suit_value(["L", "L", "R", "R"]) == suit_value("LLRR") == 1  # one suit of 4 cards
