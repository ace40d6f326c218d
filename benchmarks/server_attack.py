"""Attack benchmark of the table server (not a test): honest tables' latency without and
under each attack from one hostile address, side by side in one run.

Starts ``unokit serve`` on a loopback port (a fresh SQLite file; or ``--servers 2`` processes
sharing ``--db`` PostgreSQL and ``--redis``, honest seats and the attacker's sockets spread
over both; with ``--owned`` each honest table is owned by one process and its seats connect
there, as nginx's hash sends them), with the server's own limits, bot pace and grace
period, and plays ``--tables`` honest 4-seat tables as ``server_load.py`` does (lean
players in a process of their own, each table from its own address). It measures the
honest action -> view latency for ``--seconds`` without any attack, then once per attack
named in ``--attacks`` (attacks joined with ``+`` run together), each from a fresh attacker
process of its own:

- **tables**: create tables as fast as answers come (refused past the per-address limit);
- **seats**: take every open seat in the lobby (refused past the per-address seat limit);
- **sockets**: open spectator WebSockets in a loop (refused past the per-address limit);
- **tokens**: open copies of one seat token (refused past the per-seat limit);
- **bots**: tables whose bots search at the caps (``ismcts:iterations=2000``), so the bot
  workers and the per-decision deadline are exercised;
- **chat**: a 10-seat table, 8 seats taken, 32 sockets on them sending 500-character chat
  lines every 0.1 s, and 32 spectator sockets that never read;
- **botonly**: as many tables as the address may create, every seat but the host's a bot;
  the host connects, starts, and then never acts (its stand-in plays after the grace);
- **stale**: a seat taken, four sockets on it, a leave through one of them, again and
  again: the other three must be closed (close code 4409) at once;
- **replay**: a long full match record (4 seats to 500 points, up to 10,000 actions; about
  0.8 MB, its answer 5 MB) sent to ``POST /api/replay`` from 4 requests in flight;
- **replayjunk**: 4 MB bodies (the route's limit) of a million empty objects, 20 in flight;
- **record**: the attacker's own running table's seat record (with its replay steps)
  downloaded by 3 requests in flight;
- **ipv6**: tables created from every /64 of one /56 in turn (``2001:db8:66:ab00::/56``);
- **slowbody**: 200 requests whose headers are in and whose body comes a byte every 5 s;
- **pages**: ``GET /`` as fast as answers come on 8 keep-alive connections;
- **flap**: the attacker's 2-seat table with 56 reading spectators, its host's socket
  reconnecting in a loop from 4 tasks (each connect and close is a presence change).

    .venv/bin/python benchmarks/server_attack.py --tables 200 --seconds 20 \
        --attacks tables+seats+sockets+tokens,chat,botonly,stale,bots
    .venv/bin/python benchmarks/server_attack.py --tables 100 --seconds 20 \
        --attacks replay,replayjunk,record,ipv6,slowbody,pages,flap

``--pin`` also keeps the machine's cores apart: the server (and its bot workers) on CPU 0;
the honest clients and the attacker on CPU 1, the attacker at nice 10.

Prints one JSON object: the honest p50/p99 without attack and under each, the ratio of the
p99s, the server's CPU share and what each attack got.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from lean_client import client_process
from server_load import _cpu, honest_tables, start_servers, stop_servers, wait_healthy

ATTACKER = "203.0.113.66"
HEADERS = {"X-Forwarded-For": ATTACKER}


def _quantiles(values: list[float]) -> dict[str, float | int | None]:
    lat = sorted(values)
    if len(lat) < 20:
        return {"actions": len(lat), "p50_ms": None, "p99_ms": None}
    return {
        "actions": len(lat),
        "p50_ms": round(lat[len(lat) // 2] * 1000, 1),
        "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1),
    }


async def flood_tables(http: httpx.AsyncClient, got: Counter[str], stop: asyncio.Event) -> None:
    while not stop.is_set():
        r = await http.post("/api/tables", json={"name": "x", "seats": 2}, headers=HEADERS)
        got[f"tables {r.status_code}"] += 1


async def squat_seats(http: httpx.AsyncClient, got: Counter[str], stop: asyncio.Event) -> None:
    while not stop.is_set():
        lobby = (await http.get("/api/tables")).json()
        for table in lobby[:50]:
            r = await http.post(
                f"/api/tables/{table['id']}/join",
                json={"name": f"sq{random.randrange(10**6)}"},
                headers=HEADERS,
            )
            got[f"seats {r.status_code}"] += 1
        await asyncio.sleep(0.05)


async def flood_sockets(
    base_ws: str,
    table: str,
    token: str | None,
    *,
    kind: str,
    got: Counter[str],
    stop: asyncio.Event,
) -> None:
    held = []
    try:
        while not stop.is_set():
            try:
                ws = await websockets.connect(
                    f"{base_ws}/ws/{table}", additional_headers=HEADERS, open_timeout=10
                )
                await ws.send(json.dumps({"type": "auth", "token": token}))
                first = json.loads(await asyncio.wait_for(ws.recv(), 10))
                got[f"{kind} {first['type']}"] += 1
                if first["type"] == "error":
                    await ws.close()
                    await asyncio.sleep(0.02)
                else:
                    held.append(ws)
            except Exception as err:
                got[f"{kind} {type(err).__name__}"] += 1
                await asyncio.sleep(0.05)
    finally:
        for ws in held:
            await ws.close()


async def slow_bots(
    http: httpx.AsyncClient, base_ws: str, got: Counter[str], stop: asyncio.Event
) -> None:
    """Two-seat tables whose bot searches at the caps; the attacker keeps playing."""
    rng = random.Random(2)

    async def one(i: int) -> None:
        body = {"name": f"s{i}", "seats": 2, "bots": ["ismcts:iterations=2000,tree=true"]}
        r = await http.post("/api/tables", json=body, headers=HEADERS)
        got[f"slow table {r.status_code}"] += 1
        if r.status_code != 201:
            return
        t = r.json()
        async with websockets.connect(
            f"{base_ws}/ws/{t['table']}", additional_headers=HEADERS
        ) as ws:
            await ws.send(json.dumps({"type": "auth", "token": t["token"]}))
            await ws.send(json.dumps({"type": "start"}))
            while not stop.is_set():
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                except TimeoutError:
                    continue
                view = frame.get("view") if frame["type"] == "state" else None
                if view and not view["over"] and view["to_play"] == view["seat"]:
                    await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"])}))
                    got["slow moves seen"] += 1

    await asyncio.gather(*(one(i) for i in range(6)), return_exceptions=True)


async def _seats(http: httpx.AsyncClient, seats: int, got: Counter[str]) -> tuple[str, list[str]]:
    """A table of the attacker's with as many of its ``seats`` taken as the address may."""
    t = (
        await http.post("/api/tables", json={"name": "c0", "seats": seats}, headers=HEADERS)
    ).json()
    tokens = [t["token"]]
    for i in range(1, seats):
        r = await http.post(
            f"/api/tables/{t['table']}/join", json={"name": f"c{i}"}, headers=HEADERS
        )
        got[f"chat seat {r.status_code}"] += 1
        if r.status_code == 200:
            tokens.append(r.json()["token"])
    return t["table"], tokens


async def chat_flood(
    http: httpx.AsyncClient, urls: list[str], got: Counter[str], stop: asyncio.Event
) -> None:
    """32 sockets chatting at the rate limit, 32 that never read, at one table."""
    table, tokens = await _seats(http, 10, got)
    silent = []
    for i in range(32):
        ws = await websockets.connect(
            f"{urls[i % len(urls)]}/ws/{table}", additional_headers=HEADERS, max_queue=1
        )
        await ws.send(json.dumps({"type": "auth"}))
        silent.append(ws)  # never read

    async def chatter(i: int) -> None:
        url = f"{urls[i % len(urls)]}/ws/{table}"
        async with websockets.connect(url, additional_headers=HEADERS) as ws:
            await ws.send(json.dumps({"type": "auth", "token": tokens[i % len(tokens)]}))
            reader = asyncio.create_task(_drain(ws, got))
            n = 0
            while not stop.is_set() and not reader.done():
                await ws.send(json.dumps({"type": "chat", "text": f"{n:06d} " + "x" * 490}))
                got["chat lines sent"] += 1
                n += 1
                await asyncio.sleep(0.1)
            reader.cancel()

    try:
        await asyncio.gather(*(chatter(i) for i in range(32)), return_exceptions=True)
    finally:
        got["silent closed by the server"] += sum(ws.close_code is not None for ws in silent)
        for ws in silent:
            ws.transport.abort()


async def _drain(ws: Any, got: Counter[str]) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in ws:
            if isinstance(raw, str) and '"error"' in raw[:20]:
                got["chatter error frames"] += 1


async def bot_only(
    http: httpx.AsyncClient, urls: list[str], got: Counter[str], stop: asyncio.Event
) -> None:
    """Tables of bots, their host connected but never acting."""
    held = []
    try:
        for i in range(40):
            body = {"name": f"b{i}", "seats": 4, "bots": ["random", "random", "random"]}
            r = await http.post("/api/tables", json=body, headers=HEADERS)
            got[f"bot table {r.status_code}"] += 1
            if r.status_code != 201:
                break
            t = r.json()
            ws = await websockets.connect(
                f"{urls[i % len(urls)]}/ws/{t['table']}", additional_headers=HEADERS, max_queue=None
            )
            await ws.send(json.dumps({"type": "auth", "token": t["token"]}))
            await ws.send(json.dumps({"type": "start"}))
            held.append((ws, asyncio.create_task(_drain(ws, got))))
        await stop.wait()
    finally:
        for ws, reader in held:
            reader.cancel()
            await ws.close()


async def stale_sockets(
    http: httpx.AsyncClient, urls: list[str], got: Counter[str], stop: asyncio.Event
) -> None:
    """Take a seat, open four sockets on it, leave through one: the others are closed."""
    t = (await http.post("/api/tables", json={"name": "s0", "seats": 10}, headers=HEADERS)).json()
    n = 0
    while not stop.is_set():
        n += 1
        r = await http.post(
            f"/api/tables/{t['table']}/join", json={"name": f"s{n}"}, headers=HEADERS
        )
        if r.status_code != 200:
            got[f"stale join {r.status_code}"] += 1
            await asyncio.sleep(0.1)
            continue
        token = r.json()["token"]
        socks = []
        for i in range(4):
            ws = await websockets.connect(
                f"{urls[i % len(urls)]}/ws/{t['table']}", additional_headers=HEADERS
            )
            await ws.send(json.dumps({"type": "auth", "token": token}))
            socks.append(ws)
        await socks[0].send(json.dumps({"type": "leave"}))
        for ws in socks[1:]:
            try:
                async with asyncio.timeout(10):
                    async for _ in ws:
                        pass
            except websockets.ConnectionClosed:
                pass
            except TimeoutError:
                got["stale socket still open after 10 s"] += 1
            got[f"stale socket closed {ws.close_code}"] += 1
        for ws in socks:
            await ws.close()


def long_record() -> bytes:
    """A full classic match record of random play, the longest under the replay's 10,000
    actions of the first seeds tried."""
    from unokit import Match, Random, Rules
    from unokit.turns import play_out, random_chooser

    best: bytes = b""
    for seed in range(6):
        match = Match(Rules.preset("mattel-2021"), players=4, seed=seed)
        rng, actions = Random(seed), 0
        while actions <= 10_000:
            actions += sum(1 for _ in play_out(match.game, random_chooser(rng, 0.3)))
            if match.over:
                break
            match.next_round()
        if match.over and actions <= 10_000:
            best = max(best, json.dumps(match.record()).encode(), key=len)
    return best


def junk_record() -> bytes:
    """4 MB (the route's limit) of a record's start and a million empty objects."""
    head = b'{"format": "unokit.match", "players": 4, "rounds": [], "junk": ['
    return head + b"{}," * ((4 * 1024 * 1024 - len(head) - 10) // 3) + b"{}]}"


async def replay_flood(
    http: httpx.AsyncClient, body: bytes, at_once: int, got: Counter[str], stop: asyncio.Event
) -> None:
    """``body`` sent to ``POST /api/replay`` by ``at_once`` requests in flight."""
    headers = {**HEADERS, "content-type": "application/json"}

    async def one() -> None:
        while not stop.is_set():
            try:
                r = await http.post("/api/replay", content=body, headers=headers, timeout=120)
                got[f"replay {r.status_code}"] += 1
                if r.status_code in (429, 503):
                    await asyncio.sleep(0.1)
            except Exception as err:
                got[f"replay {type(err).__name__}"] += 1
                await asyncio.sleep(0.2)

    await asyncio.gather(*(one() for _ in range(at_once)))


async def record_flood(http: httpx.AsyncClient, got: Counter[str], stop: asyncio.Event) -> None:
    """The attacker's own table (its host, three bots playing on), its seat record asked by
    3 requests in flight: every new move makes a record whose steps are replayed again."""
    t = (
        await http.post(
            "/api/tables",
            json={"name": "rec", "seats": 4, "bots": ["random"] * 3},
            headers=HEADERS,
        )
    ).json()
    base_ws = "ws" + str(http.base_url).removeprefix("http").rstrip("/")
    async with websockets.connect(f"{base_ws}/ws/{t['table']}", additional_headers=HEADERS) as ws:
        await ws.send(json.dumps({"type": "auth", "token": t["token"]}))
        await ws.send(json.dumps({"type": "start", "id": 1}))
        headers = {**HEADERS, "X-Seat-Token": t["token"]}

        async def one() -> None:
            while not stop.is_set():
                r = await http.get(f"/api/tables/{t['table']}/record", headers=headers)
                got[f"record {r.status_code}"] += 1
                if r.status_code != 200:
                    await asyncio.sleep(0.1)

        async def drain() -> None:
            with contextlib.suppress(Exception):
                async for _ in ws:
                    pass

        reader = asyncio.create_task(drain())
        await asyncio.gather(*(one() for _ in range(3)))
        reader.cancel()


async def ipv6_tables(http: httpx.AsyncClient, got: Counter[str], stop: asyncio.Event) -> None:
    """Tables created from each /64 of one /56 in turn (as many as answers come)."""
    n = 0
    while not stop.is_set():
        address = f"2001:db8:66:ab{n % 256:02x}::{1 + n // 256:x}"
        r = await http.post(
            "/api/tables",
            json={"name": "v6", "seats": 2},
            headers={"X-Forwarded-For": address},
        )
        got[f"tables {r.status_code}"] += 1
        n += 1
        if r.status_code == 429:
            await asyncio.sleep(0.05)


async def slow_bodies(base: str, got: Counter[str], stop: asyncio.Event) -> None:
    """200 requests whose headers are in and whose body comes a byte every 5 s; each
    closed by the server is counted and opened again."""
    host, port = base.removeprefix("http://").split(":")
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 16000\r\nX-Forwarded-For: "
        + HEADERS["X-Forwarded-For"].encode()
        + b"\r\n\r\n{"
    )

    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(host, int(port))
                writer.write(head)
                got["slow body opened"] += 1
                while not stop.is_set():
                    await asyncio.sleep(5)
                    if reader.at_eof():
                        got["slow body closed by the server"] += 1
                        break
                    writer.write(b" ")
                    await writer.drain()
                writer.close()
            except Exception as err:
                got[f"slow body {type(err).__name__}"] += 1
                await asyncio.sleep(1)

    await asyncio.gather(*(one() for _ in range(200)))


async def page_flood(base: str, got: Counter[str], stop: asyncio.Event) -> None:
    """``GET /`` as fast as answers come, on 8 keep-alive connections."""

    async def one() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            while not stop.is_set():
                try:
                    r = await http.get("/", headers=HEADERS)
                    got[f"page {r.status_code}"] += 1
                    if r.status_code == 429:
                        await asyncio.sleep(0.05)
                except Exception as err:
                    got[f"page {type(err).__name__}"] += 1

    await asyncio.gather(*(one() for _ in range(8)))


async def presence_flap(
    http: httpx.AsyncClient, base_ws: str, got: Counter[str], stop: asyncio.Event
) -> None:
    """The attacker's 2-seat table, 56 spectators reading everything, and its host's token
    connecting, waiting for its first state frame and closing, from 4 tasks in a loop."""
    t = (await http.post("/api/tables", json={"name": "flap", "seats": 2}, headers=HEADERS)).json()
    table, token = t["table"], t["token"]
    readers = []

    async def read(ws: Any) -> None:
        with contextlib.suppress(Exception):
            async for _ in ws:
                got["spectator frames"] += 1

    for _ in range(56):
        try:
            ws = await websockets.connect(
                f"{base_ws}/ws/{table}", additional_headers=HEADERS, max_size=2**22
            )
            await ws.send(json.dumps({"type": "auth"}))
        except Exception as err:  # refused past the connects ration: closed at once
            got[f"spectator {type(err).__name__}"] += 1
            continue
        got["spectators"] += 1
        readers.append(asyncio.create_task(read(ws)))

    async def flap() -> None:
        while not stop.is_set():
            try:
                ws = await websockets.connect(
                    f"{base_ws}/ws/{table}", additional_headers=HEADERS, open_timeout=10
                )
                await ws.send(json.dumps({"type": "auth", "token": token}))
                first = await asyncio.wait_for(ws.recv(), 10)
                while '"state"' not in first and '"error"' not in first:
                    first = await asyncio.wait_for(ws.recv(), 10)
                await ws.close()
                got["seat connects" if '"state"' in first else "seat connects refused"] += 1
                if '"error"' in first:
                    await asyncio.sleep(0.2)
            except Exception as err:
                got[f"flap {type(err).__name__}"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(*(flap() for _ in range(4)))
    for task in readers:
        task.cancel()


async def attack(
    bases: list[str], victim: dict[str, str], spectate: str, names: list[str], seconds: float
) -> dict[str, Any]:
    """Every flood named at once from the attacker's address, for ``seconds``."""
    base = bases[0]
    base_ws = "ws" + base.removeprefix("http")
    urls = ["ws" + b.removeprefix("http") for b in bases]
    got: Counter[str] = Counter()
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        floods = {
            "tables": lambda: flood_tables(http, got, stop),
            "seats": lambda: squat_seats(http, got, stop),
            "sockets": lambda: flood_sockets(
                base_ws, spectate, None, kind="spectator", got=got, stop=stop
            ),
            "tokens": lambda: flood_sockets(
                base_ws, victim["table"], victim["token"], kind="token copy", got=got, stop=stop
            ),
            "bots": lambda: slow_bots(http, base_ws, got, stop),
            "chat": lambda: chat_flood(http, urls, got, stop),
            "botonly": lambda: bot_only(http, urls, got, stop),
            "stale": lambda: stale_sockets(http, urls, got, stop),
            "replay": lambda: replay_flood(http, long_record(), 4, got, stop),
            "replayjunk": lambda: replay_flood(http, junk_record(), 20, got, stop),
            "record": lambda: record_flood(http, got, stop),
            "ipv6": lambda: ipv6_tables(http, got, stop),
            "slowbody": lambda: slow_bodies(base, got, stop),
            "pages": lambda: page_flood(base, got, stop),
            "flap": lambda: presence_flap(http, base_ws, got, stop),
        }
        tasks = [asyncio.create_task(floods[name]()) for name in names]
        began = time.perf_counter()
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.wait(tasks, timeout=15)
        for task in tasks:
            task.cancel()
        elapsed = time.perf_counter() - began
    return {"answers": dict(sorted(got.items())), "seconds": round(elapsed, 1)}


def attacker(pin: bool, address: str, out: Any, *call: Any) -> None:
    """The attacker's process, at nice 10 (the nearest stand-in on a shared machine for an
    attacker on a machine of its own): its own event loop and address, its result sent back
    through ``out``."""
    global HEADERS  # noqa: PLW0603 (this process's address, read by every flood)
    HEADERS = {"X-Forwarded-For": address}
    if pin:
        os.sched_setaffinity(0, {1})
    os.nice(10)
    out.send(asyncio.run(attack(*call)))


QUIET_AGAIN = "none, again"
QUIET = ("none", QUIET_AGAIN)
"""The phases without an attack; each attack's p99 is compared with theirs pooled."""

ATTACK_FLAGS = ("--rate", "1000", "--round-pause", "3600")
"""The attack benchmark's server: the default limits, bot pace and grace period (the honest
players' frames are never rate limited; their rounds end in a rematch, not a pause)."""


async def run(args: argparse.Namespace) -> dict[str, Any]:
    servers = start_servers(args, log_level="error", flags=ATTACK_FLAGS)
    bases = [f"http://127.0.0.1:{s.port}" for s in servers]
    urls = ["ws" + b.removeprefix("http") for b in bases]
    if args.pin:  # the server's bot workers, started later, inherit its CPU
        for server in servers:
            os.sched_setaffinity(server.pid, {0})
        os.sched_setaffinity(0, {1})
    # quiet before the attacks and again after them: the baseline is both windows pooled,
    # so a slow start (or a slower host later) does not pass for an attack's effect
    phases = ["none", *args.attacks.split(","), QUIET_AGAIN]
    context = multiprocessing.get_context("spawn")
    try:
        for base in bases:
            await wait_healthy(base)
        owners: dict[str, int] | None = None
        https = [httpx.AsyncClient(base_url=b, timeout=30) for b in bases]
        try:
            if args.owned:  # table i made through process i % n, which owns it
                seats = await honest_tables(https, args.tables)
                made = list(dict.fromkeys(seat[0] for seat in seats))
                owners = {table: i % len(servers) for i, table in enumerate(made)}
            else:
                seats = await honest_tables(https[0], args.tables)
            victim = (
                await https[0].post("/api/tables", json={"name": "v"}, headers=HEADERS)
            ).json()  # the tokens flood's table (the first attacker address's)
        finally:
            for http in https:
                await http.aclose()
        ours, theirs = context.Pipe()
        honest = context.Process(
            target=client_process,
            args=(theirs, urls, seats),
            kwargs={"think": args.think, "seed": 1, "owners": owners},
        )
        honest.start()
        await asyncio.to_thread(ours.recv)  # every honest seat connected
        lead, gap = 8.0, 10.0  # the attacker sets up before its window, and is gone after it
        t0 = time.perf_counter() + args.warmup + lead
        windows = [(t0 + k * (args.seconds + gap + lead), 0.0) for k in range(len(phases))]
        windows = [(a, a + args.seconds) for a, _ in windows]
        ours.send(windows)
        report: dict[str, Any] = {}
        for phase, (began, ended) in zip(phases, windows, strict=True):
            await asyncio.sleep(max(0.0, began - lead - time.perf_counter()))
            process = None
            if phase not in QUIET:
                their_end, end = context.Pipe()
                call = (bases, victim, seats[0][0], phase.split("+"), args.seconds + lead)
                address = f"203.0.113.{66 + len(report)}"  # each attack from an address of its own
                process = context.Process(target=attacker, args=(args.pin, address, end, *call))
                process.start()
            await asyncio.sleep(max(0.0, began - time.perf_counter()))
            cpu = sum(_cpu(s.pid) for s in servers)
            await asyncio.sleep(max(0.0, ended - time.perf_counter()))
            report[phase] = {
                "server_cpu": round((sum(_cpu(s.pid) for s in servers) - cpu) / args.seconds, 2),
                "loadavg": Path("/proc/loadavg").read_text().split()[0],
            }
            if process is not None:
                got = await asyncio.to_thread(their_end.recv)
                await asyncio.to_thread(process.join, 30)
                report[phase]["attack_answers"] = got["answers"]
        result = await asyncio.to_thread(ours.recv)
        await asyncio.to_thread(honest.join, 30)
    finally:
        stop_servers(servers)
    quiet = _quantiles(
        [
            x
            for p, w in zip(phases, result["windows"], strict=True)
            if p in QUIET
            for x in w["latencies"]
        ]
    )
    for phase, seen in zip(phases, result["windows"], strict=True):
        report[phase] = {**_quantiles(seen["latencies"]), **report[phase]}
        report[phase]["honest_error_frames"] = seen["errors"]
        if phase not in QUIET and quiet["p99_ms"] and report[phase]["p99_ms"]:
            report[phase]["p99_ratio"] = round(report[phase]["p99_ms"] / quiet["p99_ms"], 2)
    report["quiet, both windows"] = quiet
    return {
        "tables": args.tables,
        "servers": args.servers,
        "owned": args.owned,
        "seconds_per_phase": args.seconds,
        "pinned": args.pin,
        "honest_players_failed": result["players_failed_count"],
        "phases": report,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.8, help="seconds before each action")
    parser.add_argument(
        "--attacks",
        default="tables+seats+sockets+tokens,chat,botonly,stale,bots",
        help="the attack phases, separated by commas; floods joined by + run together",
    )
    parser.add_argument("--server-flags", default="", help="more flags for unokit serve")
    parser.add_argument("--port", type=int, default=None, help="the first server's port")
    parser.add_argument("--servers", type=int, default=1, help="above 1: --db and --redis")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--redis", default=None, help="Redis URL the servers share tables through")
    parser.add_argument(
        "--owned",
        action="store_true",
        help="each table owned by one process (--route): its seats connect to that process",
    )
    parser.add_argument(
        "--pin", action="store_true", help="server on CPU 0, clients and attacker on CPU 1"
    )
    print(json.dumps(asyncio.run(run(parser.parse_args()))), flush=True)


if __name__ == "__main__":
    main()
