"""Coordination between server processes: a lock per table, change notices and presence.

One process needs nothing but asyncio locks. Several processes behind one address share a
Redis server: a Redis lock per table makes exactly one process apply an action, a pub/sub
channel tells the others to catch up from the database, and a hash per table counts each
seat's open connections in every process.

Presence is one shared fact with an expiry: a seat is present while some *live* process
counts a connection for it. Each process keeps a key ``unokit:alive:<process>`` whose time
to live (``presence_ttl``) its heartbeat renews; a process killed with ``kill -9`` stops
renewing it, so within ``presence_ttl`` seconds every process sees its connections as gone
(and deletes its stale counts), and the stand-ins play those seats.

A live process that stalls past the time to live (a blocked event loop, a paused machine,
Redis out of reach) looks dead for that while, and the others delete its counts. Its counts
are its own to write: each process keeps them and sets them whole, never by increments; a
beat that finds its key lapsed writes them all again with the key, in one transaction, and
a beat writes any count whose write failed. So its players count as present again within
a beat of it running. Deleting a stale count checks the key in the same step (a Lua
script), so a count written again after the key is back is never deleted by a look taken
before.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager, suppress
from typing import Any

__all__ = [
    "REDIS_CONNECTIONS",
    "Coordinator",
    "LocalCoordinator",
    "RedisCoordinator",
    "redis_client",
]

REDIS_CONNECTIONS = 100
"""Connections a process opens to Redis at most (redis-py's own default)."""
REDIS_WAIT = 5.0
"""Seconds a call waits for one of them before it fails."""


def redis_client(url: str) -> Any:
    """A Redis client whose calls wait for a free connection rather than fail.

    A crowd connecting at once asks for more calls in flight than the pool holds; redis-py's
    default pool then raises "Too many connections" at once, which refused those sockets.
    A blocking pool queues them behind the calls in flight (each a round trip on loopback)."""
    import redis.asyncio as aioredis

    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
    )
    return aioredis.Redis.from_pool(pool)


OnNotice = Callable[[str], Awaitable[None]]
"""Called with a table id when another process changed that table or its presence."""

OnResume = Callable[[], Coroutine[Any, Any, None]]
"""Called when the notices are heard again after Redis was out of reach (some were lost)."""

RESUBSCRIBE = (0.2, 5.0)
"""Seconds between tries to subscribe again after Redis was lost: the first, the most."""

CHANNEL = "unokit:tables"

log = logging.getLogger("unokit.server")

# The seats with a connection in a live process; the counts of processes whose key has
# lapsed are deleted in the same atomic step (KEYS[1]: the table's presence hash, ARGV[1]:
# the prefix of the processes' keys).
PRESENT = """
local counts = redis.call('HGETALL', KEYS[1])
local held = {}
for i = 1, #counts, 2 do
    local field = counts[i]
    local process = string.match(field, '^%d+:(.+)$')
    local count = tonumber(counts[i + 1])
    if process and count and count > 0 and redis.call('EXISTS', ARGV[1] .. process) == 1 then
        held[#held + 1] = field
    else
        redis.call('HDEL', KEYS[1], field)
    end
end
return held
"""


class Coordinator:
    """One process: asyncio locks and in-memory presence."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._present: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        self.shared = False
        """Do other processes share these tables (catch up from the database first)?"""

    async def start(self, on_notice: OnNotice, on_resume: OnResume | None = None) -> None:
        """Begin listening for other processes (nothing to hear in one process)."""

    async def close(self) -> None:
        """Stop listening and forget this process's presence."""

    @asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        async with self._locks[table_id]:
            yield

    def local_lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock in this process only: enough to read what others committed."""
        return self._locks[table_id]

    async def publish(self, table_id: str) -> None:
        """Tell the other processes that ``table_id`` changed."""

    async def presence(self, table_id: str, seat: int, delta: int) -> None:
        counts = self._present[table_id]
        counts[seat] += delta
        if counts[seat] <= 0:
            del counts[seat]

    async def present(self, table_id: str) -> set[int]:
        return set(self._present[table_id])

    def forget(self, table_id: str) -> None:
        self._locks.pop(table_id, None)
        self._present.pop(table_id, None)


LocalCoordinator = Coordinator


def _alive(process: str) -> str:
    return f"unokit:alive:{process}"


def _presence(table_id: str) -> str:
    return f"unokit:presence:{table_id}"


class RedisCoordinator(Coordinator):
    """Several processes sharing tables through one Redis server."""

    def __init__(
        self,
        url: str,
        lock_timeout: float = 10.0,
        presence_ttl: float = 6.0,
        owned: bool = False,
    ) -> None:
        super().__init__()
        self.shared = not owned
        """``owned``: each table has one owner process (``ownership``), which changes it
        under a lock of its own and tells no other process; presence stays shared."""
        self.redis: Any = redis_client(url)
        self.process = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.lock_timeout = lock_timeout
        self.presence_ttl = presence_ttl
        self._alive_ms = max(100, int(presence_ttl * 1000))
        self._heart: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._counts: dict[tuple[str, int], int] = {}
        """This process's open connections per (table, seat): what its Redis counts say."""
        self._dirty: set[tuple[str, int]] = set()
        """Counts changed here and not yet known to be written (in flight, or their write
        failed or timed out): the next beat or presence write writes them."""
        self._writing = asyncio.Lock()  # counts reach Redis in the order they change
        self._on_resume: OnResume | None = None
        self._resuming: set[asyncio.Task[None]] = set()
        self._held = self.redis.register_script(PRESENT)

    async def start(self, on_notice: OnNotice, on_resume: OnResume | None = None) -> None:
        await self.redis.ping()
        await self._beat()
        self._heart = asyncio.create_task(self._heartbeat())
        self._on_resume = on_resume
        self._pubsub = self._subscriber()
        await self._pubsub.subscribe(CHANNEL)
        self._listener = asyncio.create_task(self._listen(on_notice, on_resume))

    def _subscriber(self) -> Any:
        """A pub/sub client that calls ``on_resume`` when it connects again by itself (it
        then subscribes again, but the notices sent meanwhile are lost)."""
        from redis.asyncio.client import PubSub

        coordinator = self

        class Subscriber(PubSub):
            connects = 0

            async def on_connect(self, connection: Any) -> None:
                await super().on_connect(connection)
                self.connects += 1
                if self.connects > 1:
                    log.info("notices heard again: Redis connected again")
                    coordinator._resume()

        return Subscriber(self.redis.connection_pool)

    def _resume(self) -> None:
        """Catch up what the notices missed, in a task of its own."""
        if self._on_resume is not None:
            task = asyncio.create_task(self._on_resume())
            self._resuming.add(task)
            task.add_done_callback(self._resuming.discard)

    async def _listen(self, on_notice: OnNotice, on_resume: OnResume | None) -> None:
        """Hear the notices for as long as the process runs: when Redis is lost (a restart
        drops every subscription), subscribe again, then ``on_resume`` catches up what was
        missed meanwhile."""
        wait = RESUBSCRIBE[0]
        while True:
            try:
                if not self._pubsub.subscribed:
                    self._pubsub = self._subscriber()
                    await self._pubsub.subscribe(CHANNEL)
                    log.info("notices heard again: subscribed to Redis")
                    wait = RESUBSCRIBE[0]
                    self._resume()
                async for message in self._pubsub.listen():
                    wait = RESUBSCRIBE[0]
                    await self._heard(message, on_notice)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("the notices were lost: Redis out of reach", extra={"error": str(err)})
                with suppress(Exception):
                    await self._pubsub.aclose()  # subscribed again from scratch
                await asyncio.sleep(wait)
                wait = min(RESUBSCRIBE[1], wait * 2)

    async def _heard(self, message: dict[str, Any], on_notice: OnNotice) -> None:
        if message.get("type") != "message":
            return
        try:
            data = json.loads(message["data"])
        except (ValueError, TypeError):
            return
        if data.get("from") != self.process and isinstance(data.get("table"), str):
            await on_notice(data["table"])

    async def _beat(self) -> None:
        """Renew this process's key; if it had lapsed, write all its counts again."""
        renewed = await self.redis.set(_alive(self.process), b"1", px=self._alive_ms, xx=True)
        if renewed and not self._dirty:
            return
        async with self._writing, asyncio.timeout(self.presence_ttl):
            keys = set(self._dirty) if renewed else self._dirty | set(self._counts)
            await self._flush(keys, renew=not renewed)
        if not renewed and self._counts:
            log.warning(
                "presence lapsed: no beat reached Redis within the presence time to live;"
                " this process's seats are counted again",
                extra={"seats": len(self._counts)},
            )

    async def _flush(self, keys: set[tuple[str, int]], renew: bool = False) -> None:
        """Write these counts as they are now, with a notice for each table, in one
        transaction (all or none); with ``renew``, this process's key too. Called under
        ``_writing`` and a time limit: a write that fails or times out stays dirty."""
        pipe = self.redis.pipeline(transaction=True)
        if renew:
            pipe.set(_alive(self.process), b"1", px=self._alive_ms)
        written: dict[tuple[str, int], int] = {}
        for key in sorted(keys):
            (table_id, seat), count = key, self._counts.get(key, 0)
            written[key] = count
            if count > 0:
                pipe.hset(_presence(table_id), f"{seat}:{self.process}", count)
            else:
                pipe.hdel(_presence(table_id), f"{seat}:{self.process}")
        for table_id in sorted({t for t, _seat in keys} if self.shared else ()):
            pipe.publish(CHANNEL, json.dumps({"table": table_id, "from": self.process}))
        await pipe.execute()
        for key, count in written.items():
            if self._counts.get(key, 0) == count:  # not changed again meanwhile
                self._dirty.discard(key)

    async def _heartbeat(self) -> None:
        """Renew this process's liveness three times per time to live."""
        while True:
            await asyncio.sleep(self.presence_ttl / 3)
            with suppress(Exception):  # Redis away for a moment: the next beat retries
                async with asyncio.timeout(self.presence_ttl):  # never hang on a lost reply
                    await self._beat()

    async def close(self) -> None:
        for task in list(self._resuming):
            task.cancel()
        if self._heart is not None:
            self._heart.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await self._heart
        if self._listener is not None:
            self._listener.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await self._listener
            await self._pubsub.aclose()
        try:
            async with asyncio.timeout(self.presence_ttl):
                await self.redis.delete(_alive(self.process))  # its counts are dead at once
                pipe = self.redis.pipeline(transaction=False)
                for table_id, seat in self._dirty | set(self._counts):
                    pipe.hdel(_presence(table_id), f"{seat}:{self.process}")
                await pipe.execute()
        except Exception:  # Redis away: the key expires and the next look deletes the counts
            pass
        finally:
            await self.redis.aclose()

    @asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        async with self._locks[table_id]:
            if not self.shared:  # the table's owner: no other process changes it
                yield
                return
            lock = self.redis.lock(
                f"unokit:lock:{table_id}",
                timeout=self.lock_timeout,
                blocking_timeout=self.lock_timeout,
            )
            async with lock:
                yield

    async def publish(self, table_id: str) -> None:
        if not self.shared:
            return
        await self.redis.publish(CHANNEL, json.dumps({"table": table_id, "from": self.process}))

    async def presence(self, table_id: str, seat: int, delta: int) -> None:
        # counted here before the first await, so a cancelled call has still counted
        key = (table_id, seat)
        count = self._counts.get(key, 0) + delta
        if count > 0:
            self._counts[key] = count
        else:
            self._counts.pop(key, None)
        self._dirty.add(key)
        async with self._writing:
            if key not in self._dirty:  # written by the flush this call waited behind
                return
            async with asyncio.timeout(self.presence_ttl):  # never hold the lock for ever
                await self._flush(set(self._dirty))  # every count waiting, in one round trip

    async def present(self, table_id: str) -> set[int]:
        """Seats with a connection in a process that is alive now."""
        held = await self._held(keys=[_presence(table_id)], args=[_alive("")])
        return {int(field.split(b":", 1)[0]) for field in held}
