"""What a table leaves behind: nothing for the cycle collector. A table that goes is freed by
reference counting alone, so expired tables never wait for a full collection (which pauses
the event loop, longer the more the server holds) to give their memory back."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from pathlib import Path

from unokit.server.config import ServerConfig
from unokit.server.coord import Coordinator
from unokit.server.db import Store, migrate, open_engine
from unokit.server.hub import Hub
from unokit.server.protocol import Act, Start
from unokit.server.table import TableSettings


async def _play_and_expire(db: Path) -> tuple[int, int]:
    engine = open_engine(f"sqlite:///{db}")
    migrate(engine)
    config = ServerConfig(db="unused", bot_delay=0, grace=1e9, round_pause=1e9)
    hub = Hub(config, Store(engine), Coordinator())
    await hub.start()
    rng = random.Random(1)
    for i in range(8):
        who = f"10.0.0.{i + 1}"
        table, token = await hub.create(
            name="p0", settings=TableSettings(seats=4), bots=["greedy"], seed=None, address=who
        )
        tokens = [token] + [(await hub.join(table.id, f"p{n}", None, who))[1] for n in (1, 2)]
        conns = [await hub.connect(table.id, t) for t in tokens]
        await hub.handle(conns[0], Start(type="start"))
        for _ in range(30):
            assert table.match is not None
            game = table.match.game
            seat = game.to_play
            if game.over or seat is None or seat > 2:
                break
            action = str(rng.choice(game.legal_actions(seat)))
            await hub.handle(conns[seat], Act(type="act", action=action))
        for conn in conns:
            await hub.disconnect(conn)
    gc.collect()
    gc.disable()
    try:
        gone = await hub.expire_idle_async(time.time() + 10**7)
        left = gc.collect()
    finally:
        gc.enable()
    await hub.stop()
    engine.dispose()
    return len(gone), left


def test_an_expired_table_is_freed_without_the_cycle_collector(tmp_path: Path) -> None:
    gone, cyclic = asyncio.run(_play_and_expire(tmp_path / "tables.sqlite3"))
    assert gone == 8
    assert cyclic == 0
