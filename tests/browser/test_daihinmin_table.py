"""``cgt daihinmin web`` in a real headless Chromium: replay a server log and a recorded
C-server run to the end, watch a live match, and play whole games as the person in seat 0
against four ``default`` players by clicking cards."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.daihinmin.network.client import run_client
from games.daihinmin.network.server import run_server
from games.daihinmin.players import make_player
from games.daihinmin.web.app import TableServer
from games.daihinmin.web.timeline import read_games, timeline

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the ``games.jsonl`` of a real server run: 4 in-process players and one
    of our clients over TCP."""
    folder = tmp_path_factory.mktemp("logs")
    ports: list[int] = []
    ready = threading.Event()
    players = [None] + [
        make_player(n, seed=k) for k, n in enumerate(["kou2", "default", "random", "kou2+"])
    ]

    def serve() -> None:
        run_server(
            0,
            3,
            players=players,
            seed=11,
            host="127.0.0.1",
            log_dir=folder,
            ready=lambda port: (ports.append(port), ready.set()),
        )

    thread = threading.Thread(target=serve)
    thread.start()
    assert ready.wait(30)
    run_client("127.0.0.1", ports[0], make_player("default"), name="client")
    thread.join(60)
    return folder


@pytest.fixture(scope="module")
def table_server(logs: Path) -> Iterator[TableServer]:
    with TableServer(log=logs, time_limit=120) as server:
        server.start()
        yield server


def test_replay_a_server_log_to_the_end(
    page: Any, table_server: TableServer, logs: Path, shots: Path
) -> None:
    records = read_games(logs / "games.jsonl")
    assert len(records) == 3
    page.goto(table_server.url)
    page.wait_for_selector("[data-test=replay-status]:has-text('move 0 of')")
    page.select_option("[data-test=log-game]", "1")
    page.click("[data-test=load]")
    game = timeline(records[1])
    moves = len(game["frames"])
    page.wait_for_selector(f"[data-test=replay-status]:has-text('2 of 3), move 0 of {moves}')")
    # the second game of a rank period starts with the exchange
    assert page.locator("[data-test=exchange] .exchange-row").count() == len(game["exchange"]) > 0
    # move by move: the field shows the cards of the first play that stays on it
    k = next(k for k, frame in enumerate(game["frames"]) if frame["field"] is not None)
    for _ in range(k + 1):
        page.click("[data-test=next]")
    first = game["frames"][k]
    shown = page.locator("[data-test=field] [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('data-card'))"
    )
    assert shown == [c["card"] for c in first["field"]["cards"]]
    assert page.inner_text(f"[data-test=count-{first['move']['player']}]") == (
        f" · {len(first['hands'][first['move']['player']])} cards"
    )
    page.click("[data-test=next-trick]")
    page.screenshot(path=str(shots / "daihinmin-replay.png"), full_page=True)
    page.click("[data-test=end]")
    page.wait_for_selector("[data-test=replay-status][data-over=true]")
    totals = [records[0]["points"][p] + records[1]["points"][p] for p in range(5)]
    for p in range(5):
        assert page.inner_text(f"[data-test=points-{p}]") == (
            f"{totals[p]} points, +{records[1]['points'][p]} this game"
        )
    # and on to the third game, to its end
    page.click("[data-test=next-game]")
    page.wait_for_selector("[data-test=replay-status]:has-text('3 of 3), move 0')")
    page.click("[data-test=end]")
    page.wait_for_selector("[data-test=replay-status][data-over=true]")
    assert page.inner_text("[data-test=points-0]").startswith(
        f"{sum(r['points'][0] for r in records)} points"
    )


def test_logs_outside_the_log_path_are_not_served(table_server: TableServer) -> None:
    for name in ("../../../etc/passwd", "/etc/passwd", "games.jsonl/../../x"):
        url = table_server.url + "api/logs/games?log=" + urllib.request.quote(name)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=30)
        assert refused.value.code == 404
        assert json.loads(refused.value.read())["error"].startswith(f"no log named {name!r}")


def test_watch_a_live_match(page: Any, table_server: TableServer) -> None:
    page.goto(table_server.url + "#watch")
    page.select_option("[data-test=seat-1]", "kou2+")
    page.fill("[data-test=games]", "2")
    page.click("[data-test=start]")
    page.wait_for_selector("[data-test=live-status][data-state=over]")
    page.wait_for_selector("[data-test=standings]")
    assert page.inner_text("[data-test=live-status]").startswith("table t")
    points = [int(page.inner_text(f"[data-test=final-points-{k}]")) for k in range(5)]
    assert sum(points) == 2 * 15
    assert page.locator("[data-test=table] [data-test=replay-status]").count() == 1


def play_a_game_by_clicking(page: Any) -> int:
    """Answer every question of the seat until the table is over; returns how many plays were
    refused on purpose (one, the first time a single card cannot beat the field)."""
    refused = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('[data-test=live-status]')?.dataset.state === 'over'"
            " || document.querySelector('[data-test=legal], [data-test=give]')"
        )
        if page.get_attribute("[data-test=live-status]", "data-state") == "over":
            return refused
        if page.locator("[data-test=give]").count():
            cards = page.locator("[data-test=hand-0] [data-card]")
            give = int(page.inner_text("[data-test=actions] p").split()[1])
            for k in range(give):
                cards.nth(k).click()
            page.click("[data-test=give]")
            page.wait_for_selector("[data-test=give]", state="detached")
            continue
        legal = page.locator("[data-test=legal] .legal-move")
        if refused == 0 and page.locator("[data-test=field] [data-card]").count() == 1:
            playable = set(legal.evaluate_all("b => b.map(x => x.dataset.meld)"))
            hand = page.locator("[data-test=hand-0] [data-card]").evaluate_all(
                "c => c.map(x => x.dataset.card)"
            )
            wrong = [c for c in hand if c not in playable and c != "JK"]
            if wrong:
                page.click(f"[data-test=hand-0] [data-card='{wrong[0]}']")
                page.click("[data-test=play-chosen]")
                page.wait_for_selector("[data-test=message]:not([hidden])")
                assert page.inner_text("[data-test=message]").startswith(f"{wrong[0]}: ")
                page.click(f"[data-test=hand-0] [data-card='{wrong[0]}']")  # unselect
                refused += 1
        before = page.locator("[data-test=live-log] li").count()
        if legal.count():
            meld = legal.first.get_attribute("data-meld")
            if "(" in meld:  # the joker standing for a card: its button says which
                legal.first.click()
            else:
                for card in meld.split():
                    page.click(f"[data-test=hand-0] [data-card='{card}']")
                page.click("[data-test=play-chosen]")
        else:
            page.click("[data-test=pass]")
        page.wait_for_function(
            "n => document.querySelectorAll('[data-test=live-log] li').length > n", arg=before
        )


def test_play_a_whole_game_in_seat_0_against_four_default_players(
    page: Any, table_server: TableServer, shots: Path
) -> None:
    page.goto(table_server.url + "#play")
    for k in range(1, 5):
        page.select_option(f"[data-test=seat-{k}]", "default")
    page.fill("[data-test=games]", "2")
    page.fill("[data-test=seed]", "7")
    page.click("[data-test=start]")
    page.wait_for_selector("[data-test=legal], [data-test=waiting]")
    page.wait_for_selector("[data-test=clock]")
    page.screenshot(path=str(shots / "daihinmin-play.png"), full_page=True)
    refused = play_a_game_by_clicking(page)
    assert refused == 1
    page.wait_for_selector("[data-test=standings]")
    page.screenshot(path=str(shots / "daihinmin-play-over.png"), full_page=True)
    shown = [int(page.inner_text(f"[data-test=final-points-{k}]")) for k in range(5)]
    assert sum(shown) == 2 * 15
    # the records: the games as games.jsonl, the run as `cgt daihinmin play --json` prints it
    base = table_server.url.rstrip("/")
    record_url = page.get_attribute("[data-test=download-record]", "href")
    summary_url = page.get_attribute("[data-test=download-summary]", "href")
    with urllib.request.urlopen(base + record_url, timeout=30) as answer:
        games = [json.loads(line) for line in answer.read().decode().splitlines()]
    with urllib.request.urlopen(base + summary_url, timeout=30) as answer:
        summary = json.loads(answer.read())
    assert len(games) == 2
    assert [sum(g["points"][p] for g in games) for p in range(5)] == shown
    assert [p["points"] for p in summary["players"]] == shown
    assert [p["spec"] for p in summary["players"]] == ["you"] + ["default"] * 4
    assert set(summary) == {"games", "players", "rejected", "seed"}
    assert summary["seed"] == 7 and summary["games"] == 2
    for game in games:
        assert timeline(game)["points"] == game["points"]
    # the finished game, replayed with every hand shown
    page.wait_for_selector("[data-test=replay-after] [data-test=replay-status]")


def test_malformed_table_requests_get_errors(table_server: TableServer) -> None:
    def post(path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            table_server.url + path,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    assert post("api/tables", b"nonsense") == (400, {"error": "the body is not JSON"})
    status, answer = post("api/tables", b'{"players": ["default", "os:system", "a", "b", "c"]}')
    assert status == 400 and answer["error"].startswith("seat 1: unknown player 'os:system'")
    status, answer = post(
        "api/tables", b'{"players": ["you", "you", "default", "default", "default"]}'
    )
    assert (status, answer) == (400, {"error": "only one seat can be yours"})
    status, answer = post("api/tables", b'{"players": ["default"], "games": 5}')
    assert status == 400
    status, answer = post(
        "api/tables", json.dumps({"players": ["default"] * 5, "games": 10**6}).encode()
    )
    assert (status, answer) == (400, {"error": "games: 1..1000, not 1000000"})
    assert post("api/tables/t999/submit", b'{"choice": "pass"}') == (
        404,
        {"error": "no table 't999'"},
    )
    status, answer = post("api/tables", b"x" * 20_000)
    assert status == 413


@pytest.mark.uecda
def test_replay_a_recorded_c_server_run(page: Any, tmp_path: Path) -> None:
    from games.daihinmin.network import kit as uecda_kit
    from games.daihinmin.network.recording import record_run, write_record

    try:
        kit = uecda_kit.build_kit()
    except uecda_kit.UecdaKitError as exc:
        pytest.skip(f"the UECda kit cannot be built: {exc}")
    run = record_run(2, [[str(kit.client)]] * 4 + [[str(kit.jn17)]], kit=kit, timeout=300)
    write_record(tmp_path / "run.jsonl.gz", run)
    records = read_games(tmp_path / "run.jsonl.gz")
    assert len(records) == 2
    with TableServer(log=tmp_path) as server:
        server.start()
        page.goto(server.url)
        page.wait_for_selector("[data-test=replay-status]:has-text('move 0 of')")
        page.select_option("[data-test=log-game]", "1")
        page.click("[data-test=load]")
        page.wait_for_selector("[data-test=replay-status]:has-text('2 of 2)')")
        page.click("[data-test=end]")
        page.wait_for_selector("[data-test=replay-status][data-over=true]")
        for p in range(5):
            total = records[0]["points"][p] + records[1]["points"][p]
            assert page.inner_text(f"[data-test=points-{p}]").startswith(f"{total} points")
        # the points the C server itself counted
        assert [records[1]["points"][p] for p in range(5)] == [
            5 - rank for rank in run.games[1].ranks
        ]
