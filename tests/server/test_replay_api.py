"""The replay API behind /replay: a finished table's match and a record the page was given,
stepped through by the engine; each step checked against the engine's own replay."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, seated
from tests.server.test_tables import hub_of

from unokit import Match, Random, Rules
from unokit.server.replay import MAX_ACTIONS, REPLAY_BODY
from unokit.turns import play_out, random_chooser


def played(preset: str, players: int, seed: int, **rules: Any) -> Match:
    match = Match(Rules.preset(preset, **rules), players=players, seed=seed)
    rng = Random(seed)
    while True:
        for _ in play_out(match.game, random_chooser(rng, 0.3)):
            pass
        if match.over:
            return match
        match.next_round()


def engine_views(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The spectator's view after the deal and after each action, from the engine."""
    views: list[dict[str, Any]] = []
    Match.replay(record, lambda m: views.append(m.game.view(None)))
    return views


def same(step_view: dict[str, Any], view: dict[str, Any]) -> bool:
    """A step's view is the engine's, its piles given as how many cards they hold."""
    expected = dict(view)
    if "discard" in expected:
        expected["discard"] = len(expected["discard"])
    if "piles" in expected:
        expected["piles"] = [len(p) for p in expected["piles"]]
    return step_view == expected


def test_a_finished_tables_match_is_stepped_through_with_its_names(
    make_client: Any,
) -> None:
    client = make_client(grace=0.01)
    t = create(client, seats=3, bots=["random", "random"], seed=12, target=1)
    table_id = t["table"]
    hub = hub_of(client)
    with seated(client, table_id, t["token"]) as ann:
        ann.send_json({"type": "start"})
        time.sleep(0.05)
        running = client.get(f"/api/tables/{table_id}/replay")
        assert running.status_code == 403 and "once it is over" in running.json()["detail"]
    with seated(client, table_id):  # someone watches: the stand-in plays Ann's turns
        deadline = time.monotonic() + 30
        while hub.tables[table_id].state != "over" and time.monotonic() < deadline:
            time.sleep(0.05)
    answer = client.get(f"/api/tables/{table_id}/replay")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    data = answer.json()
    assert data["names"][0] == "Ann" and [s["seat"] for s in data["seats"]] == [0, 1, 2]
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["names"] == data["names"]
    views = engine_views(record)
    assert len(data["steps"]) == len(views) == 1 + sum(len(r["actions"]) for r in record["rounds"])
    assert all(same(s["view"], v) for s, v in zip(data["steps"], views, strict=True))
    last = data["steps"][-1]
    assert last["match_over"] and last["scores"] == record["scores"]
    assert all(
        len(h) == n for h, n in zip(last["view"]["hands"], last["view"]["hand_sizes"], strict=True)
    )
    gone = client.get("/api/tables/nosuchtable/replay")
    assert gone.status_code == 409 and "no such table" in gone.json()["error"]


def test_a_given_record_is_replayed_and_nothing_is_kept(client: TestClient) -> None:
    hub = hub_of(client)
    for preset, players in (("party", 16), ("triple-play", 3), ("mattel-2021", 4)):
        record = json.loads(json.dumps(played(preset, players, 5, target=1).record()))
        body = json.dumps(record)
        assert len(body) > 16_384  # beyond every other request's limit
        answer = client.post(
            "/api/replay", content=body, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 200, answer.text
        data = answer.json()
        views = engine_views(record)
        assert data["rules"] == preset and data["names"][0] == "Seat 1"
        assert all(same(s["view"], v) for s, v in zip(data["steps"], views, strict=True))
        texts = [e["text"] for s in data["steps"] for e in s["events"]]
        assert len(texts) == sum(len(r["events"]) for r in record["rounds"])
    assert hub.tables == {}


def test_a_given_game_record_is_one_round(client: TestClient) -> None:
    game = played("mattel-2021", 2, 9, target=1).rounds[0]
    data = client.post("/api/replay", json=game.record()).json()
    assert data["rules"] == "mattel-2021" and {s["round"] for s in data["steps"]} == {1}
    assert data["steps"][-1]["view"]["over"] and data["steps"][-1]["match_over"]


def test_the_replay_refuses_what_it_cannot_replay_in_words(client: TestClient) -> None:
    match = played("mattel-2021", 3, 4, target=1)
    cases: list[tuple[Any, str]] = [
        (match.record(1), "one seat's record"),
        ({"format": "x"}, "not a unokit game or match record"),
        ([1, 2], "a record is a JSON object"),
        ({**match.record(), "players": 10**9}, "2 to 16 players"),
        ({**match.record(), "rounds": [{"actions": [[0, "draw"]] * (MAX_ACTIONS + 1)}]}, "at most"),
        ({**match.record(), "rounds": [{"actions": "x"}]}, "lists its actions"),
        ({**match.record(), "seed": "x"}, "malformed"),
    ]
    tampered = match.record()
    tampered["rounds"][0]["actions"][0][1] = "play R0"
    cases.append((tampered, "round 1"))
    for record, why in cases:
        answer = client.post("/api/replay", json=record)
        assert answer.status_code == 422, (why, answer.text)
        assert why in answer.json()["detail"], (why, answer.json())
    not_json = client.post(
        "/api/replay", content=b"{no", headers={"content-type": "application/json"}
    )
    assert not_json.status_code == 422
    huge = b'{"format": "unokit.match", "pad": "' + b"x" * REPLAY_BODY + b'"}'
    too_big = client.post("/api/replay", content=huge, headers={"content-type": "application/json"})
    assert too_big.status_code == 413
    # the replay's own limit leaves every other request's as it was
    other = client.post("/api/tables", content=b'{"name": "' + b"x" * 20_000 + b'"}')
    assert other.status_code == 413


def test_a_record_is_watched_from_one_seat_with_that_seats_view_only(client: TestClient) -> None:
    record = json.loads(json.dumps(played("mattel-2021", 3, 6, target=1).record()))
    data = client.post("/api/replay?seat=1", json=record).json()
    views: list[dict[str, Any]] = []
    Match.replay(record, lambda m: views.append(m.game.view(1)))
    for step, view in zip(data["steps"], views, strict=True):
        view.pop("legal", None)  # watched, not played: no move is offered
        assert same(step["view"], view)
        assert "hands" not in step["view"] or step["view"]["over"]
    assert data["seat"] == 1
    drawn = [e["event"] for s in data["steps"] for e in s["events"] if e["event"]["type"] == "draw"]
    assert all(("cards" in e) == (e["seat"] == 1) for e in drawn if e.get("count", 1))
    assert "no seat 3" in client.post("/api/replay?seat=3", json=record).json()["detail"]
    assert client.post("/api/replay?seat=99", json=record).status_code == 422
