"""A long `cgt value` shows progress (positions valued, table entries, memory) instead of
silence; a short one shows nothing."""

from __future__ import annotations

import io
import threading

import cgt
from cgt.cli.watch import progress_line, watching


class Recorder(io.StringIO):
    """A piped stream that tells when something was written."""

    def __init__(self, terminal: bool = False) -> None:
        super().__init__()
        self.written = threading.Event()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal

    def write(self, text: str) -> int:
        count = super().write(text)
        if text.strip():
            self.written.set()
        return count


def _slow_value(stream: Recorder) -> cgt.Game:
    """A value whose computation waits until the watcher has shown a line (no timing luck)."""

    @cgt.partizan_game
    def Waiting(n: int) -> tuple[list[int], list[int]]:
        if n == 0:
            assert stream.written.wait(60), "no progress was shown"
        return ([n - 1] if n else [], [])

    return cgt.value(Waiting(30))


def test_a_long_computation_shows_its_progress_when_piped() -> None:
    stream = Recorder()
    with watching("cgt value", stream, delay=0.05, every=0.05):
        value = _slow_value(stream)
    assert value == cgt.Game(30)
    first = stream.getvalue().splitlines()[0]
    assert first.startswith("cgt value: ") and "positions valued" in first
    assert "table entries" in first and "(Ctrl-C stops)" in first


def test_on_a_terminal_the_line_is_rewritten_and_cleared() -> None:
    stream = Recorder(terminal=True)
    with watching("cgt value", stream, delay=0.05):
        _slow_value(stream)
    text = stream.getvalue()
    assert text.startswith("\r\x1b[K") and text.endswith("\r\x1b[K")
    assert "\n" not in text


def test_a_short_computation_shows_nothing() -> None:
    stream = Recorder()
    with watching("cgt value", stream, delay=30):
        cgt.value(cgt.Game("{2|-1}"))
    assert stream.getvalue() == ""


def test_the_line_counts_the_memo_tables() -> None:
    cgt.clear_caches()

    @cgt.partizan_game
    def Count(n: int) -> tuple[list[int], list[int]]:
        return ([n - 1] if n else [], [])

    cgt.value(Count(50))
    line = progress_line("x", 3)
    valued = int(line.split(": ")[1].split(" positions")[0].rstrip("K") or 0)
    assert valued >= 50 and line.endswith("3 s (Ctrl-C stops)")
