"""Replays and records cost the event loop only bytes: the replay process parses a record
sent, replays it and encodes the answer; a record sent is admitted before its body is read,
a few per address and a bounded number in all, and past that answered 503 with
``Retry-After``; a flood of large bodies leaves the server's memory as it was."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.server.live import Server
from tests.server.test_replay_api import played

from unokit.server.replay import REPLAY_BODY, replay_steps
from unokit.server.replayer import MAX_CONTAINERS, Replayer


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return dict(json.loads(json.dumps(played("mattel-2021", 3, 6, target=1).record())))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _from(address: str) -> dict[str, str]:
    """As a client behind the local proxy (trusted by default) that forwards ``address``."""
    return {"x-forwarded-for": address}


def _unsent_body(port: int, address: str) -> socket.socket:
    """A ``POST /api/replay`` whose headers are in and whose body never comes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        b"POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\nX-Forwarded-For: " + address.encode() + b"\r\n\r\n{"
    )
    return sock


def _until_refused(url: str, record: dict[str, Any], address: str) -> httpx.Response:
    """The answer to ``record`` sent from ``address`` once the server has read the headers
    of the requests held open before it (until then it may still be served)."""
    for _ in range(100):
        answer = httpx.post(url, json=record, headers=_from(address), timeout=30)
        if answer.status_code != 200:
            return answer
        time.sleep(0.1)
    return answer


def _peak_and_now(pid: int) -> tuple[int, int]:
    """The process's peak and present resident memory, in kB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmHWM"].split()[0]), int(fields["VmRSS"].split()[0])


def test_replays_come_back_from_their_process_as_json_bytes(record: dict[str, Any]) -> None:
    """Neither the record nor the answer (several MB for a long match) is parsed, pickled
    as objects or encoded on the server's event loop: the process hands back the bytes."""

    async def main() -> tuple[bytes, bytes]:
        replayer = Replayer()
        try:
            given = await replayer.steps(record, None, 1, client="a")
            sent = await replayer.steps(json.dumps(record).encode(), None, 1, client="a")
            return given, sent
        finally:
            replayer.close()

    given, sent = asyncio.run(main())
    assert isinstance(given, bytes) and given == sent
    assert json.loads(given) == json.loads(json.dumps(replay_steps(record, None, 1)))


def test_a_record_sent_is_admitted_before_its_body_is_read(
    server: Server, record: dict[str, Any]
) -> None:
    """Two records from one address whose bodies never come hold its share: a third from it
    is answered 503 with Retry-After at once, unread, while another address is served; once
    eight wait in all, every address is told to come back."""
    held = [_unsent_body(server.port, "198.51.100.7") for _ in range(2)]
    try:
        url = f"{server.base}/api/replay"
        third = _until_refused(url, record, "198.51.100.7")
        assert third.status_code == 503 and int(third.headers["retry-after"]) > 0, third.text[:300]
        assert "from one address" in third.json()["detail"]
        other = httpx.post(url, json=record, headers=_from("198.51.100.8"), timeout=30)
        assert other.status_code == 200 and other.json()["steps"], other.text[:300]
        held += [_unsent_body(server.port, f"198.51.100.{n}") for n in (20, 20, 21, 21, 22, 22)]
        busy = _until_refused(url, record, "198.51.100.9")
        assert busy.status_code == 503 and "busy" in busy.json()["detail"], busy.text[:300]
        assert busy.headers["retry-after"]
    finally:
        for sock in held:
            sock.close()


def test_a_flood_of_large_bodies_leaves_the_servers_memory_as_it_was(server: Server) -> None:
    """Bodies of the route's full size, a million empty objects each (about 100 MB each
    once parsed), sent 24 at once from 6 addresses: each is refused (422 unparsed, or 503
    unread), and the server's memory never grows by more than a few of them as bytes."""
    assert server.process is not None
    pid = server.process.pid
    _, before = _peak_and_now(pid)
    head = b'{"format": "unokit.match", "players": 2, "rounds": [], "junk": ['
    junk = head + b"{}," * ((REPLAY_BODY - len(head) - 10) // 3) + b"{}]}"
    assert len(junk) <= REPLAY_BODY and junk.count(b"{") > 10 * MAX_CONTAINERS
    answers: list[int] = []

    def send(n: int) -> None:
        try:
            answer = httpx.post(
                f"{server.base}/api/replay",
                content=junk,
                headers={"content-type": "application/json", **_from(f"203.0.113.{n % 6}")},
                timeout=120,
            )
            answers.append(answer.status_code)
        except httpx.HTTPError:
            answers.append(0)  # closed unread: refused too

    threads = [threading.Thread(target=send, args=(n,)) for n in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(answers) <= {422, 503, 0} and 422 in answers, answers
    peak, _ = _peak_and_now(pid)
    assert peak - before < 100_000, (before, peak)  # kB: less than 25 bodies' bytes
    assert httpx.get(f"{server.base}/health", timeout=10).status_code == 200


def _half_sent(port: int, address: str, body: bytes) -> socket.socket:
    """A ``POST /api/replay`` of the route's full size of which ``body`` alone is sent."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    head = (
        "POST /api/replay HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {REPLAY_BODY}\r\nX-Forwarded-For: {address}\r\n\r\n"
    )
    sock.sendall(head.encode() + body)
    return sock


def _answer_then_closed(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (a reset once it has)."""
    got = b""
    with sock:
        try:
            while data := sock.recv(65536):
                got += data
        except ConnectionResetError:
            pass
    return got


def test_a_refused_body_is_read_no_further(tmp_path: Path) -> None:
    """A record whose objects pass the bound is refused (422) as soon as the part of it
    that passes has come, and a body refused unread (503) is not read either: neither
    answer waits for the rest of a 4 MB body, and the connection is closed rather than read
    on (the deadlines here are far beyond the test)."""
    flags = ("--header-timeout", "3600", "--body-timeout", "3600")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    held = []
    try:
        junk = b'{"junk": [' + b"{}," * (MAX_CONTAINERS + 1000)
        answer = _answer_then_closed(_half_sent(server.port, "198.51.100.30", junk))
        assert answer.startswith(b"HTTP/1.1 422") and b"objects and lists" in answer, answer
        held = [_unsent_body(server.port, "198.51.100.31") for _ in range(2)]
        for _ in range(100):  # until the two held have been admitted
            sent = _half_sent(server.port, "198.51.100.31", b"{" + b" " * 300_000)
            answer = _answer_then_closed(sent)
            if answer.startswith(b"HTTP/1.1 503"):
                break
            time.sleep(0.1)
        assert answer.startswith(b"HTTP/1.1 503") and b"from one address" in answer, answer
    finally:
        for sock in held:
            sock.close()
        server.stop()


@pytest.mark.parametrize("depth", [600, 50_000])
def test_a_deeply_nested_record_is_refused_in_words(client: TestClient, depth: int) -> None:
    body = b"[" * depth + b"]" * depth
    answer = client.post("/api/replay", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert depth < 1000 or "nested too deeply" in answer.json()["detail"]


def test_a_record_of_too_many_objects_is_refused_unparsed(client: TestClient) -> None:
    body = b'{"junk": [' + b"{}," * MAX_CONTAINERS + b"{}]}"
    answer = client.post("/api/replay", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "objects and lists" in answer.json()["detail"]
