"""`DefaultPlayer` replays what the real C default client received, and must write exactly
what it wrote.

* ``../shared/uecda/data/``: 100 games recorded by others (the C client as player 0): all 1545
  decisions, compared as whole tables (joker cells included), record 190 too: the refused
  7H-8H-9H on 5C-6C-7C (a joker sequence at column ``ord``, the held 7H written as a real card).
* Runs of the C server with five C default clients behind recording proxies
  (`games.daihinmin.network.recording`): every decision of every player and every exchange.
* Runs of our Python server (`games.daihinmin.network.server`) with C default clients beside random
  players (fields the default clients never make): the clients' transcripts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from replay_data import cells_table, read_devkit_data, read_transcript, replay, views_of_run

from games.daihinmin.network.table import read_hand
from games.daihinmin.players.default import DefaultPlayer
from games.daihinmin.rules.cards import parse_cards


def _written(player: object) -> list[list[int]]:
    assert isinstance(player, DefaultPlayer)
    return cells_table(*player.last_cells)


@pytest.fixture(scope="module")
def devkit_view():  # type: ignore[no-untyped-def]
    from games.daihinmin.network.kit import UecdaKitError

    try:
        return read_devkit_data()
    except (FileNotFoundError, UecdaKitError) as exc:
        pytest.skip(f"no devkit data: {exc}")


def test_recorded_devkit_games_same_tables(devkit_view) -> None:  # type: ignore[no-untyped-def]
    player = DefaultPlayer()
    revolutions: list[tuple[int, int]] = []

    def check(game: int, turn: int, p: object) -> None:
        # the revolution the player follows between its turns is the server's
        turns = devkit_view.games[game - 1].turns
        if turn < len(turns) - 1:
            expected = turns[turn + 1].hand[5][6] == 1
            if player._revolution != expected:
                revolutions.append((game, turn))

    assert devkit_view.player == 0 and len(devkit_view.games) == 100
    assert sum(len(g.turns) for g in devkit_view.games) == 7790
    stats = replay(devkit_view, player, written=_written, on_turn=check)
    assert stats.decisions == 1545
    assert stats.passes == 849
    assert stats.mismatches == []
    assert revolutions == []
    # the one refused submission: write record 190, game 14
    assert len(stats.refused) == 1
    game, turn = stats.refused[0]
    record = devkit_view.games[game - 1].turns[turn]
    # 7H 8H 9H (columns 5-7) on 5C 6C 7C (columns 3-5); data/README.md says 6H-7H-8H
    assert read_hand(record.submission) == parse_cards("7H 8H 9H")
    mine = [t for t in devkit_view.games[game - 1].turns[: turn + 1] if t.submission is not None]
    counter = sum(
        1 for g in devkit_view.games[: game - 1] for t in g.turns if t.submission is not None
    )
    assert counter + len(mine) == 190


def test_rows_0_4_of_the_returned_melds_match_too(devkit_view) -> None:  # type: ignore[no-untyped-def]
    stats = replay(devkit_view, DefaultPlayer())
    assert stats.decisions == 1545 and stats.mismatches == []


def test_a_wrong_player_is_caught(devkit_view) -> None:  # type: ignore[no-untyped-def]
    """The comparison can fail: a player that leads its highest card instead differs."""

    class Off(DefaultPlayer):
        def play(self, obs):  # type: ignore[no-untyped-def]
            meld = super().play(obs)
            if obs.field is None and obs.revolution:
                self.last_cells = (0, -1)
            return meld

    stats = replay(devkit_view, Off(), written=_written)
    assert 0 < len(stats.mismatches) < stats.decisions


# --- the C server with five C default clients ------------------------------------------
@pytest.fixture(scope="module")
def c_default_run():  # type: ignore[no-untyped-def]
    from games.daihinmin.network import kit as uecda_kit
    from games.daihinmin.network.recording import record_run

    try:
        kit = uecda_kit.build_kit()
    except uecda_kit.UecdaKitError as exc:
        pytest.skip(f"the UECda kit cannot be built: {exc}")
    # 25 games: the first without exchange, then 24 with (daifugo and fugo exchange)
    return record_run(25, [[str(kit.client)]] * 5, kit=kit, seed=1008, timeout=300)


@pytest.mark.uecda
def test_c_server_run_same_decisions_and_exchanges(c_default_run) -> None:  # type: ignore[no-untyped-def]
    views = views_of_run(c_default_run)
    totals = [0, 0]
    for view in views:
        stats = replay(view, DefaultPlayer(), written=_written)
        assert stats.mismatches == [], stats.mismatches[:3]
        totals[0] += stats.decisions
        totals[1] += stats.exchanges
    turns = sum(len(g.turns) for g in c_default_run.games)
    assert totals[0] == turns  # every turn is one decision of one player
    assert totals[1] == 2 * 24  # daifugo and fugo in games 2-25


# --- our Python server, C default clients beside random players ------------------------
def python_server_run(games: int, seats: str, seed: int, directory: Path) -> list[int]:
    """`run_server` with the C default client in the seats marked ``C`` and random players
    in the others, transcripts in ``directory``; returns the C clients' player numbers."""
    import subprocess
    import threading

    from games.daihinmin.network import kit as uecda_kit
    from games.daihinmin.network.server import run_server
    from games.daihinmin.players.base import RandomPlayer

    try:
        kit = uecda_kit.build_kit()
    except uecda_kit.UecdaKitError as exc:
        pytest.skip(f"the UECda kit cannot be built: {exc}")
    players = [None if kind == "C" else RandomPlayer(seed * 10 + k) for k, kind in enumerate(seats)]
    ports: list[int] = []
    ready = threading.Event()
    outcome: list[object] = []

    def serve() -> None:
        try:
            outcome.append(
                run_server(
                    0,
                    games,
                    players=players,
                    seed=seed,
                    host="127.0.0.1",
                    transcript_dir=directory,
                    ready=lambda port: (ports.append(port), ready.set()),
                    connect_timeout=30,
                )
            )
        except BaseException as exc:  # reported below
            outcome.append(exc)
            ready.set()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(30) and ports
    clients = []
    for _ in range(seats.count("C")):
        clients.append(
            subprocess.Popen(
                [str(kit.client), "-h", "127.0.0.1", "-p", str(ports[0])],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    thread.join(timeout=300)
    for client in clients:
        client.wait(timeout=30)
    assert outcome and not isinstance(outcome[0], BaseException), outcome
    return [k for k, kind in enumerate(seats) if kind == "C"]


@pytest.mark.uecda
@pytest.mark.parametrize(("seats", "seed"), [("CRRRC", 5), ("RCRRR", 6)])
def test_python_server_transcripts_of_c_clients(tmp_path: Path, seats: str, seed: int) -> None:
    numbers = python_server_run(30, seats, seed, tmp_path)
    decisions = 0
    for k in numbers:
        view = read_transcript(tmp_path / f"player{k}_read.txt", tmp_path / f"player{k}_write.txt")
        assert view.player == k and len(view.games) == 30
        stats = replay(view, DefaultPlayer(), written=_written)
        assert stats.mismatches == [], stats.mismatches[:3]
        decisions += stats.decisions
    assert decisions > 250 * len(numbers)
