"""Fixtures for the table server tests: an app on a fresh SQLite file, in process."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.server.live import with_table

from unokit.server import ServerConfig, create_app


def config_for(tmp_path: Path, **changes: Any) -> ServerConfig:
    values: dict[str, Any] = {
        "db": f"sqlite:///{tmp_path / 'tables.sqlite3'}",
        "bot_delay": 0.0,
        "reaction": 0.0,  # bots react at once unless a test sets a table's reaction time
        "min_reaction": 0.0,
        "grace": 3600.0,
        "round_pause": 3600.0,
        # one test client is one address opening sockets and pages as fast as it runs: the
        # tests of these rations set their own
        "connects_per_minute": 100_000,
        "connects_burst": 10_000,
        "page_rate": 10_000,
        "page_burst": 10_000,
    }
    values.update(changes)
    return ServerConfig(**values)


@pytest.fixture
def make_client(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        client = TestClient(create_app(config_for(tmp_path, **changes)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)
    # every table's driver ended with its server (none outlived a lost cancellation)
    assert "drivers still running at shutdown" not in caplog.messages


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("name", "Ann")
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def join(client: TestClient, table: str, name: str) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return dict(response.json())


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    return with_table(ws, dict(json.loads(ws.receive_text())))


def until(ws: WebSocketTestSession, kind: str, limit: int = 200) -> dict[str, Any]:
    """Read frames until one of ``kind`` arrives."""
    for _ in range(limit):
        frame = receive(ws)
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame in {limit} frames")


def url(table: str) -> str:
    return f"/ws/{table}"


@contextmanager
def seated(
    client: TestClient, table: str, token: str | None = None
) -> Iterator[WebSocketTestSession]:
    """A WebSocket to ``table`` that sends its seat token in the first frame (none: a
    spectator)."""
    with client.websocket_connect(url(table)) as ws:
        ws.send_json({"type": "auth", "token": token} if token else {"type": "auth"})
        yield ws
