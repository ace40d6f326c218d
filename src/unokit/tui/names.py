"""The names seats go by on the screen: the person is "You", the bots have short first names."""

from __future__ import annotations

from typing import Final

from unokit.i18n import _

__all__ = ["BOT_NAMES", "seat_names"]

BOT_NAMES: Final = (
    "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy",
    "Jo", "Kit", "Lou", "Max", "Ned", "Oz", "Pip",
)  # fmt: skip
"""Short, distinct first names (at most 3 letters, so the 80-column layout holds)."""


def seat_names(players: int, me: int | None = 0) -> list[str]:
    """``["You", "Bea", "Cal", ...]``; with ``me=None`` (a spectator) every seat gets a name."""
    names: list[str] = []
    bots = iter(BOT_NAMES)
    for seat in range(players):
        if seat == me:
            names.append(_("You"))
        else:
            names.append(next(bots, f"P{seat}"))
    return names
