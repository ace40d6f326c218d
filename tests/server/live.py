"""A real ``unokit serve`` process on a loopback port, for the restart and browser tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

__all__ = ["Server", "free_port", "with_table", "ws_frames"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``unokit serve`` in a child process; ``kill()`` is ``kill -9``, ``pause()`` is
    ``kill -STOP``."""

    def __init__(self, db: str, log: Path, *flags: str, port: int | None = None) -> None:
        self.db = db
        self.log = log
        self.flags = flags
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        # the tests deal chosen seeds; a test of the refusal passes --no-allow-seeds
        command = [
            sys.executable, "-c", "from unokit.cli import main; main()", "serve",
            "--port", str(self.port), "--db", self.db, "--allow-seeds", *self.flags,
        ]  # fmt: skip
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ}
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not answer /health in 30 s")

    def kill(self) -> None:
        """``kill -9``: no shutdown code runs."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def pause(self) -> None:
        """``kill -STOP``: the process stops running, as a blocked event loop or a paused
        machine does, and holds its sockets."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(f"{self.base}{path}", json=body, timeout=10)
        response.raise_for_status()
        return dict(response.json())

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    @contextmanager
    def seat(self, table: str, token: str | None = None) -> Iterator[Any]:
        """A ``websockets`` connection that sends its seat token in the first frame."""
        from websockets.sync.client import connect

        with connect(self.ws_url(table)) as ws:
            ws.send(json.dumps({"type": "auth", "token": token}))
            yield ws


def ws_frames(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next frame from a ``websockets`` sync connection."""
    return with_table(ws, dict(json.loads(ws.recv(timeout=timeout))))


def with_table(ws: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """A state frame leaves out the table's public part while it is unchanged; as the page
    does, the frame read is completed with the last one this socket received."""
    if frame.get("type") == "state":
        if "table" in frame:
            ws.unokit_table = frame["table"]
        else:
            frame["table"] = ws.unokit_table
    return frame
