"""Replays computed in a process of their own, a few at a time, shared fairly between
clients; the last few kept, already encoded.

A long record takes the engine up to a second to step through, and its steps are several
MB of JSON. In a thread either would hold Python's interpreter lock against the event loop,
and every table on the server would wait on it; in a separate process, at a lower CPU
priority, it costs the tables nothing. So the process does all of it: it parses a record
sent as bytes, replays it and encodes the answer, and hands back bytes (which cross the
process boundary at the cost of a copy). The process starts at the first replay, is replaced
if it dies, and ends with the server.

Replays are rationed like the bot workers (``unokit.server.rations``): a client waits for a
free process below its share. Before anything is read, a request is admitted or refused:
at most ``per_client`` from one client, ``queued`` in all, waiting or running; past that,
``ReplayBusyError`` (the page is told to try again in ``RETRY_AFTER`` seconds). So a flood of
records holds at most ``queued`` bodies in memory, however many clients send them.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Final

from unokit.bots.worker import started
from unokit.server.rations import Rations
from unokit.server.replay import MAX_ACTIONS, MAX_ROUNDS, Compactor, ReplayError, replay_steps
from unokit.server.strictjson import strict_loads

__all__ = ["ReplayBusyError", "ReplayUnavailableError", "Replayer", "encode"]

NICENESS: Final = 10
"""How much lower than the server's the replay process's CPU priority is."""
KEPT: Final = 8
"""Downloads whose steps are kept (each up to a few MB)."""
DEADLINE: Final = 30.0
"""Seconds a replay may wait for its process, and again take, before the page is told to
try again later."""
RETRY_AFTER: Final = 5
"""Seconds a refused client is asked to wait (``Retry-After``)."""
MAX_CONTAINERS: Final = 4 * MAX_ACTIONS + 40 * MAX_ROUNDS
"""Objects and lists a record sent may hold (counted by their opening brackets, before it
is parsed): a record within the replay's bounds holds far fewer, and a body of four MB of
``{}`` would take about 100 MB of memory to parse."""


class ReplayUnavailableError(Exception):
    """The replay could not be computed now (its process died, or it took too long)."""


class ReplayBusyError(ReplayUnavailableError):
    """Refused before it was read: this client, or all together, have as many replays
    waiting or running as they may."""


def encode(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON (as the server's JSON answers are written)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _start(parent: int) -> None:
    """A replay process's first step: a lower priority, and an exit once ``parent`` (the
    server) is gone, even if it was killed with ``kill -9``."""
    os.nice(NICENESS)
    started(parent)


def check_containers(body: bytes, before: int = 0) -> int:
    """The objects and lists ``body`` opens, with ``before`` more (those of the body's
    earlier parts); ``ReplayError`` past what a record the replay can show holds (two scans
    of the bytes: about a millisecond for four MB)."""
    count = before + body.count(b"{") + body.count(b"[")
    if count > MAX_CONTAINERS:
        raise ReplayError(
            f"the record holds more than {MAX_CONTAINERS} objects and lists; "
            "a record the replay can show holds fewer"
        )
    return count


def parse_record(body: bytes) -> Any:
    """A record sent as bytes, parsed strictly; ``ReplayError`` saying why not."""
    check_containers(body)
    try:
        return strict_loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ReplayError("the record is not JSON") from None
    except RecursionError:
        raise ReplayError("the record is nested too deeply") from None


def _steps(source: Any, names: list[str] | None, seat: int | None, packed: bool) -> bytes:
    """In the replay process: the steps of ``source`` (a record, or its bytes) as JSON,
    each step encoded as it is made (the steps of a long match, held as objects, would
    take the process a hundred MB; as bytes, a few)."""
    record = parse_record(source) if isinstance(source, bytes) else source
    del source
    parts: list[bytes] = []
    packer = Compactor() if packed else None

    def sink(step: dict[str, Any]) -> None:
        parts.append(encode(packer(step) if packer is not None else step))

    data = replay_steps(record, names, seat, sink)
    del data["steps"], record
    if packed:
        data["compact"] = True
    return encode(data)[:-1] + b',"steps":[' + b",".join(parts) + b"]}"


class Replayer:
    """Steps of records, a few at a time, in lowered processes, rationed between clients;
    the last downloads kept."""

    def __init__(
        self,
        at_once: int = 2,
        per_client: int = 2,
        queued: int = 8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._at_once = at_once
        self.per_client = per_client
        self.queued = queued
        self._slots: Rations[int] = Rations(at_once, clock=clock)
        for slot in range(at_once):
            self._slots.add(slot)
        self._admitted: Counter[str] = Counter()
        self._executor: ProcessPoolExecutor | None = None
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()

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

    @property
    def admitted(self) -> int:
        """Replays waiting or running now, all clients together."""
        return self._admitted.total()

    @contextmanager
    def admit(self, client: str) -> Iterator[None]:
        """Hold a place for one of ``client``'s replays, or ``ReplayBusyError`` at once."""
        if self._admitted[client] >= self.per_client:
            raise ReplayBusyError(
                f"at most {self.per_client} replays from one address at a time: "
                f"try again in {RETRY_AFTER} s"
            )
        if self.admitted >= self.queued:
            raise ReplayBusyError(f"the replays are busy: try again in {RETRY_AFTER} s")
        self._admitted[client] += 1
        try:
            yield
        finally:
            self._admitted[client] -= 1
            if self._admitted[client] <= 0:
                del self._admitted[client]

    def kept(self, key: Hashable) -> bytes | None:
        """The answer kept under ``key``, if any."""
        data = self._kept.get(key)
        if data is not None:
            self._kept.move_to_end(key)
        return data

    async def steps(
        self,
        source: Any,
        names: list[str] | None,
        seat: int | None,
        *,
        client: str,
        packed: bool = False,
        key: Hashable | None = None,
    ) -> bytes:
        """The steps of ``source`` (a record, or the bytes of one) as ``seat`` saw it
        (``packed``: in the compact form), as JSON; ``ReplayError`` for a record the replay
        refuses, ``ReplayUnavailableError`` when it cannot be computed now. With a ``key``,
        the answer is kept and a later call with the same key gets it without a replay."""
        if key is not None and (data := self.kept(key)) is not None:
            return data
        with self.admit(client):
            return await self.run(source, names, seat, client=client, packed=packed, key=key)

    async def run(
        self,
        source: Any,
        names: list[str] | None,
        seat: int | None,
        *,
        client: str,
        packed: bool = False,
        key: Hashable | None = None,
    ) -> bytes:
        """``steps`` for a caller already admitted (``admit``)."""
        if isinstance(source, bytes):  # refused here, it costs no copy to the process
            check_containers(source)
        try:
            slot = await asyncio.wait_for(self._slots.take(client), DEADLINE)
        except TimeoutError:
            raise ReplayUnavailableError("the replays are busy: try again later") from None
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool(), _steps, source, names, seat, packed)
            data = await asyncio.wait_for(future, DEADLINE)
        except BrokenProcessPool:  # killed, out of memory: a fresh one next time
            self._executor = None
            raise ReplayUnavailableError("the replay stopped: try again") from None
        except TimeoutError:
            raise ReplayUnavailableError("the replay took too long: try again later") from None
        finally:
            self._slots.give_back(client, slot)
        if key is not None:
            self.keep(key, data)
        return data

    def keep(self, key: Hashable, data: bytes) -> None:
        """Keep ``data`` under ``key`` (the last ``KEPT`` kept, whatever they are)."""
        self._kept[key] = data
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
