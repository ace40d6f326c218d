"""Hostile bot settings: clients choose only what the operator allows, and no bot freezes a
table, another table, or the server after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from tests.server.conftest import config_for, create, seated, until
from tests.server.live import Server
from tests.server.test_tables import hub_of

from unokit.bots import Bot, Decision, IsmctsBot
from unokit.bots.strengths import STRENGTHS
from unokit.server import create_app
from unokit.server.botpool import _Worker
from unokit.server.db import Store, open_engine


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:time=1e9",
        "ismcts:iterations=100000000",
        "greedy:think=1e9",
        "ismcts:nonsense=1",
        "oracle",
        "external:command=sleep 100",
    ],
)
def test_a_bot_setting_beyond_the_operators_caps_is_refused(client: TestClient, spec: str) -> None:
    response = client.post("/api/tables", json={"name": "Eve", "seats": 2, "bots": [spec]})
    assert response.status_code == 400, response.text
    assert response.json()["error"]


def test_named_strengths_and_capped_settings_are_accepted(client: TestClient) -> None:
    t = create(client, seats=4, bots=["easy", "hard", "ismcts:iterations=2000,time=2"])
    seats = client.get(f"/api/tables/{t['table']}").json()["seats"]
    easy, hard = STRENGTHS["easy"], STRENGTHS["hard"]
    assert [s["bot"] for s in seats[1:]] == [easy, hard, seats[3]["bot"]]
    options = client.get("/api/options").json()["bots"]
    assert {"easy", "normal", "hard", "random", "greedy", "ismcts"} <= set(options)


def test_add_bot_frame_with_a_capped_setting_gets_an_error_frame(client: TestClient) -> None:
    t = create(client, seats=3)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "add_bot", "bot": "ismcts:time=1e9", "id": 4})
        error = until(ws, "error")
        assert error["id"] == 4 and "ismcts" in error["message"]
        ws.send_json({"type": "ping", "id": 5})
        assert until(ws, "pong")["id"] == 5  # the connection stays open


@pytest.mark.parametrize(
    "path", ["/dev/stdin", "/etc/shadow", "/etc/passwd", "/nonexistent", "/tmp"]
)
def test_a_policy_path_from_a_client_is_refused_without_opening_it(
    client: TestClient, path: str
) -> None:
    response = client.post(
        "/api/tables", json={"name": "Eve", "seats": 2, "bots": [f"policy:path={path}"]}
    )
    assert response.status_code == 400
    message = response.json()["error"]
    assert "operator" in message and path not in message and "file" not in message


def test_every_policy_path_gets_the_same_answer(client: TestClient) -> None:
    answers = {
        client.post(
            "/api/tables", json={"name": "Eve", "seats": 2, "bots": [f"policy:path={p}"]}
        ).text
        for p in ("/etc/shadow", "/nonexistent", "/tmp", "/dev/stdin")
    }
    assert len(answers) == 1  # nothing says whether a file exists


def test_an_unknown_policy_name_over_the_websocket_is_an_error_frame(client: TestClient) -> None:
    t = create(client, seats=3)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "add_bot", "bot": "policy:path=/dev/stdin", "id": 1})
        assert "operator" in until(ws, "error")["message"]
        ws.send_json({"type": "add_bot", "bot": "champion", "id": 2})
        error = until(ws, "error")
        assert error["id"] == 2 and "unknown bot" in error["message"]
    assert client.get("/health").status_code == 200


def test_a_registered_policy_is_chosen_by_name(make_client: Any, tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from unokit.envs.policy import MLPPolicy
    from unokit.rules import Rules

    path = tmp_path / "champion.npz"
    MLPPolicy(Rules.preset(), 2, hidden=8).save(path)
    client = make_client(policies=(("champion", str(path)),))
    assert "champion" in client.get("/api/options").json()["bots"]
    t = create(client, seats=2, bots=["champion"])
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        until(ws, "ack")
    deadline = time.monotonic() + 10
    hub = hub_of(client)
    while time.monotonic() < deadline:
        match = hub.tables[t["table"]].match
        if match is not None and match.game.to_play == 0:
            break
        time.sleep(0.05)
    assert str(path) not in client.get(f"/api/tables/{t['table']}").text


class _Sleeper(Bot):
    """A bot that thinks far past any deadline (what ``ismcts:time=1e9`` did)."""

    name = "sleeper"

    def choose(self, decision: Decision) -> Any:
        time.sleep(3.0)
        return decision.legal[0]


@contextmanager
def _watching(client: TestClient, tables: list[dict[str, Any]]) -> Iterator[None]:
    """A spectator at each table: someone is there, so its bots and stand-ins play on."""
    with ExitStack() as stack:
        for t in tables:
            stack.enter_context(seated(client, t["table"]))
        yield


def _moves(client: TestClient, table_id: str) -> int:
    return hub_of(client).tables[table_id].seq


def test_a_slow_bot_is_overruled_at_the_deadline_and_other_tables_play_on(
    make_client: Any,
) -> None:
    # absent players' turns go to the stand-in at once; every bot of the slow tables
    # thinks for 3 s a decision, on more tables than there are bot workers
    client = make_client(bot_deadline=0.3, bot_workers=2, grace=0.0)
    hub = hub_of(client)
    slow = [create(client, seats=2, bots=["greedy"]) for _ in range(4)]
    honest = create(client, seats=3, bots=["random", "random"])
    for t in slow:
        hub.autoplay.bots[(t["table"], 0, "random")] = _Sleeper()
        hub.autoplay.bots[(t["table"], 1, "greedy")] = _Sleeper()
    for t in [*slow, honest]:
        with seated(client, t["table"], t["token"]) as ws:
            ws.send_json({"type": "start"})
            until(ws, "ack")
    with _watching(client, [*slow, honest]):
        time.sleep(3.0)
    assert _moves(client, honest["table"]) >= 10  # it never waited for a worker
    assert all(_moves(client, t["table"]) >= 3 for t in slow)  # greedy played for them
    assert hub.pool.fallbacks > 0


def test_a_search_that_never_ends_is_overruled_and_its_worker_process_replaced(
    make_client: Any,
) -> None:
    # one table's search bot would search for ever; another's searches at the usual pace
    client = make_client(bot_deadline=0.3, bot_workers=2, grace=0.0)
    hub = hub_of(client)
    spec = "ismcts:iterations=20"
    slow = create(client, seats=2, bots=[spec])
    honest = create(client, seats=2, bots=[spec])
    hub.autoplay.bots[(slow["table"], 1, spec)] = IsmctsBot(iterations=10**9)
    searcher = hub.autoplay.bots[(honest["table"], 1, spec)] = IsmctsBot(seed=7, iterations=20)
    for t in [slow, honest]:
        with seated(client, t["table"], t["token"]) as ws:
            ws.send_json({"type": "start"})
            until(ws, "ack")
    with _watching(client, [slow, honest]):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
            hub.pool.replaced and hub.autoplay.bots[(honest["table"], 1, spec)] is not searcher
        ):
            time.sleep(0.05)
        time.sleep(1.0)
    assert _moves(client, honest["table"]) >= 10
    assert _moves(client, slow["table"]) >= 3  # greedy played for the endless search
    assert hub.pool.replaced >= 1  # the worker still searching was killed and replaced
    # the honest table's bot thought in a worker process and came back from it
    assert hub.autoplay.bots[(honest["table"], 1, spec)] is not searcher


def test_a_killed_worker_process_is_replaced_and_the_tables_play_on(make_client: Any) -> None:
    # rounds follow each other at once, so searches go on after the kill however slowly a
    # loaded machine plays the first round
    client = make_client(bot_deadline=0.5, bot_workers=1, grace=0.0, round_pause=0.0)
    hub = hub_of(client)
    t = create(client, seats=2, bots=["ismcts:iterations=20"])
    # the worker is up before the deal, so it is killed while the round is young
    client.portal.call(hub.pool.start)  # type: ignore[union-attr]
    (pid,) = hub.pool.pids()
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        until(ws, "ack")
    with _watching(client, [t]):
        os.kill(pid, signal.SIGKILL)
        before = _moves(client, t["table"])
        deadline = time.monotonic() + 30
        while not (hub.pool.pids() and hub.pool.replaced) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hub.pool.replaced == 1
        assert hub.pool.pids() and pid not in hub.pool.pids()
        # the new worker thinks: the bot comes back from it again
        key = (t["table"], 1, "ismcts:iterations=20")
        previous = hub.autoplay.bots[key]
        deadline = time.monotonic() + 30
        while hub.autoplay.bots[key] is previous and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hub.autoplay.bots[key] is not previous
        assert _moves(client, t["table"]) > before  # the table played on throughout


def test_stored_bots_beyond_the_caps_are_clamped_on_restart(tmp_path: Path) -> None:
    config = config_for(tmp_path, bot_deadline=0.5)
    with TestClient(create_app(config)) as client:
        t = create(client, seats=4, bots=["greedy", "greedy", "greedy"])
    store = Store(open_engine(config.db))
    from unokit.server.db import StoredSeat

    rows = [
        StoredSeat(1, "bot", None, "ismcts:time=1e9,iterations=100000000,c=0.5", None),
        StoredSeat(2, "bot", None, "policy:path=/dev/stdin", None),
        StoredSeat(3, "bot", None, "greedy:think=1e9", None),
    ]
    store.change(t["table"], 2, seat_rows=rows)
    store.close()
    with TestClient(create_app(config)) as client:
        seats = client.get(f"/api/tables/{t['table']}").json()["seats"]
    assert seats[1]["bot"] == "ismcts:time=0.5,iterations=2000,c=0.5"
    assert seats[2]["bot"] == "random"  # a path is no longer offered: the stand-in plays
    assert seats[3]["bot"] == "greedy:think=5.0"


def _stat(pid: int) -> list[str] | None:
    """``/proc/PID/stat`` after the command name: state, parent, ... (``None``: gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and fields[1] == str(pid):
            out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _play_over_a_real_socket(
    port: int, table: str, token: str, done: Callable[[], bool], limit: float
) -> None:
    """Start the match over a real socket and play the seat's turns (its first legal
    action) until ``done()`` or ``limit`` seconds."""

    async def play() -> None:
        origin = f"http://127.0.0.1:{port}"
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", origin=origin) as ws:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            await ws.send(json.dumps({"type": "start", "id": 1}))
            deadline = time.monotonic() + limit
            while not done() and time.monotonic() < deadline:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 0.1))
                except TimeoutError:
                    continue
                legal = (frame.get("view") or {}).get("legal") if frame["type"] == "state" else None
                if legal:
                    await ws.send(json.dumps({"type": "act", "action": legal[0]}))

    asyncio.run(play())


def test_a_server_killed_with_kill_9_leaves_no_bot_worker_behind(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", "--bot-delay", "0"
    ).start()
    assert server.process is not None
    pid = server.process.pid
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{server.port}") as http:
            body = {"name": "Ann", "seats": 2, "bots": ["hard"]}
            t = http.post("/api/tables", json=body).json()
        # Ann stays and plays her turns (a table nobody is at stops its bots), so the hard
        # bot searches and the workers start
        _play_over_a_real_socket(
            server.port, t["table"], t["token"], lambda: len(_children(pid)) >= 4, 30
        )
        workers = _children(pid)
        assert len(workers) >= 4
        server.kill()
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        server.stop()  # a failed check leaves no server running
    assert not any(_alive(p) for p in workers)


SERVER_STARTING_A_WORKER = """
import multiprocessing, sys, time
from unokit.server.botpool import worker_executor

if __name__ == "__main__":
    executor = worker_executor(multiprocessing.get_context("spawn"))
    executor.submit(time.sleep, 3600)  # a first call that never ends: nothing else reaches it
    print(*executor._processes, flush=True)
    time.sleep(3600)
"""


def test_a_bot_worker_watches_the_server_from_its_start_before_any_call(
    tmp_path: Path,
) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER_STARTING_A_WORKER)
    with subprocess.Popen([sys.executable, script], stdout=subprocess.PIPE, text=True) as server:
        assert server.stdout is not None
        (worker,) = map(int, server.stdout.readline().split())
        server.kill()  # kill -9, with the worker starting or in its first call
    try:
        deadline = time.monotonic() + 30
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(worker)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(worker, signal.SIGKILL)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the idle class is Linux's")
def test_a_bot_worker_thinks_only_on_cpu_time_the_server_leaves() -> None:
    worker = _Worker(multiprocessing.get_context("spawn"))
    try:
        policy = worker.executor.submit(os.sched_getscheduler, 0).result(timeout=30)
    finally:
        worker.kill()
    assert policy == os.SCHED_IDLE
