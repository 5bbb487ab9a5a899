"""The sweep of octal games on Dask: rows equal the one-process rows, a killed worker loses no
game, an interrupted sweep resumes from its file, and published figures and claims are checked."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

import cgt
from cgt.cli.command import main
from games.nim.octal import grundy_values_naive, octal, parse_octal
from games.nim.octal_tables import EQUIVALENCE_CLAIMS, PUBLISHED, compare, first_difference
from games.nim.sweep import THREE_DIGIT_CODES, solve, sweep

CODES = ["0.77", "0.137", "0.16", "0.6", "0.051", "4.7", "0.45"]
SMALL = {"heaps": 1 << 13, "work": 10**7}


def test_every_three_digit_code_is_listed_once() -> None:
    assert len(THREE_DIGIT_CODES) == 1023 and len(set(THREE_DIGIT_CODES)) == 1023
    assert THREE_DIGIT_CODES[0] == "0.001" and THREE_DIGIT_CODES[-1] == "4.777"


def test_rows_are_certified_or_open_and_stop_at_the_same_work() -> None:
    rows = {code: solve(code, **SMALL) for code in CODES}
    assert (rows["0.77"]["preperiod"], rows["0.77"]["period"]) == (71, 12)
    assert rows["0.6"]["status"] == "open"
    stopped = solve("0.6", heaps=1 << 14, work=2 * 10**6)
    assert stopped["status"] == "open" and stopped["heaps"] < 1 << 14
    assert stopped["work"] >= 2 * 10**6
    again = solve("0.6", heaps=1 << 14, work=2 * 10**6)  # the work does not depend on the clock
    assert (again["heaps"], again["work"]) == (stopped["heaps"], stopped["work"])
    # an open row's values are the plain mex's
    game = octal("0.6")
    assert game.sequence(300) == grundy_values_naive(parse_octal("0.6"), 300)


def test_a_sweep_on_local_workers_equals_one_process_and_resumes(tmp_path) -> None:
    path = tmp_path / "sweep.json"
    here = sweep(CODES, jobs=1, output=path, **SMALL)
    data = json.loads(path.read_text())
    assert [row["game"] for row in data["rows"]] == sorted(row["game"] for row in here)
    on_two = sweep(CODES, jobs=2, **SMALL)
    strip = ("work",)
    assert [{k: v for k, v in r.items() if k not in strip} for r in on_two] == [
        {k: v for k, v in r.items() if k not in strip} for r in here
    ]
    # resuming: the rows in the file are not computed again
    before = path.stat().st_mtime_ns
    again = sweep(CODES, jobs=1, output=path, **SMALL)
    assert again == here and path.stat().st_mtime_ns >= before


def test_a_killed_worker_loses_no_game() -> None:
    distributed = pytest.importorskip("distributed")
    codes = ["0.6", "0.16", "0.376", "0.354", "0.161", "0.36"]
    work = {"heaps": 1 << 15, "work": 3 * 10**7}
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        killed: list[int] = []

        def kill_one(finished: int, total: int) -> None:
            if finished == 1 and not killed:
                os.kill(pids[0], signal.SIGKILL)  # mid-run: the other games are in flight
                killed.append(pids[0])

        rows = sweep(codes, scheduler=cluster.scheduler_address, progress=kill_one, **work)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and pids[0] in client.run(os.getpid).values():
            time.sleep(0.2)
    assert killed
    assert [row["game"] for row in rows] == codes
    for row in rows:
        expected = dict(solve(row["game"], **work), heaps_bound=1 << 15, budget=3 * 10**7)
        assert row == expected


def test_published_figures_are_compared_by_name() -> None:
    rows = [solve(code, **SMALL) for code in ["0.77", "0.45", "0.051", "0.16"]]
    verdicts = {entry["game"]: entry["verdict"] for entry in compare(rows)}
    assert verdicts["0.77"] == "agrees"
    assert verdicts["0.45"] == "agrees"
    assert verdicts["0.16"].startswith("beyond our bound")
    assert PUBLISHED["0.16"].last_rare == 13935


@pytest.mark.parametrize(("first", "second", "claim"), EQUIVALENCE_CLAIMS)
def test_published_equivalences_checked_by_the_recursion(first, second, claim) -> None:
    heap = first_difference(first, second, 600)
    assert heap is not None, claim
    # the first difference, confirmed by the generic recursion on the positions themselves
    a, b = octal(first), octal(second)
    if heap < 40:
        assert cgt.grundy(a.position(heap)) != cgt.grundy(b.position(heap))
    expected = {"0.161": 519, "0.27": 2, "0.314": 5}
    assert heap == expected[first]


def test_the_sweep_command(tmp_path, capsys) -> None:
    out = tmp_path / "rows.json"
    argv = ["octal-sweep", "0.77", "0.6", "--heaps", "4096", "--work", "10000000",
            "--jobs", "1", "--output", str(out), "--no-progress"]  # fmt: skip
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "0.77  preperiod 71, period 12" in text and "0.6  open at" in text
    assert "1 of 2 certified" in text
    assert len(json.loads(out.read_text())["rows"]) == 2
