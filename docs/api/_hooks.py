"""MkDocs hooks of the documentation site (loaded by ``mkdocs.yml``, ``hooks``).

Two jobs.  First, the API reference: when a package of `cgt` exports a function under the name
of one of its submodules (``cgt.misere`` exports the function ``genus`` of
``cgt/misere/genus.py``), griffe, which reads the source, lets the submodule win, so ``::: cgt``
would document the module instead of the function.  `shadowed_blocks` finds these names of
``cgt.__all__`` at build time and fills the marker of ``api/cgt.md`` with one ``:::`` block for
each function, at its defining path, so the page follows the package's layout as it changes.

Second, links in notebooks: a Markdown cell of ``docs/tour.ipynb`` links to a page as
``registering-claims.md`` (right in Jupyter and on GitHub), which MkDocs does not rewrite in a
notebook; `notebook_links` points such links at the built page, and reports a link to a page
that does not exist (a warning, so ``mkdocs build --strict`` fails).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import posixpath
import re
from typing import Any

import cgt

_MARKER = "<!-- functions named like a submodule -->"
_MD_LINK = re.compile(r'href="(?![a-z]+:|/|#)([^"#]+)\.md(#[^"]*)?"')
_log = logging.getLogger("mkdocs.hooks.cgt")


def shadowed_names() -> list[str]:
    """The names of ``cgt.__all__`` that some package on the way from `cgt` to their defining
    module exports while also holding a submodule of that name.

    >>> set(shadowed_names()) <= set(cgt.__all__)
    True
    """
    names = []
    for name in cgt.__all__:
        obj = getattr(cgt, name)
        module = getattr(obj, "__module__", None)
        if not isinstance(module, str) or not module.startswith("cgt"):
            continue
        parts = module.split(".")
        packages = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
        for package in map(importlib.import_module, packages):
            if (
                hasattr(package, "__path__")  # a package, not a plain module
                and getattr(package, name, None) is obj
                and importlib.util.find_spec(f"{package.__name__}.{name}") is not None
            ):
                names.append(name)
                break
    return names


def shadowed_blocks() -> str:
    """A section with a ``:::`` block for each of `shadowed_names` (empty if none)."""
    blocks = []
    for name in shadowed_names():
        obj = getattr(cgt, name)
        path = f"{obj.__module__}.{obj.__qualname__}"
        blocks.append(f"::: {path}\n    options:\n      show_root_full_path: false")
    if not blocks:
        return ""
    return "## Functions named like a submodule\n\n" + "\n\n".join(blocks)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Fill the marker of ``api/cgt.md`` with `shadowed_blocks`."""
    return markdown.replace(_MARKER, shadowed_blocks()) if _MARKER in markdown else markdown


def notebook_links(html: str, page_src: str, pages: set[str]) -> str:
    """``html`` of the notebook ``page_src`` with its links to ``.md`` pages pointed at the
    built pages (directory URLs); ``pages`` are the Markdown sources that exist.

    >>> notebook_links('<a href="guide.md#top">', "tour.ipynb", {"guide.md"})
    '<a href="../guide/#top">'
    """
    folder = posixpath.dirname(page_src)

    def built(link: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, link.group(1) + ".md"))
        if target not in pages:
            _log.warning("%s links to %s.md, which is not a page", page_src, link.group(1))
        return f'href="../{link.group(1)}/{link.group(2) or ""}"'

    return _MD_LINK.sub(built, html)


_CELL = re.compile(r"<t([dh])([^>]*)>(.*?)</t\1>", re.DOTALL)
_CODE = re.compile(r"<code>(.*?)</code>", re.DOTALL)


def table_code_pipes(html: str) -> str:
    r"""``html`` with the ``\|`` of code spans in table cells shown as ``|``.

    In a Markdown table a ``|`` inside a code span must be written ``\|`` (else it ends the
    cell); GitHub then shows ``|``, but Python-Markdown keeps the backslash.

    >>> print(table_code_pipes(r"<td><code>{0\|1}</code> or \|</td><p><code>a\|b</code></p>"))
    <td><code>{0|1}</code> or \|</td><p><code>a\|b</code></p>
    """

    def code(match: re.Match[str]) -> str:
        return "<code>" + match.group(1).replace("\\|", "|") + "</code>"

    def cell(match: re.Match[str]) -> str:
        kind, attributes, inner = match.groups()
        return f"<t{kind}{attributes}>{_CODE.sub(code, inner)}</t{kind}>"

    return _CELL.sub(cell, html)


def on_page_content(html: str, *, page: Any, files: Any, **kwargs: Any) -> str:
    """Apply `table_code_pipes` to every page, `notebook_links` to the pages made from
    notebooks."""
    html = table_code_pipes(html)
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    return notebook_links(html, page.file.src_uri, {f.src_uri for f in files})
