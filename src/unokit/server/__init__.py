"""``unokit serve``: the multiplayer table server (an ASGI app with WebSockets).

The server is a thin layer over the engine: every action goes through ``Game.apply``, each
connection is sent only ``game.view(seat)`` for its own seat, and every change is committed
to the database before it is acknowledged (docs/server.md).

The app is imported when first asked for, so that a replay process, which imports only
``unokit.server.replayer``, does not load the web framework and the database drivers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.server.app import create_app
    from unokit.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from unokit.server.app import create_app

        return create_app
    if name == "ServerConfig":
        from unokit.server.config import ServerConfig

        return ServerConfig
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
