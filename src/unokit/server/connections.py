"""The open WebSockets of each table, and the frames each one is sent.

A connection is bound to the seat its token held when it opened; once the seat changes
hands it is closed (``evict``). A change makes every connection owe a state frame
(``broadcast``), built only when its socket is ready for it (``Outbox``): the view of its own
seat, the events it has not had, and the table's public part when that changed
(``state_text``); chat goes in frames of its own (``chat_text``).

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from unokit.server.frames import dumps
from unokit.server.odds import wild_draw_four_odds
from unokit.server.outbox import CLOSE_SEAT_CHANGED, Outbox
from unokit.server.refusals import (
    LimitError,
    TableError,
    UnavailableError,
)
from unokit.server.table import (
    Table,
)
from unokit.server.watchers import watching
from unokit.words import describe, left_unfinished

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["CHAT_RECENT", "Connection", "Connections"]

log = logging.getLogger("unokit.server")


CHAT_RECENT = 30
"""Chat lines a connection gets on connecting (then only the new ones)."""


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


class Connections:
    """Opens and closes connections and builds the frames they are sent."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.shared: dict[str, tuple[tuple[int, int, frozenset[int], int], str]] = {}
        """Each table's public part of a state frame, with the version and presence it shows."""
        self.tasks: set[asyncio.Task[None]] = set()
        """Small tasks started from callbacks (a presence count to let go, a notice to send)."""

    async def connect(self, table_id: str, token: str | None, address: str = "") -> Connection:
        """A new connection to ``table_id`` from client ``address``, seated if ``token``
        holds a seat there (``TableError`` if it holds none, ``LimitError`` past a limit)."""
        table = await self.hub.loader.get(table_id)
        if self.hub.coord.shared:  # a seat taken through another process a moment ago
            async with self.hub.coord.local_lock(table_id):
                table = await self.hub.sharing.catch_up(table)
        await self.evict_stale(table)
        seat = table.seat_for_token(token)
        former = None if seat is not None else table.seat_for_token(token, kind="bot")
        if token and seat is None and former is None:
            raise TableError("this seat token is not valid at this table")
        if seat is not None:
            copies = sum(1 for c in self.hub.conns.get(table_id, ()) if c.seat == seat)
            if copies >= self.hub.config.ws_per_seat:
                raise LimitError(
                    f"this seat has {copies} connections open already: close one first"
                )
        conn = Connection(table_id, seat, None if seat is None else table.seats[seat].token_hash)
        conn.address = address
        conn.former = former
        conn.queue.build = lambda: self.state_text(conn)
        conn.queue.build_chat = lambda: self.chat_text(conn)
        self.hub.conns.setdefault(table_id, set()).add(conn)
        try:
            if seat is not None:
                await self.hub.coord.presence(table_id, seat, +1)
            self.hub.presence.present[table_id] = await self.hub.coord.present(table_id)
        except BaseException as err:  # Redis failed us: the connection never was, nor its count
            self.hub.conns.get(table_id, set()).discard(conn)
            if conn.seat is not None:  # not evicted meanwhile (which uncounted it)
                counted, conn.seat = conn.seat, None
                with contextlib.suppress(Exception):  # a count left over is written later
                    await self.hub.coord.presence(table_id, counted, -1)
            if isinstance(err, Exception):
                log.warning("presence could not be counted", extra={"table": table_id})
                raise UnavailableError(
                    "the server cannot reach Redis: try again in a moment"
                ) from err
            raise
        hello: dict[str, Any] = {"type": "hello", "table": table_id, "seat": seat}
        if former is not None:
            hello["reclaim"] = former  # your seat, now a stand-in bot's: you may take it back
        conn.queue.put_nowait(json.dumps(hello))
        conn.queue.owe_state()
        conn.queue.owe_chat()  # the recent lines, once
        if seat is not None:
            self.hub.autoplay.clocks[table_id].absent_since.pop(seat, None)
            self.hub.presence.changed(table_id)
        self.hub.autoplay.wake_driver(table_id)  # someone is here: a paused table plays on
        return conn

    async def disconnect(self, conn: Connection) -> None:
        self.hub.conns.get(conn.table_id, set()).discard(conn)
        if conn.seat is not None:
            await self.hub.coord.presence(conn.table_id, conn.seat, -1)
            present = await self.hub.coord.present(conn.table_id)
            clock = self.hub.autoplay.clocks.get(conn.table_id)
            if clock is not None and conn.seat not in present:
                clock.absent_since[conn.seat] = time.monotonic()
            if conn.table_id in self.hub.tables:
                self.hub.presence.changed(conn.table_id)
                self.hub.autoplay.wake_driver(conn.table_id)

    @staticmethod
    def holds(table: Table, conn: Connection) -> bool:
        """Does the connection's token still hold the seat it was opened for?"""
        seat = conn.seat
        if seat is None:
            return True
        if not 0 <= seat < len(table.seats):
            return False
        row = table.seats[seat]
        return row.kind == "human" and row.token_hash == conn.token_hash

    def evict(self, table: Table, conn: Connection) -> int | None:
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
        self.hub.conns.get(table.id, set()).discard(conn)
        conn.seat = None
        conn.queue.close(CLOSE_SEAT_CHANGED, why)
        log.info("stale connection closed", extra={"table": table.id, "seat": seat})
        return seat

    async def evict_stale(self, table: Table) -> None:
        """Close every connection bound to a seat's former occupant, here and now: it sees
        nothing more, and counts neither as presence nor against the seat's connections."""
        stale = [c for c in self.hub.conns.get(table.id, ()) if not self.holds(table, c)]
        for conn in stale:
            seat = self.evict(table, conn)
            if seat is not None:
                await self.hub.coord.presence(table.id, seat, -1)

    async def broadcast(self, table: Table, skip: Connection | None = None) -> None:
        """Close the connections whose seat changed hands; every other one owes a state
        frame, built when its socket is ready for it (``Outbox``)."""
        await self.evict_stale(table)
        conns = [c for c in self.hub.conns.get(table.id, ()) if c is not skip]
        if not conns:
            return
        self.hub.presence.present[table.id] = await self.hub.presence.now(table.id)
        for conn in conns:
            conn.queue.owe_state()
            conn.queue.owe_chat()  # lines another process took (nothing when none is new)

    def shared_part(self, table: Table) -> str:
        """The part of a state frame that is the same for every connection (JSON text),
        built once for each version of the table and its presence."""
        present = self.hub.presence.present.get(table.id, set())
        watchers = watching(self.hub.conns.get(table.id, ()))
        key = (id(table), table.version, frozenset(present), watchers)
        cached = self.shared.get(table.id)
        if cached is not None and cached[0] == key:
            return cached[1]
        public = table.public(present)
        public["watchers"] = watchers
        del public["version"]  # in the frame itself: the public part changes less often
        text = dumps({"table": public})[1:-1]
        if cached is not None and cached[1] == text:
            text = cached[1]  # the same object: comparing it with a connection's is free
        self.shared[table.id] = (key, text)
        return text

    def state_text(self, conn: Connection) -> str | None:
        """The state frame for one connection, now: the view of the seat its token holds and
        the events it has not had. ``None`` (and the connection closed) when the token no
        longer holds that seat."""
        table = self.hub.tables.get(conn.table_id)
        if table is None:
            return None
        if table.id in self.hub.changes.writes:  # not committed yet: sent once it is
            self.hub.changes.held_back.setdefault(table.id, set()).add(conn)
            return None
        if not self.holds(table, conn):
            seat = self.evict(table, conn)
            if seat is not None:
                task = asyncio.create_task(self.hub.coord.presence(table.id, seat, -1))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
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
                item: dict[str, Any] = {
                    "text": describe(e, then, game=game.rules.game),
                    "event": e.to_json(),
                }
                if then != names:  # a seat its player left since: the line names that player
                    item["was"] = {s: n for s, n in enumerate(then) if n != names[s]}
                auto = table.automatic_at(key, i)
                if auto is not None:  # the server's move for a person: the log says so
                    item["auto"] = {"seat": auto[0], "why": auto[1]}
                events.append(item)
            frame["events"] = events
            frame["events_from"] = since
            conn.sent = (table.match_no, round_no, len(game.log))
            frame["clock"] = self.hub.autoplay.deadlines(table)
        shared = self.shared_part(table)
        if shared == conn.table_sent:
            return dumps(frame)
        conn.table_sent = shared
        return dumps(frame)[:-1] + "," + shared + "}"

    def chat_text(self, conn: Connection) -> str | None:
        """The chat frame for one connection: the lines after the last one it was sent (on
        connecting, the last 30). ``None``: none is new."""
        table = self.hub.tables.get(conn.table_id)
        if table is None or not self.holds(table, conn):
            return None
        lines = [m for m in table.chat[-CHAT_RECENT:] if (m.get("id") or 0) > conn.chat_seen]
        if not lines:
            return None
        conn.chat_seen = int(lines[-1].get("id") or 0)
        return dumps({"type": "chat", "lines": lines})
