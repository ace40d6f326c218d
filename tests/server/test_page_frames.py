"""What the table page reads from the server beyond the views: the create form's switches per
preset, the turn clock and the next deal's countdown, and a rematch's log starting afresh."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, receive, seated


def test_the_options_name_the_switches_each_preset_takes(client: TestClient) -> None:
    presets = {p["name"]: p for p in client.get("/api/options").json()["presets"]}
    classic = ["stacking", "seven_o", "jump_in", "draw_to_match", "first_card_effect"]
    assert presets["mattel-2021"]["house"] == classic
    assert presets["triple-play"]["house"] == [] and presets["party"]["house"] == []
    assert presets["triple-play"]["timer_mode"] and not presets["party"]["timer_mode"]
    assert presets["party"]["scorings"] == ["winner", "none"]
    assert presets["party"]["max"] == 16 and presets["mattel-2021"]["target"] == 500


def state(ws: Any) -> dict[str, Any]:
    while True:
        frame = receive(ws)
        if frame["type"] == "state":
            return frame


def test_a_state_frame_carries_the_turn_clock(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=3, turn_timer=40)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        frame = state(ws)
        while frame["view"] is None:
            frame = state(ws)
        clock = frame["clock"]
        assert clock["turn_timer"] == 40.0
        assert 0 < clock["turn_left"] <= 40
        assert clock["deal_left"] is None
    t = create(client, seats=2, bots=["random"], seed=3)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        frame = state(ws)
        while frame["view"] is None:
            frame = state(ws)
        assert frame["clock"]["turn_left"] is None and frame["clock"]["turn_timer"] is None


def test_after_a_rematch_the_events_start_again_from_the_new_deal(make_client: Any) -> None:
    client = make_client(rate=1000.0, burst=1000)  # one seat plays as fast as it can
    t = create(client, preset="triple-play", seats=2, bots=["random"], seed=5, target=1)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        frame = state(ws)
        for _ in range(3000):
            if frame["table"]["match_over"]:
                break
            view = frame["view"]
            if view and view["legal"] and view["to_play"] == 0:
                ws.send_json({"type": "act", "action": view["legal"][0]})
            frame = state(ws)
        assert frame["table"]["match_over"]
        first = frame["table"]["match_no"]
        ws.send_json({"type": "rematch"})
        frame = state(ws)
        while frame["table"]["match_over"]:
            frame = state(ws)
        assert frame["table"]["match_no"] == first + 1
        assert frame["events_from"] == 0
        assert frame["events"][0]["event"]["type"] == "deal"


def automatic_events(ws: Any, seat: int, limit: int = 400) -> list[dict[str, Any]]:
    """Read state frames until one carries events the server played for ``seat``."""
    for _ in range(limit):
        frame = state(ws)
        marked = [e for e in frame["events"] if e.get("auto")]
        if marked:
            assert all(e["auto"]["seat"] == seat for e in marked)
            return marked
    raise AssertionError("no move was played for the seat")


def test_a_turn_the_clock_ran_out_on_is_marked_as_the_tables(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=3, turn_timer=1)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})  # and Ann never moves: the clock plays for her
        marked = automatic_events(ws, 0)
        assert {e["auto"]["why"] for e in marked} == {"clock"}
        assert any(e["event"].get("seat") == 0 for e in marked)
        with seated(client, t["table"]) as watcher:  # a spectator joining later sees it too
            frame = state(watcher)
            assert any(e.get("auto", {}).get("why") == "clock" for e in frame["events"])


def test_a_turn_played_while_the_player_is_away_is_marked_as_the_tables(
    make_client: Any,
) -> None:
    client = make_client(grace=0.0)
    t = create(client, seats=2, bots=["random"], seed=3)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start"})
        state(ws)
    with seated(client, t["table"]) as watcher:  # Ann is away: the stand-in plays for her
        marked = automatic_events(watcher, 0)
        assert {e["auto"]["why"] for e in marked} == {"away"}
