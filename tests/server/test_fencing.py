"""A change fenced by a newer epoch, in one real hub on the real PostgreSQL and Redis.

Another process takes the table while this one still believes it owns it (it stalled past
its lease): the next change here carries the former epoch, PostgreSQL refuses it, and the
player is told to try again while the page is sent on to the new owner. The other process
is played by its one step that matters here, ``Store.take`` (the epoch moved on).
"""

from __future__ import annotations

import asyncio
import json

import pytest
from tests.server.test_services import postgres, redis_url  # noqa: F401  (fixtures)

from unokit.server.config import ServerConfig
from unokit.server.coord import RedisCoordinator
from unokit.server.db import Store, migrate, open_engine
from unokit.server.hub import Hub
from unokit.server.outbox import CLOSE_ELSEWHERE, ClosedError
from unokit.server.ownership import Ownership
from unokit.server.protocol import Act, Start
from unokit.server.refusals import TableError
from unokit.server.table import TableSettings

QUIET = 1e9
"""Seconds before anything automatic happens: no bot, clock or deal moves in these tests."""


async def _fenced_move(db: str, redis: str) -> tuple[str, list[str], int, int]:
    """Play a move after another process took the table: (the refusal, the frames the
    player's connection was sent after it, the moves stored before and after)."""
    engine = open_engine(db)
    migrate(engine)
    store = Store(engine)
    config = ServerConfig(
        db=db, redis=redis, route="/p/1", bot_delay=QUIET, grace=QUIET, round_pause=QUIET
    )
    coord = RedisCoordinator(redis, presence_ttl=config.presence_ttl, owned=True)
    hub = Hub(config, store, coord, Ownership(redis, coord.process, "/p/1", lease=60.0))
    await hub.start()
    try:
        table, ann = await hub.create(
            name="Ann", settings=TableSettings(seats=2), bots=[], seed=None, address="10.0.0.1"
        )
        _seat, bob = await hub.join(table.id, "Bob", None, "10.0.0.2")
        conns = [await hub.connect(table.id, token) for token in (ann, bob)]
        await hub.handle(conns[0], Start(type="start", id=1))
        assert table.match is not None
        before = len(store.moves(table.id, table.match_no))
        store.take(table.id)  # another process took the table: its epoch moved on
        seat = table.match.game.to_play
        assert seat is not None
        action = str(table.match.game.legal_actions(seat)[0])
        with pytest.raises(TableError) as refused:
            await hub.handle(conns[seat], Act(type="act", action=action, id=2))
        sent = []
        with pytest.raises(ClosedError) as closed:
            while True:
                sent.append(await asyncio.wait_for(conns[seat].queue.get(), 10.0))
        assert closed.value.code == CLOSE_ELSEWHERE  # the page connects again, to the owner
        after = len(store.moves(table.id, table.match_no))
        return str(refused.value), sent, before, after
    finally:
        await hub.stop()
        engine.dispose()


def test_a_move_fenced_by_a_newer_epoch_is_refused_as_try_again_and_sent_on(
    postgres: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    refusal, sent, before, after = asyncio.run(_fenced_move(postgres, redis_url))
    assert after == before  # nothing of the fenced move was stored
    assert "try again" in refusal
    last = json.loads(sent[-1])
    assert last["type"] == "error" and last["code"] == CLOSE_ELSEWHERE
    assert "try again" in last["message"]  # what the page shows before it reconnects
