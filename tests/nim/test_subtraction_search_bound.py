"""Issue 28, item 12: ``cgt subtraction 5000000`` advised a ``search_bound`` option the command
line lacked.  It now has ``--search-bound`` (searched in full when given), and every message
about an unfinished search gives the advice of the place it is read in: the option on the
command line, the argument or ``search_period(bound)`` in Python."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.nim import octal, subtraction
from games.nim._errors import InvalidRulesError


def _cgt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cgt", *args], capture_output=True, text=True, timeout=300
    )


def test_a_bound_too_small_says_to_raise_the_option() -> None:
    run = _cgt("subtraction", "50", "--search-bound", "60")
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "cgt subtraction: subtraction({50}): not yet periodic up to n = 60 (search bound; a "
        "finite subtraction set is always eventually periodic: run again with a larger "
        "--search-bound)"
    )


def test_a_larger_bound_certifies_the_period() -> None:
    run = _cgt("subtraction", "50", "--search-bound", "400", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert (report["period"], report["preperiod"]) == (100, 0)  # g(n) = floor(n / 50) mod 2
    assert report["sequence"][:3] == [0, 0, 0]


def test_the_option_is_in_the_help_and_checked() -> None:
    assert "--search-bound" in _cgt("subtraction", "--help").stdout
    bad = _cgt("subtraction", "2,3", "--search-bound", "0")
    assert bad.returncode == 2 and "expected a positive integer, got 0" in bad.stderr


def test_python_gets_python_advice() -> None:
    with pytest.raises(InvalidRulesError, match=r"pass a larger search_bound, or call search_pe"):
        _ = subtraction({50}, search_bound=60).period
    assert "call search_period(bound)" in octal("0.16", search_bound=100).describe_periodicity()


def test_the_octal_command_gives_its_own_option() -> None:
    run = _cgt("octal", "0.16", "--search-bound", "100", "--upto", "3")
    assert run.returncode == 0
    assert "(search bound; --upto-heaps N looks further, with progress and checkpoints)" in (
        run.stdout
    )
    assert "search_period" not in run.stdout
