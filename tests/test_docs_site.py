"""The documentation site builds with ``mkdocs build --strict`` (no broken link or anchor, no
docstring that fails to render), and its API reference covers `cgt`'s public API."""

from __future__ import annotations

import base64
import importlib.util
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "api"))
from _doctest_fences import fence_doctests  # noqa: E402  (docs/api is not a package)
from _hooks import notebook_links  # noqa: E402

TOOLS = ("mkdocs", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_jupyter", "material")


def _missing_tools() -> list[str]:
    missing = []
    for name in TOOLS:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(name)
    return missing


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once into a temporary folder (strict: any warning fails)."""
    missing = _missing_tools()
    if missing:
        tools = ", ".join(missing)
        pytest.skip(f"the docs tools are not installed ({tools}): pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stdout}\n{build.stderr}"
    return out


def test_api_reference_documents_every_public_name(site: Path) -> None:
    page = (site / "api" / "cgt" / "index.html").read_text()
    anchors = set(re.findall(r'id="(cgt(?:\.\w+)+)"', page))
    missing = [
        name
        for name in cgt.__all__
        if f"cgt.{name}" not in anchors and not any(a.endswith(f".{name}") for a in anchors)
    ]
    assert missing == []
    assert 'id="cgt.Game.cool"' in page  # members of classes too
    # doctests are code blocks, not nested quotations
    assert "<blockquote>" not in page and '<span class="gp">&gt;&gt;&gt; </span>' in page


def test_every_games_package_has_a_page_in_the_nav(site: Path) -> None:
    """One API page per public module or package of `games` (a new game needs one)."""
    import games

    nav = (ROOT / "mkdocs.yml").read_text()
    modules = [m.name for m in pkgutil.iter_modules(games.__path__) if not m.name.startswith("_")]
    assert {"nim", "sevens", "tanhinmin", "daihinmin"} <= set(modules)
    for name in modules:
        assert f"api/{name}.md" in nav, f"docs/api/{name}.md is not in mkdocs.yml's nav"
        page = (site / "api" / name / "index.html").read_text()
        assert f'id="games.{name}"' in page, name


def test_pages_and_notebook_are_in_the_site(site: Path) -> None:
    tour = (site / "tour" / "index.html").read_text()
    pictures = [
        base64.b64decode(data).decode()
        for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', tour)
    ]
    assert any("<title>thermograph of {4|2||-1}</title>" in svg for svg in pictures)
    assert "<td>../..</td><td>±1</td>" in tour and 'href="../registering-claims/"' in tour
    tutorial = (site / "registering-claims" / "index.html").read_text()
    assert "counterexample Take134(4)" in tutorial
    assert 'id="long-sequences"' in (site / "performance" / "index.html").read_text()


def test_doctests_become_fenced_code_blocks() -> None:
    text = "Intro.\n\n    >>> f(1)\n    [0, 1]\n    >>> g()\n\nAfter.\n```\n>>> kept\n```\n>>> last"
    assert fence_doctests(text).split("\n") == [
        "Intro.",
        "",
        "    ```pycon",
        "    >>> f(1)",
        "    [0, 1]",
        "    >>> g()",
        "    ```",
        "",
        "After.",
        "```",
        ">>> kept",
        "```",
        "```pycon",
        ">>> last",
        "```",
    ]
    assert fence_doctests("no doctest [0, 1]") == "no doctest [0, 1]"


LINES = st.sampled_from([">>> f(1)", "... more", "[0, 1]", "text", "", "    >>> g()", "    out"])


@given(st.lists(LINES, max_size=12))
def test_fencing_only_adds_fences_and_is_idempotent(lines: list[str]) -> None:
    text = "\n".join(lines)
    fenced = fence_doctests(text)
    added = fenced.split("\n")
    kept = iter(added)
    assert all(line in kept for line in text.split("\n"))  # the input, in order
    extra = len(added) - len(text.split("\n"))
    assert extra % 2 == 0
    assert sum(line.strip().startswith("```") for line in added) == extra
    assert fence_doctests(fenced) == fenced
    inside = False
    for line in added:  # every prompt is inside a fence
        if line.strip().startswith("```"):
            inside = not inside
        assert inside or ">>>" not in line


def test_notebook_links_point_at_built_pages(caplog: pytest.LogCaptureFixture) -> None:
    pages = {"guide.md", "games/nim.md"}
    html = '<a href="guide.md">a</a><a href="games/nim.md#top">b</a><a href="https://x.md">c</a>'
    assert notebook_links(html, "tour.ipynb", pages) == (
        '<a href="../guide/">a</a><a href="../games/nim/#top">b</a><a href="https://x.md">c</a>'
    )
    with caplog.at_level("WARNING"):
        notebook_links('<a href="nowhere.md">', "tour.ipynb", pages)
    assert "tour.ipynb links to nowhere.md, which is not a page" in caplog.text


def test_no_escaped_pipe_is_shown_in_code(site: Path) -> None:
    """Code spans in tables are written ``{0\\|1}`` in Markdown; the site shows ``{0|1}``."""
    shown = []
    for page in site.rglob("*.html"):
        for code in re.findall(r"<code>(.*?)</code>", page.read_text(), re.DOTALL):
            if "\\|" in code:
                shown.append((page.relative_to(site).as_posix(), code))
    assert shown == []
    analysis = (site / "analysis" / "index.html").read_text()
    assert "<code>{4|2||-1}</code>" in analysis
