"""Presence across processes on real PostgreSQL + Redis: one shared fact with an expiry.

Two ``unokit serve`` processes share the tables; a player connected to either one counts
as present for both, the host role and kicks are decided against that, and the players of
a process killed with ``kill -9`` count as gone within the presence time to live, so the
stand-in plays their turns. A process stopped past the time to live looks dead meanwhile,
and its players count as present again once it runs; a count whose write Redis refused is
written by the next beat.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import redis.asyncio as aioredis
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import config_for, create, join, receive, seated
from tests.server.live import Server, ws_frames
from tests.server.test_services import postgres, redis_url  # noqa: F401 - fixtures
from tests.server.test_tables import hub_of

from unokit.server.app import create_app
from unokit.server.coord import REDIS_CONNECTIONS, RedisCoordinator

TTL, GRACE = 1.0, 1.0


@pytest.fixture
def pair(postgres: str, redis_url: str, tmp_path: Path) -> Iterator[list[Server]]:  # noqa: F811
    flags = (
        "--redis", redis_url, "--bot-delay", "0", "--grace", str(GRACE),
        "--presence-ttl", str(TTL), "--round-pause", "3600",
    )  # fmt: skip
    servers = [Server(postgres, tmp_path / f"server{i}.log", *flags) for i in (1, 2)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def _info(server: Server, table: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json())


def _until_view(ws: Any) -> dict[str, Any]:
    while True:
        frame = ws_frames(ws)
        if frame["type"] == "state" and frame["view"] is not None:
            return frame


def _latest(ws: Any) -> dict[str, Any]:
    """The last state frame queued for ``ws`` (a ping's pong ends the queue)."""
    ws.send('{"type": "ping", "id": 999}')
    state: dict[str, Any] = {}
    while (frame := ws_frames(ws))["type"] != "pong":
        if frame["type"] == "state":
            state = frame
    return state


def _answer(ws: Any, frame_id: int) -> dict[str, Any]:
    while True:
        frame = ws_frames(ws)
        if frame["type"] in ("ack", "error") and frame.get("id") == frame_id:
            return frame


def test_a_connected_host_keeps_the_role_across_processes(pair: list[Server]) -> None:
    one, two = pair
    t = one.post("/api/tables", {"name": "Ann", "seats": 2})
    bob = one.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    with (
        two.seat(t["table"], t["token"]) as ann,  # the host on process 2
        one.seat(t["table"], bob["token"]) as bobs,  # Bob on process 1
    ):
        ws_frames(ann), ws_frames(bobs)
        ann.send('{"type": "start", "id": 1}')
        assert _answer(ann, 1)["type"] == "ack"
        before = _info(one, t["table"])["version"]
        time.sleep(GRACE + 3 * TTL)  # long past the grace period
        for server in pair:
            info = _info(server, t["table"])
            assert info["owner"] == 0  # the host role never moved
            assert all(s["present"] for s in info["seats"])
        assert _info(one, t["table"])["version"] - before <= 3  # no flapping


def test_a_host_cannot_kick_a_player_present_on_another_process(pair: list[Server]) -> None:
    one, two = pair
    t = one.post("/api/tables", {"name": "Ann", "seats": 2})
    bob = one.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    with (
        two.seat(t["table"], t["token"]) as ann,
        one.seat(t["table"], bob["token"]) as bobs,
    ):
        ws_frames(ann), ws_frames(bobs)
        ann.send('{"type": "start", "id": 1}')
        _answer(ann, 1)
        time.sleep(GRACE + TTL)
        ann.send('{"type": "kick", "seat": 1, "id": 2}')
        answer = _answer(ann, 2)
        assert answer["type"] == "error" and "absent" in answer["message"]


def _present_on(server: Server, table: str, seat: int, present: bool, within: float) -> None:
    deadline = time.monotonic() + within
    while _info(server, table)["seats"][seat]["present"] != present:
        assert time.monotonic() < deadline, (
            f"seat {seat} still {'absent' if present else 'present'}"
        )
        time.sleep(0.05)


def test_a_process_stalled_past_the_time_to_live_has_its_players_back(pair: list[Server]) -> None:
    one, two = pair
    t = one.post("/api/tables", {"name": "Ann", "seats": 2})
    bob = one.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    with (
        two.seat(t["table"], t["token"]) as ann,
        one.seat(t["table"], bob["token"]) as bobs,  # Bob on process 1
    ):
        ws_frames(ann), ws_frames(bobs)
        ann.send('{"type": "start", "id": 1}')
        assert _answer(ann, 1)["type"] == "ack"
        _present_on(two, t["table"], 1, True, within=5 * TTL)
        one.pause()  # process 1 stops running: its key lapses, and process 2 deletes its counts
        try:
            _present_on(two, t["table"], 1, False, within=5 * TTL)
        finally:
            one.resume()
        _present_on(two, t["table"], 1, True, within=5 * TTL)  # its next beat counts Bob again
        time.sleep(2 * TTL)  # and he stays counted
        ann.send('{"type": "kick", "seat": 1, "id": 2}')
        answer = _answer(ann, 2)
        assert answer["type"] == "error" and "absent" in answer["message"]
    assert "presence lapsed" in one.log.read_text()


def test_a_killed_process_s_player_is_played_by_the_stand_in(pair: list[Server]) -> None:
    one, two = pair
    t = two.post("/api/tables", {"name": "Ann", "seats": 2})
    bob = two.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    with (
        two.seat(t["table"], t["token"]) as ann,
        one.seat(t["table"], bob["token"]) as bobs,
    ):
        ws_frames(ann), ws_frames(bobs)
        ann.send('{"type": "start", "id": 1}')
        _answer(ann, 1)
        frame = _latest(ann)
        n = 10
        while frame["view"]["to_play"] != 1:  # Ann plays until it is Bob's turn
            n += 1
            ann.send(json.dumps({"type": "act", "action": frame["view"]["legal"][0], "id": n}))
            _answer(ann, n)
            frame = _latest(ann)
        version = frame["version"]
        one.kill()  # Bob's process dies while Bob is to play; Bob never comes back
        killed = time.monotonic()
        while True:
            frame = _until_view(ann)
            if frame["version"] > version and frame["events"]:
                break
        waited = time.monotonic() - killed
    assert any(e["event"].get("seat") == 1 for e in frame["events"])  # Bob's seat moved
    assert waited < TTL + GRACE + 5.0
    assert not _info(two, t["table"])["seats"][1]["present"]


def test_a_count_whose_write_failed_is_written_by_the_next_beat(redis_url: str) -> None:  # noqa: F811
    async def notice(table: str) -> None:
        pass

    async def main() -> None:
        coord = RedisCoordinator(redis_url, presence_ttl=TTL)
        admin = aioredis.Redis.from_url(redis_url)
        await coord.start(notice)
        try:
            await coord.presence("T", 0, +1)
            await coord.presence("T", 1, +1)
            await admin.config_set("min-replicas-to-write", 1)  # Redis now refuses writes
            try:
                with pytest.raises(redis.RedisError):
                    await coord.presence("T", 1, -1)  # seat 1's socket closed; Redis refused it
                assert await admin.hexists("unokit:presence:T", f"1:{coord.process}")  # stale
            finally:
                await admin.config_set("min-replicas-to-write", 0)
            deadline = time.monotonic() + 5 * TTL
            while await coord.present("T") != {0}:  # a beat writes what failed
                assert time.monotonic() < deadline, "seat 1 still counted"
                await asyncio.sleep(0.05)
            await coord.presence("T", 1, +1)
            assert await coord.present("T") == {0, 1}
        finally:
            await coord.close()
            await admin.config_set("min-replicas-to-write", 0)
            await admin.aclose()

    asyncio.run(main())


def test_a_crowd_of_redis_calls_waits_for_a_connection_rather_than_failing(
    redis_url: str,  # noqa: F811
) -> None:
    """More calls in flight than the pool's connections (a crowd connecting at once) queue
    for one; with redis-py's default pool the rest failed with "Too many connections", and
    their sockets closed without a word."""

    async def notice(table: str) -> None:
        pass

    async def main() -> None:
        coord = RedisCoordinator(redis_url, presence_ttl=TTL)
        await coord.start(notice)
        try:
            await coord.presence("T", 0, +1)
            crowd = await asyncio.gather(
                *(coord.present("T") for _ in range(REDIS_CONNECTIONS * 3))
            )
            assert crowd == [{0}] * (REDIS_CONNECTIONS * 3)
        finally:
            await coord.close()

    asyncio.run(main())


def test_a_connection_redis_refused_leaves_no_count_and_no_connection(
    redis_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    config = config_for(tmp_path, redis=redis_url, presence_ttl=TTL)
    with redis.Redis.from_url(redis_url) as admin, TestClient(create_app(config)) as client:
        t = create(client, seats=2)
        bob = join(client, t["table"], "Bob")
        admin.config_set("min-replicas-to-write", 1)  # Redis refuses writes as Bob connects
        try:
            with seated(client, t["table"], bob["token"]) as ws:
                assert "try again" in receive(ws)["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    receive(ws)
                assert closed.value.code == 1013  # "try again later": the page reconnects
        finally:
            admin.config_set("min-replicas-to-write", 0)
        assert not hub_of(client).conns.get(t["table"])  # no connection left behind
        deadline = time.monotonic() + 5 * TTL
        while client.get(f"/api/tables/{t['table']}").json()["seats"][1]["present"]:
            assert time.monotonic() < deadline, "Bob counted as present with no connection"
            time.sleep(0.05)
        time.sleep(2 * TTL)  # the beats that follow leave him away
        assert not client.get(f"/api/tables/{t['table']}").json()["seats"][1]["present"]
