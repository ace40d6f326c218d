"""Tables over HTTP and WebSockets, in process: create, join, play, leave, reconnect."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import create, join, receive, seated, until, url

from unokit.game import Game
from unokit.server.hub import Hub


def hub_of(client: TestClient) -> Hub:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert isinstance(hub, Hub)
    return hub


def settle(client: TestClient, table_id: str, limit: float = 10.0) -> None:
    """Wait until the bots have played up to a person's turn (or the round's end)."""
    hub = hub_of(client)
    deadline = time.monotonic() + limit
    stable, last = 0, -1
    while time.monotonic() < deadline:
        table = hub.tables[table_id]
        game = table.match.game if table.match is not None else None
        human_turn = game is None or game.over or table.seats[game.to_play].kind == "human"  # type: ignore[index]
        stable = stable + 1 if (human_turn and table.version == last) else 0
        if stable >= 3:
            return
        last = table.version
        time.sleep(0.02)
    raise AssertionError("the bots did not settle")


def drain(ws: Any) -> dict[str, Any]:
    """Everything queued for ``ws`` so far; returns the last state frame."""
    ws.send_json({"type": "ping", "id": 999})
    state: dict[str, Any] = {}
    while True:
        frame = receive(ws)
        if frame["type"] == "pong":
            return state
        if frame["type"] == "state":
            state = frame


def test_health_and_options(client: TestClient) -> None:
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["tables"] == 0
    options = client.get("/api/options").json()
    assert "mattel-2021" in [p["name"] for p in options["presets"]]
    assert "random" in options["bots"]


def test_the_page_is_served_with_its_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<main id="table"' in page.text
    assert client.get("/t/anything").text == page.text
    assert "function render" in client.get("/static/app.js").text
    assert client.get("/static/style.css").status_code == 200


def test_create_join_play_leave(client: TestClient) -> None:
    t = create(client, seats=3, bots=["random"], seed=11)
    table = t["table"]
    info = client.get(f"/api/tables/{table}").json()
    assert [s["kind"] for s in info["seats"]] == ["human", "open", "bot"]
    assert [x["id"] for x in client.get("/api/tables").json()] == [table]
    bob = join(client, table, "Bob")
    assert bob["seat"] == 1 and bob["token"] != t["token"]
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cy"}).status_code == 409
    with (
        seated(client, table, t["token"]) as ann,
        seated(client, table, bob["token"]) as bobs,
    ):
        assert receive(ann) == {"type": "hello", "table": table, "seat": 0}
        ann.send_json({"type": "start", "id": 1})
        assert until(ann, "ack")["id"] == 1
        settle(client, table)
        hub = hub_of(client)
        game = hub.tables[table].match.game  # type: ignore[union-attr]
        state_a, state_b = drain(ann), drain(bobs)
        assert state_a["view"] == game.view(0) and state_b["view"] == game.view(1)
        seat = game.to_play
        ws, view = (ann, state_a["view"]) if seat == 0 else (bobs, state_b["view"])
        before = len(game.actions)
        ws.send_json({"type": "act", "action": view["legal"][0], "id": 7})
        ack = until(ws, "ack")
        assert ack["id"] == 7
        assert str(game.actions[before][1]) == view["legal"][0]
        assert (seat, view["legal"][0]) in [(s, str(a)) for s, a in hub.store.moves(table, 0)]
        bobs.send_json({"type": "leave", "id": 8})
        until(bobs, "ack")
        state = drain(ann)
        assert state["table"]["seats"][1]["kind"] == "bot"
    assert hub.tables[table].seat_for_token(bob["token"]) is None


def test_reconnect_with_the_seat_token_gets_the_seat_back(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=3)
    with seated(client, t["table"], t["token"]) as ws:
        receive(ws)
        ws.send_json({"type": "start"})
        first = drain(ws)
    with seated(client, t["table"], t["token"]) as ws:
        assert receive(ws)["seat"] == 0
        again = receive(ws)
        assert again["seat"] == 0
        assert again["view"]["hand"] == hub_of(client).tables[t["table"]].match.game.view(0)["hand"]  # type: ignore[union-attr]
        assert again["events_from"] == 0 and len(again["events"]) >= len(first["events"])


def test_a_token_of_another_table_is_refused(client: TestClient) -> None:
    a = create(client, seats=2)
    b = create(client, seats=2)
    with seated(client, a["table"], b["token"]) as ws:
        assert "not valid" in receive(ws)["message"]
        with pytest.raises(WebSocketDisconnect) as err:
            receive(ws)
        assert err.value.code == 4401
    with seated(client, "nosuchtable") as ws:
        assert "no such table" in receive(ws)["message"]


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("not json", "Invalid JSON"),
        ("[1, 2]", "object"),
        ('{"type": "fly"}', "does not match"),
        ('{"type": "act"}', "action"),
        ('{"type": "act", "action": ""}', "at least 1"),
        ('{"type": "chat", "text": "hi", "extra": 1}', "Extra inputs"),
        ('{"type": "act", "action": "' + "x" * 5000 + '"}', "too long"),
        ('{"type": "act", "action": "fly away"}', "fly"),
    ],
)
def test_an_invalid_frame_gets_an_error_frame_and_the_connection_lives(
    client: TestClient, raw: str, says: str
) -> None:
    t = create(client, seats=2, bots=["random"], seed=2)
    with seated(client, t["table"], t["token"]) as ws:
        receive(ws)
        ws.send_json({"type": "start"})
        before = drain(ws)
        ws.send_text(raw)
        error = until(ws, "error")
        assert says in error["message"]
        after = drain(ws)  # still answering
        assert after == {} or after["view"] == before["view"]
        ws.send_bytes(b"\xff\xfe")
        assert until(ws, "error")["type"] == "error"


def test_a_seat_cannot_act_out_of_turn_or_for_another_seat(client: TestClient) -> None:
    t = create(client, seats=2, seed=4)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        ann.send_json({"type": "start"})
        a, b = drain(ann), drain(bobs)
        to_play = a["view"]["to_play"]
        idle, idle_view = (bobs, b) if to_play == 0 else (ann, a)
        mover_view = a if to_play == 0 else b
        game = hub_of(client).tables[t["table"]].match.game  # type: ignore[union-attr]
        actions = len(game.actions)
        # the other seat sends the mover's legal action: refused, nothing changes
        idle.send_json({"type": "act", "action": mover_view["view"]["legal"][-1], "id": 5})
        error = until(idle, "error")
        assert error["id"] == 5 and error["message"]
        # the refusal's code and params, for a page to tell in its reader's language
        assert (error["reason"], error["params"]) == ("not_your_turn", {"turn": to_play})
        assert len(game.actions) == actions
        assert drain(idle) == {}  # no change, so no new state frame
        assert idle_view["view"]["legal"] == game.view(1 - to_play)["legal"]
    late = client.post(f"/api/tables/{t['table']}/join", json={"name": "Cal"})
    assert late.status_code == 409
    assert late.json() == {
        "error": "the game has started: you can watch it",
        "reason": "started_watch",
        "params": {},
    }


def test_a_spectator_sees_public_information_and_cannot_act(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=8)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        drain(ann)
        with seated(client, t["table"]) as watcher:
            assert receive(watcher)["seat"] is None
            state = receive(watcher)
            game = hub_of(client).tables[t["table"]].match.game  # type: ignore[union-attr]
            assert state["view"] == game.view(None)
            assert "hand" not in state["view"] and "legal" not in state["view"]
            assert all(
                "cards" not in e["event"] for e in state["events"] if e["event"]["type"] == "deal"
            )
            watcher.send_json({"type": "act", "action": "draw", "id": 3})
            assert "spectators" in until(watcher, "error")["message"]
            watcher.send_json({"type": "chat", "text": "hello"})
            assert "spectators" in until(watcher, "error")["message"]


def test_chat_reaches_everyone_with_the_name(client: TestClient) -> None:
    t = create(client, seats=2)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        ann.send_json({"type": "chat", "text": "good luck"})
        until(ann, "ack")
        line = until(bobs, "chat")["lines"][-1]
        assert line == {
            "id": line["id"],
            "seat": 0,
            "name": "Ann",
            "text": "good luck",
            "at": until(ann, "chat")["lines"][-1]["at"],
        }


def test_the_rate_limit_answers_a_flood_with_errors(make_client: Any) -> None:
    client = make_client(rate=1.0, burst=5)
    t = create(client, seats=2)
    with seated(client, t["table"], t["token"]) as ws:
        receive(ws), receive(ws)
        for i in range(20):
            ws.send_json({"type": "ping", "id": i})
        frames = [receive(ws) for _ in range(6)]  # the rest wait a second each, unread
        assert [f["type"] for f in frames] == ["pong"] * 5 + ["error"]
        assert "too many frames" in frames[5]["message"]


def test_websocket_origin_is_checked(client: TestClient) -> None:
    t = create(client, seats=2)
    with (
        pytest.raises(WebSocketDisconnect) as err,
        client.websocket_connect(url(t["table"]), headers={"origin": "http://evil.example"}),
    ):
        pass
    assert err.value.code == 4403
    with client.websocket_connect(url(t["table"]), headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "auth", "token": t["token"]})
        assert receive(ws)["type"] == "hello"


def test_create_refuses_bad_settings(client: TestClient) -> None:
    too_many = client.post("/api/tables", json={"name": "A", "seats": 12})
    assert too_many.status_code == 409 and "2 to 10" in too_many.json()["error"]
    bad_switch = client.post("/api/tables", json={"name": "A", "house": {"flying": True}})
    assert bad_switch.status_code == 409 and "flying" in bad_switch.json()["error"]
    bad_bot = client.post("/api/tables", json={"name": "A", "bots": ["oracle"]})
    assert bad_bot.status_code == 400 and "oracle" in bad_bot.json()["error"]
    bad_name = client.post("/api/tables", json={"name": "<script>"})
    assert bad_name.status_code == 422


def test_log_lines_hide_seat_tokens() -> None:
    import json as _json
    import logging

    from unokit.server.logs import JsonFormatter

    record = logging.makeLogRecord(
        {"msg": '127.0.0.1 - "WebSocket /ws/abc?token=s3cr3t-Tok_en" [accepted]', "levelno": 20}
    )
    line = _json.loads(JsonFormatter().format(record))
    assert "s3cr3t" not in line["msg"] and "token=[hidden]" in line["msg"]


def test_a_round_nobody_can_finish_is_blocked_at_the_table_and_logged(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    # two people pass a Reverse back and forth with nothing left to draw: the position comes
    # back a fifth time and the rules end the round, and the server says so in its log
    t = create(client, seats=2, bots=[], seed=3)
    table = t["table"]
    bob = join(client, table, "Bob")
    hub = hub_of(client)
    with (
        seated(client, table, t["token"]) as ann,
        seated(client, table, bob["token"]) as bobs,
        caplog.at_level(logging.INFO, logger="unokit.server"),
    ):
        ann.send_json({"type": "start"})
        until(ann, "ack")
        match = hub.tables[table].match
        assert match is not None
        dead = Game.arranged(
            match.rules, hands=[["Y1", "Y2"], ["G1", "G2"]], discard=["RR", "BR"], draw=[]
        )
        match.game = match.rounds[-1] = dead
        for _ in range(200):
            if dead.over:
                break
            ws = ann if dead.to_play == 0 else bobs
            ws.send_json({"type": "act", "action": str(dead.legal_actions()[0])})
            until(ws, "ack")
        assert dead.over and dead.winner is None and dead.log[-2].reason == "repetition"
    assert any(r.getMessage() == "round blocked" for r in caplog.records)


def test_moves_stored_before_a_drawn_card_was_kept_with_pass_still_replay() -> None:
    """A table's stored moves from before a drawn card that does not play was kept with
    ``pass`` (docs/rules.md, C-DEC-57) lack those passes; a restart applies each keep."""
    from pathlib import Path

    from unokit import Match, Rules
    from unokit.server.table import Table, TableSettings

    old = Path(__file__).resolve().parents[1] / "fixtures" / "records_v1" / "match.json"
    record = json.loads(old.read_text())
    rows = [(seat, text) for seat, text in record["rounds"][0]["actions"]]
    settings = TableSettings(preset="mattel-2015", seats=3)
    table = Table(id="t", settings=settings, rules=settings.rules(), seats=[])
    table.match = Match(Rules.preset("mattel-2015"), players=3, seed=record["seed"])
    table.replay(rows)
    assert table.seq == len(rows)
    played = Match.replay(record).rounds[0]
    assert table.match.game.over and table.match.game.round_points() == played.round_points()
    assert len(table.match.game.actions) > len(rows)  # the keeps applied on the way
