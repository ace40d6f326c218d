"""The path of every change: the table's lock, the change in memory, its commit, then the telling.

A change takes the table's lock (caught up with the database when processes share tables),
is made in memory through the engine and queued (``commit``, ``move``), and is committed,
off the event loop, before the lock is let go (``stored``); only then is it acknowledged and
are the connections told (``changed``). A change the database did not confirm leaves the
table's copy here untrusted: it is dropped (``lose``), no connection sees it, the player is
told to try again, and the table is loaded again once the database answers.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import sqlalchemy

from unokit.server.connections import Connection
from unokit.server.db import FencedError, StoredSeat
from unokit.server.refusals import (
    FENCED,
    MovedError,
    TableError,
    UnavailableError,
)
from unokit.server.storage import StorageError, Write
from unokit.server.table import (
    CUT_ROUND,
    NEXT_ROUND,
    PLAYING,
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["Changes"]

log = logging.getLogger("unokit.server")


class Changes:
    """The changes of this process's tables, from the lock to the commit."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.writes: dict[str, list[Write]] = {}
        """Each table's changes made in memory and not yet committed: while a table has
        some, no frame is built from it (its connections are told after the commit)."""
        self.held_back: dict[str, set[Connection]] = {}
        """Connections whose state frame was held back while their table's writes ran."""
        self.lost: set[str] = set()
        """Tables whose copy here was dropped after a change the database did not confirm:
        loaded again, and their connections told, once the database answers."""

    def epoch(self, table_id: str) -> int | None:
        """The epoch this process's writes to the table carry (``None``: no ownership; -1,
        which no table has, for a table this process no longer owns)."""
        if self.hub.own is None:
            return None
        epoch = self.hub.own.epoch(table_id)
        return -1 if epoch is None else epoch

    @contextlib.asynccontextmanager
    async def locked(self, table_id: str) -> AsyncIterator[Table]:
        """The table under its lock, caught up with the database if processes share it;
        the changes made under it are committed before the lock is let go."""
        lock = self.hub.coord.lock(table_id)
        try:
            await lock.__aenter__()
        except Exception:
            log.warning("the table's lock could not be taken", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis: try again in a moment") from None
        try:
            table = await self.hub.loader.get(table_id)
            if self.hub.coord.shared:
                table = await self.hub.sharing.catch_up(table)
            yield table
            await self.stored(table)
        except BaseException:
            if self.writes.pop(table_id, None):  # changed here, never written: untrusted
                self.lose(table_id)
            raise
        finally:
            try:
                await lock.__aexit__(None, None, None)
            except Exception:  # Redis lost it meanwhile: it lapses by itself
                log.warning("the table's lock could not be let go", extra={"table": table_id})

    def commit(
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
        go (``stored``); the version moves on with it. ``touch``: a person's doing, which
        keeps the table from expiring. ``line``: the chat line of ``message``, whose id the
        commit fills in."""
        version = table.version + 1
        epoch = self.epoch(table.id)

        def write(conn: sqlalchemy.Connection) -> None:
            line_id = self.hub.store.change(
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

        self.writes.setdefault(table.id, []).append(write)
        table.version = version

    def move(self, table: Table, seat: int | None, text: str, touch: bool = True) -> None:
        """Apply a move through the engine and queue its write (``commit``).
        ``touch``: a person's move (the server's own moves leave the idle clock alone)."""
        if table.state != PLAYING or table.match is None:
            raise TableError("the game is not being played")
        table.apply_move(seat, text)  # IllegalAction: nothing changed
        move = (table.match_no, table.seq - 1, seat, text)
        version = table.version + 1
        state = table.state
        epoch = self.epoch(table.id)

        def write(conn: sqlalchemy.Connection) -> None:
            self.hub.store.add_move(table.id, version, state, move, touch, conn=conn, epoch=epoch)

        self.writes.setdefault(table.id, []).append(write)
        table.version = version
        game = table.match.game
        dealt = text.startswith((NEXT_ROUND, CUT_ROUND))
        if game.over and game.winner is None and not dealt:
            # the rules ended a round nobody could finish (docs/rules.md, "Every round ends")
            rounds = len(table.match.rounds)
            log.info("round blocked", extra={"table": table.id, "round": rounds})
        elif not dealt and not game.over and game.action_count >= self.hub.config.round_actions:
            # the server's bound on a round, not a rule: the round is left unfinished
            rounds = len(table.match.rounds)
            self.move(table, None, table.cut_round_move(), touch=False)
            log.info("round unfinished", extra={"table": table.id, "round": rounds})

    async def stored(self, table: Table) -> None:
        """Commit the table's queued changes, off the loop, in the writer's next commit
        (shared with other tables' changes: ``Storage.write``). If the database
        does not confirm them, the copy here is dropped (``lose``) and the player is told
        to try again: the game stays as the database has it."""
        writes = self.writes.get(table.id)
        if not writes:
            return
        try:
            await self.hub.db.write(list(writes))
        except StorageError as err:
            if isinstance(err.__cause__, FencedError):  # another process owns it now
                self.writes.pop(table.id, None)
                await self.hub.loader.surrender([table.id], FENCED)
                raise MovedError("", FENCED) from None
            log.warning(
                "a change could not be stored", extra={"table": table.id, "error": str(err)}
            )
            self.lose(table.id)
            raise UnavailableError(
                "the server could not store that: try again in a moment"
            ) from None
        except BaseException:
            self.lose(table.id)
            raise
        self.writes.pop(table.id, None)
        for conn in self.held_back.pop(table.id, ()):
            conn.queue.owe_state()

    def lose(self, table_id: str) -> None:
        """Drop the table's copy here: it holds changes the database may not have. It is
        loaded again (``Loader.get``) by its next request or its driver, once the database
        answers; until then its connections keep the last state they were sent."""
        self.writes.pop(table_id, None)
        self.held_back.pop(table_id, None)
        if self.hub.tables.pop(table_id, None) is not None:
            self.lost.add(table_id)
            self.hub.connections.shared.pop(table_id, None)
            self.hub.autoplay.wake_driver(table_id)

    async def changed(self, table: Table) -> None:
        self.hub.autoplay.touch_clock(table)
        await self.hub.connections.broadcast(table)
        await self.hub.sharing.publish(table.id)
        self.hub.autoplay.wake_driver(table.id)

    async def chatted(self, table: Table) -> None:
        """A chat line: every connection owes a chat frame with the new lines only; no state
        frame is built for it (the table's view did not change)."""
        self.hub.autoplay.touch_clock(table)
        for conn in self.hub.conns.get(table.id, ()):
            conn.queue.owe_chat()
        await self.hub.sharing.publish(table.id)
