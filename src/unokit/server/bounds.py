"""The bounds of every value a client sends when it creates a table, the same wherever the
value sits: ``target`` at the top and ``house.target`` meet one cap, ``turn_timer`` and
Triple Play's ``house.timer`` another, and every house rule is of its kind and range before
the rules engine sees it (a table whose target is 10^30 could never end)."""

from __future__ import annotations

import math
from typing import Any, Final

from unokit.rules import CUSTOM_RULES, SCORINGS, SWITCHES, WD4_WILDS, Rules

__all__ = ["SECONDS", "TARGET", "check_house"]

TARGET: Final = (1, 100_000)
"""Points a match is played to."""
SECONDS: Final = (1, 600)
"""A turn clock, the server's or Triple Play's timer mode, in seconds."""
POINTS: Final = (0, 1000)
"""Points a card may score."""

_SWITCH_BOOL: Final = frozenset(
    name for name in SWITCHES if isinstance(getattr(Rules.preset("mattel-2021"), name), bool)
)
"""The on/off house rules, as the rules themselves type them."""

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "scoring": SCORINGS,
    "custom_rule": CUSTOM_RULES,
    "wd4_wilds": WD4_WILDS,
}
_NUMBERS: Final[dict[str, tuple[tuple[int, int], bool]]] = {
    "target": (TARGET, True),
    "timer": (SECONDS, False),
    "new_wild_points": (POINTS, True),
}
"""switch -> (its range, whole numbers only)"""


def _number(key: str, value: Any, bounds: tuple[int, int], whole: bool) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        raise ValueError(f"house.{key} is a whole number" if whole else f"house.{key} is a number")
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"house.{key} is {low} to {high}")


def check_house(house: dict[str, Any]) -> dict[str, Any]:
    """``house`` if every switch it sets is of its kind and within its bounds; a switch
    this module does not know is left to ``Rules.preset`` to refuse by name."""
    for key, value in house.items():
        if len(key) > 40:
            raise ValueError("a house rule's name is at most 40 characters")
        if value is None:
            continue  # the preset's own
        if key in _SWITCH_BOOL and not isinstance(value, bool):
            raise ValueError(f"house.{key} is true or false")
        if key in _CHOICES and value not in _CHOICES[key]:
            raise ValueError(f"house.{key} is one of {', '.join(_CHOICES[key])}")
        if key in _NUMBERS:
            bounds, whole = _NUMBERS[key]
            _number(key, value, bounds, whole)
    return house
