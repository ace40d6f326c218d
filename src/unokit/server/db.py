"""The database: the schema, the engine, and the few statements the server runs.

The database is the table server's source of truth. An action is committed here before it is
acknowledged, and a table is rebuilt after a restart by replaying its stored moves through the
engine. Any SQLAlchemy URL works; SQLite (the default) runs in WAL mode with
``synchronous=NORMAL``, which survives a killed process (not a power cut) at a fraction of the
cost of a full sync per action.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    true,
    update,
)

__all__ = ["FencedError", "Store", "StoredSeat", "StoredTable", "metadata", "open_engine"]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("touched", Float, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("state", String(16), nullable=False),
    Column("owner", Integer, nullable=True),
    Column("version", Integer, nullable=False),
    Column("match_no", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("fixed_seed", Boolean, nullable=False, server_default=true()),
    Column("creator", String(32), nullable=True),
    Column("epoch", Integer, nullable=False, server_default="0"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(40), nullable=True),
    Column("bot", String(80), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("address", String(32), nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("match_no", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("text", String(80), nullable=False),
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


# The statements of the hot path (one action), built once: building a statement costs more
# than running it on SQLite.
_BUMP = (
    update(tables)
    .where(tables.c.id == bindparam("tid"))
    .values(version=bindparam("version"), touched=bindparam("touched"), state=bindparam("state"))
)
_BUMP_QUIET = (
    update(tables)
    .where(tables.c.id == bindparam("tid"))
    .values(version=bindparam("version"), state=bindparam("state"))
)
"""``_BUMP`` for a move nobody made in person: the idle clock stays where it was."""
_BUMP_FENCED = _BUMP.where(tables.c.epoch == bindparam("fence"))
_BUMP_QUIET_FENCED = _BUMP_QUIET.where(tables.c.epoch == bindparam("fence"))
"""The same, from a process that owns the table: only while its epoch is the table's."""
_ADD_MOVE = insert(moves).values(
    table_id=bindparam("tid"),
    match_no=bindparam("match_no"),
    seq=bindparam("seq"),
    seat=bindparam("seat"),
    text=bindparam("text"),
    at=bindparam("touched"),
)


def open_engine(url: str, timeout: float = 10.0) -> Engine:
    """An engine for ``url``; SQLite files get WAL, NORMAL sync and foreign keys.

    PostgreSQL connections get ``timeout`` seconds to connect, the same for each statement
    and lock wait (the server ends a statement that runs longer), and TCP keepalives, so a
    lost database ends a call rather than holding its thread for ever."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cursor = conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if url.startswith("postgresql"):
        ms = max(1, int(timeout * 1000))
        connect_args: dict[str, Any] = {
            "connect_timeout": max(1, int(timeout)),
            "options": f"-c statement_timeout={ms} -c lock_timeout={ms}",
            "keepalives": 1,
            "keepalives_idle": 5,
            "keepalives_interval": 2,
            "keepalives_count": 3,
        }
        return create_engine(
            url, pool_pre_ping=True, pool_timeout=timeout, connect_args=connect_args
        )
    return create_engine(url, pool_pre_ping=True)


MIGRATION_LOCK = 0x756E6F6B6974
"""The PostgreSQL advisory lock the migrations run under (``unokit`` in ASCII)."""


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision.

    On PostgreSQL the migrations run under a transaction-scoped advisory lock: processes
    started at once on a new database (a cluster's first start) take turns, and the later
    ones find the schema at its newest revision. Without it the second process's ``CREATE
    TABLE`` collided with the first's and it failed to start."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class FencedError(Exception):
    """A change from a process whose epoch is no longer the table's: another process took
    the table over, and this change is refused (its transaction rolls back)."""


@dataclass
class StoredSeat:
    seat: int
    kind: str
    name: str | None
    bot: str | None
    token_hash: str | None
    address: str | None = None
    """Who holds the seat (a hash of the client's address), for the limit on seats."""


@dataclass
class StoredTable:
    id: str
    created: float
    touched: float
    settings: dict[str, Any]
    state: str
    owner: int | None
    version: int
    match_no: int
    seed: int
    """The current match's seed (a fixed table: the first match's; the next add 1...)."""
    fixed_seed: bool = False
    """Did the creator choose the seed (shown to everyone at the table)?"""
    creator: str | None = None
    """A hash of the creator's address, for the limit on tables."""
    epoch: int = 0
    """Times a process took the table over (``Store.take``): the fencing token its writes
    carry."""


class Store:
    """The statements the server runs, each in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """One round trip: does the database answer?"""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    # -- tables -----------------------------------------------------------------------------
    def create_table(self, table: StoredTable, seat_rows: list[StoredSeat]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(**table.__dict__))
            conn.execute(insert(seats), [{"table_id": table.id, **s.__dict__} for s in seat_rows])

    def table(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        if row is None:
            return None
        data = dict(row)
        if isinstance(data["settings"], str):  # some drivers hand JSON back as text
            data["settings"] = json.loads(data["settings"])
        return StoredTable(**data)

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables.c.id).order_by(tables.c.created)).scalars())

    def seats(self, table_id: str) -> list[StoredSeat]:
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [StoredSeat(**{k: v for k, v in r.items() if k != "table_id"}) for r in rows]

    def moves(self, table_id: str, match_no: int, since: int = 0) -> list[tuple[int | None, str]]:
        query = (
            select(moves.c.seat, moves.c.text)
            .where(moves.c.table_id == table_id, moves.c.match_no == match_no, moves.c.seq >= since)
            .order_by(moves.c.seq)
        )
        with self.engine.connect() as conn:
            return [(r[0], r[1]) for r in conn.execute(query)]

    def chat(self, table_id: str, last: int = 100) -> list[dict[str, Any]]:
        query = (
            select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
            .where(chat.c.table_id == table_id)
            .order_by(chat.c.id.desc())
            .limit(last)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [dict(r) for r in reversed(rows)]

    # -- changes: each bumps the table's version in the same transaction -------------------
    def change(
        self,
        table_id: str,
        version: int,
        *,
        table_fields: dict[str, Any] | None = None,
        seat_rows: list[StoredSeat] | None = None,
        move: tuple[int, int, int | None, str] | None = None,
        message: tuple[int | None, str, str] | None = None,
        touch: bool = True,
        conn: Connection | None = None,
        epoch: int | None = None,
    ) -> int | None:
        """Commit one change: ``version`` is the table's new version.

        ``move`` is ``(match_no, seq, seat, text)``; ``message`` is ``(seat, name, text)``;
        ``touch``: a person's doing, which restarts the table's idle clock (``touched``).
        ``conn``: run in that connection's transaction (committed with others), not its own.
        ``epoch``: the writer's fencing token: ``FencedError`` unless it is the table's.
        Returns the chat line's id (rising at a table: clients ask for the lines after one).
        """
        if conn is None:
            with self.engine.begin() as own:
                return self.change(
                    table_id, version, table_fields=table_fields, seat_rows=seat_rows,
                    move=move, message=message, touch=touch, conn=own, epoch=epoch,
                )  # fmt: skip
        line_id: int | None = None
        now = time.time()
        fields: dict[str, Any] = {"version": version, **(table_fields or {})}
        if touch:
            fields["touched"] = now
        bump = update(tables).where(tables.c.id == table_id)
        if epoch is not None:
            bump = bump.where(tables.c.epoch == epoch)
        if conn.execute(bump.values(**fields)).rowcount != 1 and epoch is not None:
            raise FencedError(f"table {table_id} is no longer at epoch {epoch}")
        for s in seat_rows or ():
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == s.seat)
                .values(
                    kind=s.kind,
                    name=s.name,
                    bot=s.bot,
                    token_hash=s.token_hash,
                    address=s.address,
                )
            )
        if move is not None:
            match_no, seq, seat, text = move
            conn.execute(
                insert(moves).values(
                    table_id=table_id, match_no=match_no, seq=seq, seat=seat, text=text, at=now
                )
            )
        if message is not None:
            seat, name, text = message
            result = conn.execute(
                insert(chat).values(table_id=table_id, seat=seat, name=name, text=text, at=now)
            )
            key = result.inserted_primary_key
            line_id = None if key is None else int(key[0])
        return line_id

    def add_move(
        self,
        table_id: str,
        version: int,
        state: str,
        move: tuple[int, int, int | None, str],
        touch: bool = True,
        *,
        conn: Connection | None = None,
        epoch: int | None = None,
    ) -> None:
        """``change`` for the common case, one action: the same rows, prepared statements.
        ``touch``: a person's move (a bot's or the server's leaves the idle clock alone).
        ``epoch``: as for ``change``."""
        if conn is None:
            with self.engine.begin() as own:
                self.add_move(table_id, version, state, move, touch, conn=own, epoch=epoch)
            return
        match_no, seq, seat, text = move
        now = time.time()
        params: dict[str, Any] = {"tid": table_id, "version": version, "state": state}
        if touch:  # (a key named after a column would set it, even in _BUMP_QUIET)
            params["touched"] = now
        if epoch is None:
            conn.execute(_BUMP if touch else _BUMP_QUIET, params)
        else:
            params["fence"] = epoch
            bump = _BUMP_FENCED if touch else _BUMP_QUIET_FENCED
            if conn.execute(bump, params).rowcount != 1:
                raise FencedError(f"table {table_id} is no longer at epoch {epoch}")
        conn.execute(
            _ADD_MOVE,
            {"tid": table_id, "match_no": match_no, "seq": seq, "seat": seat,
             "text": text, "touched": now},
        )  # fmt: skip

    def take(self, table_id: str) -> int | None:
        """Move the table to its next epoch and return it (``None``: no such table). A
        process that holds the table's lease calls this before it loads the table: from
        then on, no write carrying an older epoch commits (``FencedError``), and every one
        committed before is in what it loads."""
        query = (
            update(tables)
            .where(tables.c.id == table_id)
            .values(epoch=tables.c.epoch + 1)
            .returning(tables.c.epoch)
        )
        with self.engine.begin() as conn:
            epoch = conn.execute(query).scalar()
        return None if epoch is None else int(epoch)

    def lobby(self, limit: int) -> list[tuple[StoredTable, list[StoredSeat]]]:
        """The ``limit`` newest tables not started yet, with their seats (two queries): the
        lobby of processes that each hold only the tables they own."""
        query = (
            select(tables)
            .where(tables.c.state == "lobby")
            .order_by(tables.c.created.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
            ids = [r["id"] for r in rows]
            found = conn.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ).mappings()
            by_table: dict[str, list[StoredSeat]] = {i: [] for i in ids}
            for s in found:
                by_table[s["table_id"]].append(
                    StoredSeat(**{k: v for k, v in s.items() if k != "table_id"})
                )
        out = []
        for data in rows:
            if isinstance(data["settings"], str):
                data["settings"] = json.loads(data["settings"])
            out.append((StoredTable(**data), by_table[data["id"]]))
        return out

    def epoch(self, table_id: str) -> int | None:
        """The table's epoch (``None``: no such table)."""
        query = select(tables.c.epoch).where(tables.c.id == table_id)
        with self.engine.connect() as conn:
            epoch = conn.execute(query).scalar()
        return None if epoch is None else int(epoch)

    def count_tables(self, creator: str | None = None) -> int:
        """Stored tables, all or those created from one address."""
        query = select(func.count()).select_from(tables)
        if creator is not None:
            query = query.where(tables.c.creator == creator)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def count_lobby_seats(self, address: str) -> int:
        """Seats one address holds at tables that have not started."""
        query = (
            select(func.count())
            .select_from(seats.join(tables, seats.c.table_id == tables.c.id))
            .where(seats.c.address == address, seats.c.kind == "human", tables.c.state == "lobby")
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def idle_tables(self, before: float) -> list[str]:
        """Tables last changed before ``before`` (one query, for the idle sweep)."""
        query = select(tables.c.id).where(tables.c.touched < before)
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def delete_table(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            for t in (moves, chat, seats):
                conn.execute(delete(t).where(t.c.table_id == table_id))
            conn.execute(delete(tables).where(tables.c.id == table_id))
