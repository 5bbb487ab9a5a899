"""Issue 28, item 9: Hackenbush notation nested about 1,000 deep raised a raw `RecursionError`
(in Python and in ``cgt value --game hackenbush``)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from games.hackenbush import Hackenbush, HackenbushError
from games.hackenbush.notation import parse


def test_trees_nested_100000_deep_are_read_in_linear_time() -> None:
    depth = 100_000
    start = time.perf_counter()
    edges = parse("L(" * depth + "R" + ")" * depth)
    assert len(edges) == depth + 1 and edges[-1] == (depth, depth + 1, "R")
    assert time.perf_counter() - start < 30  # (the error message was made for every edge)


def test_a_deep_tree_has_its_value() -> None:
    g = Hackenbush("L(" * 3000 + "R" + ")" * 3000)  # a stalk: 3000 blue edges, one red
    assert str(g.value()) == "5999/2"


@pytest.mark.parametrize(
    ("text", "words"),
    [("L(" * 5000, "unclosed"), ("L(" * 5000 + ")" * 5000, "empty branch"), ("L(R R)", "','")],
)
def test_bad_deep_text_is_a_named_error(text: str, words: str) -> None:
    with pytest.raises(HackenbushError, match=words):
        parse(text)


def test_the_command_line_reads_and_values_a_deep_tree() -> None:
    text = "L(" * 1000 + "R" + ")" * 1000
    run = subprocess.run(
        [sys.executable, "-m", "cgt", "value", "--game", "hackenbush", text],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-800:]
    assert "RecursionError" not in run.stderr
    lines = dict(line.split(None, 1) for line in run.stdout.splitlines() if line.strip())
    assert lines["value"] == "1999/2"
