"""Which process owns a table: a lease in Redis, and an epoch every write carries.

With several processes behind one proxy, each table has one owner at a time. The owner
keeps the table in memory, applies its changes under a lock of its own process and writes
them without reading the table back; every other process sends the table's connections and
requests on to the owner (``ElsewhereError``, with the owner's route through the proxy).

Taking a table is two steps. ``take`` sets ``unokit:owner:<table>`` to this process and its
route if nobody holds it (``SET NX PX lease``); then the caller moves the table's epoch on
in PostgreSQL (``Store.take``) and loads the table. Every write of the owner carries that
epoch, and PostgreSQL refuses one whose epoch is no longer the table's (``FencedError``): a
process that lost its lease (stalled past it, cut off from Redis) can never write again,
whatever it still believes. The owner renews all its leases each beat, a third of the lease,
with one script that renews a lease only while it still names this process; a lease found
lost is handed to ``on_lost``, which drops the table and sends its connections on.

A process killed with ``kill -9`` renews nothing: its leases lapse within ``lease`` seconds
and the next request for one of its tables, on any process, takes it over and rebuilds it
from PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from unokit.server.coord import redis_client

__all__ = ["ElsewhereError", "Ownership"]

log = logging.getLogger("unokit.server")

OnLost = Callable[[list[str]], Awaitable[None]]
"""Called with the tables whose leases this process found lost."""

Confirm = Callable[[str, int], Awaitable[bool]]
"""Is this epoch still the table's? (No other process took the table meanwhile: each one
that takes it moves the epoch on.)"""

# Renew each lease still held by this process (ARGV[1]) for ARGV[2] ms, and hold again
# each one that lapsed with nobody taking it; the positions (1-based) of those held by
# another process now (negative) and of those held again (positive).
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] then
        redis.call('PEXPIRE', key, ARGV[2])
    elseif holder then
        out[#out + 1] = -i
    else
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
        out[#out + 1] = i
    end
end
return out
"""

# Let go of a lease only while this process (ARGV[1]) holds it.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class ElsewhereError(Exception):
    """The table is owned by another process: ask it at ``route`` (its path prefix through
    the proxy; empty: through the proxy's own choice, after a moment)."""

    def __init__(self, route: str) -> None:
        super().__init__(f"this table is served by another process ({route or 'moving'})")
        self.route = route


def owner_key(table_id: str) -> str:
    return f"unokit:owner:{table_id}"


class Ownership:
    """This process's leases on its tables and their epochs."""

    def __init__(self, url: str, process: str, route: str, lease: float = 5.0) -> None:
        self.redis: Any = redis_client(url)
        self.process = process
        self.route = route
        """This process's own path prefix through the proxy (``/p/1``)."""
        self.lease = lease
        self._lease_ms = max(100, int(lease * 1000))
        self._value = f"{process} {route}".encode()
        self.epochs: dict[str, int] = {}
        """The tables this process owns, each with the epoch its writes carry."""
        self.draining = False
        """Set when the process hands its tables over: it takes no new one."""
        self._claiming: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._heart: asyncio.Task[None] | None = None

    def start(self, on_lost: OnLost, confirm: Confirm) -> None:
        self._heart = asyncio.create_task(self._heartbeat(on_lost, confirm))

    def claiming(self, table_id: str) -> asyncio.Lock:
        """Held while this process takes ``table_id``: one take at a time per table."""
        return self._claiming[table_id]

    def epoch(self, table_id: str) -> int | None:
        return self.epochs.get(table_id)

    async def take(self, table_id: str) -> None:
        """Hold the table's lease, or ``ElsewhereError`` with its holder's route. A lease
        its holder has stopped renewing is waited for (at most half a lease) and taken."""
        if self.draining:
            raise ElsewhereError("")
        key = owner_key(table_id)
        for _ in range(3):  # a lease that lapses between the two calls: try again
            if await self.redis.set(key, self._value, nx=True, px=self._lease_ms):
                return
            holder = await self.redis.get(key)
            if holder == self._value:
                return
            if holder is None:
                continue
            left = await self.redis.pttl(key)
            if 0 < left < self._lease_ms // 2:
                # its owner missed a beat (a live one renews every third of the lease):
                # likely gone, so wait for the lease to lapse rather than send the player
                # to a process that may not answer
                await asyncio.sleep(left / 1000 + 0.05)
                continue
            route = holder.decode(errors="replace").partition(" ")[2]
            raise ElsewhereError(route if route != self.route else "")
        raise ElsewhereError("")

    async def held_elsewhere(self, table_id: str) -> bool:
        """Does another process hold the table's lease now?"""
        holder = await self.redis.get(owner_key(table_id))
        return holder is not None and holder != self._value

    def held(self, table_id: str, epoch: int) -> None:
        """The table is this process's, at ``epoch`` (after ``Store.take``)."""
        self.epochs[table_id] = epoch

    async def release(self, table_id: str) -> None:
        """Let go of the table (this process holds it no longer), if Redis answers; else its
        lease lapses by itself."""
        self.epochs.pop(table_id, None)
        self._claiming.pop(table_id, None)
        with contextlib.suppress(Exception):
            async with asyncio.timeout(self.lease):
                await self._release(keys=[owner_key(table_id)], args=[self._value])

    def forget(self, table_id: str) -> None:
        """Drop the table here without asking Redis (its lease is lost or lapses)."""
        self.epochs.pop(table_id, None)

    async def renew(self, confirm: Confirm) -> list[str]:
        """Renew every lease; the tables this process no longer holds. A lease that lapsed
        (this process stalled, or Redis restarted) with nobody taking it is held again, and
        kept if the table's epoch is still this process's (``confirm``): held again first,
        nobody can take the table between that look and this process's next write."""
        tables = list(self.epochs)
        if not tables:
            return []
        marks = await self._renew(
            keys=[owner_key(t) for t in tables], args=[self._value, self._lease_ms]
        )
        lost = [tables[-int(i) - 1] for i in marks if int(i) < 0]
        for table_id in [tables[int(i) - 1] for i in marks if int(i) > 0]:
            epoch = self.epochs.get(table_id)
            if epoch is not None and await confirm(table_id, epoch):
                log.info("lease held again", extra={"table": table_id, "epoch": epoch})
            else:
                await self.release(table_id)
                lost.append(table_id)
        return lost

    async def _heartbeat(self, on_lost: OnLost, confirm: Confirm) -> None:
        """Renew the leases three times per lease; hand the lost ones to ``on_lost``."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                async with asyncio.timeout(self.lease):
                    lost = await self.renew(confirm)
            except Exception as err:  # Redis away: the epochs still fence every write
                log.warning("the leases could not be renewed", extra={"error": str(err)})
                continue
            if lost:
                log.warning("leases lost to another process", extra={"tables": len(lost)})
                for table_id in lost:
                    self.epochs.pop(table_id, None)
                with contextlib.suppress(Exception):
                    await on_lost(lost)

    async def close(self) -> None:
        if self._heart is not None:
            self._heart.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._heart
        for table_id in list(self.epochs):
            await self.release(table_id)
        with contextlib.suppress(Exception):
            await self.redis.aclose()
