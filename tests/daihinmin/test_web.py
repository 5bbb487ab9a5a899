"""The web table without a browser: timelines of game records (and their errors), log files,
a person's seat refusing what the rules refuse, live tables with C clients, the command."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from games.daihinmin.network.server import game_json
from games.daihinmin.players import make_player
from games.daihinmin.rules.match import Match
from games.daihinmin.web.live import LiveTable, SeatError, TableSetupError
from games.daihinmin.web.timeline import LogLibrary, TimelineError, read_games, timeline


def records(games: int, seed: int = 9) -> list[dict[str, Any]]:
    players = [
        make_player(n, seed=k)
        for k, n in enumerate(["kou2", "default", "random", "kou2+", "default"])
    ]
    match = Match(players, seed=seed, record_moves=True)
    return [json.loads(json.dumps(game_json(seed, match.play_game()))) for _ in range(games)]


def test_timeline_replays_every_move_and_agrees_with_the_record() -> None:
    for record in records(6):
        view = timeline(record)
        assert len(view["frames"]) == len(record["moves"])
        assert view["points"] == record["points"]
        last = view["frames"][-1]
        assert last["turn"] is None
        assert sorted(len(h) for h in last["hands"])[:4] == [0, 0, 0, 0]
        for frame, move in zip(view["frames"], record["moves"], strict=True):
            assert frame["move"]["player"] == move["player"]
            assert frame["move"]["accepted"] == (move["meld"] != "pass")
            if frame["move"]["accepted"]:
                assert frame["move"]["meld"]["text"] == move["meld"]
        cards_left = [sum(len(h) for h in f["hands"]) for f in view["frames"]]
        assert cards_left == sorted(cards_left, reverse=True)
        if record["ranks"] is not None:  # exchange: 2 + 1 cards each way
            moved = sorted(len(x["cards"]) for x in view["exchange"])
            assert moved == [1, 1, 2, 2]


def test_timeline_refuses_records_the_rules_refuse() -> None:
    record = records(1)[0]
    wrong_player = json.loads(json.dumps(record))
    wrong_player["moves"][0]["player"] = (record["moves"][0]["player"] + 1) % 5
    with pytest.raises(TimelineError, match=r"move 1: player .* moved, but it was player"):
        timeline(wrong_player)
    bad_meld = json.loads(json.dumps(record))
    bad_meld["moves"][0]["meld"] = "2S 2H 2D 2C"  # not in the hand
    with pytest.raises(TimelineError, match=r"move 1: player .* played 2S 2H 2D 2C: "):
        timeline(bad_meld)
    cut = json.loads(json.dumps(record))
    cut["moves"] = cut["moves"][:5]
    with pytest.raises(TimelineError, match=r"the record ends after 5 moves, before the game"):
        timeline(cut)
    with pytest.raises(TimelineError, match=r"not a game record"):
        timeline({"moves": []})


def test_log_files_plain_gzipped_and_bad(tmp_path: Path) -> None:
    games = records(3)
    text = "".join(json.dumps(g) + "\n" for g in games)
    (tmp_path / "games.jsonl").write_text(text)
    with gzip.open(tmp_path / "more.jsonl.gz", "wt") as out:
        out.write(text)
    (tmp_path / "bad.jsonl").write_text('{"not": "a game"}\n')
    (tmp_path / "empty.jsonl").write_text("\n")
    (tmp_path / "notes.txt").write_text("not a log")
    assert read_games(tmp_path / "games.jsonl") == games == read_games(tmp_path / "more.jsonl.gz")
    with pytest.raises(TimelineError, match=r"bad.jsonl line 1: not a game record"):
        read_games(tmp_path / "bad.jsonl")
    with pytest.raises(TimelineError, match=r"empty.jsonl: no games in the file"):
        read_games(tmp_path / "empty.jsonl")
    outside = tmp_path.parent / f"{tmp_path.name}-secret.jsonl"
    outside.write_text(text)
    (tmp_path / "link.jsonl").symlink_to(outside)
    library = LogLibrary(tmp_path)
    assert library.names() == ["bad.jsonl", "empty.jsonl", "games.jsonl", "more.jsonl.gz"]
    for name in ("notes.txt", "link.jsonl", str(outside), "../" + outside.name):
        with pytest.raises(TimelineError, match=r"no log named"):
            library.path(name)
    with pytest.raises(TimelineError, match=r"no such file or folder"):
        LogLibrary(tmp_path / "nowhere")


def answer_every_question(table: LiveTable, refuse_first: bool = True) -> list[str]:
    """Play the person's seat from this thread: the first legal move each time (after trying a
    refused one once); returns the refusals' reasons."""
    refusals: list[str] = []
    seat = table.human
    assert seat is not None
    while table.state in ("starting", "running"):
        question = seat.question()
        if question is None:
            time.sleep(0.01)
            continue
        asked = question["id"]
        if question["kind"] == "exchange":
            with pytest.raises(SeatError, match=r"give exactly"):
                seat.submit(question["hand"][:3], asked)
            seat.submit(question["hand"][: question["give"]], asked)
        else:
            legal = question["legal"]
            if refuse_first and not refusals and len(legal) == 1:  # only a pass: cards fail
                with pytest.raises(SeatError) as refused:
                    seat.submit([seat.view["hand"][0]], asked)
                refusals.append(str(refused.value))
            choice = legal[-1]
            seat.submit(
                choice["text"] if "(" in choice["text"] else choice["cards"] or "pass", asked
            )
        with pytest.raises(SeatError, match=r"it is not your turn|that question is over"):
            seat.submit("pass", asked)  # answered already
        while (seat.question() or {}).get("id") == asked:
            time.sleep(0.005)
    return refusals


def test_a_person_plays_two_games_and_illegal_plays_are_refused_with_the_reason() -> None:
    table = LiveTable(["you", "default", "default", "default", "default"], games=2, seed=3)
    with pytest.raises(SeatError, match=r"it is not your turn"):
        table.human.submit("pass")  # type: ignore[union-attr]
    table.start()
    refusals = answer_every_question(table)
    table.thread.join(30)  # type: ignore[union-attr]
    assert table.state == "over", table.error
    assert refusals and all(": " in r for r in refusals)
    assert table.summary is not None and table.summary["games"] == 2
    assert [p["spec"] for p in table.summary["players"]] == ["you"] + ["default"] * 4
    assert sum(p["points"] for p in table.summary["players"]) == 30
    for record in table.records:
        assert timeline(record)["names"][0] == "you"


def test_a_late_person_passes() -> None:
    table = LiveTable(
        ["you", "default", "default", "default", "default"], games=1, seed=1, time_limit=1
    )
    table.run()  # nobody answers: every decision times out and passes
    assert table.state == "over"
    texts = [e["text"] for e in table.events]
    assert any(t.startswith("time is up (1 s): you pass") for t in texts)
    assert table.summary is not None


def test_tables_are_checked() -> None:
    with pytest.raises(TableSetupError, match=r"a table has 5 seats"):
        LiveTable(["default"] * 4)
    with pytest.raises(TableSetupError, match=r"time_limit: 1..3600 seconds"):
        LiveTable(["default"] * 5, time_limit=0)
    with pytest.raises(TableSetupError, match=r"seed: an integer or a short text"):
        LiveTable(["default"] * 5, seed=[1])


def test_a_stopped_table_stops() -> None:
    table = LiveTable(["you", "default", "default", "default", "default"], games=3).start()
    deadline = time.monotonic() + 30
    while table.human.question() is None and time.monotonic() < deadline:  # type: ignore[union-attr]
        time.sleep(0.01)
    table.stop()
    assert table.state == "stopped"


@pytest.mark.uecda
def test_a_live_table_with_c_clients_through_our_server() -> None:
    from games.daihinmin.network import kit as uecda_kit

    try:
        uecda_kit.build_kit()
    except uecda_kit.UecdaKitError as exc:
        pytest.skip(f"the UECda kit cannot be built: {exc}")
    table = LiveTable(["c-default", "kou2", "you", "c-jn17", "default"], games=2, seed=4)
    table.start()
    answer_every_question(table, refuse_first=False)
    table.thread.join(60)  # type: ignore[union-attr]
    assert table.state == "over", table.error
    assert len(table.records) == 2
    assert [p["spec"] for p in table.summary["players"]] == table.names  # type: ignore[index]
    for record in table.records:
        assert timeline(record)["points"] == record["points"]


def test_cgt_daihinmin_web_serves_and_stops(tmp_path: Path) -> None:
    (tmp_path / "games.jsonl").write_text("".join(json.dumps(g) + "\n" for g in records(1)))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cgt.cli",
            "daihinmin",
            "web",
            "--port",
            "0",
            "--log",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("cgt daihinmin web: serving on http://127.0.0.1:")
        url = line.split()[5]
        with urllib.request.urlopen(url + "api/logs", timeout=30) as answer:
            assert json.loads(answer.read()) == {"logs": ["games.jsonl"]}
        with urllib.request.urlopen(
            url + "api/logs/game?log=games.jsonl&index=0", timeout=30
        ) as answer:
            assert len(json.loads(answer.read())["frames"]) > 0
    finally:
        process.send_signal(2)
        process.wait(timeout=30)
    bad = subprocess.run(
        [sys.executable, "-m", "cgt.cli", "daihinmin", "web", "--log", str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "no such file or folder" in bad.stderr


def test_concurrent_reads_of_a_table_are_safe() -> None:
    table = LiveTable(["default"] * 5, games=20, seed=2).start()
    seen: list[int] = []

    def read() -> None:
        while table.state in ("starting", "running"):
            seen.append(len(table.status()["events"]))

    readers = [threading.Thread(target=read) for _ in range(3)]
    for r in readers:
        r.start()
    table.thread.join(60)  # type: ignore[union-attr]
    for r in readers:
        r.join(10)
    assert table.state == "over" and len(table.records) == 20
