"""The hub: every table this process serves, wired from collaborators with one job each.

``Hub`` is the face the web layer (``app``), the command line and the benchmarks call; the
work is done by the collaborators it makes, one module each:

- ``loading``: which tables this process holds (loaded, taken with ownership, handed over);
- ``changes``: the path of every change (lock, change in memory, commit, then the telling);
- ``player_frames``: what a seated player's frame does at a table;
- ``autoplay``: the automatic players (bots, absent players' turns, the clock, the deal);
- ``connections``: the open WebSockets and the frames each one is sent;
- ``presence``: who is at each table, as this process tells its connections;
- ``sharing``: catching up with other processes when they share every table;
- ``lobby``: creating, joining, listing and expiring tables;
- ``refusals``: the ways a request is refused.

The collaborators are plain objects that hold the hub and reach one another through it
(composition rather than mixins): each keeps its own part of the state, the tables and
their connections (``tables``, ``conns``) are the hub's, and a type checker sees every
reach across.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from unokit.server.autoplay import Autoplay
from unokit.server.botmenu import BotMenu
from unokit.server.botpool import BotPool
from unokit.server.changes import Changes
from unokit.server.config import ServerConfig
from unokit.server.connections import Connection, Connections
from unokit.server.coord import Coordinator
from unokit.server.db import Store
from unokit.server.loading import Loader
from unokit.server.lobby import Lobby, address_key
from unokit.server.ownership import Ownership
from unokit.server.player_frames import PlayerFrames
from unokit.server.presence import Presence
from unokit.server.protocol import ClientFrame
from unokit.server.refusals import (
    ActionRefusedError,
    BadRequestError,
    LimitError,
    MovedError,
    SlowDownError,
    TableError,
    UnavailableError,
)
from unokit.server.sharing import Sharing
from unokit.server.storage import Storage
from unokit.server.table import Table, TableSettings

__all__ = [
    "ActionRefusedError",
    "BadRequestError",
    "Connection",
    "Hub",
    "LimitError",
    "MovedError",
    "SlowDownError",
    "TableError",
    "UnavailableError",
    "address_key",
]

log = logging.getLogger("unokit.server")


class Hub:
    """All tables of this process."""

    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        coordinator: Coordinator,
        ownership: Ownership | None = None,
    ) -> None:
        self.config = config
        self.store = store
        self.coord = coordinator
        self.own = ownership
        """This process's leases (``ownership``): it serves only the tables it owns. None:
        it serves every table (one process, or processes sharing tables)."""
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.stopping = False
        """Set at shutdown: drivers end at their next turn of the loop even if a
        cancellation was lost (on Python 3.11 ``asyncio.wait_for`` can swallow one)."""
        sqlite = store.engine.dialect.name == "sqlite"  # one writer at a time there anyway
        self.db = Storage(store.engine, config.db_timeout, workers=1 if sqlite else 4)
        self.menu = BotMenu(
            max_iterations=config.max_iterations,
            max_time=config.bot_deadline,
            external=dict(config.external_bots),
            policies=dict(config.policies),
        )
        self.pool = BotPool(config.bot_workers, config.bot_deadline)
        self.addresses = config.addresses()
        self.clock: Callable[[], float] = time.monotonic
        """The seconds the seats' pace is counted in (a test's own clock, or monotonic)."""
        self.loader = Loader(self)
        self.changes = Changes(self)
        self.players = PlayerFrames(self)
        self.autoplay = Autoplay(self)
        self.connections = Connections(self)
        self.presence = Presence(self)
        self.sharing = Sharing(self)
        self.desk = Lobby(self)
        """The lobby (``lobby``): creating, joining, listing and expiring tables."""

    # -- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        """Load every stored table (replaying its moves) and start its driver."""
        await self.coord.start(self.sharing.notice, self.sharing.resync)
        if self.own is not None:  # a table is loaded when this process takes it
            self.own.start(self.loader.surrender, self.loader.confirm)
            self.desk.sweeper = asyncio.create_task(self.desk.sweep())
            return
        for table_id in self.store.table_ids():
            try:
                self.loader.load(table_id)
            except Exception:
                log.exception("table could not be loaded", extra={"table": table_id})
        self.desk.sweeper = asyncio.create_task(self.desk.sweep())
        log.info("tables loaded", extra={"tables": len(self.tables)})

    async def stop(self) -> None:
        self.stopping = True
        for due in self.presence.due.values():
            due.cancel()
        for wake in self.autoplay.wake.values():
            wake.set()
        tasks = [
            *self.autoplay.drivers.values(),
            *([self.desk.sweeper] if self.desk.sweeper else []),
        ]
        for task in tasks:
            task.cancel()
        if tasks:
            _done, stuck = await asyncio.wait(tasks, timeout=5.0)
            if stuck:
                log.warning("drivers still running at shutdown", extra={"tasks": len(stuck)})
        if self.own is not None:  # the others may take these tables at once
            await self.own.close()
        await self.coord.close()
        for bot in self.autoplay.bots.values():
            self.autoplay.close_bot(bot)
        self.autoplay.bots.clear()
        self.pool.close()
        self.db.close()

    async def get(self, table_id: str) -> Table:
        """The table, loaded (and, with ownership, taken) if it is not here yet."""
        return await self.loader.get(table_id)

    async def check_database(self) -> None:
        """``UnavailableError`` unless the database answers in time (``/health``)."""
        await self.loader.read(self.store.ping)

    def forget(self, table_id: str) -> None:
        """Drop every trace of the table here (expired, or handed over): each collaborator's
        part of it, its driver and its bots."""
        self.tables.pop(table_id, None)
        self.autoplay.clocks.pop(table_id, None)
        self.presence.present.pop(table_id, None)
        self.connections.shared.pop(table_id, None)
        due = self.presence.due.pop(table_id, None)
        if due is not None:
            due.cancel()
        self.changes.lost.discard(table_id)
        self.changes.writes.pop(table_id, None)
        self.changes.held_back.pop(table_id, None)
        self.autoplay.wake.pop(table_id, None)
        task = self.autoplay.drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
        self.coord.forget(table_id)
        for key in [k for k in self.autoplay.bots if k[0] == table_id]:
            self.autoplay.close_bot(self.autoplay.bots.pop(key))

    def record(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The full match record once it is over; before that, only one's own seat's."""
        table = self.loader.table(table_id)
        if table.match is None:
            raise TableError("the game has not started")
        if table.match.over:
            return table.match.record()
        seat = table.seat_for_token(token)
        if seat is None:
            raise TableError("while the match runs, a record is for a seated player only")
        return table.match.record(seat)

    # -- what the web layer asks ------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        """The table if this process holds it (``Loader.table``)."""
        return self.loader.table(table_id)

    async def drain(self) -> None:
        """Hand every table over (a rolling restart: ``Loader.drain``)."""
        await self.loader.drain()

    async def lobby(self, limit: int) -> list[Table]:
        """The newest tables not started yet with a seat open (``Lobby.listing``)."""
        return await self.desk.listing(limit)

    async def create(
        self,
        *,
        name: str,
        settings: TableSettings,
        bots: list[str],
        seed: int | None,
        address: str = "",
    ) -> tuple[Table, str]:
        """A new table and its creator's seat token (``Lobby.create``)."""
        return await self.desk.create(
            name=name, settings=settings, bots=bots, seed=seed, address=address
        )

    async def join(
        self, table_id: str, name: str, seat: int | None, address: str = ""
    ) -> tuple[int, str]:
        """Take an open seat; returns it and its token (``Lobby.join``)."""
        return await self.desk.join(table_id, name, seat, address)

    async def connect(self, table_id: str, token: str | None, address: str = "") -> Connection:
        """A new connection to the table (``Connections.connect``)."""
        return await self.connections.connect(table_id, token, address)

    async def disconnect(self, conn: Connection) -> None:
        """A connection closed (``Connections.disconnect``)."""
        await self.connections.disconnect(conn)

    async def handle(self, conn: Connection, frame: ClientFrame) -> None:
        """Do what a validated frame asks (``PlayerFrames.handle``)."""
        await self.players.handle(conn, frame)

    async def _changed(self, table: Table) -> None:
        """Tell everyone of a change made outside a frame (``Changes.changed``)."""
        await self.changes.changed(table)

    async def expire_idle_async(self, now: float | None = None) -> list[str]:
        """Delete idle tables, the database's work in a thread (``Lobby.expire_idle_async``)."""
        return await self.desk.expire_idle_async(now)

    def expire_idle(self, now: float | None = None) -> list[str]:
        """Delete idle tables nobody watches (``Lobby.expire_idle``)."""
        return self.desk.expire_idle(now)
