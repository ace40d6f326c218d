"""The automatic players of each table: bots, absent players' turns, the turn clock, the next deal.

A driver task per table waits for a change or the next deadline (``plan``), then makes the
move nobody sent (``automatic``) as one change. The clocks of a table (``Clock``) say when
it last changed, whose turn began when, and who is away since when; a table nobody is at
pauses after ``grace`` seconds, at no cost, until someone comes.

The hub's collaborators are plain objects, each holding the ``Hub`` that made it and
reaching the others through it (``self.hub.changes``, ``self.hub.autoplay``): a table's
state is shared by all of them, and a newcomer finds a job by its module's name rather than
by reading one class of every job.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from unokit.bots import Bot, decide, make_bot
from unokit.errors import IllegalAction
from unokit.server.gentle import gentle_choice
from unokit.server.lobby import SITE_KEY
from unokit.server.refusals import (
    TableError,
    UnavailableError,
)
from unokit.server.table import (
    OVER,
    PLAYING,
    Table,
)

if TYPE_CHECKING:
    from unokit.server.hub import Hub

__all__ = ["RETRY", "Autoplay", "Clock"]

log = logging.getLogger("unokit.server")


RETRY = 1.0
"""Seconds a table's driver waits before it tries again after the database or Redis failed
it (it never waits on nothing: a failed look would otherwise stop the table for good)."""


@dataclass
class Clock:
    """When things last happened at a table (monotonic seconds)."""

    changed: float = 0.0
    turn: tuple[int, int | None] = (0, None)
    turn_started: float = 0.0
    absent_since: dict[int, float] = field(default_factory=dict)
    offered: int = -1
    """The version at which the bots were last offered their out-of-turn actions."""
    nobody_since: float | None = None
    """Since when no person has been at the table (``None``: someone is)."""


class Autoplay:
    """Drives each table's automatic play."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.clocks: dict[str, Clock] = {}
        self.wake: dict[str, asyncio.Event] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bots: dict[tuple[str, int, str], Bot] = {}

    def new_bot(self, spec: str, seed: int) -> Bot:
        """Build a bot the menu allowed (stored specs are clamped before they get here)."""
        try:
            command = self.hub.menu.external.get(spec)
            if command is not None:
                from unokit.bots.external import ExternalBot

                return ExternalBot(seed=seed, command=command)
            path = self.hub.menu.policies.get(spec)
            if path is not None:
                from unokit.envs.policy import PolicyBot

                return PolicyBot(seed=seed, path=path)
            return make_bot(spec, seed=seed)
        except Exception:
            log.exception("a bot could not be built", extra={"spec": spec})
            return make_bot(self.standin(), seed=seed)

    def standin(self) -> str:
        return self.hub.config.standin

    def touch_clock(self, table: Table) -> None:
        clock = self.clocks.setdefault(table.id, Clock())
        now = time.monotonic()
        clock.changed = now
        match = table.match
        key = (0, None) if match is None else (len(match.rounds), match.game.to_play)
        if key != clock.turn:
            clock.turn = key
            clock.turn_started = now

    def wake_driver(self, table_id: str) -> None:
        event = self.wake.get(table_id)
        if event is not None:
            event.set()

    def deadlines(self, table: Table) -> dict[str, float | None]:
        """Seconds left on the turn clock and before the next deal (``None``: no clock), for
        the page's countdowns."""
        clock = self.clocks.get(table.id)
        match = table.match
        out: dict[str, float | None] = {"turn_left": None, "turn_timer": None, "deal_left": None}
        if clock is None or match is None or table.state != PLAYING:
            return out
        now = time.monotonic()
        game = match.game
        if game.over:
            if not match.over:
                out["deal_left"] = round(
                    max(0.0, clock.changed + self.hub.config.round_pause - now), 1
                )
            return out
        timer = table.settings.turn_timer or game.rules.timer
        if timer and game.to_play is not None and getattr(game, "clock_running", True):
            out["turn_timer"] = float(timer)
            out["turn_left"] = round(max(0.0, clock.turn_started + timer - now), 1)
        return out

    async def drive(self, table_id: str) -> None:
        """Wait for a change or the next deadline, then act for a bot, a clock or the deal."""
        wake = self.wake[table_id]
        while not self.hub.stopping:
            wake.clear()
            retry = None
            try:
                plan = await self.plan(table_id)
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
                await self.automatic(table_id, plan[1], plan[2], plan[3])
            except (TableError, IllegalAction):
                pass
            except Exception:
                log.exception("an automatic move failed", extra={"table": table_id})
                await asyncio.sleep(1.0)

    async def plan(self, table_id: str) -> tuple[float, str, int | None, int] | None:
        """The next automatic thing: (when, what, seat, at which version)."""
        table = self.hub.tables.get(table_id)
        if table is None:
            if table_id not in self.hub.changes.lost:
                return None
            table = await self.hub.loader.get(table_id)  # the database may answer again
        clock = self.clocks[table_id]
        v = table.version
        plans: list[tuple[float, str, int | None, int]] = []
        try:
            present = await self.hub.coord.present(table_id)
        except Exception:
            log.warning("presence could not be read", extra={"table": table_id})
            raise UnavailableError("the server cannot reach Redis") from None
        self.hub.presence.observe(table, present)
        pause = self.pause_at(table, present)
        if pause <= time.monotonic():
            return None  # nobody is here: the table waits, at no cost, for someone to come
        local = {c.seat for c in self.hub.conns.get(table_id, ()) if c.seat is not None}
        if self.hub.coord.shared and present - local:
            # seats present through other processes only: look again before their
            # presence could have expired, in case one of those processes died
            plans.append((time.monotonic() + self.hub.config.presence_ttl / 2, "look", None, v))
        owner = table.owner
        away = owner is not None and owner in clock.absent_since and table.state != OVER
        if away and present - {owner}:
            assert owner is not None
            plans.append((clock.absent_since[owner] + self.hub.config.grace, "host", owner, v))
        if table.state != PLAYING or table.match is None:
            return self.first(plans, pause)
        game = table.match.game
        if game.over:
            plans.append((clock.changed + self.hub.config.round_pause, "deal", None, v))
            return self.first(plans, pause)
        bots = [s.seat for s in table.seats if s.kind == "bot"]
        reaction = self.reaction(table)
        if clock.offered != v and any(s != game.to_play and game.legal_actions(s) for s in bots):
            plans.append(
                (clock.changed + max(self.hub.config.bot_delay / 2, reaction), "offers", None, v)
            )
        seat = game.to_play
        if seat is not None:
            kind = table.seats[seat].kind
            if kind == "bot":
                wait = self.hub.config.bot_delay
                if any(a.kind == "catch" for a in game.legal_actions(seat)):
                    wait = max(wait, reaction)  # a catch is a race, even on its turn
                plans.append((clock.changed + wait, "bot", seat, v))
            else:
                if seat not in present:
                    gone = clock.absent_since.get(seat, clock.turn_started)
                    at = max(
                        gone + self.hub.config.grace, clock.changed + self.hub.config.bot_delay
                    )
                    plans.append((at, "standin", seat, v))
                # the server's own turn clock, or Triple Play's timer mode (a rules switch),
                # whose clock stops while an overload is settled (`clock_running`)
                timer = table.settings.turn_timer or game.rules.timer
                if timer and getattr(game, "clock_running", True):
                    plans.append((clock.turn_started + timer, "clock", seat, v))
        return self.first(plans, pause)

    @staticmethod
    def first(
        plans: list[tuple[float, str, int | None, int]], pause: float
    ) -> tuple[float, str, int | None, int] | None:
        """The earliest plan, unless the table pauses before it."""
        plan = min(plans, key=lambda p: p[0]) if plans else None
        return plan if plan is not None and plan[0] < pause else None

    def pause_at(self, table: Table, present: set[int]) -> float:
        """When the table's automatic play stops: ``grace`` seconds after the last person
        left it (a seated player connected through any process, or anyone watching here);
        never while someone is there."""
        clock = self.clocks[table.id]
        if set(table.humans()) & present or self.hub.conns.get(table.id):
            clock.nobody_since = None
            return float("inf")
        if clock.nobody_since is None:
            clock.nobody_since = time.monotonic()
        return clock.nobody_since + self.hub.config.grace

    def reaction(self, table: Table) -> float:
        """Seconds this table's bots wait before an out-of-turn reaction (a stored table's
        choice within today's caps)."""
        chosen = table.settings.reaction
        reaction = self.hub.config.reaction if chosen is None else chosen
        return min(max(reaction, self.hub.config.min_reaction), self.hub.config.max_reaction)

    async def automatic(self, table_id: str, what: str, seat: int | None, version: int) -> None:
        async with self.hub.changes.locked(table_id) as table:
            if table.version != version:
                return
            if what == "host":
                present = await self.hub.coord.present(table_id)
                self.hub.presence.observe(table, present)
                if seat in present:  # the host is back, through this process or another
                    return
                new = self.hub.players.next_host(table, seat or 0, present - {seat})
                if new is None:
                    return
                table.owner = new
                self.hub.changes.commit(table, table_fields={"owner": new}, touch=False)
                log.info("host passed on", extra={"table": table_id, "seat": new})
            elif not await self.automatic_move(table, what, seat, version):
                return
        await self.hub.changes.changed(table)

    async def automatic_move(self, table: Table, what: str, seat: int | None, version: int) -> bool:
        """A move nobody sent: the next deal, a bot's, an away player's, the clock's."""
        if table.match is None:
            return False
        game = table.match.game
        if what == "deal":
            self.hub.changes.move(table, None, table.next_round_move(), touch=False)
            return True
        if what == "offers":
            self.clocks[table.id].offered = version
            for s in [s.seat for s in table.seats if s.kind == "bot"]:
                if s == game.to_play or not game.legal_actions(s):
                    continue
                choice = await self.bot_choice(table, s, optional=True)
                if choice is not None and table.version == version:
                    self.hub.changes.move(table, s, choice, touch=False)
                    return True
            return False
        assert seat is not None
        start = (table.match_no, len(table.match.rounds), len(game.log))
        if what == "clock":
            if not await self.clock_move(table, seat, version):
                return False
        else:
            choice = await self.bot_choice(table, seat, optional=False)
            if choice is None or table.version != version:
                return False
            self.hub.changes.move(table, seat, choice, touch=False)
        if what in ("clock", "standin") and table.seats[seat].kind == "human":
            table.mark_automatic(start, seat, "clock" if what == "clock" else "away")
        elif self.hub.pool.hurried(table.id, seat):  # the log shows the bot played greedy's move
            table.mark_automatic(start, seat, "busy")
        log.info(f"{what} move", extra={"table": table.id, "seat": seat})
        return True

    async def clock_move(self, table: Table, seat: int, version: int) -> bool:
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
                choice = await self.bot_choice(table, seat, optional=False)
                if choice is None or table.version != version:
                    return False
                self.hub.changes.move(table, seat, choice, touch=False)
                return True
            self.hub.changes.move(table, seat, str(action), touch=False)
            moved += 1
            if mode:
                break
        return moved > 0

    async def bot_choice(self, table: Table, seat: int, optional: bool) -> str | None:
        row = table.seats[seat]
        spec = row.bot if row.kind == "bot" and row.bot else self.standin()
        key = (table.id, seat, spec)
        bot = self.bots.get(key)
        if bot is None:
            bot = self.bots[key] = self.new_bot(spec, seed=secrets.randbits(63))
        assert table.match is not None
        decision = decide(table.match.game.clone(), seat, optional)
        # rationed by the creator's site: one site's many prefixes share one ration
        client = (table.creator or table.id)[:SITE_KEY]
        choice, bot = await self.hub.pool.choose(table.id, bot, decision, client)
        if key in self.bots:  # the table may have been forgotten meanwhile
            self.bots[key] = bot
        return None if choice is None else str(choice)

    @staticmethod
    def close_bot(bot: Bot) -> None:
        """External bots are programs: ask them to quit."""
        close = getattr(bot, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()
