"""Scheduling ``cgt verify`` on workers: the longest chunks first, from the chunks' times of
earlier runs (a small JSON file in the user's cache directory), with the same results whatever
the order; and `run_claims` refusing bad arguments with named errors before any work.

The cluster is a LocalCluster of one worker thread in this process (quick to start): with one
worker, the chunks start exactly in the order of their priorities.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.cli import command as cli
from cgt.cli import verify as verify_command
from cgt.core.runner import run_chunks
from cgt.verification import _chunks, plugins
from cgt.verification import claim as claim_module
from cgt.verification import registry as registry_module
from cgt.verification._chunks import (
    ClaimChunk,
    _bundles,
    _load_timings,
    _priorities,
    _store_timings,
    _timing_key,
)
from cgt.verification.registry import GameNotFoundError

GAME = "scheduling test: take 1 or 2"


@cgt.impartial_game
def Take12(n: int) -> list[int]:
    """Take 1 or 2 counters: g(n) = n mod 3."""
    return [n - k for k in (1, 2) if k <= n]


def _take12(size: int) -> Iterator[Any]:
    return map(Take12, range(size))


def _mod3(position: Any) -> int:
    return position.n % 3


def _wrong_from_20(position: Any) -> int:
    return position.n % 3 if position.n < 20 else 7


CLAIMS = [
    cgt.Claim(
        game=GAME, claim=f"g(n) = n mod 3 up to {n}", source="test", family=_take12, quick=n,
        full=n, fast=_mod3,
    )
    for n in (30, 60, 90)
] + [
    cgt.Claim(
        game=GAME, claim="a planted error from 20, in 3 parts", source="test", family=_take12,
        quick=50, full=50, fast=_wrong_from_20, parts=3, expect="refuted",
    ),
    cgt.Claim(
        game="scheduling test: other", claim="g(n) = n mod 3 (other game)", source="test",
        family=_take12, quick=40, full=40, fast=_mod3,
    ),
]  # fmt: skip


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[cgt.Claim]:
    """The claims above as the whole registry, found by workers in this module; the timings
    file in a temporary directory."""
    monkeypatch.setattr(claim_module, "_REGISTRY", list(CLAIMS))
    monkeypatch.setattr(cli, "load_plugins", lambda: {})
    monkeypatch.setattr(verify_command, "load_plugins", lambda: {})
    monkeypatch.setattr(plugins, "_ERRORS", {})
    for claim in CLAIMS:
        monkeypatch.setitem(claim_module._ORIGINS, (claim.game, claim.claim), __name__)
    monkeypatch.setattr(_chunks, "_timings_path", lambda: tmp_path / "timings.json")
    return list(CLAIMS)


@pytest.fixture(scope="module")
def one_worker() -> Iterator[str]:
    """The address of a LocalCluster of one worker thread (in this process)."""
    import dask.config
    from distributed import LocalCluster

    with (
        dask.config.set({"distributed.scheduler.worker-saturation": 1.0}),
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
    ):
        yield cluster.scheduler_address


def _comparable(runs: list[cgt.ClaimRun]) -> list[dict[str, Any]]:
    drop = ("fast_seconds", "reference_seconds", "seconds")
    return [{k: v for k, v in run.to_json().items() if k not in drop} for run in runs]


def _started(chunk: int) -> tuple[int, float]:
    return chunk, time.perf_counter()


# ----------------------------------------------------------------------------- priorities


def test_longest_chunks_come_first_and_untimed_ones_before_them() -> None:
    chunks = [ClaimChunk(None, "g", f"c{i}", False, size=10) for i in range(5)]
    times = {_timing_key(chunks[0]): 1.0, _timing_key(chunks[1]): 30.0}
    times[_timing_key(chunks[3])] = 5.0
    # c2 and c4 never timed: first (in chunk order), then c1 (30 s), c3 (5 s), c0 (1 s)
    assert _priorities(chunks, times) == [1, 3, 5, 2, 4]
    assert _priorities(chunks, {}) == [5, 4, 3, 2, 1]  # no history: the registration order
    assert _priorities([], {}) == []


def test_a_part_is_expected_to_take_its_share_of_the_whole_claim() -> None:
    whole = ClaimChunk(None, "g", "split", True, size=50)
    other = ClaimChunk(None, "g", "other", True, size=50)
    parts = [ClaimChunk(None, "g", "split", True, part, 4, 50) for part in range(5)]
    times = {_timing_key(whole): 10.0, _timing_key(other): 3.0}
    # the other claim (3 s) before the parts (10 s / 4 = 2.5 s each)
    assert _priorities([other, *parts], times) == [6, 5, 4, 3, 2, 1]
    times[_timing_key(other)] = 2.0  # now after them
    assert _priorities([other, *parts], times) == [1, 6, 5, 4, 3, 2]
    assert _timing_key(whole) != _timing_key(ClaimChunk(None, "g", "split", True, size=51))
    assert _timing_key(whole) != _timing_key(ClaimChunk(None, "g", "split", False, size=50))


def test_run_chunks_starts_the_highest_priority_first(one_worker: str) -> None:
    priorities = [3, 9, 1, 7, 5, 2]
    results = run_chunks(_started, range(6), scheduler=one_worker, priorities=priorities)
    assert [chunk for chunk, _ in results] == list(range(6))  # results in chunk order
    started = [chunk for chunk, _ in sorted(results, key=lambda r: r[1])]
    assert started == [1, 3, 4, 0, 5, 2]
    assert run_chunks(_started, [4, 5], jobs=1, priorities=[0, 1])[0][0] == 4  # in order here
    with pytest.raises(cgt.InvalidArgumentError, match="2 priorities for 3 chunks"):
        run_chunks(_started, [1, 2, 3], jobs=1, priorities=[1, 2])
    with pytest.raises(cgt.WrongTypeError, match=r"a priority is an int, got 1\.5"):
        run_chunks(_started, [1], jobs=1, priorities=[1.5])  # type: ignore[list-item]
    with pytest.raises(cgt.WrongTypeError, match="priorities is a sequence of ints"):
        run_chunks(_started, [1], jobs=1, priorities=5)  # type: ignore[arg-type]


def test_the_order_of_the_chunks_does_not_change_the_results(
    registry: list[cgt.Claim], one_worker: str, tmp_path: Path
) -> None:
    expected = _comparable(cgt.run_claims(quick=True, jobs=1))  # stores the claims' times
    assert expected[3]["status"] == "refuted" and expected[3]["counterexample"] == "Take12(20)"
    stored = _load_timings(tmp_path / "timings.json")
    assert len(stored) == len(registry)
    for reverse in (False, True):  # the shortest claims first, then the longest first
        ranked = sorted(stored, key=stored.__getitem__, reverse=reverse)
        _store_timings({key: float(rank) for rank, key in enumerate(ranked)})
        runs = cgt.run_claims(quick=True, scheduler=one_worker)
        assert _comparable(runs) == expected
    chunk_keys = set(_load_timings(tmp_path / "timings.json"))
    parts = [_timing_key(c) for c in _chunks._chunks_of(registry[3], True, 50)]
    assert len(parts) == 3 and set(parts) <= chunk_keys  # the workers' times, per part


def test_the_claims_of_a_game_go_together_in_bundles(
    registry: list[cgt.Claim], one_worker: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = _comparable(cgt.run_claims(quick=True, jobs=1))
    chunks = [c for claim in registry for c in _chunks._chunks_of(claim, True, claim.quick)]
    times = dict.fromkeys(map(_timing_key, chunks), 1.0)  # each part 1 s, the whole claim 1 s
    assert len(chunks) == 7
    assert _bundles(chunks, times, workers=None) == ([[i] for i in range(7)], [7, 6, 5, 4, 3, 2, 1])
    assert _bundles(chunks, times, workers=1)[0] == [[i] for i in range(7)]
    assert _bundles(chunks, {}, workers=2)[0] == [[i] for i in range(7)]  # nothing timed
    # the game whole (3 s, then the parts and the other game: 3 | 1 + 1 + 1, then 1) ends at
    # 4 s, as one claim per bundle does: whole
    whole = [[0, 1, 2], [3], [4], [5], [6]]
    assert _bundles(chunks, times, workers=2) == (whole, [5, 4, 3, 2, 1])
    # its claims of 3 s each: whole 9 | 4 ends at 9 s; in bundles of at most a share (6.5 s),
    # 3 + 3 | 3 + 1 + 1 + 1, then 1, at 7 s: cut (a quarter share, 3.25 s, ends at 7 s too)
    times.update(dict.fromkeys(map(_timing_key, chunks[:3]), 3.0))
    assert _bundles(chunks, times, workers=2)[0] == [[0, 1], [2], [3], [4], [5], [6]]
    _store_timings(times)
    seen: list[list[list[int]]] = []

    def two_workers(chunks: Any, timings: Any, workers: Any) -> Any:
        seen.append(_bundles(chunks, timings, 2)[0])
        return _bundles(chunks, timings, 2)

    monkeypatch.setattr(registry_module, "_bundles", two_workers)
    assert _comparable(cgt.run_claims(quick=True, scheduler=one_worker)) == expected
    assert seen == [[[0, 1], [2], [3], [4], [5], [6]]]


# ----------------------------------------------------------------------------- the timings file


def test_a_missing_or_corrupt_timings_file_is_no_history(tmp_path: Path) -> None:
    path = tmp_path / "timings.json"
    assert _load_timings(path) == {}
    for text in ("{not json", "[1, 2]", '{"cpu_seconds": 3}', '{"seconds": {}}', "\xff", ""):
        path.write_text(text, encoding="latin-1")
        assert _load_timings(path) == {}
    path.write_text(
        json.dumps({"cpu_seconds": {"a": 1.5, "b": "x", "c": -1, "d": True, "e": 2, "f": None}})
    )
    assert _load_timings(path) == {"a": 1.5, "e": 2.0}
    _store_timings({"g": 0.25}, path)  # a corrupt entry is dropped, the others kept
    assert _load_timings(path) == {"a": 1.5, "e": 2.0, "g": 0.25}


def test_the_timings_file_keeps_the_newest_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deep" / "dir" / "timings.json"  # created when needed
    monkeypatch.setattr(_chunks, "_TIMINGS_KEPT", 3)
    _store_timings({"a": 1.0, "b": 2.0}, path)
    _store_timings({"c": 3.0, "a": 4.0}, path)
    _store_timings({"d": 5.0}, path)
    assert _load_timings(path) == {"c": 3.0, "a": 4.0, "d": 5.0}
    assert list(tmp_path.rglob("*.tmp")) == []
    blocked = tmp_path / "file"
    blocked.write_text("")
    _store_timings({"a": 1.0}, blocked / "timings.json")  # cannot be written: left alone


def test_a_corrupt_cache_is_ignored_by_a_run(registry: list[cgt.Claim], tmp_path: Path) -> None:
    (tmp_path / "timings.json").write_text("{corrupt")
    runs = cgt.run_claims(quick=True, jobs=1)
    assert [run.status for run in runs] == ["holds", "holds", "holds", "refuted", "holds"]
    assert len(_load_timings(tmp_path / "timings.json")) == 5  # rewritten whole


def test_no_timings_are_read_or_stored_when_asked(
    registry: list[cgt.Claim], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cgt.run_claims(quick=True, jobs=1, timings=False)
    assert not (tmp_path / "timings.json").exists()
    assert (
        cli.main(["verify", "--quick", "--no-timings-cache", "--game", "scheduling test: o"]) == 0
    )
    assert "1 claim: 1 hold" in capsys.readouterr().out
    assert not (tmp_path / "timings.json").exists()
    assert cli.main(["verify", "--quick", "--game", "scheduling test: o"]) == 0
    assert len(_load_timings(tmp_path / "timings.json")) == 1


# ----------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"games": 5}, cgt.WrongTypeError, "games is one or an iterable of game names, got 5"),
        ({"games": [5]}, cgt.WrongTypeError, "games holds game names only, got 5"),
        ({"games": ["no such game"]}, GameNotFoundError, "no registered game is named"),
        ({"games": "scheduling"}, GameNotFoundError, "beginning of several games' names"),
        ({"jobs": 0}, cgt.InvalidArgumentError, "jobs is a positive int or None"),
        ({"jobs": -2}, cgt.InvalidArgumentError, "jobs is a positive int or None"),
        ({"jobs": True}, cgt.WrongTypeError, "jobs is a positive int or None"),
        ({"jobs": 2.0}, cgt.WrongTypeError, "jobs is a positive int or None"),
        ({"size": "big"}, cgt.ClaimSizeError, "a size is a positive whole number, got 'big'"),
        ({"size": 0}, cgt.ClaimSizeError, "a size is a positive whole number, got 0"),
        ({"scale": -1}, cgt.ClaimSizeError, "a scale is a positive number"),
        ({"scale": "x"}, cgt.ClaimSizeError, "a scale is a positive number"),
        ({"size": 3, "scale": 2}, cgt.InvalidArgumentError, "a size or a scale, not both"),
        ({"quick": "yes"}, cgt.WrongTypeError, "quick is True or False, got 'yes'"),
        ({"timings": None}, cgt.WrongTypeError, "timings is True or False"),
        ({"on_claim": 3}, cgt.WrongTypeError, "a callback is a function or None, got 3"),
        ({"selected": 5}, cgt.WrongTypeError, "selected is one or an iterable of Claims, got 5"),
        ({"selected": ["Nim"]}, cgt.WrongTypeError, "selected holds Claims only, got 'Nim'"),
        ({"scheduler": 8786}, cgt.WrongTypeError, "a scheduler address is a str"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(
    registry: list[cgt.Claim], arguments: dict[str, Any], error: type, message: str
) -> None:
    started: list[int] = []
    with pytest.raises(error, match=message):
        cgt.run_claims(on_start=lambda index, total, claim: started.append(index), **arguments)
    assert started == []
    if "games" not in arguments:
        with pytest.raises(error, match=message):  # with no claim at all too
            cgt.run_claims(**{"selected": [], **arguments})
    assert issubclass(error, cgt.CGTError)


def test_games_keeps_the_claims_of_the_games_named(registry: list[cgt.Claim]) -> None:
    runs = cgt.run_claims(quick=True, games="scheduling test: take", timings=False)
    assert [run.claim for run in runs] == registry[:4]
    runs = cgt.run_claims(registry[3:], quick=True, games=["SCHEDULING TEST: OTHER"])
    assert [run.claim.game for run in runs] == ["scheduling test: other"]
    assert cgt.run_claims(registry[4], quick=True)[0].result.checked == 40  # one claim


def _sleepy_mod3(position: Any) -> int:
    time.sleep(0.05)
    return position.n % 3


def test_the_times_kept_are_cpu_times(registry: list[cgt.Claim], tmp_path: Path) -> None:
    """A claim that waits (as on a loaded machine) is not expected to take longer."""
    sleepy = cgt.Claim(
        game="scheduling test: sleepy", claim="g(n) = n mod 3, slowly", source="test",
        family=_take12, quick=4, full=4, fast=_sleepy_mod3,
    )  # fmt: skip
    (run,) = cgt.run_claims(sleepy, quick=True, jobs=1)
    assert run.seconds >= 0.2
    (cpu,) = _load_timings(tmp_path / "timings.json").values()
    assert cpu < 0.1
