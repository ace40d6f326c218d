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
    client = make_client(burst=100, chat_burst=100, table_chat_burst=100)
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


def raw_until_pong(ws: Any) -> list[dict[str, Any]]:
    """Every frame queued for ``ws`` so far, as sent (no table filled in)."""
    ws.send_json({"type": "ping", "id": 999})
    frames = []
    while (frame := json.loads(ws.receive_text()))["type"] != "pong":
        frames.append(frame)
    return frames


def raw_until_ack(ws: Any, frame_id: int) -> list[dict[str, Any]]:
    """Every frame sent to ``ws`` up to the acknowledgement of frame ``frame_id`` (the
    change is committed off the event loop: others are told of it after that)."""
    frames = []
    while (frame := json.loads(ws.receive_text()))["type"] != "ack" or frame["id"] != frame_id:
        frames.append(frame)
    return frames


def test_the_table_part_comes_only_when_it_changed(client: TestClient) -> None:
    t = create(client, seats=3, seed=11)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        first = [f for f in raw_until_pong(bobs) if f["type"] == "state"]
        assert "table" in first[0] and "version" not in first[0]["table"]
        raw_until_pong(ann)
        ann.send_json({"type": "add_bot", "bot": "random", "seat": 2, "id": 1})
        raw_until_ack(ann, 1)
        changed = [f for f in raw_until_pong(bobs) if f["type"] == "state"]
        assert changed[-1]["table"]["seats"][2]["kind"] == "bot"  # the seats changed: sent
        ann.send_json({"type": "start", "id": 2})
        before_ack = raw_until_ack(ann, 2)
        last = {}
        for seat, ws in ((0, ann), (1, bobs)):
            early = before_ack if ws is ann else []
            states = [f for f in early + raw_until_pong(ws) if f["type"] == "state"]
            tables = [f["table"]["state"] for f in states if "table" in f]
            assert tables[-1] == "playing"  # the start changed it: sent
            assert states[-1]["version"] > changed[-1]["version"]
            last[seat] = states[-1]
        moves = 0
        for n in range(12):  # plain moves leave the public part as it was: left out
            view = last[0]["view"]
            if view["over"]:
                break
            mover = view["to_play"]
            early: dict[int, list[dict[str, Any]]] = {}
            if mover in last and last[mover]["view"]["legal"]:
                ws = ann if mover == 0 else bobs
                ws.send_json({"type": "act", "action": last[mover]["view"]["legal"][0], "id": n})
                early[mover] = raw_until_ack(ws, n)
                moves += 1
            for seat, ws in ((0, ann), (1, bobs)):
                frames = early.get(seat, []) + raw_until_pong(ws)
                got = [f for f in frames if f["type"] == "state"]
                assert all("table" not in f for f in got if not f["view"]["over"]), got
                versions = [f["version"] for f in got]
                assert versions == sorted(versions)
                last[seat] = got[-1] if got else last[seat]
        assert moves >= 3
    with seated(client, t["table"], bob["token"]) as again:  # a reconnection gets it all
        state = next(f for f in raw_until_pong(again) if f["type"] == "state")
        assert state["table"]["seats"][1]["name"] == "Bob" and state["view"]["hand"]
