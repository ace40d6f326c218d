"""Rules: one frozen, validated value per table, built from a named preset plus switches.

Every number a rule sheet knows lives here, with the sheet's words beside it. A preset is a
``Rules`` value; house rules are keyword switches of ``Rules.preset``. A combination that no
sheet gives meaning to is refused when the value is made (``ValueError`` saying why).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from unokit.cards import COLORS, Card, Kind

__all__ = ["CUSTOM_RULES", "SCORINGS", "SWITCHES", "WD4_WILDS", "Rules"]

SCORINGS: Final = ("winner", "lowest", "elimination", "none")
"""``winner``: the player who goes out scores the other hands, first to the target wins.
``lowest``: each player adds their own hand; when one reaches the target, the lowest total
wins (older sheets). ``elimination``: Challenge Uno, each adds their own hand, reaching the
target is out, the last player left wins (older sheets). ``none``: one round, no points."""

CUSTOM_RULES: Final = ("blank", "extra_turn", "draw_three")
"""The rule written on every Wild Customizable of a game. ``blank``: "A blank card with no
rule on it plays like a plain Wild card." The others are the sheet's ideas: "taking an extra
turn, or making the next player draw 3 cards if they cannot play"."""

WD4_WILDS: Final = ("none", "wild", "all")
"""Which wilds in hand count as a card of the colour in play for the Wild Draw Four limit:
``wild`` the plain Wild ("A Wild card counts as that color", 2021 sheet), ``none`` (older
sheets do not say it), ``all`` every wild except Wild Draw Four (the sheet leaves it open)."""

SWITCHES: Final = (
    "stacking",
    "seven_o",
    "jump_in",
    "draw_to_match",
    "first_card_effect",
    "two_player_reverse_skip",
    "partners",
    "scoring",
    "target",
    "custom_rule",
    "timer",
    "wd4_wilds",
    "new_wild_points",
)
"""The keywords ``Rules.preset`` takes (SPEC.md "Rules switches")."""


def _classic_deck(extra: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The 108 classic cards, plus ``extra``: "Each color has one 0 and two each of the
    numbers 1 to 9", 2 Skip, 2 Reverse, 2 Draw 2 a colour, 4 Wild, 4 Wild Draw 4."""
    counts: list[tuple[str, int]] = []
    for color in COLORS:
        counts.append((f"{color}0", 1))
        counts.extend((f"{color}{n}", 2) for n in range(1, 10))
        counts.extend((f"{color}{s}", 2) for s in ("S", "R", "+2"))
    counts += [("W", 4), ("W+4", 4)]
    counts += list(extra.items())
    return tuple(counts)


DECK_108: Final = _classic_deck({})
DECK_112_SHUFFLE: Final = _classic_deck({"WSH": 1, "WC": 3})
DECK_112_SWAP: Final = _classic_deck({"WSW": 1, "WC": 3})

CLASSIC_POINTS: Final = (
    ("S", 20),
    ("R", 20),
    ("+2", 20),
    ("W", 50),
    ("W+4", 50),
    ("WSH", 50),
    ("WSW", 50),
    ("WC", 50),
)
"""2021 sheet: Draw 2, Reverse, Skip 20; every wild 50. Numbers score their face value."""

NEW_WILDS: Final = ("WSW", "WSH", "WC")
"""The newer wild cards of the classic decks, whose points ``new_wild_points`` sets."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The rules of one table. Build with ``Rules.preset(name, **switches)``."""

    name: str = "mattel-2021"
    game: str = "classic"
    """Which engine plays it: ``classic``, ``triple-play`` or ``party``."""
    deck_counts: tuple[tuple[str, int], ...] = DECK_112_SHUFFLE
    points: tuple[tuple[str, int], ...] = CLASSIC_POINTS
    """Points of each non-number symbol; number cards score their face value."""
    new_wild_points: int | None = None
    """'Some rules score the newer wild cards (Wild Swap Hands, Wild Shuffle Hands and Wild
    Customizable) at 40 points each. The current rule sheet scores every wild card at 50.
    Agree on one value before you start.' ``None``: as the preset's sheet (2021: 50; 2015:
    40 for Wild Swap Hands and Wild Customizable); 40 or 50: that value for all three."""
    hand_size: int = 7
    min_players: int = 2
    max_players: int = 10
    first_card_effect: bool = False
    wd4_wilds: str = "wild"
    stacking: bool = False
    seven_o: bool = False
    jump_in: bool = False
    draw_to_match: bool = False
    two_player_reverse_skip: bool = True
    partners: bool = False
    scoring: str = "winner"
    target: int = 500
    custom_rule: str = "blank"
    timer: float | None = None
    _points_by_symbol: dict[str, int] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    _presets: ClassVar[dict[str, Callable[[], Rules]]] = {}
    _game_checks: ClassVar[dict[str, Callable[[Rules], None]]] = {}

    def __post_init__(self) -> None:
        self._validate()
        points = dict(self.points)
        if self.new_wild_points is not None:
            for symbol in NEW_WILDS:
                points[symbol] = self.new_wild_points
        object.__setattr__(self, "_points_by_symbol", points)

    # -- presets ------------------------------------------------------------------------
    @classmethod
    def register(cls, name: str, factory: Callable[[], Rules]) -> None:
        """Add a preset (used by the variant packages: Triple Play, Party!)."""
        cls._presets[name] = factory

    @classmethod
    def register_check(cls, game: str, check: Callable[[Rules], None]) -> None:
        """Let a variant engine refuse switch combinations its sheet gives no meaning to
        (``check`` raises ``ValueError`` saying why) when a ``Rules`` with ``game`` is made."""
        cls._game_checks[game] = check

    @classmethod
    def presets(cls) -> list[str]:
        """The preset names, the default first."""
        return list(cls._presets)

    @classmethod
    def preset(cls, name: str = "mattel-2021", **switches: Any) -> Rules:
        """A preset by name with house-rule switches as keywords."""
        try:
            factory = cls._presets[name]
        except KeyError:
            raise ValueError(
                f"unknown preset {name!r}: the presets are {', '.join(cls._presets)}"
            ) from None
        unknown = sorted(set(switches) - set(SWITCHES))
        if unknown:
            raise ValueError(
                f"unknown switch {', '.join(map(repr, unknown))}: the switches are "
                f"{', '.join(SWITCHES)}"
            )
        return dataclasses.replace(factory(), **switches)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    # -- the deck and its points --------------------------------------------------------
    def deck(self) -> list[Card]:
        """The full deck of this preset, in canonical order."""
        parse = Card.parse
        return [parse(code) for code, count in self.deck_counts for _ in range(count)]

    def card_points(self, card: Card) -> int:
        """What a card left in a hand scores."""
        if card.number is not None:
            return card.number
        return self._points_by_symbol[card.symbol]

    # -- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``Rules.from_json`` reads it back."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name.startswith("_"):
                continue
            value = getattr(self, f.name)
            if f.name in ("deck_counts", "points"):
                value = [list(pair) for pair in value]
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Rules:
        """Read what ``to_json`` wrote (a dict, or its JSON text)."""
        if isinstance(data, str):
            data = json.loads(data)
            assert isinstance(data, dict)
        names = {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(f"unknown Rules field(s): {', '.join(unknown)}")
        values = dict(data)
        for key in ("deck_counts", "points"):
            if key in values:
                values[key] = tuple((str(code), int(n)) for code, n in values[key])
        return cls(**values)

    # -- validation ---------------------------------------------------------------------
    def _validate(self) -> None:
        for name in (
            "first_card_effect",
            "stacking",
            "seven_o",
            "jump_in",
            "draw_to_match",
            "two_player_reverse_skip",
            "partners",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {', '.join(SCORINGS)}, not {self.scoring!r}")
        if self.custom_rule not in CUSTOM_RULES:
            raise ValueError(
                f"custom_rule must be one of {', '.join(CUSTOM_RULES)}, not {self.custom_rule!r}"
            )
        if self.wd4_wilds not in WD4_WILDS:
            raise ValueError(f"wd4_wilds must be one of {', '.join(WD4_WILDS)}")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise ValueError(
                f"target must be a whole number of points above 0, not {self.target!r}"
            )
        if not isinstance(self.hand_size, int) or self.hand_size < 1:
            raise ValueError("hand_size must be at least 1")
        if not 2 <= self.min_players <= self.max_players:
            raise ValueError("min_players must be at least 2 and at most max_players")
        points = self.new_wild_points
        if points is not None and (type(points) is not int or points not in (40, 50)):
            raise ValueError(
                "new_wild_points is 40 or 50 (the sheets' two values for the newer wild "
                f"cards), or None for the preset's own, not {self.new_wild_points!r}"
            )
        if self.new_wild_points is not None and self.game != "classic":
            raise ValueError(
                f"new_wild_points is for the classic decks' newer wild cards; {self.name} "
                "scores its own cards as its sheet says"
            )
        if self.timer is not None and (
            isinstance(self.timer, bool)
            or not isinstance(self.timer, (int, float))
            or not math.isfinite(self.timer)  # NaN passes "<= 0"; neither is JSON
            or self.timer <= 0
        ):
            raise ValueError("timer must be a finite number of seconds above 0, or None")
        for code, count in self.deck_counts:
            Card.parse(code)
            if count < 1:
                raise ValueError(f"the deck holds {count} of {code}")
        symbols = {Card.parse(code).symbol for code, _ in self.deck_counts}
        scored = {symbol for symbol, _ in self.points}
        missing = sorted(s for s in symbols if not s.isdigit() and s not in scored)
        if missing:
            raise ValueError(f"no points given for {', '.join(missing)}")
        if self.game == "classic":
            self._validate_classic(symbols)
        check = Rules._game_checks.get(self.game)
        if check is not None:
            check(self)

    def _validate_classic(self, symbols: set[str]) -> None:
        if self.partners and self.scoring in ("lowest", "elimination"):
            raise ValueError(
                "partners score the opponents' hands as a team; the lowest-score and "
                "Challenge Uno scoring keep each player's own hand, and no sheet combines them"
            )
        if self.custom_rule != "blank" and Kind.WILD_CUSTOMIZABLE.value not in symbols:
            raise ValueError(
                f"custom_rule={self.custom_rule!r} needs Wild Customizable cards, and this "
                "deck has none (the 108-card deck)"
            )
        if self.new_wild_points is not None and not symbols & set(NEW_WILDS):
            raise ValueError(
                "new_wild_points scores the newer wild cards (Wild Shuffle Hands, Wild Swap "
                "Hands, Wild Customizable), and this deck has none (the 108-card deck)"
            )
        if self.timer is not None:
            raise ValueError(
                "the classic sheets have no turn clock (timer is Triple Play's timer mode); "
                "a server keeps its own clock for absent players"
            )
        allowed = {"S", "R", "+2", "W", "W+4", "WSH", "WSW", "WC"}
        foreign = sorted(s for s in symbols if not s.isdigit() and s not in allowed)
        if foreign:
            raise ValueError(f"the classic game has no {', '.join(foreign)} cards")


def _mattel_2021() -> Rules:
    return Rules()


def _mattel_2015() -> Rules:
    return Rules(
        name="mattel-2015",
        deck_counts=DECK_112_SWAP,
        # 2015 sheet: "40 points each for Wild Swap Hands and Wild Customizable".
        points=tuple((s, 40 if s in ("WSW", "WC") else p) for s, p in CLASSIC_POINTS),
        first_card_effect=True,
        wd4_wilds="none",
    )


def _mattel_2003() -> Rules:
    return Rules(
        name="mattel-2003",
        deck_counts=DECK_108,
        first_card_effect=True,
        wd4_wilds="none",
    )


Rules.register("mattel-2021", _mattel_2021)
Rules.register("mattel-2015", _mattel_2015)
Rules.register("mattel-2003", _mattel_2003)
