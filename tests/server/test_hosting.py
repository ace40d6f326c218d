"""The host's controls, absent players, the turn clock, rounds, records, expiry, restarts."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import config_for, create, join, receive, seated, until
from tests.server.test_tables import drain, hub_of, settle

from unokit.match import Match
from unokit.server import create_app
from unokit.server.db import migrate, open_engine


def wait_for(check: Callable[[], bool], limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the server did not get there in time")
        time.sleep(0.02)


def test_only_the_host_starts_and_seats_bots(client: TestClient) -> None:
    t = create(client, seats=4)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        bobs.send_json({"type": "start", "id": 1})
        assert "host" in until(bobs, "error")["message"]
        bobs.send_json({"type": "add_bot", "id": 2})
        assert "host" in until(bobs, "error")["message"]
        ann.send_json({"type": "add_bot", "bot": "random", "seat": 3})
        until(ann, "ack")
        ann.send_json({"type": "add_bot", "bot": "oracle"})
        assert "oracle" in until(ann, "error")["message"]
        info = client.get(f"/api/tables/{t['table']}").json()
        assert [s["kind"] for s in info["seats"]] == ["human", "human", "open", "bot"]
        ann.send_json({"type": "remove_bot", "seat": 3})
        until(ann, "ack")
        ann.send_json({"type": "remove_bot", "seat": 1})
        assert "not a bot" in until(ann, "error")["message"]
        ann.send_json({"type": "start"})
        until(ann, "ack")
        seats = drain(bobs)["table"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "human", "bot", "bot"]  # empty seats
        ann.send_json({"type": "add_bot"})
        assert "before the start" in until(ann, "error")["message"]


def test_the_host_role_passes_on_when_the_host_leaves(client: TestClient) -> None:
    t = create(client, seats=3)
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        ann.send_json({"type": "leave"})
        until(ann, "ack")
        state = drain(bobs)
        assert state["table"]["owner"] == 1
        assert state["table"]["seats"][0]["kind"] == "open"  # before the start it opens
        bobs.send_json({"type": "start"})
        until(bobs, "ack")


def test_an_absent_players_turns_are_played_after_the_grace_period(make_client: Any) -> None:
    client = make_client(grace=0.3)
    t = create(client, seats=2, bots=["random"], seed=5)
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        settle(client, t["table"])
        game = hub.tables[t["table"]].match.game
        before = len(game.actions)
        time.sleep(0.8)  # present: nobody plays for her, however long she thinks
        assert len(game.actions) == before and game.to_play == 0
    # gone: after the grace period a stand-in plays her turns while someone is at the
    # table (a spectator here), to the round's end
    with seated(client, t["table"]):
        wait_for(lambda: hub.tables[t["table"]].match.game.over, limit=30)
    assert any(seat == 0 for seat, _ in hub.store.moves(t["table"], 0))


def test_the_host_can_give_an_absent_seat_to_a_bot(client: TestClient) -> None:
    t = create(client, seats=3, seed=9)
    bob = join(client, t["table"], "Bob")
    cy = join(client, t["table"], "Cy")
    with seated(client, t["table"], t["token"]) as ann:
        with seated(client, t["table"], bob["token"]) as bobs:
            ann.send_json({"type": "start"})
            until(ann, "ack")
            ann.send_json({"type": "kick", "seat": 1})  # Bob is here: refused
            assert "absent" in until(ann, "error")["message"]
            bobs.send_json({"type": "ping"})
            until(bobs, "pong")
        ann.send_json({"type": "kick", "seat": 2, "bot": "random"})
        until(ann, "ack")
        seats = drain(ann)["table"]["seats"]
        assert seats[2]["kind"] == "bot" and seats[2]["bot"] == "random"
    assert hub_of(client).tables[t["table"]].seat_for_token(cy["token"]) is None
    with seated(client, t["table"]) as watcher:  # a spectator has no seat to take back
        until(watcher, "hello")
        watcher.send_json({"type": "reclaim", "id": 1})
        assert "no seat of yours" in until(watcher, "error")["message"]
    with seated(client, t["table"], cy["token"]) as cys:  # Cy is back: told, and takes it
        hello = until(cys, "hello")
        assert hello["seat"] is None and hello["reclaim"] == 2
        cys.send_json({"type": "reclaim", "id": 1})
        until(cys, "ack")
        frame = drain(cys)
        assert frame["seat"] == 2 and frame["table"]["seats"][2]["kind"] == "human"
        assert frame["view"]["hand"]  # the seat's own cards again
    assert hub_of(client).tables[t["table"]].seat_for_token(cy["token"]) == 2


def test_a_seat_left_on_purpose_is_not_taken_back(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=9)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        ann.send_json({"type": "leave"})
        until(ann, "ack")
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "auth", "token": t["token"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            until(ws, "hello")
        assert closed.value.code == 4401


def test_a_leavers_past_log_lines_keep_their_name_for_a_page_loaded_later(
    client: TestClient,
) -> None:
    t = create(client, seats=2, bots=["random"], seed=9)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        ann.send_json({"type": "leave"})
        until(ann, "ack")
    left_at = hub_of(client).tables[t["table"]].former[0][2]
    with seated(client, t["table"]) as watcher:  # a page loaded after she left
        state = until(watcher, "state")
    assert state["events_from"] == 0 and state["table"]["seats"][0]["name"] != "Ann"
    events = state["events"]
    hers = [e for e in events[:left_at] if e["event"].get("seat") == 0]
    assert hers and all("Ann" in e["text"] and e["was"] == {"0": "Ann"} for e in hers)
    assert all("Ann" not in e["text"] and "was" not in e for e in events[left_at:])


def test_the_turn_clock_plays_for_a_seat_that_runs_out_of_time(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"], seed=6, turn_timer=1)
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        started = time.monotonic()  # before her turn can begin, however busy the machine
        ann.send_json({"type": "start"})
        until(ann, "ack")
        settle(client, t["table"])
        game = hub.tables[t["table"]].match.game
        mine = sum(1 for s, _ in game.actions if s == 0)
        wait_for(lambda: sum(1 for s, _ in game.actions if s == 0) > mine, limit=10)
        assert time.monotonic() - started >= 1.0  # not before the clock ran out


def test_triple_play_timer_mode_runs_on_the_server_clock(client: TestClient) -> None:
    """Timer mode: a turn not finished in time is a `timeout` (draw 6), applied by the
    server's clock for the seat to play."""
    t = create(client, preset="triple-play", seats=2, bots=["random"], seed=6, house={"timer": 1})
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        started = time.monotonic()  # before her turn can begin, however busy the machine
        ann.send_json({"type": "start"})
        until(ann, "ack")
        settle(client, t["table"])
        game = hub.tables[t["table"]].match.game
        wait_for(lambda: any(e.type == "timeout" and e.seat == 0 for e in game.log), limit=15)
        assert time.monotonic() - started >= 1.0  # not before the clock ran out
        assert any(s == 0 and str(a) == "timeout" for s, a in game.actions)


def test_rounds_records_and_rematch(make_client: Any) -> None:
    client = make_client(grace=0.01)
    t = create(client, seats=2, bots=["random"], seed=12, house={"scoring": "none"})
    table_id = t["table"]
    hub = hub_of(client)
    assert client.get(f"/api/tables/{table_id}/record").status_code == 403  # not started
    with seated(client, table_id, t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        running = client.get(f"/api/tables/{table_id}/record", headers={"X-Seat-Token": t["token"]})
        assert running.status_code == 200 and running.json()["format"] == "unokit.match.seat"
        assert running.json()["seat"] == 0
        assert client.get(f"/api/tables/{table_id}/record").status_code == 403
        assert (
            client.get(
                f"/api/tables/{table_id}/record", headers={"X-Seat-Token": "forged"}
            ).status_code
            == 403
        )
        ann.send_json({"type": "rematch"})
        assert "still being played" in until(ann, "error")["message"]
    with seated(client, table_id):  # someone watches: the stand-in plays Ann's turns
        wait_for(lambda: hub.tables[table_id].state == "over", limit=30)
    full = client.get(f"/api/tables/{table_id}/record").json()
    assert full["format"] == "unokit.match" and full["over"]
    replayed = Match.replay(full)
    assert replayed.game.view(None) == hub.tables[table_id].match.game.view(None)
    with seated(client, table_id, t["token"]) as ann:
        ann.send_json({"type": "rematch", "id": 4})
        until(ann, "ack")
        state = drain(ann)
        assert state["table"]["state"] == "playing" and state["table"]["match_no"] == 1


def test_next_round_is_dealt_on_request(make_client: Any) -> None:
    client = make_client(grace=0.01)
    t = create(client, seats=2, bots=["random"], seed=13, target=100_000)
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "next_round"})
        assert "still being played" in until(ann, "error")["message"]
        ann.send_json({"type": "start"})
        until(ann, "ack")
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        wait_for(lambda: hub.tables[t["table"]].match.game.over, limit=30)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "next_round", "id": 3})
        until(ann, "ack")
        state = drain(ann)
        assert state["table"]["round"] == 2


def test_idle_tables_expire(client: TestClient) -> None:
    t = create(client, seats=2)
    hub = hub_of(client)
    assert hub.expire_idle(now=time.time() + 60) == []
    with seated(client, t["table"]) as ws:
        assert receive(ws)["type"] == "hello"
        assert hub.expire_idle(now=time.time() + 10 * 3600) == []  # watched
    assert hub.expire_idle(now=time.time() + 10 * 3600) == [t["table"]]
    assert client.get(f"/api/tables/{t['table']}").status_code == 409


def test_a_restarted_app_resumes_every_table_from_the_database(tmp_path: Path) -> None:
    config = config_for(tmp_path)
    with TestClient(create_app(config)) as client:
        t = create(client, seats=2, bots=["random"], seed=14)
        with seated(client, t["table"], t["token"]) as ann:
            ann.send_json({"type": "start"})
            until(ann, "ack")
            settle(client, t["table"])
            state = drain(ann)
            view = state["view"]
            ann.send_json({"type": "act", "action": view["legal"][0]})
            until(ann, "ack")
            settle(client, t["table"])
            before = hub_of(client).tables[t["table"]].match.game.view(0)
    with (
        TestClient(create_app(config)) as client,
        seated(client, t["table"], t["token"]) as ann,
    ):
        assert receive(ann)["seat"] == 0
        assert receive(ann)["view"] == before


def test_migrations_build_the_schema_once(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    migrate(engine)
    migrate(engine)  # already at the newest revision: nothing to do
    names = set(inspect(engine).get_table_names())
    assert {"tables", "seats", "moves", "chat", "alembic_version"} <= names
    assert "epoch" in {column["name"] for column in inspect(engine).get_columns("tables")}
    with engine.connect() as conn:
        assert conn.execute(text("select version_num from alembic_version")).scalar() == "0003"
    engine.dispose()


def test_players_cannot_make_the_server_run_a_program(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"name": "Eve", "bots": ["external:command=touch /tmp/pwned"]}
    )
    assert response.status_code == 400 and "operator" in response.json()["error"]
    assert "external" not in client.get("/api/options").json()["bots"]


def test_an_external_bot_offered_by_the_operator_plays_its_seat(make_client: Any) -> None:
    command = f"{sys.executable} -m unokit.bots random --seed 4"
    client = make_client(grace=0.01, external_bots=(("outside", command),))
    assert "outside" in client.get("/api/options").json()["bots"]
    t = create(client, seats=2, bots=["outside"], seed=15, house={"scoring": "none"})
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        wait_for(lambda: hub.tables[t["table"]].match.game.over, limit=60)
    assert any(seat == 1 for seat, _ in hub.store.moves(t["table"], 0))


def test_the_host_role_passes_on_when_the_host_stays_away(make_client: Any) -> None:
    client = make_client(grace=0.2)
    t = create(client, seats=3)
    bob = join(client, t["table"], "Bob")
    with seated(client, t["table"], bob["token"]) as bobs:
        with seated(client, t["table"], t["token"]) as ann:
            until(ann, "state")
        hub = hub_of(client)
        wait_for(lambda: hub.tables[t["table"]].owner == 1, limit=10)
        bobs.send_json({"type": "start", "id": 1})
        until(bobs, "ack")
