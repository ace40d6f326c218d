"""What a seated player's frame does at a table.

A move, a chat line, the next deal, a rematch, leaving the seat, the host's requests (start,
bots, kicks) and a seat taken back from its stand-in bot.

Every frame is checked against the seat its connection holds, then applied as one change
(``changes``): committed before it is acknowledged, and only then sent to the table.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from unokit.errors import IllegalAction
from unokit.server.connections import Connection
from unokit.server.db import StoredSeat
from unokit.server.frames import dumps
from unokit.server.guards import Buckets
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
from unokit.server.refusals import (
    ActionRefusedError,
    SlowDownError,
    TableError,
)
from unokit.server.table import (
    LOBBY,
    NEXT_ROUND,
    OVER,
    PLAYING,
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["PlayerFrames"]

log = logging.getLogger("unokit.server")


class PlayerFrames:
    """Applies the frames of seated players."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        config = hub.config
        self.chat_by_address = Buckets(config.chat_per_minute / 60.0, config.chat_burst)
        self.chat_by_table = Buckets(config.table_chat_per_minute / 60.0, config.table_chat_burst)

    async def handle(self, conn: Connection, frame: ClientFrame) -> None:
        """Do what a validated frame asks; a refusal raises ``TableError``."""
        kind = frame.type
        if kind == "ping":
            conn.queue.put_nowait(json.dumps({"type": "pong", "id": frame.id}))
            return
        if isinstance(frame, Reclaim):
            await self.reclaim(conn, frame)
            return
        if conn.seat is None:
            raise TableError("spectators can watch, not act: join the table to play")
        seat = conn.seat
        if isinstance(frame, Chat):
            self.allow_chat(conn)
        async with self.hub.changes.locked(conn.table_id) as table:
            row = table.seats[seat]
            if row.kind != "human" or row.token_hash != conn.token_hash:
                raise TableError("you no longer hold this seat")
            if isinstance(frame, Act):
                self.act(table, seat, frame.action)
            elif isinstance(frame, Chat):
                self.chat(table, seat, frame.text)
            elif kind == "next_round":
                self.next_round(table)
            elif kind == "rematch":
                self.rematch(table)
            elif kind == "leave":
                self.leave(table, seat)
                await self.hub.changes.stored(table)
                conn.seat = None
                await self.hub.coord.presence(table.id, seat, -1)
            else:
                present = await self.hub.coord.present(table.id)
                self.hub.presence.observe(table, present)
                self.host_frame(table, seat, frame, present)
            await self.hub.changes.stored(table)  # committed before it is acknowledged
            conn.queue.put_nowait(dumps({"type": "ack", "id": frame.id, "version": table.version}))
        if isinstance(frame, Chat):
            await self.hub.changes.chatted(table)
        else:
            await self.hub.changes.changed(table)

    async def reclaim(self, conn: Connection, frame: Reclaim) -> None:
        """A player whose seat went to a stand-in bot takes it back with the same token."""
        seat = conn.former
        if seat is None:
            raise TableError("no seat of yours is played by a bot here")
        async with self.hub.changes.locked(conn.table_id) as table:
            row = table.seats[seat]
            if row.kind != "bot" or row.token_hash is None or row.name is None:
                conn.former = None
                raise TableError("that seat is no longer yours to take back")
            mine = StoredSeat(seat, "human", row.name, None, row.token_hash, row.address)
            table.seats[seat] = mine
            self.hub.changes.commit(table, seat_rows=[mine])
            await self.hub.changes.stored(table)
            conn.seat, conn.token_hash, conn.former = seat, mine.token_hash, None
            await self.hub.coord.presence(table.id, seat, +1)
            self.hub.autoplay.clocks[table.id].absent_since.pop(seat, None)
            conn.queue.put_nowait(dumps({"type": "ack", "id": frame.id, "version": table.version}))
            log.info("seat taken back", extra={"table": table.id, "seat": seat})
        await self.hub.changes.changed(table)

    def act(self, table: Table, seat: int, text: str) -> None:
        if table.match is None or table.state != PLAYING:
            raise TableError("the game has not started")
        game = table.match.game
        if game.over:
            raise TableError("the round is over")
        if text.split(" ", 1)[0] == NEXT_ROUND:  # the server's own move, with its seed
            raise TableError("a player deals the next round with a next_round frame")
        try:
            self.hub.changes.move(table, seat, text)
        except IllegalAction as err:
            raise ActionRefusedError(str(err)) from None
        log.info("action", extra={"table": table.id, "seat": seat, "action": text})

    def allow_chat(self, conn: Connection) -> None:
        """Chat within its limits: each line is stored and sent to every connection at the
        table, so one address (however many sockets and seats) and one table are rationed."""
        now = time.monotonic()
        by_address, by_table = self.chat_by_address, self.chat_by_table
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

    def chat(self, table: Table, seat: int, text: str) -> None:
        name = table.names()[seat]
        at = time.time()
        line: dict[str, Any] = {"id": None, "seat": seat, "name": name, "text": text, "at": at}
        self.hub.changes.commit(table, message=(seat, name, text), line=line)
        table.chat.append(line)  # sent once its id is known, after the commit
        del table.chat[:-100]

    def next_round(self, table: Table) -> None:
        match = table.match
        if match is None or table.state != PLAYING or not match.game.over:
            raise TableError("the round is still being played")
        self.hub.changes.move(table, None, table.next_round_move())

    def rematch(self, table: Table) -> None:
        if table.state != OVER:
            raise TableError("the match is still being played")
        table.match_no += 1
        if not table.fixed_seed:
            table.seed = secrets.randbits(63)  # nothing of the last match tells this one
        table.state = PLAYING
        table.seq = 0
        table.match = table.new_match()
        fields = {"state": PLAYING, "match_no": table.match_no, "seed": table.seed}
        self.hub.changes.commit(table, table_fields=fields)

    def leave(self, table: Table, seat: int) -> None:
        """Before the start the seat opens again; after it, a bot plays it."""
        if table.state == LOBBY:
            row = StoredSeat(seat, "open", None, None, None)
        else:
            row = StoredSeat(seat, "bot", None, self.hub.autoplay.standin(), None)
            match = table.match
            if match is not None:  # the log so far keeps the leaver's name
                where = (table.match_no, len(match.rounds), len(match.game.log))
                table.former.append((*where, seat, table.names()[seat]))
        table.seats[seat] = row
        fields: dict[str, Any] = {}
        if table.owner == seat:
            table.owner = self.next_host(table, seat, set(table.humans()))
            fields["owner"] = table.owner
        self.hub.changes.commit(table, seat_rows=[row], table_fields=fields)
        log.info("seat left", extra={"table": table.id, "seat": seat})

    def next_host(self, table: Table, after: int, candidates: set[int]) -> int | None:
        n = len(table.seats)
        for i in range(1, n + 1):
            seat = (after + i) % n
            if seat in candidates and table.seats[seat].kind == "human":
                return seat
        return None

    def host_frame(self, table: Table, seat: int, frame: ClientFrame, present: set[int]) -> None:
        if table.owner != seat:
            raise TableError("only the table's host can do that")
        if isinstance(frame, Start):
            if table.state != LOBBY:
                raise TableError("the game has already started")
            rows = [
                StoredSeat(s.seat, "bot", None, self.hub.autoplay.standin(), None)
                for s in table.seats
                if s.kind == "open"
            ]
            for row in rows:
                table.seats[row.seat] = row
            table.state = PLAYING
            table.seq = 0
            table.match = table.new_match()
            self.hub.changes.commit(table, seat_rows=rows, table_fields={"state": PLAYING})
            log.info("match started", extra={"table": table.id})
        elif isinstance(frame, AddBot):
            if table.state != LOBBY:
                raise TableError("bots join before the start (the host can kick an absent seat)")
            spec = self.hub.desk.check_bot(frame.bot)
            free = table.open_seats()
            target = frame.seat if frame.seat is not None else (free[0] if free else None)
            if target is None or target not in free:
                raise TableError("there is no free seat for a bot")
            row = StoredSeat(target, "bot", None, spec, None)
            table.seats[target] = row
            self.hub.changes.commit(table, seat_rows=[row])
        elif isinstance(frame, RemoveBot):
            target = frame.seat
            if table.state != LOBBY:
                raise TableError("bots leave before the start only")
            if not 0 <= target < len(table.seats) or table.seats[target].kind != "bot":
                raise TableError(f"seat {target} is not a bot")
            row = StoredSeat(target, "open", None, None, None)
            table.seats[target] = row
            self.hub.changes.commit(table, seat_rows=[row])
        elif isinstance(frame, Kick):
            target = frame.seat
            spec = self.hub.desk.check_bot(frame.bot)
            if not 0 <= target < len(table.seats) or table.seats[target].kind != "human":
                raise TableError(f"seat {target} is not a player's seat")
            if target == seat:
                raise TableError("leave the table instead of kicking yourself")
            if table.state == LOBBY:  # before the start the host frees any seat
                row = StoredSeat(target, "open", None, None, None)
                table.seats[target] = row
                self.hub.changes.commit(table, seat_rows=[row])
                log.info("seat freed by the host", extra={"table": table.id, "seat": target})
                return
            if target in present:  # the shared fact: connected to any live process
                raise TableError("only an absent player's seat can be given to a bot")
            # the player's name and token stay with the seat: back, they may take it back
            was = table.seats[target]
            row = StoredSeat(target, "bot", was.name, spec, was.token_hash, was.address)
            table.seats[target] = row
            self.hub.changes.commit(table, seat_rows=[row])
            log.info("seat kicked to a bot", extra={"table": table.id, "seat": target})
