"""The server outlives bad connections before the games start (real sockets on 127.0.0.1): a
port probe, a junk profile, an HTTP request and a client that stalls in its profile are each
dropped with a reason, and the clients that come next get their seats and play."""

from __future__ import annotations

import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from games.daihinmin.network.client import run_client
from games.daihinmin.network.protocol import PROFILE_BYTES
from games.daihinmin.network.server import ServerError, run_server
from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.rules.match import MatchResult

BOTS = [RandomPlayer(k) for k in range(1, 5)]


class Lobby:
    """`run_server` for one TCP seat (four in-process players) in a thread."""

    def __init__(self, games: int = 2, **options: Any) -> None:
        self.port = 0
        self.drops: list[tuple[str, str]] = []
        self.joined: list[str] = []
        self.result: MatchResult | None = None
        self.error: BaseException | None = None
        listening = threading.Event()

        def ready(port: int) -> None:
            self.port = port
            listening.set()

        def serve() -> None:
            try:
                self.result = run_server(
                    0,
                    games,
                    players=[None, *BOTS],
                    host="127.0.0.1",
                    ready=ready,
                    on_connect=lambda n, name: self.joined.append(name),
                    on_drop=lambda address, reason: self.drops.append((address, reason)),
                    connect_timeout=60,
                    **options,
                )
            except BaseException as exc:
                self.error = exc
                listening.set()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert listening.wait(10)

    def wait_for_drops(self, count: int, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while len(self.drops) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.drops) >= count, (self.drops, self.error)

    def play_a_real_client(self) -> MatchResult:
        mine = run_client("127.0.0.1", self.port, RandomPlayer(9), name="honest", timeout=30)
        self.thread.join(60)
        assert not self.thread.is_alive() and self.error is None, self.error
        assert self.result is not None and self.joined == ["honest"]
        assert mine.points == self.result.points
        return self.result


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10)


def _profile(version: int, name: bytes = b"x") -> bytes:
    cells = [0] * 120
    cells[0] = version
    for i, char in enumerate(name):
        cells[15 + i] = char
    return struct.pack(">120i", *cells)


def test_a_port_probe_is_dropped_and_the_server_keeps_waiting() -> None:
    lobby = Lobby()
    _connect(lobby.port).close()
    lobby.wait_for_drops(1)
    assert (
        "closed the connection while sending its profile (got 0 of 480 bytes)"
        in (lobby.drops[0][1])
    )
    assert lobby.drops[0][0].startswith("127.0.0.1:")
    assert lobby.play_a_real_client().games == 2


def test_a_junk_profile_is_dropped() -> None:
    lobby = Lobby()
    with _connect(lobby.port) as junk:
        junk.sendall(_profile(-1521628648))
        lobby.wait_for_drops(1)
    assert lobby.drops[0][1] == (
        "announced protocol -1521628648 in its profile (20070 or 20140 expected)"
    )
    lobby.play_a_real_client()


def test_an_http_request_is_dropped_at_its_first_bytes() -> None:
    lobby = Lobby()
    with _connect(lobby.port) as http:
        http.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # then waits for an answer
        lobby.wait_for_drops(1, timeout=5)
        assert http.recv(1) == b""  # closed, nothing sent back
    assert "announced protocol 1195725856" in lobby.drops[0][1]
    lobby.play_a_real_client()


def test_a_client_that_stalls_in_its_profile_does_not_block_the_others() -> None:
    lobby = Lobby(handshake_timeout=30)
    with _connect(lobby.port) as stalled:
        stalled.sendall(_profile(20070)[:100])
        time.sleep(0.2)
        # the stalled handshake is still pending while an honest client takes the seat
        result = lobby.play_a_real_client()
        assert result.games == 2 and lobby.drops == []


def test_a_stalled_profile_times_out() -> None:
    lobby = Lobby(handshake_timeout=0.5)
    with _connect(lobby.port) as stalled:
        stalled.sendall(_profile(20070)[:100])
        lobby.wait_for_drops(1, timeout=10)
    assert lobby.drops[0][1] == "sent 100 of 480 bytes of its profile in 0.5 s"
    lobby.play_a_real_client()


def test_the_pending_connections_are_bounded() -> None:
    lobby = Lobby(max_pending=3, handshake_timeout=30)
    stalled = [_connect(lobby.port) for _ in range(3)]
    for sock in stalled:
        sock.sendall(b"\x00\x00")  # started, not finished: pending
    time.sleep(0.3)
    with _connect(lobby.port) as extra:
        lobby.wait_for_drops(1)
        assert extra.recv(1) == b""
    assert "closed at once: 3 connections have not sent a profile yet" in lobby.drops[0][1]
    for sock in stalled:  # they leave; the seat is still free for an honest client
        sock.close()
    lobby.wait_for_drops(4)
    lobby.play_a_real_client()


def test_a_silent_client_is_a_20060_client_as_on_the_c_server() -> None:
    # no profile within profile_wait: the client speaks protocol 20060 (no profile at all)
    lobby = Lobby(games=1, profile_wait=0.3)
    with _connect(lobby.port) as old:
        old.settimeout(10)
        number = old.recv(4)
        assert struct.unpack("=i", number)[0] == 0
    lobby.thread.join(60)
    assert lobby.error is None and lobby.joined == ["player0"] and lobby.drops == []


def test_an_unwritable_log_dir_fails_before_any_client_waits(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    started = time.monotonic()
    with pytest.raises(ServerError, match="cannot write the game log"):
        run_server(0, 1, log_dir=blocked / "logs", connect_timeout=30)
    assert time.monotonic() - started < 5
    with pytest.raises(ServerError, match="max_pending"):
        run_server(0, 1, max_pending=0)


def test_the_command_line_server_outlives_four_bad_handshakes() -> None:
    command = ["daihinmin", "server", "--port", "0", "--games", "2", "--json"]
    server = subprocess.Popen(
        [sys.executable, "-m", "cgt", *command, "--players", "-,random,random,random,random"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        port = int(line.split("listening on port ")[1].split(",")[0])
        _connect(port).close()  # a port probe
        with _connect(port) as junk:
            junk.sendall(_profile(-1521628648))
            assert junk.recv(1) == b""
        with _connect(port) as http:
            http.sendall(b"GET / HTTP/1.1\r\n\r\n")
            assert http.recv(1) == b""
        stalled = _connect(port)
        stalled.sendall(_profile(20070)[:100])
        mine = run_client("127.0.0.1", port, RandomPlayer(9), name="honest", timeout=30)
        out, err = server.communicate(timeout=60)
        stalled.close()
    finally:
        server.kill()
    assert server.returncode == 0, err
    assert mine.games == 2 and '"games": 2' in out
    drops = [line for line in err.splitlines() if "dropped" in line]
    assert len(drops) == 3, err
    assert "closed the connection while sending its profile" in drops[0]
    assert "announced protocol -1521628648" in drops[1]
    assert "announced protocol 1195725856" in drops[2]
    assert all("(still waiting for 1 client(s))" in line for line in drops)


def test_profile_size_is_a_table() -> None:
    assert PROFILE_BYTES == 120 * 4
