"""An abandoned table stops: with no person at it, its bots and stand-ins stop after the
grace period and cost nothing; its idle clock counts people's doings only, so it expires;
stand-ins never play a whole match for people who went away."""

from __future__ import annotations

import time
from collections.abc import Callable

from fastapi.testclient import TestClient
from tests.server.conftest import create, join, seated, until
from tests.server.test_tables import hub_of

GRACE = 0.5


def _started_and_left(client: TestClient, **body: object) -> str:
    """A table of bots whose creator started it, left, and went away."""
    t = create(client, **body)
    with seated(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "start", "id": 1})
        until(ws, "ack")
        ws.send_json({"type": "leave", "id": 2})
        until(ws, "ack")
    return str(t["table"])


def _still(client: TestClient, table_id: str, seconds: float) -> bool:
    """Did the table stay unchanged for ``seconds``?"""
    hub = hub_of(client)
    before = hub.tables[table_id].version
    time.sleep(seconds)
    return hub.tables[table_id].version == before


def test_bots_stop_when_nobody_is_left_and_the_idle_clock_stays(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(grace=GRACE, bot_delay=0.05)
    table_id = _started_and_left(client, seats=4, bots=["random"] * 3, house={"target": 100_000})
    hub = hub_of(client)
    left = hub.store.table(table_id).touched  # type: ignore[union-attr]
    time.sleep(GRACE + 0.5)
    assert _still(client, table_id, 1.5)  # no more moves: paused
    assert not hub.autoplay.drivers[table_id].done()  # waiting, not ended
    row = hub.store.table(table_id)
    assert row is not None and row.touched == left  # bots' moves are no one's doing
    expired = hub.expire_idle(now=left + hub.config.idle_expiry + 1)
    assert expired == [table_id]


def test_a_table_plays_on_when_someone_comes_back(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(grace=GRACE, bot_delay=0.05)
    table_id = _started_and_left(client, seats=3, bots=["random"] * 2)
    time.sleep(GRACE + 0.5)
    assert _still(client, table_id, 1.0)
    hub = hub_of(client)
    before = hub.tables[table_id].version
    with seated(client, table_id) as watcher:  # a spectator at a table of bots
        until(watcher, "state")
        deadline = time.monotonic() + 5
        while hub.tables[table_id].version == before and time.monotonic() < deadline:
            time.sleep(0.05)
    assert hub.tables[table_id].version > before


def test_stand_ins_stop_once_every_player_is_away(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(grace=GRACE, bot_delay=0.05)
    t = create(client, seats=3, bots=["random"])
    bob = join(client, t["table"], "Bob")
    with (
        seated(client, t["table"], t["token"]) as ann,
        seated(client, t["table"], bob["token"]) as bobs,
    ):
        until(bobs, "state")
        ann.send_json({"type": "start", "id": 1})
        until(ann, "ack")
    # both players went away: the stand-ins play their turns only within the grace period
    time.sleep(2 * GRACE + 0.5)
    assert _still(client, t["table"], 1.5)
    table = hub_of(client).tables[t["table"]]
    assert table.match is not None and not table.match.over
