"""The ``cgt tanhinmin`` command and the registration of the claims."""

from __future__ import annotations

import json

import pytest

import cgt
import games.tanhinmin
from cgt.cli.command import main
from games.tanhinmin.cli import parse_hand


def test_plain_output(capsys):
    assert main(["tanhinmin", "1 3 5", "2 4", "--field", "1", "--condition", "1,1"]) == 0
    out = capsys.readouterr().out
    assert "winner: the player to move (delta = mu_0 - mu_1 = 1 - 0 = 1)" in out
    assert "optimal cards: 5; passing is not optimal" in out


def test_json_output_and_all_conditions(capsys):
    assert (
        main(["tanhinmin", "1 3 5", "2 4", "--field", "1", "--all-conditions", "--json", "--exact"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "first player" and data["exact_winner"] == "first player"
    assert (data["mu_0"], data["mu_1"], data["delta"]) == (2, 1, 1)
    assert data["optimal_cards"] == [3] and data["pass_optimal"] is False
    assert data["thresholds"] == [0, 1, 1]
    assert data["table"] == ["c0=0: WL", "c0=1: WW", "c0=2: WW"]


def test_real_cards(capsys):
    assert main(["tanhinmin", "3S AH", "2D", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mover"] == [1, 12] and data["other"] == [13]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tanhinmin", "1 0", "2"], "card 0"),
        (["tanhinmin", "1 2", "2", "--condition", "5,0"], "c0 = 5 is out of range"),
        (["tanhinmin", "1 2", "2", "--condition", "1"], "written c0,c1"),
        (["tanhinmin", "1 ZZ", "2"], "unknown card"),
        (["tanhinmin", " ".join(["1"] * 20), "2", "--exact"], "at most 16 cards"),
    ],
)
def test_bad_input_is_reported(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_parse_hand():
    assert parse_hand("5,1 3") == (1, 3, 5)
    assert parse_hand("JK 3s") == (1, 14)


def test_claims_are_registered_with_sources():
    mine = [c for c in cgt.claims() if c.game == "tanhinmin"]
    assert len(mine) >= 20
    refuted = {c.claim for c in mine if c.expect == "refuted"}
    assert refuted == {
        "Seed 003 Theorem 1 / Table 1 (round start) as printed, multisets",
        "Algorithm 1 as printed gives exactly the optimal moves",
    }
    assert all(c.source for c in mine)
    games.tanhinmin.claims.register()  # registering twice is harmless
    assert len([c for c in cgt.claims() if c.game == "tanhinmin"]) == len(mine)


def test_refuted_claims_show_their_smallest_counterexamples():
    by_name = {c.claim: c for c in cgt.claims() if c.game == "tanhinmin"}
    seed_003 = by_name["Seed 003 Theorem 1 / Table 1 (round start) as printed, multisets"]
    run = seed_003.run(quick=True)
    assert run.status == "refuted"
    assert run.result.counterexample.args() == ((1, 1), (2,), 0, 0, 0)
    algorithm_1 = by_name["Algorithm 1 as printed gives exactly the optimal moves"]
    run = algorithm_1.run(quick=True)
    assert run.status == "refuted"
    assert run.result.counterexample.args() == ((2, 3), (1,), 0, 0, 0)


def test_hands_on_different_scales_are_refused(capsys):
    # '7S 3S' are strengths 5 and 1, '6 4' are 6 and 4: mixing them solves the wrong game.
    assert main(["tanhinmin", "7S 3S", "6 4"]) == 2
    assert "one hand is written as strengths and the other as cards" in capsys.readouterr().err
    assert main(["tanhinmin", "7S 3S", "6H 4H", "--json"]) == 0
    assert '"other": [\n    2,\n    4\n  ]' in capsys.readouterr().out
