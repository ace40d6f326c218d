"""The bot worker pool heals to its size: a worker that dies idle is replaced without a
decision finding it, and a worker whose start fails is started again, later each time."""

from __future__ import annotations

import asyncio
import multiprocessing.spawn
import os
import signal
import time

from unokit.server.botpool import BotPool


async def _until(check: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        await asyncio.sleep(0.05)
    return False


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_worker_that_died_idle_is_replaced() -> None:
    async def main() -> None:
        pool = BotPool(2, deadline=2.0)
        pool.HEALTH_EVERY = 0.2
        await pool.start()
        first, _second = pool.pids()
        os.kill(first, signal.SIGKILL)
        try:
            assert await _until(lambda: first not in pool.pids() and len(pool.pids()) == 2, 60)
            assert pool.replaced == 1 and all(_alive(p) for p in pool.pids())
        finally:
            pool.close()

    asyncio.run(main())


def test_a_worker_whose_start_fails_is_started_again_with_backoff() -> None:
    async def main() -> None:
        pool = BotPool(2, deadline=2.0)
        pool.HEALTH_EVERY = 0.2
        pool.RETRY_FIRST = 0.2
        await pool.start()
        python = multiprocessing.spawn.get_executable()
        # no interpreter to start: every start fails, as with no processes or files left
        multiprocessing.spawn.set_executable("/nonexistent/python3")
        try:
            victim = pool.pids()[0]
            os.kill(victim, signal.SIGKILL)
            assert await _until(lambda: pool.failed_starts >= 3, 60)
            started = time.monotonic()
            failed = pool.failed_starts
            await asyncio.sleep(1.0)
            # backing off: 0.2, 0.4, 0.8, 1.6 s ... not a start a millisecond
            assert pool.failed_starts - failed <= 2
            assert len(pool.pids()) == 1 and pool.size() == 2
        finally:
            multiprocessing.spawn.set_executable(python)
        try:
            assert await _until(lambda: len(pool.pids()) == 2, 60), "the pool never healed"
            assert victim not in pool.pids() and all(_alive(p) for p in pool.pids())
            assert time.monotonic() - started < 60
        finally:
            pool.close()

    asyncio.run(main())
