"""The Daihinmin table as a local web app: replay logs, watch a live match, take a seat.

`make_app` builds the Starlette application; `TableServer` serves it with uvicorn on a socket
of its own (``cgt daihinmin web``).  The page and its script are package data
(``games/daihinmin/web/static``).  The JSON API:

* ``GET /api/players``: the names a seat can hold;
* ``GET /api/logs``: the log files under ``--log`` (only these are ever read);
  ``GET /api/logs/games?log=NAME``: their games; ``GET /api/logs/game?log=NAME&index=K``: one
  game move by move (`games.daihinmin.web.timeline.timeline`);
* ``POST /api/tables`` ``{"players": [5 names], "games": N, "seed": S, "time_limit": T}``: a live
  table (`games.daihinmin.web.live.LiveTable`); ``GET /api/tables/ID?after=N``: its state and
  new log lines; ``POST /api/tables/ID/submit`` ``{"choice": ...}``: the person's play or
  exchange (a 400 answer says why the rules refuse it); ``POST /api/tables/ID/stop``;
  ``GET /api/tables/ID/game?index=K``: a finished game move by move;
  ``GET /api/tables/ID/record``: the finished games as ``games.jsonl`` lines;
  ``GET /api/tables/ID/summary``: the run as ``cgt daihinmin play --json`` prints it.

Malformed requests get a 4xx answer ``{"error": "..."}``; a failure inside gets a 500 with the
same shape; the server itself goes on.  At most `MAX_RUNNING` tables play at once.
"""

from __future__ import annotations

import json
import threading
from importlib.resources import files
from pathlib import Path
from typing import Any

import cgt
from cgt.explorer import web
from games.daihinmin.web.live import C_CLIENTS, HUMAN, LiveTable, SeatError, TableSetupError
from games.daihinmin.web.timeline import LogLibrary, TimelineError, timeline

__all__ = ["MAX_RUNNING", "TableServer", "WebError", "make_app"]

MAX_RUNNING = 4
"""Live tables playing at once."""
MAX_KEPT = 32
"""Tables remembered (the oldest finished ones are forgotten)."""
MAX_BODY = 16 * 1024


class WebError(cgt.CGTError):
    """The web table cannot start: the framework is missing, or the address cannot be used."""


def _require_web() -> None:
    web.require_web("the Daihinmin table", WebError)


class _Tables:
    """The live tables of one server."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.tables: dict[str, LiveTable] = {}
        self.count = 0
        self.lock = threading.Lock()

    def create(self, body: dict[str, Any]) -> LiveTable:
        unknown = set(body) - {"players", "games", "seed", "time_limit"}
        if unknown:
            raise TableSetupError(f"unknown fields: {', '.join(sorted(map(str, unknown)))}")
        with self.lock:
            running = [t for t in self.tables.values() if t.state in ("starting", "running")]
            if len(running) >= MAX_RUNNING:
                raise _Busy(f"{len(running)} tables are playing already; stop one first")
            self.count += 1
            table = LiveTable(
                body.get("players") or [],
                games=body.get("games", 1),
                seed=body.get("seed", 0),
                time_limit=body.get("time_limit", self.time_limit),
                table_id=f"t{self.count}",
            )
            self.tables[table.id] = table
            over = [k for k, t in self.tables.items() if t.state not in ("starting", "running")]
            for key in over[: max(0, len(self.tables) - MAX_KEPT)]:
                del self.tables[key]
        return table.start()

    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise _NotFound(f"no table {table_id!r}")
        return table

    def stop_all(self) -> None:
        for table in list(self.tables.values()):
            table.stop()


class _NotFound(cgt.CGTError, LookupError):
    pass


class _Busy(cgt.CGTError, RuntimeError):
    pass


def _index(value: str | None) -> int:
    try:
        index = int(value or "")
    except ValueError:
        raise TableSetupError(f"index: a game number from 0, not {value!r}") from None
    if index < 0:
        raise TableSetupError(f"index: a game number from 0, not {index}")
    return index


def make_app(log: str | Path | None = None, time_limit: float = 60.0) -> Any:
    """The application: logs under ``log`` (a file or folder, or none), live tables whose
    person has ``time_limit`` seconds per decision by default."""
    _require_web()
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import JSONResponse, PlainTextResponse, Response
    from starlette.routing import Route

    static = files("games.daihinmin.web") / "static"
    page = (static / "table.html").read_text(encoding="utf-8")
    library = LogLibrary(log)
    tables = _Tables(time_limit)

    async def body_of(request: Request) -> dict[str, Any]:
        body = await web.read_json(request, MAX_BODY, empty={})
        if not isinstance(body, dict):
            raise HTTPException(400, "the body is a JSON object")
        return body

    def game_of(records: list[dict[str, Any]], request: Request) -> dict[str, Any]:
        index = _index(request.query_params.get("index"))
        if index >= len(records):
            raise _NotFound(f"no game {index}: there are {len(records)}")
        view = timeline(records[index])
        before = [sum(r["points"][p] for r in records[:index]) for p in range(5)]
        return {**view, "index": index, "count": len(records), "totals_before": before}

    async def players(request: Request) -> Response:
        from games.daihinmin.players import PLAYER_NAMES

        return JSONResponse(
            {
                "players": list(PLAYER_NAMES),
                "c_clients": list(C_CLIENTS),
                "human": HUMAN,
                "time_limit": time_limit,
            }
        )

    async def logs(request: Request) -> Response:
        return JSONResponse({"logs": library.names()})

    async def log_games(request: Request) -> Response:
        records = library.games(request.query_params.get("log", ""))
        return JSONResponse(
            [
                {
                    "index": k,
                    "game": r.get("game"),
                    "names": r.get("names"),
                    "ranking": r.get("ranking"),
                    "points": r.get("points"),
                }
                for k, r in enumerate(records)
            ]
        )

    async def log_game(request: Request) -> Response:
        records = library.games(request.query_params.get("log", ""))
        return JSONResponse(game_of(records, request))

    async def new_table(request: Request) -> Response:
        table = tables.create(await body_of(request))
        return JSONResponse(table.status(), status_code=201)

    async def table_status(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        after = request.query_params.get("after", "0")
        return JSONResponse(table.status(int(after) if after.isdigit() else 0))

    async def submit(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        if table.human is None:
            raise SeatError("this table has no seat of yours")
        body = await body_of(request)
        asked = body.get("question")
        if asked is not None and (not isinstance(asked, int) or isinstance(asked, bool)):
            raise SeatError("question: the id of the question answered")
        return JSONResponse({"played": table.human.submit(body.get("choice"), asked)})

    async def stop(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        threading.Thread(target=table.stop, daemon=True).start()
        table.stopping = True
        return JSONResponse({"id": table.id, "stopping": True})

    async def table_game(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse(game_of(list(table.records), request))

    async def record(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        lines = "".join(json.dumps(r) + "\n" for r in table.records)
        return PlainTextResponse(
            lines,
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{table.id}-games.jsonl"'},
        )

    async def summary(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        if table.summary is None:
            raise HTTPException(409, f"table {table.id} is {table.state}: no summary yet")
        return JSONResponse(
            table.summary,
            headers={"Content-Disposition": f'attachment; filename="{table.id}-summary.json"'},
        )

    handlers = web.json_error_handlers(
        {
            _NotFound: 404,
            _Busy: 503,
            SeatError: 400,
            TableSetupError: 400,
            TimelineError: 404,
            cgt.CGTError: 400,
        }
    )
    routes = [
        Route("/api/players", players),
        Route("/api/logs", logs),
        Route("/api/logs/games", log_games),
        Route("/api/logs/game", log_game),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table}", table_status),
        Route("/api/tables/{table}/submit", submit, methods=["POST"]),
        Route("/api/tables/{table}/stop", stop, methods=["POST"]),
        Route("/api/tables/{table}/game", table_game),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/summary", summary),
        *web.page_routes(static, page),
    ]
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.tables = tables
    return app


class TableServer(web.LocalServer):
    """``make_app(log, time_limit)`` served on ``host:port`` (port 0: a free one): `start`
    serves in a thread, `serve_forever` in this one; `close` stops the server and its tables.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        log: str | Path | None = None,
        time_limit: float = 60.0,
    ) -> None:
        _require_web()
        app = make_app(log, time_limit)
        super().__init__(app, host, port, WebError, app.state.tables.stop_all)
