"""Issue 28, item 11 (octal codes): the accepted spellings of an octal code are the documented
ones (``d0.d1...dt``, with ``d0 = 0`` omissible as Winning Ways writes ``·07``), and every other
text is refused with a named error that shows the form, never a raw exception or a game."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from games.nim import hexadecimal, octal, parse_octal
from games.nim._errors import InvalidArgumentError, InvalidRulesError, WrongTypeError


@pytest.mark.parametrize(
    ("code", "digits"),
    [
        (".5", (0, 5)),
        ("0.5", (0, 5)),
        (".07", (0, 0, 7)),
        (" 4.07 ", (4, 0, 7)),
        ("0.770", (0, 7, 7)),
    ],
)
def test_the_documented_spellings(code: str, digits: tuple[int, ...]) -> None:
    assert parse_octal(code) == digits
    canonical = f"{digits[0]}." + "".join(map(str, digits[1:]))
    assert octal(code) is octal(canonical)


def test_a_leading_point_is_the_same_game() -> None:
    assert octal(".5").sequence(30) == octal("0.5").sequence(30)
    assert octal(".5").code == "0.5"


@pytest.mark.parametrize(
    "code",
    [
        "",
        ".",
        "5",
        "0.",
        "4.",
        "0..5",
        "0.5.",
        "05.5",
        "+0.5",
        "-0.5",
        "0x5",
        "0.1e",
        "0. 5",
        "0,5",
        "0.٥",
        "٠.5",
        "０.５",
        "·5",
        "0.5j",
    ],
)
def test_malformed_codes_are_refused_with_the_form(code: str) -> None:
    with pytest.raises(InvalidRulesError, match=r"looks like '0\.77', '\.77' or '4\.7'"):
        octal(code)


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("0.8", "not an octal digit"),
        ("1.7", "0 or 4"),
        ("0.0", "no move at all"),
        (".000", "no move at all"),
    ],
)
def test_codes_of_the_right_form_but_no_game(code: str, why: str) -> None:
    with pytest.raises(InvalidRulesError, match=why):
        octal(code)


@pytest.mark.parametrize("code", [None, 0.5, 5, b"0.5"])
def test_a_code_is_text(code: object) -> None:
    with pytest.raises(WrongTypeError, match="code is a string"):
        octal(code)  # type: ignore[arg-type]


def test_the_base_is_octal_or_hexadecimal() -> None:
    with pytest.raises(InvalidArgumentError, match="base is 8"):
        parse_octal("0.7", base=10)
    assert parse_octal(".f8", base=16) == (0, 15, 8)
    with pytest.raises(InvalidRulesError, match="a hexadecimal code looks like"):
        hexadecimal("0.g")


@given(st.text(alphabet="0123456789abcdefgx.· +-٣\n", max_size=8))
def test_any_text_is_a_game_or_a_named_error(code: str) -> None:
    try:
        digits = parse_octal(code)
    except cgt.CGTError:
        return
    canonical = f"{digits[0]}." + "".join(str(d) for d in digits[1:])
    assert parse_octal(canonical) == digits
    assert all(0 <= d < 8 for d in digits) and digits[0] in (0, 4) and any(digits)


def test_the_cli_says_the_form() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cgt", "octal", "0..5"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode != 0
    assert "looks like '0.77', '.77' or '4.7'" in run.stderr
    assert "Traceback" not in run.stderr
