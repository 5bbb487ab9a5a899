"""Issue 28, item 3: our UECda client against hostile servers, over real TCP sockets.

Each fake server below is a real listening socket in a thread that speaks the protocol up to
the point where it misbehaves: it stalls, trickles bytes, sends cells out of range (a turn
that is no player, huge or negative card counts, seats that are no seating), contradicts
itself (a count that drops while the field shows nothing, a player who finishes twice), sends
an ack or a game-over flag the protocol does not have, never ends a game, closes mid-game, or
sends random bytes.  The client must end each run with a named `ProtocolError` that says what
happened, in about its ``timeout`` at most: never a traceback of another kind, never a hang.
The normal case against the real C server is ``test_c_server.py``.
"""

from __future__ import annotations

import contextlib
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

import pytest

from games.daihinmin.network.client import MAX_TURNS, run_client
from games.daihinmin.network.protocol import (
    Connection,
    ConnectionLostError,
    ProtocolError,
    ProtocolTimeoutError,
)
from games.daihinmin.network.table import Table, empty_table, exchange_table, submission_table
from games.daihinmin.players.base import RandomPlayer
from games.daihinmin.rules.cards import parse_cards
from games.daihinmin.rules.melds import Meld

ME = 1
HAND = parse_cards("3S 4H 5D 6C 7S 8H 9D TC JS QH KD")
COUNTS = (11, 11, 11, 10, 10)


def table(
    cards: int = 0,
    *,
    deal: bool = False,
    turn: int = 0,
    counts: Sequence[int] = COUNTS,
    seats: Sequence[int] = (0, 1, 2, 3, 4),
    give: int = 0,
    shown: Table | None = None,
) -> Table:
    """A server table: a hand (``cards``) or a field (``shown``), and rows 5-6."""
    t = shown if shown is not None else exchange_table(cards)
    t[5][0] = int(deal)
    t[5][1] = give
    t[5][2] = int(not deal and turn == ME)
    t[5][3] = 6 if deal else turn
    t[6][0:5] = list(counts)
    t[6][10:15] = list(seats)
    return t


class Hostile:
    """A one-connection server on 127.0.0.1 that answers the profile with player number
    ``number`` and then runs ``script``; it holds the connection open until `close`."""

    def __init__(self, script: Callable[[Connection], None], number: int = ME) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.release = threading.Event()
        self.error: BaseException | None = None

        def serve() -> None:
            sock, _ = self.listener.accept()
            conn = Connection(sock, peer="the client", timeout=30)
            try:
                conn.read_profile()
                conn.write_int(number, "the player number")
                script(conn)
                self.release.wait(60)
            except ProtocolError:  # the client gave up and closed: expected
                pass
            except BaseException as exc:  # pragma: no cover - a broken test server
                self.error = exc
            finally:
                conn.close()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.thread.join(30)
        self.listener.close()
        assert not self.thread.is_alive()
        assert self.error is None, self.error


def run_against(
    script: Callable[[Connection], None], *, number: int = ME, timeout: float = 5.0
) -> tuple[ProtocolError, float]:
    """The `ProtocolError` our client ends with against ``script``, and the seconds it took."""
    server = Hostile(script, number)
    start = time.monotonic()
    try:
        with pytest.raises(ProtocolError) as caught:
            run_client("127.0.0.1", server.port, RandomPlayer(7), timeout=timeout)
    finally:
        server.release.set()
    elapsed = time.monotonic() - start
    server.close()
    return caught.value, elapsed


def deal(conn: Connection, **cells: object) -> None:
    conn.write_table(table(HAND, deal=True, **cells), "the deal")  # type: ignore[arg-type]


def others_turn(conn: Connection, **cells: object) -> None:
    """A hand table where player 0 is to move, then its pass, not yet the flag."""
    conn.write_table(table(HAND, **cells), "a hand table")  # type: ignore[arg-type]


# --- cells out of range --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cells", "says"),
    [
        ({"turn": 7}, "player 7 to move or moving"),
        ({"turn": -1}, "player -1 to move or moving"),
        ({"turn": 2**31 - 1}, "player 2147483647 to move"),
        ({"counts": (10**9, 11, 11, 10, 10)}, r"card counts \[1000000000, "),
        ({"counts": (-5, 11, 11, 10, 10)}, r"card counts \[-5, "),
        ({"counts": (20, 20, 20, 20, 20)}, r"a deck has 53 cards"),
        ({"seats": (0, 0, 0, 0, 0)}, r"seats \[0, 0, 0, 0, 0\]"),
        ({"seats": (0, 1, 2, 3, 9)}, r"seats \[0, 1, 2, 3, 9\]"),
    ],
)
def test_a_hand_table_out_of_range(cells: dict[str, object], says: str) -> None:
    def script(conn: Connection) -> None:
        deal(conn)
        others_turn(conn, **cells)

    error, _ = run_against(script)
    assert type(error) is ProtocolError
    assert "a hand table of game 1" in str(error)
    assert re.search(says, str(error)), error


@pytest.mark.parametrize(
    ("cells", "says"),
    [({"give": 9}, "9 cards to give"), ({"counts": (53, 53, 0, 0, 0)}, "card counts")],
)
def test_a_deal_table_out_of_range(cells: dict[str, object], says: str) -> None:
    error, _ = run_against(lambda conn: deal(conn, **cells))
    assert "the deal table of game 1" in str(error) and says in str(error)


@pytest.mark.parametrize("number", [5, 2**31 - 1])
def test_a_player_number_out_of_range(number: int) -> None:
    error, _ = run_against(lambda conn: None, number=number)
    assert f"the server gave player number {number} (0-4 expected)" in str(error)


# --- protocol values the protocol does not have ---------------------------------------------
def _my_turn_then(ack: int, flag: int = 0) -> Callable[[Connection], None]:
    def script(conn: Connection) -> None:
        deal(conn)
        conn.write_table(table(HAND, turn=ME), "a hand table")
        conn.read_table("the move")
        conn.write_int(ack, "the ack")
        conn.write_table(table(shown=empty_table(), turn=ME), "the field")
        conn.write_int(flag, "the flag")

    return script


def test_an_ack_that_is_neither_9_nor_8() -> None:
    error, _ = run_against(_my_turn_then(5))
    assert "answered a move of game 1 with 5 (9: accepted, 8: refused)" in str(error)


@pytest.mark.parametrize("flag", [3, 7, 2**31 - 1])
def test_a_game_over_flag_that_is_not_0_1_or_2(flag: int) -> None:
    error, _ = run_against(_my_turn_then(9, flag))
    assert f"sent {flag} as the game-over flag of game 1" in str(error)


# --- tables that contradict each other -----------------------------------------------------
def test_a_count_that_drops_while_the_field_shows_nothing() -> None:
    def script(conn: Connection) -> None:
        deal(conn)
        others_turn(conn)
        conn.write_table(table(shown=empty_table(), counts=(9, 11, 11, 10, 10)), "the field")
        conn.write_int(0, "the flag")

    error, _ = run_against(script)
    assert "shows no cards though player 0's card count dropped from 11 to 9" in str(error)


def test_a_player_who_finishes_twice() -> None:
    one = (1, 11, 11, 10, 10)
    gone = (0, 11, 11, 10, 10)
    played = submission_table(Meld.parse("2S"))

    def script(conn: Connection) -> None:
        deal(conn)
        others_turn(conn, counts=one)
        conn.write_table(table(shown=[row[:] for row in played], counts=gone), "the field")
        conn.write_int(0, "the flag")
        others_turn(conn, counts=one)  # player 0 holds a card again, and finishes again
        conn.write_table(table(shown=[row[:] for row in played], counts=gone), "the field")
        conn.write_int(0, "the flag")

    error, _ = run_against(script)
    assert "has player 0 finish twice" in str(error)


def test_a_game_that_never_ends() -> None:
    def script(conn: Connection) -> None:
        deal(conn)
        for _ in range(MAX_TURNS + 1):  # player 0 passes, and passes, and passes
            others_turn(conn)
            conn.write_table(table(shown=empty_table()), "the field", hold=True)
            conn.write_int(0, "the flag")

    error, _ = run_against(script)
    assert f"game 1 goes on past {MAX_TURNS:,} turns" in str(error)


# --- servers that stall, trickle or close ---------------------------------------------------
def test_a_server_that_stalls_is_given_up_after_the_timeout() -> None:
    error, elapsed = run_against(lambda conn: deal(conn), timeout=0.5)
    assert type(error) is ProtocolTimeoutError
    assert "sent nothing for 0.5 s while sending a hand table of game 1" in str(error)
    assert elapsed < 10


def test_a_server_that_trickles_bytes_is_given_up_after_the_timeout_in_all() -> None:
    def trickle(conn: Connection) -> None:
        for _ in range(480):  # one byte of the deal table every 0.2 s: 96 s in all
            conn.sock.sendall(b"\0")
            time.sleep(0.2)

    error, elapsed = run_against(_stoppable(trickle), timeout=1.0)
    assert type(error) is ProtocolTimeoutError
    assert "while sending the deal table of game 1" in str(error)
    assert elapsed < 10  # not 480 x 0.2 s


def _stoppable(script: Callable[[Connection], None]) -> Callable[[Connection], None]:
    """``script`` that stops quietly once the client has closed the connection."""

    def run(conn: Connection) -> None:
        with contextlib.suppress(OSError):
            script(conn)

    return run


def test_a_server_that_closes_mid_game() -> None:
    def script(conn: Connection) -> None:
        deal(conn)
        others_turn(conn)
        conn.sock.sendall(b"\0" * 100)  # a part of the field table, then the end
        conn.sock.shutdown(socket.SHUT_RDWR)

    error, _ = run_against(script)
    assert type(error) is ConnectionLostError
    assert "closed the connection while sending the field table of game 1" in str(error)
    assert "got 100 of 480 bytes" in str(error)


@pytest.mark.parametrize("seed", range(12))
def test_random_bytes_after_a_valid_start(seed: int) -> None:
    rng = random.Random(seed)

    def script(conn: Connection) -> None:
        deal(conn)
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
        conn.sock.sendall(junk)
        conn.sock.shutdown(socket.SHUT_WR)

    error, _ = run_against(_stoppable(script))
    assert isinstance(error, ProtocolError)


@pytest.mark.parametrize("seed", range(20))
def test_random_cells_in_every_table(seed: int) -> None:
    """Tables of the right size whose cells are random small ints, in a game that otherwise
    follows the protocol: a named error (or the game's end), never another exception."""
    rng = random.Random(1000 + seed)

    def noisy(t: Table) -> Table:
        for _ in range(rng.randrange(1, 6)):
            t[rng.randrange(8)][rng.randrange(15)] = rng.choice([-1, 0, 1, 2, 3, 60, 2**20])
        return t

    def script(conn: Connection) -> None:
        conn.write_table(noisy(table(HAND, deal=True)), "the deal")
        for _ in range(40):
            conn.write_table(noisy(table(HAND, turn=0)), "a hand table")
            conn.write_table(noisy(table(shown=empty_table())), "the field")
            conn.write_int(rng.choice([0, 0, 0, 1, 2, 5]), "the flag")

    server = Hostile(_stoppable(script))
    try:
        run_client("127.0.0.1", server.port, RandomPlayer(seed), timeout=5)
    except ProtocolError:
        pass
    finally:
        server.release.set()
    server.close()


# --- the command line -------------------------------------------------------------------------
def test_the_client_command_has_a_timeout() -> None:
    server = Hostile(lambda conn: deal(conn))
    try:
        start = time.monotonic()
        command = ["daihinmin", "client", "--port", str(server.port), "--player", "random"]
        run = subprocess.run(
            [sys.executable, "-m", "cgt", *command, "--timeout", "1"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        elapsed = time.monotonic() - start
    finally:
        server.release.set()
    server.close()
    assert run.returncode != 0
    assert "sent nothing for 1.0 s while sending a hand table of game 1" in run.stderr
    assert "Traceback" not in run.stderr
    assert elapsed < 60  # the start-up of a Python process, and one second


@pytest.mark.parametrize("bad", ["0", "-3", "nan", "1e9"])
def test_the_timeout_option_is_checked(bad: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cgt", "daihinmin", "client", "--port", "1", "--timeout", bad],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "--timeout must be 0 < S <= 86400 seconds" in run.stderr
