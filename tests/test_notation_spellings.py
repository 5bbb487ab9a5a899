"""Other libraries' spellings that `cgt.parse` reads: pycgt's ``Miny(2)``, the glyphs ⧾ and ⧿,
and CGSuite's ``±(a, b)`` (``{a, b | -a, -b}``)."""

from __future__ import annotations

import pytest

import cgt


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Miny(2)", cgt.miny(2)),
        ("TINY(1/2)", cgt.tiny(cgt.Game("1/2"))),
        ("⧿2", cgt.miny(2)),
        ("⧾(1/4)", cgt.tiny(cgt.Game("1/4"))),
        ("⧾2 + ⧿2", cgt.Game(0)),
        ("±(1,{3|0})", cgt.Game(left=[1, "{3|0}"], right=[-1, "{0|-3}"])),
        ("±(1)", cgt.switch(1)),
        ("+-(1, 2)", cgt.switch(2)),
        ("±(1, 2) + 1", cgt.Game("{3|-1}")),
    ],
)
def test_spellings(text: str, expected: cgt.Game) -> None:
    assert cgt.parse(text) == expected


def test_the_printed_forms_read_back() -> None:
    for game in (cgt.miny(2), cgt.tiny(cgt.Game("1/2")), cgt.parse("±(1,{3|0})")):
        assert cgt.parse(str(game)) == game


@pytest.mark.parametrize("text", ["⧿", "±(", "±(1,)", "Miny 2"])
def test_malformed_spellings_are_notation_errors(text: str) -> None:
    with pytest.raises(cgt.NotationError):
        cgt.parse(text)
