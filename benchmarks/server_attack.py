"""Attack benchmark of the table server (not a test): honest tables' latency with and
without floods from one hostile client, side by side in one run.

Starts ``unokit serve`` with its default limits on a loopback port and a fresh SQLite file,
and plays ``--tables`` honest 4-seat tables exactly as ``server_load.py`` does (each table's
players from their own address). It measures the honest action -> view latency for
``--seconds``, then starts the attacks from one address and measures again:

- **tables**: create tables as fast as answers come (refused past the per-address limit);
- **seats**: take every open seat in the lobby (refused past the per-address seat limit);
- **sockets**: open spectator WebSockets in a loop (refused past the per-address limit);
- **token copies**: open copies of one seat token (refused past the per-seat limit);
- **slow bots**: tables whose bots search at the caps (``ismcts:iterations=2000``), so
  the bot workers and the per-decision deadline are exercised.

    .venv/bin/python benchmarks/server_attack.py --tables 50 --seconds 20

The attacker runs in a process of its own (as it would on its own machine), so its work
never delays the honest clients' clocks in this process. ``--pin`` also keeps the machine's
cores apart: the server (and its bot workers) on CPU 0; the honest clients and the attacker
on CPU 1, the attacker at nice 10 so that it takes what the honest clients leave of that
core: on a 2-core machine, the nearest stand-in for an attacker on another machine.

Prints one JSON object: the honest p50/p99 in both phases and what each attack got.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from server_load import Stats, _cpu, free_port, honest_tables, player

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


async def attack(
    base: str, victim: dict[str, str], spectate: str, names: list[str], seconds: float
) -> dict[str, Any]:
    """Every flood named at once from the attacker's address, for ``seconds``."""
    base_ws = "ws" + base.removeprefix("http")
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


def attacker(pin: bool, out: Any, *call: Any) -> None:
    """The attacker's process: its own event loop, its result sent back through ``out``."""
    if pin:
        os.sched_setaffinity(0, {1})
        os.nice(10)
    out.send(asyncio.run(attack(*call)))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-attack-"))
    command = [
        sys.executable, "-c", "from unokit.cli import main; main()", "serve",
        "--port", str(port), "--db", f"sqlite:///{tmp / 'tables.sqlite3'}",
        "--rate", "1000", "--bot-delay", "0", "--grace", "3600", "--round-pause", "3600",
        "--log-level", "error", *args.server_flags.split(),
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if args.pin:  # the server's bot workers, started later, inherit its CPU
        os.sched_setaffinity(server.pid, {0})
        os.sched_setaffinity(0, {1})
    base, base_ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(300):
                try:
                    if (await http.get("/health")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            seats = await honest_tables(http, args.tables)
            stats, stop = Stats(), asyncio.Event()
            rng, gate = random.Random(1), asyncio.Semaphore(20)
            honest = [
                asyncio.create_task(
                    player(base_ws, table, token, host=host, think=args.think, stats=stats,
                           stop=stop, rng=random.Random(rng.random()), gate=gate,
                           address=address)
                )
                for table, token, host, address in seats
            ]  # fmt: skip
            await asyncio.sleep(args.warmup)
            stats.measuring = True
            cpu = _cpu(server.pid)
            await asyncio.sleep(args.seconds)
            quiet = list(stats.latencies)
            quiet_cpu, cpu = _cpu(server.pid) - cpu, _cpu(server.pid)
            stats.latencies.clear()
            # the attack: one address, every flood at once, from a process of its own
            victim = (await http.post("/api/tables", json={"name": "v"}, headers=HEADERS)).json()
            ours, theirs = multiprocessing.Pipe()
            call = (base, victim, seats[0][0], args.attacks.split(","), args.seconds)
            process = multiprocessing.get_context("spawn").Process(
                target=attacker, args=(args.pin, theirs, *call)
            )
            process.start()
            await asyncio.sleep(args.seconds)
            attacked = list(stats.latencies)
            attacked_cpu = _cpu(server.pid) - cpu
            stop.set()
            await asyncio.gather(*honest, return_exceptions=True)
            got = await asyncio.to_thread(ours.recv)
            process.join()
    finally:
        server.terminate()
        server.wait(timeout=20)
    return {
        "tables": args.tables,
        "attacks": args.attacks,
        "seconds_per_phase": args.seconds,
        "honest_without_attack": _quantiles(quiet),
        "honest_under_attack": _quantiles(attacked),
        "server_cpu": [round(quiet_cpu / args.seconds, 2), round(attacked_cpu / args.seconds, 2)],
        "attack_answers": got["answers"],
        "attack_seconds": got["seconds"],
        "pinned": args.pin,
        "honest_error_frames": stats.errors,
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per phase")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.8, help="seconds before each action")
    parser.add_argument(
        "--attacks", default="tables,seats,sockets,tokens,bots", help="which floods to run"
    )
    parser.add_argument("--server-flags", default="", help="more flags for unokit serve")
    parser.add_argument(
        "--pin", action="store_true", help="server on CPU 0, clients and attacker on CPU 1"
    )
    print(json.dumps(asyncio.run(run(parser.parse_args()))), flush=True)


if __name__ == "__main__":
    main()
