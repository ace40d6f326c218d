"""Bot decisions in a bounded pool of worker threads, each with a hard deadline.

A bot thinks in one of ``workers`` threads, never on the event loop. A table holds at most
one of them at a time (its share: its decisions are taken one by one anyway), so a table
whose bot is slow can never take the threads other tables' bots need. A decision that is not
made within ``deadline`` seconds, whose table still holds a thread from an earlier decision,
or whose bot failed is taken by the greedy bot instead, at once, so the table plays on.
Python cannot stop a thread; the settings caps (``botmenu``) bound how long one may run on.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from unokit.actions import Action
from unokit.bots import Bot, Decision, GreedyBot

__all__ = ["BotPool"]

log = logging.getLogger("unokit.server")


class BotPool:
    def __init__(self, workers: int, deadline: float) -> None:
        self.workers = workers
        self.deadline = deadline
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="unokit-bot")
        self._busy: set[str] = set()
        """Tables with a decision in a worker thread."""
        self._greedy = GreedyBot(seed=0)
        self.fallbacks = 0
        """Decisions greedy took because a bot was late, busy or failed (for tests, logs)."""

    def busy(self, table_id: str) -> bool:
        return table_id in self._busy

    async def choose(self, table_id: str, bot: Bot, decision: Decision) -> Action | None:
        """``bot``'s choice, or greedy's once the deadline has passed."""
        if table_id in self._busy:
            return self._fallback(table_id, decision, "its bot is still thinking")
        loop = asyncio.get_running_loop()
        self._busy.add(table_id)
        future = loop.run_in_executor(self._executor, bot.choose, decision)
        future.add_done_callback(lambda _f: self._busy.discard(table_id))
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.deadline)
        except TimeoutError:
            return self._fallback(table_id, decision, f"its bot took over {self.deadline:g} s")
        except Exception as err:
            return self._fallback(table_id, decision, f"its bot failed ({type(err).__name__})")

    def _fallback(self, table_id: str, decision: Decision, why: str) -> Action | None:
        self.fallbacks += 1
        log.warning(f"greedy decides: {why}", extra={"table": table_id, "seat": decision.seat})
        return self._greedy.choose(decision)

    def close(self) -> None:
        """Stop taking decisions; threads still thinking finish on their own."""
        self._executor.shutdown(wait=False, cancel_futures=True)
