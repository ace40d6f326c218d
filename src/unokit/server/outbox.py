"""What the server still owes one connection: a few frames in order, the newest state, and
the chat lines it has not had.

A state frame is not queued: the connection only notes that it owes one, and the frame is
built when the socket is ready for it, from the table as it is then and for the seat the
connection's token holds then. A newer state so supersedes an unsent older one, and a
client that does not read costs one owed flag, not a growing queue of copies. The frames
that are queued (acks, errors, pongs, the hello) are bounded in number and bytes; a client
that lets them pile up past that, or does not take a frame within ``send_timeout`` seconds,
is closed with a reason. Chat is owed the same way: one flag, and the frame, built when the
socket is ready, carries the lines since the last one this connection was sent.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from typing import Protocol

from unokit.server.error_frames import reason_fields

__all__ = [
    "CLOSE_BEHIND",
    "CLOSE_ELSEWHERE",
    "CLOSE_SEAT_CHANGED",
    "ClosedError",
    "Outbox",
]

CLOSE_SEAT_CHANGED = 4409
"""The seat this connection's token held has changed hands (left, kicked, given to a bot,
taken by someone else): the connection may reconnect, as a spectator or to take it back."""
CLOSE_BEHIND = 4408
"""The client fell too far behind the frames owed to it."""
CLOSE_ELSEWHERE = 4307
"""Another server process owns the table: the reason is its path prefix through the proxy
(``/p/2``), where the page connects again; an empty reason: through the proxy again."""


class ClosedError(Exception):
    """The connection is to be closed with ``code``, its last frame having said why."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Outbox:
    """One connection's frames to send (bounded) and whether it owes a state frame."""

    max_frames = 64
    """Queued frames (besides the owed state) a connection may fall behind by."""
    max_bytes = 256 * 1024
    """... and their bytes."""
    send_timeout = 15.0
    """Seconds a client may take to accept one frame before it is closed."""

    def __init__(self) -> None:
        self._frames: deque[str] = deque()
        self._bytes = 0
        self._owed = False
        self._chat_owed = False
        self._closing: tuple[int, str] | None = None
        self._ready = asyncio.Event()
        self.build: Callable[[], str | None] | None = None
        """Builds the owed state frame now (``None``: nothing to send after all)."""
        self.build_chat: Callable[[], str | None] | None = None
        """Builds the owed chat frame now (``None``: no line is new after all)."""

    @property
    def closing(self) -> tuple[int, str] | None:
        return self._closing

    def put_nowait(self, text: str) -> None:
        """Queue a frame; past the bounds the connection is closed instead."""
        if self._closing is not None:
            return
        self._frames.append(text)
        self._bytes += len(text)
        if len(self._frames) > self.max_frames or self._bytes > self.max_bytes:
            self.close(CLOSE_BEHIND, "too many frames unread: reconnect to catch up")
            return
        self._ready.set()

    def owe_state(self) -> None:
        """A newer state exists: send one when the socket is ready (once, however many)."""
        if self._closing is None:
            self._owed = True
            self._ready.set()

    def owe_chat(self) -> None:
        """New chat lines exist: send them when the socket is ready (one frame, however
        many lines arrived meanwhile)."""
        if self._closing is None:
            self._chat_owed = True
            self._ready.set()

    def close(self, code: int, reason: str, message: str | None = None) -> None:
        """Drop what is queued; send one frame saying why (``message``, else ``reason``),
        then close with ``code`` and ``reason``."""
        if self._closing is not None:
            return
        self._closing = (code, reason)
        self._frames.clear()
        self._owed = False
        self._chat_owed = False
        last = json.dumps({"type": "error", "code": code, **reason_fields(message or reason)})
        self._frames.append(last)
        self._bytes = len(last)
        self._ready.set()

    def empty(self) -> bool:
        return not self._frames and not self._owed and not self._chat_owed

    def queued(self) -> tuple[int, int]:
        """(frames, bytes) waiting, the owed state not counted."""
        return len(self._frames), self._bytes

    async def get(self) -> str:
        """The next frame to send; ``ClosedError`` once the closing frame has been taken."""
        while True:
            if self._frames:
                text = self._frames.popleft()
                self._bytes -= len(text)
                return text
            if self._closing is not None:
                raise ClosedError(*self._closing)
            if self._owed:
                self._owed = False
                text_or_none = self.build() if self.build is not None else None
                if text_or_none is not None:
                    return text_or_none
                continue
            if self._chat_owed:
                self._chat_owed = False
                chat = self.build_chat() if self.build_chat is not None else None
                if chat is not None:
                    return chat
                continue
            self._ready.clear()
            await self._ready.wait()

    async def pump(self, socket: Socket) -> None:
        """Send frames until the connection is closed; a client that takes longer than
        ``send_timeout`` over one frame is closed too (as far as it still listens)."""
        code, reason = 1000, ""
        loop = asyncio.get_running_loop()
        try:
            # one deadline moved for each frame (cheaper than a new one a frame), none set
            # while waiting for the next frame
            async with asyncio.timeout(None) as deadline:
                while True:
                    text = await self.get()
                    deadline.reschedule(loop.time() + self.send_timeout)
                    await socket.send_text(text)
                    deadline.reschedule(None)
        except ClosedError as closed:
            code, reason = closed.code, closed.reason
        except TimeoutError:
            code, reason = CLOSE_BEHIND, "the client did not read its frames in time"
            self.close(code, reason)
        with suppress(Exception):
            async with asyncio.timeout(self.send_timeout):
                await socket.close(code=code, reason=reason[:120])
