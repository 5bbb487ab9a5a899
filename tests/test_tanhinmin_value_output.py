"""``cgt tanhinmin ... --value`` prints a long value as a summary (its length measured on the
DAG, without writing it) and ``--full`` streams it: checked against ``str(g)``."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
import cgt.partizan.long_text as long_text
from cgt import text_size, write_text
from cgt.cli.command import main
from games.tanhinmin.partizan import PartizanTanhinmin

TEN_CARDS = ["1 3 5 7 9", "2 4 6 8 10"]
"""A position whose value is 39,803 characters long (14 cards: 10,745,437)."""


@pytest.fixture(params=[long_text.SMALL, 0], ids=["short texts kept", "nothing kept"])
def kept(request: Any, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run with the short texts of subgames kept, and with none kept (every text streamed and
    every tie of birthdays compared as streams)."""
    monkeypatch.setattr(long_text, "SMALL", request.param)
    return int(request.param)


def _written(g: cgt.Game, chunk: int = 1 << 16) -> str:
    out = io.StringIO()
    write_text(g, out.write, chunk=chunk)
    return out.getvalue()


def _tanhinmin_values(cards: int) -> Iterator[cgt.Game]:
    for total in range(1, cards + 1):
        for hands in itertools.combinations(range(1, total + 2), total):
            for split in range(total + 1):
                for field, targets in itertools.product((0, 1), ((0, 0), (1, 0), (1, 1))):
                    try:
                        position = PartizanTanhinmin(hands[:split], hands[split:], field, *targets)
                    except cgt.CGTError:
                        continue
                    yield cgt.value(position)


def test_length_and_text_are_those_of_str_on_every_small_position(kept: int) -> None:
    values = set(_tanhinmin_values(6))
    assert len(values) > 40
    for g in values:
        text = str(g)
        assert text_size(g).length == len(text), text
        assert _written(g, chunk=7) == text


def _games() -> st.SearchStrategy[cgt.Game]:
    leaves = st.sampled_from(
        [cgt.Game(x) for x in ("0", "1", "-1", "1/2", "*", "^", "v*", "-2", "3/4")]
    )

    def extend(inner: st.SearchStrategy[cgt.Game]) -> st.SearchStrategy[cgt.Game]:
        sides = st.lists(inner, max_size=3)
        built = st.builds(lambda left, right: cgt.Game(left=left, right=right), sides, sides)
        plus_minus = inner.map(lambda g: cgt.Game(left=[g], right=[-g]))
        return built | plus_minus

    return st.recursive(leaves, extend, max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(_games(), st.booleans())
def test_length_and_text_are_those_of_str_on_random_games(g: cgt.Game, keep: bool) -> None:
    saved = long_text.SMALL
    long_text.SMALL = saved if keep else 0
    try:
        assert text_size(g).length == len(str(g))
        assert _written(g, chunk=5) == str(g)
    finally:
        long_text.SMALL = saved


@pytest.mark.parametrize("text", ["tiny(2)", "miny(1/2)", "±(1/2)", "{0|±1}", "{1, ±1|*2||-1}"])
def test_named_values(text: str, kept: int) -> None:
    g = cgt.Game(text)
    assert (text_size(g).length, _written(g)) == (len(str(g)), str(g))


def test_subgames_are_counted_once() -> None:
    g = cgt.Game("{1|0}") + cgt.Game("{1|0}")  # {1|0} + {1|0} = {1+{1|0} | {1|0}}
    assert text_size(cgt.Game("{1|0}")).subgames == 3  # {1|0}, 1, 0
    assert text_size(g).subgames == len(_subgames(g))
    eight = cgt.value(PartizanTanhinmin((1, 3, 5, 7), (2, 4, 6, 8)))
    assert text_size(eight).subgames == len(_subgames(eight)) == 46


def _subgames(g: cgt.Game) -> set[cgt.Game]:
    """Every subgame of ``g``, ``g`` included (by recursion: an independent count)."""
    return {g}.union(*map(_subgames, g.left_options + g.right_options))


def test_str_makes_the_text_of_each_subgame_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """str(g) wrote a subgame's text afresh wherever it occurs and again to sort options: 2.3 s
    for the ten-card value (39,803 characters) before each subgame's text was kept."""
    from cgt.partizan import printing

    made: list[cgt.Game] = []
    shape = printing._Printer._shape

    def counted(self: printing._Printer, g: cgt.Game) -> printing._Shape:
        made.append(g)
        return shape(self, g)

    monkeypatch.setattr(printing._Printer, "_shape", counted)
    g = cgt.value(PartizanTanhinmin((1, 3, 5, 7, 9), (2, 4, 6, 8, 10)))
    text = str(g)
    # each subgame at most once in each of the two printers (the default style sorts options
    # by its own text, so str needs only the one)
    assert len(made) == len(set(made)) <= len(_subgames(g)) == 92
    assert len(text) == 39_803 and text == _written(g)
    made.clear()
    assert len(f"{g:u}") == 39_420
    assert len(made) <= 2 * 92  # the unicode texts and the plain ones that order the options


def test_a_long_value_is_summarized(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tanhinmin", *TEN_CARDS, "--value"]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line == (
        "CGT value (Left = the first hand): 39,803 characters, not printed (--full prints "
        "them); outcome R, stops 0 and 0, birthday 15, 92 distinct subgames"
    )


def test_full_streams_the_whole_value(capsys: pytest.CaptureFixture[str]) -> None:
    g = cgt.value(PartizanTanhinmin((1, 3, 5, 7, 9), (2, 4, 6, 8, 10)))
    assert main(["tanhinmin", *TEN_CARDS, "--value", "--full"]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    # the text as str(g) writes it (see the tests above)
    assert line == f"CGT value (Left = the first hand): {_written(g)}  outcome R"
    assert len(line) == len("CGT value (Left = the first hand): ") + 39_803 + len("  outcome R")


def test_json_has_the_summary_and_the_value_only_with_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tanhinmin", *TEN_CARDS, "--value", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] is None
    assert (data["value_length"], data["subgames"], data["birthday"]) == (39_803, 92, 15)
    assert (data["left_stop"], data["right_stop"], data["outcome"]) == ("0", "0", "R")
    assert main(["tanhinmin", *TEN_CARDS, "--value", "--json", "--full"]) == 0
    assert len(json.loads(capsys.readouterr().out)["value"]) == 39_803


def test_a_short_value_is_printed_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tanhinmin", "1 3 5", "2 4", "--value"]) == 0
    out = capsys.readouterr().out
    g = cgt.value(PartizanTanhinmin((1, 3, 5), (2, 4)))
    assert f"CGT value (Left = the first hand): {g}  outcome" in out


def test_full_needs_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tanhinmin", "1 3", "2", "--full"]) == 2
    assert "--full prints the CGT value in full: use it with --value" in capsys.readouterr().err
