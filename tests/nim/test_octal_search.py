"""Long searches: checkpoints and resume, Ctrl-C, the certificate, the command line, Grundy's game
and hexadecimal codes against the generic recursion."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import cgt
from cgt.cli.command import main
from games.nim import grundys_game, hexadecimal, octal
from games.nim._takebreak import grundy_values_naive
from games.nim.grundys_game import GRUNDYS_GAME_RULES, GrundysGame
from games.nim.octal import OctalGame, octal_rules, parse_octal
from games.nim.search import (
    CheckpointError,
    certificate,
    load_checkpoint,
    long_search,
    save_checkpoint,
)

CLI = [sys.executable, "-c", "from cgt.cli import main; raise SystemExit(main())"]


def fresh(code: str) -> OctalGame:
    return OctalGame(parse_octal(code), 1 << 13)


def test_a_search_resumes_from_its_checkpoint(tmp_path) -> None:
    path = tmp_path / "016.npz"
    first = fresh("0.16")
    assert long_search(first, 1 << 14, checkpoint=path, progress=False) is None
    second = fresh("0.16")
    assert load_checkpoint(second, path) == 1 << 14
    assert list(second._values) == list(first._values)
    found = long_search(second, 1 << 19, checkpoint=path, progress=False)
    assert found is not None and (found.preperiod, found.period) == (105351, 149459)
    # Gangolli and Plambeck (1989): largest value 23 first at 229,790, mask 1e, last rare 13,935
    proof = certificate(second)
    assert (proof.largest, proof.largest_at, proof.mask, proof.last_rare) == (
        23,
        229790,
        0x1E,
        13935,
    )
    assert proof.rare_heaps == 53


def test_checkpoints_of_another_game_or_damaged_are_refused(tmp_path) -> None:
    path = tmp_path / "kayles.npz"
    kayles = fresh("0.77")
    kayles._extend(500)
    assert save_checkpoint(kayles, path) == 500
    with pytest.raises(CheckpointError, match=r"not of octal\('0\.16'\)"):
        load_checkpoint(fresh("0.16"), path)
    values = np.load(path)
    broken = tmp_path / "broken.npz"
    with open(broken, "wb") as handle:
        np.savez(handle, values=values["values"] ^ np.uint32(1), meta=values["meta"])
    with pytest.raises(CheckpointError, match="damaged"):
        load_checkpoint(fresh("0.77"), broken)
    (tmp_path / "junk.npz").write_bytes(b"not a checkpoint")
    with pytest.raises(CheckpointError, match="not a readable checkpoint"):
        load_checkpoint(fresh("0.77"), tmp_path / "junk.npz")


def test_ctrl_c_saves_and_the_same_command_resumes(tmp_path) -> None:
    path = tmp_path / "376.npz"
    command = [*CLI, "octal", "0.376", "--upto-heaps", "1500000", "--checkpoint", str(path),
               "--checkpoint-every", "0.2", "--no-progress", "--json"]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert path.exists()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130  # 1.5 million heaps take seconds; the first save 0.2 s
    assert "values saved to" in err and "run the same command to resume" in err
    saved = int(json.loads(str(np.load(path)["meta"]))["heaps"])
    assert saved > 0
    short = [*command[:6], "300000", *command[7:]]
    done = subprocess.run(short, capture_output=True, text=True, check=True, timeout=300)
    report = json.loads(done.stdout)
    truth = fresh("0.376")
    truth._extend(300_000)
    assert report["heaps"] == 300_000 and report["period"] is None
    assert report["largest"] == int(np.max(truth._values))
    assert report["largest_at"] == int(np.argmax(truth._values))
    resumed = fresh("0.376")
    load_checkpoint(resumed, path)
    assert list(resumed._values[:300_000]) == list(truth._values)


def test_the_certificate_of_0376_on_its_first_heaps(capsys) -> None:
    assert main(["octal", "0.376", "--upto-heaps", "20000", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "octal('0.376'): not yet periodic up to n = 20000 (searched)" in out
    assert "rare mask        0xfe" in out
    assert main(["octal", "0.77", "--upto-heaps", "5000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["preperiod"], report["period"], report["largest"]) == (71, 12, 8)
    assert report["mask"] == 15 and report["last_rare"] < 71


def test_json_sequences_are_one_line(capsys) -> None:
    assert main(["octal", "0.77", "--upto", "30", "--json"]) == 0
    text = capsys.readouterr().out
    [line] = [line for line in text.splitlines() if '"sequence"' in line]
    assert line.strip().startswith('"sequence": [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6')
    assert len(text.splitlines()) < 12
    assert json.loads(text)["period"] == 12


def test_grundys_game_command_and_values(capsys) -> None:
    assert main(["grundys-game", "--upto", "12", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sequence"] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    game = grundys_game()
    assert [cgt.grundy(game.position(n)) for n in range(30)] == game.sequence(30)
    assert game.sequence(3000) == grundy_values_naive(GRUNDYS_GAME_RULES, 3000)
    assert main(["grundys-game", "--upto-heaps", "9000", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "grundys_game(): not yet periodic up to n = 9000" in out
    assert "rare mask        0x7e" in out  # Flammenkamp's ...11110 on values below 128


def test_grundys_game_window_is_needed() -> None:
    # The window 2*n0 + 2p (not Guy-Smith's 2*n0 + p) because of the equal split.
    game = GrundysGame(1 << 10)
    assert game._window(10, 3) == 26


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_short_prefixes_never_certify_a_false_period(engine: str) -> None:
    # Found here: with n0 = 0 the window 2*n0 + p + t let g(0..2) = 0, 0, 0 of 0.4 "certify"
    # period 1, and g(3) came out 0 (it is 1).  The shifted heap must stay non-empty: max(n0, 1).
    codes = [f"0.{a}{b}" for a in range(8) for b in range(8) if a or b] + ["4.7", "0.4", "4.4"]
    for code in codes:
        truth = grundy_values_naive(octal_rules(parse_octal(code)), 60)
        for first in range(1, 12):
            game = OctalGame(parse_octal(code), 1 << 13, engine=engine)
            game.sequence(first)
            assert [game.grundy(n) for n in range(60)] == truth, (code, first)
    truth = grundy_values_naive(GRUNDYS_GAME_RULES, 60)
    for first in range(1, 12):
        game = GrundysGame(1 << 13, engine)
        game.sequence(first)
        assert [game.grundy(n) for n in range(60)] == truth, first


@pytest.mark.parametrize("code", ["0.8", "0.f", "0.48", "4.8", "0.18", "0.08", "8.0"])
def test_hexadecimal_values_equal_the_recursion(code: str) -> None:
    game = hexadecimal(code)
    size = 22
    assert [cgt.grundy(game.position(n)) for n in range(size)] == game.sequence(size)
    assert game.sequence(60) == grundy_values_naive(game.rules, 60)


def test_hexadecimal_codes_parse_and_octal_ones_are_the_same_game() -> None:
    assert hexadecimal("0.77") is octal("0.77")
    assert repr(hexadecimal("0.F")) == "hexadecimal('0.f')"
    assert parse_octal("c.1", base=16) == (12, 1)
    assert octal("4.000").code == "4.0" and octal(octal("4.0").code) is octal("4.0")
    with pytest.raises(cgt.CGTError, match="0 or 4"):
        hexadecimal("1.7")
    with pytest.raises(cgt.CGTError, match="not an octal digit"):
        octal("0.8")


def test_command_line_errors_are_named(capsys, tmp_path) -> None:
    with pytest.raises(SystemExit):
        main(["octal", "0.77", "--upto-heaps", "0"])
    assert "positive integer" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["octal", "0.77", "--upto-heaps", "10", "--checkpoint-every", "-1"])
    assert "positive number of seconds" in capsys.readouterr().err
    other = tmp_path / "other.npz"
    kayles = fresh("0.77")
    kayles._extend(100)
    save_checkpoint(kayles, other)
    status = main(["octal", "0.16", "--upto-heaps", "1000", "--checkpoint", str(other)])
    assert status == 2
    assert "not of octal('0.16')" in capsys.readouterr().err


def test_env_without_kernel_gives_the_same_certificate(tmp_path) -> None:
    code = (
        "from games.nim import octal; from games.nim.search import long_search, certificate;"
        "g = octal('0.16'); long_search(g, 20000, progress=False);"
        "c = certificate(g); print(g.engine, c.largest, c.largest_at, c.mask, c.last_rare)"
    )
    outputs = []
    for flag in ("1", "0"):
        env = {**os.environ, "CGT_NO_KERNEL": flag}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)  # fmt: skip
        outputs.append(done.stdout.split(maxsplit=1))
    assert outputs[0][0] == "python"
    assert outputs[0][1] == outputs[1][1]
