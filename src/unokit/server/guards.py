"""What stands between a hostile HTTP client and the handlers: strict JSON, short error
answers, a request rate per address, and client addresses counted by network.

FastAPI answers a body it cannot validate with 422 and the offending input; an input JSON
cannot render (``NaN``, ``1e400`` parsed as infinity, a lone surrogate) then makes a 500
and a traceback in the log. Here such a body is refused while it is parsed, and every 422
names the field and the rule only, never the value sent.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Coroutine
from typing import Any, Final

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from unokit.server.addresses import OTHER, Addresses
from unokit.server.error_frames import reason_fields
from unokit.server.strictjson import strict_loads

__all__ = [
    "CSP",
    "Buckets",
    "RateLimits",
    "SecurityHeaders",
    "StrictJsonRoute",
    "client_address",
    "validation_error",
]

_DEFAULT = Addresses()
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


def client_address(host: str) -> str:
    """What the limits count as one client with the default prefixes: an IPv4 address, or
    an IPv6 address's /64 network (``unokit.server.addresses``)."""
    return _DEFAULT.client(host)


class _StrictJsonRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = strict_loads(await self.body())
        return self._json


class StrictJsonRoute(APIRoute):
    """A route whose JSON body refuses ``NaN``, ``Infinity``, numbers beyond a float and
    lone surrogates as malformed (422), before any model sees them."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(_StrictJsonRequest(request.scope, request.receive))

        return strict


def _where(loc: Any) -> str:
    parts = [str(p) for p in loc if p != "body"]
    shown = [p if isinstance(p, int) or _WORD.fullmatch(p) else "?" for p in parts]
    return ".".join(shown) or "body"


def _why(error: dict[str, Any]) -> str:
    if error.get("type") == "json_invalid":
        reason = (error.get("ctx") or {}).get("error", "")
        return f"the body is not valid JSON: {reason}" if reason else "the body is not JSON"
    msg = str(error.get("msg", "invalid"))
    return msg.removeprefix("Value error, ")


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """422 naming each field and its rule, never the value sent (which may not render)."""
    assert isinstance(exc, RequestValidationError)
    lines = []
    for error in exc.errors()[:5]:
        where = "body" if error.get("type") == "json_invalid" else _where(error.get("loc", ()))
        why = _why(error)
        lines.append(why if why.startswith(f"{where}.") else f"{where}: {why}")
    text = "; ".join(lines)[:400]
    text = text.encode("utf-8", "replace").decode("utf-8")
    return JSONResponse({"error": text, **_first_reason(lines)}, status_code=422)


def _first_reason(lines: list[str]) -> dict[str, Any]:
    """The code and params of the first line (the field's own rule, or the line with its
    field named), which a page tells in its reader's language; ``"other"`` when no template
    writes it."""
    if not lines:
        return {"reason": "other", "params": {}}
    for text in (lines[0].split(": ", 1)[-1], lines[0]):
        r = reason_fields(text)
        if r["reason"] != "other":
            break
    return {"reason": r["reason"], "params": r["params"]}


class Buckets:
    """A token bucket for each key (a client address, a table): at most ``rate`` a second
    on average and ``burst`` at once. The buckets of keys that have gone quiet are dropped,
    so their number stays bounded however many keys a crowd brings."""

    MAX_KEPT = 50_000

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.buckets: dict[str, tuple[float, float]] = {}
        """key -> (tokens, when counted)"""

    def allow(self, key: str, now: float) -> bool:
        """Take one token from ``key``'s bucket; False (nothing taken) if it is empty."""
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self.buckets) >= self.MAX_KEPT and key not in self.buckets:
            self._prune(now)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1.0, now)
        return True

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key``'s bucket holds a token again (0: it holds one now)."""
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        return max(0.0, (1.001 - tokens) / self.rate)  # a token, and a little more

    def _prune(self, now: float) -> None:
        full = self.burst / self.rate
        for key, (_tokens, then) in list(self.buckets.items()):
            if now - then >= full:
                del self.buckets[key]
        if len(self.buckets) >= self.MAX_KEPT:  # all busy: forget the oldest half
            for key in sorted(self.buckets, key=lambda k: self.buckets[k][1])[: self.MAX_KEPT // 2]:
                del self.buckets[key]


class RateLimits:
    """Requests per client address, a token bucket each: to ``/api/`` (``api``), to the
    pages and their files (``pages``; ``/health`` is never counted), and WebSocket
    connections opened (``connects``), each ``(rate a second, burst)``. Over a rate, a
    request is answered 429 with ``Retry-After``, and so is a WebSocket handshake (never
    upgraded), before the app sees either."""

    def __init__(
        self,
        app: Any,
        addresses: Addresses,
        api: tuple[float, int],
        pages: tuple[float, int],
        connects: tuple[float, int],
    ) -> None:
        self.app = app
        self.addresses = addresses
        self.limits = {
            "api": Buckets(*api),
            "pages": Buckets(*pages),
            "connects": Buckets(*connects),
        }

    def _kind(self, scope: Any) -> str | None:
        if scope["type"] == "websocket":
            return "connects"
        if scope["type"] != "http":
            return None
        path = scope["path"]
        if path.startswith("/api/"):
            return "api"
        return None if path == "/health" else "pages"

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = self._kind(scope)
        if kind is not None:
            client = scope.get("client")
            address = self.addresses.client(client[0]) if client else OTHER
            limit = self.limits[kind]
            now = time.monotonic()
            if not limit.allow(address, now):
                wait = max(1, math.ceil(limit.wait(address, now)))
                if kind == "connects" and DENIAL not in scope.get("extensions", {}):
                    await _refuse_socket(receive, send, wait)
                    return
                what = "connections opened" if kind == "connects" else "requests"
                text = f"too many {what} from one address: slow down"
                response = JSONResponse(
                    {"error": text, **_first_reason([text])},
                    status_code=429,
                    headers={"Retry-After": str(wait)},
                )
                await response(scope, receive, send)  # a WebSocket's before its handshake
                return
        await self.app(scope, receive, send)


DENIAL: Final = "websocket.http.response"
"""The ASGI extension by which a WebSocket handshake is answered with a plain HTTP response
(uvicorn has it): a connect over the ration is then refused with ``429`` before the
handshake, no upgrade and no frame, the cheapest answer a reconnect loop can get."""


async def _refuse_socket(receive: Any, send: Any, wait: int) -> None:
    """Where the server cannot refuse a handshake with a response: accept the WebSocket
    only to say why it is closed (4429), as the app's refusals do."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    text = json.dumps({"type": "error", "message": f"too many connections opened: wait {wait} s"})
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": text})
    await send({"type": "websocket.close", "code": 4429})


CSP: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # the pages set per-seat colours and bar widths as style attributes (no script)
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The pages run only the package's own script files: no inline script, no other origin,
and no page may frame them (so Leave or Play cannot be clicked through a decoy)."""

SECURITY_HEADERS: Final = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders:
    """Add ``SECURITY_HEADERS`` to every HTTP response (those the app already set stay)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
