"""Events: every change ``apply`` makes, as small frozen values appended to the game's log.

One log serves as the replay file's readable half, the terminal's animation script, the
server's broadcast and the tests' oracle. An event that carries hidden cards names the seats
allowed to see them (``audience``); ``for_seat`` gives everyone else a copy with the cards
removed and only their number kept, so redaction happens in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from unokit.cards import Card

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``type`` is one of: ``deal`` (a seat's hand), ``turn_up`` (a card turned from the draw
    pile onto the discard pile), ``put_back`` (a first Wild Draw Four returned to the deck),
    ``play``, ``jump``, ``draw``, ``pass``, ``accept``, ``challenge``, ``reveal`` (a hand
    shown to the challenger), ``verdict`` (``guilty`` or ``innocent``), ``color``, ``skip``,
    ``reverse``, ``cancel`` (a jumped-in card cancels the effect of the card before),
    ``swap``, ``rotate``, ``shuffle_hands``, ``hand`` (a seat's new hand after a swap,
    rotation or shuffle), ``uno``, ``catch``, ``reshuffle``, ``round_over``, ``blocked``,
    plus the variants' own types.
    """

    type: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    color: str | None = None
    target: int | None = None
    reason: str | None = None
    """Why a draw happened (``turn``, ``draw_two``, ``wild_draw_four``, ``challenge``,
    ``uno``, ``custom``, ...) or the verdict of a challenge."""
    uno: bool = False
    audience: tuple[int, ...] | None = None
    """Seats that may see ``cards``; ``None``: everyone."""

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (``None``: a spectator)."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return self
        return replace(self, cards=(), audience=None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.count:
            out["count"] = self.count
        if self.color is not None:
            out["color"] = self.color
        if self.target is not None:
            out["target"] = self.target
        if self.reason is not None:
            out["reason"] = self.reason
        if self.uno:
            out["uno"] = True
        if self.audience is not None:
            out["audience"] = list(self.audience)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            type=data["type"],
            seat=data.get("seat"),
            cards=tuple(Card.parse(c) for c in data.get("cards", ())),
            count=data.get("count", 0),
            color=data.get("color"),
            target=data.get("target"),
            reason=data.get("reason"),
            uno=data.get("uno", False),
            audience=None if audience is None else tuple(audience),
        )
