"""The ways the server refuses a request: each one a ``TableError`` with its reason in words.

The web layer (``app``) turns each kind into its HTTP status or its error frame.
"""

from __future__ import annotations

__all__ = [
    "FENCED",
    "ActionRefusedError",
    "BadRequestError",
    "LimitError",
    "MovedError",
    "SlowDownError",
    "TableError",
    "UnavailableError",
]


class TableError(ValueError):
    """A request the table refuses, with the reason in words (sent back as an error frame)."""


class BadRequestError(TableError):
    """A request this server never grants, whatever the table's state (HTTP 400)."""


class LimitError(TableError):
    """A request beyond one of the operator's limits (HTTP 429)."""


class ActionRefusedError(TableError):
    """An action the rules refuse (its connection logs a count of them, not a line each)."""


class MovedError(TableError):
    """Another process owns the table: ask it at ``route`` (its path prefix through the
    proxy; empty: through the proxy again, in a moment)."""

    def __init__(
        self, route: str, message: str = "this table is served by another process: reconnecting"
    ) -> None:
        super().__init__(message)
        self.route = route


FENCED = "the table moved to another process before that was stored: try again in a moment"
"""What a player is told of a change refused for a former epoch (``Changes.stored``): it was
not made, and the page, sent on to the new owner, may make it there."""


class UnavailableError(TableError):
    """The database or Redis did not answer: nothing changed, try again (HTTP 503)."""


class SlowDownError(TableError):
    """A frame over a rate: refused, and its connection is not read again for ``wait``
    seconds (what it sends meanwhile waits in its socket, not in the server)."""

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait
