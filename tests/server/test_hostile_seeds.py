"""Seeds: nothing a player or a spectator learns lets them compute a hand of a live match."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, seated, until
from tests.server.test_tables import drain, hub_of

from unokit.match import Match
from unokit.rules import Rules


def wait_for(check: Callable[[], bool], limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("it did not happen in time")


def _one_round_match(client: TestClient, **body: Any) -> dict[str, Any]:
    t = create(client, seats=2, bots=["random"], house={"scoring": "none"}, **body)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        wait_for(lambda: hub_of(client).tables[t["table"]].state == "over")
    return t


def test_a_finished_match_record_does_not_tell_the_rematch(make_client: Any) -> None:
    client = make_client(grace=0.0)
    t = _one_round_match(client)
    record = client.get(f"/api/tables/{t['table']}/record").json()  # no token needed
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "rematch", "id": 1})
        until(ann, "ack")
        hand = drain(ann)["view"]["hand"]
    rules = Rules.preset("mattel-2021", scoring="none")
    for guess in (record["seed"] + 1, record["seed"], record["seed"] - 1):
        predicted = Match(rules, players=2, seed=guess).game.view(0)["hand"]
        assert predicted != hand


def test_each_match_and_table_is_seeded_apart(make_client: Any) -> None:
    client = make_client(tables_per_address=50, seats_per_address=50, seats_burst=50)
    hub = hub_of(client)
    seeds = {hub.tables[create(client, seats=2)["table"]].seed for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_seed_never_shows_in_the_lobby_of_a_dealt_at_random_table(client: TestClient) -> None:
    t = create(client, seats=2)
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["fixed_seed"] is None
    assert str(hub_of(client).tables[t["table"]].seed) not in client.get("/api/tables").text


def test_a_fixed_seed_is_shown_to_everyone_before_they_sit(client: TestClient) -> None:
    t = create(client, seats=3, seed=12345)
    lobby = {x["id"]: x for x in client.get("/api/tables").json()}
    assert lobby[t["table"]]["fixed_seed"] == 12345
    assert client.get(f"/api/tables/{t['table']}").json()["fixed_seed"] == 12345


def test_an_operator_may_refuse_fixed_seeds(make_client: Any) -> None:
    client = make_client(fixed_seeds=False)
    response = client.post("/api/tables", json={"name": "Ann", "seed": 5})
    assert response.status_code == 400 and "seed" in response.json()["error"]


def test_a_rematch_sends_the_new_matchs_opening(make_client: Any) -> None:
    client = make_client(grace=0.0)
    t = _one_round_match(client, seed=7)
    with seated(client, t["table"], t["token"]) as ann:
        drain(ann)
        ann.send_json({"type": "rematch", "id": 1})
        frame = until(ann, "state")
        while frame["table"]["match_no"] != 1:
            frame = until(ann, "state")
    assert frame["events_from"] == 0
    kinds = [e["event"]["type"] for e in frame["events"]]
    assert kinds and kinds[0] == "deal"


def test_every_round_has_a_seed_of_its_own_that_the_last_round_does_not_tell(
    make_client: Any,
) -> None:
    client = make_client(grace=0.0, round_pause=0.0)
    t = create(client, seats=2, bots=["random"], house={"target": 100_000})
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
    hub = hub_of(client)
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        wait_for(lambda: len(hub.tables[t["table"]].match.rounds) >= 3)  # type: ignore[union-attr]
    table = hub.tables[t["table"]]
    assert table.match is not None
    first, second, third = table.match.rounds[:3]
    seeds = [g.record()["origin"]["seed"] for g in (first, second, third)]
    # what the match's own generator would have dealt after the first round: not these
    generated = Match(table.rules, players=2, seed=table.match.seed)
    for seat, action in first.record()["actions"]:
        generated.game.apply(action, seat)
    assert generated.next_round().record()["origin"]["seed"] != seeds[1]
    # each round's seed is stored with its deal, so a restart deals the same rounds
    moves = hub.store.moves(t["table"], table.match_no)
    assert [m for _s, m in moves if m.startswith("next_round")][:2] == [
        f"next_round {seeds[1]}",
        f"next_round {seeds[2]}",
    ]
    again = Match.replay(table.match.record())
    assert [g.record()["origin"]["seed"] for g in again.rounds[:3]] == seeds


def test_a_player_cannot_deal_a_round_from_a_seed_of_their_choosing(client: TestClient) -> None:
    t = create(client, seats=2, bots=["random"])
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        ann.send_json({"type": "act", "action": "next_round 5", "id": 3})
        error = until(ann, "error")
        assert error["id"] == 3
