"""The database's writes off the event loop, on the real PostgreSQL: group commit.

The changes waiting for the writer thread share one transaction; one change the database
refuses fails alone. A ``Gate`` stalls the database while the changes queue up, so what
waits together is known without timing anything.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, event, func, make_url, select
from tests.server.faults import Gate
from tests.server.test_services import postgres  # noqa: F401  (a fixture)

from unokit.server.db import Store, StoredSeat, StoredTable, migrate, moves, open_engine
from unokit.server.storage import Storage, StorageError, Write

TABLES = 20


@pytest.fixture
def gate(postgres: str) -> Iterator[Gate]:  # noqa: F811
    url = make_url(postgres)
    proxy = Gate(url.host or "127.0.0.1", url.port or 5432)
    yield proxy
    proxy.close()


def _tables(store: Store) -> list[str]:
    ids = [f"t{i}" for i in range(TABLES)]
    for table_id in ids:
        row = StoredTable(table_id, time.time(), time.time(), {}, "playing", 0, 1, 0, 1)
        store.create_table(row, [StoredSeat(0, "bot", None, "random", None)])
    return ids


def _move(store: Store, table_id: str, seq: int) -> Write:
    def write(conn: Connection) -> None:
        store.add_move(table_id, seq + 2, "playing", (0, seq, 0, "draw"), True, conn=conn)

    return write


async def _write_stalled(gate: Gate, storage: Storage, changes: list[list[Write]]) -> list[object]:
    """Queue every change while the database hangs, then let it answer."""
    gate.stall()
    tasks = [asyncio.create_task(storage.write(writes)) for writes in changes]
    await asyncio.sleep(0)  # each task has queued its change
    gate.restore()
    return await asyncio.gather(*tasks, return_exceptions=True)


def test_many_tables_changes_share_one_commit(postgres: str, gate: Gate) -> None:  # noqa: F811
    engine = open_engine(gate.url(postgres))
    migrate(engine)
    store = Store(engine)
    ids = _tables(store)
    storage = Storage(engine, timeout=60.0)
    try:
        results = asyncio.run(_write_stalled(gate, storage, [[_move(store, t, 0)] for t in ids]))
        assert results == [None] * TABLES
        # the first change may have gone alone, before the others queued behind it
        assert storage.commits <= 2
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(moves)).scalar_one() == TABLES
    finally:
        storage.close()
        engine.dispose()


def test_a_change_the_database_refuses_fails_alone(postgres: str, gate: Gate) -> None:  # noqa: F811
    engine = open_engine(gate.url(postgres))
    migrate(engine)
    store = Store(engine)
    ids = _tables(store)
    store.add_move(ids[0], 2, "playing", (0, 0, 0, "draw"))
    storage = Storage(engine, timeout=60.0)
    try:
        # the first table's move 0 is stored already: writing it again is refused
        changes = [[_move(store, t, 0)] for t in ids]
        results = asyncio.run(_write_stalled(gate, storage, changes))
        assert isinstance(results[0], StorageError)
        assert results[1:] == [None] * (TABLES - 1)
        with engine.connect() as conn:
            stored = conn.execute(select(func.count()).select_from(moves)).scalar_one()
        assert stored == TABLES
    finally:
        storage.close()
        engine.dispose()


def test_a_busy_writer_keeps_its_connection(postgres: str) -> None:  # noqa: F811
    """Changes one after another are committed on one connection: no check-out from the
    pool (and on PostgreSQL no liveness ping) for each commit."""
    engine = open_engine(postgres)
    migrate(engine)
    store = Store(engine)
    ids = _tables(store)
    checkouts: list[object] = []
    event.listen(engine, "checkout", lambda *_: checkouts.append(1))
    storage = Storage(engine, timeout=60.0, hold=3600.0)

    async def one_after_another() -> None:
        for seq, table_id in enumerate(ids):
            await storage.write([_move(store, table_id, seq)])

    try:
        asyncio.run(one_after_another())
        assert storage.commits == TABLES
        assert len(checkouts) == 1
    finally:
        storage.close()
        engine.dispose()


def test_an_idle_writer_gives_its_connection_back(postgres: str) -> None:  # noqa: F811
    """With nothing to write the writer returns its connection to the pool, so the next
    check-out tests it again (a database restarted meanwhile costs no change)."""
    engine = open_engine(postgres)
    migrate(engine)
    store = Store(engine)
    ids = _tables(store)
    returned = threading.Event()
    event.listen(engine, "checkin", lambda *_: returned.set())
    storage = Storage(engine, timeout=60.0, hold=0.05)
    try:
        asyncio.run(storage.write([_move(store, ids[0], 0)]))
        assert returned.wait(60.0), "the idle writer kept its connection"
        asyncio.run(storage.write([_move(store, ids[1], 0)]))  # it checks one out again
        assert storage.commits == 2
    finally:
        storage.close()
        engine.dispose()
