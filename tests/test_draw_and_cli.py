"""Thermograph pictures (SVG always, PNG with the optional matplotlib) and ``cgt value``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cgt
from cgt.cli.command import main
from cgt.thermal.draw import DrawError, thermograph_svg

SVG = "{http://www.w3.org/2000/svg}"
DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"


@pytest.mark.parametrize("text", ["{2|-1}", "{4|2||-1}", "3/4", "5", "^", "*", "{0|v3}", "±1"])
def test_svg_is_well_formed_and_labelled(text: str) -> None:
    th = cgt.thermograph(text)
    svg = th._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert f"mean {th.mean}" in texts and f"temperature {th.temperature}" in texts
    assert f"thermograph of {cgt.parse(text)}" in texts
    if th.left_wall[0] != th.right_wall[0]:
        assert "left wall" in texts and "right wall" in texts
    walls = [p for p in root.iter(f"{SVG}polyline")]
    assert [w.find(f"{SVG}title").text for w in walls] == ["left wall", "right wall"]  # type: ignore[union-attr]
    # The left wall is drawn at the right number of points, values growing to the left.
    points = [tuple(map(float, p.split(","))) for p in walls[0].get("points", "").split()]
    assert len(points) == max(len(th.left_wall), 2)
    if th.left_wall[0][1] > th.right_wall[0][1]:
        right_points = walls[1].get("points", "").split()
        assert points[0][0] < float(right_points[0].split(",")[0])


def test_escaping_and_titles() -> None:
    svg = thermograph_svg(cgt.thermograph("{1|0}"), title="a <b> & c")
    assert "a &lt;b&gt; &amp; c" in svg
    ET.fromstring(svg)


def test_save_svg_png_and_bad_suffix(tmp_path: Path) -> None:
    th = cgt.thermograph("{4|2||-1}")
    th.save(tmp_path / "t.svg")
    assert (tmp_path / "t.svg").read_text().startswith("<svg")
    with pytest.raises(DrawError, match=r"\.svg or \.png"):
        th.save(tmp_path / "t.pdf")
    pytest.importorskip("matplotlib")
    th.save(tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_without_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(DrawError, match=r"pip install 'cgt-games\[plot\]'"):
        cgt.thermograph("±1").save(tmp_path / "t.png")


def test_docs_images_are_current() -> None:
    """The pictures in docs/images are what `scripts`-free regeneration gives (see
    docs/analysis.md: ``cgt value EXPR --thermograph docs/images/NAME.svg``)."""
    for path in sorted(DOCS_IMAGES.glob("thermograph-*.svg")):
        text = path.read_text()
        root = ET.fromstring(text)
        title = root.find(f"{SVG}title").text  # type: ignore[union-attr]
        expression = title.removeprefix("thermograph of ")  # type: ignore[union-attr]
        assert thermograph_svg(cgt.thermograph(expression)) == text, path.name


def test_cli_value_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "{2|-1}"]) == 0
    out = capsys.readouterr().out
    assert "mean           1/2" in out and "temperature    3/2 (hot)" in out
    assert "outcome        N" in out and "birthday       3" in out
    assert "atomic weight" not in out and "incentives     {3|0}" in out
    assert main(["value", "^*"]) == 0
    assert "atomic weight  1" in capsys.readouterr().out


def test_cli_value_json_and_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "g.svg"
    assert main(["value", "{0|v3}", "--json", "--thermograph", str(target)]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["atomic_weight"] == "-3/2" and facts["all_small"] is True
    assert facts["temperature"] == "0" and facts["kind"] == "tepid"
    assert facts["thermograph"]["left_wall"] == [["-1", "1"], ["0", "0"]]
    assert target.read_text().startswith("<svg")


def test_cli_value_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["value", "{1|"]) == 2
    assert "never closed" in capsys.readouterr().err
    assert main(["value", "1", "--thermograph", str(tmp_path / "x.pdf")]) == 2
    assert ".svg or .png" in capsys.readouterr().err
