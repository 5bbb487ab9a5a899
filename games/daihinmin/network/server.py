"""A UECda server in Python: TCP clients and in-process players in one `Match`.

`run_server` listens, accepts one client per empty seat of `players` (player number = order
in which the clients' profiles arrived, among the empty seats), reads each client's profile
(2 s, else the client speaks protocol 20060), sends its player number and plays the games with
`games.daihinmin.rules.match.Match`: the rules are the engine's, the sockets are
`~games.daihinmin.network.remote.RemotePlayer`'s.

Differences from the C server ``tndhms`` (RULES.md §12), chosen because they are sound:

* a connection that closes, stalls in its profile, or speaks another protocol before the games
  start is dropped with a logged reason and the server goes on waiting (the C server stops);
* a client that disconnects or exceeds `move_timeout` is dropped and passes for the rest of
  the run (the fault is in `MatchResult.faults`); the C server spins forever;
* the rank cells ``[6][5..9]`` always hold the ranks of the game's start (the C server's are
  garbage during play), row 7 of the field table is 0 (the C server echoes the submission's);
* the two exploits of §12 items 1 and 2 are refused (see `games.daihinmin.network.table`);
* games are reproducible from `seed` (the C server seeds with the clock);
* a table is read whole even when it arrives in pieces (the C server does one ``read()`` and
  desynchronises), and a malformed protocol-20140 table is a refused move;
* the ack, field table and flag of a move go out with the next hand table in one ``sendall``
  (the same bytes in the same order; the clients read each message with its own size).

Checked message by message: C clients behind recording proxies on this server replay without
a disagreement in the checker written for the C server (``tests/daihinmin/test_c_server.py``).

>>> import threading
>>> from games.daihinmin.network.client import run_client
>>> from games.daihinmin.players.base import RandomPlayer
>>> ports = []
>>> ready = threading.Event()
>>> def serve():
...     global result
...     result = run_server(0, 3, players=[None] + [RandomPlayer(k) for k in range(4)],
...                         ready=lambda port: (ports.append(port), ready.set()))
>>> thread = threading.Thread(target=serve); thread.start(); _ = ready.wait(10)
>>> mine = run_client("127.0.0.1", ports[0], RandomPlayer(9), name="mine")
>>> thread.join()
>>> result.games, result.names[0], sum(result.points), mine.points == result.points
(3, 'mine', 45, True)
"""

from __future__ import annotations

import contextlib
import json
import logging
import selectors
import socket
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import cgt
from games.daihinmin.network.protocol import (
    PROFILE_BYTES,
    PROTOCOL_20060,
    Connection,
    ProtocolError,
    ProtocolTimeoutError,
    parse_profile,
    profile_version,
)
from games.daihinmin.network.remote import RemotePlayer, Transcript
from games.daihinmin.rules.engine import Rules
from games.daihinmin.rules.match import GameRecord, Match, MatchResult, deal_cards, game_rng
from games.daihinmin.rules.player import Player

__all__ = ["ServerError", "game_json", "run_server"]

_DEVKIT_RULES = Rules()
_log = logging.getLogger(__name__)


class ServerError(cgt.CGTError):
    """The server cannot run: bad arguments, the port is taken, clients did not connect."""


#: seconds a connection may take to send the whole profile once it has started
HANDSHAKE_TIMEOUT = 10.0
#: connections that have not yet sent a valid profile, at most (more are closed at once)
MAX_PENDING = 16


class _Pending:
    """A connection whose profile is not complete yet."""

    __slots__ = ("address", "data", "since", "sock")

    def __init__(self, sock: socket.socket, address: str, since: float) -> None:
        self.sock = sock
        self.address = address
        self.data = b""
        self.since = since


def _address(peer: object) -> str:
    if isinstance(peer, tuple) and len(peer) >= 2:
        return f"{peer[0]}:{peer[1]}"
    return str(peer)


class _Lobby:
    """Accepts connections until every TCP seat has a client with a valid profile.

    Handshakes run side by side (a selector), so a connection that stalls, closes, probes the
    port or speaks another protocol is dropped with its reason (`on_drop`) while the server
    goes on waiting; the seats go to clients in the order their handshakes complete."""

    def __init__(
        self,
        listener: socket.socket,
        numbers: Sequence[int],
        *,
        profile_wait: float,
        handshake_timeout: float,
        max_pending: int,
        on_connect: Callable[[int, str], None] | None,
        on_drop: Callable[[str, str], None] | None,
    ) -> None:
        self.listener = listener
        self.numbers = numbers
        self.profile_wait = profile_wait
        self.handshake_timeout = handshake_timeout
        self.max_pending = max_pending
        self.on_connect = on_connect
        self.on_drop = on_drop
        self.pending: dict[socket.socket, _Pending] = {}
        self.clients: list[tuple[Connection, str]] = []
        self.selector = selectors.DefaultSelector()

    def run(self, connect_timeout: float) -> list[tuple[Connection, str]]:
        deadline = time.monotonic() + connect_timeout
        self.listener.setblocking(False)
        self.selector.register(self.listener, selectors.EVENT_READ)
        try:
            while len(self.clients) < len(self.numbers):
                now = time.monotonic()
                if now >= deadline:
                    raise ProtocolTimeoutError(
                        f"only {len(self.clients)} of {len(self.numbers)} clients connected"
                        f" within {connect_timeout} s"
                    )
                self._expire(now)
                if len(self.clients) == len(self.numbers):
                    break
                wake = min([deadline, *(self._limit(p) for p in self.pending.values())])
                for key, _events in self.selector.select(max(wake - now, 0.0)):
                    if key.fileobj is self.listener:
                        self._accept()
                    else:
                        self._read(self.pending[key.fileobj])  # type: ignore[index]
                    if len(self.clients) == len(self.numbers):
                        break
        except BaseException:
            for conn, _ in self.clients:
                conn.close()
            raise
        finally:
            for pending in list(self.pending.values()):
                self._drop(pending, "the server stopped waiting for clients", report=False)
            self.selector.close()
            self.listener.setblocking(True)
        return self.clients

    def _limit(self, pending: _Pending) -> float:
        """When a connection's wait ends: no data within `profile_wait` makes a 20060 client
        (no profile, as on the C server); a started profile must end within the timeout."""
        return pending.since + (self.handshake_timeout if pending.data else self.profile_wait)

    def _expire(self, now: float) -> None:
        for pending in list(self.pending.values()):
            if now < self._limit(pending):
                continue
            if pending.data:
                self._drop(
                    pending,
                    f"sent {len(pending.data)} of {PROFILE_BYTES} bytes of its profile"
                    f" in {self.handshake_timeout} s",
                )
            else:
                self._seat(pending, PROTOCOL_20060, "")

    def _accept(self) -> None:
        while True:
            try:
                sock, peer = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: the next select retries
                self._report("a new connection", f"could not be accepted: {exc}")
                return
            address = _address(peer)
            if len(self.pending) >= self.max_pending:
                with contextlib.suppress(OSError):
                    sock.close()
                self._report(
                    address,
                    f"closed at once: {self.max_pending} connections have not sent a profile yet",
                )
                continue
            sock.setblocking(False)
            pending = _Pending(sock, address, time.monotonic())
            self.pending[sock] = pending
            self.selector.register(sock, selectors.EVENT_READ)

    def _read(self, pending: _Pending) -> None:
        try:
            chunk = pending.sock.recv(PROFILE_BYTES - len(pending.data))
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._drop(pending, f"its connection broke while sending its profile: {exc}")
            return
        if not chunk:
            got = len(pending.data)
            self._drop(
                pending,
                f"closed the connection while sending its profile (got {got} of"
                f" {PROFILE_BYTES} bytes)",
            )
            return
        had = len(pending.data)
        pending.data += chunk
        if had < 4 <= len(pending.data):
            try:
                profile_version(pending.data, pending.address)
            except ProtocolError as exc:
                self._drop(pending, str(exc).removeprefix(f"{pending.address} "))
                return
        if len(pending.data) == PROFILE_BYTES:
            version, name = parse_profile(pending.data, pending.address)
            self._seat(pending, version, name)

    def _seat(self, pending: _Pending, version: int, name: str) -> None:
        self._forget(pending)
        number = self.numbers[len(self.clients)]
        pending.sock.setblocking(True)
        conn = Connection(pending.sock, peer=f"player {number}", version=version)
        try:
            conn.write_int(number, "its player number")
        except ProtocolError as exc:
            conn.close()
            self._report(pending.address, f"dropped before it was seated: {exc}")
            return
        self.clients.append((conn, name or f"player{number}"))
        if self.on_connect is not None:
            self.on_connect(number, self.clients[-1][1])

    def _forget(self, pending: _Pending) -> None:
        del self.pending[pending.sock]
        self.selector.unregister(pending.sock)

    def _drop(self, pending: _Pending, reason: str, *, report: bool = True) -> None:
        self._forget(pending)
        with contextlib.suppress(OSError):
            pending.sock.close()
        if report:
            self._report(pending.address, reason)

    def _report(self, address: str, reason: str) -> None:
        if self.on_drop is None:
            _log.warning("dropped %s: %s", address, reason)
        else:
            self.on_drop(address, reason)


def _dealt(seed: object, record: GameRecord) -> list[int]:
    """The hands before the exchange (re-dealt from the game's random stream, as `Match`)."""
    rng = game_rng(seed, record.game)
    if record.ranks is None:
        rng.random()  # the random dealer of a period's first game
    return deal_cards(rng, record.seats, record.dealer)


def _hands_after_exchange(record: GameRecord) -> list[int]:
    """The hands the game started with: what is left plus every accepted play."""
    hands = list(record.hands)
    for move in record.moves:
        if move.accepted:
            hands[move.player] |= move.meld.hand_cards
    return hands


def game_json(
    seed: object,
    record: GameRecord,
    remotes: Sequence[RemotePlayer | None] = (),
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """One line of ``games.jsonl``: a game played with ``record_moves`` as JSON-ready data
    (seats, dealer, ranks, the dealt hands and the hands after the exchange as hex masks, every
    move with why a play was refused, ranking, points, rejected plays, whether the 20-pass
    rule ended it, which TCP clients were dropped, and the players' ``names`` when given).
    The web table replays these (`games.daihinmin.web.timeline`)."""
    moves = []
    for move in record.moves:
        entry: dict[str, Any] = {"player": move.player, "meld": str(move.meld)}
        if not move.accepted and move.reason is not None:
            entry["refused"] = move.reason
        if move.cleared:
            entry["cleared"] = True
        if move.finished:
            entry["finished"] = True
        moves.append(entry)
    data = {
        "game": record.game,
        "seats": record.seats,
        "dealer": record.dealer,
        "ranks": record.ranks,
        "dealt": [hex(h) for h in _dealt(seed, record)],
        "hands": [hex(h) for h in _hands_after_exchange(record)],
        "moves": moves,
        "ranking": record.ranking,
        "points": record.points,
        "rejected": record.rejected,
        "stalled": record.stalled,
        "dropped": [r.dropped if r is not None else None for r in remotes] or [None] * 5,
    }
    if names is not None:
        data["names"] = list(names)
    return data


def run_server(
    port: int,
    games: int,
    *,
    players: Sequence[Player | None] = (None,) * 5,
    seed: object = 0,
    rules: Rules = _DEVKIT_RULES,
    host: str = "",
    log_dir: str | Path | None = None,
    transcript_dir: str | Path | None = None,
    move_timeout: float | None = 60.0,
    connect_timeout: float | None = 300.0,
    profile_wait: float = 2.0,
    handshake_timeout: float = HANDSHAKE_TIMEOUT,
    max_pending: int = MAX_PENDING,
    on_game: Callable[[GameRecord], None] | None = None,
    ready: Callable[[int], None] | None = None,
    on_connect: Callable[[int, str], None] | None = None,
    on_drop: Callable[[str, str], None] | None = None,
    first_game: int = 1,
    record_moves: bool = False,
) -> MatchResult:
    """Play `games` games with TCP clients in the `None` seats of `players` and return the
    totals.

    `port` 0 picks a free port; `ready(port)` is called once the server listens (before it
    accepts).  `log_dir`: one JSON line per game in ``games.jsonl`` (seats, dealt hands, hands
    after the exchange, every move, ranking, points).  `transcript_dir`: per client
    ``playerN_read.txt`` / ``playerN_write.txt`` in the devkit ``data/`` format.  `on_game`
    is called with each finished game's record, `on_connect(number, name)` with each client
    that joined, `on_drop(address, reason)` (default: a warning on this module's logger) with
    each connection dropped before it was seated
    (it closed, stalled beyond `handshake_timeout` in the middle of its profile, announced
    another protocol, or came while `max_pending` others had not sent their profile yet; the
    server goes on waiting for its seats).  `first_game` (the first game of a rank period: 1,
    101, ...) plays the deals of that part of the run seeded `seed`, as `Match.start_at` does.
    `record_moves`: the records given to `on_game` hold every move (as they do with
    `log_dir`).  Raises `ServerError` if the port cannot be used or the game log cannot be
    written, `ProtocolTimeoutError` if the clients do not all connect within `connect_timeout`.
    """
    if len(players) != 5:
        raise ServerError(f"players: 5 entries (None for a TCP client), got {len(players)}")
    if not isinstance(games, int) or games < 1:
        raise ServerError(f"games must be a positive int, got {games!r}")
    if (
        not isinstance(first_game, int)
        or first_game < 1
        or (first_game - 1) % rules.rank_reset_every
    ):
        raise ServerError(f"first_game must start a rank period (1, 101, ...), got {first_game!r}")
    if not handshake_timeout > 0 or not isinstance(max_pending, int) or max_pending < 1:
        raise ServerError(
            f"handshake_timeout must be positive and max_pending a positive int,"
            f" got {handshake_timeout!r} and {max_pending!r}"
        )
    log: IO[str] | None = None
    if log_dir is not None:  # before any client waits on us
        try:
            Path(log_dir).mkdir(parents=True, exist_ok=True)
            log = (Path(log_dir) / "games.jsonl").open("w")
        except OSError as exc:
            raise ServerError(f"cannot write the game log in {str(log_dir)!r}: {exc}") from exc
    numbers = [k for k, p in enumerate(players) if p is None]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(5)
    except OSError as exc:
        listener.close()
        if log is not None:
            log.close()
        raise ServerError(f"cannot listen on port {port}: {exc}") from exc
    remotes: list[RemotePlayer | None] = [None] * 5
    try:
        if ready is not None:
            ready(listener.getsockname()[1])
        lobby = _Lobby(
            listener,
            numbers,
            profile_wait=profile_wait,
            handshake_timeout=handshake_timeout,
            max_pending=max_pending,
            on_connect=on_connect,
            on_drop=on_drop,
        )
        clients = lobby.run(connect_timeout if connect_timeout is not None else 1e9)
        seated: list[Player] = []
        for k, player in enumerate(players):
            if player is None:
                conn, name = clients[numbers.index(k)]
                transcript = None
                if transcript_dir is not None:
                    transcript = Transcript(transcript_dir, f"player{k}", k)
                remote = RemotePlayer(
                    conn,
                    k,
                    name=name,
                    rules=rules,
                    move_timeout=move_timeout,
                    transcript=transcript,
                )
                remotes[k] = remote
                seated.append(remote)
            else:
                seated.append(player)
        match = Match(seated, seed=seed, rules=rules, record_moves=record_moves or log is not None)
        if first_game != 1:  # the deals of games first_game.. of the run seeded `seed`
            match.start_at(first_game)
        result = MatchResult([getattr(p, "name", type(p).__name__) for p in seated])
        for game in range(1, games + 1):
            record = match.play_game(final=game == games)
            result.add(record)
            if log is not None:
                log.write(json.dumps(game_json(seed, record, remotes, result.names)) + "\n")
                log.flush()
            if on_game is not None:
                on_game(record)
        result.faults.extend(match.faults)
        return result
    finally:
        listener.close()
        for seat in remotes:
            if seat is not None:
                seat.close()
        if log is not None:
            log.close()
