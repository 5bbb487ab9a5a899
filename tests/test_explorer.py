"""The explorer without a browser: written forms, the marks, the worker's bounds, the HTTP API
against malformed requests, the ``cgt explore`` command, and the import cost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import games

import cgt
from cgt.cli.rulesets import build_position, rulesets
from cgt.explorer.analysis import analyse, option_marks
from cgt.explorer.forms import Form
from cgt.explorer.jobs import Analyst, BusyError, UnknownJobError, check_request, follow
from cgt.explorer.server import ExplorerServer, ruleset_list


# --------------------------------------------------------------------------- forms and marks
@settings(max_examples=60)
@given(games())
def test_a_canonical_game_written_out_has_its_canonical_options(g: cgt.Game) -> None:
    form = Form(str(g))
    assert cgt.value(form) == g
    assert [cgt.value(o) for o in form.left_options()] == list(g.left_options)
    assert [cgt.value(o) for o in form.right_options()] == list(g.right_options)


@settings(max_examples=60)
@given(st.lists(games(4), max_size=3), st.lists(games(4), max_size=3))
def test_written_options_are_the_ones_written(left: list[cgt.Game], right: list[cgt.Game]) -> None:
    text = "{" + ", ".join(map(str, left)) + " | " + ", ".join(map(str, right)) + "}"
    form = Form(text)
    assert [cgt.value(o) for o in form.left_options()] == left
    assert [cgt.value(o) for o in form.right_options()] == right
    assert cgt.value(form) == cgt.Game(text)


@settings(max_examples=60)
@given(st.lists(games(4), min_size=1, max_size=4), st.lists(games(4), max_size=3))
def test_marks_agree_with_the_canonical_form(left: list[cgt.Game], right: list[cgt.Game]) -> None:
    """Left options neither dominated nor reversible are canonical options of G, and every
    canonical Left option of G is such an option or comes from a reversal."""
    g = cgt.Game("{" + ", ".join(map(str, left)) + " | " + ", ".join(map(str, right)) + "}")
    marks = option_marks(g, left, left=True)
    kept = {
        v
        for v, m in zip(left, marks, strict=True)
        if m["dominated_by"] is None and m["reversible_through"] is None
    }
    assert kept <= set(g.left_options)
    for v, m in zip(left, marks, strict=True):
        if m["dominated_by"] is not None:
            assert v <= left[m["dominated_by"]]
        if m["reversible_through"] is not None:
            assert cgt.Game(m["reversible_through"]) <= g
            assert cgt.Game(m["reversible_through"]) in v.right_options


def test_notation_split() -> None:
    assert Form("{2|0||-1}").left_options() == (Form("{2|0}"),)
    assert Form("{2|0||-1}").right_options() == (Form("-1"),)
    assert Form("{ | }").left_options() == ()
    assert Form("{1|0} + {0|-1}").left_options() == tuple(
        Form(str(o)) for o in cgt.Game("{1|0} + {0|-1}").left_options
    )
    assert Form("{(1), {2|1} | tiny(1)}").left_options() == (Form("(1)"), Form("{2|1}"))


def test_analyse_a_domineering_position() -> None:
    node = analyse(build_position("domineering", "..|.."))
    assert node["value"] == "±1"
    assert [o["value"] for o in node["left"]] == ["1", "1"]
    assert [o["dominated_by"] for o in node["left"]] == [None, 0]  # equal: the first is kept
    assert node["thermograph_svg"].startswith("<svg")
    assert node["picture"].startswith("<svg")


@pytest.mark.parametrize(
    "name",
    [
        "amazons",
        "clobber",
        "col",
        "cram",
        "domineering",
        "hackenbush",
        "konane",
        "ski-jumps",
        "snort",
        "toads-and-frogs",
    ],
)
def test_options_text_rebuilds_the_option(name: str) -> None:
    """The explorer names an option by its text: each ruleset reads it back as the same
    position (what following an option in the page and going back rely on)."""
    samples = {
        "amazons": "x..|.o.",
        "clobber": "xo.|oxo",
        "col": "...|.x.",
        "cram": "...|..#",
        "domineering": "...|...",
        "hackenbush": "L(R,G) RL",
        "konane": "xo.|.ox",
        "ski-jumps": "L..|.R.|...",
        "snort": "..o|...",
        "toads-and-frogs": "TT.F.F",
    }
    position = build_position(name, samples[name])
    options = [*cgt.left_options_of(position), *cgt.right_options_of(position)]
    assert options
    for option in options:
        assert cgt.value(build_position(name, str(option))) == cgt.value(option)


def test_every_ruleset_is_listed_with_an_editor() -> None:
    listed = {r["name"]: r for r in ruleset_list()}
    assert set(listed) == set(rulesets())
    kinds = {name: (r.get("editor") or {}).get("kind") for name, r in listed.items()}
    assert kinds["hackenbush"] == "forest"
    assert kinds["toads-and-frogs"] == "strip"
    assert {
        kinds[n] for n in ("amazons", "clobber", "col", "cram", "domineering", "konane", "snort")
    } == {"grid"}


# --------------------------------------------------------------------------- the worker
class Slow:
    """A position whose options take a minute to list."""

    def left_options(self) -> tuple[Any, ...]:
        time.sleep(60)
        return ()

    def right_options(self) -> tuple[Any, ...]:
        return ()


class Greedy:
    """A position whose options need far more memory than the worker may have."""

    def left_options(self) -> tuple[Any, ...]:
        hoard = [bytearray(2**24) for _ in range(1000)]  # 16 GiB
        return (len(hoard),)

    def right_options(self) -> tuple[Any, ...]:
        return ()


def test_a_computation_is_stopped_at_the_time_limit() -> None:
    with Analyst(time_limit=1, root=Slow()) as analyst:
        job = analyst.wait(analyst.submit(None, "", on_root=True).id, timeout=60)
        assert job.state == "failed"
        assert job.error == "stopped after 1 s, the time limit (cgt explore --time-limit)"
        after = analyst.wait(analyst.submit(None, "{1|-1}").id, timeout=60)  # a new worker
        assert after.state == "done" and after.result is not None, after.error
        assert after.result["value"] == "±1"


def test_a_computation_is_stopped_at_the_memory_limit() -> None:
    with Analyst(memory_limit=512 * 2**20, root=Greedy()) as analyst:
        job = analyst.wait(analyst.submit(None, "", on_root=True).id, timeout=120)
        assert job.state == "failed"
        assert job.error is not None and job.error.startswith("ran out of memory")
        assert "512 MiB" in job.error
        after = analyst.wait(analyst.submit(None, "*2").id, timeout=60)
        assert after.state == "done"


def test_cancel_running_and_waiting_jobs_and_the_queue_bound() -> None:
    with Analyst(max_queue=2, root=Slow()) as analyst:
        running = analyst.submit(None, "", on_root=True)
        deadline = time.monotonic() + 30
        while analyst.job(running.id).state != "running" and time.monotonic() < deadline:
            time.sleep(0.05)
        waiting = analyst.submit(None, "1")
        other = analyst.submit(None, "2")
        with pytest.raises(BusyError):
            analyst.submit(None, "3")
        assert analyst.cancel(waiting.id).state == "cancelled"
        analyst.cancel(running.id)
        assert analyst.wait(running.id, timeout=30).state == "cancelled"
        assert analyst.wait(other.id, timeout=60).state == "done"
        again = analyst.submit(None, "2")  # answered from the cache
        assert again.state == "done" and again.result == analyst.job(other.id).result
        with pytest.raises(UnknownJobError):
            analyst.job("j999")


def test_requests_are_checked() -> None:
    with pytest.raises(cgt.InvalidArgumentError, match="position: a string"):
        check_request(None, 5, [])
    with pytest.raises(cgt.InvalidArgumentError, match="at most 10000 characters"):
        check_request(None, "1" * 10_001, [])
    with pytest.raises(cgt.InvalidArgumentError, match=r"each move is \['L' or 'R', index\]"):
        check_request(None, "1", [["X", 0]])
    with pytest.raises(cgt.InvalidArgumentError, match="Right has 2 options, no option 2"):
        follow(build_position("domineering", "..|.."), [("R", 2)])


def test_the_widget_answers_its_script() -> None:
    from cgt.explorer.widget import Explorer

    class Stairs:
        def __init__(self, n: int) -> None:
            self.n = n

        def left_options(self) -> tuple[Any, ...]:
            return (Stairs(self.n - 1),) if self.n else ()

        def right_options(self) -> tuple[Any, ...]:
            return ()

        def __str__(self) -> str:
            return f"stairs {self.n}"

    widget = Explorer(Stairs(3))
    try:
        assert widget.fixed and widget.position == "stairs 3"
        reply = widget.handle({"request": 7, "call": "analyse", "args": {"path": [["L", 0]]}})
        assert reply["reply"] == 7 and reply["ok"]
        job = widget.analyst.wait(reply["data"]["id"], timeout=60).to_json()
        assert job["result"]["value"] == "2"
        assert job["result"]["path"] == ["stairs 2"]
        assert widget.handle({"request": 8, "call": "nonsense"}) == {
            "reply": 8,
            "ok": False,
            "error": "unknown call 'nonsense'",
        }
        listed = widget.handle({"request": 9, "call": "rulesets"})["data"]
        assert "domineering" in [r["name"] for r in listed]
        assert "export default" in widget._esm and "mountExplorer" in widget._esm
    finally:
        widget.close()


# --------------------------------------------------------------------------- HTTP
@pytest.fixture(scope="module")
def server() -> Iterator[ExplorerServer]:
    with ExplorerServer(time_limit=60) as running:
        running.start()
        yield running


def request(server: ExplorerServer, path: str, body: bytes | None = None) -> tuple[int, Any]:
    req = urllib.request.Request(
        server.url + path.lstrip("/"),
        data=body,
        method="POST" if body is not None else "GET",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_api_answers_a_position(server: ExplorerServer) -> None:
    status, job = request(
        server,
        "/api/analyse",
        json.dumps({"game": "domineering", "position": "..|..", "path": [["L", 0]]}).encode(),
    )
    assert status in (200, 202)
    deadline = time.monotonic() + 60
    while job["state"] not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.1)
        status, job = request(server, f"/api/jobs/{job['id']}")
    assert job["state"] == "done"
    assert job["result"]["value"] == "1" and job["result"]["path"] == ["#.|#."]


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        (b"not json", 400, "the body is not JSON"),
        (b"[1, 2]", 400, "the body is a JSON object"),
        (b'{"position": 1}', 400, "position: a string"),
        (b'{"position": "1", "colour": "red"}', 400, "unknown fields: colour"),
        (b'{"position": "1", "path": [["L", "x"]]}', 400, "each move is"),
        (b'{"position": "1", "game": "chess"}', 202, None),
        (b"x" * 70_000, 413, "the request body is over 65536 bytes"),
    ],
)
def test_malformed_requests_get_errors(
    server: ExplorerServer, body: bytes, status: int, error: str | None
) -> None:
    got, answer = request(server, "/api/analyse", body)
    if error is None:  # an unknown ruleset fails its job with the CLI's message
        job = answer
        while job["state"] not in ("done", "failed"):
            time.sleep(0.1)
            job = request(server, f"/api/jobs/{job['id']}")[1]
        assert job["state"] == "failed"
        assert job["error"].startswith("no ruleset is named 'chess'; the rulesets are: amazons")
        return
    assert got == status
    assert error in answer["error"]


def test_unknown_jobs_and_files_are_not_found(server: ExplorerServer) -> None:
    assert request(server, "/api/jobs/j12345") == (
        404,
        {"error": "no job 'j12345' (finished jobs are forgotten after a while)"},
    )
    for path in (
        "/static/../jobs.py",
        "/static/%2e%2e/jobs.py",
        "/static/..%2fjobs.py",
        "/nothing",
    ):
        status, answer = request(server, path)
        assert status == 404, path
        assert "error" in answer
    status, rulesets_answer = request(server, "/api/rulesets")
    assert status == 200 and len(rulesets_answer) == len(rulesets())


# --------------------------------------------------------------------------- the command
def cgt_command(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cgt.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


def test_cgt_explore_refuses_bad_input_as_cgt_value_does() -> None:
    explore = cgt_command("explore", "--game", "domineering", "..|.z", "--port", "0")
    value = cgt_command("value", "--game", "domineering", "..|.z")
    assert explore.returncode == value.returncode == 2
    assert explore.stderr.replace("cgt explore", "cgt value") == value.stderr
    unknown = cgt_command("explore", "--game", "chess", "x")
    assert unknown.returncode == 2 and "no ruleset is named 'chess'" in unknown.stderr
    taken = cgt_command("explore", "--port", "70000")
    assert taken.returncode == 2 and "--port must be 0..65535" in taken.stderr


def test_cgt_explore_serves_on_loopback_and_stops_on_ctrl_c() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cgt.cli", "explore", "{2|-1}", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("cgt explore: serving on http://127.0.0.1:")
        url = line.split()[4]
        assert url.endswith("/#game=&position=%7B2%7C-1%7D")
        with urllib.request.urlopen(url.split("#")[0], timeout=30) as page:
            assert b"<title>cgt explore</title>" in page.read()
    finally:
        process.send_signal(2)
        process.wait(timeout=30)
    assert process.returncode in (0, 130)


def test_the_web_framework_is_imported_only_by_cgt_explore() -> None:
    code = (
        "import sys; from cgt.cli.command import main; main(['value', '1']); "
        "print(sorted(m for m in ('starlette', 'uvicorn', 'anywidget') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
