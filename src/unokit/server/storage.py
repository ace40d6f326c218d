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
import contextlib
import functools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError

__all__ = ["BATCH", "Storage", "StorageError", "Write"]

T = TypeVar("T")

Write = Callable[[Connection], object]
"""One statement group of a change, run in the batch's transaction."""

BATCH = 256
"""The most changes one commit carries."""

HOLD = 0.5
"""Seconds the writer keeps its connection with nothing to write."""

CLOSE_WAIT = 2.0
"""Seconds ``close`` waits for the writer to finish its last commit."""


class _Item:
    """One change waiting for the writer, and the future its caller awaits on its loop."""

    __slots__ = ("done", "error", "loop", "state", "writes")

    def __init__(
        self, writes: list[Write], loop: asyncio.AbstractEventLoop, done: asyncio.Future[None]
    ) -> None:
        self.writes = writes
        self.loop = loop
        self.done = done
        self.error: BaseException | None = None
        self.state = _WAITING

    def start(self) -> bool:
        """The writer takes it: ``False`` if its caller gave up first (it never runs)."""
        with _STATE:
            if self.state == _CANCELLED:
                return False
            self.state = _RUNNING
            return True

    def cancel(self) -> None:
        """The caller gives up: a change not yet taken by the writer will never run."""
        with _STATE:
            if self.state == _WAITING:
                self.state = _CANCELLED

    def settle(self) -> None:
        """On the caller's loop: hand the outcome to the awaiting caller."""
        if self.done.done():  # it timed out meanwhile
            return
        if self.error is None:
            self.done.set_result(None)
        else:
            self.done.set_exception(self.error)


_WAITING, _RUNNING, _CANCELLED = 0, 1, 2
_STATE = threading.Lock()
"""Guards ``_Item.state`` between the writer thread and the callers' loops."""


def _settle_all(batch: list[_Item]) -> None:
    """Wake each loop the batch's callers wait on once, to settle all of them there."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Item]] = {}
    for item in batch:
        by_loop.setdefault(item.loop, []).append(item)
    for loop, items in by_loop.items():
        with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
            loop.call_soon_threadsafe(_settle, items)


def _closed(conn: Connection | None) -> None:
    """Give ``conn`` back to the pool (a failure closing a lost one is no news)."""
    if conn is not None:
        with contextlib.suppress(Exception):
            conn.close()


def _settle(items: list[_Item]) -> None:
    for item in items:
        item.settle()


class StorageError(Exception):
    """The database did not answer in time, or refused: the change was not confirmed."""


class Storage:
    """Runs blocking database calls in ``workers`` threads, and writes in one writer thread
    that commits them in batches, each within ``timeout`` s."""

    def __init__(
        self, engine: Engine, timeout: float, workers: int = 4, hold: float = HOLD
    ) -> None:
        self.engine = engine
        self.timeout = timeout
        self.hold = hold
        """Seconds the writer keeps its connection with nothing to write."""
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
        loop = asyncio.get_running_loop()
        item = _Item(writes, loop, loop.create_future())
        self._queue.put(item)
        try:
            async with asyncio.timeout(self.timeout):
                await item.done
        except TimeoutError:
            item.cancel()  # never run if the writer has not taken it yet
            raise StorageError(f"the database did not answer within {self.timeout:g} s") from None
        except asyncio.CancelledError:
            item.cancel()
            raise
        except Exception as err:
            raise StorageError(f"the database refused: {type(err).__name__}") from err

    def _write_all(self) -> None:
        """The writer thread: take every change waiting, commit them together, and wake
        each event loop once for the whole batch (not once a change). While changes keep
        coming the writer keeps its connection (no pool check-out, and on PostgreSQL no
        liveness ping, a commit); idle for ``hold`` s it gives it back, so the next
        check-out tests it again."""
        conn: Connection | None = None
        try:
            while True:
                try:
                    item = self._queue.get(timeout=self.hold if conn is not None else None)
                except queue.Empty:
                    _closed(conn)
                    conn = None
                    continue
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
                live = [i for i in batch if i.start()]
                if live:
                    conn = self._commit(live, conn)
                    _settle_all(live)
        finally:
            _closed(conn)

    def _commit(self, batch: list[_Item], conn: Connection | None) -> Connection | None:
        """Commit ``batch`` in one transaction and record each change's outcome; the
        connection to keep (``None`` after a failure: the next batch checks one out)."""
        try:
            if conn is None:
                conn = self.engine.connect()
            with conn.begin():
                for item in batch:
                    for write in item.writes:
                        write(conn)
        except Exception as err:
            _closed(conn)  # whatever failed, the next batch starts afresh
            conn = None
            lost = isinstance(err, OperationalError) or (
                isinstance(err, DBAPIError) and err.connection_invalidated
            )
            if len(batch) == 1 or lost:  # the database itself failed: every change did
                for item in batch:
                    item.error = err
                return None
            for item in batch:  # one change refused: the others go through alone
                conn = self._commit([item], conn)
            return conn
        self.commits += 1
        return conn

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
        """Stop the threads (a call hung in one is left to end with the process); the
        writer gives its connection back first, unless it is hung."""
        self._queue.put(None)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._writer.join(timeout=CLOSE_WAIT)
