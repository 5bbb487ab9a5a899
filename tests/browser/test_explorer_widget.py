"""The explorer widget (`cgt.explorer.Explorer`) in a real JupyterLab, in a real headless Chromium.

The test starts ``jupyter lab`` on a free loopback port with a notebook of one cell, opens it in
the browser, runs the cell in a real kernel and then uses the widget as a person would: reads
the value shown, follows an option and reads the option's value.  Every value is checked
against `cgt.value`.  Skipped, saying why, where JupyterLab is not installed (it comes with the
``test`` extra).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.cli.rulesets import build_position

pytestmark = pytest.mark.browser

SHOWN_VALUE_IS = (
    "t => (document.querySelector('[data-fact=value]')?.textContent ?? '').split(' (')[0] === t"
)
CELL = 'from cgt.explorer import Explorer\nExplorer("...|...", game="domineering")'


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook(path: Path) -> None:
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "explorer",
                "metadata": {},
                "outputs": [],
                "source": CELL,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.fixture(scope="module")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server on loopback with the notebook ``explorer.ipynb``; yields its URL."""
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        pytest.skip("the widget test needs JupyterLab: pip install -e '.[test]'")
    root = tmp_path_factory.mktemp("lab")
    _notebook(root / "explorer.ipynb")
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(root / ".config"), JUPYTER_RUNTIME_DIR=str(root))
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--port-retries=0",
            f"--IdentityProvider.token={token}",
            "--allow-root",
            f"--ServerApp.root_dir={root}",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                pytest.fail("jupyter lab exited: " + (root / "lab.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("jupyter lab did not answer in 120 s")
                time.sleep(0.5)
        yield f"{base}/lab/tree/explorer.ipynb?token={token}"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        log.close()
        shutil.rmtree(root / ".config", ignore_errors=True)


def value_of(text: str) -> str:
    return str(cgt.value(build_position("domineering", text)))


def test_the_widget_in_jupyterlab_shows_values_and_follows_options(
    page: Any, jupyter_lab: str, shots: Path
) -> None:
    page.set_default_timeout(120_000)
    page.goto(jupyter_lab)
    page.locator(".jp-Cell .jp-InputArea-editor .cm-content").first.wait_for()
    # run the cell once the kernel is up (the status bar says so), through the Run menu
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for()
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")

    node = "[data-test=node-text]"
    page.wait_for_function(
        "t => document.querySelector('[data-test=node-text]')?.textContent === t", arg="...|..."
    )
    value = page.locator("[data-fact=value]")
    page.wait_for_function(
        SHOWN_VALUE_IS,
        arg=value_of("...|..."),
    )
    assert value.inner_text().split(" (")[0] == "{2|-1/2}"
    page.screenshot(path=str(shots / "explorer-jupyterlab.png"))

    # follow Right's first option in the widget and read its value
    option = str(cgt.right_options_of(build_position("domineering", "...|..."))[0])
    page.click("[data-test=option-R0]")
    page.wait_for_function(
        "t => document.querySelector('[data-test=node-text]')?.textContent === t", arg=option
    )
    page.wait_for_function(
        SHOWN_VALUE_IS,
        arg=value_of(option),
    )
    assert page.inner_text(node) == option
