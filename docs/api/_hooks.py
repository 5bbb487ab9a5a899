"""MkDocs hooks of the documentation site (loaded by ``mkdocs.yml``, ``hooks``).

Links in notebooks: a Markdown cell of ``docs/tour.ipynb`` links to a page as
``registering-claims.md`` (right in Jupyter and on GitHub), which MkDocs does not rewrite in a
notebook; `notebook_links` points such links at the built page, and reports a link to a page
that does not exist (a warning, so ``mkdocs build --strict`` fails).
"""

from __future__ import annotations

import logging
import posixpath
import re
from typing import Any

_MD_LINK = re.compile(r'href="(?![a-z]+:|/|#)([^"#]+)\.md(#[^"]*)?"')
_log = logging.getLogger("mkdocs.hooks.cgt")


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
