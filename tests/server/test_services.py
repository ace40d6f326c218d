"""The table server on real PostgreSQL and Redis (``scripts/services`` starts both).

``UNOKIT_TEST_POSTGRES`` (default ``postgresql+psycopg://unokit:unokit@127.0.0.1:5432/
unokit_test``) and ``UNOKIT_TEST_REDIS`` (default ``redis://127.0.0.1:6379/15``) say where.
The tests fail, not skip, when a service is missing: run ``scripts/services`` first.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import text
from tests.server.conftest import config_for, create, join, seated, until
from tests.server.live import Server, ws_frames
from tests.server.test_tables import drain, hub_of, settle

from unokit.server import create_app
from unokit.server.db import metadata, open_engine

POSTGRES = os.environ.get(
    "UNOKIT_TEST_POSTGRES", "postgresql+psycopg://unokit:unokit@127.0.0.1:5432/unokit_test"
)
REDIS = os.environ.get("UNOKIT_TEST_REDIS", "redis://127.0.0.1:6379/15")


@pytest.fixture
def postgres() -> str:
    """An empty database on the real PostgreSQL server."""
    engine = open_engine(POSTGRES)
    try:
        with engine.begin() as conn:
            metadata.drop_all(conn)
            conn.execute(text("drop table if exists alembic_version"))
    except Exception as err:
        raise AssertionError(f"no PostgreSQL at {POSTGRES}: run scripts/services ({err})") from None
    finally:
        engine.dispose()
    return POSTGRES


@pytest.fixture
def redis_url() -> Iterator[str]:
    client = redis.Redis.from_url(REDIS)
    try:
        client.flushdb()
        client.config_set("min-replicas-to-write", 0)  # a killed test's refusal undone
    except redis.RedisError as err:
        raise AssertionError(f"no Redis at {REDIS}: run scripts/services ({err})") from None
    yield REDIS
    client.flushdb()
    client.close()


def test_postgresql_stores_and_resumes_a_table(postgres: str, tmp_path: Path) -> None:
    config = config_for(tmp_path, db=postgres)
    with TestClient(create_app(config)) as client:
        t = create(client, seats=3, bots=["random"], seed=51)
        bob = join(client, t["table"], "Bob")
        with seated(client, t["table"], t["token"]) as ann:
            ann.send_json({"type": "start"})
            until(ann, "ack")
            ann.send_json({"type": "chat", "text": "über gut ✓"})
            until(ann, "ack")
            settle(client, t["table"])
            game = hub_of(client).tables[t["table"]].match.game
            seat = game.to_play
            token = t["token"] if seat == 0 else bob["token"]
        with seated(client, t["table"], token) as ws:
            state = drain(ws)
            ws.send_json({"type": "act", "action": state["view"]["legal"][0]})
            until(ws, "ack")
            settle(client, t["table"])
            before = hub_of(client).tables[t["table"]].match.game.view(None)
    with TestClient(create_app(config)) as client:
        table = hub_of(client).tables[t["table"]]
        assert table.match is not None and table.match.game.view(None) == before
        assert table.chat[-1]["text"] == "über gut ✓"
        assert table.seat_for_token(bob["token"]) == 1


@pytest.fixture
def two_servers(postgres: str, redis_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    flags = ("--redis", redis_url, "--bot-delay", "0", "--grace", "3600")
    servers = [Server(postgres, tmp_path / f"server{i}.log", *flags) for i in (1, 2)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def test_two_processes_share_tables_through_redis(two_servers: list[Server]) -> None:
    one, two = two_servers
    t = one.post("/api/tables", {"name": "Ann", "seats": 2, "seed": 52})
    bob = two.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})  # the other process
    with (
        one.seat(t["table"], t["token"]) as ann,
        two.seat(t["table"], bob["token"]) as bobs,
    ):
        ann.send('{"type": "start", "id": 1}')
        views: dict[int, dict[str, Any]] = {}
        for seat, ws in ((0, ann), (1, bobs)):
            while True:  # each process tells its own connection about the start
                frame = ws_frames(ws)
                if frame["type"] == "state" and frame["view"] is not None:
                    views[seat] = frame
                    break
        assert views[0]["version"] == views[1]["version"]
        assert views[1]["table"]["seats"][0]["present"]  # presence crosses processes
        seat = views[0]["view"]["to_play"]
        mover = {0: ann, 1: bobs}[seat]
        action = views[seat]["view"]["legal"][0]
        mover.send(json.dumps({"type": "act", "action": action, "id": 2}))
        other = bobs if mover is ann else ann
        start_version = views[0]["version"]
        frame = ws_frames(other)
        while frame["type"] != "state" or frame["version"] == start_version:
            frame = ws_frames(other)
        assert frame["events"][-1]["event"]["seat"] == seat


def test_the_table_lock_lets_exactly_one_process_apply_an_action(
    two_servers: list[Server],
) -> None:
    one, two = two_servers
    t = one.post("/api/tables", {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 53})
    with one.seat(t["table"], t["token"]) as first:
        first.send('{"type": "start"}')
        while True:
            frame = ws_frames(first)
            if frame["type"] == "state" and frame["view"] and frame["view"]["to_play"] == 0:
                break
        # the same seat, connected to both processes, sends its play to both at once
        with two.seat(t["table"], t["token"]) as second:
            ws_frames(second), ws_frames(second)
            action = frame["view"]["legal"][0]
            answers: list[dict[str, Any]] = []

            def send(ws: Any) -> None:
                ws.send(json.dumps({"type": "act", "action": action, "id": 9}))
                while (reply := ws_frames(ws))["type"] not in ("ack", "error"):
                    pass
                answers.append(reply)

            threads = [threading.Thread(target=send, args=(ws,)) for ws in (first, second)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=20)
    kinds = sorted(a["type"] for a in answers)
    assert kinds == ["ack", "error"], answers
    stored = [a for s, a in _record(one, t)["rounds"][0]["actions"] if s == 0]
    assert stored == [action]  # applied once, by one process


def _record(server: Server, t: dict[str, Any]) -> dict[str, Any]:
    import httpx

    response = httpx.get(
        f"{server.base}/api/tables/{t['table']}/record", headers={"X-Seat-Token": t["token"]}
    )
    return dict(response.json())


def test_a_chat_line_from_another_process_is_a_chat_frame_not_a_state(
    two_servers: list[Server],
) -> None:
    one, two = two_servers
    t = one.post("/api/tables", {"name": "Ann", "seats": 2, "seed": 53})
    bob = two.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    with (
        one.seat(t["table"], t["token"]) as ann,
        two.seat(t["table"], bob["token"]) as bobs,
    ):
        ann.send('{"type": "start", "id": 1}')
        for ws in (ann, bobs):  # both see the game start
            while (frame := ws_frames(ws))["type"] != "state" or frame["view"] is None:
                pass
        quiet(bobs)  # whatever the start still owed
        ann.send('{"type": "chat", "text": "from process one", "id": 2}')
        frames = [ws_frames(bobs)]
        while frames[-1]["type"] != "chat":
            frames.append(ws_frames(bobs))
        assert [m["text"] for m in frames[-1]["lines"]] == ["from process one"]
        frames += quiet(bobs)
        assert [f["type"] for f in frames] == ["chat"]


def quiet(ws: Any, wait: float = 0.5) -> list[dict[str, Any]]:
    """The frames ``ws`` receives until it has had none for ``wait`` seconds."""
    frames = []
    with contextlib.suppress(TimeoutError):
        while True:
            frames.append(ws_frames(ws, timeout=wait))
    return frames


def test_processes_started_at_once_on_a_new_database_take_turns_at_the_migrations(
    postgres: str,
) -> None:
    """A cluster's first start: every process migrates the same empty database at once."""
    script = (  # each connects first, then all migrate on one word
        "import sys; from unokit.server.db import migrate, open_engine; "
        "engine = open_engine(sys.argv[1]); engine.connect().close(); "
        "print('ready', flush=True); sys.stdin.readline(); migrate(engine)"
    )
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", script, postgres],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    for start in starts:
        assert start.stdout is not None and start.stdout.readline() == "ready\n"
    for start in starts:
        assert start.stdin is not None
        start.stdin.write("go\n")
        start.stdin.flush()
    errors = [start.communicate(timeout=120)[1] for start in starts]
    assert [start.returncode for start in starts] == [0, 0, 0, 0], errors
    engine = open_engine(postgres)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("select count(*) from alembic_version")).scalar() == 1
    finally:
        engine.dispose()
