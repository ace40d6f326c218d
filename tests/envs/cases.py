"""The presets, switches and table sizes the environment tests run over."""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

from unokit import Rules

# variant presets register themselves when their package is imported
for _name in ("unokit.tripleplay", "unokit.party"):
    with contextlib.suppress(ImportError):
        importlib.import_module(_name)


def presets() -> list[str]:
    """Every registered preset (the variants' too, once they exist)."""
    return Rules.presets()


def max_players(preset: str) -> int:
    return Rules.preset(preset).max_players


SWITCHES: list[dict[str, Any]] = [
    {},
    {"stacking": True},
    {"seven_o": True},
    {"jump_in": True},
    {"draw_to_match": True},
    {"first_card_effect": True},
    {"two_player_reverse_skip": False},
    {"wd4_wilds": "all"},
    {"stacking": True, "jump_in": True, "seven_o": True},
]
"""Each classic house rule alone, and the three interacting ones together."""


def classic_cases() -> list[tuple[str, dict[str, Any], int]]:
    """(preset, switches, players): every classic preset with every switch set, at 2 and 4
    players, plus partners and the custom rules."""
    cases: list[tuple[str, dict[str, Any], int]] = []
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        for switches in SWITCHES:
            for players in (2, 4):
                cases.append((preset, switches, players))
    cases.append(("mattel-2021", {"partners": True}, 4))
    cases.append(("mattel-2021", {"custom_rule": "extra_turn"}, 3))
    cases.append(("mattel-2015", {"custom_rule": "draw_three", "jump_in": True}, 5))
    cases.append(("mattel-2021", {"seven_o": True, "jump_in": True}, 10))
    return cases


def variant_cases() -> list[tuple[str, dict[str, Any], int]]:
    """Every non-classic preset that is registered, at its smallest and largest table, and
    with each switch its sheet accepts (the others are refused when the Rules is made)."""
    cases: list[tuple[str, dict[str, Any], int]] = []
    for preset in presets():
        rules = Rules.preset(preset)
        if rules.game == "classic":
            continue
        cases.append((preset, {}, rules.min_players))
        cases.append((preset, {}, rules.max_players))
        cases.append((preset, {"two_player_reverse_skip": False}, 2))
        if preset == "triple-play":
            cases.append((preset, {"timer": 30}, 3))  # timer mode: no clock in an env
    return cases


def all_cases() -> list[tuple[str, dict[str, Any], int]]:
    return classic_cases() + variant_cases()


def case_id(case: tuple[str, dict[str, Any], int]) -> str:
    preset, switches, players = case
    on = ",".join(f"{k}={v}" for k, v in switches.items()) or "plain"
    return f"{preset}-{on}-{players}p"
