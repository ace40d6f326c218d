"""Actions and their one-line text (SPEC.md, "Action notation").

``Action.parse(text)`` and ``str(action)`` round-trip for canonical text; other spellings
(lower case, extra spaces, ``link 5 1``) parse to the same action and print canonically.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from unokit.cards import COLORS, Card, Kind
from unokit.errors import ActionSyntaxError, CardSyntaxError

__all__ = ["KINDS", "Action"]

KINDS: Final = (
    "play",
    "draw",
    "pass",
    "accept",
    "challenge",
    "color",
    "uno",
    "catch",
    "swap",
    "jump",
    "press",
    "give",
    "point",
    "link",
    "take",
    "timeout",
)
"""Every action kind, in the order ``legal_actions`` lists them (see docs/api.md)."""

_BARE: Final = frozenset({"draw", "pass", "accept", "challenge", "uno", "take", "timeout"})
_ONE_SEAT: Final = frozenset({"catch", "swap", "point"})
_MAX_SEAT: Final = 99


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. Build with ``Action.parse`` or the constructors below."""

    kind: str
    card: Card | None = None
    color: str | None = None
    """The colour a wild names (``play W G``) or ``color G``."""
    uno: bool = False
    """Say "Uno" with this play (``play G9 uno``)."""
    target: int | None = None
    """The seat of ``catch``, ``swap`` and ``point``."""
    seats: tuple[int, ...] = ()
    """The seats of ``give`` (ascending) and ``link`` (two, ascending)."""
    pile: int | None = None
    """Triple Play: the discard pile, 1 to 3."""
    companion: Card | None = None
    """Triple Play: the card played with a Discard Two."""

    # -- constructors -------------------------------------------------------------------
    @staticmethod
    def play(
        card: Card | str,
        color: str | None = None,
        *,
        uno: bool = False,
        pile: int | None = None,
        companion: Card | str | None = None,
    ) -> Action:
        return Action(
            "play",
            card=Card.parse(card) if isinstance(card, str) else card,
            color=color,
            uno=uno,
            pile=pile,
            companion=Card.parse(companion) if isinstance(companion, str) else companion,
        )

    # -- text ---------------------------------------------------------------------------
    def __str__(self) -> str:
        kind = self.kind
        if kind in _BARE:
            return kind
        parts = [kind]
        if kind in ("play", "jump"):
            assert self.card is not None
            parts.append(self.card.code)
            if self.companion is not None:
                parts.append(self.companion.code)
            if self.color is not None:
                parts.append(self.color)
            if self.pile is not None:
                parts.append(f"@{self.pile}")
            if self.uno:
                parts.append("uno")
        elif kind == "color":
            parts.append(str(self.color))
        elif kind in _ONE_SEAT:
            parts.append(str(self.target))
        elif kind in ("give", "link"):
            parts.extend(str(s) for s in self.seats)
        elif kind == "press":
            parts.append(f"@{self.pile}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str | Action) -> Action:
        """Read one action, case-insensitively. Raises ``ActionSyntaxError`` with the reason."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionSyntaxError(f"{text!r} is not an action: expected text like 'play R7'")
        words = text.split()
        if not words:
            raise ActionSyntaxError("an empty line is not an action")
        kind = words[0].lower()
        rest = words[1:]
        if kind not in KINDS:
            raise ActionSyntaxError(
                f"{words[0]!r} is not an action: the actions are {', '.join(KINDS)}"
            )
        if kind in _BARE:
            if rest:
                raise ActionSyntaxError(f"'{kind}' takes nothing after it, got {' '.join(rest)!r}")
            return Action(kind)
        if kind in ("play", "jump"):
            return _parse_play(kind, rest, text)
        if kind == "color":
            if len(rest) != 1 or rest[0].upper() not in COLORS:
                raise ActionSyntaxError("'color' takes one colour: color R, Y, G or B")
            return Action("color", color=rest[0].upper())
        if kind in _ONE_SEAT:
            if len(rest) != 1:
                raise ActionSyntaxError(f"'{kind}' takes one seat number, like '{kind} 2'")
            return Action(kind, target=_seat(rest[0], kind))
        if kind == "press":
            if len(rest) != 1:
                raise ActionSyntaxError("'press' takes one pile, like 'press @2'")
            return Action("press", pile=_pile(rest[0]))
        if kind == "give":
            if not 1 <= len(rest) <= 4:
                raise ActionSyntaxError("'give' takes one seat for each card given (1 to 4)")
            return Action("give", seats=tuple(sorted(_seat(w, kind) for w in rest)))
        # link
        if len(rest) != 2:
            raise ActionSyntaxError("'link' takes two seats, like 'link 1 5'")
        a, b = (_seat(w, kind) for w in rest)
        if a == b:
            raise ActionSyntaxError("'link' takes two different seats")
        return Action("link", seats=(min(a, b), max(a, b)))


def _seat(word: str, kind: str) -> int:
    if not word.isdigit() or int(word) > _MAX_SEAT:
        raise ActionSyntaxError(f"{word!r} is not a seat number (in '{kind}')")
    return int(word)


def _pile(word: str) -> int:
    if len(word) != 2 or word[0] != "@" or word[1] not in "123":
        raise ActionSyntaxError(f"{word!r} is not a pile: piles are @1, @2 and @3")
    return int(word[1])


def _parse_play(kind: str, rest: list[str], text: str) -> Action:
    if not rest:
        raise ActionSyntaxError(f"'{kind}' needs a card, like '{kind} R7'")
    try:
        card = Card.parse(rest[0])
    except CardSyntaxError as err:
        raise ActionSyntaxError(str(err)) from None
    color: str | None = None
    companion: Card | None = None
    pile: int | None = None
    uno = False
    for word in rest[1:]:
        upper = word.upper()
        if upper == "UNO" and not uno:
            uno = True
        elif upper in COLORS and color is None:
            color = upper
        elif word.startswith("@") and pile is None:
            pile = _pile(word)
        elif companion is None and kind == "play" and card.kind is Kind.DISCARD_TWO:
            try:
                companion = Card.parse(word)
            except CardSyntaxError as err:
                raise ActionSyntaxError(str(err)) from None
        else:
            raise ActionSyntaxError(f"{word!r} does not belong in {text.strip()!r}")
    return Action(kind, card=card, color=color, uno=uno, pile=pile, companion=companion)
