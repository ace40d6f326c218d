"""A connection is its seat token, checked at every send: once the seat changes hands (the
player leaves, is kicked, is given to a bot, someone else takes it) every connection still
bound to the old occupant is closed at once, saying why, on every process. A stale socket
never sees the next occupant's cards, never counts as presence and never takes up the new
occupant's connections.
"""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import create, join, receive, seated, until
from tests.server.live import Server, ws_frames
from tests.server.test_services import postgres, redis_url, two_servers  # noqa: F401
from tests.server.test_tables import drain, hub_of

from unokit.server.db import StoredSeat
from unokit.server.outbox import CLOSE_SEAT_CHANGED


def _closed(ws: WebSocketTestSession) -> tuple[int | None, list[dict[str, Any]]]:
    """(the code the server closed ``ws`` with, the frames before): a ping's pong means it
    is still open (``None``)."""
    frames: list[dict[str, Any]] = []
    ws.send_json({"type": "ping", "id": 4242})
    try:
        while (frame := receive(ws))["type"] != "pong":
            frames.append(frame)
    except WebSocketDisconnect as closed:
        return closed.code, frames
    return None, frames


def _hands(frames: list[dict[str, Any]]) -> list[list[str]]:
    return [
        f["view"]["hand"]
        for f in frames
        if f["type"] == "state" and f["view"] and f["view"].get("hand") is not None
    ]


def test_leaving_through_one_socket_closes_the_other_before_anyone_takes_the_seat(
    client: TestClient,
) -> None:
    t = create(client, seats=3, bots=["random"])
    alice = join(client, t["table"], "Alice")
    with (
        seated(client, t["table"], t["token"]) as host,
        seated(client, t["table"], alice["token"]) as one,
        seated(client, t["table"], alice["token"]) as two,
    ):
        until(host, "state"), until(one, "state"), until(two, "state")
        one.send_json({"type": "leave", "id": 1})
        assert until(one, "ack")["id"] == 1
        code, frames = _closed(two)
        assert code == CLOSE_SEAT_CHANGED
        assert frames[-1]["type"] == "error" and "no longer yours" in frames[-1]["message"]
        bob = join(client, t["table"], "Bob")
        assert bob["seat"] == 1
        with seated(client, t["table"], bob["token"]) as bobs:
            assert until(bobs, "hello")["seat"] == 1
            host.send_json({"type": "start", "id": 2})
            until(host, "ack")
            bob_state = until(bobs, "state")
            while bob_state["view"] is None:
                bob_state = until(bobs, "state")
            # the socket that left watches as a spectator: never a hand
            one.send_json({"type": "ping", "id": 99})
            frames = []
            while (frame := receive(one))["type"] != "pong":
                frames.append(frame)
            states = [f for f in frames if f["type"] == "state"]
            assert states and all(f["seat"] is None for f in states) and not _hands(states)


def test_a_kicked_player_s_sockets_are_closed_and_leave_room_for_the_next(
    client: TestClient,
) -> None:
    t = create(client, seats=3, bots=["random"])
    alice = join(client, t["table"], "Alice")
    with ExitStack() as stack:
        host = stack.enter_context(seated(client, t["table"], t["token"]))
        until(host, "state")
        # the seat's whole allowance of connections (ws_per_seat: 4)
        hers = [stack.enter_context(seated(client, t["table"], alice["token"])) for _ in range(4)]
        for ws in hers:
            until(ws, "state")
        host.send_json({"type": "kick", "seat": 1, "id": 1})
        assert until(host, "ack")["id"] == 1
        for ws in hers:
            code, frames = _closed(ws)
            assert code == CLOSE_SEAT_CHANGED and frames[-1]["code"] == CLOSE_SEAT_CHANGED
            assert (frames[-1]["reason"], frames[-1]["params"]) == ("seat_gone", {})
        bob = join(client, t["table"], "Bob")
        with seated(client, t["table"], bob["token"]) as bobs:  # not locked out (4429)
            assert until(bobs, "hello")["seat"] == 1
            host.send_json({"type": "start", "id": 2})
            until(host, "ack")
            state = until(bobs, "state")
            assert state["seat"] == 1


def test_leaving_mid_game_closes_the_other_socket_before_the_stand_in_s_hand_is_sent(
    client: TestClient,
) -> None:
    t = create(client, seats=3, bots=["random"])
    alice = join(client, t["table"], "Alice")
    with (
        seated(client, t["table"], t["token"]) as host,
        seated(client, t["table"], alice["token"]) as one,
        seated(client, t["table"], alice["token"]) as two,
    ):
        until(one, "state"), until(two, "state")
        host.send_json({"type": "start", "id": 1})
        until(host, "ack")
        drain(two)
        one.send_json({"type": "leave", "id": 2})
        until(one, "ack")
        table = hub_of(client).tables[t["table"]]
        assert table.seats[1].kind == "bot"
        code, frames = _closed(two)
        assert code == CLOSE_SEAT_CHANGED
        # whatever reached the stale socket was built while Alice held the seat: never
        # the stand-in's hand
        for frame in frames:
            if frame["type"] == "state":
                assert frame["table"]["seats"][1]["kind"] == "human"


def test_a_stale_socket_neither_counts_as_presence_nor_blocks_a_kick(
    client: TestClient,
) -> None:
    t = create(client, seats=3, bots=["random"])
    alice = join(client, t["table"], "Alice")
    with (
        seated(client, t["table"], t["token"]) as host,
        seated(client, t["table"], alice["token"]) as stale,
    ):
        until(stale, "state")
        host.send_json({"type": "kick", "seat": 1, "id": 1})
        until(host, "ack")
        carol = join(client, t["table"], "Carol")
        with seated(client, t["table"], carol["token"]) as carols:
            until(carols, "state")
            host.send_json({"type": "start", "id": 2})
            until(host, "ack")
        # Carol went away; Alice's old socket was never closed by its client
        info = client.get(f"/api/tables/{t['table']}").json()
        assert info["seats"][1]["name"] == "Carol" and not info["seats"][1]["present"]
        host.send_json({"type": "kick", "seat": 1, "id": 3})
        answer = until(host, "ack")
        assert answer["id"] == 3
        assert hub_of(client).tables[t["table"]].seats[1].kind == "bot"
        code, _frames = _closed(stale)
        assert code == CLOSE_SEAT_CHANGED


def test_a_frame_is_built_for_the_seat_the_token_holds_when_it_is_sent(
    client: TestClient,
) -> None:
    """Even a change that reaches no broadcast (here: the seat rewritten in memory, as a
    catch-up from another process would) sends nothing more to the old occupant."""
    t = create(client, seats=3, bots=["random"])
    alice = join(client, t["table"], "Alice")
    with seated(client, t["table"], alice["token"]) as ws:
        until(ws, "state")
        hub = hub_of(client)
        table = hub.tables[t["table"]]
        conn = next(c for c in hub.conns[t["table"]] if c.seat == 1)
        table.seats[1] = StoredSeat(1, "human", "Mallory", None, "another-token", None)
        # the writer wakes and builds the owed frame: none
        client.portal.call(conn.queue.owe_state)  # type: ignore[union-attr]
        code, frames = _closed(ws)
        assert code == CLOSE_SEAT_CHANGED
        assert not [f for f in frames if f["type"] == "state"]
        assert conn not in hub.conns[t["table"]]


def _view(ws: Any) -> dict[str, Any]:
    while True:
        frame = ws_frames(ws)
        if frame["type"] == "state" and frame["view"] is not None:
            return frame


def _close_code(ws: Any, timeout: float = 10.0) -> tuple[int | None, list[dict[str, Any]]]:
    from websockets.exceptions import ConnectionClosed

    frames: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            frames.append(ws_frames(ws, timeout=deadline - time.monotonic()))
    except ConnectionClosed as closed:
        return (closed.rcvd.code if closed.rcvd else None), frames
    except TimeoutError:
        pass
    return None, frames


def test_a_seat_taken_through_one_process_closes_its_old_sockets_on_the_other(
    two_servers: list[Server],  # noqa: F811
) -> None:
    one, two = two_servers
    t = one.post("/api/tables", {"name": "Host", "seats": 3, "bots": ["random"]})
    alice = one.post(f"/api/tables/{t['table']}/join", {"name": "Alice"})
    with (
        one.seat(t["table"], t["token"]) as host,
        one.seat(t["table"], alice["token"]) as first,
        two.seat(t["table"], alice["token"]) as second,  # Alice's other socket: process 2
    ):
        ws_frames(host), ws_frames(first), ws_frames(second)
        first.send(json.dumps({"type": "leave", "id": 1}))
        code, frames = _close_code(second)
        assert code == CLOSE_SEAT_CHANGED
        assert frames[-1]["type"] == "error" and frames[-1]["code"] == CLOSE_SEAT_CHANGED
        bob = one.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
        assert bob["seat"] == 1
        with one.seat(t["table"], bob["token"]) as bobs:
            host.send(json.dumps({"type": "start", "id": 2}))
            _view(bobs)
            for server in two_servers:  # Bob, and only Bob, holds seat 1 on both
                info = httpx.get(f"{server.base}/api/tables/{t['table']}", timeout=10).json()
                assert info["seats"][1]["name"] == "Bob" and info["seats"][1]["present"]
        # Bob gone: no stale socket anywhere keeps his seat present, so it can be kicked
        deadline = time.monotonic() + 10
        while True:
            info = httpx.get(f"{two.base}/api/tables/{t['table']}", timeout=10).json()
            if not info["seats"][1]["present"] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert not info["seats"][1]["present"]
