"""The parallel runner (`cgt.runner`) and ``cgt verify --jobs/--scheduler``, with real parts: a
Dask LocalCluster, and a real ``dask scheduler`` with two ``dask worker`` processes on
127.0.0.1 (one of them killed mid-run).

The claims below are registered when this module is imported, so worker processes (which import
it too: it is on their ``PYTHONPATH``) find them by name; they are split into parts
(``parts=3``), so that merging the parts is checked against the run in one process.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

import cgt
from cgt.cli import command as cli
from cgt.cli import verify as verify_command
from cgt.core.runner import Chunk, DaskMissingError, RunInterrupted, run_chunks, seeded_chunks
from cgt.verification import claim as claim_module
from cgt.verification import registry
from cgt.verification.registry import ClaimChunk, ClaimsInterrupted

HERE = Path(__file__).resolve().parent
GAME = "runner test: subtraction {1,2}"


@cgt.impartial_game
def Take12(n: int) -> list[int]:
    """Take 1 or 2 counters: g(n) = n mod 3."""
    return [n - k for k in (1, 2) if k <= n]


@cgt.impartial_game
def Loop(n: int) -> list[int]:
    """Take 1 or 2, except that heap 40 moves to itself (a loop: grundy raises)."""
    return [40] if n == 40 else [n - k for k in (1, 2) if k <= n]


def _take12(size: int) -> Iterator[Any]:
    return map(Take12, range(size))


def _mod3(position: Any) -> int:
    return position.n % 3


def _wrong_from_17(position: Any) -> int:  # fails at 17 (part 2 of 3), 22 (part 1), 24...
    n = position.n
    return n % 3 if n < 17 or n in (18, 19, 20, 21, 23) else 5


def _loops_at_40(size: int) -> Iterator[Any]:
    return map(Loop, range(size))


HOLDS = cgt.register_claim(
    game=GAME,
    claim="g(n) = n mod 3, split in 3 parts with a random search",
    source="test",
    family=_take12,
    quick=100,
    full=200,
    fast=_mod3,
    strategy=lambda: st.builds(Take12, st.integers(0, 300)),
    max_examples=(30, 30),
    parts=3,
)
FAILS = cgt.register_claim(
    game=GAME,
    claim="g(n) = n mod 3 (a planted error from 17), split in 3 parts",
    source="test",
    family=_take12,
    quick=100,
    full=100,
    fast=_wrong_from_17,
    parts=3,
    expect="refuted",
)
FAILS_BEFORE_RAISING = cgt.register_claim(
    game=GAME,
    claim="a failure at 17 comes before the loop at 40 (in another part)",
    source="test",
    family=_loops_at_40,
    quick=60,
    full=60,
    fast=_wrong_from_17,
    parts=2,
    expect="refuted",
)
RAISES = cgt.register_claim(
    game=GAME,
    claim="the loop at 40 is reached (no failure before it)",
    source="test",
    family=_loops_at_40,
    quick=60,
    full=60,
    fast=_mod3,
    parts=4,
)
SPLIT = [HOLDS, FAILS, FAILS_BEFORE_RAISING]


def _comparable(run: registry.ClaimRun) -> dict[str, Any]:
    data = run.to_json()
    for timing in ("fast_seconds", "reference_seconds", "seconds"):
        del data[timing]
    return data


def _one_process(claims: list[cgt.Claim]) -> list[dict[str, Any]]:
    return [_comparable(run) for run in cgt.run_claims(claims, quick=True, jobs=1)]


# ----------------------------------------------------------------------------- chunks


def test_seeded_chunks_cut_by_total_and_size_only() -> None:
    chunks = seeded_chunks(1000, 100, seed=42)
    assert len(chunks) == 10
    assert [c.index for c in chunks] == list(range(10))
    assert chunks[3] == Chunk(3, 42, 300, 400)
    assert [i for c in chunks for i in c.items] == list(range(1000))
    assert seeded_chunks(0, 5) == []
    assert seeded_chunks(3, 5) == [Chunk(0, 0, 0, 3)]
    with pytest.raises(cgt.InvalidArgumentError, match="size must be at least 1"):
        seeded_chunks(10, 0)
    with pytest.raises(cgt.WrongTypeError, match="total is an int"):
        seeded_chunks(10.0, 5)  # type: ignore[arg-type]


def test_in_process_run_keeps_order_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    result = run_chunks(
        _chunk_sum, seeded_chunks(10, 3), jobs=1, progress=lambda *a: seen.append(a)
    )
    assert result == [0 + 1 + 2, 3 + 4 + 5, 6 + 7 + 8, 9]
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert run_chunks(_chunk_sum, [], jobs=4) == []
    with pytest.raises(cgt.InvalidArgumentError, match="jobs is a positive int"):
        run_chunks(_chunk_sum, [], jobs=0)


def test_ctrl_c_in_process_reports_the_finished_chunks() -> None:
    def stop_at_third(chunk: Chunk) -> int:
        if chunk.index == 2:
            raise KeyboardInterrupt
        return chunk.index * 10

    with pytest.raises(RunInterrupted) as stop:
        run_chunks(stop_at_third, seeded_chunks(50, 10), jobs=1)
    assert stop.value.finished == {0: 0, 1: 10}
    assert stop.value.total == 5
    assert isinstance(stop.value, KeyboardInterrupt)


def _chunk_sum(chunk: Chunk) -> int:
    return sum(chunk.items)


# ----------------------------------------------------------------------------- claims in parts


def test_claims_of_an_imported_module_can_travel_those_of_a_function_cannot() -> None:
    assert registry._ORIGINS[GAME, HOLDS.claim] == __name__
    assert registry._chunks_of(HOLDS, True) == [
        ClaimChunk(__name__, GAME, HOLDS.claim, True, part, 3) for part in range(4)
    ]
    assert len(registry._chunks_of(FAILS, False)) == 3  # no strategy: no random part
    local = cgt.Claim(game="g", claim="c", source="s", family=_take12, quick=1, full=1, fast=_mod3)
    with pytest.raises(registry.ClaimNotFoundError, match="'c' of 'g' is not registered"):
        registry._run_chunk(ClaimChunk(None, "g", "c", True))
    assert local.parts == 1


def test_parts_merged_in_this_process_equal_the_whole_run() -> None:
    merged = registry._run_in_chunks(SPLIT, True, 1, None, None)
    assert [_comparable(run) for run in merged] == _one_process(SPLIT)
    holds, fails, fails_first = merged
    assert (holds.status, holds.result.exhaustive, holds.result.random) == ("holds", 100, 30)
    assert (fails.status, fails.result.checked, fails.result.counterexample) == (
        "refuted",
        18,
        Take12(17),
    )
    assert (fails.result.expected, fails.result.actual) == (2, 5)
    assert (fails_first.status, fails_first.result.counterexample) == ("refuted", Loop(17))


def test_an_error_in_a_part_is_raised_as_in_one_process() -> None:
    with pytest.raises(cgt.LoopyGameError, match=r"Loop\(40\) can be reached from itself"):
        RAISES.run(quick=True)
    with pytest.raises(cgt.LoopyGameError, match=r"Loop\(40\) can be reached from itself"):
        registry._run_in_chunks([RAISES], True, 1, None, None)


def _bad_closed_form(position: Any) -> int:
    raise cgt.ClosedFormError("a planted malformed closed form")


BAD_WHOLE = cgt.register_claim(
    game=GAME,
    claim="a malformed closed form, in one chunk",
    source="test",
    family=_take12,
    quick=5,
    full=5,
    fast=_bad_closed_form,
)


def test_the_first_claim_that_raises_is_raised_as_in_one_process() -> None:
    """RAISES (in parts) comes first: its error wins over the later claim's, wherever the
    chunks ran and whichever failed first."""
    for claims in ([RAISES, BAD_WHOLE], [BAD_WHOLE, RAISES]):
        with pytest.raises(cgt.CGTError) as whole:
            cgt.run_claims(claims, quick=True, jobs=1)
        with pytest.raises(cgt.CGTError) as chunked:
            registry._run_in_chunks(claims, True, 1, None, None)
        assert type(chunked.value) is type(whole.value)
        assert str(chunked.value) == str(whole.value)


def test_the_random_search_is_seeded_by_the_claim() -> None:
    first, second = HOLDS.run(quick=True), HOLDS.run(quick=True)
    assert first.result.random == second.result.random == 30
    assert HOLDS.seed == HOLDS.seed and HOLDS.seed != FAILS.seed


def test_ctrl_c_in_cgt_verify_prints_the_claims_finished(monkeypatch, capsys) -> None:
    monkeypatch.setattr(claim_module, "_REGISTRY", [])
    monkeypatch.setattr(cli, "load_plugins", lambda: {})
    monkeypatch.setattr(verify_command, "load_plugins", lambda: {})

    def interrupt(position: Any) -> int:
        raise KeyboardInterrupt

    cgt.register_claim(
        game="first", claim="c", source="s", family=_take12, quick=5, full=5, fast=_mod3
    )
    cgt.register_claim(
        game="second", claim="c", source="s", family=_take12, quick=5, full=5, fast=interrupt
    )
    assert cli.main(["verify", "--quick", "--jobs", "1"]) == 130
    out, err = capsys.readouterr()
    assert "first" in out and "second" not in out
    assert "cgt verify: interrupted; 1 of 2 claims finished (first 1)" in err
    assert cli.main(["verify", "--quick", "--jobs", "1", "--json"]) == 130
    data = json.loads(capsys.readouterr().out)
    assert data["interrupted"] is True
    finished = [(c["game"], c["status"], c["checked"]) for c in data["claims"]]
    assert finished == [("first", "holds", 5)]
    with pytest.raises(ClaimsInterrupted) as stop:
        cgt.run_claims(quick=True)
    assert [run.claim.game for run in stop.value.runs] == ["first"]


# ----------------------------------------------------------------------------- a LocalCluster


def test_local_cluster_gives_the_one_process_result() -> None:
    """Two local worker processes, started for the run."""
    runs = cgt.run_claims(SPLIT, quick=True, jobs=2)
    assert [_comparable(run) for run in runs] == _one_process(SPLIT)


def test_cli_options_are_validated(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["verify", "--jobs", "0"])
    assert "expected a positive integer, got 0" in capsys.readouterr().err
    assert cli.main(["verify", "--quick", "--game", "Kayles", "--scheduler", "nonsense"]) == 2
    assert "scheduler address 'nonsense' is not host:port" in capsys.readouterr().err
    with pytest.raises(cgt.InvalidArgumentError, match=r"'tcp://127\.0\.0\.1:x' is not host:port"):
        run_chunks(_chunk_sum, [], scheduler="tcp://127.0.0.1:x")


# ----------------------------------------------------------------------------- a real cluster


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    return env


def _start(arguments: list[str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        arguments,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env=_environment(),
        cwd=log.parent,
        start_new_session=True,
    )


def _wait_for_workers(address: str, count: int, deadline: float) -> None:
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:
        client.wait_for_workers(count, timeout=max(1.0, deadline - time.monotonic()))


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A real ``dask scheduler`` and two ``dask worker`` processes (no nanny: a killed worker
    stays dead) on 127.0.0.1; torn down at the end."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start(
        [
            sys.executable,
            "-m",
            "dask",
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-dashboard",
        ],
        tmp_path / "scheduler.log",
    )
    workers = [
        _start(
            [
                sys.executable,
                "-m",
                "dask",
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                f"worker-{i}",
                "--local-directory",
                str(tmp_path),
            ],
            tmp_path / f"worker-{i}.log",
        )
        for i in range(2)
    ]
    processes = [scheduler, *workers]
    try:
        _wait_for_workers(address, 2, time.monotonic() + 40)
        yield address, workers
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _cgt_verify(*options: str) -> dict[str, Any]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cgt",
            "verify",
            "--quick",
            "--game",
            "temperature",
            "--json",
            *options,
        ],
        capture_output=True,
        text=True,
        env=_environment(),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    for claim in data["claims"]:
        for timing in ("fast_seconds", "reference_seconds", "seconds"):
            del claim[timing]
    return data


def test_a_real_cluster_gives_the_one_process_result_and_survives_a_killed_worker(
    dask_cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    address, workers = dask_cluster
    # cgt verify on the cluster: the same table and counterexamples as in one process.
    on_cluster = _cgt_verify("--scheduler", address)
    assert on_cluster == _cgt_verify("--jobs", "1")
    statuses = [claim["status"] for claim in on_cluster["claims"]]
    assert statuses == ["holds", "holds", "holds", "refuted", "holds", "holds"]
    assert (
        on_cluster["claims"][3]["counterexample"] == "(Game('*'), Game('{*|-1}'), Fraction(-1, 1))"
    )

    # Claims split in parts, sent by name to workers that import this module.
    runs = cgt.run_claims(SPLIT, quick=True, scheduler=address)
    assert [_comparable(run) for run in runs] == _one_process(SPLIT)
    with pytest.raises(cgt.LoopyGameError, match=r"Loop\(40\) can be reached"):  # pickled back
        cgt.run_claims([HOLDS, RAISES], quick=True, scheduler=address)

    # The standard Dask configuration names the cluster when neither jobs nor scheduler do.
    import dask.config

    with dask.config.set({"scheduler-address": address}):
        pids = {pid for _, _, pid in run_chunks(_logged_chunk, [(Chunk(0, 0, 0, 1), os.devnull)])}
    assert pids <= {worker.pid for worker in workers}

    # Ctrl-C (here: raised by the progress callback, in the main thread) stops the run.
    def interrupt(finished: int, total: int) -> None:
        if finished == 2:
            raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as stop:
        run_chunks(_chunk_sum, seeded_chunks(40, 2), scheduler=address, progress=interrupt)
    assert len(stop.value.finished) == 2 and stop.value.total == 20
    assert all(
        value == sum(seeded_chunks(40, 2)[i].items) for i, value in stop.value.finished.items()
    )

    # A worker killed mid-run loses no chunk: every chunk's result, each once, in order.
    log = tmp_path / "chunks.log"
    victim = workers[0].pid
    killed: list[int] = []

    def kill_mid_chunk(finished: int, total: int) -> None:
        """After 3 chunks, kill the first worker while it is in the middle of a chunk."""
        if finished >= 3 and not killed:
            mine = [line for line in log.read_text().splitlines() if line.endswith(f" {victim}")]
            if mine and mine[-1].startswith("start"):
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

    chunks = seeded_chunks(160, 10)
    results = run_chunks(
        _logged_chunk, [(c, str(log)) for c in chunks], scheduler=address, progress=kill_mid_chunk
    )
    assert [(i, s) for i, s, _ in results] == [(c.index, sum(c.items)) for c in chunks]
    assert killed and workers[0].wait(timeout=10) == -signal.SIGKILL
    events = [line.split() for line in log.read_text().splitlines()]
    started = {int(i) for event, i, pid in events if event == "start" and int(pid) == victim}
    ended = {int(i) for event, i, pid in events if event == "end" and int(pid) == victim}
    lost = started - ended
    assert lost, "the killed worker was in the middle of a chunk"
    assert all(pid == workers[1].pid for i, _, pid in results if i in lost)  # done again
    assert {pid for _, _, pid in results} <= {victim, workers[1].pid}
    # Chunks run again: the lost ones, and finished ones whose result was still held by the
    # killed worker (a worker keeps results until they are fetched); each is counted once.
    starts = [int(i) for event, i, _ in events if event == "start"]
    assert sorted(set(starts)) == list(range(len(chunks)))
    assert len(starts) >= len(chunks) + len(lost)


def _logged_chunk(item: tuple[Chunk, str]) -> tuple[int, int, int]:
    """A chunk that takes a while, logging its start and end: (index, sum, worker pid)."""
    chunk, log = item
    with Path(log).open("a") as out:
        out.write(f"start {chunk.index} {os.getpid()}\n")
    time.sleep(0.3)
    with Path(log).open("a") as out:
        out.write(f"end {chunk.index} {os.getpid()}\n")
    return chunk.index, sum(chunk.items), os.getpid()


def test_without_dask_the_default_runs_here_and_workers_are_refused(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if Dask were not installed
    assert run_chunks(_chunk_sum, seeded_chunks(6, 2)) == [1, 5, 9]
    runs = cgt.run_claims(SPLIT, quick=True, jobs=None)
    assert [_comparable(run) for run in runs] == _one_process(SPLIT)
    with pytest.raises(DaskMissingError, match=r"pip install 'cgt-games\[dask\]'"):
        run_chunks(_chunk_sum, seeded_chunks(6, 2), jobs=2)
    with pytest.raises(DaskMissingError):
        run_chunks(_chunk_sum, [], scheduler="tcp://127.0.0.1:8786")
