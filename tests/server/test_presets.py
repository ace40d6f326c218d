"""Every preset plays at the server: a seat of people and bots for the rest, to a round's end."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.server.conftest import create, receive, seated, until
from tests.server.test_tables import hub_of

from unokit.rules import Rules


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_preset_plays_a_round_with_a_person_and_bots(make_client: Any, preset: str) -> None:
    client = make_client(grace=0.0)
    rules = Rules.preset(preset)
    seats = rules.max_players
    t = create(
        client, preset=preset, seats=seats, bots=["random"] * (seats - 1), seed=61,
        house={"scoring": "none"},
    )  # fmt: skip
    hub = hub_of(client)
    with seated(client, t["table"], t["token"]) as ann:
        ann.send_json({"type": "start"})
        until(ann, "ack")
        first = until(ann, "state")
        assert len(first["view"]["hand"]) == rules.hand_size
    deadline = time.monotonic() + 60
    with seated(client, t["table"]):  # someone watches: the stand-in plays Ann's turns
        while hub.tables[t["table"]].state != "over":
            assert time.monotonic() < deadline, "the round did not end"
            time.sleep(0.05)
    with seated(client, t["table"]) as watcher:
        receive(watcher)
        assert receive(watcher)["view"]["over"]
