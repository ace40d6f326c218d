"""The database's calls, off the event loop and each within a deadline.

Every ``Store`` call blocks on a round trip. Run on the event loop, one slow or hung database
(a failover, a partition, a stopped server) would stop every table and connection of the
process, pings included. Here each call runs in a worker thread and the loop only awaits it,
at most ``timeout`` seconds: then the caller is told the database is out of reach, and the
player to try again, while every other table and connection goes on.

Writes go to one writer thread, which commits every change waiting for it in one
transaction (group commit): under load, many tables' moves share one commit, and each is
still committed before its player is told. A batch the database refuses (one table's change
conflicting) is tried again one change at a time, so only the change at fault fails.

A call that timed out may still finish in its thread (a hung server that resumes commits
what it was sent): the hub then drops its copy of the table and reloads it from the database,
which holds the truth. A call still waiting for a thread when its time runs out never runs.
"""

from __future__ import annotations

import asyncio
import functools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError

__all__ = ["BATCH", "Storage", "StorageError", "Write"]

T = TypeVar("T")

Write = Callable[[Connection], object]
"""One statement group of a change, run in the batch's transaction."""

BATCH = 256
"""The most changes one commit carries."""

_Item = tuple[list[Write], "Future[None]"]


class StorageError(Exception):
    """The database did not answer in time, or refused: the change was not confirmed."""


class Storage:
    """Runs blocking database calls in ``workers`` threads, and writes in one writer thread
    that commits them in batches, each within ``timeout`` s."""

    def __init__(self, engine: Engine, timeout: float, workers: int = 4) -> None:
        self.engine = engine
        self.timeout = timeout
        self.commits = 0
        """Transactions the writer committed (each carries one or more changes)."""
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="unokit-db")
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_all, name="unokit-db-writer")
        self._writer.daemon = True  # a write hung on a lost database never holds up exit
        self._writer.start()

    async def write(self, writes: list[Write]) -> None:
        """Commit one change (``writes``, in order), with the others waiting, before this
        returns; ``StorageError`` if it was not confirmed in time."""
        future: Future[None] = Future()
        self._queue.put((writes, future))
        try:
            async with asyncio.timeout(self.timeout):
                await asyncio.wrap_future(future)  # cancelled with it if not yet started
        except TimeoutError:
            raise StorageError(f"the database did not answer within {self.timeout:g} s") from None
        except Exception as err:
            raise StorageError(f"the database refused: {type(err).__name__}") from err

    def _write_all(self) -> None:
        """The writer thread: take every change waiting, commit them together."""
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(more)
            live = [(w, f) for w, f in batch if f.set_running_or_notify_cancel()]
            if live:
                self._commit(live)

    def _commit(self, batch: list[_Item]) -> None:
        try:
            with self.engine.begin() as conn:
                for writes, _future in batch:
                    for write in writes:
                        write(conn)
        except Exception as err:
            lost = isinstance(err, OperationalError) or (
                isinstance(err, DBAPIError) and err.connection_invalidated
            )
            if len(batch) == 1 or lost:  # the database itself failed: every change did
                for _writes, future in batch:
                    future.set_exception(err)
                return
            for item in batch:  # one change refused: the others go through alone
                self._commit([item])
            return
        self.commits += 1
        for _writes, future in batch:
            future.set_result(None)

    async def __call__(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a worker thread; ``StorageError`` if it fails or times out."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, functools.partial(fn, *args))
        try:
            async with asyncio.timeout(self.timeout):
                return await future  # a call not yet started is cancelled with it
        except TimeoutError:
            raise StorageError(f"the database did not answer within {self.timeout:g} s") from None
        except Exception as err:
            raise StorageError(f"the database refused: {type(err).__name__}") from err

    def close(self) -> None:
        """Stop the threads (a call hung in one is left to end with the process)."""
        self._queue.put(None)
        self._pool.shutdown(wait=False, cancel_futures=True)
