"""Rations on what one client may make the server do: pages and WebSocket connects per
address, refused frames and actions logged as a count, a refused frame answered with its
id, and bot workers shared so that many clients cannot starve one."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from starlette.testclient import WebSocketDenialResponse
from tests.server.conftest import create, receive, seated, until, url

from unokit.server.rations import Rations


def test_pages_are_rationed_per_address_and_health_never(make_client: Any) -> None:
    client = make_client(page_rate=1, page_burst=3)
    answers = [client.get("/").status_code for _ in range(13)]
    assert answers[:3] == [200, 200, 200] and 429 in answers, answers
    assert client.get("/replay").headers["retry-after"]
    assert all(client.get("/health").status_code == 200 for _ in range(10))


def test_websocket_connects_are_rationed_per_address(make_client: Any) -> None:
    """A socket reconnecting in a loop would send its table a presence frame each time:
    past its connects, one address's new socket is refused before its handshake (an HTTP
    429 with Retry-After: never upgraded, no frame, the cheapest refusal there is)."""
    client = make_client(connects_per_minute=6, connects_burst=2)
    t = create(client, seats=2)
    for _ in range(2):
        with seated(client, t["table"], t["token"]) as ws:
            assert receive(ws)["type"] in ("hello", "state")
    with (
        pytest.raises(WebSocketDenialResponse) as refused,
        client.websocket_connect(url(t["table"])),
    ):
        pass
    assert refused.value.status_code == 429
    assert int(refused.value.headers["retry-after"]) >= 1
    assert "too many connections" in refused.value.json()["error"]


def _frames_before_pong(ws: Any) -> list[dict[str, Any]]:
    """The frames a socket gets before the answer to a ping it sends now."""
    ws.send_json({"type": "ping", "id": 99})
    frames = []
    while (frame := receive(ws))["type"] != "pong":
        frames.append(frame)
    return frames


def _present(frame: dict[str, Any]) -> list[bool]:
    return [bool(s["present"]) for s in frame["table"]["seats"]]


def test_a_seat_reconnecting_in_a_loop_is_told_to_its_table_once(make_client: Any) -> None:
    """Each connect and close of a seat was a state frame to every other connection at its
    table (127,344 frames to 56 spectators in 20 s): changes are now told once for all of
    them ``presence_delay`` later (here never, within the test)."""
    client = make_client(presence_delay=3600.0)
    t = create(client, seats=2)
    with seated(client, t["table"]) as watcher:
        until(watcher, "state")
        for _ in range(10):
            with seated(client, t["table"], t["token"]) as host:
                until(host, "state")
        assert _frames_before_pong(watcher) == []


def test_a_seat_s_comings_and_goings_that_change_nothing_shown_are_not_told(
    make_client: Any,
) -> None:
    """Told at once (``presence_delay`` 0), a seat present that opens and closes more
    sockets changes nothing a spectator sees, and the spectator is sent nothing; the seat
    going is told."""
    client = make_client(presence_delay=0.0)
    t = create(client, seats=2)
    with seated(client, t["table"]) as watcher:
        assert _present(until(watcher, "state")) == [False, False]
        with seated(client, t["table"], t["token"]) as host:
            until(host, "state")
            while _present(until(watcher, "state")) != [True, False]:
                pass
            for _ in range(10):
                with seated(client, t["table"], t["token"]) as copy:
                    until(copy, "state")
            assert _frames_before_pong(watcher) == []
        while _present(until(watcher, "state")) != [False, False]:
            pass


def test_a_frame_refused_by_the_frame_rate_is_answered_with_its_id(make_client: Any) -> None:
    client = make_client(rate=0.05, burst=1)  # a frame per 20 s: the second is refused
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "ping", "id": 1})
        ws.send_json({"type": "ping", "id": 2})
        answers = {}
        while len(answers) < 2:
            frame = receive(ws)
            if frame["type"] in ("pong", "error"):
                answers[frame["id"]] = frame["type"]
    assert answers == {1: "pong", 2: "error"}


def test_refused_actions_are_logged_as_a_count_not_a_line_each(
    make_client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_client(rate=1000.0, burst=1000, log_interval=3600.0)
    t = create(client, seats=2, bots=["random"], seed=5)
    with (
        caplog.at_level(logging.INFO, logger="unokit.server"),
        seated(client, t["table"], t["token"]) as ws,
    ):
        ws.send_json({"type": "start", "id": 1})
        until(ws, "ack")
        for n in range(20):
            ws.send_json({"type": "act", "action": "play R99", "id": 10 + n})
        errors = 0
        while errors < 20:
            frame = receive(ws)
            errors += frame["type"] == "error"
    lines = [r for r in caplog.records if r.getMessage() == "action refused"]
    assert len(lines) == 1, [r.__dict__ for r in lines]
    assert lines[0].__dict__["kind"] == "play" and "R99" not in str(lines[0].__dict__)


def test_a_client_served_longest_ago_gets_the_next_worker_whatever_the_others_queue() -> None:
    """Four clients, each with many tables waiting, hold the four workers; a fifth client's
    decision gets the next one given back, ahead of everything the four queued before it."""

    async def main() -> list[str]:
        rations: Rations[int] = Rations(4, clock=lambda: 0.0)
        for worker in range(4):
            rations.add(worker)
        held = {c: await rations.take(c) for c in ("A", "B", "C", "D")}
        queued = [asyncio.ensure_future(rations.take(c)) for c in "ABCD" * 5]
        await asyncio.sleep(0)
        victim = asyncio.ensure_future(rations.take("V"))
        await asyncio.sleep(0)
        order = []
        for client in ("A", "B"):
            rations.give_back(client, held[client])
            await asyncio.sleep(0)
            if victim.done() and "V" not in order:
                order.append("V")
            order += [
                c for c, f in zip("ABCD" * 5, queued, strict=True) if f.done() and c not in order
            ]
        for f in queued:
            f.cancel()
        return order

    order = asyncio.run(main())
    assert order[0] == "V", order
