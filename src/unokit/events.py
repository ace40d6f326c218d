"""Events: every change ``apply`` makes, as small frozen values appended to the game's log.

One log serves as the replay file's readable half, the terminal's animation script, the
server's broadcast and the tests' oracle. An event that carries hidden cards names the seats
allowed to see them (``audience``); ``for_seat`` gives everyone else a copy with the cards
removed and only their number kept, so redaction happens in one place.
"""

from __future__ import annotations

from typing import Any, Final

from unokit.cards import Card

__all__ = ["Event"]

_FIELDS: Final = ("type", "seat", "cards", "count", "color", "target", "reason", "uno", "audience")


class Event:
    """One thing that happened: an immutable value (equal when every field is equal).

    ``type`` is one of: ``deal`` (a seat's hand), ``turn_up`` (a card turned from the draw
    pile onto the discard pile), ``put_back`` (a first Wild Draw Four returned to the deck),
    ``play``, ``jump``, ``draw``, ``pass``, ``accept``, ``challenge``, ``reveal`` (a hand
    shown to the challenger), ``verdict`` (``guilty`` or ``innocent``), ``color``, ``skip``,
    ``reverse``, ``cancel`` (a jumped-in card cancels the effect of the card before),
    ``swap``, ``rotate``, ``shuffle_hands``, ``hand`` (a seat's new hand after a swap,
    rotation or shuffle), ``uno``, ``catch``, ``reshuffle``, ``round_over``, ``blocked``,
    plus the variants' own types.

    A plain class rather than a frozen dataclass: a game logs an event for nearly every
    action, and compiled (setup.py) a frozen dataclass costs 30 times as much to build.
    """

    __slots__ = _FIELDS

    def __init__(  # noqa: PLR0917 - positional on purpose: the hot paths build many
        self,
        type: str,
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        count: int = 0,
        color: str | None = None,
        target: int | None = None,
        reason: str | None = None,
        uno: bool = False,
        audience: tuple[int, ...] | None = None,
    ) -> None:
        self.type: Final[str] = type
        self.seat: Final[int | None] = seat
        self.cards: Final[tuple[Card, ...]] = cards
        self.count: Final[int] = count
        self.color: Final[str | None] = color
        self.target: Final[int | None] = target
        self.reason: Final[str | None] = reason
        """Why a draw happened (``turn``, ``draw_two``, ``wild_draw_four``, ``challenge``,
        ``uno``, ``custom``, ...) or the verdict of a challenge."""
        self.uno: Final[bool] = uno
        self.audience: Final[tuple[int, ...] | None] = audience
        """Seats that may see ``cards``; ``None``: everyone."""

    def _values(self) -> tuple[object, ...]:
        return (
            self.type,
            self.seat,
            self.cards,
            self.count,
            self.color,
            self.target,
            self.reason,
            self.uno,
            self.audience,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(_FIELDS, self._values(), strict=True)
            if name == "type" or value != _DEFAULTS[name]
        )
        return f"Event({shown})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Event, self._values())

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (``None``: a spectator)."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return self
        return Event(
            self.type,
            self.seat,
            (),
            self.count,
            self.color,
            self.target,
            self.reason,
            self.uno,
            None,
        )

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


_DEFAULTS: Final[dict[str, object]] = {
    "seat": None,
    "cards": (),
    "count": 0,
    "color": None,
    "target": None,
    "reason": None,
    "uno": False,
    "audience": None,
}


def _immutable(self: Event, name: str, value: object) -> None:
    raise AttributeError("events are immutable")


def _plain_init(  # noqa: PLR0917 - Event.__init__'s signature
    self: Event,
    type: str,
    seat: int | None = None,
    cards: tuple[Card, ...] = (),
    count: int = 0,
    color: str | None = None,
    target: int | None = None,
    reason: str | None = None,
    uno: bool = False,
    audience: tuple[int, ...] | None = None,
    _set: Any = object.__setattr__,
) -> None:
    """``Event.__init__`` as plain Python, past ``_immutable``."""
    _set(self, "type", type)
    _set(self, "seat", seat)
    _set(self, "cards", cards)
    _set(self, "count", count)
    _set(self, "color", color)
    _set(self, "target", target)
    _set(self, "reason", reason)
    _set(self, "uno", uno)
    _set(self, "audience", audience)


if __file__.endswith(".py"):  # compiled (setup.py), the Final attributes are read-only already
    setattr(Event, "__init__", _plain_init)  # noqa: B010
    setattr(Event, "__setattr__", _immutable)  # noqa: B010
