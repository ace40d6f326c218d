"""The ``/replay`` page and its two sources of steps.

``GET /api/tables/{id}/replay``: a finished table's match, stepped through (the same rule as
its record: the full match once it is over). ``POST /api/replay``: a record the page was
given (dropped or picked), stepped through and answered; nothing of it is stored or logged.
Both replay with the real engine in a process of its own (``unokit.server.replayer``), which
also parses the record and encodes the answer: the event loop only moves bytes, and sends
a large answer in chunks, so a long record never holds up a table. A record sent is admitted
before its body is read (``Replayer.admit``): past its client's share or the queue's bound it
is answered 503 with ``Retry-After``, unread.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from importlib.resources import files
from typing import Annotated, Any, Final

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse, Response, StreamingResponse

from unokit.server.hub import Hub
from unokit.server.replay import REPLAY_BODY, ReplayError
from unokit.server.replayer import (
    RETRY_AFTER,
    Replayer,
    ReplayUnavailableError,
    check_containers,
    encode,
)

__all__ = ["Stepper", "add_replay_page", "json_answer"]

PAGE = files("unokit.server") / "static" / "index.html"
NO_STORE = {"Cache-Control": "no-store"}
CHUNK: Final = 64 * 1024
"""Bytes of a large answer written at a time: between two, the loop serves the tables, and
a slow reader holds one chunk in its socket's buffer rather than the whole answer."""
Seat = Annotated[int | None, Query(ge=0, le=15)]
"""Whose view the steps show (none: a spectator's)."""
Stepper = Callable[[dict[str, Any], list[str], int | None, Hashable, str], Awaitable[bytes | None]]
"""A full record's compact steps as JSON, as a spectator or one seat saw them, for a record
download by the given client (``None``: the record is beyond what the replay shows, or the
replays are busy); kept under the given key."""


def json_answer(body: bytes, headers: dict[str, str]) -> Response:
    """``body`` (JSON already encoded) as the answer; a large one streamed in chunks."""
    if len(body) <= CHUNK:
        return Response(body, media_type="application/json", headers=headers)

    async def chunks() -> AsyncIterator[bytes]:
        view = memoryview(body)
        for start in range(0, len(body), CHUNK):
            yield bytes(view[start : start + CHUNK])

    return StreamingResponse(
        chunks(),
        media_type="application/json",
        headers={**headers, "Content-Length": str(len(body))},
    )


async def _read_record(request: Request) -> bytes:
    """A record's body, its objects and lists counted as it comes: past what a record the
    replay can show holds, ``ReplayError`` at once, the rest never read (the server closes
    the connection rather than read it: ``unokit.server.slowguard``)."""
    parts, count = [], 0
    async for part in request.stream():
        count = check_containers(part, count)
        parts.append(part)
    return b"".join(parts)


def _unavailable(err: ReplayUnavailableError) -> HTTPException:
    return HTTPException(503, str(err), headers={"Retry-After": str(RETRY_AFTER)})


def add_replay_page(
    app: FastAPI, hub: Callable[[], Hub], replayer: Replayer, address: Callable[[Request], str]
) -> Stepper:
    """Serve ``/replay`` (the table page, which sees the address and replays) and its API;
    give back how a record download gets its steps (from the same ``replayer``). Replays
    are rationed by the client ``address`` counts."""

    async def for_download(
        record: dict[str, Any], names: list[str], seat: int | None, key: Hashable, client: str
    ) -> bytes | None:
        try:
            return await replayer.steps(record, names, seat, client=client, packed=True, key=key)
        except (ReplayError, ReplayUnavailableError):
            return None

    def answer(data: bytes, seats: Any = None) -> Response:
        if seats is not None:  # the steps' object, with the seats added
            data = data[:-1] + b',"seats":' + encode(seats) + b"}"
        return json_answer(data, NO_STORE)

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(str(PAGE), headers={"Cache-Control": "no-cache"})

    @app.post("/api/replay", max_body_size=REPLAY_BODY)
    async def replay_record(request: Request, seat: Seat = None) -> Response:
        """A record's steps (as ``seat`` saw them, if named); the record is read, replayed
        and forgotten."""
        client = address(request)
        try:
            with replayer.admit(client):
                body = await _read_record(request)
                data = await replayer.run(body, None, seat, client=client)
        except ReplayError as err:
            raise HTTPException(422, str(err)) from None
        except ReplayUnavailableError as err:
            raise _unavailable(err) from None
        return answer(data)

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, request: Request, seat: Seat = None) -> Response:
        """A finished table's match, step by step (as ``seat`` saw it, if named), with its
        seats' names."""
        h = hub()
        table = h.table(table_id)  # no such table: refused as everywhere
        if table.match is None or not table.match.over:
            raise HTTPException(403, "a match can be watched again once it is over")
        seats = table.public(set())["seats"]
        for s in seats:
            s["present"] = True
        key = ("table", table_id, table.match_no, seat)
        try:
            data = replayer.kept(key)
            if data is None:
                record = table.match.record()
                data = await replayer.steps(
                    record, table.names(), seat, client=address(request), key=key
                )
        except ReplayError as err:
            raise HTTPException(422, str(err)) from None
        except ReplayUnavailableError as err:
            raise _unavailable(err) from None
        return answer(data, seats)

    return for_download
