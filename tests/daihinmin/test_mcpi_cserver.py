"""mcpi on the real C server, and its shipped policy file rebuilt by its documented command.

The C server runs with its clock stopped at a fixed seed (the kit's ``fixed_clock``), jn17 and the
default client draw from fixed generators and mcpi is seeded without a time budget: the same
games every run, so the test asserts them exactly, besides what must hold in any run (complete
games, every submission of mcpi accepted, every decision timed).  The policy file is rebuilt
from games on our (seeded) server with the kit's jn17, whose own generator has a fixed seed:
the same games, hence the same file, every time.
"""

from __future__ import annotations

import json
import shutil
from importlib import resources

import pytest

from games.daihinmin.experiments.cserver import run_c_tournament, timing_summary
from games.daihinmin.network.kit import UecdaKitError, kit_source

pytestmark = pytest.mark.uecda


@pytest.fixture(scope="module", autouse=True)
def _kit() -> None:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed: cannot build the UECda C kit")
    try:
        kit_source()
    except UecdaKitError as exc:
        pytest.skip(str(exc))


def test_mcpi_plays_complete_legal_games_on_the_c_server():
    players = ["strongest[rollouts=8;particles=12]", "jn17", "default", "kou2", "default"]
    (chunk,) = run_c_tournament(players, 3, jobs=1, timeout=600, seed=2501)
    assert chunk.error is None, chunk.error
    (again,) = run_c_tournament(players, 3, timeout=600, seed=2501)
    assert again.per_game == chunk.per_game  # seeded server, seeded players: the same games
    assert len(chunk.per_game) == 3 and all(sum(g) == 15 for g in chunk.per_game)
    assert all(sorted(g) == [1, 2, 3, 4, 5] for g in chunk.per_game)
    assert chunk.rejected[0] == 0 and chunk.rejected[3] == 0 and chunk.faults == ()
    assert chunk.rejected[1] is None and chunk.cpu_ms[1] is None  # jn17: a C program
    summary = timing_summary(chunk.cpu_ms[0] or ())
    assert summary is not None and summary["decisions"] >= 3 * 3  # 3+ decisions per game
    assert len(chunk.wall_ms[0] or ()) == summary["decisions"]


def test_the_shipped_policy_is_what_the_documented_command_makes(tmp_path):
    from games.daihinmin.experiments.policy_training import train_policy, write_policy

    shipped = resources.files("games.daihinmin.players").joinpath("data/mcpi_policy.json")
    data = json.loads(shipped.read_text())
    meta = data["meta"]
    assert meta["command"] == "cgt daihinmin train-policy"
    policy = train_policy()  # the command's defaults
    out = tmp_path / "policy.json"
    write_policy(policy, out)
    rebuilt = json.loads(out.read_text())
    # The games, the decisions and the features are the same bit for bit; the fitted weights
    # are the same to 1e-4: L-BFGS sums in an order that numpy and its BLAS may change from
    # one release to another (numpy 2.4.6 / scipy 1.17.1 moved the sixth decimal by 3e-6).
    for kind in ("lead", "follow"):
        weights, shipped_weights = rebuilt.pop(kind), data.pop(kind)
        assert len(weights) == len(shipped_weights) == len(data["features"])
        for w, v in zip(weights, shipped_weights, strict=True):
            assert abs(w - v) <= 1e-4, (kind, w, v)
    assert rebuilt == data
