"""Tables before and after their game: creating, joining, listing, and expiry.

Every table and seat is counted against the operator's limits, by the hash of the client's
address and its IPv6 site (``address_key``). Tables nobody watches and nobody changed for
``idle_expiry`` seconds (``lobby_expiry`` before the start) are deleted by a sweep.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import logging
import secrets
import time
from typing import TYPE_CHECKING

from unokit.server.botmenu import BotRefusedError
from unokit.server.db import StoredSeat, StoredTable
from unokit.server.guards import Buckets
from unokit.server.names import same_name
from unokit.server.refusals import (
    BadRequestError,
    LimitError,
    TableError,
)
from unokit.server.table import (
    LOBBY,
    Table,
    TableSettings,
    hash_token,
    new_token,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["SITE_KEY", "Lobby", "address_key"]

log = logging.getLogger("unokit.server")


def address_key(address: str, site: str = "") -> str:
    """What the database keeps of a client's address: a hash, enough to count by; its first
    ``SITE_KEY`` characters are the hash of its IPv6 site (``Addresses.network``), so the
    tables of one site are counted by them."""

    def digest(text: str) -> str:
        return hashlib.sha256(f"unokit-address:{text}".encode()).hexdigest()

    return digest(site or address)[:SITE_KEY] + digest(address)[: 32 - SITE_KEY]


SITE_KEY = 12
"""Characters of an ``address_key`` that name the site."""


class Lobby:
    """Creates tables, seats players, lists open tables and expires idle ones."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        config = hub.config
        self.seats_taken = Buckets(config.seats_per_minute / 60.0, config.seats_burst)
        self.sweeper: asyncio.Task[None] | None = None

    async def listing(self, limit: int) -> list[Table]:
        """The newest tables not started yet with a seat open, at most ``limit``: with
        ownership, every process's (from the database), else this process's own."""
        if self.hub.own is None:
            waiting = [t for t in list(self.hub.tables.values()) if t.state == LOBBY]
        else:
            rows = await self.hub.loader.read(self.hub.store.lobby, 4 * limit)
            waiting = [
                self.hub.tables.get(row.id) or Table.load(row, seat_rows, [], [])
                for row, seat_rows in rows
            ]
        open_ = [t for t in waiting if t.state == LOBBY and t.open_seats()]
        return heapq.nlargest(limit, open_, key=lambda t: t.created)

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
        if seed is not None and not self.hub.config.fixed_seeds:
            raise BadRequestError("this server deals every table at random: no fixed seeds")
        if len(bots) > settings.seats - 1:
            raise TableError(f"at most {settings.seats - 1} bots fit at {settings.seats} seats")
        low, high = self.hub.config.min_reaction, self.hub.config.max_reaction
        if settings.reaction is not None and not low <= settings.reaction <= high:
            raise BadRequestError(
                f"the bots' reaction time is {low:g} to {high:g} s on this server, "
                f"not {settings.reaction:g}"
            )
        bots = [self.check_bot(spec) for spec in bots]
        network = self.hub.addresses.network(address)
        who = address_key(address, network)
        if await self.hub.loader.read(self.hub.store.count_tables) >= self.hub.config.max_tables:
            raise LimitError("this server holds all the tables it can: try again later")
        if (
            await self.hub.loader.read(self.hub.store.count_tables, who)
            >= self.hub.config.tables_per_address
        ):
            raise LimitError(
                f"at most {self.hub.config.tables_per_address} tables from one address at once: "
                "play at one of yours, or wait for an old one to expire"
            )
        if network != address and self.site_tables(who) >= self.hub.config.tables_per_network:
            raise LimitError(
                f"at most {self.hub.config.tables_per_network} tables from one network at once: "
                "play at one of yours, or wait for an old one to expire"
            )
        await self.check_seats(who)
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
        await self.hub.loader.read(self.hub.store.create_table, row, seat_rows)
        if self.hub.own is not None:  # the creator's process owns the new table
            async with self.hub.own.claiming(row.id):
                await self.hub.loader.take(row.id)
        table = self.hub.loader.install(row.id, (row, seat_rows, [], []))
        assert table is not None
        log.info("table created", extra={"table": row.id, "rules": rules.name})
        return table, token

    def site_tables(self, who: str) -> int:
        """Tables (of this process) created from the site of the address ``who``."""
        site = who[:SITE_KEY]
        return sum(
            1 for t in list(self.hub.tables.values()) if (t.creator or "")[:SITE_KEY] == site
        )

    async def check_seats(self, who: str) -> None:
        """A seat for the address ``who`` (hashed): within its seats held and its pace of
        taking seats (each seat taken costs a write, a state frame to the table, sockets;
        taking and leaving seats in a loop is a flood of its own)."""
        if (
            await self.hub.loader.read(self.hub.store.count_lobby_seats, who)
            >= self.hub.config.seats_per_address
        ):
            raise LimitError(
                f"at most {self.hub.config.seats_per_address} seats from one address at tables "
                "that have not started"
            )
        if not self.seats_taken.allow(who, self.hub.clock()):
            raise LimitError("too many seats taken from one address: wait a moment")

    async def join(
        self, table_id: str, name: str, seat: int | None, address: str = ""
    ) -> tuple[int, str]:
        """Take an open seat (the first one unless ``seat`` is given); returns its token."""
        who = address_key(address, self.hub.addresses.network(address))
        async with self.hub.changes.locked(table_id) as table:
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
            await self.check_seats(who)
            token = new_token()
            row = StoredSeat(seat, "human", name, None, hash_token(token), who)
            self.hub.changes.commit(table, seat_rows=[row])
            table.seats[seat] = row
            self.hub.autoplay.clocks[table.id].absent_since[seat] = time.monotonic()
            log.info("seat taken", extra={"table": table.id, "seat": seat})
        await self.hub.changes.changed(table)
        return seat, token

    def check_bot(self, spec: str) -> str:
        """The spec as it will be played, if this server offers it (``botmenu``)."""
        try:
            return self.hub.menu.check(spec)
        except BotRefusedError as err:
            raise BadRequestError(str(err)) from None

    async def sweep(self) -> None:
        """Delete tables nobody has changed for ``idle_expiry`` seconds and nobody watches."""
        while True:
            await asyncio.sleep(min(60.0, self.hub.config.idle_expiry / 4))
            try:
                await self.expire_idle_async()
            except Exception:
                log.exception("the idle sweep failed")

    async def expire_idle_async(self, now: float | None = None) -> list[str]:
        """``expire_idle`` with the database's work in a thread: the loop never waits."""
        now = time.time() if now is None else now
        gone = await asyncio.to_thread(self.expired, now)
        if self.hub.own is not None:  # another process's tables are its own to expire
            gone = [
                t for t in gone if t in self.hub.tables or not await self.hub.own.held_elsewhere(t)
            ]
        await asyncio.to_thread(self.delete_tables, gone)
        for table_id in gone:
            self.hub.forget(table_id)
            log.info("idle table expired", extra={"table": table_id})
        return gone

    def expired(self, now: float) -> list[str]:
        """Tables nobody watches that nobody changed for ``idle_expiry`` seconds, or, not
        started yet, for ``lobby_expiry`` seconds: their creator left, and the room they
        hold under ``max_tables`` goes to newcomers."""
        idle = set(self.hub.store.idle_tables(now - self.hub.config.idle_expiry))
        for table_id in self.hub.store.idle_tables(now - self.hub.config.lobby_expiry):
            table = self.hub.tables.get(table_id)
            if table is not None and table.state == LOBBY:
                idle.add(table_id)
        return sorted(t for t in idle if not self.hub.conns.get(t))

    def delete_tables(self, table_ids: list[str]) -> None:
        for table_id in table_ids:
            self.hub.store.delete_table(table_id)

    def expire_idle(self, now: float | None = None) -> list[str]:
        """Delete tables nobody changed for ``idle_expiry`` seconds and nobody watches."""
        now = time.time() if now is None else now
        gone = self.expired(now)
        self.delete_tables(gone)
        for table_id in gone:
            self.hub.forget(table_id)
            log.info("idle table expired", extra={"table": table_id})
        return gone
