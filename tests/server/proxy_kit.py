"""A real nginx in front of real server processes, and a client that finds a table's owner
as the page does (``static/net.js``): it follows close code 4307 to the owner's route, and
after any other failure asks the proxy again."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

from unokit.server.proxy import nginx_conf

__all__ = ["Nginx", "dial", "port_between"]


def port_between(low: int, high: int) -> int:
    """A free loopback port in ``low..high`` (the tests' own range)."""
    for port in range(low, high + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free port in {low}..{high}")


class Nginx:
    """``nginx`` in the foreground with ``proxy.nginx_conf`` for the processes on ``ports``."""

    def __init__(self, folder: Path, ports: list[int], port: int) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise AssertionError("no nginx: run scripts/services")
        self.binary = binary
        self.folder = folder
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.conf = folder / "nginx.conf"
        self.conf.write_text(nginx_conf(ports, f"127.0.0.1:{port}", folder))
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        command = [self.binary, "-p", str(self.folder), "-c", str(self.conf), "-g", "daemon off;"]
        with (self.folder / "nginx.out").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError((self.folder / "nginx.out").read_text()[-2000:])
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError("nginx did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def dial(base: str, table: str, token: str | None, timeout: float = 60.0) -> tuple[Any, str]:
    """A seated connection to ``table``'s owner through the proxy at ``base`` (``ws://...``),
    and the route it was reached at; the connection's first frame (hello) has been read."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect

    route = ""
    deadline = time.monotonic() + timeout
    while True:
        if time.monotonic() > deadline:
            raise AssertionError(f"no owner answered for {table} in {timeout:g} s")
        try:
            ws = connect(f"{base}{route}/ws/{table}", open_timeout=10).__enter__()
        except (OSError, InvalidHandshake, TimeoutError):
            route = ""
            time.sleep(0.2)
            continue
        try:
            ws.send(json.dumps({"type": "auth", "token": token}))
            hello = json.loads(ws.recv(timeout=10))
        except (ConnectionClosed, TimeoutError) as err:
            ws.close()
            rcvd = getattr(err, "rcvd", None)
            if rcvd is not None and rcvd.code == 4307:
                route = rcvd.reason
            else:
                route = ""
                time.sleep(0.2)
            continue
        assert hello["type"] == "hello", hello
        return ws, route
