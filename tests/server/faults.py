"""Faults of the real services, for the tests that the server survives them.

``Gate`` is a TCP proxy in front of a real service (the shared PostgreSQL): the server under
test connects through it, and the test cuts it (the database is down: every connection
closed, new ones refused) or stalls it (the database hangs: connections stay open, nothing
passes either way), then opens it again. ``ScratchRedis`` is a ``redis-server`` of the
test's own on a free loopback port, which the test stops and starts again (a restart:
every connection and subscription lost, no data kept). Neither touches the services other
tests share.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

from tests.server.live import free_port

__all__ = ["Gate", "ScratchRedis"]


class Gate:
    """A TCP proxy from a free loopback port to ``host:port`` that can be cut or stalled."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._open = threading.Event()
        self._open.set()
        self._down = False
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, url: str) -> str:
        """``url`` (a database URL naming the target's host and port) through the gate."""
        host, port = self.target
        return url.replace(f"{host}:{port}", f"127.0.0.1:{self.port}")

    def cut(self) -> None:
        """The service is down: its connections close, new ones are refused."""
        with self._lock:
            self._down = True
            for sock in self._sockets:
                _close(sock)
            self._sockets.clear()

    def stall(self) -> None:
        """The service hangs: connections stay open and nothing passes."""
        self._open.clear()

    def restore(self) -> None:
        """The service is back: what waited passes, new connections are made."""
        with self._lock:
            self._down = False
        self._open.set()

    def close(self) -> None:
        self._closed = True
        self.restore()
        self.cut()
        _close(self._listener)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                down = self._down
            if down:
                _close(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._sockets.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                self._open.wait()  # a stall holds what came until the gate opens
                with self._lock:
                    if self._down:
                        break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


class ScratchRedis:
    """A ``redis-server`` of the test's own: ``stop()`` and ``start()`` restart it on the same
    port with nothing kept."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise AssertionError("no redis-server: run scripts/services")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ScratchRedis:
        command = [
            self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
            "--appendonly", "no", "--dir", str(self.folder),
        ]  # fmt: skip
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the scratch redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
