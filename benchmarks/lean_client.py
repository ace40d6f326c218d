"""Lean simulated players for the server benchmarks (not a test), run in processes of their
own so that their cost is measured apart from the server's and never hides in it.

A player reads each frame as text and looks up only the few fields it needs (the frame's
type, the table's version, whose turn it is, whether the round is over); it parses the JSON
of a frame only when it is its own turn and it needs the legal actions. A client process
runs its share of the seats on one event loop (uvloop when installed), measures its own CPU
time over the measured window, and sends back what it saw.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import websockets

Seat = tuple[str, str, bool, str]
"""(table id, seat token, is host, the table's address)."""


@dataclass
class Tally:
    """What one client process saw in the measured window."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    rounds: int = 0
    frames: int = 0
    state_frames: int = 0
    bytes: int = 0
    measuring: bool = False
    connected: int = 0

    def take(self) -> dict[str, Any]:
        """What was counted so far; the counts start again from nothing."""
        names = ("latencies", "errors", "rounds", "frames", "state_frames", "bytes")
        got = {name: getattr(self, name) for name in names}
        self.latencies = []
        self.errors = self.rounds = self.frames = self.state_frames = self.bytes = 0
        return got


def _int_after(raw: str, key: str) -> int | None:
    """The integer after the first ``key`` (``"name":``) in ``raw``, with or without a space
    after the colon (``None``: absent or not a number)."""
    i = raw.find(key)
    if i < 0:
        return None
    i += len(key)
    if raw.startswith(" ", i):
        i += 1
    j = i
    while j < len(raw) and (raw[j].isdigit() or raw[j] == "-"):
        j += 1
    return int(raw[i:j]) if j > i else None


async def lean_player(
    url: str,
    seat: Seat,
    *,
    think: float,
    tally: Tally,
    stop: asyncio.Event,
    rng: random.Random,
    gate: asyncio.Semaphore,
) -> None:
    """Play one seat: act after ``think`` seconds (± 50 %) when it is this seat's turn, and
    time each action until the state frame of the next version arrives."""
    table, token, host, address = seat
    headers = {"X-Forwarded-For": address} if address else None
    async with gate:  # open the connections a few at a time
        ws = await websockets.connect(
            f"{url}/ws/{table}", max_size=2**22, open_timeout=120, additional_headers=headers
        )
    async with ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))  # never in the URL
        tally.connected += 1
        frame_id = 0
        if host:
            frame_id += 1
            await ws.send(json.dumps({"type": "start", "id": frame_id}))
        closer = asyncio.create_task(_close_on(stop, ws))
        try:
            await _play(ws, host, think=think, tally=tally, rng=rng, pending_id=frame_id)
        except websockets.ConnectionClosed:
            if not stop.is_set():
                raise
        closer.cancel()


async def _play(
    ws: Any, host: bool, *, think: float, tally: Tally, rng: random.Random, pending_id: int
) -> None:
    """The loop of one seat's frames, until its socket closes."""
    pending: tuple[float, int] | None = None  # (sent at, version before)
    acted_on = -1
    version = -1
    frame_id = pending_id
    async for raw in ws:  # no timer per frame: ``stop`` closes the socket instead
        assert isinstance(raw, str)
        if tally.measuring:
            tally.frames += 1
            tally.bytes += len(raw)
        kind = raw[9:15] if raw.startswith('{"type":"') else raw[10:16]  # with JSON's spaces
        if kind == 'error"':
            tally.errors += tally.measuring
            pending = None
            continue
        if kind != 'state"':
            continue
        tally.state_frames += tally.measuring
        version = _int_after(raw, '"version":') or version
        if pending is not None and version > pending[1]:
            if tally.measuring:
                tally.latencies.append(time.perf_counter() - pending[0])
            pending = None
        to_play = _int_after(raw, '"to_play":')
        if to_play is None and ('"view": null' in raw or '"view":null' in raw):
            continue
        over = '"over": true' in raw or '"over":true' in raw
        if over:
            if host and acted_on != version:
                acted_on = version
                tally.rounds += tally.measuring
                await asyncio.sleep(think)
                frame_id += 1
                await ws.send(json.dumps({"type": "rematch", "id": frame_id}))
            continue
        me = _int_after(raw, '"seat":')
        if me is not None and to_play == me and acted_on != version and pending is None:
            acted_on = version
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            legal = json.loads(raw)["view"]["legal"]
            frame_id += 1
            pending = (time.perf_counter(), version)
            action = {"type": "act", "action": rng.choice(legal), "id": frame_id}
            await ws.send(json.dumps(action))


async def _close_on(stop: asyncio.Event, ws: Any) -> None:
    await stop.wait()
    await ws.close()


async def play_seats(
    out: Any, urls: list[str], seats: list[Seat], *, think: float, seed: float
) -> dict[str, Any]:
    """Play ``seats`` (seat ``i`` of a table to ``urls[i % len(urls)]``). Once every seat
    is connected it says ``"connected"`` through ``out`` and gets back the measured windows
    (``(from, to)`` pairs of ``time.perf_counter()``: one clock for every process on the
    machine); what it saw is reported per window."""
    tally, stop = Tally(), asyncio.Event()
    rng, gate = random.Random(seed), asyncio.Semaphore(20)
    tasks = []
    for i, seat in enumerate(seats):
        player = lean_player(
            urls[i % len(urls)],
            seat,
            think=think,
            tally=tally,
            stop=stop,
            rng=random.Random(rng.random()),
            gate=gate,
        )
        tasks.append(asyncio.create_task(player))
    while tally.connected < len(seats) and not any(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    out.send("connected")
    windows: list[tuple[float, float]] = await asyncio.to_thread(out.recv)
    seen = []
    for measure_from, measure_to in windows:
        await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
        tally.measuring = True
        cpu0 = time.process_time()
        await asyncio.sleep(max(0.0, measure_to - time.perf_counter()))
        tally.measuring = False
        seen.append({**tally.take(), "cpu_s": time.process_time() - cpu0})
    stop.set()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [repr(r) for r in done if isinstance(r, BaseException)]
    return {"windows": seen, "players_failed": failed[:3], "players_failed_count": len(failed)}


def client_process(out: Any, urls: list[str], seats: list[Seat], **kwargs: Any) -> None:
    """A client process's body: its own event loop, its result sent back through ``out``."""
    try:
        import uvloop

        runner: Any = uvloop.run
    except ImportError:
        runner = asyncio.run
    out.send(runner(play_seats(out, urls, seats, **kwargs)))
