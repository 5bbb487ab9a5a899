"""MkDocs hooks of the documentation site (loaded by ``mkdocs.yml``, ``hooks``).

Two jobs.  First, the API reference: `cgt` exports some functions under the name of the
module that defines them (``cgt.outcome`` is the function `cgt.outcome.outcome`...).  Griffe,
which reads the source, lets the submodule win, so ``::: cgt`` leaves such a function out.
This hook appends one ``:::`` block for each, found at build time from ``cgt.__all__``, so the
page follows the package's layout as it changes.

Second, links in notebooks: a Markdown cell of ``docs/tour.ipynb`` links to a page as
``registering-claims.md`` (right in Jupyter and on GitHub), which MkDocs does not rewrite in a
notebook; `notebook_links` points such links at the built page, and reports a link to a page
that does not exist (a warning, so ``mkdocs build --strict`` fails).

>>> any(line.endswith(".verify") for line in shadowed_blocks().splitlines() if "::: " in line)
True
"""

from __future__ import annotations

import importlib.util
import logging
import posixpath
import re
from typing import Any

import cgt

_MARKER = "<!-- functions named like their module -->"
_MD_LINK = re.compile(r'href="(?![a-z]+:|/|#)([^"#]+)\.md(#[^"]*)?"')
_log = logging.getLogger("mkdocs.hooks.cgt")


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


def on_page_content(html: str, *, page: Any, files: Any, **kwargs: Any) -> str:
    """Apply `notebook_links` to the pages made from notebooks."""
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    return notebook_links(html, page.file.src_uri, {f.src_uri for f in files})
