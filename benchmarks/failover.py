"""Time to resume after the owner of the tables is killed (not a test).

Starts two ``unokit serve`` processes owning their tables (``--route``) on PostgreSQL and
Redis, with a real nginx in front (``unokit.server.proxy``); creates ``--tables`` tables of
one person and one bot, all through process 1 (which owns them), and connects each person
through nginx. Once every person has made a move, process 1 is killed (``kill -9``); each
person then reconnects as the page does (``static/net.js``: close code 4307 is followed to
the owner's route, any other failure waits 0.6 s, 1.2 s, 2.4 s ... and asks nginx again) and
plays its next move. Reported: seconds from the kill to each table's first acknowledged
move (median, 90th percentile, most), the lease, and that every table's stored moves are
contiguous (none lost, none twice).

    .venv/bin/python benchmarks/failover.py --tables 50 --lease 5 \\
        --db postgresql+psycopg://unokit:unokit@127.0.0.1:5432/unokit_bench \\
        --redis redis://127.0.0.1:6379/9
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from sqlalchemy import select

from unokit.server.db import moves, open_engine
from unokit.server.proxy import nginx_conf


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def address(i: int) -> str:
    """Table ``i``'s person's own address (the limits count connections by address)."""
    return f"10.9.{i // 250}.{i % 250 + 1}"


async def dial(base: str, table: str, token: str, who: str) -> Any:
    """A seated connection to the table's owner, found as the page finds it."""
    route, hops, retry = "", 0, 0
    while True:
        try:
            ws = await websockets.connect(
                f"{base}{route}/ws/{table}",
                open_timeout=10,
                additional_headers={"X-Forwarded-For": who},
            )
            retry = 0  # as the page: an open socket starts the backoff again
            await ws.send(json.dumps({"type": "auth", "token": token}))
            hello = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if hello.get("type") == "hello":
                return ws
            await ws.close()
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code == 4307:
                route, hops = closed.rcvd.reason, hops + 1
                await asyncio.sleep(0 if hops <= 2 else 0.3 * 2 ** min(hops - 2, 4))
                continue
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            pass
        route, hops = "", 0
        retry = min(retry + 1, 6)
        await asyncio.sleep(0.3 * 2**retry)


async def play_one(ws: Any, frame_id: int) -> None:
    """Play the first legal action on the person's next turn, until it is acknowledged."""
    while True:
        frame = json.loads(await ws.recv())
        view = frame.get("view") if frame.get("type") == "state" else None
        if view and view.get("to_play") == 0 and view.get("legal"):
            await ws.send(json.dumps({"type": "act", "action": view["legal"][0], "id": frame_id}))
            while True:
                reply = json.loads(await ws.recv())
                if reply.get("type") in ("ack", "error") and reply.get("id") == frame_id:
                    break
            if reply["type"] == "ack":
                return


async def person(
    base: str, table: str, token: str, who: str, *, ready: asyncio.Event, killed: list[float]
) -> float:
    ws = await dial(base, table, token, who)
    await ws.send(json.dumps({"type": "start", "id": 1}))
    await play_one(ws, 2)
    ready.set()
    try:
        while True:
            await ws.recv()
    except websockets.ConnectionClosed:
        pass
    ws = await dial(base, table, token, who)
    await play_one(ws, 3)
    await ws.close()
    return time.monotonic() - killed[0]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="unokit-failover-"))
    ports = [free_port(), free_port()]
    servers = []
    for n, port in enumerate(ports, start=1):
        command = [
            sys.executable, "-c", "from unokit.cli import main; main()", "serve",
            "--port", str(port), "--db", args.db, "--redis", args.redis, "--route", f"/p/{n}",
            "--lease", str(args.lease), "--bot-delay", "0", "--grace", "3600",
            "--round-pause", "3600", "--allow-seeds", "--log-level", "warning",
        ]  # fmt: skip
        log = (folder / f"server{n}.log").open("ab")
        servers.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
    proxy = free_port()
    conf = folder / "nginx.conf"
    conf.write_text(nginx_conf(ports, f"127.0.0.1:{proxy}", folder))
    nginx = subprocess.Popen(
        ["/usr/sbin/nginx", "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            for port in ports:
                for _ in range(300):
                    try:
                        if (await http.get(f"http://127.0.0.1:{port}/health")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    await asyncio.sleep(0.1)
            made = []
            for i in range(args.tables):
                body = {"name": "Ann", "seats": 2, "bots": ["random"], "seed": i}
                # each table's person from an address of their own (the limits count those)
                headers = {"X-Forwarded-For": address(i)}
                url = f"http://127.0.0.1:{ports[0]}/api/tables"
                answer = await http.post(url, json=body, headers=headers)
                answer.raise_for_status()
                made.append((answer.json()["table"], answer.json()["token"]))
        killed: list[float] = []
        readies = [asyncio.Event() for _ in made]
        base = f"ws://127.0.0.1:{proxy}"
        tasks = [
            asyncio.create_task(person(base, t, token, address(i), ready=ready, killed=killed))
            for i, ((t, token), ready) in enumerate(zip(made, readies, strict=True))
        ]
        for ready in readies:
            await ready.wait()
        killed.append(time.monotonic())
        os.kill(servers[0].pid, signal.SIGKILL)
        waits = sorted(await asyncio.gather(*tasks))
    finally:
        nginx.terminate()
        for server in servers:
            if server.poll() is None:
                server.terminate()
        for server in servers:
            server.wait(timeout=30)
        nginx.wait(timeout=10)
    engine = open_engine(args.db)
    contiguous = True
    with engine.connect() as conn:
        for table, _token in made:
            seqs = sorted(
                conn.execute(select(moves.c.seq).where(moves.c.table_id == table)).scalars()
            )
            contiguous &= seqs == list(range(len(seqs)))
    engine.dispose()
    return {
        "tables": args.tables,
        "lease_s": args.lease,
        "resume_p50_s": round(statistics.median(waits), 2),
        "resume_p90_s": round(waits[int(0.9 * (len(waits) - 1))], 2),
        "resume_max_s": round(waits[-1], 2),
        "stored_moves_contiguous": contiguous,
        "loadavg": " ".join(Path("/proc/loadavg").read_text().split()[:3]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--lease", type=float, default=5.0)
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (its tables are added to)")
    parser.add_argument("--redis", required=True)
    print(json.dumps(asyncio.run(run(parser.parse_args())), indent=2))


if __name__ == "__main__":
    main()
