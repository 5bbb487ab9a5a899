"""UECda framing on real TCP sockets (127.0.0.1): exact reads, one sendall per message,
profiles, protocol 20140, and the named errors."""

from __future__ import annotations

import socket
import struct
import threading
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.daihinmin.network.protocol import (
    PROTOCOL_20060,
    PROTOCOL_20070,
    PROTOCOL_20140,
    Connection,
    ConnectionLostError,
    ProtocolError,
    ProtocolTimeoutError,
    connect,
)
from games.daihinmin.network.table import TableError, empty_table


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    """Two ends of a real TCP connection on 127.0.0.1."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    listener.close()
    yield server, client
    server.close()
    client.close()


def _table(seed: int) -> list[list[int]]:
    return [[(seed * 131 + 7 * r + c) % 5 - 1 for c in range(15)] for r in range(8)]


def test_table_read_exactly_across_pieces(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    table = _table(3)
    data = struct.pack(">120i", *(v for row in table for v in row)) + struct.pack(">i", 7)

    def dribble() -> None:  # the table and an int in pieces of 1, 7, 100, ... bytes
        for start, end in ((0, 1), (1, 8), (8, 108), (108, 479), (479, 482), (482, 484)):
            b.sendall(data[start:end])
            time.sleep(0.01)

    sender = threading.Thread(target=dribble)
    sender.start()
    conn = Connection(a, peer="player 1", timeout=5)
    assert conn.read_table("its move") == table
    assert conn.read_int("the flag") == 7
    sender.join()


def test_each_message_is_one_sendall_and_nodelay(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    conn = Connection(a, peer="player 0", timeout=5)
    assert a.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    sent: list[bytes] = []

    class Spy:
        def sendall(self, data: bytes) -> None:
            sent.append(bytes(data))
            a.sendall(data)

        def __getattr__(self, name: str) -> object:
            return getattr(a, name)

    conn.sock = Spy()  # type: ignore[assignment]
    conn.write_table(_table(1), "a hand table")
    conn.write_int(9, "the ack", hold=True)
    conn.write_table(_table(2), "the field table", hold=True)
    conn.write_int(0, "the flag", hold=True)
    assert len(sent) == 1
    conn.flush()
    assert [len(s) for s in sent] == [480, 488]
    other = Connection(b, timeout=5)
    assert other.read_table("x") == _table(1)
    assert other.read_int("x") == 9
    assert other.read_table("x") == _table(2)
    assert other.read_int("x") == 0


def test_held_messages_go_out_before_a_read(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    server, client = Connection(a, timeout=5), Connection(b, timeout=5)
    server.write_table(_table(4), "the deal table", hold=True)

    def answer() -> None:
        client.read_table("the deal")
        client.write_table(_table(5), "the exchange cards")

    helper = threading.Thread(target=answer)
    helper.start()
    assert server.read_table("the exchange cards") == _table(5)  # no deadlock: flushed first
    helper.join()


def test_server_writes_clamp_negative_cells_and_ints(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    a, b = pair
    server, client = Connection(a, timeout=5), Connection(b, timeout=5)
    deal = empty_table()
    deal[5][1] = -2  # the daihinmin's "2 - rank": the server sends 0 under 20070
    server.write_table(deal, "the deal table", clamp=True)
    server.write_int(-1, "a flag")
    assert client.read_table("the deal")[5][1] == 0
    assert client.read_int("a flag") == 0
    client.write_table(deal, "a junk submission")  # clients may send anything
    assert server.read_table("its move")[5][1] == -2


def test_profiles(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    server, client = Connection(a, peer="player 2"), Connection(b)
    client.send_profile("a-very-long-name")
    assert server.read_profile() == (PROTOCOL_20070, "a-very-lo")  # 9 chars kept
    assert server.version == client.version == PROTOCOL_20070


def test_protocol_20140(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    server, client = Connection(a, peer="player 3", timeout=5), Connection(b, timeout=5)
    client.send_profile("hex", PROTOCOL_20140)
    assert server.read_profile() == (PROTOCOL_20140, "hex")
    table = empty_table()
    table[0][1] = table[3][13] = 1
    table[4][1] = 2
    table[5][:8] = [1, -2, 0, 6, 0, 0, 0, 0]
    table[6] = [11, 11, 11, 10, 10, 0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    server.write_table(table, "the deal table")
    assert b.recv(100) == b"10000000000083D860BBBAA0123443210"  # -2 goes out as it is
    server.write_int(1, "the flag")
    assert client.read_int("the flag") == 1
    b.sendall(b"G" * 33)
    with pytest.raises(ProtocolError, match="player 3 sent a malformed table") as info:
        server.read_table("its move")
    assert isinstance(info.value.__cause__, TableError)


def test_20060_when_no_profile_comes(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    server = Connection(a, peer="player 4")
    start = time.monotonic()
    assert server.read_profile(wait=0.2) == (PROTOCOL_20060, "")
    assert time.monotonic() - start < 2
    server.write_int(4, "its number")
    assert struct.unpack("=i", b.recv(4))[0] == 4


def test_bad_profile(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    table = empty_table()
    table[0][0] = 12345
    Connection(b).write_table(table, "a profile")
    with pytest.raises(ProtocolError, match="player 0 announced protocol 12345"):
        Connection(a, peer="player 0").read_profile()
    with pytest.raises(ProtocolError, match="20070 or 20140"):
        Connection(b).send_profile("x", PROTOCOL_20060)
    with pytest.raises(ProtocolError, match="unknown protocol version 1"):
        Connection(b, version=1)


def test_connection_lost_says_who_and_where(pair: tuple[socket.socket, socket.socket]) -> None:
    a, b = pair
    conn = Connection(a, peer="player 2", timeout=5)
    b.sendall(b"\0" * 100)
    b.close()
    with pytest.raises(ConnectionLostError) as info:
        conn.read_table("its move (game 7)")
    assert str(info.value) == (
        "player 2 closed the connection while sending its move (game 7) (got 100 of 480 bytes)"
    )
    assert isinstance(info.value, ProtocolError)
    with pytest.raises(ConnectionLostError, match="player 2"):
        for _ in range(100):  # the peer is gone: a write fails (at once or after an RST)
            conn.write_table(empty_table(), "its hand table")
            time.sleep(0.01)
    conn.close()
    conn.close()  # idempotent
    with pytest.raises(ConnectionLostError, match="is closed"):
        conn.write_int(1, "the flag")


def test_timeout(pair: tuple[socket.socket, socket.socket]) -> None:
    a, _ = pair
    conn = Connection(a, peer="player 1", timeout=0.2)
    start = time.monotonic()
    with pytest.raises(ProtocolTimeoutError, match=r"player 1 sent nothing for 0.2 s while"):
        conn.read_table("its move")
    assert time.monotonic() - start < 2
    with pytest.raises(ProtocolTimeoutError, match=r"0\.05 s"):
        conn.read_int("the ack", timeout=0.05)


def test_bad_tables_are_refused_before_sending(pair: tuple[socket.socket, socket.socket]) -> None:
    a, _ = pair
    conn = Connection(a)
    with pytest.raises(TableError, match="8 rows"):
        conn.write_table([[0] * 15] * 7, "a table")
    bad = empty_table()
    bad[1][1] = 2**40
    with pytest.raises(TableError, match=r"cell \[1\]\[1\]"):
        conn.write_table(bad, "a table")


def test_connect_refused() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ConnectionLostError, match=f"cannot connect to 127.0.0.1:{port}"):
        connect("127.0.0.1", port, timeout=2)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(2**31), 2**31 - 1), min_size=120, max_size=120),
    st.sampled_from([PROTOCOL_20060, PROTOCOL_20070]),
)
def test_any_int32_table_round_trips(cells: list[int], version: int) -> None:
    table = [cells[15 * r : 15 * r + 15] for r in range(8)]
    a, b = socket.socketpair()
    try:
        sender, receiver = Connection(a, version=version), Connection(b, version=version, timeout=5)
        sender.write_table(table, "a table")
        sender.write_int(cells[0], "an int")
        assert receiver.read_table("a table") == table
        assert receiver.read_int("an int") == (
            cells[0] if version == PROTOCOL_20060 else max(cells[0], 0)
        )
    finally:
        a.close()
        b.close()
