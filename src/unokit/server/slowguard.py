"""Slow and many connections, refused below the app: a header deadline, and caps on the
connections one address and all clients together hold open.

uvicorn closes a connection idle between requests (``timeout_keep_alive``) but waits for
a half-sent request forever, and accepts connections until the process runs out of file
descriptors, when even ``/health`` fails. The protocol class here wraps uvicorn's own
HTTP protocol: a request whose headers are not complete ``header_timeout`` seconds after
the connection opened (or after the previous response) is closed, and a connection past a
cap is answered ``503`` and closed at once, so its descriptor is freed.

A connection from a trusted proxy (uvicorn's ``FORWARDED_ALLOW_IPS``, 127.0.0.1 and ::1 by
default) counts toward the total only: every client behind it shares its address, and the
proxy caps each client itself (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import os
import resource
from typing import Any

from unokit.server.guards import client_address

__all__ = ["ConnectionGuard", "guarded_protocol", "open_files_cap"]

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
    b"content-length: 29\r\nconnection: close\r\n\r\ntoo many connections: wait\r\n\r\n"
)

RESERVED_FILES = 128
"""Descriptors kept free of client connections: the database, Redis, logs, bot workers."""


def open_files_cap(wanted: int) -> int:
    """``wanted``, or fewer where the process may open fewer files (its soft limit, less
    ``RESERVED_FILES``): past the limit the server could not even answer ``/health``."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - RESERVED_FILES))


class ConnectionGuard:
    """The open connections, by client address, against the caps."""

    def __init__(
        self,
        header_timeout: float,
        per_address: int,
        total: int,
        trusted: tuple[str, ...] = (),
    ) -> None:
        self.header_timeout = header_timeout
        self.per_address = per_address
        self.total = total
        self.trusted = set(trusted)
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self.count = 0
        self.refused = 0
        """Connections refused at a cap (for tests and logs)."""

    @staticmethod
    def from_env(header_timeout: float, per_address: int, total: int) -> ConnectionGuard:
        """With uvicorn's trusted proxies (``FORWARDED_ALLOW_IPS``)."""
        trusted = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
        return ConnectionGuard(
            header_timeout,
            per_address,
            open_files_cap(total),
            tuple(t.strip() for t in trusted.split(",") if t.strip()),
        )

    def _prune(self, key: str | None = None) -> None:
        keys = [key] if key is not None else list(self.open)
        for k in keys:
            live = {t for t in self.open.get(k, ()) if not t.is_closing()}
            self.count -= len(self.open.get(k, ())) - len(live)
            if live:
                self.open[k] = live
            else:
                self.open.pop(k, None)

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` in, unless a cap is reached (a closed connection counts
        until the next admission looks: an upgraded WebSocket leaves no other trace)."""
        key = host if host in self.trusted else client_address(host)
        if self.count >= self.total:
            self._prune()
        if key not in self.trusted and len(self.open.get(key, ())) >= self.per_address:
            self._prune(key)
            if len(self.open.get(key, ())) >= self.per_address:
                self.refused += 1
                return False
        if self.count >= self.total:
            self.refused += 1
            return False
        self.open.setdefault(key, set()).add(transport)
        self.count += 1
        return True


def guarded_protocol(base: type[asyncio.Protocol], guard: ConnectionGuard) -> type[Any]:
    """uvicorn's HTTP protocol class ``base`` with ``guard``'s deadline and caps."""

    class Guarded(base):  # type: ignore[valid-type,misc]
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            host = str(peer[0]) if peer else ""
            if not guard.admit(host, transport):
                transport.write(_BUSY)
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(guard.header_timeout, self._expire)

        def _expire(self) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or a WebSocket now
            cycle = self.cycle
            if cycle is None or cycle.response_complete:
                transport.close()  # no complete request headers in time

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
