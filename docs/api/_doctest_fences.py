"""A griffe extension for the API reference: doctests in docstrings become code blocks.

The docstrings of `cgt` and `games` hold doctests (``>>>`` lines and their output) in plain
text, as ``pytest --doctest-modules`` reads them.  Rendered as Markdown, a ``>>>`` line would
be a nested quotation and ``[0, 1]`` a link; this extension fences each doctest (from its first
``>>>`` line to the next blank line) as a ``pycon`` code block before mkdocstrings renders it.
It is loaded by ``mkdocs.yml`` (``extensions`` of the python handler).

>>> fence_doctests("Text.\\n>>> 1 + 1\\n2\\n\\nMore text.").split("\\n")
['Text.', '```pycon', '>>> 1 + 1', '2', '```', '', 'More text.']
"""

from __future__ import annotations

import re
from typing import Any

try:
    from griffe import Extension
except ImportError:  # griffe comes with the docs tools; without them this class is unused
    Extension = object  # type: ignore[assignment,misc]

_PROMPT = re.compile(r"^(\s*)>>>( |$)")
_FENCE = re.compile(r"^\s*(```|~~~)")


def fence_doctests(text: str) -> str:
    """``text`` with every doctest (a ``>>>`` line up to the next blank line) fenced."""
    out: list[str] = []
    indent: str | None = None  # the open doctest's indentation, None outside one
    in_fence = False
    for line in text.split("\n"):
        if indent is not None:
            if line.strip():
                out.append(line)
                continue
            out.append(f"{indent}```")
            indent = None
        elif not in_fence and (prompt := _PROMPT.match(line)):
            indent = prompt.group(1)
            out.append(f"{indent}```pycon")
        elif _FENCE.match(line):
            in_fence = not in_fence
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(Extension):  # type: ignore[misc]
    """Fences the doctests of every docstring griffe loads."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
