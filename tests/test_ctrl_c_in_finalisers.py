"""Issue 28, item 2: a Ctrl-C handled while a finaliser runs (a garbage-collection callback, a
``__del__``, a ``weakref.finalize`` callback) was lost: Python prints "Exception ignored in
..." and the program goes on (1 of 39 signals to ``cgt verify`` in one process).  The ``cgt``
command's handler delivers it again once the finaliser has returned.

Each check runs in a process of its own and sends itself a real SIGINT from inside the
finaliser, so the signal is handled there every time (no timing involved): with Python's own
handler the loop after it runs to its end, with ours it stops."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

_SCRIPT = textwrap.dedent(
    """
    import gc, os, signal, sys, time, weakref
    from cgt.cli._interrupts import interrupts_kept

    where = sys.argv[1]

    def ctrl_c():
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(1000))  # the handler runs here, inside the finaliser

    fired = []

    def callback(phase, info):
        if phase == "start" and not fired:
            fired.append(1)
            ctrl_c()

    class Doomed:
        def __del__(self):
            ctrl_c()

    def trigger():
        if where == "gc":
            gc.callbacks.append(callback)
            gc.collect()
        elif where == "del":
            Doomed()
        elif where == "weakref":
            class Thing:
                pass
            thing = Thing()
            weakref.finalize(thing, ctrl_c)
            del thing

    def run():
        try:
            trigger()
            for _ in range(500):  # 5 s, in steps Ctrl-C can stop
                time.sleep(0.01)
        except KeyboardInterrupt:
            return "interrupted"
        return "went on"

    if sys.argv[2] == "ours":
        with interrupts_kept():
            print(run())
    else:
        print(run())
    """
)


def _run(where: str, handler: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _SCRIPT, where, handler],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("where", ["gc", "del", "weakref"])
def test_ctrl_c_in_a_finaliser_stops_the_program(where: str) -> None:
    run = _run(where, "ours")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["interrupted"], run.stderr
    assert "Exception ignored" not in run.stderr


def test_pythons_own_handler_loses_it() -> None:
    """The defect itself, so this test shows what the handler is for."""
    run = _run("gc", "python")
    assert run.stdout.strip() == "went on"
    assert "KeyboardInterrupt" in run.stderr and "Exception ignored" in run.stderr


def test_the_cgt_command_runs_its_commands_with_the_handler() -> None:
    script = (
        "import argparse, signal, cgt.cli.command as c, cgt.cli._interrupts as i\n"
        "seen = []\n"
        "def handler(args):\n"
        "    seen.append(signal.getsignal(signal.SIGINT) is i._handler)\n"
        "    return 0\n"
        "class Parser:\n"
        "    def parse_args(self, words):\n"
        "        return argparse.Namespace(handler=handler, command='x')\n"
        "c.build_parser = lambda **kw: Parser()\n"
        "status = c.main(['x'])\n"
        "print(status, seen, signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert run.stdout.split() == ["0", "[True]", "True"], run.stderr
