"""Nothing is lost: ``kill -9`` a real server mid-game, start it again, the game goes on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.live import Server, ws_frames


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    live = Server(db, tmp_path / "server.log", "--bot-delay", "0", "--grace", "3600")
    yield live
    live.stop()


def settled_view(ws: Any, seat: int) -> dict[str, Any]:
    """Read state frames until it is ``seat``'s turn and no more frames come."""
    last: dict[str, Any] = {}
    while True:
        try:
            frame = ws_frames(ws, timeout=0.5 if last else 10.0)
        except TimeoutError:
            if last and last["view"]["to_play"] == seat:
                return last
            raise
        if frame["type"] == "state" and frame["view"] is not None:
            last = frame


def test_kill_9_mid_game_and_restart_resumes_the_same_game(server: Server) -> None:
    server.start()
    t = server.post(
        "/api/tables", {"name": "Ann", "seats": 3, "bots": ["random", "random"], "seed": 31}
    )
    table, token = t["table"], t["token"]
    with server.seat(table, token) as ws:
        ws.send('{"type": "start", "id": 1}')
        state = settled_view(ws, 0)
        action = state["view"]["legal"][0]
        ws.send(f'{{"type": "act", "action": "{action}", "id": 2}}')
        while (frame := ws_frames(ws))["type"] != "ack":
            pass
        acked = frame["version"]
    server.kill()  # right after the acknowledgement: it must already be on disk

    server.start()
    record = httpx.get(
        f"{server.base}/api/tables/{table}/record", headers={"X-Seat-Token": token}
    ).json()
    mine = [a for s, a in record["rounds"][-1]["actions"] if s == 0]
    assert mine[-1] == action
    with server.seat(table, token) as ws:
        assert ws_frames(ws)["seat"] == 0
        state = settled_view(ws, 0)  # the bots play on to seat 0's turn
        assert state["version"] >= acked
        before = state
    server.kill()  # mid-game, at rest

    server.start()
    with server.seat(table, token) as ws:
        assert ws_frames(ws)["type"] == "hello"
        again = ws_frames(ws)
        assert again["view"] == before["view"]
        assert again["version"] == before["version"]
        ws.send(f'{{"type": "act", "action": "{again["view"]["legal"][0]}", "id": 3}}')
        while (frame := ws_frames(ws))["type"] not in ("ack", "error"):
            pass
        assert frame == {"type": "ack", "id": 3, "version": before["version"] + 1}
    log = server.log.read_text()
    assert "WebSocket /ws/" in log and token not in log  # the log never shows a seat token
