"""Frames and bytes the table server sends (not a test): per connection, by frame type.

Starts ``unokit serve`` on a loopback port with a fresh SQLite file, seats four people at one
table (single-round matches, no bots) and measures three phases, each counted at all four
connections:

- ``chat``: ``--lines`` chat lines during a game (30 lines were said before the start);
- ``act``: ``--actions`` actions (a random legal one by whoever is to play; a rematch when a
  round ends), each awaited until all four connections have seen it;
- ``reconnect``: one seat reconnects: what it gets before it has the table and the chat.

    .venv/bin/python benchmarks/frame_bytes.py --actions 200 --lines 50
    .venv/bin/python benchmarks/frame_bytes.py --words 80   # long lines (~500 characters)

Prints a table: frames and bytes a connection receives per chat line and per action, by
frame type, and the mean bytes of a frame.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """One seat's connection: every frame it receives, counted in the current phase."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.state: dict[str, Any] | None = None
        self.said: set[str] = set()
        self.acks: dict[int, int] = {}
        self.changed = asyncio.Event()

    async def read(self) -> None:
        async for raw in self.ws:
            text = raw if isinstance(raw, str) else raw.decode()
            frame = json.loads(text)
            kind = frame["type"]
            count = self.counts[kind]
            count[0] += 1
            count[1] += len(text.encode())
            if kind == "state":
                if "table" not in frame and self.state:  # left out while unchanged
                    frame["table"] = self.state["table"]
                self.state = frame
                for m in frame.get("chat", ()):
                    self.said.add(m["text"])
            elif kind == "chat":
                for m in frame["lines"]:
                    self.said.add(m["text"])
            elif kind == "ack":
                self.acks[frame["id"]] = frame["version"]
            self.changed.set()

    async def until(self, done: Any) -> None:
        while not done(self):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout=30)


async def connect(base_ws: str, table: str, token: str) -> tuple[Client, asyncio.Task[None]]:
    ws = await websockets.connect(f"{base_ws}/ws/{table}", max_size=2**22)
    await ws.send(json.dumps({"type": "auth", "token": token}))
    client = Client(ws)
    task = asyncio.create_task(client.read())
    await client.until(lambda c: c.state is not None)
    return client, task


def version(c: Client) -> int:
    if not c.state:
        return -1
    return int(c.state["version"] if "version" in c.state else c.state["table"]["version"])


async def run(args: argparse.Namespace) -> dict[str, dict[str, list[float]]]:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-frames-"))
    command = [
        sys.executable, "-c", "from unokit.cli import main; main()", "serve",
        "--port", str(port), "--db", f"sqlite:///{tmp / 'tables.sqlite3'}", "--rate", "1000",
        "--grace", "3600", "--round-pause", "3600", "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(args.seed)
    phases: dict[str, dict[str, list[float]]] = {}
    tasks: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(300):
                try:
                    if (await http.get("/health")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            body = {"name": "Ann", "seats": 4, "house": {"scoring": "none"}}
            t = (await http.post("/api/tables", json=body)).json()
            tokens = [t["token"]]
            for name in ("Bob", "Cy", "Di"):
                j = await http.post(f"/api/tables/{t['table']}/join", json={"name": name})
                tokens.append(j.json()["token"])
        base_ws = f"ws://127.0.0.1:{port}"
        clients: list[Client] = []
        for token in tokens:
            client, task = await connect(base_ws, t["table"], token)
            clients.append(client)
            tasks.append(task)
        frame_id = 0

        async def send(c: Client, frame: dict[str, Any]) -> int:
            nonlocal frame_id
            frame_id += 1
            await c.ws.send(json.dumps({**frame, "id": frame_id}))
            await c.until(lambda c: frame_id in c.acks)
            return c.acks[frame_id]

        async def say(n: int) -> None:
            line = f"line {n}: " + "words " * rng.randint(1, args.words)
            await send(clients[n % 4], {"type": "chat", "text": line.strip()})
            for c in clients:
                await c.until(lambda c: line.strip() in c.said)

        for n in range(30):  # the chat before the game
            await say(n)

        async def seen_by_all(v: int) -> None:
            for c in clients:
                await c.until(lambda c: version(c) >= v)

        await seen_by_all(await send(clients[0], {"type": "start"}))

        def measure(name: str, per: int) -> None:
            totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
            for c in clients:
                for kind, (frames, size) in c.counts.items():
                    totals[kind][0] += frames / len(clients) / per
                    totals[kind][1] += size / len(clients) / per
                c.counts.clear()
            phases[name] = dict(totals)

        for c in clients:
            c.counts.clear()
        for n in range(args.lines):
            await say(30 + n)
        measure("chat", args.lines)

        for _ in range(args.actions):
            views = [c.state["view"] for c in clients if c.state and c.state["view"]]
            if views and views[0]["over"]:
                v = await send(clients[0], {"type": "rematch"})
            else:
                seat = next(vw["to_play"] for vw in views)
                view = clients[seat].state["view"]  # type: ignore[index]
                action = rng.choice(view["legal"])
                v = await send(clients[seat], {"type": "act", "action": action})
            await seen_by_all(v)
        measure("act", args.actions)

        await clients[1].ws.close()
        client, task = await connect(base_ws, t["table"], tokens[1])
        tasks.append(task)
        last = f"line {29 + args.lines}:"
        await client.until(lambda c: any(m.startswith(last) for m in c.said))
        clients = [client]
        measure("reconnect", 1)
        for c in clients:
            await c.ws.close()
    finally:
        for task in tasks:
            task.cancel()
        server.terminate()
        server.wait(timeout=20)
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--lines", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--words", type=int, default=12, help="a chat line's most words")
    args = parser.parse_args()
    phases = asyncio.run(run(args))
    print("phase      frame   frames/each   bytes/each   bytes/frame   (a connection)")
    for name, kinds in phases.items():
        each = {"chat": "line", "act": "action", "reconnect": "reconnect"}[name]
        for kind, (frames, size) in sorted(kinds.items()):
            mean = size / frames if frames else 0.0
            print(f"{name:<10} {kind:<7} {frames:>9.2f}/{each:<9} {size:>9.0f}   {mean:>9.0f}")


if __name__ == "__main__":
    main()
