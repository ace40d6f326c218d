"""Bots react at a human pace: out-of-turn chances (a catch, a Jump-In) wait the table's
reaction time, so a person who sees the chance can take it first."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, receive, seated, until


def _answer(ws: Any, frame_id: int) -> dict[str, Any]:
    """The ``ack`` or ``error`` that answers the frame ``frame_id``."""
    for _ in range(200):
        frame = receive(ws)
        if frame["type"] in ("ack", "error") and frame.get("id") == frame_id:
            return frame
    raise AssertionError(f"no answer to frame {frame_id}")


def test_the_reaction_time_is_a_table_setting_within_the_operators_caps(
    make_client: Any,
) -> None:
    client: TestClient = make_client(min_reaction=0.5, max_reaction=4.0)
    for refused in (0.1, 4.5):
        response = client.post("/api/tables", json={"name": "Ann", "reaction": refused})
        assert response.status_code == 400, response.text
        assert "reaction time is 0.5 to 4 s" in response.json()["error"]
    t = create(client, seats=3, reaction=2.5)
    settings = client.get(f"/api/tables/{t['table']}").json()["settings"]
    assert settings["reaction"] == 2.5


def test_a_person_catches_a_forgotten_uno_before_the_bot_within_the_reaction_time(
    make_client: Any,
) -> None:
    # seat 1 never says Uno; seat 2 never misses a catch, but waits the table's 1 s. The
    # bots move at once, so this seat answers faster than a person could: the frame rate
    # limit is raised, or a refused move ("too many frames") would leave the round waiting.
    client: TestClient = make_client(round_pause=0.1, grace=3600.0, rate=1000.0, burst=1000)
    t = create(
        client,
        seats=3,
        bots=["greedy:forget_uno=1", "greedy:miss_catch=0"],
        reaction=1.0,
    )
    rng = random.Random(5)
    caught: list[dict[str, Any]] = []
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start", "id": 1})
        until(ws, "ack")
        end = time.monotonic() + 120
        while not caught and time.monotonic() < end:
            frame = until(ws, "state")
            view = frame["view"]
            if not view or view["over"]:
                continue
            legal: list[str] = view["legal"]
            if "catch 1" in legal:
                ws.send_json({"type": "act", "action": "catch 1", "id": 9})
                answer = _answer(ws, 9)
                assert answer["type"] == "ack", answer  # the bot had not caught seat 1 yet
                events: list[dict[str, Any]] = []
                while not any(e["event"]["type"] == "catch" for e in events):
                    events = until(ws, "state")["events"]
                caught = [e["event"] for e in events if e["event"]["type"] == "catch"]
            elif view["to_play"] == view["seat"]:
                mine = [a for a in legal if not a.startswith("catch")]
                choice = next((a for a in mine if "uno" in a), None) or rng.choice(mine)
                ws.send_json({"type": "act", "action": choice})
    assert caught == [{"type": "catch", "seat": 0, "target": 1}]
