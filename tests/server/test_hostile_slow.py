"""Slow and many connections against a real server: a half-sent request is closed at the
header deadline, one address past its connection cap is refused at once while others are
served, and the total stays below the open-files limit."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.server.live import Server

from unokit.server.slowguard import RESERVED_FILES, open_files_cap

PARTIAL = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    flags = ("--header-timeout", "1", "--limit", "conns_per_address=5")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _connect(port: int, source: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(PARTIAL)
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_half_sent_request_is_closed_at_the_header_deadline(server: Server) -> None:
    sock = _connect(server.port, "127.0.0.2")
    started = time.monotonic()
    try:
        for _ in range(3):  # a byte now and then does not keep it open
            time.sleep(0.3)
            sock.sendall(b"a")
        assert _closed_within(sock, 5)
        assert time.monotonic() - started < 3
    finally:
        sock.close()


def test_a_completed_request_then_silence_is_closed_too(server: Server) -> None:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # the next one, half sent
        assert _closed_within(sock, 8)
    finally:
        sock.close()


def test_one_address_past_its_cap_is_refused_while_others_are_served(server: Server) -> None:
    held = [_connect(server.port, "127.0.0.2") for _ in range(5)]
    try:
        extra = _connect(server.port, "127.0.0.2")
        extra.settimeout(5)
        answer = extra.recv(200)
        assert answer.startswith(b"HTTP/1.1 503"), answer
        extra.close()
        other = httpx.get(f"{server.base}/health", timeout=5)  # another address
        assert other.status_code == 200
        third = _connect(server.port, "127.0.0.3")
        third.close()
    finally:
        for sock in held:
            sock.close()


def test_the_total_stays_below_the_open_files_limit() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert open_files_cap(10**9) == soft - RESERVED_FILES or soft == resource.RLIM_INFINITY
    assert open_files_cap(10) == 10


def test_connections_past_the_total_are_refused(tmp_path: Path) -> None:
    flags = ("--limit", "conns_per_address=5", "--limit", "max_connections=8")
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    held = []
    try:
        for n in range(8):
            held.append(_connect(server.port, f"127.0.0.{10 + n // 4}"))
        extra = _connect(server.port, "127.0.0.20")
        extra.settimeout(5)
        assert extra.recv(200).startswith(b"HTTP/1.1 503")
        extra.close()
        for sock in held:
            sock.close()
        time.sleep(0.2)
        assert httpx.get(f"{server.base}/health", timeout=5).status_code == 200  # freed
    finally:
        for sock in held:
            sock.close()
        server.stop()
