"""Each table has one owner process: two real ``unokit serve`` processes behind a real nginx,
on the real PostgreSQL and Redis.

One pair of processes and one nginx serve the whole module; a test that kills, pauses or
stops a process starts it again (``Cluster.revive``) before the next.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import select, text
from tests.server.live import Server
from tests.server.proxy_kit import Nginx, dial, port_between
from tests.server.test_services import POSTGRES, REDIS
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from unokit.server.db import (
    FencedError,
    Store,
    StoredSeat,
    StoredTable,
    metadata,
    migrate,
    open_engine,
)
from unokit.server.db import moves as moves_table
from unokit.server.db import tables as tables_table

WAIT = 60.0
"""Seconds a test waits for what must come (a bound for failing, never a measurement)."""

LEASE = 2.0


@dataclass
class Cluster:
    servers: list[Server]
    nginx: Nginx
    db: str
    redis: redis.Redis

    def owner(self, table: str) -> int:
        """The index of the process holding the table's lease (by its route)."""
        value = self.redis.get(f"unokit:owner:{table}")
        assert value is not None, "nobody holds the table"
        route = value.decode().partition(" ")[2]
        return int(route.rsplit("/", 1)[1]) - 1

    def revive(self) -> None:
        """Start again each process that is not running (same port, same route)."""
        for i, server in enumerate(self.servers):
            process = server.process
            if process is not None and process.poll() is None:
                continue
            fresh = Server(server.db, server.log, *server.flags, port=server.port)
            self.servers[i] = fresh.start()

    def create(self, seats: int = 2, bots: int = 1) -> tuple[str, str]:
        body = {"name": "Ann", "seats": seats, "bots": ["random"] * bots, "seed": 7}
        response = httpx.post(f"{self.nginx.base}/api/tables", json=body, timeout=WAIT)
        response.raise_for_status()
        data = response.json()
        return data["table"], data["token"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder = tmp_path_factory.mktemp("cluster")
    engine = open_engine(POSTGRES)
    with engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("drop table if exists alembic_version"))
    engine.dispose()
    client = redis.Redis.from_url(REDIS)
    client.flushdb()
    servers = []
    for n in (1, 2):
        flags = (
            "--redis", REDIS, "--route", f"/p/{n}", "--lease", str(LEASE),
            "--bot-delay", "0", "--grace", "3600", "--round-pause", "3600",
        )  # fmt: skip
        port = port_between(42710 + 10 * n, 42719 + 10 * n)
        servers.append(Server(POSTGRES, folder / f"server{n}.log", *flags, port=port).start())
    nginx = Nginx(folder, [s.port for s in servers], port_between(42700, 42709)).start()
    yield Cluster(servers, nginx, POSTGRES, client)
    nginx.stop()
    for server in servers:
        server.stop()
    client.flushdb()
    client.close()


class _Deadline:
    """The time by which a whole exchange must be done (frames may keep coming meanwhile)."""

    at = 0.0


def _frame(ws: Any, timeout: float = WAIT) -> dict[str, Any]:
    assert time.monotonic() < _Deadline.at, "no answer in time"
    return dict(json.loads(ws.recv(timeout=timeout)))


@pytest.fixture(autouse=True)
def _deadline() -> None:
    _Deadline.at = time.monotonic() + 3 * WAIT


def _my_turn(ws: Any, seat: int = 0) -> dict[str, Any]:
    """The next state frame in which ``seat`` is to play."""
    while True:
        frame = _frame(ws)
        view = frame.get("view") if frame["type"] == "state" else None
        if view and view.get("to_play") == seat and view.get("legal"):
            return frame


def _reply(ws: Any, frame_id: int) -> dict[str, Any]:
    while True:
        frame = _frame(ws)
        if frame["type"] in ("ack", "error") and frame.get("id") == frame_id:
            return frame


def _play(ws: Any, frame_id: int) -> dict[str, Any]:
    """Play the first legal action when it is seat 0's turn, until one is acknowledged."""
    while True:
        state = _my_turn(ws)
        ws.send(json.dumps({"type": "act", "action": state["view"]["legal"][0], "id": frame_id}))
        reply = _reply(ws, frame_id)
        if reply["type"] == "ack":
            return reply


def _closed_with(ws: Any) -> int | None:
    """Read until the server closes ``ws``; the close code. Fails on an ack meanwhile."""
    try:
        while True:
            frame = _frame(ws)
            assert frame["type"] != "ack", f"a change was acknowledged: {frame}"
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


def _seqs(db: str, table: str) -> list[int]:
    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            query = select(moves_table.c.seq).where(moves_table.c.table_id == table)
            return sorted(conn.execute(query).scalars())
    finally:
        engine.dispose()


def _epoch(db: str, table: str) -> int:
    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            query = select(tables_table.c.epoch).where(tables_table.c.id == table)
            return int(conn.execute(query).scalar_one())
    finally:
        engine.dispose()


def test_a_table_s_connections_and_requests_reach_its_one_owner(cluster: Cluster) -> None:
    table, token = cluster.create(seats=3, bots=1)
    owner = cluster.owner(table)
    other = cluster.servers[1 - owner]
    route = f"/p/{owner + 1}"

    with connect(other.ws_url(table)) as ws:  # the other process sends it on
        ws.send(json.dumps({"type": "auth", "token": token}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=WAIT)
    assert closed.value.rcvd is not None
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (4307, route)
    answer = httpx.get(f"{other.base}/api/tables/{table}", timeout=WAIT)
    assert answer.status_code == 307
    assert answer.headers["location"] == f"{route}/api/tables/{table}"

    lobby = httpx.get(f"{other.base}/api/tables", timeout=WAIT).json()
    assert table in [t["id"] for t in lobby]  # the lobby is every process's

    # through nginx, a join (a POST redirected with its body) and the game reach the owner
    join = httpx.post(
        f"{cluster.nginx.base}/api/tables/{table}/join",
        json={"name": "Bob"},
        timeout=WAIT,
        follow_redirects=True,
    )
    assert join.status_code == 200, join.text
    ann, reached = dial(cluster.nginx.ws, table, token)
    with ann:
        assert reached in ("", route)
        ann.send(json.dumps({"type": "start", "id": 1}))
        assert _reply(ann, 1)["type"] == "ack"
        _play(ann, 2)
    assert cluster.owner(table) == owner
    assert _epoch(cluster.db, table) == 1  # taken once, by its creator's process


def test_a_write_carrying_a_former_epoch_is_refused_and_stores_nothing(cluster: Cluster) -> None:
    table, _token = cluster.create()
    engine = open_engine(cluster.db)
    migrate(engine)
    store = Store(engine)
    try:
        epoch = _epoch(cluster.db, table)
        assert store.take(table) == epoch + 1  # another process takes the table
        with pytest.raises(FencedError):
            store.add_move(table, 99, "playing", (0, 0, 0, "draw"), epoch=epoch)
        with pytest.raises(FencedError):
            seat = StoredSeat(1, "open", None, None, None)
            store.change(table, 99, seat_rows=[seat], epoch=epoch)
        row = store.table(table)
        assert isinstance(row, StoredTable) and row.version != 99
        assert store.seats(table)[1].kind == "bot"
        assert _seqs(cluster.db, table) == []
        store.add_move(table, 2, "playing", (0, 0, 0, "draw"), epoch=epoch + 1)
        assert _seqs(cluster.db, table) == [0]
    finally:
        store.close()


def test_a_move_racing_a_lease_change_is_refused(cluster: Cluster) -> None:
    table, token = cluster.create()
    ann, _route = dial(cluster.nginx.ws, table, token)
    owner = cluster.owner(table)
    stalled, other = cluster.servers[owner], cluster.servers[1 - owner]
    try:
        with ann:
            ann.send(json.dumps({"type": "start", "id": 1}))
            assert _reply(ann, 1)["type"] == "ack"
            state = _my_turn(ann)
            stalled.pause()  # past its lease: its table's lease lapses in Redis
            deadline = time.monotonic() + WAIT
            while cluster.redis.exists(f"unokit:owner:{table}"):
                assert time.monotonic() < deadline, "the lease never lapsed"
                time.sleep(0.1)
            # a move queued to the stalled owner, then the same seat plays on elsewhere
            ann.send(json.dumps({"type": "act", "action": state["view"]["legal"][0], "id": 7}))
            with connect(other.ws_url(table)) as again:
                again.send(json.dumps({"type": "auth", "token": token}))
                assert _frame(again)["type"] == "hello"
                acked = _play(again, 8)
                _play(again, 9)
            stalled.resume()
            assert _closed_with(ann) == 4307  # sent on, the queued move never acknowledged
        assert cluster.owner(table) == 1 - owner
        assert _epoch(cluster.db, table) == 2
        seqs = _seqs(cluster.db, table)
        assert seqs == list(range(len(seqs))), "a move applied twice, or a gap"
        assert acked["version"] >= 3
    finally:
        stalled.resume()
        cluster.revive()


def test_an_owner_stalled_past_its_lease_that_nobody_replaced_keeps_its_table(
    cluster: Cluster,
) -> None:
    table, token = cluster.create()
    ann, _route = dial(cluster.nginx.ws, table, token)
    owner = cluster.owner(table)
    stalled = cluster.servers[owner]
    try:
        with ann:
            ann.send(json.dumps({"type": "start", "id": 1}))
            assert _reply(ann, 1)["type"] == "ack"
            _play(ann, 2)
            stalled.pause()
            deadline = time.monotonic() + WAIT
            while cluster.redis.exists(f"unokit:owner:{table}"):
                assert time.monotonic() < deadline, "the lease never lapsed"
                time.sleep(0.1)
            stalled.resume()
            _play(ann, 3)  # the same connection plays on
            deadline = time.monotonic() + WAIT
            while not cluster.redis.exists(f"unokit:owner:{table}"):
                assert time.monotonic() < deadline, "the lease was never held again"
                time.sleep(0.1)
            _play(ann, 4)
        assert cluster.owner(table) == owner
        assert _epoch(cluster.db, table) == 1  # nobody else took it
        seqs = _seqs(cluster.db, table)
        assert seqs == list(range(len(seqs)))
    finally:
        stalled.resume()
        cluster.revive()


def test_a_killed_owner_s_table_is_taken_over_and_plays_on(cluster: Cluster) -> None:
    table, token = cluster.create()
    ann, _route = dial(cluster.nginx.ws, table, token)
    owner = cluster.owner(table)
    try:
        with ann:
            ann.send(json.dumps({"type": "start", "id": 1}))
            assert _reply(ann, 1)["type"] == "ack"
            before = _play(ann, 2)
            stored = _seqs(cluster.db, table)
            cluster.servers[owner].kill()  # kill -9, mid-round
            with pytest.raises(ConnectionClosed):
                while True:
                    _frame(ann)
        again, _route = dial(cluster.nginx.ws, table, token)
        with again:
            after = _play(again, 3)
        assert cluster.owner(table) == 1 - owner
        assert after["version"] > before["version"]
        seqs = _seqs(cluster.db, table)
        assert seqs[: len(stored)] == stored, "a committed move was lost"
        assert seqs == list(range(len(seqs))), "a move applied twice, or a gap"
    finally:
        cluster.revive()


def test_a_draining_process_hands_its_tables_over(cluster: Cluster) -> None:
    table, token = cluster.create()
    ann, _route = dial(cluster.nginx.ws, table, token)
    owner = cluster.owner(table)
    draining = cluster.servers[owner]
    try:
        with ann:
            ann.send(json.dumps({"type": "start", "id": 1}))
            assert _reply(ann, 1)["type"] == "ack"
            before = _play(ann, 2)
            assert draining.process is not None
            draining.process.send_signal(signal.SIGTERM)
            assert _closed_with(ann) == 4307  # sent on, to reconnect through nginx
        again, _route = dial(cluster.nginx.ws, table, token, timeout=WAIT)
        with again:
            after = _play(again, 3)
        # uvicorn ends a graceful shutdown by raising the signal it caught again
        assert draining.process.wait(timeout=WAIT) in (0, -signal.SIGTERM)
        assert "Application shutdown complete" in draining.log.read_text()
        assert cluster.owner(table) == 1 - owner
        assert after["version"] > before["version"]
        seqs = _seqs(cluster.db, table)
        assert seqs == list(range(len(seqs)))
    finally:
        cluster.revive()


def test_the_cluster_recipe_runs_nginx_and_the_processes_and_starts_a_lost_one_again(
    cluster: Cluster, tmp_path: Path
) -> None:
    port = port_between(42740, 42749)
    first = port_between(42750, 42769)
    second = port_between(first + 1, 42769)
    if second != first + 1:
        pytest.fail("no two free ports in a row for the cluster's processes")
    command = [
        sys.executable, "-m", "unokit.server.cluster", "--processes", "2",
        "--port", str(port), "--first-port", str(first), "--db", cluster.db,
        "--redis", REDIS, "--lease", str(LEASE), "--run-dir", str(tmp_path),
        "--", "--allow-seeds", "--bot-delay", "0", "--grace", "3600",
    ]  # fmt: skip
    with (tmp_path / "cluster.out").open("ab") as out:
        recipe = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 2 * WAIT
        while True:
            assert recipe.poll() is None, (tmp_path / "cluster.out").read_text()
            assert time.monotonic() < deadline, "the cluster never answered"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/health", timeout=5).status_code == 200:
                    break
            time.sleep(0.2)
        body = {"name": "Ann", "seats": 2, "bots": ["random"], "seed": 3}
        made = httpx.post(f"{base}/api/tables", json=body, timeout=WAIT).json()
        ann, _route = dial(f"ws://127.0.0.1:{port}", made["table"], made["token"])
        with ann:
            ann.send(json.dumps({"type": "start", "id": 1}))
            assert _reply(ann, 1)["type"] == "ack"
            _play(ann, 2)
        # a process lost is started again on its port
        lost = cluster.owner(made["table"])
        pid_file = tmp_path / f"server{lost + 1}.pid"
        pid = int(pid_file.read_text())
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 2 * WAIT
        while True:
            assert time.monotonic() < deadline, "the lost process was not started again"
            with contextlib.suppress(httpx.HTTPError):
                health = httpx.get(f"http://127.0.0.1:{first + lost}/health", timeout=5)
                if health.status_code == 200 and int(pid_file.read_text()) != pid:
                    break
            time.sleep(0.2)
        recipe.send_signal(signal.SIGTERM)
        assert recipe.wait(timeout=2 * WAIT) == 0
        for gone in (port, first, second):
            with pytest.raises(OSError), socket.create_connection(("127.0.0.1", gone), 1):
                pass
    finally:
        if recipe.poll() is None:
            recipe.kill()
            recipe.wait()


def test_a_page_finds_its_table_s_owner_and_plays_on_after_the_owner_is_killed(
    cluster: Cluster, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright
    from tests.server.browser_kit import ARGS, CHROMIUM, harness, take_a_turn

    # a table whose page nginx sends to the process that does not own it (a 4307 hand-off)
    for i in range(12):
        owner = 0
        body = {"name": "Ann", "seats": 2, "bots": ["greedy"], "seed": 100 + i}
        made = cluster.servers[owner].post("/api/tables", body)
        probe, route = dial(cluster.nginx.ws, made["table"], made["token"])
        probe.close()
        if route:
            break
    else:
        pytest.fail("nginx sent every table to its owner: no hand-off to see")
    table, base = made["table"], cluster.nginx.base
    try:
        with sync_playwright() as p:
            browser = harness(p.chromium.launch(executable_path=CHROMIUM, args=ARGS))
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{base}/health")
            page.evaluate(f"localStorage.setItem('unokit:token:{table}', '{made['token']}')")
            page.goto(f"{base}/t/{table}")
            page.click("[data-control=start]", timeout=WAIT * 1000)
            page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=WAIT * 1000)
            stored = len(_seqs(cluster.db, table))
            cluster.servers[owner].kill()  # kill -9: the page reconnects by itself
            deadline = time.monotonic() + 2 * WAIT
            while len(_seqs(cluster.db, table)) < stored + 3:
                assert time.monotonic() < deadline, "the page did not play on"
                take_a_turn(page)
                page.wait_for_timeout(200)
            page.screenshot(path=str(tmp_path / "after-failover.png"))
            browser.close()
        assert cluster.owner(table) == 1 - owner
        seqs = _seqs(cluster.db, table)
        assert seqs == list(range(len(seqs)))
    finally:
        cluster.revive()
