"""What UNO Party! adds to a seat's view and hides in a seat's record.

Everything added is public table state: the Direction Tracker, the two Link Cards, the mini
pile (face up) and which seats have pointed. A pointing choice is shown to nobody until the
last one is made; then the ``point`` events reveal them all at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.party.game import PartyGame

__all__ = ["hide_pending_points", "party_view"]

HIDDEN_POINT = "point ?"
"""How a seat's record writes another seat's pointing choice while choices are pending."""


def party_view(game: PartyGame, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` (the classic one) with the Party table state added."""
    mini = game.mini_pile
    link = game.link
    view["direction_tracker"] = game.direction_tracker
    view["link"] = None if link is None else list(link)
    view["mini_pile"] = [c.code for c in mini]
    view["mini_color"] = game.color if mini else None
    view["pointing"] = game.pointing
    return view


def hide_pending_points(record: dict[str, Any], seat: int, start: int) -> None:
    """Rewrite the pending ``point N`` actions of seats other than ``seat`` in place."""
    actions = record["actions"]
    for i in range(start, len(actions)):
        who, text = actions[i]
        if who != seat and text.startswith("point "):
            actions[i] = [who, HIDDEN_POINT]
