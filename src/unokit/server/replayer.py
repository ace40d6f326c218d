"""Replays computed in a process of their own, and the last few kept.

A long record takes the engine up to a second to step through. In a thread it would hold
Python's interpreter lock against the event loop, and every table on the server would wait
on it; in a separate process, at a lower CPU priority, it costs the tables nothing. The
process starts at the first replay, is replaced if it dies, and ends with the server. The
steps of the last few downloads are kept, so asking for the same record again costs no
replay.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from unokit.bots.worker import started
from unokit.server.replay import compact, replay_steps

__all__ = ["ReplayUnavailableError", "Replayer"]

NICENESS: Final = 10
"""How much lower than the server's the replay process's CPU priority is."""
KEPT: Final = 8
"""Downloads whose steps are kept (each up to a few MB)."""
DEADLINE: Final = 30.0
"""Seconds a replay may take before the page is told to try again later."""


class ReplayUnavailableError(Exception):
    """The replay could not be computed now (its process died, or it took too long)."""


def _start(parent: int) -> None:
    """A replay process's first step: a lower priority, and an exit once ``parent`` (the
    server) is gone, even if it was killed with ``kill -9``."""
    os.nice(NICENESS)
    started(parent)


def _steps(record: Any, names: list[str] | None, seat: int | None, packed: bool) -> dict[str, Any]:
    data = replay_steps(record, names, seat)
    return compact(data) if packed else data


class Replayer:
    """Steps of records, a few at a time, in one lowered process; the last downloads kept."""

    def __init__(self, at_once: int = 2) -> None:
        self._gate = asyncio.Semaphore(at_once)
        self._at_once = at_once
        self._executor: ProcessPoolExecutor | None = None
        self._kept: OrderedDict[Hashable, dict[str, Any]] = OrderedDict()

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self._at_once,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start,
                initargs=(os.getpid(),),
            )
        return self._executor

    @property
    def pids(self) -> list[int]:
        """The replay processes running now (none before the first replay)."""
        executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return list(processes)

    async def steps(
        self,
        record: Any,
        names: list[str] | None,
        seat: int | None,
        *,
        packed: bool = False,
        key: Hashable | None = None,
    ) -> dict[str, Any]:
        """The steps of ``record`` as ``seat`` saw it (``packed``: in the compact form);
        ``ReplayError`` for a record the replay refuses, ``ReplayUnavailableError`` when it
        cannot be computed now. With a ``key``, the answer is kept
        and a later call with the same key gets it without a replay."""
        if key is not None and key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        async with self._gate:
            loop = asyncio.get_running_loop()
            try:
                future = loop.run_in_executor(self._pool(), _steps, record, names, seat, packed)
                data = await asyncio.wait_for(future, DEADLINE)
            except BrokenProcessPool:  # killed, out of memory: a fresh one next time
                self._executor = None
                raise ReplayUnavailableError("the replay stopped: try again") from None
            except TimeoutError:
                raise ReplayUnavailableError("the replay took too long: try again later") from None
        if key is not None:
            self._kept[key] = data
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return data

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
