"""What stands between a hostile HTTP client and the handlers: strict JSON, short error
answers, a request rate per address, and client addresses counted by network.

FastAPI answers a body it cannot validate with 422 and the offending input; an input JSON
cannot render (``NaN``, ``1e400`` parsed as infinity, a lone surrogate) then makes a 500
and a traceback in the log. Here such a body is refused while it is parsed, and every 422
names the field and the rule only, never the value sent.
"""

from __future__ import annotations

import ipaddress
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

__all__ = [
    "CSP",
    "ApiRateLimit",
    "Buckets",
    "SecurityHeaders",
    "StrictJsonRoute",
    "client_address",
    "validation_error",
]

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


def client_address(host: str) -> str:
    """What the limits count as one client: an IPv4 address, or an IPv6 address's /64
    network (one subscriber is usually given a whole /64, so counting single addresses
    would give one person 2^64 allowances)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class _NotJson(json.JSONDecodeError):
    pass


def _no_constant(_name: str) -> float:
    raise _NotJson("NaN and Infinity are not numbers JSON allows", "", 0)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotJson("a number too large", "", 0)
    return value


def _no_surrogates(value: Any) -> None:
    """Refuse a lone surrogate (``"\\ud800"``) anywhere: no text encoding can hold it."""
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise _NotJson("text with a lone surrogate (not a character)", "", 0) from None


class _StrictJsonRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            body = await self.body()
            value = json.loads(body, parse_constant=_no_constant, parse_float=_finite)
            _no_surrogates(value)
            self._json = value
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
    return JSONResponse({"error": text}, status_code=422)


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


class ApiRateLimit:
    """At most ``rate`` requests a second to ``/api/`` per client address on average, and
    ``burst`` at once (a token bucket each); over it: 429 with ``Retry-After``."""

    def __init__(self, app: Any, rate: float, burst: int) -> None:
        self.app = app
        self.rate = rate
        self.limit = Buckets(rate, burst)

    def allow(self, address: str, now: float) -> bool:
        return self.limit.allow(address, now)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            client = scope.get("client")
            address = client_address(client[0]) if client else "unknown"
            if not self.allow(address, time.monotonic()):
                wait = max(1, math.ceil(1.0 / self.rate))
                response = JSONResponse(
                    {"error": "too many requests from one address: slow down"},
                    status_code=429,
                    headers={"Retry-After": str(wait)},
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


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
