"""Processes that share every table (no ownership): catching up and telling the others.

Without ownership each process serves every table: before a change it reads what the others
stored since its copy (``catch_up``), after one it publishes a notice (``publish``), and a
notice from another process makes it catch up and tell its own connections (``notice``).
With one process, or with ownership, none of this runs (``Coordinator.shared`` is false).

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from unokit.server.db import StoredSeat
from unokit.server.refusals import (
    TableError,
)
from unokit.server.table import (
    LOBBY,
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["Sharing"]

log = logging.getLogger("unokit.server")


class Sharing:
    """Keeps this process's copies in step with the other processes'."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def catch_up(self, table: Table) -> Table:
        row = await self.hub.loader.read(self.hub.store.table, table.id)
        if row is None:
            raise TableError("there is no such table (it may have expired)")
        if row.version == table.version:
            return table
        if row.match_no == table.match_no and row.state != LOBBY and table.match is not None:
            moves, seats, chat = await self.hub.loader.read(
                self.since, table.id, row.match_no, table.seq
            )
            table.replay(moves)
            table.seats = self.hub.loader.clamped(seats)
            table.chat = chat
            table.owner, table.state, table.version = row.owner, row.state, row.version
            return table
        old = table
        table = await self.hub.loader.reload(table.id) or old
        return table

    def since(
        self, table_id: str, match_no: int, seq: int
    ) -> tuple[list[tuple[int | None, str]], list[StoredSeat], list[dict[str, Any]]]:
        """What another process stored since move ``seq`` (a worker thread runs this)."""
        moves = self.hub.store.moves(table_id, match_no, since=seq)
        return moves, self.hub.store.seats(table_id), self.hub.store.chat(table_id)

    async def notice(self, table_id: str) -> None:
        """Another process changed ``table_id``: catch up and tell our connections."""
        if not self.hub.coord.shared:
            return
        if table_id not in self.hub.tables and not self.hub.conns.get(table_id):
            return
        try:
            # only this process's lock: catching up reads committed rows, and a process
            # killed while it held the shared lock must not stall everyone's notices
            async with self.hub.coord.local_lock(table_id):
                old = await self.hub.loader.get(table_id)
                if table_id in self.hub.changes.writes:  # a change of ours is being committed
                    return  # (its own broadcast follows; a later notice finds the rest)
                before, shape = old.version, self.shape(old)
                table = await self.catch_up(old)
        except TableError:
            return
        if table.version != before:
            self.hub.autoplay.touch_clock(table)
        present = await self.hub.presence.now(table_id)
        self.hub.presence.observe(table, present)
        if (
            table.version != before
            and self.shape(table) == shape
            and present == self.hub.presence.present.get(table_id)
        ):  # only chat lines were added: no seat's view changed
            for conn in self.hub.conns.get(table_id, ()):
                conn.queue.owe_chat()
            return
        await self.hub.connections.broadcast(table)
        self.hub.autoplay.wake_driver(table_id)

    @staticmethod
    def shape(table: Table) -> tuple[Any, ...]:
        """Everything a state frame shows but the version: equal shapes before and after a
        change elsewhere mean that change was chat."""
        seats = tuple((s.kind, s.name, s.bot, s.token_hash) for s in table.seats)
        return (id(table), table.match_no, table.seq, table.state, table.owner, seats)

    async def resync(self) -> None:
        """Notices may have been missed (Redis was out of reach): catch up every table
        someone watches here."""
        for table_id in [t for t, conns in self.hub.conns.items() if conns]:
            with contextlib.suppress(Exception):
                await self.notice(table_id)

    async def publish(self, table_id: str) -> None:
        """Tell the other processes; if Redis does not take the notice, they catch up at
        their next notice of the table or when their subscription is made again."""
        if not self.hub.coord.shared:
            return
        try:
            await self.hub.coord.publish(table_id)
        except Exception:
            log.warning("a notice could not be published", extra={"table": table_id})
