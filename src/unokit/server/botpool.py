"""Bot decisions off the event loop, each with a hard deadline.

Where a bot thinks depends on what it costs:

- ``random`` and ``greedy`` (with or without a personality) answer in a fraction of a
  millisecond, less than a trip to another process costs: they answer on the loop.
- Search bots (``ismcts``) think in one of ``workers`` worker *processes*, so a search at
  its caps never holds the server's global interpreter lock, and only on CPU time the
  server leaves (the idle scheduling class on Linux, a lowered nice value elsewhere). A worker
  (``unokit.bots.worker``) is sent the bot and the game exactly as a thread would have
  used them (the bot searches from ``Decision.sample``, which re-deals what its seat
  cannot see), and sends back its choice and the bot, whose generator and memory have
  moved on.
- Anything else (external programs, learned policies) thinks in a thread.

A table holds at most one worker at a time (its decisions are taken one by one anyway), and
the workers are rationed between clients, the addresses that created the tables
(``unokit.server.rations``): one client's many slow tables cannot take the workers another
client's bots need. A decision greedy takes because no worker was free is reported
(``hurried``), so the table can say its bot is thinking quickly. A decision
not made within ``deadline`` seconds (waiting for a free worker included), whose table
still holds a worker from an earlier decision, or whose bot failed is taken by the greedy
bot instead, at once, so the table plays on. A worker process still busy ``deadline``
seconds after its deadline is hung: it is killed and a fresh one takes its place, as it
does for a worker that died.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from unokit.actions import Action
from unokit.bots import Bot, Decision, GreedyBot, IsmctsBot, Personality, RandomBot
from unokit.bots.worker import begin as worker_begin
from unokit.bots.worker import choose as worker_choose
from unokit.bots.worker import lower
from unokit.server.rations import Rations

__all__ = ["BotPool"]

log = logging.getLogger("unokit.server")


def worker_executor(context: multiprocessing.context.BaseContext) -> ProcessPoolExecutor:
    """A single-process executor whose process lowers its priority and watches this one
    from its start, before any call reaches it (``unokit.bots.worker.begin``)."""
    return ProcessPoolExecutor(
        1, mp_context=context, initializer=worker_begin, initargs=(os.getpid(),)
    )


def _inner(bot: Bot) -> Bot:
    while isinstance(bot, Personality):
        bot = bot.bot
    return bot


class _Worker:
    """One worker process (a single-process executor, so it can be told apart and killed)."""

    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.executor = worker_executor(context)
        started = self.executor.submit(os.getpid)
        # the process exists once submit returns, still starting its interpreter: lowered
        # from here, so that even its start (a few hundred ms of CPU time, and again for
        # each replacement) never competes with the event loop; its initializer lowers it
        # too, before it imports anything (where only a nice value is to be had)
        for pid in self.executor._processes:  # the executor's own record of its process
            lower(pid)
        self.pid = started.result()

    def alive(self) -> bool:
        processes = self.executor._processes  # the executor's own record (None once shut)
        process = processes.get(self.pid) if processes else None
        return process is not None and process.is_alive()

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        self.executor.shutdown(wait=False, cancel_futures=True)


class BotPool:
    RETRY_FIRST = 0.5
    RETRY_MOST = 30.0
    """Seconds before starting a worker again after a failed start: doubled each time."""
    HEALTH_EVERY = 2.0
    """Seconds between two looks for workers that died idle."""

    def __init__(self, workers: int, deadline: float) -> None:
        self.workers = workers
        self.deadline = deadline
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="unokit-bot")
        self._context = multiprocessing.get_context("spawn")
        self._rations: Rations[_Worker] = Rations(workers)
        self._holder: dict[_Worker, str] = {}
        """Which client holds each worker in use."""
        self._hurried: set[tuple[str, int]] = set()
        """(table, seat) whose last decision greedy took because the workers were busy."""
        self._starting: asyncio.Future[None] | None = None
        self._closed = False
        self._all: list[_Worker] = []
        self._busy: set[str] = set()
        """Tables with a decision in a worker."""
        self._watches: set[asyncio.Future[Any]] = set()
        self._greedy = GreedyBot(seed=0)
        self.fallbacks = 0
        """Decisions greedy took because a bot was late, busy or failed (for tests, logs)."""
        self.replaced = 0
        """Worker processes killed (hung) or found dead, and started again."""
        self.failed_starts = 0
        """Worker starts that failed (each tried again, later)."""
        self._pending = 0
        self._health: asyncio.Future[None] | None = None

    def pids(self) -> list[int]:
        """The process ids of the worker processes started so far."""
        return [worker.pid for worker in self._all]

    def busy(self, table_id: str) -> bool:
        return table_id in self._busy

    @staticmethod
    def searches(bot: Bot) -> bool:
        """Does ``bot`` think in a worker process?"""
        return isinstance(_inner(bot), IsmctsBot)

    def warm(self) -> None:
        """Start the worker processes in the background; the first search does, so a
        server whose tables seat no search bot starts none."""
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._start())

    async def start(self) -> None:
        """The worker processes, started off the loop; waits until they are."""
        self.warm()
        assert self._starting is not None
        await asyncio.shield(self._starting)

    async def _start(self) -> None:
        await asyncio.gather(*(self._start_one() for _ in range(self.workers)))
        if self._health is None and not self._closed:
            self._health = asyncio.ensure_future(self._check_health())

    async def _start_one(self) -> None:
        """Start a worker, and again after a failed start, waiting longer each time
        (``RETRY_FIRST`` seconds, doubled up to ``RETRY_MOST``), so the pool heals to its
        size once workers can start again (a full process table, no file descriptors)."""
        wait = self.RETRY_FIRST
        self._pending += 1
        try:
            while not self._closed:
                try:
                    worker = await asyncio.to_thread(_Worker, self._context)
                except Exception as err:
                    self.failed_starts += 1
                    log.error(
                        f"a bot worker could not be started ({type(err).__name__}): "
                        f"trying again in {wait:g} s"
                    )
                    await asyncio.sleep(wait)
                    wait = min(wait * 2, self.RETRY_MOST)
                    continue
                self._add(worker)
                return
        finally:
            self._pending -= 1

    async def _check_health(self) -> None:
        """Replace a worker found dead while idle (killed, out of memory) without waiting
        for a decision to find it."""
        while not self._closed:
            await asyncio.sleep(self.HEALTH_EVERY)
            for worker in list(self._all):
                if not worker.alive():
                    self._replace(worker, "it had died")

    def size(self) -> int:
        """Worker processes alive or starting (the pool's size once healed)."""
        return len(self._all) + self._pending

    async def choose(
        self, table_id: str, bot: Bot, decision: Decision, client: str = ""
    ) -> tuple[Action | None, Bot]:
        """``bot``'s choice (greedy's once the deadline has passed), and the bot to keep
        for the table's next decision (a search bot comes back from its worker). Workers
        are rationed between ``client`` values (the address that created the table):
        ``unokit.server.rations``."""
        self._hurried.discard((table_id, decision.seat))
        inner = _inner(bot)
        if isinstance(inner, (RandomBot, GreedyBot)):
            try:
                return bot.choose(decision), bot
            except Exception as err:
                why = f"its bot failed ({type(err).__name__})"
                return self._fallback(table_id, decision, why), bot
        if table_id in self._busy:
            return self._fallback(table_id, decision, "its bot is still thinking"), bot
        if isinstance(inner, IsmctsBot):
            return await self._in_process(table_id, bot, decision, client)
        return await self._in_thread(table_id, bot, decision), bot

    async def _in_thread(self, table_id: str, bot: Bot, decision: Decision) -> Action | None:
        loop = asyncio.get_running_loop()
        self._busy.add(table_id)
        future = loop.run_in_executor(self._threads, bot.choose, decision)
        future.add_done_callback(lambda _f: self._busy.discard(table_id))
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.deadline)
        except TimeoutError:  # the thread runs on, holding the table's share
            return self._fallback(table_id, decision, f"its bot took over {self.deadline:g} s")
        except Exception as err:
            return self._fallback(table_id, decision, f"its bot failed ({type(err).__name__})")

    async def _in_process(
        self, table_id: str, bot: Bot, decision: Decision, client: str
    ) -> tuple[Action | None, Bot]:
        end = time.monotonic() + self.deadline
        self._busy.add(table_id)
        try:
            worker = await asyncio.wait_for(self._take(client), self.deadline)
        except TimeoutError:
            self._busy.discard(table_id)
            self._hurried.add((table_id, decision.seat))
            return self._fallback(table_id, decision, "no bot worker was free"), bot
        except Exception as err:
            self._starting = None  # try again at the next search
            self._busy.discard(table_id)
            why = f"the bot workers could not start ({type(err).__name__})"
            return self._fallback(table_id, decision, why), bot
        game = decision._game
        assert game is not None, "a server decision comes with its game"
        try:
            future = asyncio.wrap_future(
                worker.executor.submit(worker_choose, bot, game, decision.seat, decision.optional)
            )
        except (BrokenProcessPool, RuntimeError):
            self._replace(worker, "it had died")
            self._busy.discard(table_id)
            return self._fallback(table_id, decision, "its bot worker had died"), bot
        try:
            action, bot = await asyncio.wait_for(
                asyncio.shield(future), max(0.0, end - time.monotonic())
            )
            self._give_back(worker)
            self._busy.discard(table_id)
            return action, bot
        except TimeoutError:
            # the worker thinks on, holding the table's share, until it ends or is killed
            watch = asyncio.ensure_future(self._watch(table_id, worker, future, end))
            self._watches.add(watch)
            watch.add_done_callback(self._watches.discard)
            why = f"its bot took over {self.deadline:g} s"
        except BrokenProcessPool:
            self._replace(worker, "it died")
            self._busy.discard(table_id)
            why = "its bot worker died"
        except Exception as err:  # the bot failed; the worker is fine
            self._give_back(worker)
            self._busy.discard(table_id)
            why = f"its bot failed ({type(err).__name__})"
        return self._fallback(table_id, decision, why), bot

    async def _watch(
        self,
        table_id: str,
        worker: _Worker,
        future: asyncio.Future[tuple[Action | None, Bot]],
        end: float,
    ) -> None:
        """After a missed deadline: free the worker when it is done, kill it if it runs
        ``deadline`` seconds more."""
        try:
            await asyncio.wait_for(future, end + self.deadline - time.monotonic())
            self._give_back(worker)
        except TimeoutError:
            self._replace(worker, f"it thought over {2 * self.deadline:g} s")
        except BrokenProcessPool:
            self._replace(worker, "it died")
        except Exception:
            self._give_back(worker)
        finally:
            self._busy.discard(table_id)

    def hurried(self, table_id: str, seat: int) -> bool:
        """Did greedy take ``seat``'s last decision because every worker was busy?"""
        return (table_id, seat) in self._hurried

    async def _take(self, client: str) -> _Worker:
        await self.start()
        while True:
            worker = await self._rations.take(client)
            if worker in self._all:  # not one replaced while it waited
                self._holder[worker] = client
                return worker
            self._rations.give_back(client, None)

    def _add(self, worker: _Worker) -> None:
        if self._closed:
            worker.kill()
            return
        self._all.append(worker)
        self._rations.add(worker)

    def _give_back(self, worker: _Worker) -> None:
        client = self._holder.pop(worker, None)
        if client is not None:
            self._rations.give_back(client, worker if worker in self._all else None)

    def _replace(self, worker: _Worker, why: str) -> None:
        """Kill ``worker`` and start another in its place (off the loop)."""
        if worker not in self._all:
            return  # replaced already
        log.warning(f"bot worker replaced: {why}", extra={"pid": worker.pid})
        self.replaced += 1
        self._all.remove(worker)
        self._give_back(worker)  # its client's share is free again
        self._rations.forget(worker)
        worker.kill()
        task = asyncio.ensure_future(self._start_one())
        self._watches.add(task)
        task.add_done_callback(self._watches.discard)

    def _fallback(self, table_id: str, decision: Decision, why: str) -> Action | None:
        self.fallbacks += 1
        log.warning(f"greedy decides: {why}", extra={"table": table_id, "seat": decision.seat})
        return self._greedy.choose(decision)

    def close(self) -> None:
        """Stop taking decisions: the worker processes are killed, threads finish alone."""
        self._closed = True
        if self._health is not None:
            self._health.cancel()
        for task in list(self._watches):
            task.cancel()
        self._threads.shutdown(wait=False, cancel_futures=True)
        for worker in self._all:
            worker.kill()
        self._all.clear()
