"""Who is at each table, as this process tells its connections.

Presence itself is one shared fact kept by the ``Coordinator`` (a count of each seat's
connections in every live process). Here the hub keeps the last seats it saw present, tells
a table's connections of a seat coming or going once for every change within
``presence_delay``, and brings the absence clocks (``autoplay``) in line with it.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from unokit.server.table import (
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["Presence"]

log = logging.getLogger("unokit.server")


class Presence:
    """The seats present at each table, as last seen, and telling of them."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.present: dict[str, set[int]] = {}
        """Each table's seats present when its connections were last told of a change."""
        self.due: dict[str, asyncio.TimerHandle] = {}
        """Tables whose connections are yet to be told of a seat coming or going."""

    async def now(self, table_id: str) -> set[int]:
        """The seats present, or the last seen if Redis does not answer (a frame to send
        is not held back by it)."""
        try:
            return await self.hub.coord.present(table_id)
        except Exception:
            log.warning("presence could not be read", extra={"table": table_id})
            return self.present.get(table_id, set())

    def changed(self, table_id: str) -> None:
        """A seat came or went: the table's connections are told ``presence_delay`` later,
        once for every change meanwhile (``tell``)."""
        if table_id in self.due or self.hub.stopping:
            return
        self.due[table_id] = asyncio.get_running_loop().call_later(
            self.hub.config.presence_delay, self.tell_now, table_id
        )

    def tell_now(self, table_id: str) -> None:
        task = asyncio.create_task(self.tell(table_id))
        self.hub.connections.tasks.add(task)
        task.add_done_callback(self.hub.connections.tasks.discard)

    async def tell(self, table_id: str) -> None:
        """Tell each of a table's connections who is present now, unless it was last sent
        the table as it is now (a seat that went and came back, or one more socket of a
        seat present, changes nothing it shows)."""
        self.due.pop(table_id, None)
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        await self.hub.connections.evict_stale(table)
        self.present[table_id] = await self.now(table_id)
        pending = table_id in self.hub.changes.writes  # its frames wait for the commit: all owe one
        shown = None if pending else self.hub.connections.shared_part(table)
        for conn in self.hub.conns.get(table_id, ()):
            if pending or conn.table_sent != shown:
                conn.queue.owe_state()

    def observe(self, table: Table, present: set[int]) -> None:
        """Bring this process's absence clocks in line with the shared presence: a seat is
        away from the first moment this process saw it away from every live process."""
        clock = self.hub.autoplay.clocks.get(table.id)
        if clock is None:
            return
        now = time.monotonic()
        for seat in table.humans():
            if seat in present:
                clock.absent_since.pop(seat, None)
            else:
                clock.absent_since.setdefault(seat, now)
        for seat in [s for s in clock.absent_since if s not in table.humans()]:
            del clock.absent_since[seat]
