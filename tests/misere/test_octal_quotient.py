"""Misère quotients of all heaps of octal games (the stabilisation certificate), outcome
questions read from them, checked against direct search; and the bounds of issue 28 item 6
(nim heaps by closed forms, named refusals, progress and Ctrl-C on the command line)."""

from __future__ import annotations

import itertools
import json
import os
import resource
import select
import signal
import subprocess
import sys
import time

import pytest

import cgt
from cgt.cli import main
from cgt.misere.quotient import _heap_period
from games.nim import Nim, octal
from games.nim.misere import octal_misere_outcome


def test_heap_period_needs_a_long_enough_window():
    # t = 2: period 2 from heap 8 needs at least 2*8 + 2*2 + 2 - 1 = 21 heaps
    images = [0, 1, 2, 1, 2, 3, 2, 3, 2, 4] + [2, 4] * 6
    assert _heap_period(images[:21], 2) is None
    assert _heap_period(images[:22], 2) == (8, 2)
    # a preperiod of 0 is never claimed (a move leaving one heap a and one leaving a and a
    # heap of the period are different moves): the window is counted from 1
    assert _heap_period([0, 1, 0, 1, 0], 1) is None
    assert _heap_period([0, 1, 0, 1, 0, 1, 0], 1) == (1, 2)
    # the last pair (images[n - p], images[n]) counts too: here it breaks the period
    assert _heap_period([0, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 3], 1) is None


@pytest.mark.parametrize(
    ("code", "max_heap", "stable"),
    [("0.02", 40, True), ("0.2", 40, True), ("4.2", 40, True)]
    + [(code, 9, False) for code in ("0.4", "0.06", "0.42", "0.44", "0.046", "0.6")],
)
def test_no_false_period_from_heap_0(code, max_heap, stable):
    # a reviewer's counterexamples: each was said to be periodic from heap 0 with period 1;
    # for 0.02 the images 1, 1, 1, a were read as "every heap is the identity", so heap 4
    # (whose one move goes to heap 2, which has none) was called an N-position: it is P
    digits = (int(code[0]), *map(int, code[2:]))
    q = cgt.octal_misere_quotient(digits, max_heap=max_heap)
    assert q.all_heaps is stable
    assert q.all_heaps or q.preperiod is None or q.preperiod >= 1
    game = octal(code)
    for count in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(range(1, 10), count):
            direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
            assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), (code, heaps)
    if stable:  # read through the period: heaps beyond the ones it was built from
        assert q.preperiod >= 1
        for heaps in ((q.max_heap + 1,), (q.max_heap + 2, 1), (q.max_heap + 5, 3)):
            direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
            assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), (code, heaps)


def test_075_is_r8_for_all_heaps_and_agrees_with_direct_search():
    q = cgt.octal_misere_quotient((0, 7, 5))
    assert q.all_heaps and q.order == 8 and q.p_portion_names == ("a", "b^2")
    assert (q.preperiod, q.period) == (8, 2)
    game = octal("0.75")
    sizes = range(1, 10)
    for count in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(sizes, count):
            direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
            assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), heaps
    # heaps beyond the ones the quotient was built from, read through the period
    for heaps in ((22,), (23, 1)):
        direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
        assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), heaps


def test_0312_is_plambecks_published_analysis():
    # Plambeck, misère octal games, quaternary games, 0.312 ("Status: SOLVED [4 February
    # 2003]", http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/0312/):
    # single heap genera 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}, then period two;
    # A (heap 4) has genus 2^{1420} and A + A genus 0^{1202} ("we can pretend A + A = :0");
    # heaps 3, 5, 7, 9, ... are one adder (:4), heaps 6, 8, 10, ... another (:5).
    game = octal("0.312")
    # (a genus's last two digits repeat for ever: 1^{03131} is written 1^031 here, 0^{1202}
    # is 0^120)
    published = ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"] + ["0^02", "1^13"] * 3
    assert [str(cgt.genus(game.position(n))) for n in range(1, 13)] == published
    a = cgt.misere_canonical(game.position(4))
    assert str(cgt.genus(a + a)) == "0^120"
    q = cgt.octal_misere_quotient((0, 3, 1, 2))
    assert q.all_heaps and q.order == 12 and q.p_portion_names == ("a", "ac", "b^2")
    assert str(q.presentation) == "<a, b, c | a^2 = 1, c^2 = 1, b^2c = b^3, b^4 = b^2>"
    names = [q.names[q.image([n])] for n in range(1, 13)]
    assert names[3] == "c" and q.names[q.image([4, 4])] == "1"  # A + A = 0 in the quotient
    assert len({names[k] for k in (2, 4, 6, 8, 10)}) == 1  # heaps 3, 5, 7, 9, 11
    assert len({names[k] for k in (5, 7, 9, 11)}) == 1  # heaps 6, 8, 10, 12
    assert len({names[0], names[1], names[2], names[3], names[5]}) == 5
    # and every sum of up to three heaps up to 9 as the direct search says
    for count in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(range(1, 10), count):
            direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
            assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), heaps


@pytest.mark.parametrize("digits", [(0, 3), (0, 7), (0, 1, 2), (0, 3, 3)])
def test_small_octal_quotients_agree_with_direct_search(digits):
    q = cgt.octal_misere_quotient(digits)
    code = f"{digits[0]}." + "".join(map(str, digits[1:]))
    game = octal(code)
    assert q.all_heaps
    for heaps in itertools.combinations_with_replacement(range(1, 8), 3):
        direct = cgt.misere_outcome(*[game.position(h) for h in heaps])
        assert q.is_p_position(heaps) == (direct is cgt.MisereOutcome.P), (code, heaps)


def test_the_incremental_quotient_matches_the_published_kayles_prefix():
    # Kayles' quotient of heaps <= 6 (order 12) and <= 9 (order 18) as before the fast path
    q = cgt.misere_quotient(octal("0.77").position, 9)
    assert q.order == 18 and q.p_portion_names == ("a", "d", "ac", "b^2", "ac^2", "ad^2")
    assert q.heap_names == ("1", "a", "b", "ab", "a", "c", "ab", "b", "ab^2", "d")


def test_outcome_in_python_and_on_the_command_line(capsys):
    answer = octal_misere_outcome("0.75", [3, 5, 7, 1000])
    assert (answer.outcome, answer.element) == ("N", "ab")
    assert main(["octal", "0.75", "--misere", "--outcome", "3,5,7,1000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["outcome"] == "N" and report["element"] == "ab"
    assert report["quotient"] == {
        "order": 8,
        "heaps": "all",
        "certified": True,
        "p_portion": ["a", "b^2"],
    }
    assert main(["octal", "0.75", "--misere", "--outcome", "1,1,1"]) == 0
    # three 1-heaps: three moves, the last one loses: a P-position, as the direct search says
    assert "P-position (element a of" in capsys.readouterr().out
    assert cgt.misere_outcome(*[octal("0.75").position(1)] * 3) is cgt.MisereOutcome.P


def test_an_unstable_quotient_refuses_big_heaps_by_name(capsys):
    args = ["octal", "0.77", "--misere", "--outcome", "3,5,7,1000", "--max-heap", "6"]
    assert main(args) == 2
    assert "did not stabilise within 6 heaps" in capsys.readouterr().err


# --- issue 28 item 6: nim heaps in misère play -------------------------------------------------
@cgt.impartial_game
def Heap(n):
    return range(n)


def test_nim_closed_forms_agree_with_direct_search():
    for count in range(5):
        for heaps in itertools.combinations_with_replacement(range(6), count):
            direct_p = cgt.misere_outcome(*[Heap(h) for h in heaps])
            assert cgt.misere_outcome(Nim(heaps)) == direct_p, heaps
            assert cgt.misere_grundy(Nim(heaps)) == cgt.misere_grundy(*[Heap(h) for h in heaps])


def _limited(code: str, seconds: int = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python limited to 1.5 GB of memory."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=seconds,
        preexec_fn=limit,
    )


def test_big_nim_heaps_are_answered_at_once_within_bounded_memory():
    run = _limited(
        "import time, cgt\n"
        "from games.nim import Nim\n"
        "t = time.perf_counter()\n"
        "a = cgt.misere_outcome(Nim((10000,))).value\n"
        "b = cgt.misere_grundy(Nim((10**5, 10**5, 3)))\n"
        "c = cgt.misere_outcome(Nim((1, 1, 1))).value\n"
        "print(a, b, c, time.perf_counter() - t < 1)\n"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["N", "3", "P", "True"]


def test_huge_misere_forms_are_refused_by_name():
    run = _limited(
        "import cgt\n"
        "from games.nim import Nim\n"
        "tries = (lambda: cgt.MisereGame.nim(10**5), lambda: cgt.misere_canonical(Nim((10**4,))))\n"
        "for f in tries:\n"
        "    try:\n"
        "        f()\n"
        "    except cgt.MisereFormTooLargeError as e:\n"
        "        print('refused', 'quadratic' in str(e))\n"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["refused", "True", "refused", "True"]
    with pytest.raises(cgt.MisereSearchTooLargeError, match="no closed form"):
        cgt.misere_outcome(Nim((5000,)), Heap(2))
    assert cgt.misere_canonical(Nim((2, 3))) == cgt.MisereGame.nim(2) + cgt.MisereGame.nim(3)


def test_long_misere_runs_show_progress_and_stop_on_ctrl_c():
    """``cgt octal 0.77 --misere --upto 200`` on a terminal: a live status, then Ctrl-C."""
    master, slave = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "cgt", "octal", "0.77", "--misere", "--upto", "200"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
    )
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + 60
        while b"genus of heap" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                seen += os.read(master, 65536)
        assert b"genus of heap" in seen
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        rest = b""
        while True:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            rest += chunk
        os.close(master)
    finally:
        if process.poll() is None:  # a failed check leaves no process behind
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert b"interrupted (misere play of 0.77: genus of heap" in (seen + rest).replace(
        "è".encode(), b"e"
    )
