"""Bot workers are rationed between clients: one client's many slow tables cannot starve
another client's search bots; a decision greedy takes because the server is busy is logged
and shown on the table."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest
from tests.server.conftest import create, seated, until
from tests.server.slow_bot import HoldingBot
from tests.server.test_hostile_bots import _watching
from tests.server.test_tables import drain, hub_of

from unokit.bots import IsmctsBot, decide
from unokit.match import Match
from unokit.rules import Rules
from unokit.server.botpool import BotPool
from unokit.server.rations import Rations


def test_one_clients_many_slow_tables_leave_another_clients_bots_a_worker() -> None:
    # client A: 12 tables whose bots each hold a worker 1 s a decision, so that A alone keeps
    # both workers busy with 10 tables waiting; client B: one table with a quick search
    async def main() -> list[bool]:
        pool = BotPool(2, deadline=3.0)
        await pool.start()
        game = Match(Rules.preset("mattel-2021"), players=4, seed=3).game
        stop = asyncio.Event()

        async def attacker(n: int) -> None:
            while not stop.is_set():
                bot = HoldingBot(seed=n)
                await pool.choose(f"a{n}", bot, decide(game.clone(), game.to_play), "A")
                await asyncio.sleep(0.05)

        attackers = [asyncio.ensure_future(attacker(n)) for n in range(12)]
        await asyncio.sleep(3.0)  # A holds both workers by now
        hurried = []
        bot = IsmctsBot(seed=1, iterations=20)
        try:
            for _ in range(8):
                seat = game.to_play
                _action, bot = await pool.choose("b", bot, decide(game.clone(), seat), "B")
                hurried.append(pool.hurried("b", seat))
                await asyncio.sleep(0.3)
        finally:
            stop.set()
            await asyncio.gather(*attackers, return_exceptions=True)
            pool.close()
        return hurried

    hurried = asyncio.run(main())
    # first come, first served, B would wait behind A's tables (10 x 1 s / 2 > 3 s);
    # B may wait out its first decision while A holds both workers, never again: A's share
    # is one worker once B is active, so the other waits for B
    assert not any(hurried[1:]), hurried


def test_four_clients_many_slow_tables_leave_a_fifth_clients_bots_their_share() -> None:
    """Four clients (four addresses), four tables each whose bots hold a worker 1 s a
    decision, and four workers: a fifth client's search bot gets the next worker given
    back, ahead of the tables the four queued before it, so it never falls to greedy."""

    async def main() -> list[bool]:
        pool = BotPool(4, deadline=3.0)
        await pool.start()
        game = Match(Rules.preset("mattel-2021"), players=4, seed=3).game
        stop = asyncio.Event()

        async def attacker(client: str, n: int) -> None:
            while not stop.is_set():
                bot = HoldingBot(seed=n)
                await pool.choose(f"{client}{n}", bot, decide(game.clone(), game.to_play), client)
                await asyncio.sleep(0.05)

        attackers = [
            asyncio.ensure_future(attacker(client, n)) for client in "ACDE" for n in range(4)
        ]
        await asyncio.sleep(3.0)  # the four hold every worker, with tables waiting
        hurried = []
        bot = IsmctsBot(seed=1, iterations=20)
        try:
            for _ in range(6):
                seat = game.to_play
                _action, bot = await pool.choose("b", bot, decide(game.clone(), seat), "B")
                hurried.append(pool.hurried("b", seat))
                await asyncio.sleep(0.3)
        finally:
            stop.set()
            await asyncio.gather(*attackers, return_exceptions=True)
            pool.close()
        return hurried

    hurried = asyncio.run(main())
    # served in the order their entries came, B waited behind each client's three queued
    # tables (3 x 1 s, past the deadline); now the next worker given back is B's
    assert not any(hurried), hurried


def test_a_worker_free_for_a_client_below_its_share_is_kept_from_one_at_it() -> None:
    async def main() -> None:
        rations: Rations[str] = Rations(2)
        rations.add("w1")
        rations.add("w2")
        assert {await rations.take("A"), await rations.take("A")} == {"w1", "w2"}  # alone
        b = asyncio.ensure_future(rations.take("B"))
        await asyncio.sleep(0)
        rations.give_back("A", "w1")
        assert await b == "w1"  # the client holding the fewest goes first
        rations.give_back("B", "w1")
        a = asyncio.ensure_future(rations.take("A"))
        await asyncio.sleep(0.05)
        assert not a.done() and rations.free == ["w1"]  # A is at its share: w1 waits for B
        assert await rations.take("B") == "w1"  # at once
        a.cancel()

    asyncio.run(main())


def test_greedy_for_a_busy_server_is_logged_and_shown_on_the_table(
    make_client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # one worker; the first table's bot searches for ever, so the second's finds none free
    client = make_client(bot_deadline=0.3, bot_workers=1, grace=0.0)
    hub = hub_of(client)
    spec = "ismcts:iterations=20"
    slow = create(client, seats=2, bots=[spec])
    table = create(client, seats=2, bots=[spec])
    hub.autoplay.bots[(slow["table"], 1, spec)] = IsmctsBot(iterations=10**9)
    client.portal.call(hub.pool.start)  # type: ignore[union-attr]
    with caplog.at_level(logging.WARNING, logger="unokit.server"):
        for t in (slow, table):
            with seated(client, t["table"], t["token"]) as ws:
                ws.send_json({"type": "start"})
                until(ws, "ack")
        deadline = time.monotonic() + 60
        marked: list[dict[str, Any]] = []
        with _watching(client, [slow, table]):  # someone is there: the bots play on
            while not marked and time.monotonic() < deadline:
                time.sleep(0.3)
                with seated(client, table["table"], table["token"]) as ws:
                    # a busy table may answer the ping before its first state: look again
                    events = drain(ws).get("events", [])
                marked = [e for e in events if (e.get("auto") or {}).get("why") == "busy"]
    assert marked and marked[0]["auto"]["seat"] == 1
    assert any("no bot worker was free" in r.getMessage() for r in caplog.records)
    words = client.get("/static/words.js").text
    assert "is thinking quickly: the server is busy" in words
