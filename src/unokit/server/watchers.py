"""How many watch a table: its spectators' connections, told to everyone at it.

The count rides on the state frames a table sends anyway (a move, a seat coming or going),
never a frame of its own: a spectator connecting in a loop makes the table send nothing, so
a watched table's count is as of its last change.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

__all__ = ["watching"]


class _Watched(Protocol):
    seat: int | None


def watching(conns: Iterable[_Watched]) -> int:
    """The connections at a table that hold no seat (spectators, a leaver watching on)."""
    return sum(1 for conn in conns if conn.seat is None)
