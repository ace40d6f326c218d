"""Bot workers rationed between clients: one client's tables cannot starve another's.

A client (the address that created a table) that asked for a worker in the last
``active_for`` seconds is *active*; each active client may hold ``ceil(size / active)``
workers at once, its share. A free worker goes to the waiting client that holds the fewest;
a client at its share waits even while a worker is free, so that worker is there, at once,
for the next decision of a client below its share. A lone client may use every worker.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Rations"]

T = TypeVar("T")


class Rations(Generic[T]):
    def __init__(
        self, size: int, active_for: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.size = size
        self.active_for = active_for
        self.clock = clock
        """Seconds, for who counts as active (a test's own clock, or the monotonic one)."""
        self.free: list[T] = []
        self.held: Counter[str] = Counter()
        self._waiters: list[tuple[str, asyncio.Future[T]]] = []
        self._seen: dict[str, float] = {}
        self._turn: dict[str, int] = {}
        """client -> when it was last handed a worker (a count, not a time): among clients
        holding as many, the one served longest ago goes first, however many tables (and so
        waiting decisions) the others have queued."""
        self._handed = 0

    def share(self) -> int:
        """The workers one active client may hold now."""
        now = self.clock()
        for client, when in list(self._seen.items()):
            if now - when > self.active_for and not self.held[client]:
                del self._seen[client]
                self._turn.pop(client, None)
        return max(1, math.ceil(self.size / max(1, len(self._seen))))

    async def take(self, client: str) -> T:
        """A worker for ``client``, once one is free and the client is below its share."""
        self._seen[client] = self.clock()
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        entry = (client, future)
        self._waiters.append(entry)
        self._hand_out()
        try:
            return await future
        except BaseException:
            if entry in self._waiters:
                self._waiters.remove(entry)
            elif future.done() and not future.cancelled():
                self.give_back(client, future.result())  # handed over as it was cancelled
            raise

    def give_back(self, client: str, item: T | None) -> None:
        """``client`` is done with ``item`` (``None``: it is gone, a dead worker)."""
        self.held[client] -= 1
        if self.held[client] <= 0:
            del self.held[client]
        self._seen[client] = self.clock()
        if item is not None:
            self.free.append(item)
        self._hand_out()

    def add(self, item: T) -> None:
        """A new worker, free."""
        self.free.append(item)
        self._hand_out()

    def forget(self, item: T) -> None:
        """A free worker that died."""
        if item in self.free:
            self.free.remove(item)

    def _hand_out(self) -> None:
        """Free workers to the waiting clients below their share, fewest held first, then
        the client served longest ago (its longest waiting entry)."""
        share = self.share()
        while self.free:
            best: tuple[str, asyncio.Future[T]] | None = None
            rank: tuple[int, int] | None = None
            for entry in list(self._waiters):
                client, future = entry
                if future.done():
                    self._waiters.remove(entry)
                    continue
                if self.held[client] >= share:
                    continue
                mine = (self.held[client], self._turn.get(client, -1))
                if rank is None or mine < rank:
                    best, rank = entry, mine
            if best is None:
                return
            self._waiters.remove(best)
            self.held[best[0]] += 1
            self._handed += 1
            self._turn[best[0]] = self._handed
            best[1].set_result(self.free.pop())
