"""The explorer as a local web app: a Starlette application served by uvicorn.

`make_app` builds the application around an `~cgt.explorer.jobs.Analyst`; `ExplorerServer`
runs it on a socket of its own (in a thread, for tests and notebooks, or in the foreground for
``cgt explore``).  The page and its script are package data (``cgt/explorer/static``); the API
is JSON:

* ``GET /api/rulesets``: the rulesets, with how their boards are drawn (`ruleset_list`);
* ``POST /api/analyse`` ``{"game": NAME or null, "position": TEXT, "path": [["L", 0], ...]}``:
  starts a job, answers it (``state`` ``queued``, ``running``, ``done``...);
* ``GET /api/jobs/ID``: the job, with its progress and, once done, its result;
* ``POST /api/jobs/ID/cancel``: cancels it.

A malformed request gets a 4xx answer ``{"error": "..."}`` (400 for a bad body, 404 for an
unknown job or path, 413 for a body over 64 KiB, 503 when too many requests wait); an error in
the server itself is a 500 with the same shape, never a crash.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from cgt.core.errors import CGTError, InvalidArgumentError
from cgt.explorer import web
from cgt.explorer.jobs import Analyst, BusyError, UnknownJobError

__all__ = ["MAX_BODY", "ExplorerServer", "WebMissingError", "make_app", "ruleset_list"]

MAX_BODY = 64 * 1024
"""The largest request body accepted."""


class WebMissingError(CGTError, ImportError):
    """``cgt explore`` needs the web framework, an optional extra."""


def require_web() -> None:
    """Raise `WebMissingError` (saying what to install) unless starlette and uvicorn import."""
    web.require_web("the explorer's web server", WebMissingError)


def static_dir() -> Any:
    """The folder of the page, its script and style (package data)."""
    return files("cgt.explorer") / "static"


def ruleset_list() -> list[dict[str, Any]]:
    """Every ruleset: its name, the first line of its docstring and its board editor
    (`cgt.cli.rulesets.ruleset_editor`); a ruleset that fails to load is listed with its
    error."""
    from cgt.cli.rulesets import _builder, ruleset_editor, rulesets

    found = []
    for name in sorted(rulesets()):
        entry: dict[str, Any] = {"name": name}
        try:
            doc = (getattr(_builder(name), "__doc__", None) or "").strip()
            entry["doc"] = doc.split("\n")[0]
            entry["editor"] = ruleset_editor(name)
        except Exception as error:  # a plug-in that cannot be imported: say so, list the rest
            entry["error"] = f"{type(error).__name__}: {error}"
        found.append(entry)
    return found


def make_app(analyst: Analyst, title: str = "cgt explore") -> Any:
    """The Starlette application of the explorer, computing with ``analyst``."""
    require_web()
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    page = (static_dir() / "explorer.html").read_text(encoding="utf-8")
    page = page.replace("{{title}}", title)
    rulesets_cache: list[list[dict[str, Any]]] = []

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def rulesets(request: Request) -> Response:
        if not rulesets_cache:
            rulesets_cache.append(ruleset_list())
        return JSONResponse(rulesets_cache[0])

    async def analyse(request: Request) -> Response:
        body = await web.read_json(request, MAX_BODY)
        if not isinstance(body, dict):
            return error(400, 'the body is a JSON object {"game": ..., "position": ...}')
        unknown = set(body) - {"game", "position", "path"}
        if unknown:
            return error(400, f"unknown fields: {', '.join(sorted(map(str, unknown)))}")
        job = analyst.submit(body.get("game"), body.get("position"), body.get("path") or ())
        return JSONResponse(job.to_json(), status_code=200 if job.over else 202)

    async def job(request: Request) -> Response:
        return JSONResponse(analyst.job(request.path_params["job"]).to_json())

    async def cancel(request: Request) -> Response:
        return JSONResponse(analyst.cancel(request.path_params["job"]).to_json())

    handlers = web.json_error_handlers(
        {UnknownJobError: 404, BusyError: 503, InvalidArgumentError: 400, CGTError: 400}
    )
    routes = [
        Route("/api/rulesets", rulesets),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route("/api/jobs/{job}", job),
        Route("/api/jobs/{job}/cancel", cancel, methods=["POST"]),
        *web.page_routes(static_dir(), page),
    ]
    return Starlette(routes=routes, exception_handlers=handlers)


class ExplorerServer(web.LocalServer):
    """The explorer's web server on ``host:port`` (port 0: a free one), with its `Analyst`.

    `start` serves in a thread and returns once the socket listens; `serve_forever` serves in
    the calling thread until Ctrl-C; `close` stops both the server and the worker.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, **analyst: Any) -> None:
        require_web()
        self.analyst = Analyst(**analyst)
        try:
            app = make_app(self.analyst)
            super().__init__(app, host, port, InvalidArgumentError, self.analyst.close)
        except BaseException:
            self.analyst.close()
            raise
