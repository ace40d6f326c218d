"""Which tables this process holds: loaded from the database, taken (with ownership), handed over.

A table is built from its rows off the event loop (``Storage``) and kept in ``Hub.tables``
with a driver task (``autoplay``). With ownership (``ownership``) a table is loaded only once
this process holds its lease and has moved its epoch on; a lease lost, or a write fenced,
drops the table here and sends its connections on to the new owner.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from unokit.server.autoplay import Clock
from unokit.server.db import StoredSeat, StoredTable
from unokit.server.outbox import CLOSE_ELSEWHERE
from unokit.server.ownership import ElsewhereError
from unokit.server.refusals import (
    MovedError,
    TableError,
    UnavailableError,
)
from unokit.server.storage import StorageError
from unokit.server.table import (
    LOBBY,
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["Loader"]

log = logging.getLogger("unokit.server")


_Fetched = tuple[StoredTable, list[StoredSeat], list[tuple[int | None, str]], list[dict[str, Any]]]
"""A table's rows as ``Loader.fetch`` reads them: the table, seats, the match's moves, chat."""


class Loader:
    """Loads, takes and hands over the tables of this process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def fetch(self, table_id: str) -> _Fetched | None:
        """A table's rows (a worker thread runs this: ``Storage``)."""
        row = self.hub.store.table(table_id)
        if row is None:
            return None
        moves = self.hub.store.moves(table_id, row.match_no) if row.state != LOBBY else []
        return row, self.hub.store.seats(table_id), moves, self.hub.store.chat(table_id)

    def load(self, table_id: str) -> Table | None:
        """The table from the database, on the event loop (at start only)."""
        return self.install(table_id, self.fetch(table_id))

    async def reload(self, table_id: str) -> Table | None:
        """The table from the database, read off the event loop."""
        return self.install(table_id, await self.read(self.fetch, table_id))

    async def read(self, fn: Callable[..., Any], *args: object) -> Any:
        """A database call off the loop; ``UnavailableError`` when it fails."""
        try:
            return await self.hub.db(fn, *args)
        except StorageError as err:
            log.warning("the database did not answer", extra={"error": str(err)})
            raise UnavailableError(
                "the server cannot reach its database: try again in a moment"
            ) from None

    def install(self, table_id: str, fetched: _Fetched | None) -> Table | None:
        """Build the table from its rows, keep it, and start its driver."""
        if fetched is None:
            return None
        row, seat_rows, moves, chat = fetched
        table = Table.load(row, self.clamped(seat_rows), moves, chat)
        self.hub.tables[table_id] = table
        now = time.monotonic()
        clock = self.hub.autoplay.clocks.setdefault(table_id, Clock(changed=now, turn_started=now))
        for seat in table.humans():
            clock.absent_since.setdefault(seat, now)
        if table_id not in self.hub.autoplay.drivers:
            self.hub.autoplay.wake[table_id] = asyncio.Event()
            self.hub.autoplay.drivers[table_id] = asyncio.create_task(
                self.hub.autoplay.drive(table_id)
            )
        return table

    def table(self, table_id: str) -> Table:
        table = self.hub.tables.get(table_id)
        if table is None:
            if self.hub.own is not None:  # taken (off the loop) by ``get`` only
                raise MovedError("")
            if table_id in self.hub.changes.lost:  # its reload waits for the database (``get``)
                raise UnavailableError("the server cannot reach its database: try again")
            table = self.load(table_id)
        if table is None:
            raise TableError("there is no such table (it may have expired)")
        return table

    async def get(self, table_id: str) -> Table:
        """``table``, with the database read off the loop; a table dropped after a change
        the database did not confirm is loaded again, and its connections told."""
        table = self.hub.tables.get(table_id)
        if table is not None:
            return table
        lost = table_id in self.hub.changes.lost
        try:
            if self.hub.own is not None:
                async with self.hub.own.claiming(table_id):
                    if table_id in self.hub.tables:  # taken while this call waited
                        return self.hub.tables[table_id]
                    await self.take(table_id)
                    loaded = await self.reload(table_id)
            else:
                loaded = await self.reload(table_id)
        except TableError:
            raise
        except Exception:
            log.exception("table could not be loaded", extra={"table": table_id})
            raise UnavailableError("the server could not load this table: try again") from None
        if loaded is None:
            raise TableError("there is no such table (it may have expired)")
        if lost:
            self.hub.changes.lost.discard(table_id)
            log.info("table loaded again from the database", extra={"table": table_id})
            for conn in self.hub.conns.get(table_id, ()):
                conn.queue.owe_state()
                conn.queue.owe_chat()
            self.hub.autoplay.wake_driver(table_id)
        return loaded

    async def take(self, table_id: str) -> None:
        """Own the table: its lease, then its next epoch, after which no write of a former
        owner commits and what it committed is in what this process loads next."""
        assert self.hub.own is not None
        if self.hub.own.epoch(table_id) is not None:
            return
        try:
            await self.hub.own.take(table_id)
        except ElsewhereError as err:
            raise MovedError(err.route) from None
        except Exception:
            log.warning("the table's lease could not be taken", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis: try again in a moment") from None
        try:
            epoch = await self.read(self.hub.store.take, table_id)
        except BaseException:
            await self.hub.own.release(table_id)
            raise
        if epoch is None:
            await self.hub.own.release(table_id)
            raise TableError("there is no such table (it may have expired)")
        self.hub.own.held(table_id, epoch)
        log.info("table taken", extra={"table": table_id, "epoch": epoch})

    async def confirm(self, table_id: str, epoch: int) -> bool:
        """Is ``epoch`` still the table's (a lapsed lease held again)? Not if another process
        took the table meanwhile, nor if the database does not answer."""
        try:
            return bool(await self.hub.db(self.hub.store.epoch, table_id) == epoch)
        except StorageError:
            return False

    async def surrender(
        self, table_ids: list[str], why: str = "this table moved to another process"
    ) -> None:
        """These tables are no longer this process's (their lease was lost, or a write was
        fenced): drop them, and send their connections on to the table's new owner, each
        told ``why`` (a fenced change: try it again there)."""
        for table_id in table_ids:
            if self.hub.own is not None:
                self.hub.own.forget(table_id)
            for conn in list(self.hub.conns.get(table_id, ())):
                conn.queue.close(CLOSE_ELSEWHERE, "", why)
            self.hub.forget(table_id)
            log.warning("table handed over to another process", extra={"table": table_id})

    async def drain(self) -> None:
        """Hand every table over (a rolling restart): each one's change under way is
        committed first, then its lease let go and its connections sent on, to reconnect
        through the proxy to a process that takes it."""
        if self.hub.own is None:
            return
        self.hub.own.draining = True
        for table_id in list(self.hub.own.epochs):
            async with self.hub.coord.lock(table_id):
                await self.hub.own.release(table_id)
                await self.surrender([table_id])
        await asyncio.sleep(0.1)  # the sockets' pumps send the closing frames
        log.info("tables handed over")

    def clamped(self, rows: list[StoredSeat]) -> list[StoredSeat]:
        """The stored seats, each bot's spec clamped to what this server allows today."""
        for row in rows:
            if row.kind == "bot" and row.bot:
                row.bot = self.hub.menu.clamp(row.bot, self.hub.autoplay.standin())
        return rows
