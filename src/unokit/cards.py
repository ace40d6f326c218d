"""Cards and their text codes (SPEC.md, "Card notation").

Every distinct card exists once: ``Card.parse("r5") is Card.parse("R5")``. Two red 5s in a
deck are the same value, so hands are plain lists of shared, immutable objects and copying a
game copies references only. Card attributes the engine asks millions of times (colour,
symbol, wildness) are precomputed slots.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, Final

from unokit.errors import CardSyntaxError

__all__ = ["COLORS", "COLOR_NAMES", "Card", "Kind", "parse_color"]

COLORS: Final = ("R", "Y", "G", "B")
"""The four colours in their canonical order."""

COLOR_NAMES: Final = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


class Kind(Enum):
    """What a card does. The value is the symbol printed in its code."""

    NUMBER = "#"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    DISCARD_TWO = "D"  # Triple Play: Discard Two of the Same Color
    POINT_TAKEN = "P"  # Party
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SHUFFLE_HANDS = "WSH"
    WILD_SWAP_HANDS = "WSW"
    WILD_CUSTOMIZABLE = "WC"
    WILD_CLEAR = "WCL"  # Triple Play
    WILD_GIVE_AWAY = "WGA"  # Triple Play
    WILD_PILE_UP = "WPU"  # Party
    WILD_DRAWN_TOGETHER = "WDT"  # Party


COLORED_KINDS: Final = (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.DISCARD_TWO, Kind.POINT_TAKEN)
WILD_KINDS: Final = (
    Kind.WILD,
    Kind.WILD_DRAW_FOUR,
    Kind.WILD_SHUFFLE_HANDS,
    Kind.WILD_SWAP_HANDS,
    Kind.WILD_CUSTOMIZABLE,
    Kind.WILD_CLEAR,
    Kind.WILD_GIVE_AWAY,
    Kind.WILD_PILE_UP,
    Kind.WILD_DRAWN_TOGETHER,
)

_KIND_NAMES: Final = {
    Kind.SKIP: "Skip",
    Kind.REVERSE: "Reverse",
    Kind.DRAW_TWO: "Draw Two",
    Kind.DISCARD_TWO: "Discard Two",
    Kind.POINT_TAKEN: "Point Taken",
    Kind.WILD: "Wild",
    Kind.WILD_DRAW_FOUR: "Wild Draw Four",
    Kind.WILD_SHUFFLE_HANDS: "Wild Shuffle Hands",
    Kind.WILD_SWAP_HANDS: "Wild Swap Hands",
    Kind.WILD_CUSTOMIZABLE: "Wild Customizable",
    Kind.WILD_CLEAR: "Wild Clear",
    Kind.WILD_GIVE_AWAY: "Wild Give Away",
    Kind.WILD_PILE_UP: "Wild Pile Up",
    Kind.WILD_DRAWN_TOGETHER: "Wild Drawn Together",
}


def parse_color(text: str) -> str:
    """Read a colour letter (any case) and return it in upper case."""
    color = text.strip().upper()
    if color not in COLORS:
        raise CardSyntaxError(f"{text!r} is not a colour: use R, Y, G or B")
    return color


_MAKING: Final = object()
"""The key only ``Card._make`` holds: cards are interned, never built directly."""


class Card:
    """One card face. Never built directly: use ``Card.parse`` or ``Card.all()``."""

    __slots__ = ("code", "color", "index", "kind", "number", "symbol", "wild")

    _by_code: ClassVar[dict[str, Card]] = {}
    _all: ClassVar[list[Card]] = []

    def __init__(
        self, color: str | None, kind: Kind, number: int | None, index: int, key: object = None
    ) -> None:
        if key is not _MAKING:
            raise TypeError("cards are not built directly; use Card.parse(code)")
        symbol = str(number) if kind is Kind.NUMBER else kind.value
        self.code: Final[str] = (color or "") + symbol
        self.color: Final[str | None] = color
        """``"R"``/``"Y"``/``"G"``/``"B"``, or ``None`` for a wild card."""
        self.kind: Final[Kind] = kind
        self.number: Final[int | None] = number
        self.symbol: Final[str] = symbol
        """What matches across colours: the digit of a number card, the symbol of the rest."""
        self.wild: Final[bool] = color is None
        self.index: Final[int] = index
        """Position in the canonical card order (colours R Y G B, then the wilds)."""

    @classmethod
    def _make(cls, color: str | None, kind: Kind, number: int | None) -> Card:
        card = Card(color, kind, number, len(cls._all), _MAKING)
        cls._all.append(card)
        cls._by_code[card.code] = card
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card code, case-insensitively: ``Card.parse("w+4")``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardSyntaxError(f"{text!r} is not a card code")
        card = cls._by_code.get(text.strip().upper())
        if card is None:
            raise CardSyntaxError(
                f"{text!r} is not a card: a card is a colour R/Y/G/B with 0-9, S, R, +2, D or P "
                "(like R7, GS, B+2), or a wild W, W+4, WSH, WSW, WC, WCL, WGA, WPU, WDT"
            )
        return card

    @classmethod
    def all(cls) -> tuple[Card, ...]:
        """Every distinct card face, in canonical order."""
        return tuple(cls._all)

    @property
    def name(self) -> str:
        """The card in words: ``"green 5"``, ``"red Skip"``, ``"Wild Draw Four"``."""
        if self.color is None:
            return _KIND_NAMES[self.kind]
        what = str(self.number) if self.kind is Kind.NUMBER else _KIND_NAMES[self.kind]
        return f"{COLOR_NAMES[self.color]} {what}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __hash__(self) -> int:  # one object per face: identity is equality
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


for _color in COLORS:
    for _n in range(10):
        Card._make(_color, Kind.NUMBER, _n)
    for _kind in COLORED_KINDS:
        Card._make(_color, _kind, None)
for _kind in WILD_KINDS:
    Card._make(None, _kind, None)
del _color, _n, _kind


def _immutable(self: Card, name: str, value: object) -> None:
    raise AttributeError("cards are immutable")


if __file__.endswith(".py"):  # compiled (setup.py), the Final attributes are read-only already
    setattr(Card, "__setattr__", _immutable)  # noqa: B010
