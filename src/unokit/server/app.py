"""The ASGI app: the page, the JSON API, the health check and the table WebSocket."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib.resources import files
from typing import Annotated, Any
from urllib.parse import urlsplit

import orjson
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

from unokit.bots.strengths import STRENGTH_WORDS, STRENGTHS
from unokit.i18n import speaks
from unokit.refusals import page_words
from unokit.rules import SCORINGS, SWITCHES, Rules
from unokit.server.addresses import OTHER
from unokit.server.bounds import SECONDS, TARGET, check_house
from unokit.server.companions import COMPANION_FOLDERS, service_worker
from unokit.server.config import ServerConfig
from unokit.server.coord import Coordinator, RedisCoordinator
from unokit.server.db import Store, migrate, open_engine
from unokit.server.error_frames import error_frame, reason_fields
from unokit.server.guards import (
    RateLimits,
    SecurityHeaders,
    StrictJsonRoute,
    validation_error,
)
from unokit.server.hub import (
    ActionRefusedError,
    BadRequestError,
    Connection,
    Hub,
    LimitError,
    MovedError,
    SlowDownError,
    TableError,
    UnavailableError,
)
from unokit.server.names import NAME_LIMIT, TITLE_LIMIT, check_name, check_title
from unokit.server.outbox import CLOSE_ELSEWHERE
from unokit.server.ownership import Ownership
from unokit.server.protocol import Act, ClientFrame, FrameError, parse_auth, parse_frame
from unokit.server.protocol import frame_id as frame_id_of
from unokit.server.replayer import Replayer, encode
from unokit.server.replaypage import add_replay_page, json_answer
from unokit.server.scorepage import add_score_page
from unokit.server.table import TableSettings
from unokit.server.tableevents import table_events

__all__ = ["create_app"]

log = logging.getLogger("unokit.server")

STATIC = files("unokit.server") / "static"

# WebSocket close codes (RFC 6455 private range): why the server ended a connection.
CLOSE_BAD_ORIGIN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_BAD_TOKEN = 4401
CLOSE_BAD_HELLO = 4400
CLOSE_TOO_MANY = 4429
CLOSE_TRY_AGAIN = 1013
"""RFC 6455's "try again later": a service the table needs (Redis) failed; the page retries."""

LOBBY_PAGE = 50
"""Open tables the lobby lists at most, the newest first."""

AUTH_TIMEOUT = 10.0
"""Seconds a new WebSocket has to send its ``auth`` frame."""


def _token_in_url(params: Any) -> bool:
    return any("token" in key.lower() for key in params)


Name = Annotated[str, Field(min_length=1, max_length=NAME_LIMIT), AfterValidator(check_name)]


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    preset: str = "mattel-2021"
    house: Annotated[
        dict[str, bool | int | float | str | None],
        Field(default_factory=dict, max_length=32),
        AfterValidator(check_house),
    ]
    seats: Annotated[int, Field(ge=2, le=16)] = 4
    target: Annotated[int, Field(ge=TARGET[0], le=TARGET[1])] | None = None
    turn_timer: Annotated[float, Field(ge=SECONDS[0], le=SECONDS[1])] | None = None
    reaction: Annotated[float, Field(ge=0, le=600)] | None = None
    bots: list[Annotated[str, Field(min_length=1, max_length=80)]] = Field(
        default_factory=list, max_length=15
    )
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    title: Annotated[str, Field(max_length=TITLE_LIMIT), AfterValidator(check_title)] = ""


class JoinTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    seat: Annotated[int, Field(ge=0, le=15)] | None = None


_FORM_SWITCHES: dict[str, bool | int | str] = {
    "stacking": True,
    "seven_o": True,
    "jump_in": True,
    "draw_to_match": True,
    "first_card_effect": True,
}
"""The house rules the page's create form offers as check boxes."""


def _accepted(preset: str, switches: dict[str, bool | int | str]) -> list[str]:
    """The switches of ``switches`` the preset takes (the form shows only those)."""
    out = []
    for key, value in switches.items():
        try:
            Rules.preset(preset, **{key: value})
        except ValueError:
            continue
        out.append(key)
    return out


class UrlLimit:
    """Refuse at once a request whose path and query pass ``limit`` bytes (414; a
    WebSocket handshake is refused before it is accepted)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            size = len(scope.get("raw_path") or scope["path"]) + len(scope["query_string"])
            if size > self.limit:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                else:
                    response = JSONResponse({"error": "the address is too long"}, 414)
                    await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _origin_ok(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket must come from our own page: an origin the operator named
    (``--origin``), or, where none is named, the origin the request's Host names. Once
    origins are named, Host is not consulted: a rebound name (Host = Origin = a stranger's
    domain) is refused."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: no ambient credentials to abuse
    if origin in allowed:
        return True
    if allowed:
        return False
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


def create_app(config: ServerConfig) -> FastAPI:
    """The table server for ``config`` (migrates the database on start)."""
    state: dict[str, Hub] = {}
    replayer = Replayer()
    addresses = config.addresses()

    def _address(request: Request | WebSocket) -> str:
        """Who is asking, for the limits: the client's address (behind a trusted proxy,
        the one it forwards in ``X-Forwarded-For``: uvicorn reads it), an IPv6 address's
        prefix as one (``unokit.server.addresses``)."""
        client = request.client
        return addresses.client(client.host) if client is not None else OTHER

    sockets: Counter[str] = Counter()
    """Open WebSockets per client address (this process)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = open_engine(config.db, config.db_timeout)
        migrate(engine)
        store = Store(engine)
        owned = bool(config.redis and config.route)
        coord = (
            RedisCoordinator(config.redis, presence_ttl=config.presence_ttl, owned=owned)
            if config.redis
            else Coordinator()
        )
        ownership = None
        if config.redis and config.route and isinstance(coord, RedisCoordinator):
            ownership = Ownership(config.redis, coord.process, config.route, config.lease)
        hub = Hub(config, store, coord, ownership)
        await hub.start()
        state["hub"] = hub
        app.state.hub = hub
        app.state.replayer = replayer
        try:
            yield
        finally:
            await hub.stop()
            replayer.close()
            store.close()

    app = FastAPI(
        title="unokit table server",
        lifespan=lifespan,
        # the schema only when the operator asks; never a docs page (it loads from a CDN)
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if config.api_docs else None,
        max_body_size=config.max_body,
    )
    app.router.route_class = StrictJsonRoute
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_middleware(
        RateLimits,
        addresses=addresses,
        api=(config.api_rate, config.api_burst),
        pages=(config.page_rate, config.page_burst),
        connects=(config.connects_per_minute / 60.0, config.connects_burst),
    )
    app.add_middleware(UrlLimit, limit=config.max_url)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    add_score_page(app)

    def hub() -> Hub:
        return state["hub"]

    replay_of = add_replay_page(app, hub, replayer, _address)

    @app.exception_handler(TableError)
    async def table_error(request: Request, err: TableError) -> Response:
        if isinstance(err, MovedError) and err.route:  # the owner's own path, same request
            query = request.url.query
            where = err.route + request.url.path + (f"?{query}" if query else "")
            return RedirectResponse(where, status_code=307)
        status = 409
        if isinstance(err, BadRequestError):
            status = 400
        elif isinstance(err, LimitError):
            status = 429
        elif isinstance(err, (UnavailableError, MovedError)):
            status = 503
        r = reason_fields(err)  # the code a page tells in its reader's language
        body = {"error": str(err), "reason": r["reason"], "params": r["params"]}
        return JSONResponse(body, status_code=status)

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def words_of(lang: str) -> Response:
        """One language's catalogue for the page (unokit/i18n): the same words as the
        terminal's, served from the package so the page has nothing of its own to keep."""
        if not speaks(lang):
            return JSONResponse({"error": f"no catalogue for {lang!r}"}, status_code=404)
        return Response(
            orjson.dumps(page_words(lang)),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=3600"},
        )

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/unit", include_in_schema=False)
    async def unit_page() -> FileResponse:
        """The Triple Play unit on a phone, for a game with real cards (docs/companions.md)."""
        return FileResponse(str(STATIC / "unit" / "index.html"))

    worker: list[str] = []

    @app.get("/sw.js", include_in_schema=False)
    async def companion_worker() -> Response:
        """The one service worker, at the root so that it may keep ``/unit`` and ``/score``;
        it answers only for the companion pages' files (``unokit.server.companions``)."""
        if not worker:
            routes = {getattr(r, "path", None) for r in app.routes}
            worker.append(service_worker(f"/{n}" for n in COMPANION_FOLDERS if f"/{n}" in routes))
        return Response(
            worker[0],
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
        )

    @app.get("/health")
    async def health() -> dict[str, Any]:
        h = hub()
        try:
            await h.check_database()
        except UnavailableError as err:
            raise HTTPException(503, str(err)) from None
        return {
            "status": "ok",
            "tables": len(h.tables),
            "connections": sum(len(c) for c in h.conns.values()),
            "shared": h.coord.shared,
        }

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        """What the create form offers: presets, seat limits, switches, bots."""
        presets = []
        for name in Rules.presets():
            rules = Rules.preset(name)
            presets.append(
                {
                    "name": name,
                    "min": rules.min_players,
                    "max": rules.max_players,
                    "target": rules.target,
                    "house": _accepted(name, _FORM_SWITCHES),
                    "scorings": [s for s in SCORINGS if _accepted(name, {"scoring": s})],
                    "timer_mode": bool(_accepted(name, {"timer": 10})),
                }
            )
        bots = hub().menu.names()
        strengths = {
            name: {"spec": spec, "words": STRENGTH_WORDS[name]} for name, spec in STRENGTHS.items()
        }
        return {
            "presets": presets,
            "switches": list(SWITCHES),
            "bots": bots,
            "strengths": strengths,
            "seeds": config.fixed_seeds,  # whether a chosen seed is taken (the form shows it)
            "reaction": {
                "default": config.reaction,
                "min": config.min_reaction,
                "max": config.max_reaction,
            },
        }

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        house = dict(body.house)
        if body.target is not None:
            house["target"] = body.target
        settings = TableSettings(
            preset=body.preset,
            house=house,
            seats=body.seats,
            turn_timer=body.turn_timer,
            reaction=body.reaction,
            title=body.title,
        )
        table, token = await hub().create(
            name=body.name,
            settings=settings,
            bots=body.bots,
            seed=body.seed,
            address=_address(request),
        )
        await hub()._changed(table)
        return {"table": table.id, "seat": 0, "token": token, "url": f"/t/{table.id}"}

    @app.get("/api/tables")
    async def lobby() -> list[dict[str, Any]]:
        """Tables waiting for players: the ``LOBBY_PAGE`` newest (a lobby polls this every
        few seconds, and 2,000 open tables would make each answer a megabyte)."""
        h = hub()
        newest = await h.lobby(LOBBY_PAGE)
        return [table.public(await h.coord.present(table.id)) for table in newest]

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        h = hub()
        return (await h.get(table_id)).public(await h.coord.present(table_id))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinTable, request: Request) -> dict[str, Any]:
        seat, token = await hub().join(table_id, body.name, body.seat, _address(request))
        return {"table": table_id, "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/record")
    async def record(
        table_id: str,
        request: Request,
        x_seat_token: Annotated[str | None, Header(max_length=100)] = None,
    ) -> Response:
        if _token_in_url(request.query_params):
            raise HTTPException(
                400, "send the seat token in the X-Seat-Token header, never the URL"
            )
        await hub().get(table_id)  # taken here first, with ownership
        table = hub().table(table_id)
        match = table.match
        seat = None
        if match is not None and not match.over:
            seat = table.seat_for_token(x_seat_token)
        # the whole answer of an unchanged table is kept, encoded: a client asking again and
        # again costs the loop bytes only (``hub().record`` and the encoding take ms)
        key = ("record", table_id, table.match_no, table.version, seat, tuple(table.names()))
        headers = {"Content-Disposition": f'attachment; filename="unokit-{table_id}.json"'}
        mine = match is not None and (match.over or seat is not None)  # else refused below
        if mine and (body := replayer.kept(key)) is not None:
            return json_answer(body, headers)
        try:
            data = hub().record(table_id, x_seat_token)
        except TableError as err:
            raise HTTPException(403, str(err)) from None
        # a chosen seed let the host know every card: the record says so
        data["fixed_seed"] = table.fixed_seed
        # the seats' names, so the record replays with them (/replay, a dropped file)
        data["names"] = table.names()
        data["table_events"] = table_events(table)  # leavers, as codes
        # its steps, so /replay steps through the file with no request: a seat's from the
        # full match as that seat saw it (its own view only), the full record's as a
        # spectator saw them
        assert match is not None  # hub().record refused a table not started
        full = data if seat is None else match.record()
        steps_key = (table_id, table.match_no, len(match.rounds), len(match.game.log), seat)
        steps = await replay_of(full, table.names(), seat, steps_key, _address(request))
        body = encode(data)
        if steps is not None:  # the steps come encoded (``Replayer``): added as they are
            body = body[:-1] + b',"replay":' + steps + b"}"
            replayer.keep(key, body)
        return json_answer(body, headers)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        h = hub()
        if not _origin_ok(websocket, config.origins):
            log.warning("websocket origin refused", extra={"table": table_id})
            await websocket.close(code=CLOSE_BAD_ORIGIN)
            return
        address = _address(websocket)
        await websocket.accept()

        async def refuse(message: str, code: int) -> None:
            await websocket.send_text(json.dumps(error_frame(message)))
            await websocket.close(code=code)

        if _token_in_url(websocket.query_params):
            await refuse(
                'seat tokens travel in the first frame ({"type": "auth", "token": ...}), '
                "never in the URL",
                CLOSE_BAD_HELLO,
            )
            return
        if sockets[address] >= config.ws_per_address:
            await refuse(
                f"at most {config.ws_per_address} connections from one address", CLOSE_TOO_MANY
            )
            return
        sockets[address] += 1
        try:
            try:
                token = parse_auth(await asyncio.wait_for(_first(websocket), AUTH_TIMEOUT))
            except (FrameError, TimeoutError) as err:
                why = str(err) if isinstance(err, FrameError) else "no auth frame in time"
                await refuse(why, CLOSE_BAD_HELLO)
                return
            try:
                conn = await h.connect(table_id, token, address)
            except MovedError as err:  # the page connects again at the owner's route
                await websocket.close(code=CLOSE_ELSEWHERE, reason=err.route)
                return
            except LimitError as err:
                await refuse(str(err), CLOSE_TOO_MANY)
                return
            except UnavailableError as err:
                await refuse(str(err), CLOSE_TRY_AGAIN)
                return
            except TableError as err:
                await refuse(str(err), CLOSE_BAD_TOKEN if token else CLOSE_NO_TABLE)
                return
            await _serve(h, websocket, conn, config)
        except WebSocketDisconnect:
            pass
        finally:
            sockets[address] -= 1
            if sockets[address] <= 0:
                del sockets[address]

    return app


async def _first(websocket: WebSocket) -> str | bytes:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else (message.get("bytes") or b"")


async def _serve(hub: Hub, websocket: WebSocket, conn: Connection, config: ServerConfig) -> None:
    """Read frames, and send what the connection is owed (``Outbox``), until either side
    ends it: the client going away, or the server closing it (its seat changed hands, or
    it fell too far behind)."""

    async def reader() -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            frame_id = None
            frame: ClientFrame | None = None
            pause = 0.0
            try:
                if not conn.allow(config.rate, config.burst):
                    pause = 1.001 / config.rate  # a token, and a little more
                    frame_id = frame_id_of(raw)
                    raise FrameError("too many frames: slow down")
                frame = parse_frame(raw)
                frame_id = frame.id
                # a change under way finishes even if the connection is closed meanwhile
                await asyncio.shield(hub.handle(conn, frame))
            except (FrameError, TableError) as err:
                if isinstance(err, FrameError):
                    _log_refusal(conn, "bad frame", {"reason": str(err)[:200]}, config)
                elif isinstance(err, ActionRefusedError) and isinstance(frame, Act):
                    # the first word only: the rest may name a card in the player's hand
                    kind = frame.action.split(" ", 1)[0][:10]
                    _log_refusal(conn, "action refused", {"kind": kind}, config)
                if isinstance(err, SlowDownError):
                    pause = err.wait
                conn.queue.put_nowait(json.dumps(error_frame(err, frame_id)))
            if pause > 0:  # over a rate: what it sends meanwhile waits in its own socket
                await asyncio.sleep(pause)

    tasks = [asyncio.create_task(conn.queue.pump(websocket)), asyncio.create_task(reader())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
        await hub.disconnect(conn)


def _log_refusal(conn: Connection, what: str, fields: dict[str, Any], config: ServerConfig) -> None:
    """One log line per connection per ``config.log_interval`` seconds for its refused
    frames and actions, with the count it stands for (``frames``): a client sending nothing
    but refused ones would otherwise write the log as fast as the frame rate lets it."""
    import time

    conn.unlogged += 1
    now = time.monotonic()
    if now - conn.logged < config.log_interval:
        return
    log.warning(
        what,
        extra={"table": conn.table_id, "seat": conn.seat, **fields, "frames": conn.unlogged},
    )
    conn.logged, conn.unlogged = now, 0
