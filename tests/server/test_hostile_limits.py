"""One client cannot spoil the server for the others: every resource has a limit with a
clear error, tokens never travel in URLs, names cannot impersonate."""

from __future__ import annotations

import json
import logging
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import create, join, receive, seated, until, url
from tests.server.live import Server
from tests.server.test_tables import drain, hub_of

from unokit.server.logs import JsonFormatter


def test_tables_per_address_and_in_total_are_limited(make_client: Any) -> None:
    client = make_client(tables_per_address=3, max_tables=5, seats_per_address=50)
    for _ in range(3):
        create(client, seats=2)
    refused = client.post("/api/tables", json={"name": "Eve", "seats": 2})
    assert refused.status_code == 429 and "at most 3 tables" in refused.json()["error"]
    assert (refused.json()["reason"], refused.json()["params"]) == ("tables_per_address", {"n": 3})
    hub = hub_of(client)
    hub.config = hub.config.__class__(**{**hub.config.__dict__, "tables_per_address": 50})
    create(client, seats=2), create(client, seats=2)
    full = client.post("/api/tables", json={"name": "Eve", "seats": 2})
    assert full.status_code == 429 and "all the tables" in full.json()["error"]
    assert (full.json()["reason"], full.json()["params"]) == ("tables_full", {})


def test_seats_per_address_are_limited(make_client: Any) -> None:
    client = make_client(seats_per_address=3)
    t = create(client, seats=6)  # the creator's seat counts
    join(client, t["table"], "B"), join(client, t["table"], "C")
    refused = client.post(f"/api/tables/{t['table']}/join", json={"name": "D"})
    assert refused.status_code == 429 and "at most 3 seats" in refused.json()["error"]


def test_the_host_may_free_any_seat_before_the_start(client: TestClient) -> None:
    t = create(client, seats=3)
    squatter = join(client, t["table"], "Squatter")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], squatter["token"]) as sq,
    ):
        ann.send_json({"type": "kick", "seat": squatter["seat"], "id": 3})
        assert until(ann, "ack")["id"] == 3
        friend = join(client, t["table"], "Friend")
        assert friend["seat"] == squatter["seat"]
        error = until(sq, "error")  # the old token's connection is closed, saying why
        assert "no longer yours" in error["message"]
        with pytest.raises(WebSocketDisconnect):
            sq.send_json({"type": "chat", "text": "still here", "id": 4})
            receive(sq)


def test_connections_per_seat_token_are_limited(make_client: Any) -> None:
    client = make_client(ws_per_seat=2)
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as a, seated(client, t["table"], t["token"]) as b:
        receive(a), receive(b)
        with seated(client, t["table"], t["token"]) as c:
            frame = receive(c)
            assert frame["type"] == "error" and "connections open" in frame["message"]
            with pytest.raises(WebSocketDisconnect) as err:
                receive(c)
            assert err.value.code == 4429


def test_connections_per_address_are_limited(make_client: Any) -> None:
    client = make_client(ws_per_address=2)
    t = create(client, seats=2)
    with seated(client, t["table"]) as a, seated(client, t["table"]) as b:
        receive(a), receive(b)
        with seated(client, t["table"]) as c:
            frame = receive(c)
            assert frame["type"] == "error" and "at most 2 connections" in frame["message"]


@pytest.mark.parametrize("param", ["token", "%74oken", "TOKEN"])
def test_a_token_in_the_websocket_url_is_refused(client: TestClient, param: str) -> None:
    t = create(client, seats=2)
    with client.websocket_connect(f"/ws/{t['table']}?{param}={t['token']}") as ws:
        frame = receive(ws)
        assert frame["type"] == "error" and "first frame" in frame["message"]
        with pytest.raises(WebSocketDisconnect) as err:
            receive(ws)
        assert err.value.code == 4400


def test_the_seat_token_goes_in_the_first_frame(client: TestClient) -> None:
    t = create(client, seats=2)
    with client.websocket_connect(url(t["table"])) as ws:
        ws.send_json({"type": "auth", "token": t["token"]})
        assert receive(ws) == {"type": "hello", "table": t["table"], "seat": 0}
    with client.websocket_connect(url(t["table"])) as ws:
        ws.send_json({"type": "start"})  # anything else first is refused
        assert "first frame" in receive(ws)["message"]


def test_a_record_token_in_the_url_is_refused(client: TestClient) -> None:
    t = create(client, seats=2)
    response = client.get(f"/api/tables/{t['table']}/record?token={t['token']}")
    assert response.status_code == 400 and "X-Seat-Token" in response.json()["detail"]


def test_an_oversized_url_is_refused_at_once(client: TestClient) -> None:
    assert client.get("/api/tables/" + "x" * 5000).status_code == 414
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/a?x=" + "y" * 9000):
        pass


def _first_line(port: int, request: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request.encode())
        return sock.recv(200).split(b"\r\n")[0]


def test_an_oversized_handshake_is_answered_at_once_by_a_real_server(tmp_path: Path) -> None:
    # past the WebSocket library's 8 KiB line limit, before the app sees the request
    upgrade = (
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    )
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log").start()
    try:
        long_url = f"GET /ws/a?x={'y' * 9000} HTTP/1.1\r\nHost: a\r\n{upgrade}\r\n"
        assert _first_line(server.port, long_url).startswith(b"HTTP/1.1 414")
        big_header = f"GET /ws/a HTTP/1.1\r\nHost: a\r\n{upgrade}X-Big: {'y' * 9000}\r\n\r\n"
        assert _first_line(server.port, big_header).startswith(b"HTTP/1.1 431")
    finally:
        server.kill()


def test_percent_encoded_token_params_are_redacted_in_logs() -> None:
    formatter = JsonFormatter()
    for line in (
        '127.0.0.1 - "GET /ws/abc?%74oken=s3cr3t HTTP/1.1" 403',
        '127.0.0.1 - "GET /api/tables/abc/record?x=1&%54OKEN=s3cr3t HTTP/1.1" 400',
        '127.0.0.1 - "GET /ws/abc?seat_token=s3cr3t" 403',
    ):
        record = logging.makeLogRecord({"msg": line, "levelno": 20})
        out = json.loads(formatter.format(record))["msg"]
        assert "s3cr3t" not in out and "[hidden]" in out


def test_rate_limited_frames_are_logged_once_per_interval(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    t = create(client, seats=2)
    with (
        caplog.at_level(logging.WARNING, logger="unokit.server"),
        seated(client, t["table"], t["token"]) as ws,
    ):
        for i in range(100):
            ws.send_json({"type": "ping", "id": i})
        drain(ws)
    lines = [r for r in caplog.records if r.getMessage() == "bad frame"]
    assert len(lines) == 1


@pytest.mark.parametrize(
    "name", ["Ann\x00", "\x1b[31mAnn", "Ann\u202egnp.exe", "   ", "Bo\u200bb", "\u2066Ann"]
)
def test_names_with_control_or_direction_characters_are_refused(
    client: TestClient, name: str
) -> None:
    assert client.post("/api/tables", json={"name": name}).status_code == 422
    t = create(client, seats=2)
    assert client.post(f"/api/tables/{t['table']}/join", json={"name": name}).status_code == 422


def test_names_are_unique_at_a_table(client: TestClient) -> None:
    t = create(client, seats=3, name="Ann")
    for twin in ("Ann", "ann", " ANN ", "Ａｎｎ"):
        response = client.post(f"/api/tables/{t['table']}/join", json={"name": twin})
        assert response.status_code == 409 and "called" in response.json()["error"]
    join(client, t["table"], "Bob")


def test_the_idle_sweep_runs_off_the_event_loop(client: TestClient) -> None:
    hub = hub_of(client)
    t = create(client, seats=2)
    import time

    gone = client.portal.call(hub.expire_idle_async, time.time() + 10 * 3600)  # type: ignore[union-attr]
    assert gone == [t["table"]]


def _chat(ws: Any, text: str, ident: int) -> dict[str, Any]:
    """Send a chat line; the server's answer to it (an ack, or an error saying why)."""
    ws.send_json({"type": "chat", "text": text, "id": ident})
    while True:
        frame = receive(ws)
        if frame["type"] in ("ack", "error") and frame.get("id") == ident:
            return frame


def test_one_address_chats_at_its_rate_however_many_seats_and_sockets_it_holds(
    make_client: Any,
) -> None:
    client = make_client(chat_per_minute=60, chat_burst=3, table_chat_per_minute=6000)
    t = create(client, seats=4)
    tokens = [t["token"]] + [join(client, t["table"], n)["token"] for n in ("B", "C", "D")]
    with (
        seated(client, t["table"], tokens[0]) as a,
        seated(client, t["table"], tokens[1]) as b,
        seated(client, t["table"], tokens[2]) as c,
        seated(client, t["table"], tokens[3]) as d,
    ):
        answers = [_chat(ws, f"line {i}", i) for i, ws in enumerate((a, b, c, d), start=1)]
        assert [f["type"] for f in answers] == ["ack", "ack", "ack", "error"]
        assert "too many chat lines" in answers[3]["message"]
        texts = [line["text"] for line in hub_of(client).tables[t["table"]].chat]
        assert texts == ["line 1", "line 2", "line 3"]  # the refused line went nowhere
        time.sleep(1.1)  # a line a second comes back
        assert _chat(d, "line 5", 5)["type"] == "ack"


def test_a_tables_chat_is_rationed_for_all_its_players_and_not_another_tables(
    make_client: Any,
) -> None:
    client = make_client(chat_per_minute=6000, chat_burst=100, table_chat_burst=2)
    busy, quiet = create(client, seats=2), create(client, seats=2)
    with (
        seated(client, busy["table"], busy["token"]) as a,
        seated(client, quiet["table"], quiet["token"]) as q,
    ):
        answers = [_chat(a, f"line {i}", i) for i in (1, 2, 3)]
        assert [f["type"] for f in answers] == ["ack", "ack", "error"]
        assert "chat is too busy" in answers[2]["message"]
        assert _chat(q, "here all is calm", 4)["type"] == "ack"


def test_a_connection_over_its_frame_rate_is_not_read_until_it_may_send_again(
    make_client: Any,
) -> None:
    """A flood waits in its own socket: after each refusal the next frame is read only once
    the rate allows one, so most of a burst is answered late instead of refused."""
    client = make_client(rate=10.0, burst=2)
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as ws:
        receive(ws)  # hello
        for i in range(12):
            ws.send_json({"type": "ping", "id": 100 + i})
        answers = []
        while len(answers) < 12:
            frame = receive(ws)
            if frame["type"] in ("pong", "error"):
                answers.append(frame["type"])
    assert answers.count("error") <= 6 and answers.count("pong") >= 6  # refused at once: 10


def test_a_connection_over_the_chat_rate_is_not_read_for_a_moment(make_client: Any) -> None:
    client = make_client(chat_per_minute=60, chat_burst=1)
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as ws:
        assert _chat(ws, "hello", 1)["type"] == "ack"
        started = time.monotonic()
        assert _chat(ws, "hello again", 2)["type"] == "error"
        ws.send_json({"type": "ping", "id": 3})
        until(ws, "pong")
        assert time.monotonic() - started >= 0.9  # read again once a line is allowed


def test_one_address_takes_seats_at_its_pace(make_client: Any) -> None:
    """Taking a seat and leaving it in a loop (four sockets each time) is a flood too."""
    client = make_client(seats_per_minute=60, seats_burst=3, seats_per_address=50)
    now = [1000.0]
    hub_of(client).clock = lambda: now[0]  # the pace counted on the test's own clock
    t = create(client, seats=6)  # a seat taken
    join(client, t["table"], "B"), join(client, t["table"], "C")
    refused = client.post(f"/api/tables/{t['table']}/join", json={"name": "D"})
    assert refused.status_code == 429 and "too many seats taken" in refused.json()["error"]
    assert len([s for s in hub_of(client).tables[t["table"]].seats if s.name]) == 3
    now[0] += 1.1  # a seat a second comes back
    join(client, t["table"], "D")
