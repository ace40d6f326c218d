"""A leaver is a table event in the table's records: a code and numbers, no words."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.server.conftest import create, join, seated, until


def test_a_player_who_leaves_mid_match_is_recorded_as_a_table_event(client: TestClient) -> None:
    made = create(client, seats=3, bots=["random"], seed=11)
    table = made["table"]
    bob = join(client, table, "Bob")
    with seated(client, table, made["token"]) as ann, seated(client, table, bob["token"]) as b:
        ann.send_json({"type": "start", "id": 1})
        assert until(ann, "ack")["id"] == 1
        b.send_json({"type": "leave", "id": 2})
        assert until(b, "ack")["id"] == 2
    record = client.get(f"/api/tables/{table}/record", headers={"X-Seat-Token": made["token"]})
    assert record.status_code == 200, record.text
    events = record.json()["table_events"]
    assert len(events) == 1
    left = events[0]
    assert {k: left[k] for k in ("type", "seat", "name", "round")} == {
        "type": "left", "seat": 1, "name": "Bob", "round": 1,
    }  # fmt: skip
    assert isinstance(left["event"], int) and left["event"] >= 3  # after the deal


def test_a_match_nobody_left_has_no_table_events(client: TestClient) -> None:
    made = create(client, seats=2, bots=["random"], seed=3)
    with seated(client, made["table"], made["token"]) as ann:
        ann.send_json({"type": "start", "id": 1})
        until(ann, "ack")
    record = client.get(
        f"/api/tables/{made['table']}/record", headers={"X-Seat-Token": made["token"]}
    )
    assert record.json()["table_events"] == []
