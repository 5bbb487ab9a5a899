"""UECda socket framing: 4-byte big-endian ints and 480-byte tables (RULES.md §3, §13, §14).

A `Connection` wraps one TCP socket (with ``TCP_NODELAY``: the server writes several small
messages per turn, and with Nagle's algorithm plus delayed ACKs every turn stalls).  It reads
exactly the bytes of a message even when they arrive in pieces, sends each message with one
``sendall``, and turns every failure into a named error that says who and at which step:
`ProtocolError` (malformed data), `ConnectionLostError` (the peer closed the connection),
`ProtocolTimeoutError` (no data in time).

Protocols: 20070 (binary tables, the default), 20140 (tables as 33 hex digits, ints binary),
20060 (no profile, tables and ints in the host's byte order: the server's fallback).

>>> import socket
>>> a, b = socket.socketpair()
>>> server, client = Connection(a, peer="player 0"), Connection(b, peer="the server")
>>> client.send_profile("snowl")
>>> server.read_profile()
(20070, 'snowl')
>>> server.write_int(3, "the player number"); client.read_int("the player number")
3
>>> a.close(); client.read_int("the deal")
Traceback (most recent call last):
...
games.daihinmin.network.protocol.ConnectionLostError: the server closed the connection ...
"""

from __future__ import annotations

import contextlib
import select
import socket
import struct
import time

import cgt
from games.daihinmin.network.table import Table, TableError, check_table, decode_20140, encode_20140

__all__ = [
    "PROFILE_BYTES",
    "PROFILE_WAIT",
    "PROTOCOLS",
    "PROTOCOL_20060",
    "PROTOCOL_20070",
    "PROTOCOL_20140",
    "Connection",
    "ConnectionLostError",
    "ProtocolError",
    "ProtocolTimeoutError",
    "connect",
    "parse_profile",
    "profile_version",
]

PROTOCOL_20060 = 20060
PROTOCOL_20070 = 20070
PROTOCOL_20140 = 20140
PROTOCOLS = (PROTOCOL_20060, PROTOCOL_20070, PROTOCOL_20140)
#: how long the C server waits for a profile after accepting a connection (``daihu.c:595``)
PROFILE_WAIT = 2.0
#: the bytes of a profile (a binary table, whatever protocol it announces)
PROFILE_BYTES = 480
_BIG = struct.Struct(">120i")
_NATIVE = struct.Struct("=120i")
_NAME_CHARS = 15


class ProtocolError(cgt.CGTError):
    """The peer sent something that is not a UECda message (says what and where)."""


class ConnectionLostError(ProtocolError):
    """The peer closed the connection (or it broke) during a message."""


class ProtocolTimeoutError(ProtocolError):
    """The peer sent nothing in time."""


def _nodelay(sock: socket.socket) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Connection:
    """One end of a UECda connection; `peer` names the other end in error messages."""

    def __init__(
        self,
        sock: socket.socket,
        *,
        peer: str = "the peer",
        version: int = PROTOCOL_20070,
        timeout: float | None = None,
    ) -> None:
        if version not in PROTOCOLS:
            raise ProtocolError(f"unknown protocol version {version} (known: {PROTOCOLS})")
        self.sock = sock
        self.peer = peer
        self.version = version
        self.timeout = timeout
        self.closed = False
        self._held = bytearray()
        _nodelay(sock)
        sock.settimeout(timeout)

    # --- raw bytes --------------------------------------------------------------------
    def recv_exact(self, size: int, step: str, timeout: float | None = -1.0) -> bytes:
        """Exactly `size` bytes (`timeout` seconds in all; -1: the connection's timeout)."""
        self.flush(step)
        limit = self.timeout if timeout == -1.0 else timeout
        self.sock.settimeout(limit)
        deadline = None if limit is None else time.monotonic() + limit
        chunks, got = [], 0
        try:
            while got < size:
                if deadline is not None and got:  # a trickle of bytes: the limit is for all
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeoutError
                    self.sock.settimeout(left)
                chunk = self.sock.recv(size - got)
                if not chunk:
                    raise ConnectionLostError(
                        f"{self.peer} closed the connection while {step}"
                        f" (got {got} of {size} bytes)"
                    )
                chunks.append(chunk)
                got += len(chunk)
        except TimeoutError:
            raise ProtocolTimeoutError(
                f"{self.peer} sent nothing for {limit} s while {step} (got {got} of {size} bytes)"
            ) from None
        except OSError as exc:
            raise ConnectionLostError(
                f"connection to {self.peer} broke while {step}: {exc}"
            ) from exc
        return b"".join(chunks)

    def send(self, data: bytes, step: str, *, hold: bool = False) -> None:
        """Send `data` (after anything held) in one ``sendall``; `hold`: keep it for the next
        send, `flush` or read instead (fewer system calls, and the C clients read each message
        with its exact size, so several messages in one segment are fine)."""
        if self.closed:
            raise ConnectionLostError(f"connection to {self.peer} is closed ({step})")
        if hold:
            self._held += data
            return
        if self._held:
            data = bytes(self._held) + data
            self._held.clear()
        try:
            self.sock.sendall(data)
        except TimeoutError:
            raise ProtocolTimeoutError(f"{self.peer} accepted no data while {step}") from None
        except OSError as exc:
            raise ConnectionLostError(
                f"connection to {self.peer} broke while {step}: {exc}"
            ) from exc

    def flush(self, step: str = "being sent held messages") -> None:
        """Send the held messages, if any."""
        if self._held:
            self.send(b"", step)

    # --- messages ---------------------------------------------------------------------
    def read_int(self, step: str, timeout: float | None = -1.0) -> int:
        """One 32-bit int (big-endian; host order under 20060)."""
        data = self.recv_exact(4, f"sending {step}", timeout)
        fmt = "=i" if self.version == PROTOCOL_20060 else ">i"
        value: int = struct.unpack(fmt, data)[0]
        return value

    def write_int(self, value: int, step: str, *, hold: bool = False) -> None:
        """One int; negative values go out as 0, as the server's ``tn_int_write`` does."""
        if self.version == PROTOCOL_20060:
            data = struct.pack("=i", value)
        else:
            data = struct.pack(">I", max(value, 0))
        self.send(data, f"receiving {step}", hold=hold)

    def read_table(self, step: str, timeout: float | None = -1.0) -> Table:
        """One table; `ProtocolError` if a 20140 table is not 33 hex digits."""
        if self.version == PROTOCOL_20140:
            data = self.recv_exact(33, f"sending {step}", timeout)
            try:
                return decode_20140(data)
            except TableError as exc:
                raise ProtocolError(f"{self.peer} sent a malformed table as {step}: {exc}") from exc
        data = self.recv_exact(480, f"sending {step}", timeout)
        cells = (_NATIVE if self.version == PROTOCOL_20060 else _BIG).unpack(data)
        return [list(cells[r * 15 : r * 15 + 15]) for r in range(8)]

    def write_table(
        self, table: Table, step: str, *, clamp: bool = False, hold: bool = False
    ) -> None:
        """One table in one ``sendall``; `clamp`: negative cells go out as 0 under 20070, as
        the server's ``tn_card_write`` does (the deal table's -1 / -2 in ``[5][1]``).
        `TableError` if `table` is no table."""
        if self.version == PROTOCOL_20140:
            try:
                data = encode_20140(table)
            except TableError as exc:
                raise ProtocolError(f"cannot send {step} to {self.peer}: {exc}") from exc
        else:
            cells = [v for row in table for v in row]
            if len(table) != 8 or len(cells) != 120:
                check_table(table)  # raises with the details
            if clamp and min(cells) < 0 and self.version == PROTOCOL_20070:
                cells = [max(v, 0) for v in cells]
            try:
                data = (_NATIVE if self.version == PROTOCOL_20060 else _BIG).pack(*cells)
            except struct.error:
                check_table(table)  # a non-int or out-of-range cell: raises with the details
                raise
        self.send(data, f"receiving {step}", hold=hold)

    # --- joining ----------------------------------------------------------------------
    def send_profile(self, name: str, version: int = PROTOCOL_20070) -> None:
        """The profile table: ``[0][0]`` = version, ``[1][..]`` = name, one char per int
        (the server keeps 9).  Afterwards this connection speaks `version`."""
        if version not in (PROTOCOL_20070, PROTOCOL_20140):
            raise ProtocolError(f"a profile announces 20070 or 20140, not {version}")
        table = [[0] * 15 for _ in range(8)]
        table[0][0] = version
        for i, char in enumerate(name.encode("latin-1", "replace")[:_NAME_CHARS]):
            table[1][i] = char
        self.version = PROTOCOL_20070
        self.write_table(table, "the profile")
        self.version = version

    def read_profile(self, wait: float = PROFILE_WAIT) -> tuple[int, str]:
        """``(version, name)`` from the profile; no data within `wait` seconds means a 20060
        client (``(20060, "")``), as on the server.  The name is the first 9 chars."""
        ready, _, _ = select.select([self.sock], [], [], wait)
        if not ready:
            self.version = PROTOCOL_20060
            return PROTOCOL_20060, ""
        self.version = PROTOCOL_20070
        version, name = parse_profile(
            self.recv_exact(PROFILE_BYTES, "sending its profile", max(wait, 1.0)), self.peer
        )
        self.version = version
        return version, name

    def close(self) -> None:
        """Close the socket (idempotent)."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
            self.sock.close()


def profile_version(start: bytes, peer: str) -> int:
    """The protocol a profile announces, from its first 4 bytes: `ProtocolError` unless it is
    20070 or 20140 (so a connection that speaks something else is known at once).

    >>> profile_version(b"GET / HTTP/1.1", "127.0.0.1:5000")
    Traceback (most recent call last):
    ...
    games.daihinmin.network.protocol.ProtocolError: 127.0.0.1:5000 announced protocol 1195725856 ...
    """
    version: int = struct.unpack(">i", start[:4])[0]
    if version not in (PROTOCOL_20070, PROTOCOL_20140):
        raise ProtocolError(
            f"{peer} announced protocol {version} in its profile (20070 or 20140 expected)"
        )
    return version


def parse_profile(data: bytes, peer: str) -> tuple[int, str]:
    """``(version, name)`` of a profile's 480 bytes (a binary table: ``[0][0]`` the version,
    ``[1][..]`` the name, one char per cell; the name is cut to 9 chars as on the server)."""
    version = profile_version(data, peer)
    chars = []
    for value in _BIG.unpack(data)[15:24]:
        if value == 0:
            break
        chars.append(value & 0xFF)
    return version, bytes(chars).decode("latin-1")


def connect(
    host: str, port: int, *, timeout: float | None = 10.0, peer: str = "the server"
) -> Connection:
    """A `Connection` to a server; `ProtocolError` (with the address) if it cannot connect."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as exc:
        raise ConnectionLostError(f"cannot connect to {host}:{port}: {exc}") from exc
    return Connection(sock, peer=peer, timeout=timeout)
