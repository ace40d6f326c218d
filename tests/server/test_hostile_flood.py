"""Bounded sending: a connection owes at most one state frame however many changes pass
(the newest supersedes the unsent), a few other frames, and a client that does not read
is closed with a reason; sockets that never read do not grow the server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import httpx
import pytest
from tests.server.live import Server

from unokit.server.outbox import CLOSE_BEHIND, ClosedError, Outbox


def test_a_newer_state_supersedes_an_unsent_older_one() -> None:
    async def run() -> tuple[list[str], int]:
        box = Outbox()
        built = 0

        def build() -> str:
            nonlocal built
            built += 1
            return f"state {built}"

        box.build = build
        box.put_nowait("hello")
        for _ in range(1000):  # a thousand changes while the client did not read
            box.owe_state()
        out = [await box.get(), await box.get()]
        assert box.empty()
        return out, built

    out, built = asyncio.run(run())
    assert out == ["hello", "state 1"] and built == 1


def test_too_many_unread_frames_close_the_connection_saying_why() -> None:
    async def run() -> None:
        box = Outbox()
        for i in range(Outbox.max_frames + 1):
            box.put_nowait(json.dumps({"type": "pong", "id": i}))
        assert box.closing is not None and box.closing[0] == CLOSE_BEHIND
        assert box.queued()[0] == 1  # what was queued is dropped: only the reason stays
        last = json.loads(await box.get())
        assert last["type"] == "error" and last["code"] == CLOSE_BEHIND
        with pytest.raises(ClosedError):
            await box.get()

    asyncio.run(run())


def test_a_client_that_does_not_take_a_frame_in_time_is_closed() -> None:
    class Stuck:
        closed: int | None = None

        async def send_text(self, data: str) -> None:
            await asyncio.sleep(3600)  # the client's window is full: the write never ends

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            self.closed = code

    async def run() -> Stuck:
        box = Outbox()
        box.send_timeout = 0.2
        box.put_nowait("hello")
        socket = Stuck()
        await asyncio.wait_for(box.pump(socket), 5)
        return socket

    started = time.monotonic()
    assert asyncio.run(run()).closed == CLOSE_BEHIND
    assert time.monotonic() - started < 3


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_sockets_that_never_read_do_not_grow_the_server_under_a_chat_flood(
    tmp_path: Path,
) -> None:
    import websockets

    chat_unlimited = ("chat_per_minute", "chat_burst", "table_chat_per_minute", "table_chat_burst")
    chat_unlimited += ("connects_per_minute", "connects_burst")
    flags = [f for name in chat_unlimited for f in ("--limit", f"{name}=100000")]
    # the chat and connect limits off: what is tested is the sending, as under a flood from
    # many addresses
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log", *flags)
    server.start()
    assert server.process is not None
    pid = server.process.pid
    headers = {"X-Forwarded-For": "198.51.100.7"}

    async def flood() -> float:
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            t = (
                await http.post("/api/tables", json={"name": "e0", "seats": 10}, headers=headers)
            ).json()
            tokens = [t["token"]]
            for i in range(1, 8):
                r = await http.post(
                    f"/api/tables/{t['table']}/join", json={"name": f"e{i}"}, headers=headers
                )
                tokens.append(r.json()["token"])
        url = server.ws_url(t["table"])
        socks = []
        for i in range(8 + 24):  # 8 chatting seats, 24 spectators that never read
            ws = await websockets.connect(
                url, additional_headers=headers, max_queue=1, ping_interval=None, compression=None
            )
            auth = {"type": "auth", "token": tokens[i]} if i < 8 else {"type": "auth"}
            await ws.send(json.dumps(auth))
            socks.append(ws)
        await asyncio.sleep(1.0)
        before = _rss_mb(pid)
        line = "x" * 500
        end = time.monotonic() + 8.0
        while time.monotonic() < end:  # each seat at the frame rate limit (10 a second)
            for ws in socks[:8]:
                with contextlib.suppress(websockets.ConnectionClosed):
                    await ws.send(json.dumps({"type": "chat", "text": line}))
            await asyncio.sleep(0.1)
        grown = _rss_mb(pid) - before
        for ws in socks:
            ws.transport.abort()
        return grown

    try:
        grown = asyncio.run(flood())
        assert httpx.get(f"{server.base}/health", timeout=10).status_code == 200
    finally:
        server.stop()
    assert grown < 40, f"the server grew {grown:.0f} MB"


def test_a_chat_flood_owes_one_chat_frame_to_a_client_that_does_not_read() -> None:
    async def run() -> tuple[list[str], int]:
        box = Outbox()
        built = 0

        def build_chat() -> str:
            nonlocal built
            built += 1
            return f"chat {built}"

        box.build_chat = build_chat
        for _ in range(1000):  # a thousand lines said while the client did not read
            box.owe_chat()
        out = [await box.get()]
        assert box.empty() and box.queued() == (0, 0)
        return out, built

    out, built = asyncio.run(run())
    assert out == ["chat 1"] and built == 1
