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

import json
import socket
import threading
from collections.abc import Awaitable, Callable
from importlib.resources import files
from typing import Any

from cgt.core.errors import CGTError, InvalidArgumentError
from cgt.explorer.jobs import Analyst, BusyError, UnknownJobError

__all__ = ["MAX_BODY", "ExplorerServer", "WebMissingError", "make_app", "ruleset_list"]

MAX_BODY = 64 * 1024
"""The largest request body accepted."""


class WebMissingError(CGTError, ImportError):
    """``cgt explore`` needs the web framework, an optional extra."""


def require_web() -> None:
    """Raise `WebMissingError` (saying what to install) unless starlette and uvicorn import."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as missing:
        raise WebMissingError(
            f"the explorer's web server needs {missing.name}, which is not installed: "
            "pip install 'cgt-games[web]'"
        ) from None


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
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    page = (static_dir() / "explorer.html").read_text(encoding="utf-8")
    page = page.replace("{{title}}", title)
    rulesets_cache: list[list[dict[str, Any]]] = []

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    async def rulesets(request: Request) -> Response:
        if not rulesets_cache:
            rulesets_cache.append(ruleset_list())
        return JSONResponse(rulesets_cache[0])

    async def body_of(request: Request) -> Any:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise HTTPException(413, f"the request body is over {MAX_BODY} bytes")
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise HTTPException(400, "the body is not JSON") from None

    async def analyse(request: Request) -> Response:
        body = await body_of(request)
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

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, str(exc.detail))

    async def on_bad_request(request: Request, exc: Exception) -> Response:
        return error(400, str(exc))

    async def on_unknown(request: Request, exc: Exception) -> Response:
        return error(404, str(exc))

    async def on_busy(request: Request, exc: Exception) -> Response:
        return error(503, str(exc))

    async def on_failure(request: Request, exc: Exception) -> Response:
        return error(500, f"the server failed: {type(exc).__name__}: {exc}")

    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        HTTPException: on_http_error,
        UnknownJobError: on_unknown,
        BusyError: on_busy,
        InvalidArgumentError: on_bad_request,
        CGTError: on_bad_request,
        Exception: on_failure,
    }
    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/rulesets", rulesets),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route("/api/jobs/{job}", job),
        Route("/api/jobs/{job}/cancel", cancel, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(static_dir())), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers=handlers)


class ExplorerServer:
    """The explorer's web server on ``host:port`` (port 0: a free one), with its `Analyst`.

    `start` serves in a thread and returns once the socket listens; `serve_forever` serves in
    the calling thread until Ctrl-C; `close` stops both the server and the worker.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, **analyst: Any) -> None:
        require_web()
        import uvicorn

        self.analyst = Analyst(**analyst)
        try:
            self.socket = _listen(host, port)
        except BaseException:
            self.analyst.close()
            raise
        self.host = host
        self.port = self.socket.getsockname()[1]
        config = uvicorn.Config(
            make_app(self.analyst), log_level="warning", lifespan="off", access_log=False
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The address of the page."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> ExplorerServer:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Serve in this thread until interrupted."""
        try:
            self._server.run(sockets=[self.socket])
        finally:
            self.close()

    def close(self) -> None:
        """Stop serving and stop the worker."""
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.socket.close()
        self.analyst.close()

    def __enter__(self) -> ExplorerServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``; raises `InvalidArgumentError` saying why not."""
    if not 0 <= port <= 65535:
        raise InvalidArgumentError(f"--port must be 0..65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise InvalidArgumentError(f"--host {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        raise InvalidArgumentError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.setblocking(False)
    return sock
