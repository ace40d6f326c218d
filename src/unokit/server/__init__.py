"""``unokit serve``: the multiplayer table server (an ASGI app with WebSockets).

The server is a thin layer over the engine: every action goes through ``Game.apply``, each
connection is sent only ``game.view(seat)`` for its own seat, and every change is committed
to the database before it is acknowledged (docs/server.md).
"""

from unokit.server.app import create_app
from unokit.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
