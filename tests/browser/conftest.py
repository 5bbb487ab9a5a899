"""A real headless Chromium for the web apps' tests (marker ``browser``: ``pytest -m browser``).

The browser is Debian's ``chromium`` (``apt-get install chromium chromium-driver``; ``.ci/run``
installs it), driven by Playwright (`playwright.sync_api`) through ``executable_path``:
Playwright's own browser download is not used.  ``CGT_CHROMIUM`` names another binary.  Where
no browser can be found the tests are skipped, saying why.

``CGT_SCREENSHOTS=DIR`` keeps the screenshots the tests take in ``DIR`` (the documentation's
pictures are made with ``CGT_SCREENSHOTS=docs/images/web pytest -m browser``); otherwise they
go to a temporary folder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    named = os.environ.get("CGT_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium (one for the whole session)."""
    executable = _chromium()
    if executable is None:
        pytest.skip(
            "no Chromium to drive: install Debian's chromium (apt-get install chromium "
            "chromium-driver) or name a binary in CGT_CHROMIUM"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the browser tests need playwright: pip install -e '.[test]'")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (1200 x 900) that fails the test on a script error."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(60_000)
    try:
        yield opened
    finally:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where screenshots go (``CGT_SCREENSHOTS`` or a temporary folder); those kept for the
    documentation are made small (256 colours) at the end of the session."""
    named = os.environ.get("CGT_SCREENSHOTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    if named:
        from PIL import Image

        for picture in folder.glob("*.png"):
            with Image.open(picture) as image:
                small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
            small.save(picture, optimize=True)
