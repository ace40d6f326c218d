"""The hub: every table this process serves, its connections, and its automatic players.

Every change follows one path: take the table's lock, catch up from the database (when other
processes share the tables), change the table through the engine, commit the change, then
acknowledge it and send each connection its own seat's view and the new events in words.
The database is called off the event loop (``storage``); a change it did not confirm leaves
the table's copy here untrusted: it is dropped, no connection sees it, the player is told to
try again, and the table is loaded again from the database once that answers.
A driver task per table plays bots' decisions, absent players' turns (after the grace
period), the turn clock and the next deal.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import heapq
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy

from unokit.bots import Bot, decide, make_bot
from unokit.errors import IllegalAction
from unokit.server.botmenu import BotMenu, BotRefusedError
from unokit.server.botpool import BotPool
from unokit.server.config import ServerConfig
from unokit.server.coord import Coordinator
from unokit.server.db import FencedError, Store, StoredSeat, StoredTable
from unokit.server.frames import dumps
from unokit.server.gentle import gentle_choice
from unokit.server.guards import Buckets
from unokit.server.names import same_name
from unokit.server.odds import wild_draw_four_odds
from unokit.server.outbox import CLOSE_ELSEWHERE, CLOSE_SEAT_CHANGED, Outbox
from unokit.server.ownership import ElsewhereError, Ownership
from unokit.server.protocol import (
    Act,
    AddBot,
    Chat,
    ClientFrame,
    Kick,
    Reclaim,
    RemoveBot,
    Start,
)
from unokit.server.storage import Storage, StorageError, Write
from unokit.server.table import (
    CUT_ROUND,
    LOBBY,
    NEXT_ROUND,
    OVER,
    PLAYING,
    Table,
    TableSettings,
    hash_token,
    new_token,
)
from unokit.server.watchers import watching
from unokit.words import describe, left_unfinished

__all__ = [
    "BadRequestError",
    "Connection",
    "Hub",
    "LimitError",
    "MovedError",
    "TableError",
    "UnavailableError",
    "address_key",
]

log = logging.getLogger("unokit.server")

CHAT_RECENT = 30
"""Chat lines a connection gets on connecting (then only the new ones)."""

RETRY = 1.0
"""Seconds a table's driver waits before it tries again after the database or Redis failed
it (it never waits on nothing: a failed look would otherwise stop the table for good)."""

_Fetched = tuple[StoredTable, list[StoredSeat], list[tuple[int | None, str]], list[dict[str, Any]]]
"""A table's rows as ``Hub._fetch`` reads them: the table, seats, the match's moves, chat."""


class TableError(ValueError):
    """A request the table refuses, with the reason in words (sent back as an error frame)."""


class BadRequestError(TableError):
    """A request this server never grants, whatever the table's state (HTTP 400)."""


class LimitError(TableError):
    """A request beyond one of the operator's limits (HTTP 429)."""


class ActionRefusedError(TableError):
    """An action the rules refuse (its connection logs a count of them, not a line each)."""


class MovedError(TableError):
    """Another process owns the table: ask it at ``route`` (its path prefix through the
    proxy; empty: through the proxy again, in a moment)."""

    def __init__(self, route: str) -> None:
        super().__init__("this table is served by another process: reconnecting")
        self.route = route


class UnavailableError(TableError):
    """The database or Redis did not answer: nothing changed, try again (HTTP 503)."""


class SlowDownError(TableError):
    """A frame over a rate: refused, and its connection is not read again for ``wait``
    seconds (what it sends meanwhile waits in its socket, not in the server)."""

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


def address_key(address: str, site: str = "") -> str:
    """What the database keeps of a client's address: a hash, enough to count by; its first
    ``SITE_KEY`` characters are the hash of its IPv6 site (``Addresses.network``), so the
    tables of one site are counted by them."""

    def digest(text: str) -> str:
        return hashlib.sha256(f"unokit-address:{text}".encode()).hexdigest()

    return digest(site or address)[:SITE_KEY] + digest(address)[: 32 - SITE_KEY]


SITE_KEY = 12
"""Characters of an ``address_key`` that name the site."""


@dataclass(eq=False)
class Connection:
    """One open WebSocket: the table it watches, its seat (``None``: a spectator)."""

    table_id: str
    seat: int | None
    token_hash: str | None = None
    """The seat's token as it was when the connection opened: once the seat changes hands
    (left, kicked, given to a bot, taken by someone else) the connection is closed."""
    address: str = ""
    """The client's address as the limits count it (``guards.client_address``)."""
    former: int | None = None
    """A spectator's own seat, now played by a stand-in bot: it may take it back."""
    queue: Outbox = field(default_factory=Outbox)
    chat_seen: int = 0
    """The id of the last chat line sent to this connection (0: none yet)."""
    sent: tuple[int, int, int] = (0, 0, 0)
    """(match number, round number, events sent of that round): a rematch's first round has
    the old match's round number, so the match number tells the two apart."""
    table_sent: str = ""
    """The table's public part (JSON text) in the last state frame sent to this connection:
    the next one leaves it out while it is unchanged (a new connection gets it at once)."""
    tokens: float = 0.0
    stamp: float = 0.0
    logged: float = -1e9
    """When this connection's refused frames were last logged (once per interval)."""
    unlogged: int = 0
    """Frames refused since then."""

    def allow(self, rate: float, burst: int) -> bool:
        """A token bucket: ``rate`` frames a second on average, ``burst`` at once."""
        now = time.monotonic()
        if self.stamp == 0.0:
            self.tokens = float(burst)
        else:
            self.tokens = min(float(burst), self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class _Clock:
    """When things last happened at a table (monotonic seconds)."""

    changed: float = 0.0
    turn: tuple[int, int | None] = (0, None)
    turn_started: float = 0.0
    absent_since: dict[int, float] = field(default_factory=dict)
    offered: int = -1
    """The version at which the bots were last offered their out-of-turn actions."""
    nobody_since: float | None = None
    """Since when no person has been at the table (``None``: someone is)."""


class Hub:
    """All tables of this process."""

    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        coordinator: Coordinator,
        ownership: Ownership | None = None,
    ) -> None:
        self.config = config
        self.store = store
        self.coord = coordinator
        self.own = ownership
        """This process's leases (``ownership``): it serves only the tables it owns. None:
        it serves every table (one process, or processes sharing tables)."""
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Connection]] = {}
        self._clocks: dict[str, _Clock] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._stopping = False
        """Set at shutdown: drivers end at their next turn of the loop even if a
        cancellation was lost (on Python 3.11 ``asyncio.wait_for`` can swallow one)."""
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._present: dict[str, set[int]] = {}
        """Each table's seats present when its connections were last told of a change."""
        self._shared: dict[str, tuple[tuple[int, int, frozenset[int], int], str]] = {}
        self._presence_due: dict[str, asyncio.TimerHandle] = {}
        """Tables whose connections are yet to be told of a seat coming or going."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        sqlite = store.engine.dialect.name == "sqlite"  # one writer at a time there anyway
        self.db = Storage(store.engine, config.db_timeout, workers=1 if sqlite else 4)
        self._writes: dict[str, list[Write]] = {}
        """Each table's changes made in memory and not yet committed: while a table has
        some, no frame is built from it (its connections are told after the commit)."""
        self._held_back: dict[str, set[Connection]] = {}
        """Connections whose state frame was held back while their table's writes ran."""
        self._lost: set[str] = set()
        """Tables whose copy here was dropped after a change the database did not confirm:
        loaded again, and their connections told, once the database answers."""
        self.menu = BotMenu(
            max_iterations=config.max_iterations,
            max_time=config.bot_deadline,
            external=dict(config.external_bots),
            policies=dict(config.policies),
        )
        self.pool = BotPool(config.bot_workers, config.bot_deadline)
        self._seats_taken = Buckets(config.seats_per_minute / 60.0, config.seats_burst)
        self.addresses = config.addresses()
        self.clock: Callable[[], float] = time.monotonic
        """The seconds the seats' pace is counted in (a test's own clock, or monotonic)."""
        self._chat_by_address = Buckets(config.chat_per_minute / 60.0, config.chat_burst)
        self._chat_by_table = Buckets(config.table_chat_per_minute / 60.0, config.table_chat_burst)

    # -- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        """Load every stored table (replaying its moves) and start its driver."""
        await self.coord.start(self._notice, self._resync)
        if self.own is not None:  # a table is loaded when this process takes it
            self.own.start(self._surrender, self._confirm)
            self._sweeper = asyncio.create_task(self._sweep())
            return
        for table_id in self.store.table_ids():
            try:
                self._load(table_id)
            except Exception:
                log.exception("table could not be loaded", extra={"table": table_id})
        self._sweeper = asyncio.create_task(self._sweep())
        log.info("tables loaded", extra={"tables": len(self.tables)})

    async def stop(self) -> None:
        self._stopping = True
        for due in self._presence_due.values():
            due.cancel()
        for wake in self._wake.values():
            wake.set()
        tasks = [*self._drivers.values(), *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        if tasks:
            _done, stuck = await asyncio.wait(tasks, timeout=5.0)
            if stuck:
                log.warning("drivers still running at shutdown", extra={"tasks": len(stuck)})
        if self.own is not None:  # the others may take these tables at once
            await self.own.close()
        await self.coord.close()
        for bot in self._bots.values():
            self._close_bot(bot)
        self._bots.clear()
        self.pool.close()
        self.db.close()

    def _fetch(self, table_id: str) -> _Fetched | None:
        """A table's rows (a worker thread runs this: ``Storage``)."""
        row = self.store.table(table_id)
        if row is None:
            return None
        moves = self.store.moves(table_id, row.match_no) if row.state != LOBBY else []
        return row, self.store.seats(table_id), moves, self.store.chat(table_id)

    def _load(self, table_id: str) -> Table | None:
        """The table from the database, on the event loop (at start only)."""
        return self._install(table_id, self._fetch(table_id))

    async def _reload(self, table_id: str) -> Table | None:
        """The table from the database, read off the event loop."""
        return self._install(table_id, await self._read(self._fetch, table_id))

    async def _read(self, fn: Callable[..., Any], *args: object) -> Any:
        """A database call off the loop; ``UnavailableError`` when it fails."""
        try:
            return await self.db(fn, *args)
        except StorageError as err:
            log.warning("the database did not answer", extra={"error": str(err)})
            raise UnavailableError(
                "the server cannot reach its database: try again in a moment"
            ) from None

    def _install(self, table_id: str, fetched: _Fetched | None) -> Table | None:
        """Build the table from its rows, keep it, and start its driver."""
        if fetched is None:
            return None
        row, seat_rows, moves, chat = fetched
        table = Table.load(row, self._clamped(seat_rows), moves, chat)
        self.tables[table_id] = table
        now = time.monotonic()
        clock = self._clocks.setdefault(table_id, _Clock(changed=now, turn_started=now))
        for seat in table.humans():
            clock.absent_since.setdefault(seat, now)
        if table_id not in self._drivers:
            self._wake[table_id] = asyncio.Event()
            self._drivers[table_id] = asyncio.create_task(self._drive(table_id))
        return table

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            if self.own is not None:  # taken (off the loop) by ``get`` only
                raise MovedError("")
            if table_id in self._lost:  # its reload waits for the database (``_table``)
                raise UnavailableError("the server cannot reach its database: try again")
            table = self._load(table_id)
        if table is None:
            raise TableError("there is no such table (it may have expired)")
        return table

    async def _table(self, table_id: str) -> Table:
        """``table``, with the database read off the loop; a table dropped after a change
        the database did not confirm is loaded again, and its connections told."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lost = table_id in self._lost
        try:
            if self.own is not None:
                async with self.own.claiming(table_id):
                    if table_id in self.tables:  # taken while this call waited
                        return self.tables[table_id]
                    await self._take(table_id)
                    loaded = await self._reload(table_id)
            else:
                loaded = await self._reload(table_id)
        except TableError:
            raise
        except Exception:
            log.exception("table could not be loaded", extra={"table": table_id})
            raise UnavailableError("the server could not load this table: try again") from None
        if loaded is None:
            raise TableError("there is no such table (it may have expired)")
        if lost:
            self._lost.discard(table_id)
            log.info("table loaded again from the database", extra={"table": table_id})
            for conn in self.conns.get(table_id, ()):
                conn.queue.owe_state()
                conn.queue.owe_chat()
            self._wake_driver(table_id)
        return loaded

    async def get(self, table_id: str) -> Table:
        """The table, loaded (and, with ownership, taken) if it is not here yet."""
        return await self._table(table_id)

    async def _take(self, table_id: str) -> None:
        """Own the table: its lease, then its next epoch, after which no write of a former
        owner commits and what it committed is in what this process loads next."""
        assert self.own is not None
        if self.own.epoch(table_id) is not None:
            return
        try:
            await self.own.take(table_id)
        except ElsewhereError as err:
            raise MovedError(err.route) from None
        except Exception:
            log.warning("the table's lease could not be taken", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis: try again in a moment") from None
        try:
            epoch = await self._read(self.store.take, table_id)
        except BaseException:
            await self.own.release(table_id)
            raise
        if epoch is None:
            await self.own.release(table_id)
            raise TableError("there is no such table (it may have expired)")
        self.own.held(table_id, epoch)
        log.info("table taken", extra={"table": table_id, "epoch": epoch})

    async def _confirm(self, table_id: str, epoch: int) -> bool:
        """Is ``epoch`` still the table's (a lapsed lease held again)? Not if another process
        took the table meanwhile, nor if the database does not answer."""
        try:
            return bool(await self.db(self.store.epoch, table_id) == epoch)
        except StorageError:
            return False

    async def _surrender(self, table_ids: list[str]) -> None:
        """These tables are no longer this process's (their lease was lost, or a write was
        fenced): drop them, and send their connections on to the table's new owner."""
        for table_id in table_ids:
            if self.own is not None:
                self.own.forget(table_id)
            for conn in list(self.conns.get(table_id, ())):
                conn.queue.close(CLOSE_ELSEWHERE, "", "this table moved to another process")
            self._forget(table_id)
            log.warning("table handed over to another process", extra={"table": table_id})

    async def drain(self) -> None:
        """Hand every table over (a rolling restart): each one's change under way is
        committed first, then its lease let go and its connections sent on, to reconnect
        through the proxy to a process that takes it."""
        if self.own is None:
            return
        self.own.draining = True
        for table_id in list(self.own.epochs):
            async with self.coord.lock(table_id):
                await self.own.release(table_id)
                await self._surrender([table_id])
        await asyncio.sleep(0.1)  # the sockets' pumps send the closing frames
        log.info("tables handed over")

    def _epoch(self, table_id: str) -> int | None:
        """The epoch this process's writes to the table carry (``None``: no ownership; -1,
        which no table has, for a table this process no longer owns)."""
        if self.own is None:
            return None
        epoch = self.own.epoch(table_id)
        return -1 if epoch is None else epoch

    async def lobby(self, limit: int) -> list[Table]:
        """The newest tables not started yet with a seat open, at most ``limit``: with
        ownership, every process's (from the database), else this process's own."""
        if self.own is None:
            waiting = [t for t in list(self.tables.values()) if t.state == LOBBY]
        else:
            rows = await self._read(self.store.lobby, 4 * limit)
            waiting = [
                self.tables.get(row.id) or Table.load(row, seat_rows, [], [])
                for row, seat_rows in rows
            ]
        open_ = [t for t in waiting if t.state == LOBBY and t.open_seats()]
        return heapq.nlargest(limit, open_, key=lambda t: t.created)

    @contextlib.asynccontextmanager
    async def _locked(self, table_id: str) -> AsyncIterator[Table]:
        """The table under its lock, caught up with the database if processes share it;
        the changes made under it are committed before the lock is let go."""
        lock = self.coord.lock(table_id)
        try:
            await lock.__aenter__()
        except Exception:
            log.warning("the table's lock could not be taken", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis: try again in a moment") from None
        try:
            table = await self._table(table_id)
            if self.coord.shared:
                table = await self._catch_up(table)
            yield table
            await self._stored(table)
        except BaseException:
            if self._writes.pop(table_id, None):  # changed here, never written: untrusted
                self._lose(table_id)
            raise
        finally:
            try:
                await lock.__aexit__(None, None, None)
            except Exception:  # Redis lost it meanwhile: it lapses by itself
                log.warning("the table's lock could not be let go", extra={"table": table_id})

    async def _catch_up(self, table: Table) -> Table:
        row = await self._read(self.store.table, table.id)
        if row is None:
            raise TableError("there is no such table (it may have expired)")
        if row.version == table.version:
            return table
        if row.match_no == table.match_no and row.state != LOBBY and table.match is not None:
            moves, seats, chat = await self._read(self._since, table.id, row.match_no, table.seq)
            table.replay(moves)
            table.seats = self._clamped(seats)
            table.chat = chat
            table.owner, table.state, table.version = row.owner, row.state, row.version
            return table
        old = table
        table = await self._reload(table.id) or old
        return table

    def _since(
        self, table_id: str, match_no: int, seq: int
    ) -> tuple[list[tuple[int | None, str]], list[StoredSeat], list[dict[str, Any]]]:
        """What another process stored since move ``seq`` (a worker thread runs this)."""
        moves = self.store.moves(table_id, match_no, since=seq)
        return moves, self.store.seats(table_id), self.store.chat(table_id)

    def _clamped(self, rows: list[StoredSeat]) -> list[StoredSeat]:
        """The stored seats, each bot's spec clamped to what this server allows today."""
        for row in rows:
            if row.kind == "bot" and row.bot:
                row.bot = self.menu.clamp(row.bot, self._standin())
        return rows

    async def _notice(self, table_id: str) -> None:
        """Another process changed ``table_id``: catch up and tell our connections."""
        if not self.coord.shared:
            return
        if table_id not in self.tables and not self.conns.get(table_id):
            return
        try:
            # only this process's lock: catching up reads committed rows, and a process
            # killed while it held the shared lock must not stall everyone's notices
            async with self.coord.local_lock(table_id):
                old = await self._table(table_id)
                if table_id in self._writes:  # a change of ours is being committed
                    return  # (its own broadcast follows; a later notice finds the rest)
                before, shape = old.version, self._shape(old)
                table = await self._catch_up(old)
        except TableError:
            return
        if table.version != before:
            self._touch_clock(table)
        present = await self._present_now(table_id)
        self._observe(table, present)
        if (
            table.version != before
            and self._shape(table) == shape
            and present == self._present.get(table_id)
        ):  # only chat lines were added: no seat's view changed
            for conn in self.conns.get(table_id, ()):
                conn.queue.owe_chat()
            return
        await self._broadcast(table)
        self._wake_driver(table_id)

    @staticmethod
    def _shape(table: Table) -> tuple[Any, ...]:
        """Everything a state frame shows but the version: equal shapes before and after a
        change elsewhere mean that change was chat."""
        seats = tuple((s.kind, s.name, s.bot, s.token_hash) for s in table.seats)
        return (id(table), table.match_no, table.seq, table.state, table.owner, seats)

    async def check_database(self) -> None:
        """``UnavailableError`` unless the database answers in time (``/health``)."""
        await self._read(self.store.ping)

    async def _resync(self) -> None:
        """Notices may have been missed (Redis was out of reach): catch up every table
        someone watches here."""
        for table_id in [t for t, conns in self.conns.items() if conns]:
            with contextlib.suppress(Exception):
                await self._notice(table_id)

    async def _present_now(self, table_id: str) -> set[int]:
        """The seats present, or the last seen if Redis does not answer (a frame to send
        is not held back by it)."""
        try:
            return await self.coord.present(table_id)
        except Exception:
            log.warning("presence could not be read", extra={"table": table_id})
            return self._present.get(table_id, set())

    # -- creating and joining (HTTP) ----------------------------------------------------------
    async def create(
        self,
        *,
        name: str,
        settings: TableSettings,
        bots: list[str],
        seed: int | None,
        address: str = "",
    ) -> tuple[Table, str]:
        """A new table: the creator takes seat 0, ``bots`` take the last seats."""
        try:
            rules = settings.rules()
        except ValueError as err:
            raise TableError(str(err)) from None
        if not rules.min_players <= settings.seats <= rules.max_players:
            raise TableError(
                f"{rules.name} seats {rules.min_players} to {rules.max_players} players, "
                f"not {settings.seats}"
            )
        if seed is not None and not self.config.fixed_seeds:
            raise BadRequestError("this server deals every table at random: no fixed seeds")
        if len(bots) > settings.seats - 1:
            raise TableError(f"at most {settings.seats - 1} bots fit at {settings.seats} seats")
        low, high = self.config.min_reaction, self.config.max_reaction
        if settings.reaction is not None and not low <= settings.reaction <= high:
            raise BadRequestError(
                f"the bots' reaction time is {low:g} to {high:g} s on this server, "
                f"not {settings.reaction:g}"
            )
        bots = [self._check_bot(spec) for spec in bots]
        network = self.addresses.network(address)
        who = address_key(address, network)
        if await self._read(self.store.count_tables) >= self.config.max_tables:
            raise LimitError("this server holds all the tables it can: try again later")
        if await self._read(self.store.count_tables, who) >= self.config.tables_per_address:
            raise LimitError(
                f"at most {self.config.tables_per_address} tables from one address at once: "
                "play at one of yours, or wait for an old one to expire"
            )
        if network != address and self._site_tables(who) >= self.config.tables_per_network:
            raise LimitError(
                f"at most {self.config.tables_per_network} tables from one network at once: "
                "play at one of yours, or wait for an old one to expire"
            )
        await self._check_seats(who)
        token = new_token()
        seat_rows = [StoredSeat(0, "human", name, None, hash_token(token), who)]
        first_bot = settings.seats - len(bots)
        for seat in range(1, settings.seats):
            if seat >= first_bot:
                seat_rows.append(StoredSeat(seat, "bot", None, bots[seat - first_bot], None))
            else:
                seat_rows.append(StoredSeat(seat, "open", None, None, None))
        now = time.time()
        row = StoredTable(
            id=secrets.token_urlsafe(9),
            created=now,
            touched=now,
            settings=settings.to_json(),
            state=LOBBY,
            owner=0,
            version=1,
            match_no=0,
            seed=seed if seed is not None else secrets.randbits(63),
            fixed_seed=seed is not None,
            creator=who,
        )
        await self._read(self.store.create_table, row, seat_rows)
        if self.own is not None:  # the creator's process owns the new table
            async with self.own.claiming(row.id):
                await self._take(row.id)
        table = self._install(row.id, (row, seat_rows, [], []))
        assert table is not None
        log.info("table created", extra={"table": row.id, "rules": rules.name})
        return table, token

    def _site_tables(self, who: str) -> int:
        """Tables (of this process) created from the site of the address ``who``."""
        site = who[:SITE_KEY]
        return sum(1 for t in list(self.tables.values()) if (t.creator or "")[:SITE_KEY] == site)

    async def _check_seats(self, who: str) -> None:
        """A seat for the address ``who`` (hashed): within its seats held and its pace of
        taking seats (each seat taken costs a write, a state frame to the table, sockets;
        taking and leaving seats in a loop is a flood of its own)."""
        if await self._read(self.store.count_lobby_seats, who) >= self.config.seats_per_address:
            raise LimitError(
                f"at most {self.config.seats_per_address} seats from one address at tables "
                "that have not started"
            )
        if not self._seats_taken.allow(who, self.clock()):
            raise LimitError("too many seats taken from one address: wait a moment")

    async def join(
        self, table_id: str, name: str, seat: int | None, address: str = ""
    ) -> tuple[int, str]:
        """Take an open seat (the first one unless ``seat`` is given); returns its token."""
        who = address_key(address, self.addresses.network(address))
        async with self._locked(table_id) as table:
            if table.state != LOBBY:
                raise TableError("the game has started: you can watch it")
            free = table.open_seats()
            if not free:
                raise TableError("every seat is taken: you can watch the game")
            if seat is None:
                seat = free[0]
            elif seat not in free:
                raise TableError(f"seat {seat} is not free; free seats: {free}")
            if any(s.name and same_name(s.name, name) for s in table.seats):
                raise TableError(f"someone at this table is called {name!r}: choose another name")
            await self._check_seats(who)
            token = new_token()
            row = StoredSeat(seat, "human", name, None, hash_token(token), who)
            self._commit(table, seat_rows=[row])
            table.seats[seat] = row
            self._clocks[table.id].absent_since[seat] = time.monotonic()
            log.info("seat taken", extra={"table": table.id, "seat": seat})
        await self._changed(table)
        return seat, token

    def _check_bot(self, spec: str) -> str:
        """The spec as it will be played, if this server offers it (``botmenu``)."""
        try:
            return self.menu.check(spec)
        except BotRefusedError as err:
            raise BadRequestError(str(err)) from None

    def _new_bot(self, spec: str, seed: int) -> Bot:
        """Build a bot the menu allowed (stored specs are clamped before they get here)."""
        try:
            command = self.menu.external.get(spec)
            if command is not None:
                from unokit.bots.external import ExternalBot

                return ExternalBot(seed=seed, command=command)
            path = self.menu.policies.get(spec)
            if path is not None:
                from unokit.envs.policy import PolicyBot

                return PolicyBot(seed=seed, path=path)
            return make_bot(spec, seed=seed)
        except Exception:
            log.exception("a bot could not be built", extra={"spec": spec})
            return make_bot(self._standin(), seed=seed)

    # -- connections ------------------------------------------------------------------------
    async def connect(self, table_id: str, token: str | None, address: str = "") -> Connection:
        """A new connection to ``table_id`` from client ``address``, seated if ``token``
        holds a seat there (``TableError`` if it holds none, ``LimitError`` past a limit)."""
        table = await self._table(table_id)
        if self.coord.shared:  # a seat taken through another process a moment ago
            async with self.coord.local_lock(table_id):
                table = await self._catch_up(table)
        await self._evict_stale(table)
        seat = table.seat_for_token(token)
        former = None if seat is not None else table.seat_for_token(token, kind="bot")
        if token and seat is None and former is None:
            raise TableError("this seat token is not valid at this table")
        if seat is not None:
            copies = sum(1 for c in self.conns.get(table_id, ()) if c.seat == seat)
            if copies >= self.config.ws_per_seat:
                raise LimitError(
                    f"this seat has {copies} connections open already: close one first"
                )
        conn = Connection(table_id, seat, None if seat is None else table.seats[seat].token_hash)
        conn.address = address
        conn.former = former
        conn.queue.build = lambda: self._state_text(conn)
        conn.queue.build_chat = lambda: self._chat_text(conn)
        self.conns.setdefault(table_id, set()).add(conn)
        try:
            if seat is not None:
                await self.coord.presence(table_id, seat, +1)
            self._present[table_id] = await self.coord.present(table_id)
        except BaseException:  # Redis failed us: the connection never was, nor its count
            self.conns.get(table_id, set()).discard(conn)
            if conn.seat is not None:  # not evicted meanwhile (which uncounted it)
                counted, conn.seat = conn.seat, None
                with contextlib.suppress(Exception):  # a count left over is written later
                    await self.coord.presence(table_id, counted, -1)
            raise
        hello: dict[str, Any] = {"type": "hello", "table": table_id, "seat": seat}
        if former is not None:
            hello["reclaim"] = former  # your seat, now a stand-in bot's: you may take it back
        conn.queue.put_nowait(json.dumps(hello))
        conn.queue.owe_state()
        conn.queue.owe_chat()  # the recent lines, once
        if seat is not None:
            self._clocks[table_id].absent_since.pop(seat, None)
            self._presence_changed(table_id)
        self._wake_driver(table_id)  # someone is here: a paused table plays on
        return conn

    async def disconnect(self, conn: Connection) -> None:
        self.conns.get(conn.table_id, set()).discard(conn)
        if conn.seat is not None:
            await self.coord.presence(conn.table_id, conn.seat, -1)
            present = await self.coord.present(conn.table_id)
            clock = self._clocks.get(conn.table_id)
            if clock is not None and conn.seat not in present:
                clock.absent_since[conn.seat] = time.monotonic()
            if conn.table_id in self.tables:
                self._presence_changed(conn.table_id)
                self._wake_driver(conn.table_id)

    def _presence_changed(self, table_id: str) -> None:
        """A seat came or went: the table's connections are told ``presence_delay`` later,
        once for every change meanwhile (``_tell_presence``)."""
        if table_id in self._presence_due or self._stopping:
            return
        self._presence_due[table_id] = asyncio.get_running_loop().call_later(
            self.config.presence_delay, self._tell_presence_now, table_id
        )

    def _tell_presence_now(self, table_id: str) -> None:
        task = asyncio.create_task(self._tell_presence(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell_presence(self, table_id: str) -> None:
        """Tell each of a table's connections who is present now, unless it was last sent
        the table as it is now (a seat that went and came back, or one more socket of a
        seat present, changes nothing it shows)."""
        self._presence_due.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None:
            return
        await self._evict_stale(table)
        self._present[table_id] = await self._present_now(table_id)
        pending = table_id in self._writes  # its frames wait for the commit: all owe one
        shown = None if pending else self._shared_part(table)
        for conn in self.conns.get(table_id, ()):
            if pending or conn.table_sent != shown:
                conn.queue.owe_state()

    @staticmethod
    def _holds(table: Table, conn: Connection) -> bool:
        """Does the connection's token still hold the seat it was opened for?"""
        seat = conn.seat
        if seat is None:
            return True
        if not 0 <= seat < len(table.seats):
            return False
        row = table.seats[seat]
        return row.kind == "human" and row.token_hash == conn.token_hash

    def _evict(self, table: Table, conn: Connection) -> int | None:
        """Close a connection whose seat changed hands; returns the seat it counted for."""
        seat = conn.seat
        if seat is None:
            return None
        row = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if row is not None and row.kind == "bot" and row.token_hash == conn.token_hash:
            why = "your seat was given to a stand-in bot: reconnect to take it back"
        elif row is not None and row.kind == "human":
            why = "someone else holds this seat now"
        else:
            why = "this seat is no longer yours: you left it or the host freed it"
        self.conns.get(table.id, set()).discard(conn)
        conn.seat = None
        conn.queue.close(CLOSE_SEAT_CHANGED, why)
        log.info("stale connection closed", extra={"table": table.id, "seat": seat})
        return seat

    async def _evict_stale(self, table: Table) -> None:
        """Close every connection bound to a seat's former occupant, here and now: it sees
        nothing more, and counts neither as presence nor against the seat's connections."""
        stale = [c for c in self.conns.get(table.id, ()) if not self._holds(table, c)]
        for conn in stale:
            seat = self._evict(table, conn)
            if seat is not None:
                await self.coord.presence(table.id, seat, -1)

    async def handle(self, conn: Connection, frame: ClientFrame) -> None:
        """Do what a validated frame asks; a refusal raises ``TableError``."""
        kind = frame.type
        if kind == "ping":
            conn.queue.put_nowait(json.dumps({"type": "pong", "id": frame.id}))
            return
        if isinstance(frame, Reclaim):
            await self._reclaim(conn, frame)
            return
        if conn.seat is None:
            raise TableError("spectators can watch, not act: join the table to play")
        seat = conn.seat
        if isinstance(frame, Chat):
            self._allow_chat(conn)
        async with self._locked(conn.table_id) as table:
            row = table.seats[seat]
            if row.kind != "human" or row.token_hash != conn.token_hash:
                raise TableError("you no longer hold this seat")
            if isinstance(frame, Act):
                self._act(table, seat, frame.action)
            elif isinstance(frame, Chat):
                self._chat(table, seat, frame.text)
            elif kind == "next_round":
                self._next_round(table)
            elif kind == "rematch":
                self._rematch(table)
            elif kind == "leave":
                self._leave(table, seat)
                await self._stored(table)
                conn.seat = None
                await self.coord.presence(table.id, seat, -1)
            else:
                present = await self.coord.present(table.id)
                self._observe(table, present)
                self._owner_frame(table, seat, frame, present)
            await self._stored(table)  # committed before it is acknowledged
            conn.queue.put_nowait(dumps({"type": "ack", "id": frame.id, "version": table.version}))
        if isinstance(frame, Chat):
            await self._chatted(table)
        else:
            await self._changed(table)

    async def _reclaim(self, conn: Connection, frame: Reclaim) -> None:
        """A player whose seat went to a stand-in bot takes it back with the same token."""
        seat = conn.former
        if seat is None:
            raise TableError("no seat of yours is played by a bot here")
        async with self._locked(conn.table_id) as table:
            row = table.seats[seat]
            if row.kind != "bot" or row.token_hash is None or row.name is None:
                conn.former = None
                raise TableError("that seat is no longer yours to take back")
            mine = StoredSeat(seat, "human", row.name, None, row.token_hash, row.address)
            table.seats[seat] = mine
            self._commit(table, seat_rows=[mine])
            await self._stored(table)
            conn.seat, conn.token_hash, conn.former = seat, mine.token_hash, None
            await self.coord.presence(table.id, seat, +1)
            self._clocks[table.id].absent_since.pop(seat, None)
            conn.queue.put_nowait(dumps({"type": "ack", "id": frame.id, "version": table.version}))
            log.info("seat taken back", extra={"table": table.id, "seat": seat})
        await self._changed(table)

    # -- the changes ------------------------------------------------------------------------
    def _commit(
        self,
        table: Table,
        *,
        table_fields: dict[str, Any] | None = None,
        seat_rows: list[StoredSeat] | None = None,
        move: tuple[int, int, int | None, str] | None = None,
        message: tuple[int | None, str, str] | None = None,
        touch: bool = True,
        line: dict[str, Any] | None = None,
    ) -> None:
        """Queue one change (made in memory) to be committed before the table's lock is let
        go (``_stored``); the version moves on with it. ``touch``: a person's doing, which
        keeps the table from expiring. ``line``: the chat line of ``message``, whose id the
        commit fills in."""
        version = table.version + 1
        epoch = self._epoch(table.id)

        def write(conn: sqlalchemy.Connection) -> None:
            line_id = self.store.change(
                table.id,
                version,
                table_fields=table_fields,
                seat_rows=seat_rows,
                move=move,
                message=message,
                touch=touch,
                conn=conn,
                epoch=epoch,
            )
            if line is not None:
                line["id"] = line_id

        self._writes.setdefault(table.id, []).append(write)
        table.version = version

    def _move(self, table: Table, seat: int | None, text: str, touch: bool = True) -> None:
        """Apply a move through the engine and queue its write (``_commit``).
        ``touch``: a person's move (the server's own moves leave the idle clock alone)."""
        if table.state != PLAYING or table.match is None:
            raise TableError("the game is not being played")
        table.apply_move(seat, text)  # IllegalAction: nothing changed
        move = (table.match_no, table.seq - 1, seat, text)
        version = table.version + 1
        state = table.state
        epoch = self._epoch(table.id)

        def write(conn: sqlalchemy.Connection) -> None:
            self.store.add_move(table.id, version, state, move, touch, conn=conn, epoch=epoch)

        self._writes.setdefault(table.id, []).append(write)
        table.version = version
        game = table.match.game
        dealt = text.startswith((NEXT_ROUND, CUT_ROUND))
        if game.over and game.winner is None and not dealt:
            # the rules ended a round nobody could finish (docs/rules.md, "Every round ends")
            rounds = len(table.match.rounds)
            log.info("round blocked", extra={"table": table.id, "round": rounds})
        elif not dealt and not game.over and game.action_count >= self.config.round_actions:
            # the server's bound on a round, not a rule: the round is left unfinished
            rounds = len(table.match.rounds)
            self._move(table, None, table.cut_round_move(), touch=False)
            log.info("round unfinished", extra={"table": table.id, "round": rounds})

    def _act(self, table: Table, seat: int, text: str) -> None:
        if table.match is None or table.state != PLAYING:
            raise TableError("the game has not started")
        game = table.match.game
        if game.over:
            raise TableError("the round is over")
        if text.split(" ", 1)[0] == NEXT_ROUND:  # the server's own move, with its seed
            raise TableError("a player deals the next round with a next_round frame")
        try:
            self._move(table, seat, text)
        except IllegalAction as err:
            raise ActionRefusedError(str(err)) from None
        log.info("action", extra={"table": table.id, "seat": seat, "action": text})

    def _allow_chat(self, conn: Connection) -> None:
        """Chat within its limits: each line is stored and sent to every connection at the
        table, so one address (however many sockets and seats) and one table are rationed."""
        now = time.monotonic()
        by_address, by_table = self._chat_by_address, self._chat_by_table
        if not by_address.allow(conn.address, now):
            raise SlowDownError(
                "too many chat lines: wait a moment before the next",
                min(1.0, by_address.wait(conn.address, now)),
            )
        if not by_table.allow(conn.table_id, now):
            raise SlowDownError(
                "this table's chat is too busy: wait a moment before the next line",
                min(1.0, by_table.wait(conn.table_id, now)),
            )

    def _chat(self, table: Table, seat: int, text: str) -> None:
        name = table.names()[seat]
        at = time.time()
        line: dict[str, Any] = {"id": None, "seat": seat, "name": name, "text": text, "at": at}
        self._commit(table, message=(seat, name, text), line=line)
        table.chat.append(line)  # sent once its id is known, after the commit
        del table.chat[:-100]

    def _next_round(self, table: Table) -> None:
        match = table.match
        if match is None or table.state != PLAYING or not match.game.over:
            raise TableError("the round is still being played")
        self._move(table, None, table.next_round_move())

    def _rematch(self, table: Table) -> None:
        if table.state != OVER:
            raise TableError("the match is still being played")
        table.match_no += 1
        if not table.fixed_seed:
            table.seed = secrets.randbits(63)  # nothing of the last match tells this one
        table.state = PLAYING
        table.seq = 0
        table.match = table.new_match()
        fields = {"state": PLAYING, "match_no": table.match_no, "seed": table.seed}
        self._commit(table, table_fields=fields)

    def _leave(self, table: Table, seat: int) -> None:
        """Before the start the seat opens again; after it, a bot plays it."""
        if table.state == LOBBY:
            row = StoredSeat(seat, "open", None, None, None)
        else:
            row = StoredSeat(seat, "bot", None, self._standin(), None)
            match = table.match
            if match is not None:  # the log so far keeps the leaver's name
                where = (table.match_no, len(match.rounds), len(match.game.log))
                table.former.append((*where, seat, table.names()[seat]))
        table.seats[seat] = row
        fields: dict[str, Any] = {}
        if table.owner == seat:
            table.owner = self._next_host(table, seat, set(table.humans()))
            fields["owner"] = table.owner
        self._commit(table, seat_rows=[row], table_fields=fields)
        log.info("seat left", extra={"table": table.id, "seat": seat})

    def _next_host(self, table: Table, after: int, candidates: set[int]) -> int | None:
        n = len(table.seats)
        for i in range(1, n + 1):
            seat = (after + i) % n
            if seat in candidates and table.seats[seat].kind == "human":
                return seat
        return None

    def _owner_frame(self, table: Table, seat: int, frame: ClientFrame, present: set[int]) -> None:
        if table.owner != seat:
            raise TableError("only the table's host can do that")
        if isinstance(frame, Start):
            if table.state != LOBBY:
                raise TableError("the game has already started")
            rows = [
                StoredSeat(s.seat, "bot", None, self._standin(), None)
                for s in table.seats
                if s.kind == "open"
            ]
            for row in rows:
                table.seats[row.seat] = row
            table.state = PLAYING
            table.seq = 0
            table.match = table.new_match()
            self._commit(table, seat_rows=rows, table_fields={"state": PLAYING})
            log.info("match started", extra={"table": table.id})
        elif isinstance(frame, AddBot):
            if table.state != LOBBY:
                raise TableError("bots join before the start (the host can kick an absent seat)")
            spec = self._check_bot(frame.bot)
            free = table.open_seats()
            target = frame.seat if frame.seat is not None else (free[0] if free else None)
            if target is None or target not in free:
                raise TableError("there is no free seat for a bot")
            row = StoredSeat(target, "bot", None, spec, None)
            table.seats[target] = row
            self._commit(table, seat_rows=[row])
        elif isinstance(frame, RemoveBot):
            target = frame.seat
            if table.state != LOBBY:
                raise TableError("bots leave before the start only")
            if not 0 <= target < len(table.seats) or table.seats[target].kind != "bot":
                raise TableError(f"seat {target} is not a bot")
            row = StoredSeat(target, "open", None, None, None)
            table.seats[target] = row
            self._commit(table, seat_rows=[row])
        elif isinstance(frame, Kick):
            target = frame.seat
            spec = self._check_bot(frame.bot)
            if not 0 <= target < len(table.seats) or table.seats[target].kind != "human":
                raise TableError(f"seat {target} is not a player's seat")
            if target == seat:
                raise TableError("leave the table instead of kicking yourself")
            if table.state == LOBBY:  # before the start the host frees any seat
                row = StoredSeat(target, "open", None, None, None)
                table.seats[target] = row
                self._commit(table, seat_rows=[row])
                log.info("seat freed by the host", extra={"table": table.id, "seat": target})
                return
            if target in present:  # the shared fact: connected to any live process
                raise TableError("only an absent player's seat can be given to a bot")
            # the player's name and token stay with the seat: back, they may take it back
            was = table.seats[target]
            row = StoredSeat(target, "bot", was.name, spec, was.token_hash, was.address)
            table.seats[target] = row
            self._commit(table, seat_rows=[row])
            log.info("seat kicked to a bot", extra={"table": table.id, "seat": target})

    def _standin(self) -> str:
        return self.config.standin

    # -- storing the changes ----------------------------------------------------------------
    async def _stored(self, table: Table) -> None:
        """Commit the table's queued changes, off the loop, in the writer's next commit
        (shared with other tables' changes: ``Storage.write``). If the database
        does not confirm them, the copy here is dropped (``_lose``) and the player is told
        to try again: the game stays as the database has it."""
        writes = self._writes.get(table.id)
        if not writes:
            return
        try:
            await self.db.write(list(writes))
        except StorageError as err:
            if isinstance(err.__cause__, FencedError):  # another process owns it now
                self._writes.pop(table.id, None)
                await self._surrender([table.id])
                raise MovedError("") from None
            log.warning(
                "a change could not be stored", extra={"table": table.id, "error": str(err)}
            )
            self._lose(table.id)
            raise UnavailableError(
                "the server could not store that: try again in a moment"
            ) from None
        except BaseException:
            self._lose(table.id)
            raise
        self._writes.pop(table.id, None)
        for conn in self._held_back.pop(table.id, ()):
            conn.queue.owe_state()

    def _lose(self, table_id: str) -> None:
        """Drop the table's copy here: it holds changes the database may not have. It is
        loaded again (``_table``) by its next request or its driver, once the database
        answers; until then its connections keep the last state they were sent."""
        self._writes.pop(table_id, None)
        self._held_back.pop(table_id, None)
        if self.tables.pop(table_id, None) is not None:
            self._lost.add(table_id)
            self._shared.pop(table_id, None)
            self._wake_driver(table_id)

    # -- telling the connections ------------------------------------------------------------
    async def _changed(self, table: Table) -> None:
        self._touch_clock(table)
        await self._broadcast(table)
        await self._publish(table.id)
        self._wake_driver(table.id)

    async def _publish(self, table_id: str) -> None:
        """Tell the other processes; if Redis does not take the notice, they catch up at
        their next notice of the table or when their subscription is made again."""
        if not self.coord.shared:
            return
        try:
            await self.coord.publish(table_id)
        except Exception:
            log.warning("a notice could not be published", extra={"table": table_id})

    async def _chatted(self, table: Table) -> None:
        """A chat line: every connection owes a chat frame with the new lines only; no state
        frame is built for it (the table's view did not change)."""
        self._touch_clock(table)
        for conn in self.conns.get(table.id, ()):
            conn.queue.owe_chat()
        await self._publish(table.id)

    def _touch_clock(self, table: Table) -> None:
        clock = self._clocks.setdefault(table.id, _Clock())
        now = time.monotonic()
        clock.changed = now
        match = table.match
        key = (0, None) if match is None else (len(match.rounds), match.game.to_play)
        if key != clock.turn:
            clock.turn = key
            clock.turn_started = now

    def _wake_driver(self, table_id: str) -> None:
        event = self._wake.get(table_id)
        if event is not None:
            event.set()

    async def _broadcast(self, table: Table, skip: Connection | None = None) -> None:
        """Close the connections whose seat changed hands; every other one owes a state
        frame, built when its socket is ready for it (``Outbox``)."""
        await self._evict_stale(table)
        conns = [c for c in self.conns.get(table.id, ()) if c is not skip]
        if not conns:
            return
        self._present[table.id] = await self._present_now(table.id)
        for conn in conns:
            conn.queue.owe_state()
            conn.queue.owe_chat()  # lines another process took (nothing when none is new)

    def _shared_part(self, table: Table) -> str:
        """The part of a state frame that is the same for every connection (JSON text),
        built once for each version of the table and its presence."""
        present = self._present.get(table.id, set())
        watchers = watching(self.conns.get(table.id, ()))
        key = (id(table), table.version, frozenset(present), watchers)
        cached = self._shared.get(table.id)
        if cached is not None and cached[0] == key:
            return cached[1]
        public = table.public(present)
        public["watchers"] = watchers
        del public["version"]  # in the frame itself: the public part changes less often
        text = dumps({"table": public})[1:-1]
        if cached is not None and cached[1] == text:
            text = cached[1]  # the same object: comparing it with a connection's is free
        self._shared[table.id] = (key, text)
        return text

    def _state_text(self, conn: Connection) -> str | None:
        """The state frame for one connection, now: the view of the seat its token holds and
        the events it has not had. ``None`` (and the connection closed) when the token no
        longer holds that seat."""
        table = self.tables.get(conn.table_id)
        if table is None:
            return None
        if table.id in self._writes:  # not committed yet: sent once it is
            self._held_back.setdefault(table.id, set()).add(conn)
            return None
        if not self._holds(table, conn):
            seat = self._evict(table, conn)
            if seat is not None:
                task = asyncio.create_task(self.coord.presence(table.id, seat, -1))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            return None
        seat = conn.seat
        frame: dict[str, Any] = {"type": "state", "seat": seat, "version": table.version}
        match = table.match
        if match is None:
            frame["view"] = None
            frame["events"] = []
        else:
            game = match.game
            view = frame["view"] = game.view(seat)
            wd4 = game.open_wild_draw_four
            if seat is not None and wd4 is not None and "challenge" in view.get("legal", ()):
                frame["challenge"] = wild_draw_four_odds(view, game.rules, wd4[0], wd4[1])
            round_no = len(match.rounds)
            key = (table.match_no, round_no)
            since = conn.sent[2] if conn.sent[:2] == key else 0
            names = table.names()
            events = []
            if since == 0 and round_no - 1 in match.unfinished:  # the last round was cut
                count = match.rounds[round_no - 2].action_count
                cut = {"type": "unfinished", "round": round_no - 1, "count": count}
                events.append({"text": left_unfinished(round_no - 1, count), "event": cut})
            for i, e in enumerate(game.events(seat, since), start=since):
                then = table.names_at(key, i) if table.former else names
                item: dict[str, Any] = {"text": describe(e, then), "event": e.to_json()}
                if then != names:  # a seat its player left since: the line names that player
                    item["was"] = {s: n for s, n in enumerate(then) if n != names[s]}
                auto = table.automatic_at(key, i)
                if auto is not None:  # the server's move for a person: the log says so
                    item["auto"] = {"seat": auto[0], "why": auto[1]}
                events.append(item)
            frame["events"] = events
            frame["events_from"] = since
            conn.sent = (table.match_no, round_no, len(game.log))
            frame["clock"] = self._deadlines(table)
        shared = self._shared_part(table)
        if shared == conn.table_sent:
            return dumps(frame)
        conn.table_sent = shared
        return dumps(frame)[:-1] + "," + shared + "}"

    def _chat_text(self, conn: Connection) -> str | None:
        """The chat frame for one connection: the lines after the last one it was sent (on
        connecting, the last 30). ``None``: none is new."""
        table = self.tables.get(conn.table_id)
        if table is None or not self._holds(table, conn):
            return None
        lines = [m for m in table.chat[-CHAT_RECENT:] if (m.get("id") or 0) > conn.chat_seen]
        if not lines:
            return None
        conn.chat_seen = int(lines[-1].get("id") or 0)
        return dumps({"type": "chat", "lines": lines})

    def _deadlines(self, table: Table) -> dict[str, float | None]:
        """Seconds left on the turn clock and before the next deal (``None``: no clock), for
        the page's countdowns."""
        clock = self._clocks.get(table.id)
        match = table.match
        out: dict[str, float | None] = {"turn_left": None, "turn_timer": None, "deal_left": None}
        if clock is None or match is None or table.state != PLAYING:
            return out
        now = time.monotonic()
        game = match.game
        if game.over:
            if not match.over:
                out["deal_left"] = round(max(0.0, clock.changed + self.config.round_pause - now), 1)
            return out
        timer = table.settings.turn_timer or game.rules.timer
        if timer and game.to_play is not None and getattr(game, "clock_running", True):
            out["turn_timer"] = float(timer)
            out["turn_left"] = round(max(0.0, clock.turn_started + timer - now), 1)
        return out

    # -- the automatic players --------------------------------------------------------------
    async def _drive(self, table_id: str) -> None:
        """Wait for a change or the next deadline, then act for a bot, a clock or the deal."""
        wake = self._wake[table_id]
        while not self._stopping:
            wake.clear()
            retry = None
            try:
                plan = await self._plan(table_id)
            except UnavailableError:  # logged where it failed; the next look may succeed
                plan, retry = None, RETRY
            except Exception:
                log.exception("the driver failed", extra={"table": table_id})
                plan, retry = None, RETRY
            delay = retry if plan is None else max(0.0, plan[0] - time.monotonic())
            try:
                async with asyncio.timeout(delay):
                    await wake.wait()
                continue
            except TimeoutError:
                pass
            if plan is None or plan[1] == "look":
                continue
            try:
                await self._automatic(table_id, plan[1], plan[2], plan[3])
            except (TableError, IllegalAction):
                pass
            except Exception:
                log.exception("an automatic move failed", extra={"table": table_id})
                await asyncio.sleep(1.0)

    async def _plan(self, table_id: str) -> tuple[float, str, int | None, int] | None:
        """The next automatic thing: (when, what, seat, at which version)."""
        table = self.tables.get(table_id)
        if table is None:
            if table_id not in self._lost:
                return None
            table = await self._table(table_id)  # the database may answer again
        clock = self._clocks[table_id]
        v = table.version
        plans: list[tuple[float, str, int | None, int]] = []
        try:
            present = await self.coord.present(table_id)
        except Exception:
            log.warning("presence could not be read", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis") from None
        self._observe(table, present)
        pause = self._pause_at(table, present)
        if pause <= time.monotonic():
            return None  # nobody is here: the table waits, at no cost, for someone to come
        local = {c.seat for c in self.conns.get(table_id, ()) if c.seat is not None}
        if self.coord.shared and present - local:
            # seats present through other processes only: look again before their
            # presence could have expired, in case one of those processes died
            plans.append((time.monotonic() + self.config.presence_ttl / 2, "look", None, v))
        owner = table.owner
        away = owner is not None and owner in clock.absent_since and table.state != OVER
        if away and present - {owner}:
            assert owner is not None
            plans.append((clock.absent_since[owner] + self.config.grace, "host", owner, v))
        if table.state != PLAYING or table.match is None:
            return self._first(plans, pause)
        game = table.match.game
        if game.over:
            plans.append((clock.changed + self.config.round_pause, "deal", None, v))
            return self._first(plans, pause)
        bots = [s.seat for s in table.seats if s.kind == "bot"]
        reaction = self._reaction(table)
        if clock.offered != v and any(s != game.to_play and game.legal_actions(s) for s in bots):
            plans.append(
                (clock.changed + max(self.config.bot_delay / 2, reaction), "offers", None, v)
            )
        seat = game.to_play
        if seat is not None:
            kind = table.seats[seat].kind
            if kind == "bot":
                wait = self.config.bot_delay
                if any(a.kind == "catch" for a in game.legal_actions(seat)):
                    wait = max(wait, reaction)  # a catch is a race, even on its turn
                plans.append((clock.changed + wait, "bot", seat, v))
            else:
                if seat not in present:
                    gone = clock.absent_since.get(seat, clock.turn_started)
                    at = max(gone + self.config.grace, clock.changed + self.config.bot_delay)
                    plans.append((at, "standin", seat, v))
                # the server's own turn clock, or Triple Play's timer mode (a rules switch),
                # whose clock stops while an overload is settled (`clock_running`)
                timer = table.settings.turn_timer or game.rules.timer
                if timer and getattr(game, "clock_running", True):
                    plans.append((clock.turn_started + timer, "clock", seat, v))
        return self._first(plans, pause)

    @staticmethod
    def _first(
        plans: list[tuple[float, str, int | None, int]], pause: float
    ) -> tuple[float, str, int | None, int] | None:
        """The earliest plan, unless the table pauses before it."""
        plan = min(plans, key=lambda p: p[0]) if plans else None
        return plan if plan is not None and plan[0] < pause else None

    def _pause_at(self, table: Table, present: set[int]) -> float:
        """When the table's automatic play stops: ``grace`` seconds after the last person
        left it (a seated player connected through any process, or anyone watching here);
        never while someone is there."""
        clock = self._clocks[table.id]
        if set(table.humans()) & present or self.conns.get(table.id):
            clock.nobody_since = None
            return float("inf")
        if clock.nobody_since is None:
            clock.nobody_since = time.monotonic()
        return clock.nobody_since + self.config.grace

    def _reaction(self, table: Table) -> float:
        """Seconds this table's bots wait before an out-of-turn reaction (a stored table's
        choice within today's caps)."""
        chosen = table.settings.reaction
        reaction = self.config.reaction if chosen is None else chosen
        return min(max(reaction, self.config.min_reaction), self.config.max_reaction)

    def _observe(self, table: Table, present: set[int]) -> None:
        """Bring this process's absence clocks in line with the shared presence: a seat is
        away from the first moment this process saw it away from every live process."""
        clock = self._clocks.get(table.id)
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

    async def _automatic(self, table_id: str, what: str, seat: int | None, version: int) -> None:
        async with self._locked(table_id) as table:
            if table.version != version:
                return
            if what == "host":
                present = await self.coord.present(table_id)
                self._observe(table, present)
                if seat in present:  # the host is back, through this process or another
                    return
                new = self._next_host(table, seat or 0, present - {seat})
                if new is None:
                    return
                table.owner = new
                self._commit(table, table_fields={"owner": new}, touch=False)
                log.info("host passed on", extra={"table": table_id, "seat": new})
            elif not await self._automatic_move(table, what, seat, version):
                return
        await self._changed(table)

    async def _automatic_move(
        self, table: Table, what: str, seat: int | None, version: int
    ) -> bool:
        """A move nobody sent: the next deal, a bot's, an away player's, the clock's."""
        if table.match is None:
            return False
        game = table.match.game
        if what == "deal":
            self._move(table, None, table.next_round_move(), touch=False)
            return True
        if what == "offers":
            self._clocks[table.id].offered = version
            for s in [s.seat for s in table.seats if s.kind == "bot"]:
                if s == game.to_play or not game.legal_actions(s):
                    continue
                choice = await self._bot_choice(table, s, optional=True)
                if choice is not None and table.version == version:
                    self._move(table, s, choice, touch=False)
                    return True
            return False
        assert seat is not None
        start = (table.match_no, len(table.match.rounds), len(game.log))
        if what == "clock":
            if not await self._clock_move(table, seat, version):
                return False
        else:
            choice = await self._bot_choice(table, seat, optional=False)
            if choice is None or table.version != version:
                return False
            self._move(table, seat, choice, touch=False)
        if what in ("clock", "standin") and table.seats[seat].kind == "human":
            table.mark_automatic(start, seat, "clock" if what == "clock" else "away")
        elif self.pool.hurried(table.id, seat):  # the log shows the bot played greedy's move
            table.mark_automatic(start, seat, "busy")
        log.info(f"{what} move", extra={"table": table.id, "seat": seat})
        return True

    async def _clock_move(self, table: Table, seat: int, version: int) -> bool:
        """The turn clock ran out on a person: the gentle move (`gentle_choice`: the sheet's
        penalty, or draw and pass), repeated while the turn stays theirs, never their cards."""
        assert table.match is not None
        moved = 0
        for _ in range(4):  # draw, keep: a turn ends within a few quiet moves
            game = table.match.game
            if game.over or game.to_play != seat or table.version != version + moved:
                break
            legal = game.legal_actions(seat)
            mode = bool(getattr(game, "clock_running", False))
            action = gentle_choice(legal, mode)
            if action is None:
                if moved:
                    break  # what is left is the player's to choose, on a fresh clock
                choice = await self._bot_choice(table, seat, optional=False)
                if choice is None or table.version != version:
                    return False
                self._move(table, seat, choice, touch=False)
                return True
            self._move(table, seat, str(action), touch=False)
            moved += 1
            if mode:
                break
        return moved > 0

    async def _bot_choice(self, table: Table, seat: int, optional: bool) -> str | None:
        row = table.seats[seat]
        spec = row.bot if row.kind == "bot" and row.bot else self._standin()
        key = (table.id, seat, spec)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self._new_bot(spec, seed=secrets.randbits(63))
        assert table.match is not None
        decision = decide(table.match.game.clone(), seat, optional)
        # rationed by the creator's site: one site's many prefixes share one ration
        client = (table.creator or table.id)[:SITE_KEY]
        choice, bot = await self.pool.choose(table.id, bot, decision, client)
        if key in self._bots:  # the table may have been forgotten meanwhile
            self._bots[key] = bot
        return None if choice is None else str(choice)

    # -- expiry -----------------------------------------------------------------------------
    async def _sweep(self) -> None:
        """Delete tables nobody has changed for ``idle_expiry`` seconds and nobody watches."""
        while True:
            await asyncio.sleep(min(60.0, self.config.idle_expiry / 4))
            try:
                await self.expire_idle_async()
            except Exception:
                log.exception("the idle sweep failed")

    async def expire_idle_async(self, now: float | None = None) -> list[str]:
        """``expire_idle`` with the database's work in a thread: the loop never waits."""
        now = time.time() if now is None else now
        gone = await asyncio.to_thread(self._expired, now)
        if self.own is not None:  # another process's tables are its own to expire
            gone = [t for t in gone if t in self.tables or not await self.own.held_elsewhere(t)]
        await asyncio.to_thread(self._delete_tables, gone)
        for table_id in gone:
            self._forget(table_id)
            log.info("idle table expired", extra={"table": table_id})
        return gone

    def _expired(self, now: float) -> list[str]:
        """Tables nobody watches that nobody changed for ``idle_expiry`` seconds, or, not
        started yet, for ``lobby_expiry`` seconds: their creator left, and the room they
        hold under ``max_tables`` goes to newcomers."""
        idle = set(self.store.idle_tables(now - self.config.idle_expiry))
        for table_id in self.store.idle_tables(now - self.config.lobby_expiry):
            table = self.tables.get(table_id)
            if table is not None and table.state == LOBBY:
                idle.add(table_id)
        return sorted(t for t in idle if not self.conns.get(t))

    def _delete_tables(self, table_ids: list[str]) -> None:
        for table_id in table_ids:
            self.store.delete_table(table_id)

    def expire_idle(self, now: float | None = None) -> list[str]:
        """Delete tables nobody changed for ``idle_expiry`` seconds and nobody watches."""
        now = time.time() if now is None else now
        gone = self._expired(now)
        self._delete_tables(gone)
        for table_id in gone:
            self._forget(table_id)
            log.info("idle table expired", extra={"table": table_id})
        return gone

    def _forget(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self._clocks.pop(table_id, None)
        self._present.pop(table_id, None)
        self._shared.pop(table_id, None)
        due = self._presence_due.pop(table_id, None)
        if due is not None:
            due.cancel()
        self._lost.discard(table_id)
        self._writes.pop(table_id, None)
        self._held_back.pop(table_id, None)
        self._wake.pop(table_id, None)
        task = self._drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
        self.coord.forget(table_id)
        for key in [k for k in self._bots if k[0] == table_id]:
            self._close_bot(self._bots.pop(key))

    @staticmethod
    def _close_bot(bot: Bot) -> None:
        """External bots are programs: ask them to quit."""
        close = getattr(bot, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()

    # -- records ----------------------------------------------------------------------------
    def record(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The full match record once it is over; before that, only one's own seat's."""
        table = self.table(table_id)
        if table.match is None:
            raise TableError("the game has not started")
        if table.match.over:
            return table.match.record()
        seat = table.seat_for_token(token)
        if seat is None:
            raise TableError("while the match runs, a record is for a seated player only")
        return table.match.record(seat)
