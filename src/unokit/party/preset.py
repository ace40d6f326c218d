"""The ``party`` preset: UNO Party!'s 224-card deck, its points and the switches it refuses.

The sheet gives only the total ("Components: 224 cards", "double the size of a standard
deck"); the split below is our assumption (docs/rules-party.md, "The deck assumption"). The
Direction Tracker and the two Link Cards are table state (``game.direction``, ``game.link``),
not cards in the deck.
"""

from __future__ import annotations

from typing import Final

from unokit.cards import COLORS
from unokit.rules import Rules

__all__ = ["PARTY_DECK", "PARTY_POINTS", "party_rules"]


def _party_deck() -> tuple[tuple[str, int], ...]:
    """Two of every classic number card (two 0s and four each of 1-9 a colour: 152), four
    each of Draw Two, Reverse and Skip a colour (48), two Point Taken a colour (8), and four
    each of Wild, Wild Draw Four, Wild Pile Up and Wild Drawn Together (16): 224."""
    counts: list[tuple[str, int]] = []
    for color in COLORS:
        counts.append((f"{color}0", 2))
        counts.extend((f"{color}{n}", 4) for n in range(1, 10))
        counts.extend((f"{color}{s}", 4) for s in ("S", "R", "+2"))
        counts.append((f"{color}P", 2))
    counts += [("W", 4), ("W+4", 4), ("WPU", 4), ("WDT", 4)]
    return tuple(counts)


PARTY_DECK: Final = _party_deck()

PARTY_POINTS: Final = (
    ("S", 20),
    ("R", 20),
    ("+2", 20),
    ("P", 20),
    ("W", 50),
    ("W+4", 50),
    ("WPU", 50),
    ("WDT", 50),
)
"""'Number cards - Face value; Draw Two, Point Taken, Reverse, Skip - 20 points; Wild, Wild
Draw Four, Wild Drawn Together, Wild Pile Up - 50 points.'"""

PARTY_MAX_PLAYERS: Final = 16
"""'Number of Players: 6-16 players'; 'it is possible to play the game with less than six'."""


def party_rules() -> Rules:
    """The UNO Party! sheet as a ``Rules`` value.

    ``wd4_wilds="all"``: 'Wild cards are considered matches for the current color' (every
    wild card of the sheet except the Wild Draw Four itself). ``jump_in`` stays off: Speed
    Play is part of the game, number cards only, not the classic Jump-In house rule.
    """
    return Rules(
        name="party",
        game="party",
        deck_counts=PARTY_DECK,
        points=PARTY_POINTS,
        max_players=PARTY_MAX_PLAYERS,
        wd4_wilds="all",
        scoring="winner",
        target=500,
    )


def check_party_rules(rules: Rules) -> None:
    """Refuse the switches the UNO Party! sheet gives no meaning to (``ValueError``)."""
    refused = []
    if rules.stacking:
        refused.append("stacking (the sheet stacks no draw cards)")
    if rules.seven_o:
        refused.append("seven_o (no trading of hands in UNO Party!)")
    if rules.jump_in:
        refused.append(
            "jump_in (Speed Play is UNO Party!'s own jump: number cards only, always played)"
        )
    if rules.draw_to_match:
        refused.append("draw_to_match (the sheet draws one card)")
    if rules.first_card_effect:
        refused.append("first_card_effect (the sheet ignores a first action card)")
    if rules.partners:
        refused.append("partners (UNO Party! has no teams)")
    if rules.custom_rule != "blank":
        refused.append("custom_rule (the deck has no Wild Customizable cards)")
    if rules.timer is not None:
        refused.append("timer (UNO Party! has no turn clock)")
    if rules.wd4_wilds != "all":
        refused.append(
            f"wd4_wilds={rules.wd4_wilds!r} (the sheet: 'Wild cards are considered matches "
            "for the current color', so every wild but the Wild Draw Four breaks its limit)"
        )
    if rules.scoring in ("lowest", "elimination"):
        refused.append(
            f"scoring={rules.scoring!r} (the sheet scores the round winner: 'winner', or "
            "one round: 'none')"
        )
    if refused:
        raise ValueError(f"the {rules.name} rules cannot take: {'; '.join(refused)}")
