"""The frames a browser may send, validated before anything else looks at them.

A frame is one JSON object of at most ``MAX_FRAME`` bytes with a ``type``; anything else is
answered with an ``error`` frame (and logged), and the connection stays open.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

__all__ = [
    "MAX_FRAME",
    "Act",
    "Auth",
    "ClientFrame",
    "FrameError",
    "frame_id",
    "parse_auth",
    "parse_frame",
]

MAX_FRAME = 4096
"""Bytes: the longest frame a client may send (an action or a chat line is far shorter)."""


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None
    """Echoed in the ``ack`` or ``error`` that answers this frame."""


class Act(_Frame):
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=80)]


class Chat(_Frame):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=500)]


class Start(_Frame):
    type: Literal["start"]


class AddBot(_Frame):
    type: Literal["add_bot"]
    bot: Annotated[str, Field(min_length=1, max_length=80)] = "random"
    seat: Annotated[int, Field(ge=0, le=15)] | None = None


class RemoveBot(_Frame):
    type: Literal["remove_bot"]
    seat: Annotated[int, Field(ge=0, le=15)]


class Kick(_Frame):
    type: Literal["kick"]
    seat: Annotated[int, Field(ge=0, le=15)]
    bot: Annotated[str, Field(min_length=1, max_length=80)] = "random"


class NextRound(_Frame):
    type: Literal["next_round"]


class Rematch(_Frame):
    type: Literal["rematch"]


class Leave(_Frame):
    type: Literal["leave"]


class Ping(_Frame):
    type: Literal["ping"]


class Reclaim(_Frame):
    """Take back one's seat from the stand-in bot it was given to (a spectator whose token
    named that seat)."""

    type: Literal["reclaim"]


ClientFrame = (
    Act | Chat | Start | AddBot | RemoveBot | Kick | NextRound | Rematch | Leave | Ping | Reclaim
)
_ADAPTER: TypeAdapter[ClientFrame] = TypeAdapter(
    Annotated[ClientFrame, Field(discriminator="type")]
)


class FrameError(ValueError):
    """A frame that is not one of ours, with the reason in words."""


def parse_frame(text: str | bytes) -> ClientFrame:
    """Validate one frame or raise ``FrameError`` saying why."""
    if len(text) > MAX_FRAME:
        raise FrameError(f"frame too long: {len(text)} bytes, at most {MAX_FRAME}")
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "frame"
        raise FrameError(f"bad frame: {where}: {first['msg']}") from None


def frame_id(text: str | bytes) -> int | None:
    """The ``id`` of a frame refused unread (over the frame rate), so that its answer names
    the frame a client waits on; ``None`` where it cannot be read."""
    if len(text) > MAX_FRAME:
        return None
    try:
        value: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    found = value.get("id") if isinstance(value, dict) else None
    if isinstance(found, int) and not isinstance(found, bool) and 0 <= found <= 2**53:
        return found
    return None


class Auth(_Frame):
    """The first frame of every connection: the seat token (none: a spectator). Tokens
    travel here, never in a URL, so no proxy's access log holds one."""

    type: Literal["auth"]
    token: Annotated[str, Field(min_length=1, max_length=100)] | None = None


def parse_auth(text: str | bytes) -> str | None:
    """The token of a connection's first frame; ``FrameError`` unless it is ``auth``."""
    if len(text) > MAX_FRAME:
        raise FrameError(f"frame too long: {len(text)} bytes, at most {MAX_FRAME}")
    try:
        return Auth.model_validate_json(text).token
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "frame"
        raise FrameError(
            f'the first frame is {{"type": "auth", "token": ...}}: {where}: {first["msg"]}'
        ) from None
