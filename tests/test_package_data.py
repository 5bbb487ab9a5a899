"""Every file the `games` package reads at run time is shipped: the C sources of the optional
kernels (built on first use) and the headers they include, the web pages' static files and the
learned policy.  A source left out of ``[tool.setuptools.package-data]`` silently turns a kernel
off in an installed (non-editable) copy, as ``grid/_domineering_values.c`` once was."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _patterns() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["tool"]["setuptools"]["package-data"]["games"]


def _shipped(relative: str) -> bool:
    """Whether the package-data globs (expanded as setuptools does, within the package)
    take the file ``relative`` to the package."""
    package = ROOT / "games"
    return any(package / relative in set(package.glob(pattern)) for pattern in _patterns())


def test_every_kernel_source_and_data_file_is_package_data():
    package = ROOT / "games"
    needed = [
        *package.rglob("*.c"),
        *package.rglob("*.h"),
        *package.rglob("data/*.json"),
        *(package / "daihinmin" / "web" / "static").iterdir(),
    ]
    assert len([p for p in needed if p.suffix == ".c"]) >= 5
    missing = [
        str(p.relative_to(package)) for p in needed if not _shipped(str(p.relative_to(package)))
    ]
    assert missing == []


def test_the_check_sees_a_missing_file():
    assert not _shipped("grid/__pycache__/kernel.c")
    assert not _shipped("daihinmin/rules/engine.py")
    assert _shipped("grid/_grid_values.c")
    assert _shipped("grid/_values_engine.h")
