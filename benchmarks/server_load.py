"""Load benchmark of the table server (not a test): simulated players over real WebSockets.

Starts ``unokit serve`` on a loopback port with a fresh SQLite file, creates ``--tables``
4-seat tables of people, and connects one simulated client per seat. A client whose turn it
is waits ``--think`` seconds (bot speed: the server's own bots wait 0.8 s), sends a random
legal action, and measures the time until the state frame showing its action arrives
(action -> view latency: validation, the engine, the database commit, the views of all
four seats and the send). Rounds are single-round matches (``scoring=none``); when one ends
the host asks for a rematch, so tables play for the whole run.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 60

The server runs in its own process; the simulated players run in ``--client-processes``
processes of their own (``lean_client.py``: they read only the fields they need from each
frame), which report their own CPU time beside the server's, so that they are never the
hidden bottleneck. Besides latency it reports the server's CPU per action and per state
frame, frames per action and bytes per state frame, and the load average before and after.

``--servers 2 --db postgresql+psycopg://... --redis redis://...`` starts two server
processes sharing the database and Redis; seat ``i`` of each table connects to process
``i % 2``, so every action crosses processes:

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20 --servers 2 \
        --db postgresql+psycopg://unokit:unokit@127.0.0.1:5432/unokit --redis redis://127.0.0.1:6379/0

``--owned`` gives each process a route (``--route /p/n``), so each table has one owner
process: table ``i`` is made through process ``i % n`` and all its seats connect there (as
nginx and the 4307 hand-off arrange for real clients), so no action crosses processes:

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20 --servers 2 --owned \
        --db postgresql+psycopg://unokit:unokit@127.0.0.1:5432/unokit --redis redis://127.0.0.1:6379/0

``--in-process`` measures the server's own share instead, without sockets or clients: the
hub handles every action of ``--tables`` 4-seat tables in turn (engine, commit, the four
seats' frames):

    .venv/bin/python benchmarks/server_load.py --in-process --tables 50
    .venv/bin/python benchmarks/server_load.py --in-process --tables 20 \
        --preset mattel-2021,triple-play,party
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from lean_client import Seat, client_process


def address_of(table: int) -> str:
    """Each honest table's players come from their own address (``X-Forwarded-For``,
    trusted from loopback as from a proxy), so the per-address limits see one group of
    friends per table."""
    return f"10.{table // 62500}.{table // 250 % 250}.{table % 250 + 1}"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.rounds = 0
        self.measuring = False


async def player(
    base_ws: str,
    table: str,
    token: str,
    *,
    host: bool,
    think: float,
    stats: Stats,
    stop: asyncio.Event,
    rng: random.Random,
    gate: asyncio.Semaphore,
    address: str | None = None,
) -> None:
    headers = {"X-Forwarded-For": address} if address else None
    async with gate:  # open the connections a few at a time
        ws = await websockets.connect(
            f"{base_ws}/ws/{table}", max_size=2**22, open_timeout=60, additional_headers=headers
        )
    async with ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))  # never in the URL
        pending: tuple[float, int] | None = None  # (sent at, version before)
        acted_on = -1
        frame_id = 0
        if host:
            frame_id += 1
            await ws.send(json.dumps({"type": "start", "id": frame_id}))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            if frame["type"] == "error":
                stats.errors += 1
                pending = None
                continue
            if frame["type"] != "state":
                continue
            table_info, view = frame["table"], frame["view"]
            version = table_info["version"]
            if pending is not None and version > pending[1]:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - pending[0])
                pending = None
            if view is None:
                continue
            if view["over"]:
                if host and acted_on != version:
                    acted_on = version
                    stats.rounds += stats.measuring
                    await asyncio.sleep(think)
                    frame_id += 1
                    await ws.send(json.dumps({"type": "rematch", "id": frame_id}))
                continue
            if view["to_play"] == view["seat"] and acted_on != version and pending is None:
                acted_on = version
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                legal = view["legal"]
                frame_id += 1
                pending = (time.perf_counter(), version)
                await ws.send(
                    json.dumps({"type": "act", "action": rng.choice(legal), "id": frame_id})
                )


async def honest_tables(
    http: httpx.AsyncClient | list[httpx.AsyncClient], tables: int
) -> list[tuple[str, str, bool, str]]:
    """``tables`` 4-seat tables of people: (table, token, is host, address) per seat
    (created 16 at a time); given several servers, table ``i`` through ``http[i % n]``
    (with ``--owned``, the process that then owns it)."""
    gate = asyncio.Semaphore(16)
    clients = http if isinstance(http, list) else [http]

    async def one(i: int) -> list[tuple[str, str, bool, str]]:
        http = clients[i % len(clients)]
        headers = {"X-Forwarded-For": address_of(i)}
        async with gate:
            body = {"name": "p0", "seats": 4, "house": {"scoring": "none"}}
            t = (await http.post("/api/tables", json=body, headers=headers)).json()
            seats = [(t["table"], t["token"], True, address_of(i))]
            for n in (1, 2, 3):
                path = f"/api/tables/{t['table']}/join"
                j = (await http.post(path, json={"name": f"p{n}"}, headers=headers)).json()
                seats.append((t["table"], j["token"], False, address_of(i)))
        return seats

    made = await asyncio.gather(*(one(i) for i in range(tables)))
    return [seat for table in made for seat in table]


LOAD_FLAGS = ("--rate", "1000", "--bot-delay", "0", "--grace", "3600", "--round-pause", "3600")
"""The load benchmark's server: no rate limit in the way, no pauses."""


def start_servers(
    args: argparse.Namespace, *, log_level: str = "warning", flags: tuple[str, ...] = LOAD_FLAGS
) -> list[Any]:
    """``args.servers`` ``unokit serve`` processes on loopback ports: one on a fresh SQLite
    file, or several sharing ``args.db`` (PostgreSQL) and ``args.redis``."""
    if args.servers > 1 and not (args.db and args.redis):
        raise SystemExit("--servers above 1 needs --db (PostgreSQL) and --redis")
    db = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='unokit-load-')) / 't.sqlite3'}"
    shared = ["--redis", args.redis] if args.redis else []
    servers = []
    first = getattr(args, "port", None)
    for n in range(1, args.servers + 1):
        port = first + n - 1 if first else free_port()
        owned = ["--route", f"/p/{n}"] if getattr(args, "owned", False) else []
        command = [
            sys.executable, "-c", "from unokit.cli import main; main()", "serve",
            "--port", str(port), "--db", db, *shared, *owned, *flags, "--log-level",
            log_level, *args.server_flags.split(),
        ]  # fmt: skip
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        server.port = port  # type: ignore[attr-defined]
        servers.append(server)
    return servers


def stop_servers(servers: list[Any]) -> None:
    """SIGTERM (uvicorn closes its connections), then SIGKILL for any still there."""
    for server in servers:
        server.terminate()
    for server in servers:
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


async def wait_healthy(base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for _ in range(600):
            try:
                if (await http.get("/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit(f"no server answered at {base}")


def _spread(seats: list[Seat], parts: int) -> list[list[Seat]]:
    """Whole tables to each client process, round robin."""
    out: list[list[Seat]] = [[] for _ in range(parts)]
    for i in range(0, len(seats), 4):
        out[i // 4 % parts].extend(seats[i : i + 4])
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    servers = start_servers(args)
    urls = [f"ws://127.0.0.1:{s.port}" for s in servers]
    base = f"http://127.0.0.1:{servers[0].port}"
    try:
        for server in servers:
            await wait_healthy(f"http://127.0.0.1:{server.port}")
        owners: dict[str, int] | None = None
        if args.owned:  # table i made through process i % n, which owns it
            bases = [f"http://127.0.0.1:{s.port}" for s in servers]
            https = [httpx.AsyncClient(base_url=b, timeout=30) for b in bases]
            seats = await honest_tables(https, args.tables)
            for http in https:
                await http.aclose()
            made = list(dict.fromkeys(seat[0] for seat in seats))
            owners = {table: i % len(servers) for i, table in enumerate(made)}
        else:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                seats = await honest_tables(http, args.tables)
        context = multiprocessing.get_context("spawn")
        pipes, processes = [], []
        for n, part in enumerate(_spread(seats, args.client_processes)):
            ours, theirs = context.Pipe()
            kwargs: dict[str, Any] = {"think": args.think, "seed": n + 1, "owners": owners}
            body = (theirs, urls, part)
            process = context.Process(target=client_process, args=body, kwargs=kwargs)
            process.start()
            pipes.append(ours)
            processes.append(process)
        for pipe in pipes:  # every seat connected: the warm-up, then the measured window
            await asyncio.to_thread(pipe.recv)
        measure_from = time.perf_counter() + args.warmup
        measure_to = measure_from + args.seconds
        for pipe in pipes:
            pipe.send([(measure_from, measure_to)])
        await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
        spy = _profile(servers[0].pid, args) if args.profile else None
        cpu0 = sum(_cpu(s.pid) for s in servers)
        load0 = Path("/proc/loadavg").read_text().split()[:3]
        await asyncio.sleep(max(0.0, measure_to - time.perf_counter()))
        server_cpu = sum(_cpu(s.pid) for s in servers) - cpu0
        load1 = Path("/proc/loadavg").read_text().split()[:3]
        got = [await asyncio.to_thread(pipe.recv) for pipe in pipes]
        results = [
            {
                **g["windows"][0],
                "players_failed_count": g["players_failed_count"],
                "players_failed": g["players_failed"],
            }
            for g in got
        ]
        if spy is not None:
            await asyncio.to_thread(spy.wait, 60)
        for process in processes:
            process.join(timeout=30)
    finally:
        stop_servers(servers)
    elapsed = args.seconds
    lat = sorted(x for r in results for x in r["latencies"])
    q = statistics.quantiles(lat, n=100) if len(lat) >= 100 else [float("nan")] * 99
    actions = max(1, len(lat))
    state_frames = sum(r["state_frames"] for r in results)
    clients_cpu = sum(r["cpu_s"] for r in results)
    return {
        "tables": args.tables,
        "connections": args.tables * 4,
        "servers": args.servers,
        "owned": bool(getattr(args, "owned", False)),
        "client_processes": args.client_processes,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1) if lat else None,
        "rounds_finished": sum(r["rounds"] for r in results),
        "error_frames": sum(r["errors"] for r in results),
        "frames_per_action": round(sum(r["frames"] for r in results) / actions, 2),
        "bytes_per_state_frame": round(sum(r["bytes"] for r in results) / max(1, state_frames)),
        "server_cpu_share": round(server_cpu / elapsed, 2),
        "server_cpu_ms_per_action": round(server_cpu / actions * 1000, 3),
        "server_cpu_ms_per_state_frame": round(server_cpu / max(1, state_frames) * 1000, 3),
        "clients_cpu_share": [round(r["cpu_s"] / elapsed, 2) for r in results],
        "clients_cpu_ms_per_action": round(clients_cpu / actions * 1000, 3),
        "players_failed": sum(r["players_failed_count"] for r in results),
        "players_failed_first": [why for r in results for why in r["players_failed"]][:3],
        **({"profile_shares": shares(Path(args.profile))} if args.profile else {}),
        "loadavg_before": " ".join(load0),
        "loadavg_after": " ".join(load1),
    }


def _drain(queue: Any) -> None:
    """Build every frame a connection is owed now, as its pump would (``Outbox.get``), the
    sending left out: the state frames are built only when taken."""
    while not queue.empty():
        taking = queue.get()
        try:
            taking.send(None)
        except StopIteration:
            continue
        taking.close()  # it waits: nothing more was owed after all
        return


async def in_process(tables: int, rounds: int, preset: str = "mattel-2021") -> dict[str, Any]:
    """Time ``Hub.handle`` for every action and the four seats' frames it owes, no network:
    the server's own cost (wall clock, and the process's CPU time per action)."""
    from unokit.server.config import ServerConfig
    from unokit.server.coord import Coordinator
    from unokit.server.db import Store, migrate, open_engine
    from unokit.server.hub import Hub
    from unokit.server.protocol import Act, Start
    from unokit.server.table import TableSettings

    tmp = Path(tempfile.mkdtemp(prefix="unokit-hub-"))
    engine = open_engine(f"sqlite:///{tmp / 'tables.sqlite3'}")
    migrate(engine)
    config = ServerConfig(db="unused", bot_delay=0, grace=1e9, round_pause=1e9)
    hub = Hub(config, Store(engine), Coordinator())
    await hub.start()
    rng = random.Random(1)
    seated = []
    settings = TableSettings(seats=4, preset=preset, house={"scoring": "none"})
    for i in range(tables):
        who = address_of(i)
        table, token = await hub.create(
            name="p0", settings=settings, bots=[], seed=None, address=who
        )
        tokens = [token] + [(await hub.join(table.id, f"p{n}", None, who))[1] for n in (1, 2, 3)]
        conns = [await hub.connect(table.id, t) for t in tokens]
        await hub.handle(conns[0], Start(type="start"))
        seated.append((table, conns))
    times = []
    cpu = 0.0
    for _ in range(rounds):
        for table, conns in seated:
            assert table.match is not None
            game = table.match.game
            if game.over:
                continue
            seat = game.to_play
            assert seat is not None
            action = str(rng.choice(game.legal_actions(seat)))
            began, began_cpu = time.perf_counter(), time.process_time()
            await hub.handle(conns[seat], Act(type="act", action=action))
            for conn in conns:
                _drain(conn.queue)
            times.append(time.perf_counter() - began)
            cpu += time.process_time() - began_cpu
    await hub.stop()
    engine.dispose()
    times.sort()
    q = statistics.quantiles(times, n=100)
    return {
        "preset": preset,
        "tables": tables,
        "actions": len(times),
        "cpu_ms_per_action": round(cpu / len(times) * 1000, 3),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
        "max_ms": round(times[-1] * 1000, 1),
    }


def _profile(pid: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """py-spy samples the (first) server's stacks for the measured window."""
    spy = Path(sys.executable).with_name("py-spy")
    command = [
        str(spy), "record", "--pid", str(pid), "--duration", str(int(args.seconds)),
        "--rate", "250", "--format", "raw", "--nonblocking", "--output", args.profile,
    ]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


NAMED = {
    "websocket deflate": ("permessage_deflate", "zlib"),
    "JSON": ("json/encoder", "json/decoder", "json/__init__", "orjson"),
    "database commit": ("sqlalchemy/", "psycopg", "sqlite3", "unokit/server/db.py"),
    "the four views (no JSON)": (
        "state_text (unokit/server/connections", "shared_part (unokit/server/connections",
        "chat_text (unokit/server/connections", "unokit/view.py", "public (unokit",
    ),
}  # fmt: skip
"""A sample whose stack names one of these anywhere goes to the first that it names."""
LEAF = {
    "socket writes (system calls)": ("transport.write", "WebSocketsSansIOProtocol.send ("),
    "outbox": ("unokit/server/outbox.py",),
    "the engine (apply, legal)": ("unokit/game.py", "unokit/actions", "unokit/cards"),
    "the rest of the hub": ("unokit/server/",),
    "uvicorn, websockets, starlette": ("uvicorn/", "websockets/", "starlette/", "fastapi/"),
    "the event loop itself (selector, task steps)": ("Runner.run (asyncio/runners.py",),
}  # fmt: skip
"""Any other sample goes to the part of the innermost frame of its stack that one names."""


WAITING = (
    "Storage._write_all (unokit/server/storage.py",  # the writer waiting for a change
    "_worker (concurrent/futures/thread.py",  # a reader thread waiting for a call
    "Connection.wait (psycopg/",  # a database thread waiting for PostgreSQL's answer
)
"""Innermost frames of a thread that waits rather than works: py-spy counts a timed or
in-C wait as busy, so these samples are left out."""


def shares(raw: Path) -> dict[str, float]:
    """The share of the server's busy samples spent in each part (py-spy ``raw`` stacks)."""
    counts: dict[str, int] = dict.fromkeys([*NAMED, *LEAF, "event loop, other"], 0)
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if stack.rsplit(";", 1)[-1].startswith(WAITING):
            continue
        part = next((p for p, keys in NAMED.items() if any(k in stack for k in keys)), None)
        for frame in reversed(stack.split(";")) if part is None else ():
            part = next((p for p, keys in LEAF.items() if any(k in frame for k in keys)), None)
            if part is not None:
                break
        counts[part or "event loop, other"] += int(n)
    total = max(1, sum(counts.values()))
    return {part: round(n / total, 3) for part, n in counts.items()}


def _cpu(pid: int) -> float:
    """CPU seconds the server process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables", default="200", help="tables, or several sizes run one after the other: 50,200"
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.8, help="seconds before each action")
    parser.add_argument("--in-process", action="store_true", help="the hub alone, no network")
    parser.add_argument(
        "--client-processes", type=int, default=1, help="processes the simulated players share"
    )
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes (above 1: --db and --redis)"
    )
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--redis", default=None, help="Redis URL the servers share tables through")
    parser.add_argument(
        "--owned",
        action="store_true",
        help="each table owned by one process (--route): its seats connect to that process",
    )
    parser.add_argument("--server-flags", default="", help="more flags for unokit serve")
    parser.add_argument("--port", type=int, default=None, help="the first server's port")
    parser.add_argument(
        "--profile", default=None, help="py-spy the server into this file; print each part's share"
    )
    parser.add_argument(
        "--preset",
        default="mattel-2021",
        help="--in-process: the tables' preset, or several separated by commas, run in turn",
    )
    args = parser.parse_args()
    if args.in_process:
        for size in str(args.tables).split(","):
            for preset in args.preset.split(","):
                result = asyncio.run(in_process(int(size), 200, preset))
                print(json.dumps(result), flush=True)
        return
    sizes = [int(n) for n in str(args.tables).split(",")]
    results = []
    for size in sizes:
        results.append(asyncio.run(run(argparse.Namespace(**{**vars(args), "tables": size}))))
        print(json.dumps(results[-1]), flush=True)


if __name__ == "__main__":
    main()
