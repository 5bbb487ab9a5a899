"""The ``cgt nim | subtraction | octal`` commands, the SVG plot, and the registered claims."""

import json
import xml.etree.ElementTree as ElementTree

import pytest

import cgt
from cgt.cli.command import main
from games.nim import octal, plot_sequence, save_png, subtraction


def run(capsys, *argv):
    status = main(list(argv))
    return status, capsys.readouterr()


def test_nim_command(capsys):
    status, out = run(capsys, "nim", "3", "5", "7")
    assert status == 0
    assert "nim-sum 1" in out.out and "heap 3: 7 -> 6" in out.out
    status, out = run(capsys, "nim", "1", "2", "3", "--json")
    assert json.loads(out.out) == {
        "heaps": [1, 2, 3],
        "grundy": 0,
        "winner": "second player",
        "winning_moves": [],
    }


def test_subtraction_command(capsys):
    status, out = run(capsys, "subtraction", "2,3", "--upto", "30", "--json")
    report = json.loads(out.out)
    assert status == 0
    assert report["sequence"][:10] == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
    assert (report["preperiod"], report["period"]) == (0, 5)
    assert "Mod(n, 5)" in report["closed_form"]
    status, out = run(capsys, "subtraction", "1,2,3")
    assert "closed form: g(n) = Mod(n, 4)" in out.out


def test_octal_command(capsys):
    status, out = run(capsys, "octal", "0.77", "--upto", "100")
    assert status == 0 and "preperiod 71, period 12" in out.out
    status, out = run(capsys, "octal", "0.16", "--upto", "20", "--search-bound", "256", "--json")
    report = json.loads(out.out)
    assert report["period"] is None and report["closed_form"] is None
    assert report["periodicity"].startswith("not yet periodic up to n = 256")


def test_commands_report_bad_input(capsys):
    status, out = run(capsys, "octal", "0.9")
    assert status == 2 and "not an octal digit" in out.err
    status, out = run(capsys, "subtraction", "2,x")
    assert status == 2 and "subtraction set" in out.err


def test_svg_marks_preperiod_and_period():
    svg = plot_sequence(octal("0.77"), 120)
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "preperiod 71, period 12" in svg and "n = 71: period 12 begins" in svg
    assert svg.count("<circle") == 120
    assert subtraction({2, 3})._repr_svg_().count("<circle") == 40
    assert "not yet periodic" in plot_sequence(octal("0.16", search_bound=128), 50)


def test_png_needs_the_optional_extra(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "kayles.png"
    save_png(octal("0.77"), str(path), 120)
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_the_refuted_seed_rule_has_its_smallest_counterexample():
    [claim] = [c for c in cgt.claims() if c.game == "seed 001 printed rule"]
    run_ = claim.run(quick=True)
    assert run_.status == "refuted"
    assert run_.result.counterexample.n == 0
    assert run_.result.expected == "loopy: 0 -> 0"


def test_every_bad_input_error_is_a_cgt_error():
    from games.nim import Nim, Wythoff

    attempts = [
        lambda: Nim((-1,)),
        lambda: Nim((1.5,)),
        lambda: subtraction({0}),
        lambda: subtraction("2,3"),
        lambda: octal("0.8"),
        lambda: octal(0.77),
        lambda: octal("0.77").grundy(-1),
        lambda: octal("0.77").sequence(-1),
        lambda: octal("0.77", search_bound=0),
        lambda: Wythoff(1, -1),
        lambda: plot_sequence(octal("0.77"), 0),
    ]
    for attempt in attempts:
        with pytest.raises(cgt.CGTError):
            attempt()


def test_cli_bounds_upto_and_long_closed_forms(capsys):
    with pytest.raises(SystemExit):
        main(["octal", "0.77", "--upto", str(10**11)])
    assert "--upto is at most 1,000,000" in capsys.readouterr().err
    assert main(["subtraction", "100", "--upto", "3"]) == 0
    out = capsys.readouterr().out
    assert "preperiod 0, period 200" in out
    assert "closed form: not shown for a period above 64" in out


def test_plot_sequence_is_displayed_by_jupyter() -> None:
    from games.nim import octal, plot_sequence

    picture = plot_sequence(octal("0.77"))
    assert picture.startswith("<svg") and picture._repr_svg_() == str(picture)
    assert type(picture._repr_svg_()) is str
