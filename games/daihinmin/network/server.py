"""A UECda server in Python: TCP clients and in-process players in one `Match`.

`run_server` listens, accepts one client per empty seat of `players` (player number = order
of connection among the empty seats, as on the C server), reads each client's profile (2 s,
else the client speaks protocol 20060), sends its player number and plays the games with
`games.daihinmin.rules.match.Match`: the rules are the engine's, the sockets are
`~games.daihinmin.network.remote.RemotePlayer`'s.

Differences from the C server ``tndhms`` (RULES.md §12), chosen because they are sound:

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

import json
import socket
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import cgt
from games.daihinmin.network.protocol import Connection, ProtocolError, ProtocolTimeoutError
from games.daihinmin.network.remote import RemotePlayer, Transcript
from games.daihinmin.rules.engine import Rules
from games.daihinmin.rules.match import GameRecord, Match, MatchResult, deal_cards, game_rng
from games.daihinmin.rules.player import Player

__all__ = ["ServerError", "game_log_line", "run_server"]

_DEVKIT_RULES = Rules()


class ServerError(cgt.CGTError):
    """The server cannot run: bad arguments, the port is taken, clients did not connect."""


def _accept_clients(
    listener: socket.socket,
    numbers: Sequence[int],
    *,
    connect_timeout: float,
    profile_wait: float,
    on_connect: Callable[[int, str], None] | None,
) -> list[tuple[Connection, str]]:
    clients: list[tuple[Connection, str]] = []
    deadline = time.monotonic() + connect_timeout
    try:
        for number in numbers:
            left = deadline - time.monotonic()
            listener.settimeout(max(left, 0.001))
            try:
                sock, _ = listener.accept()
            except TimeoutError:
                raise ProtocolTimeoutError(
                    f"only {len(clients)} of {len(numbers)} clients connected"
                    f" within {connect_timeout} s"
                ) from None
            conn = Connection(sock, peer=f"player {number}")
            try:
                _version, name = conn.read_profile(profile_wait)
                conn.write_int(number, "its player number")
            except ProtocolError:
                conn.close()
                raise
            clients.append((conn, name or f"player{number}"))
            if on_connect is not None:
                on_connect(number, clients[-1][1])
    except BaseException:
        for conn, _ in clients:
            conn.close()
        raise
    return clients


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


def game_log_line(
    seed: object, record: GameRecord, remotes: Sequence[RemotePlayer | None] = (None,) * 5
) -> str:
    """One line of ``games.jsonl`` (`run_server`'s ``log_dir``) for a game played with
    ``record_moves`` by a match seeded ``seed``: seats, dealer, ranks, dealt hands, hands after
    the exchange, every move, ranking, points."""
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
        "dropped": [r.dropped if r is not None else None for r in remotes],
    }
    return json.dumps(data)


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
    on_game: Callable[[GameRecord], None] | None = None,
    ready: Callable[[int], None] | None = None,
    on_connect: Callable[[int, str], None] | None = None,
    first_game: int = 1,
) -> MatchResult:
    """Play `games` games with TCP clients in the `None` seats of `players` and return the
    totals.

    `port` 0 picks a free port; `ready(port)` is called once the server listens (before it
    accepts).  `log_dir`: one JSON line per game in ``games.jsonl`` (seats, dealt hands, hands
    after the exchange, every move, ranking, points).  `transcript_dir`: per client
    ``playerN_read.txt`` / ``playerN_write.txt`` in the devkit ``data/`` format.  `on_game`
    is called with each finished game's record, `on_connect(number, name)` with each client
    that joined.  `first_game` (the first game of a rank period: 1, 101, ...) plays the deals
    of that part of the run seeded `seed`, as `Match.start_at` does.  Raises `ServerError` if
    the port cannot be
    used, `ProtocolTimeoutError` if the clients do not all connect within `connect_timeout`.
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
    numbers = [k for k, p in enumerate(players) if p is None]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(5)
    except OSError as exc:
        listener.close()
        raise ServerError(f"cannot listen on port {port}: {exc}") from exc
    remotes: list[RemotePlayer | None] = [None] * 5
    log: IO[str] | None = None
    try:
        if ready is not None:
            ready(listener.getsockname()[1])
        clients = _accept_clients(
            listener,
            numbers,
            connect_timeout=connect_timeout if connect_timeout is not None else 1e9,
            profile_wait=profile_wait,
            on_connect=on_connect,
        )
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
        if log_dir is not None:
            Path(log_dir).mkdir(parents=True, exist_ok=True)
            log = (Path(log_dir) / "games.jsonl").open("w")
        match = Match(seated, seed=seed, rules=rules, record_moves=log is not None)
        if first_game != 1:  # the deals of games first_game.. of the run seeded `seed`
            match.start_at(first_game)
        result = MatchResult([getattr(p, "name", type(p).__name__) for p in seated])
        for game in range(1, games + 1):
            record = match.play_game(final=game == games)
            result.add(record)
            if log is not None:
                log.write(game_log_line(seed, record, remotes) + "\n")
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
