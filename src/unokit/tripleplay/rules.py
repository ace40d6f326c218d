"""The ``triple-play`` preset: its 112-card deck, its points, and the switches it refuses.

Every number here is the sheet's (``../shared/rules/triple-play.txt``), quoted beside it.
"""

from __future__ import annotations

from typing import Final

from unokit.cards import COLORS
from unokit.rules import Rules

__all__ = ["DECK_TRIPLE_PLAY", "POINTS_TRIPLE_PLAY", "triple_play", "validate_triple_play"]


def _deck() -> tuple[tuple[str, int], ...]:
    """'19 Blue cards - 0 to 9 ... 8 Reverse cards - 2 each ... 8 Skip cards ... 8 Discard Two
    of the Same Color cards ... 4 Wild cards 4 Wild Clear cards 4 Wild Give Away cards'."""
    counts: list[tuple[str, int]] = []
    for color in COLORS:
        counts.append((f"{color}0", 1))
        counts.extend((f"{color}{n}", 2) for n in range(1, 10))
        counts.extend((f"{color}{s}", 2) for s in ("R", "S", "D"))
    counts += [("W", 4), ("WCL", 4), ("WGA", 4)]
    return tuple(counts)


DECK_TRIPLE_PLAY: Final = _deck()
"""The 112 cards of 'CONTENTS: 112 cards as follows'."""

POINTS_TRIPLE_PLAY: Final = (
    ("R", 20),
    ("S", 20),
    ("D", 30),
    ("W", 50),
    ("WCL", 50),
    ("WGA", 50),
)
"""'All cards through 9: Face Value; Reverse 20 Points; Skip 20 Points; Discard 2 30 Points;
Wild 50 Points; Wild Clear 50 Points; Wild Give-Away 50 Points'."""


def triple_play() -> Rules:
    """'Be the first player to get rid of all of your cards in each round ... the first player
    to reach 500 points wins.'"""
    return Rules(
        name="triple-play",
        game="triple-play",
        deck_counts=DECK_TRIPLE_PLAY,
        points=POINTS_TRIPLE_PLAY,
        wd4_wilds="none",
    )


_REFUSED: Final = (
    ("stacking", False, "Triple Play has no Draw Two or Wild Draw Four to stack"),
    ("seven_o", False, "the Triple Play sheet has no Seven-O"),
    ("jump_in", False, "the Triple Play sheet has no Jump-In (and three piles to jump on)"),
    ("draw_to_match", False, "the Triple Play sheet draws one card: 'you must draw a card'"),
    ("first_card_effect", False, "a Reverse or Skip turned up goes back into the draw pile"),
    ("partners", False, "the Triple Play sheet has no partner game"),
    ("custom_rule", "blank", "the Triple Play deck has no Wild Customizable cards"),
    ("wd4_wilds", "none", "the Triple Play deck has no Wild Draw Four whose limit it could set"),
)


def validate_triple_play(rules: Rules) -> None:
    """Refuse switches the Triple Play sheet gives no meaning to."""
    for name, allowed, why in _REFUSED:
        if getattr(rules, name) != allowed:
            raise ValueError(f"{name}={getattr(rules, name)!r} is not part of Triple Play: {why}")
    allowed_symbols = {"R", "S", "D", "W", "WCL", "WGA"}
    for code, _ in rules.deck_counts:
        symbol = code[1:] if code[0] in COLORS else code
        if not symbol.isdigit() and symbol not in allowed_symbols:
            raise ValueError(f"Triple Play has no {code} cards")
