"""Our client against our server on real TCP sockets (127.0.0.1): agreement of both views,
malformed submissions, clients that disconnect or hang, logs and transcripts."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from games.daihinmin.network.client import ClientResult, run_client
from games.daihinmin.network.protocol import (
    PROTOCOL_20140,
    Connection,
    ConnectionLostError,
    ProtocolError,
    ProtocolTimeoutError,
    connect,
)
from games.daihinmin.network.server import ServerError, run_server
from games.daihinmin.network.table import empty_table, read_hand, read_state
from games.daihinmin.players.base import Player, RandomPlayer
from games.daihinmin.rules.cards import JOKER, REAL_CARDS
from games.daihinmin.rules.engine import MoveResult
from games.daihinmin.rules.match import Match, MatchResult
from games.daihinmin.rules.melds import PASS, Meld
from games.daihinmin.rules.observation import Deal, Observation


class Served:
    """`run_server` in a thread; `port` once it listens, `result` once it is done."""

    def __init__(self, games: int, players: Sequence[Player | None], **options: Any) -> None:
        self.ready = threading.Event()
        self.port = 0
        self.result: MatchResult | None = None
        self.error: BaseException | None = None
        self.joined: list[int] = []

        def serve() -> None:
            try:
                self.result = run_server(
                    0,
                    games,
                    players=players,
                    ready=self._listening,
                    on_connect=lambda n, name: self.joined.append(n),
                    **options,
                )
            except BaseException as exc:
                self.error = exc
                self.ready.set()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _listening(self, port: int) -> None:
        self.port = port
        self.ready.set()

    def finish(self, timeout: float = 60) -> MatchResult:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the server did not finish"
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


def _in_thread(target: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []

    def body() -> None:
        try:
            out.append(target())
        except BaseException as exc:
            out.append(exc)

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    return thread, out


def _check_view(client: ClientResult, server: MatchResult) -> None:
    """The client's view of every game equals the server's."""
    assert client.games == server.games
    assert client.per_game == server.per_game
    assert client.points == server.points
    assert client.ranks == server.ranks


def test_one_client_and_four_in_process_players() -> None:
    served = Served(
        30, [RandomPlayer(k) for k in range(2)] + [None] + [RandomPlayer(5), RandomPlayer(6)]
    )
    mine = run_client("127.0.0.1", served.port, RandomPlayer(7), name="tcp", timeout=20)
    result = served.finish()
    assert result.names[2] == "tcp" and mine.player == 2
    assert result.games == 30 and sum(result.points) == 30 * 15
    assert result.faults == [] and result.rejected == [0] * 5 and mine.own_rejected == 0
    _check_view(mine, result)


class Reseeded(RandomPlayer):
    """A RandomPlayer reseeded each game as `Match` reseeds the players it holds."""

    def __init__(self, run_seed: int, index: int) -> None:
        super().__init__()
        self.key = f"{run_seed}:{index}"

    def start_game(self, deal: Deal) -> None:
        self.seed(f"{self.key}:{deal.game}")


def test_five_clients_one_speaking_20140_same_games_as_in_process() -> None:
    """Over TCP the same seeds give the same games as an in-process `Match`."""
    served = Served(25, [None] * 5, seed=4)
    clients = []
    for k in range(5):
        version = PROTOCOL_20140 if k == 3 else 20070

        def join(k: int = k, version: int = version) -> ClientResult:
            return run_client(
                "127.0.0.1", served.port, Reseeded(4, k), name=f"c{k}", version=version
            )

        clients.append(_in_thread(join))
        while len(served.joined) <= k:  # player number = connection order
            threading.Event().wait(0.005)
    result = served.finish()
    for k, (thread, out) in enumerate(clients):
        thread.join(10)
        assert isinstance(out[0], ClientResult), out
        assert out[0].player == k
        _check_view(out[0], result)
    # seeded as `Match` seeds in-process players, the same match in-process agrees exactly
    local = Match([RandomPlayer(k) for k in range(5)], seed=4).play(25)
    assert local.per_game == result.per_game
    assert result.names == ["c0", "c1", "c2", "c3", "c4"]


# --- scripted raw clients ------------------------------------------------------------------
def _raw_client(
    port: int,
    on_move: Callable[[list[list[int]], Connection], None],
    stop_after_hands: int | None = None,
    exchange: Callable[[list[list[int]]], list[list[int]]] | None = None,
) -> dict[str, Any]:
    """A client written against RULES.md §3.2 directly (not with our client)."""
    conn = connect("127.0.0.1", port, timeout=20)
    conn.send_profile("raw")
    seen: dict[str, Any] = {"acks": [], "number": conn.read_int("number"), "games": 0}
    hands = 0
    flag = 0
    while flag != 2:
        deal = conn.read_table("deal")
        state = read_state(deal)
        assert state.deal and state.turn == 6
        if state.give > 0:
            give = exchange(deal) if exchange else empty_table()
            conn.write_table(give, "exchange")
        while True:
            hand = conn.read_table("hand")
            hands += 1
            if stop_after_hands is not None and hands >= stop_after_hands:
                conn.close()
                return seen
            if read_state(hand).my_turn:
                on_move(hand, conn)
                seen["acks"].append(conn.read_int("ack"))
            conn.read_table("field")
            flag = conn.read_int("flag")
            assert flag in (0, 1, 2)
            if flag:
                seen["games"] += 1
                break
    conn.close()
    return seen


def test_malformed_submissions_are_refused_and_counted() -> None:
    served = Served(6, [None] + [RandomPlayer(k) for k in range(4)])
    sent = {"junk": 0}

    def junk(hand: list[list[int]], conn: Connection) -> None:
        cards = read_hand(hand)
        table = empty_table()
        lowest = (cards & REAL_CARDS & -(cards & REAL_CARDS)).bit_length() - 1
        kind = sent["junk"] % 4
        if kind == 0:  # a held card and a junk value
            table[lowest % 4][lowest // 4] = 1
            table[2][7] = 99
        elif kind == 1:  # two jokers
            table[0][3] = table[1][3] = 2
        elif kind == 2:  # a card in column 0
            table[0][0] = 1
        else:  # a card not held (or a 1 in row 4 when every 3..2 is held)
            missing = ~cards & REAL_CARDS
            bit = (missing & -missing).bit_length() - 1 if missing else -1
            if bit >= 0:
                table[bit % 4][bit // 4] = 1
            else:
                table[4][5] = 1
        sent["junk"] += 1
        conn.write_table(table, "junk")

    thread, out = _in_thread(lambda: _raw_client(served.port, junk))
    result = served.finish()
    thread.join(10)
    seen = out[0]
    assert seen["games"] == 6 and sent["junk"] > 0
    assert seen["acks"] == [8] * sent["junk"]
    assert result.rejected[0] == sent["junk"] and result.rejected[1:] == [0] * 4
    assert result.faults == []
    assert result.points[0] == 6  # never plays a card: last in every game


def test_invalid_exchange_gives_the_strongest_cards(tmp_path: Path) -> None:
    """Games 2+ have an exchange; a daifugo/fugo sending junk loses its strongest cards."""
    served = Served(8, [None] + [RandomPlayer(k) for k in range(4)], log_dir=tmp_path)

    def bad_exchange(deal: list[list[int]]) -> list[list[int]]:
        table = empty_table()
        table[0][0] = 7
        return table

    def pass_always(hand: list[list[int]], conn: Connection) -> None:
        conn.write_table(empty_table(), "pass")

    thread, out = _in_thread(lambda: _raw_client(served.port, pass_always, exchange=bad_exchange))
    result = served.finish()
    thread.join(10)
    assert out[0]["games"] == 8 and result.faults == []
    assert result.points[0] == 8  # passing always: last every game, so it never gives cards
    logs = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(logs) == 8
    for log in logs:
        dealt = [int(h, 16) for h in log["dealt"]]
        hands = [int(h, 16) for h in log["hands"]]
        assert sum(dealt) == sum(hands) == REAL_CARDS | JOKER
        assert sorted(map(int.bit_count, dealt)) == [10, 10, 11, 11, 11]
        assert sum(log["points"]) == 15 and sorted(log["ranking"]) == [0, 1, 2, 3, 4]
        if log["ranks"] is None:
            assert dealt == hands
        else:
            heimin = log["ranks"].index(2)
            assert dealt[heimin] == hands[heimin]


def test_a_client_that_disconnects_mid_game_passes_from_then_on() -> None:
    served = Served(5, [None] + [RandomPlayer(k) for k in range(4)], move_timeout=5)

    def play_lowest(hand: list[list[int]], conn: Connection) -> None:
        conn.write_table(empty_table(), "pass")

    thread, _ = _in_thread(lambda: _raw_client(served.port, play_lowest, stop_after_hands=12))
    result = served.finish()
    thread.join(10)
    assert result.games == 5 and sum(result.points) == 75
    assert len(result.faults) == 1
    fault = result.faults[0]
    assert (fault.game, fault.player) == (1, 0)
    assert "ConnectionLostError" in fault.error and "player 0" in fault.error


def test_a_client_that_hangs_times_out() -> None:
    served = Served(3, [None] + [RandomPlayer(k) for k in range(4)], move_timeout=0.3)
    sock = socket.create_connection(("127.0.0.1", served.port))
    hung = Connection(sock, timeout=10)
    hung.send_profile("hung")  # then it never answers, nor reads
    result = served.finish()
    sock.close()
    assert result.games == 3 and result.points[0] <= 3 * 2
    assert len(result.faults) == 1
    assert "ProtocolTimeoutError" in result.faults[0].error
    assert "player 0 sent nothing for 0.3 s" in result.faults[0].error


def test_clients_that_do_not_come_and_a_port_in_use() -> None:
    with pytest.raises(ProtocolTimeoutError, match=r"only 0 of 5 clients connected within 0\.3 s"):
        run_server(0, 1, connect_timeout=0.3)
    with (
        socket.create_server(("127.0.0.1", 0)) as taken,
        pytest.raises(ServerError, match="cannot listen on port"),
    ):
        run_server(taken.getsockname()[1], 1, host="127.0.0.1")
    with pytest.raises(ServerError, match="5 entries"):
        run_server(0, 1, players=[None])
    with pytest.raises(ServerError, match="positive"):
        run_server(0, 0)


def test_transcripts_in_the_devkit_format(tmp_path: Path) -> None:
    served = Served(
        4, [None, RandomPlayer(1), None, RandomPlayer(3), RandomPlayer(4)], transcript_dir=tmp_path
    )
    first, out0 = _in_thread(lambda: run_client("127.0.0.1", served.port, RandomPlayer(0)))
    while not served.joined:
        threading.Event().wait(0.005)
    second, out2 = _in_thread(lambda: run_client("127.0.0.1", served.port, RandomPlayer(2)))
    result = served.finish()
    first.join(10)
    second.join(10)
    assert out0[0].player == 0 and out2[0].player == 2
    for k, mine in ((0, out0[0]), (2, out2[0])):
        r = [list(map(int, line.split())) for line in (tmp_path / f"player{k}_read.txt").open()]
        w = [list(map(int, line.split())) for line in (tmp_path / f"player{k}_write.txt").open()]
        assert r[0] == [k]
        assert (len(r) - 1) % 17 == 0 and len(w) % 9 == 0
        records = [(r[p][0], r[p + 1 : p + 9], r[p + 9 : p + 17]) for p in range(1, len(r), 17)]
        own = [rec for rec in records if rec[1][5][2] == 1]
        assert [c for c, _, _ in own] == [w[i][0] for i in range(0, len(w), 9)]
        assert [c for c, _, _ in own] == list(range(1, len(own) + 1))
        for _, hand, field in records:
            assert hand[6][10:15] == field[6][10:15] and len(hand) == len(field) == 8
        assert mine.points == result.points


# --- our client against a broken server ----------------------------------------------------
def _fake_server(script: Callable[[Connection], None]) -> tuple[int, threading.Thread]:
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        sock, _ = listener.accept()
        listener.close()
        conn = Connection(sock, peer="client", timeout=10)
        conn.read_profile()
        conn.write_int(1, "number")
        script(conn)
        conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener.getsockname()[1], thread


def test_client_refuses_a_malformed_deal_table() -> None:
    def junk_deal(conn: Connection) -> None:
        table = empty_table()
        table[0][3] = 7
        conn.write_table(table, "deal")

    port, thread = _fake_server(junk_deal)
    with pytest.raises(ProtocolError, match="malformed table: rows 0-4 of a hand table"):
        run_client("127.0.0.1", port, RandomPlayer(1), timeout=5)
    thread.join(5)


def test_client_reports_a_server_that_quits() -> None:
    def quit_after_deal(conn: Connection) -> None:
        table = empty_table()
        table[5][0], table[5][3] = 1, 6
        table[6][:5] = [11, 11, 11, 10, 10]
        table[6][10:] = [0, 1, 2, 3, 4]  # the seats (a table without them is refused)
        conn.write_table(table, "deal")

    port, thread = _fake_server(quit_after_deal)
    with pytest.raises(
        ConnectionLostError,
        match="the server closed the connection while sending a hand table of game 1",
    ):
        run_client("127.0.0.1", port, RandomPlayer(1), timeout=5)
    thread.join(5)


class Recording(Reseeded):
    """Keeps every observation it is given (its turns and, via on_turn, everybody's)."""

    def __init__(self, run_seed: int, index: int) -> None:
        super().__init__(run_seed, index)
        self.seen: list[Observation] = []
        self.results: list[tuple[int, str, bool, bool, bool, bool]] = []

    def on_turn(self, obs: Observation) -> None:
        self.seen.append(obs)

    def play(self, obs: Observation) -> Meld:
        self.seen.append(obs)
        return super().play(obs)

    def observe(self, result: MoveResult) -> None:
        self.results.append(
            (
                result.player,
                str(result.meld),
                result.accepted,
                result.cleared,
                result.finished,
                result.game_over,
            )
        )


def test_the_client_sees_what_an_in_process_player_sees() -> None:
    """Every observation and move result built from the tables equals the engine's own."""
    games, seed = 12, 9
    local = Recording(seed, 3)
    Match([Reseeded(seed, k) for k in range(3)] + [local, Reseeded(seed, 4)], seed=seed).play(games)
    served = Served(
        games, [Reseeded(seed, k) for k in range(3)] + [None, Reseeded(seed, 4)], seed=seed
    )
    remote = Recording(seed, 3)
    run_client("127.0.0.1", served.port, remote, timeout=20)
    served.finish()
    assert len(remote.seen) == len(local.seen) > 100
    for mine, theirs in zip(remote.seen, local.seen, strict=True):
        assert mine == theirs
    assert remote.results == local.results


class Passer(Player):
    name = "passer"

    def play(self, obs: Observation) -> Meld:
        return PASS


def test_stalled_games_are_ranked_from_the_next_deal() -> None:
    """Nobody plays: every game ends by the 20-pass rule with a random order of the players
    the client cannot see; the next deal table tells it (not after the last game)."""
    served = Served(5, [Passer(), Passer(), None, Passer(), Passer()], seed=2)
    mine = run_client("127.0.0.1", served.port, Passer(), timeout=20)
    result = served.finish()
    assert result.stalled == mine.stalled == 5
    assert mine.per_game[:4] == result.per_game[:4]
    assert sum(mine.per_game[4]) == 15


def test_a_client_without_profile_speaks_20060() -> None:
    """No profile within the wait: the server talks in host byte order (protocol 20060)."""
    served = Served(2, [None] + [RandomPlayer(k) for k in range(4)], profile_wait=0.2)
    conn = Connection(
        socket.create_connection(("127.0.0.1", served.port)), version=20060, timeout=20
    )
    assert conn.read_int("number") == 0
    flag = 0
    while flag != 2:
        conn.read_table("deal")
        while True:
            hand = conn.read_table("hand")
            if read_state(hand).my_turn:
                conn.write_table(empty_table(), "pass")
                assert conn.read_int("ack") in (8, 9)
            conn.read_table("field")
            flag = conn.read_int("flag")
            if flag:
                break
    conn.close()
    result = served.finish()
    assert result.games == 2 and result.faults == []


class Clumsy(RandomPlayer):
    """Raises on every third move and in every observe of a pass; returns junk once."""

    def __init__(self) -> None:
        super().__init__(5)
        self.moves = 0

    def play(self, obs: Observation) -> Meld:
        self.moves += 1
        if self.moves % 3 == 0:
            raise RuntimeError("oops")
        if self.moves == 4:
            return "7S"  # type: ignore[return-value]
        return super().play(obs)

    def observe(self, result: MoveResult) -> None:
        if result.meld is PASS:
            raise ValueError("no")


def test_a_player_that_raises_does_not_break_the_client() -> None:
    served = Served(4, [None] + [RandomPlayer(k) for k in range(4)])
    mine = run_client("127.0.0.1", served.port, Clumsy(), timeout=20)
    result = served.finish()
    _check_view(mine, result)
    phases = {f.phase for f in mine.faults}
    assert phases == {"play", "observe"}
    assert any("returned '7S', not a Meld" in f.error for f in mine.faults)
    assert any(f.error == "RuntimeError: oops" for f in mine.faults)
    assert result.faults == []  # the server saw passes only
