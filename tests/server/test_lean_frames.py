"""Chat travels in frames of its own, with only the new lines: a chat flood at one table
builds no state frames (the seat's view, the table) for anyone, and a reconnection still
gets the recent lines."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, join, receive, seated, until


def frames_until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every frame queued for ``ws`` so far (a ping's pong marks the end)."""
    ws.send_json({"type": "ping", "id": 999})
    frames = []
    while (frame := receive(ws))["type"] != "pong":
        frames.append(frame)
    return frames


def test_a_chat_line_is_one_small_frame_and_no_state(client: TestClient) -> None:
    t = create(client, seats=2)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        frames_until_pong(ann), frames_until_pong(bobs)
        for n in range(5):
            ann.send_json({"type": "chat", "text": f"line {n}", "id": n})
            until(ann, "ack")
            got = frames_until_pong(bobs)
            assert [f["type"] for f in got] == ["chat"]
            assert [m["text"] for m in got[0]["lines"]] == [f"line {n}"]
            assert len(json.dumps(got[0])) < 200
            assert [f["type"] for f in frames_until_pong(ann)] == ["chat"]


def test_state_frames_carry_no_chat(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=3)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "chat", "text": "hello", "id": 1})
        ann.send_json({"type": "start", "id": 2})
        until(ann, "ack"), until(ann, "ack")
        states = [f for f in frames_until_pong(ann) if f["type"] == "state"]
        assert states and all("chat" not in f for f in states)


def test_a_reconnection_gets_the_recent_lines_once(make_client: Any) -> None:
    client = make_client(burst=100)
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as ann:
        for n in range(35):
            ann.send_json({"type": "chat", "text": f"line {n}", "id": n})
        frames_until_pong(ann)
    with seated(client, t["table"], t["token"]) as again:
        chats = [f for f in frames_until_pong(again) if f["type"] == "chat"]
        assert len(chats) == 1
        assert [m["text"] for m in chats[0]["lines"]] == [f"line {n}" for n in range(5, 35)]
        ids = [m["id"] for m in chats[0]["lines"]]
        assert ids == sorted(set(ids))
    with seated(client, t["table"]) as watcher:  # a spectator reads the chat too
        chats = [f for f in frames_until_pong(watcher) if f["type"] == "chat"]
        assert [m["text"] for m in chats[0]["lines"]][-1] == "line 34"
