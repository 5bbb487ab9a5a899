"""MkDocs hooks for the API reference (loaded by ``mkdocs.yml``, ``hooks``).

`cgt` exports some functions under the name of the module that defines them (``cgt.outcome``
is the function `cgt.outcome.outcome`...).  Griffe, which reads the source, lets the submodule
win, so ``::: cgt`` leaves such a function out.  This hook appends one ``:::`` block for each,
found at build time from ``cgt.__all__``, so the page follows the package's layout as it
changes.

>>> any(line.endswith(".verify") for line in shadowed_blocks().splitlines() if "::: " in line)
True
"""

from __future__ import annotations

import importlib.util
from typing import Any

import cgt

_MARKER = "<!-- functions named like their module -->"


def shadowed_blocks() -> str:
    """``:::`` blocks for the names of ``cgt.__all__`` that are also submodules of `cgt`."""
    blocks = []
    for name in cgt.__all__:
        if importlib.util.find_spec(f"cgt.{name}") is not None:
            obj = getattr(cgt, name)
            path = f"{obj.__module__}.{obj.__qualname__}"
            blocks.append(f"::: {path}\n    options:\n      show_root_full_path: false")
    return "\n\n".join(blocks)


def on_page_markdown(markdown: str, *, page: Any, **kwargs: Any) -> str:
    """Fill the marker of ``api/cgt.md`` with `shadowed_blocks`."""
    if _MARKER in markdown:
        return markdown.replace(_MARKER, shadowed_blocks())
    return markdown
