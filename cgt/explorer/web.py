"""The plumbing of a local web app, shared by the explorer (`cgt.explorer.server`) and the
pages of the games (the Daihinmin table): the optional framework checked, a listening socket,
uvicorn serving a Starlette app in a thread or in the foreground, JSON bodies read with a size
limit, errors answered as JSON ``{"error": "..."}``, and the routes of a one-page app.

The page's script can import ``/cgt/page.js`` (this package's ``static/page.js``: ``h``, ``s``
and ``call``, the DOM and JSON-API helpers every page needs).

>>> import socket
>>> sock = listen("127.0.0.1", 0, ValueError)
>>> sock.getsockname()[1] > 0
True
>>> sock.close()
>>> listen("127.0.0.1", 70000, ValueError)
Traceback (most recent call last):
ValueError: --port must be 0..65535, got 70000
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Mapping
from importlib.resources import files
from typing import Any, Self

__all__ = [
    "LocalServer",
    "json_error_handlers",
    "listen",
    "page_routes",
    "read_json",
    "require_web",
    "shared_static_dir",
]


def require_web(what: str, error: type[Exception]) -> None:
    """Raise ``error`` (saying what to install) unless starlette and uvicorn import; ``what``
    names the page (``"the explorer's web server"``)."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as missing:
        raise error(
            f"{what} needs {missing.name}, which is not installed: pip install 'cgt-games[web]'"
        ) from None


def shared_static_dir() -> Any:
    """The folder served at ``/cgt`` (the shared ``page.js``; package data)."""
    return files("cgt.explorer") / "static"


def listen(host: str, port: int, error: type[Exception]) -> socket.socket:
    """A listening non-blocking TCP socket on ``host:port`` (port 0: a free one); raises
    ``error`` saying why not."""
    if not 0 <= port <= 65535:
        raise error(f"--port must be 0..65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise error(f"--host {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        raise error(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.setblocking(False)
    return sock


async def read_json(request: Any, limit: int, *, empty: Any = None) -> Any:
    """The JSON body of ``request``: a 413 over ``limit`` bytes, a 400 if it is not JSON
    (an empty body is ``empty`` when that is given, else not JSON)."""
    from starlette.exceptions import HTTPException

    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise HTTPException(413, f"the request body is over {limit} bytes")
    if not raw and empty is not None:
        return empty
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None


def json_error_handlers(
    statuses: Mapping[type[BaseException], int],
) -> dict[Any, Callable[[Any, Exception], Awaitable[Any]]]:
    """Starlette exception handlers answering ``{"error": message}``: an ``HTTPException``
    with its own status, each type of ``statuses`` with its status, anything else with a 500
    naming the failure (the server goes on)."""
    from starlette.exceptions import HTTPException
    from starlette.responses import JSONResponse

    def answer(status: int) -> Callable[[Any, Exception], Awaitable[Any]]:
        async def handler(request: Any, exc: Exception) -> Any:
            if isinstance(exc, HTTPException):
                return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)
            if status == 500:
                message = f"the server failed: {type(exc).__name__}: {exc}"
                return JSONResponse({"error": message}, status_code=500)
            return JSONResponse({"error": str(exc)}, status_code=status)

        return handler

    handlers: dict[Any, Callable[[Any, Exception], Awaitable[Any]]] = {HTTPException: answer(0)}
    handlers.update((kind, answer(status)) for kind, status in statuses.items())
    handlers[Exception] = answer(500)
    return handlers


def page_routes(static: Any, page: str) -> list[Any]:
    """The routes of a one-page app: ``/`` (``page``, never cached), ``/favicon.ico`` (none),
    ``/static`` (the app's ``static`` folder) and ``/cgt`` (`shared_static_dir`)."""
    from starlette.responses import HTMLResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    async def index(request: Any) -> Response:
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def favicon(request: Any) -> Response:
        return Response(status_code=204)

    return [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
        Mount("/cgt", StaticFiles(directory=str(shared_static_dir())), name="cgt"),
    ]


class LocalServer:
    """A Starlette ``app`` served by uvicorn on ``host:port`` (port 0: a free one; a bad
    address raises ``error``): `start` serves in a thread and returns once the socket listens,
    `serve_forever` serves in this thread until Ctrl-C, `close` (also on leaving a ``with``)
    stops it and calls ``on_close``."""

    def __init__(
        self,
        app: Any,
        host: str,
        port: int,
        error: type[Exception],
        on_close: Callable[[], object] | None = None,
    ) -> None:
        import uvicorn

        self.app = app
        self.socket = listen(host, port, error)
        self.host = host
        self.port = self.socket.getsockname()[1]
        self._on_close = on_close
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The address of the page."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> Self:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )
        self._thread.start()
        return self

    def serve_until_stopped(
        self, command: str, what: str, url: str | None = None, open_browser: bool = False
    ) -> None:
        """What ``cgt explore`` and the games' ``web`` commands do: say where the page is
        (``url``, by default `url`), warn when other machines can reach it (``what`` names
        it), open it in the browser if asked, and serve until Ctrl-C."""
        url = url or self.url
        print(f"{command}: serving on {url}  (Ctrl-C to stop)", flush=True)
        if self.host not in ("127.0.0.1", "localhost", "::1"):
            print(
                f"{command}: warning: listening on {self.host}, so other machines can reach "
                f"{what}; it has no password",
                file=sys.stderr,
            )
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        self.serve_forever()

    def serve_forever(self) -> None:
        """Serve in this thread until interrupted."""
        try:
            self._server.run(sockets=[self.socket])
        finally:
            self.close()

    def close(self) -> None:
        """Stop serving (and whatever ``on_close`` stops)."""
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.socket.close()
        if self._on_close is not None:
            self._on_close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
