"""The ``/replay`` page and its two sources of steps.

``GET /api/tables/{id}/replay``: a finished table's match, stepped through (the same rule as
its record: the full match once it is over). ``POST /api/replay``: a record the page was
given (dropped or picked), stepped through and answered; nothing of it is stored or logged.
Both replay with the real engine in a process of its own (``unokit.server.replayer``), a
few at a time, so a long record never holds up a table.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Hashable
from importlib.resources import files
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from unokit.server.hub import Hub
from unokit.server.replay import REPLAY_BODY, ReplayError
from unokit.server.replayer import Replayer, ReplayUnavailableError

__all__ = ["Stepper", "add_replay_page"]

PAGE = files("unokit.server") / "static" / "index.html"
NO_STORE = {"Cache-Control": "no-store"}
Seat = Annotated[int | None, Query(ge=0, le=15)]
"""Whose view the steps show (none: a spectator's)."""
Stepper = Callable[
    [dict[str, Any], list[str], int | None, Hashable], Awaitable[dict[str, Any] | None]
]
"""A full record's compact steps, as a spectator or one seat saw them, for a record download
(``None``: the record is beyond what the replay shows); kept under the given key."""


def add_replay_page(app: FastAPI, hub: Callable[[], Hub], replayer: Replayer) -> Stepper:
    """Serve ``/replay`` (the table page, which sees the address and replays) and its API;
    give back how a record download gets its steps (from the same ``replayer``)."""

    async def for_download(
        record: dict[str, Any], names: list[str], seat: int | None, key: Hashable
    ) -> dict[str, Any] | None:
        try:
            return await replayer.steps(record, names, seat, packed=True, key=key)
        except (ReplayError, ReplayUnavailableError):
            return None

    async def steps(
        record: Any,
        names: list[str] | None,
        seat: int | None,
        seats: Any = None,
        key: Hashable | None = None,
    ) -> JSONResponse:
        try:
            data = await replayer.steps(record, names, seat, key=key)
        except ReplayError as err:
            raise HTTPException(422, str(err)) from None
        except ReplayUnavailableError as err:
            raise HTTPException(503, str(err)) from None
        if seats is not None:
            data = dict(data, seats=seats)
        return JSONResponse(data, headers=NO_STORE)

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(str(PAGE), headers={"Cache-Control": "no-cache"})

    @app.post("/api/replay", max_body_size=REPLAY_BODY)
    async def replay_record(request: Request, seat: Seat = None) -> JSONResponse:
        """A record's steps (as ``seat`` saw them, if named); the record is read, replayed
        and forgotten."""
        try:
            record = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise HTTPException(422, "the record is not JSON") from None
        return await steps(record, None, seat)

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, seat: Seat = None) -> JSONResponse:
        """A finished table's match, step by step (as ``seat`` saw it, if named), with its
        seats' names."""
        h = hub()
        table = h.table(table_id)  # no such table: refused as everywhere
        if table.match is None or not table.match.over:
            raise HTTPException(403, "a match can be watched again once it is over")
        record = table.match.record()
        seats = table.public(set())["seats"]
        for s in seats:
            s["present"] = True
        key = ("table", table_id, table.match_no, seat)
        return await steps(record, table.names(), seat, seats, key)

    return for_download
