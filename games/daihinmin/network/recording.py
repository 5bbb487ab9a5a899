"""Record runs of the C UECda server: a transparent TCP proxy in front of each client, and the
record format.

A `RecordingClient` is a client for `games.daihinmin.network.kit.run_tournament`: it listens on
a port of its own, starts a real client (the C default client, jn17, any command) against that
port, connects to the server for it and forwards every message both ways, whole (the server and
the C clients do one ``read()`` per message, so a table is never forwarded in pieces), parsing
the two streams of protocol 20070 (RULES.md §3.2) on the way.  One client's stream holds its deal
tables, exchange submissions, hand tables, submissions, acks, field tables and game-end ints;
`assemble` merges the five streams of a run into one `RunRecord`: per game the five deal tables,
the exchange submissions, and per turn the five hand tables (every hand), the mover's submission
and ack, the field table and the game-end int, plus the ranks and points the server printed.

Records are written as gzip-compressed JSON lines (`write_record`, `read_record`).

Why a proxy rather than the server's own log (``FLAG_LOGGER``, RULES.md §2): the log holds
the dealt hands, every submission and the finishing order, but no exchange choice, ack, hand
table or state cell, and it cannot tell a refused play from an accepted one; the proxy sees
every byte.  ``tests/daihinmin/test_replay_c_server.py`` checks that the two agree.

>>> t = Table.of({(0, 1): 1, (4, 1): 2, (5, 3): 4})
>>> t[0, 1], t[4, 1], t[5, 3], t[7, 14], len(t.raw)
(1, 2, 4, 0, 480)
>>> Table.decode(t.encode()) == t
True
>>> Table(b"short")
Traceback (most recent call last):
...
games.daihinmin.network.recording.RecordingError: a table is 480 bytes, got 5
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import queue
import shlex
import socket
import struct
import subprocess
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

import attrs

import cgt
from games.daihinmin.network import kit as uecda_kit

__all__ = [
    "TABLE_BYTES",
    "GameLog",
    "RecordingClient",
    "RecordingError",
    "RunRecord",
    "StreamGame",
    "StreamRecord",
    "StreamTurn",
    "Table",
    "TurnLog",
    "assemble",
    "read_record",
    "record_run",
    "write_record",
]

TABLE_BYTES = 480
_TABLE = struct.Struct(">120i")
_INT = struct.Struct(">i")
PROTOCOL = 20070
FORMAT = "uecda-record"
VERSION = 1


class RecordingError(cgt.CGTError):
    """A stream that does not follow the protocol, a client that fails, or a bad record file."""


class Table:
    """One 8 x 15 table of protocol 20070 as it went over the wire (480 bytes, big-endian);
    ``table[row, col]`` is a cell (signed, as the server reads it)."""

    __slots__ = ("raw",)
    raw: bytes

    def __init__(self, raw: bytes) -> None:
        if len(raw) != TABLE_BYTES:
            raise RecordingError(f"a table is {TABLE_BYTES} bytes, got {len(raw)}")
        object.__setattr__(self, "raw", bytes(raw))

    @classmethod
    def of(cls, cells: Mapping[tuple[int, int], int]) -> Table:
        """A table with the given ``(row, col): value`` cells, the rest 0."""
        values = [0] * 120
        for (row, col), value in cells.items():
            values[row * 15 + col] = value
        return cls(_TABLE.pack(*values))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Table is immutable")

    def __getitem__(self, where: tuple[int, int]) -> int:
        row, col = where
        if not (0 <= row < 8 and 0 <= col < 15):
            raise IndexError(f"no cell [{row}][{col}] in an 8 x 15 table")
        value: int = _INT.unpack_from(self.raw, 4 * (row * 15 + col))[0]
        return value

    def values(self) -> tuple[int, ...]:
        """The 120 cells, row-major."""
        return _TABLE.unpack(self.raw)

    def row(self, row: int) -> tuple[int, ...]:
        return _TABLE.unpack(self.raw)[row * 15 : row * 15 + 15]

    def grid(self) -> list[list[int]]:
        """The table as 8 lists of 15 ints (the form `games.daihinmin.network.table` reads)."""
        values = _TABLE.unpack(self.raw)
        return [list(values[r * 15 : r * 15 + 15]) for r in range(8)]

    def cards_part(self) -> tuple[int, ...]:
        """Rows 0-4 (the cards)."""
        return _TABLE.unpack(self.raw)[:75]

    def encode(self) -> str:
        """Text for a record file: 120 cells of one byte in hex if they fit, else ``=`` and
        the 480 raw bytes in hex."""
        values = self.values()
        if all(0 <= v < 256 for v in values):
            return bytes(values).hex()
        return "=" + self.raw.hex()

    @classmethod
    def decode(cls, text: str) -> Table:
        try:
            if text.startswith("="):
                return cls(bytes.fromhex(text[1:]))
            cells = bytes.fromhex(text)
        except ValueError as exc:
            raise RecordingError(f"bad table text {text[:20]!r}...: {exc}") from None
        if len(cells) != 120:
            raise RecordingError(f"a table needs 120 cells, the text has {len(cells)}")
        return cls(_TABLE.pack(*cells))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self.raw == other.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    def __repr__(self) -> str:
        values = self.values()
        rows = [" ".join(f"{v:d}" for v in values[r * 15 : r * 15 + 15]) for r in range(8)]
        return "Table(\n  " + "\n  ".join(rows) + ")"


# --------------------------------------------------------------------- one client's stream


@attrs.frozen
class StreamTurn:
    """One turn as one client saw it: its hand table, its submission and the ack (if it
    moved), the field table and the game-end int."""

    hand: Table
    submission: Table | None
    ack: int | None
    field: Table
    flag: int


@attrs.frozen
class StreamGame:
    deal: Table
    exchange: Table | None
    turns: tuple[StreamTurn, ...]


@attrs.frozen
class StreamRecord:
    """Everything one client connection carried (player number from the server, name and
    protocol from the profile)."""

    player: int
    name: str
    protocol: int
    games: tuple[StreamGame, ...]


class _Reader:
    """Whole messages from a socket, however TCP cuts them."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = bytearray()

    def read(self, size: int, what: str) -> bytes | None:
        """``size`` bytes; ``None`` at a clean end of stream (nothing of the message read)."""
        while len(self.buffer) < size:
            try:
                chunk = self.sock.recv(65536)
            except OSError as exc:
                raise RecordingError(f"reading {what}: {exc}") from None
            if not chunk:
                if self.buffer:
                    raise RecordingError(
                        f"the stream ended inside {what} ({len(self.buffer)} of {size} bytes)"
                    )
                return None
            self.buffer += chunk
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data


def _name_of(profile: Table) -> str:
    chars = []
    for col in range(9):
        code = profile[1, col] & 0xFF
        if not code:
            break
        chars.append(chr(code))
    return "".join(chars)


class _Relay:
    """Forwards one client's connection to the server and parses both directions."""

    def __init__(self, client: socket.socket, server: socket.socket) -> None:
        self.client = client
        self.server = server
        self.submitted: queue.Queue[Table | None] = queue.Queue()
        self.profile: Table | None = None
        self.upstream_error: BaseException | None = None

    def client_to_server(self) -> None:
        reader = _Reader(self.client)
        try:
            while True:
                raw = reader.read(TABLE_BYTES, "a table from the client")
                if raw is None:
                    break
                table = Table(raw)
                if self.profile is None:
                    self.profile = table
                    if table[0, 0] != PROTOCOL:
                        raise RecordingError(
                            f"the client speaks protocol {table[0, 0]}; only {PROTOCOL} is recorded"
                        )
                else:
                    self.submitted.put(table)  # before the server can answer it
                self.server.sendall(raw)
        except BaseException as exc:  # reported by the other direction
            self.upstream_error = exc
        finally:
            self.submitted.put(None)
            with contextlib.suppress(OSError):
                self.server.shutdown(socket.SHUT_WR)

    def _next_submission(self, what: str) -> Table:
        try:
            table = self.submitted.get(timeout=60.0)
        except queue.Empty:
            raise RecordingError(f"no {what} from the client within 60 s") from None
        if table is None:
            raise RecordingError(
                f"the client closed its connection before sending {what}"
                + (f" ({self.upstream_error})" if self.upstream_error else "")
            )
        return table

    def server_to_client(self) -> StreamRecord:
        reader = _Reader(self.server)
        send = self.client.sendall

        def message(size: int, what: str) -> bytes:
            raw = reader.read(size, what)
            if raw is None:
                raise RecordingError(f"the server closed the connection before {what}")
            try:
                send(raw)
            except OSError as exc:
                raise RecordingError(f"forwarding {what} to the client: {exc}") from None
            return raw

        player = _INT.unpack(message(4, "the player number"))[0]
        games: list[StreamGame] = []
        flag = 1
        while flag == 1:
            deal = Table(message(TABLE_BYTES, "a deal table"))
            if deal[5, 0] != 1:
                raise RecordingError(f"game {len(games) + 1}: a deal table without [5][0] = 1")
            exchange = None
            turns: list[StreamTurn] = []
            flag = 0
            while flag == 0:
                hand = Table(message(TABLE_BYTES, "a hand table"))
                if exchange is None and not turns and deal[5, 1] > 0:
                    exchange = self._next_submission("the exchange cards")
                submission = ack = None
                if hand[5, 2] == 1:
                    ack = _INT.unpack(message(4, "an ack"))[0]
                    submission = self._next_submission("a submission")
                field = Table(message(TABLE_BYTES, "a field table"))
                flag = _INT.unpack(message(4, "the game-end int"))[0]
                turns.append(StreamTurn(hand, submission, ack, field, flag))
                if flag not in (0, 1, 2):
                    raise RecordingError(f"game-end int {flag} (0, 1 or 2 expected)")
            games.append(StreamGame(deal, exchange, tuple(turns)))
        profile = self.profile
        assert profile is not None
        return StreamRecord(player, _name_of(profile), profile[0, 0], tuple(games))


def _nodelay(sock: socket.socket) -> None:
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class RecordingClient:
    """A client of `run_tournament` (called with the server's port) that runs ``command``
    (a shell line or an argv list; ``-h 127.0.0.1 -p PORT`` is appended, PORT being the
    proxy's) behind a recording proxy and returns the `StreamRecord` of its connection."""

    def __init__(
        self, command: str | Sequence[str], *, timeout: float = 30.0, host: str = "127.0.0.1"
    ) -> None:
        self.command = command
        self.timeout = timeout
        self.host = host

    def __repr__(self) -> str:
        return f"RecordingClient({self.command!r})"

    def _accept(
        self, listener: socket.socket, process: subprocess.Popen[bytes], argv: list[str]
    ) -> socket.socket:
        deadline = time.monotonic() + self.timeout
        listener.settimeout(0.05)
        while True:
            try:
                client, _ = listener.accept()
                return client
            except TimeoutError:
                if process.poll() is not None:
                    raise RecordingError(
                        f"{shlex.join(argv)} exited with status {process.returncode} "
                        "before connecting"
                    ) from None
                if time.monotonic() > deadline:
                    raise RecordingError(
                        f"{shlex.join(argv)} did not connect within {self.timeout} s"
                    ) from None

    def __call__(self, port: int) -> StreamRecord:
        with socket.socket() as listener:
            listener.bind((self.host, 0))
            listener.listen(1)
            proxy_port = listener.getsockname()[1]
            argv = (
                ["bash", "-c", f"exec {self.command} -h {self.host} -p {proxy_port}"]
                if isinstance(self.command, str)
                else [*self.command, "-h", self.host, "-p", str(proxy_port)]
            )
            process = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            try:
                client = self._accept(listener, process, argv)
                with client, socket.create_connection((self.host, port)) as server:
                    client.settimeout(None)
                    _nodelay(client)
                    _nodelay(server)
                    relay = _Relay(client, server)
                    upstream = threading.Thread(
                        target=relay.client_to_server, name=f"uecda-proxy-{proxy_port}", daemon=True
                    )
                    upstream.start()
                    try:
                        record = relay.server_to_client()
                    finally:
                        with contextlib.suppress(OSError):
                            client.shutdown(socket.SHUT_WR)
                    upstream.join(timeout=10.0)
                    if relay.upstream_error is not None:
                        raise RecordingError(f"client stream: {relay.upstream_error}")
                    return record
            finally:
                try:
                    process.wait(timeout=5.0)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, 9)
                    process.wait(timeout=5.0)


# --------------------------------------------------------------------- the merged run


@attrs.frozen
class TurnLog:
    """One turn of a game: the five hand tables (players 0-4) sent before the move, the
    mover (``[5][3]``), what he submitted, the ack, the field table and the game-end int."""

    hands: tuple[Table, ...]
    mover: int
    submission: Table
    ack: int
    field: Table
    flag: int


@attrs.frozen
class GameLog:
    """One game: ``number`` (from 1), the five deal tables, the exchange submissions
    (player -> table), the turns, and from the server's own files the rank of each player
    (0 daifugo .. 4 daihinmin) and the running point totals after the game."""

    number: int
    deals: tuple[Table, ...]
    exchanges: Mapping[int, Table]
    turns: tuple[TurnLog, ...]
    ranks: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None


@attrs.frozen
class RunRecord:
    """A recorded run of the C server: player names and the games in order."""

    names: tuple[str, ...]
    games: tuple[GameLog, ...]
    elapsed: float = 0.0


def assemble(
    streams: Sequence[StreamRecord],
    ranks: Sequence[Sequence[int]] | None = None,
    totals: Sequence[Sequence[int]] | None = None,
) -> RunRecord:
    """Merge the five streams of a run (any order) into one `RunRecord`; ``ranks[g]`` and
    ``totals[g]`` are the server's ranks and running totals of game ``g + 1`` (from
    ``debug2.dat`` and ``debug.dat``).  Checks that the streams agree where they must: the
    same number of games and turns, one mover per turn, identical field tables and ints."""
    by_player = {s.player: s for s in streams}
    if sorted(by_player) != [0, 1, 2, 3, 4]:
        raise RecordingError(f"streams of players {sorted(by_player)}, need 0-4")
    ordered = [by_player[p] for p in range(5)]
    count = {len(s.games) for s in ordered}
    if len(count) != 1:
        raise RecordingError(f"the streams hold different numbers of games: {sorted(count)}")
    games = []
    for index in range(count.pop()):
        number = index + 1
        parts = [s.games[index] for s in ordered]
        lengths = {len(g.turns) for g in parts}
        if len(lengths) != 1:
            raise RecordingError(f"game {number}: the streams have {sorted(lengths)} turns")
        turns = []
        for t in range(lengths.pop()):
            seen = [g.turns[t] for g in parts]
            movers = [p for p, s in enumerate(seen) if s.submission is not None]
            if len(movers) != 1:
                raise RecordingError(f"game {number} turn {t + 1}: movers {movers}")
            mover = movers[0]
            if any(s.field != seen[0].field or s.flag != seen[0].flag for s in seen):
                raise RecordingError(f"game {number} turn {t + 1}: field tables differ")
            move = seen[mover]
            assert move.submission is not None and move.ack is not None
            turns.append(
                TurnLog(
                    tuple(s.hand for s in seen),
                    mover,
                    move.submission,
                    move.ack,
                    move.field,
                    move.flag,
                )
            )
        exchanges = {p: g.exchange for p, g in enumerate(parts) if g.exchange is not None}
        games.append(
            GameLog(
                number,
                tuple(g.deal for g in parts),
                exchanges,
                tuple(turns),
                tuple(ranks[index]) if ranks is not None else None,
                tuple(totals[index]) if totals is not None else None,
            )
        )
    return RunRecord(tuple(s.name for s in ordered), tuple(games))


def record_run(
    games: int,
    commands: Sequence[str | Sequence[str]],
    *,
    kit: uecda_kit.UecdaKit | None = None,
    timeout: float = 600.0,
    settings: Mapping[str, str] | None = None,
    logger: bool = False,
    workdir: str | os.PathLike[str] | None = None,
    seed: int | None = None,
) -> RunRecord:
    """Play ``games`` games on the C server with the five client ``commands`` (player order),
    every one behind a recording proxy, and return the merged record (`uecda_kit.build_kit`
    builds the kit unless ``kit`` is given).  ``logger`` turns on the server's own game log
    and ``workdir`` keeps the server's files (``logs/*.log``, ``debug.dat``, ...).  ``seed``
    fixes the server's deals (`uecda_kit.run_tournament`): the same seed, the same games."""
    if len(commands) != 5:
        raise RecordingError(f"a run needs 5 client commands, got {len(commands)}")
    built = kit if kit is not None else uecda_kit.build_kit()
    result = uecda_kit.run_tournament(
        games,
        [RecordingClient(c) for c in commands],
        kit=built,
        timeout=timeout,
        settings=settings,
        logger=logger,
        workdir=workdir,
        seed=seed,
    )
    streams = [r for r in result.returns if isinstance(r, StreamRecord)]
    if len(streams) != 5:
        raise RecordingError(f"only {len(streams)} of 5 streams were recorded")
    run = assemble(streams, result.ranks, result.totals)
    return attrs.evolve(run, elapsed=result.elapsed)


# --------------------------------------------------------------------- files


def _game_json(game: GameLog) -> dict[str, object]:
    return {
        "game": game.number,
        "deals": [t.encode() for t in game.deals],
        "exchanges": {str(p): t.encode() for p, t in game.exchanges.items()},
        "ranks": game.ranks,
        "totals": game.totals,
        "turns": [
            [t.mover, t.ack, t.flag, t.submission.encode(), t.field.encode()]
            + [h.encode() for h in t.hands]
            for t in game.turns
        ],
    }


def _game_of(data: Mapping[str, object]) -> GameLog:
    turns = []
    for row in data["turns"]:  # type: ignore[attr-defined]
        mover, ack, flag, submission, field, *hands = row
        turns.append(
            TurnLog(
                tuple(Table.decode(h) for h in hands),
                int(mover),
                Table.decode(submission),
                int(ack),
                Table.decode(field),
                int(flag),
            )
        )
    ranks = data.get("ranks")
    totals = data.get("totals")
    return GameLog(
        int(data["game"]),  # type: ignore[call-overload]
        tuple(Table.decode(t) for t in data["deals"]),  # type: ignore[attr-defined]
        {int(p): Table.decode(t) for p, t in data["exchanges"].items()},  # type: ignore[attr-defined]
        tuple(turns),
        tuple(ranks) if ranks is not None else None,  # type: ignore[arg-type]
        tuple(totals) if totals is not None else None,  # type: ignore[arg-type]
    )


def write_record(path: str | os.PathLike[str], run: RunRecord) -> None:
    """Write a run as gzip-compressed JSON lines: a header, then one line per game."""
    with gzip.open(path, "wt", encoding="utf-8") as out:
        header = {"format": FORMAT, "version": VERSION, "protocol": PROTOCOL}
        header |= {"names": list(run.names), "elapsed": run.elapsed}
        out.write(json.dumps(header) + "\n")
        for game in run.games:
            out.write(json.dumps(_game_json(game), separators=(",", ":")) + "\n")


def _lines(path: Path) -> Iterator[str]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            yield from lines
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise RecordingError(f"{path}: not a gzip record file ({exc})") from None


def read_record(path: str | os.PathLike[str]) -> RunRecord:
    """Read a file written by `write_record`."""
    lines: Iterable[str] = _lines(Path(path))
    games = []
    header: dict[str, object] | None = None
    for number, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
            if header is None:
                if data.get("format") != FORMAT or data.get("version") != VERSION:
                    raise RecordingError(f"{path}: not a {FORMAT} v{VERSION} file")
                header = data
                continue
            games.append(_game_of(data))
        except (ValueError, KeyError, TypeError) as exc:
            raise RecordingError(f"{path} line {number}: {exc}") from None
    if header is None:
        raise RecordingError(f"{path}: empty record file")
    names = tuple(str(n) for n in header["names"])  # type: ignore[attr-defined]
    return RunRecord(names, tuple(games), float(header.get("elapsed", 0.0)))  # type: ignore[arg-type]
