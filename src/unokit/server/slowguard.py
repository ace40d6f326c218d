"""Slow and many connections, refused below the app: header and body deadlines, and caps
on the connections one address, one IPv6 site and all clients together hold open.

uvicorn closes a connection idle between requests (``timeout_keep_alive``) but waits for
a half-sent request forever, and accepts connections until the process runs out of file
descriptors, when even ``/health`` fails. The protocol class here wraps uvicorn's own
HTTP protocol: a request whose headers are not complete ``header_timeout`` seconds after
the connection opened (or after the previous response) is closed, so is one whose body is
not complete ``body_timeout`` seconds after that, and a connection past a cap is answered
``503`` and closed at once, so its descriptor is freed.

The last ``total // RESERVE`` connections are kept for clients holding fewer than ``FEW``:
a few addresses at their caps cannot take every connection, and a newcomer (or ``/health``
from a fresh address) still gets in.

A connection from a trusted proxy (``ServerConfig.trusted_proxies``, networks allowed; the
same list uvicorn is given) counts toward the total only: every client behind it shares
its address, and the proxy caps each client itself (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any, Final

from unokit.server.addresses import Addresses

__all__ = ["ConnectionGuard", "guarded_protocol", "open_files_cap"]

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
    b"content-length: 29\r\nconnection: close\r\n\r\ntoo many connections: wait\r\n\r\n"
)

UNREAD: Final = 256 * 1024
"""Bytes of a request body still to come, once its answer is sent, past which the server
stops reading and closes the connection instead of reading them only to throw them away
(a refused 4 MB body costs a few headers, not 4 MB)."""
LINGER: Final = 1.0
"""Seconds such a connection stays half open, unread, after its answer, so that the
client reads the answer before the connection is reset."""
RESERVE: Final = 8
"""The last ``1 / RESERVE`` of the total is kept for clients holding fewer than ``FEW``."""
FEW: Final = 4
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
    """The open connections, by client address and IPv6 site, against the caps."""

    def __init__(
        self,
        header_timeout: float,
        per_address: int,
        total: int,
        addresses: Addresses | None = None,
        *,
        per_network: int | None = None,
        body_timeout: float = 30.0,
    ) -> None:
        self.header_timeout = header_timeout
        self.body_timeout = body_timeout
        self.per_address = per_address
        self.per_network = per_network if per_network is not None else 4 * per_address
        self.total = total
        self.addresses = addresses or Addresses()
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self.sites: dict[str, int] = {}
        self.count = 0
        self.refused = 0
        """Connections refused at a cap (for tests and logs)."""

    @staticmethod
    def from_config(config: Any, total: int | None = None) -> ConnectionGuard:
        """For a ``ServerConfig``, its total below the open-files limit."""
        return ConnectionGuard(
            config.header_timeout,
            config.conns_per_address,
            open_files_cap(total if total is not None else config.max_connections),
            config.addresses(),
            per_network=config.conns_per_network,
            body_timeout=config.body_timeout,
        )

    def _site(self, key: str) -> str:
        return self.addresses.network(key)

    def _prune(self, key: str | None = None) -> None:
        keys = [key] if key is not None else list(self.open)
        for k in keys:
            held = self.open.get(k, set())
            live = {t for t in held if not t.is_closing()}
            gone = len(held) - len(live)
            if not gone:
                continue
            self.count -= gone
            site = self._site(k)
            self.sites[site] = self.sites.get(site, 0) - gone
            if self.sites[site] <= 0:
                del self.sites[site]
            if live:
                self.open[k] = live
            else:
                self.open.pop(k, None)

    def _refuse(self) -> bool:
        self.refused += 1
        return False

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` in, unless a cap is reached (a closed connection counts
        until the next admission looks: an upgraded WebSocket leaves no other trace)."""
        trusted = self.addresses.is_trusted(host)
        key = f"proxy {host}" if trusted else self.addresses.client(host)
        site = self._site(key)
        if self.count >= self.total - self.total // RESERVE:
            self._prune()
        if not trusted:
            if len(self.open.get(key, ())) >= self.per_address:
                self._prune(key)
                if len(self.open.get(key, ())) >= self.per_address:
                    return self._refuse()
            if site != key and self.sites.get(site, 0) >= self.per_network:
                for k in [k for k in self.open if self._site(k) == site]:
                    self._prune(k)
                if self.sites.get(site, 0) >= self.per_network:
                    return self._refuse()
            reserved = self.count >= self.total - self.total // RESERVE
            if reserved and len(self.open.get(key, ())) >= FEW:
                return self._refuse()  # the last connections are for newcomers
        if self.count >= self.total:
            return self._refuse()
        self.open.setdefault(key, set()).add(transport)
        self.sites[site] = self.sites.get(site, 0) + 1
        self.count += 1
        return True


def _unread_body(cycle: Any) -> int:
    """Bytes of the request body of ``cycle`` not received yet: what its Content-Length
    promised less what came (a body sent in chunks, still coming, counts as large)."""
    if cycle is None or not getattr(cycle, "more_body", False):
        return 0
    declared = None
    for name, value in cycle.scope.get("headers", ()):
        if name == b"content-length":
            declared = int(value) if value.isdigit() else None
    if declared is None:
        return UNREAD + 1
    return declared - getattr(cycle, "received", 0)


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
            elif getattr(cycle, "more_body", False):  # headers in, the body still coming
                self._deadline = self.loop.call_later(guard.body_timeout, self._expire_body, cycle)

        def _expire_body(self, cycle: Any) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is cycle and cycle.more_body and not cycle.response_complete:
                transport.close()  # no complete request body in time

        def on_body(self, body: bytes) -> None:
            cycle = self.cycle
            if cycle is not None:
                cycle.received = getattr(cycle, "received", 0) + len(body)
            super().on_body(body)

        def on_response_complete(self) -> None:
            unread = _unread_body(self.cycle)
            super().on_response_complete()
            transport = self.transport
            if transport.is_closing():
                return
            if unread > UNREAD:  # answered before its body came (refused): read no more
                transport.pause_reading()
                transport.write_eof()  # once the answer is out
                if self._deadline is not None:
                    self._deadline.cancel()
                self._deadline = self.loop.call_later(LINGER, transport.close)
                return
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
