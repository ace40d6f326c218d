"""Action numbers of the fast path and the rules it plays, in plain Python (no numba).

The kernel plays ``mattel-2021`` with any of three house rules switched on: ``stacking``,
``seven_o`` and ``draw_to_match``; ``HOUSE`` names the set with all three. Every other rule
keeps its mattel-2021 value (a round scored by the winner, no Jump-In). The Uno window is
the kernel's ``FLAG_UNO_CALLS`` (``flags_for(rules, uno_calls=True)``): with it the kernel
plays mattel-2021's Uno calls and catches exactly as the reference engine; without it (the
speed paths) Uno is always said with the play and nobody is caught.
"""

from __future__ import annotations

from typing import Final

from unokit.actions import Action
from unokit.cards import COLORS, Card
from unokit.fast.layout import (
    ACCEPT,
    CATCH,
    CHALLENGE,
    DRAW,
    FLAG_DRAW_TO_MATCH,
    FLAG_SEVEN_O,
    FLAG_STACKING,
    FLAG_UNO_CALLS,
    MAX_PLAYERS,
    NUM_ACTIONS,
    NUM_ACTIONS_UNO,
    PASS,
    PLAY_UNO,
    SWAP,
    UNO,
    WILD_BASE,
)
from unokit.rules import Rules

__all__ = ["HOUSE", "SUPPORTED_SWITCHES", "decode_action", "encode_action", "flags_for"]

SUPPORTED_SWITCHES: Final = {
    "stacking": FLAG_STACKING,
    "seven_o": FLAG_SEVEN_O,
    "draw_to_match": FLAG_DRAW_TO_MATCH,
}

HOUSE: Final = Rules.preset("mattel-2021", stacking=True, seven_o=True, draw_to_match=True)
"""The fast path's named house-rule set: mattel-2021 with stacking, Seven-O, draw-to-match."""

_BASE: Final = Rules.preset("mattel-2021")
_CARDS: Final = Card.all()


def flags_for(rules: Rules, *, uno_calls: bool = False) -> int:
    """The kernel's rule flags for ``rules`` (``uno_calls``: with ``FLAG_UNO_CALLS``, the
    full Uno window); ``ValueError`` for rules it does not play."""
    flags = FLAG_UNO_CALLS if uno_calls else 0
    for name, flag in SUPPORTED_SWITCHES.items():
        if getattr(rules, name):
            flags |= flag
    plain = rules.replace(stacking=False, seven_o=False, draw_to_match=False)
    if plain.replace(target=_BASE.target) != _BASE:
        raise ValueError(
            f"the fast path plays mattel-2021 with stacking, seven_o and draw_to_match only, "
            f"not {rules.name} with these rules: {_differences(plain)}"
        )
    return flags


def _differences(rules: Rules) -> str:
    mine, base = rules.to_json(), _BASE.to_json()
    named = ("deck_counts", "points")
    return ", ".join(
        k if k in named else f"{k}={mine[k]!r}"
        for k in mine
        if k not in ("target", "name") and mine[k] != base[k]
    )


def encode_action(action: Action, *, calls: bool = False) -> int:
    """The kernel's number for ``action``. ``calls``: numbers of ``FLAG_UNO_CALLS``, where a
    play saying Uno is ``PLAY_UNO + n``; without it a play's ``uno`` is implied (the fast
    path always says it)."""
    kind = action.kind
    if kind == "play":
        card = action.card
        assert card is not None
        if card.wild:
            if action.color is None:
                raise ValueError(f"{action} names no colour")
            n = WILD_BASE + 4 * (card.index - WILD_BASE) + COLORS.index(action.color)
        else:
            n = card.index
        return PLAY_UNO + n if calls and action.uno else n
    if kind == "swap":
        assert action.target is not None
        return SWAP + action.target
    if kind in ("uno", "catch") and calls:
        return UNO if kind == "uno" else CATCH + (action.target or 0)
    fixed = {"draw": DRAW, "pass": PASS, "accept": ACCEPT, "challenge": CHALLENGE}
    if kind not in fixed:
        extra = " without FLAG_UNO_CALLS (calls=True)" if kind in ("uno", "catch") else ""
        raise ValueError(f"{kind!r} actions are not part of the fast path{extra}")
    return fixed[kind]


def decode_action(number: int, *, uno: bool = False) -> Action:
    """The ``Action`` a kernel action number stands for (``uno``: say it with a play; the
    ``PLAY_UNO`` numbers always say it)."""
    if not 0 <= number < NUM_ACTIONS_UNO:
        raise ValueError(f"{number} is not an action number (0 to {NUM_ACTIONS_UNO - 1})")
    if number >= NUM_ACTIONS:
        if number < UNO:
            return decode_action(number - PLAY_UNO, uno=True)
        if number == UNO:
            return Action("uno")
        return Action("catch", target=number - CATCH)
    if number < WILD_BASE:
        return Action("play", card=_CARDS[number], uno=uno)
    if number < DRAW:
        wild, color = divmod(number - WILD_BASE, 4)
        return Action("play", card=_CARDS[WILD_BASE + wild], color=COLORS[color], uno=uno)
    if number >= SWAP:
        seat = number - SWAP
        assert seat < MAX_PLAYERS
        return Action("swap", target=seat)
    return Action({DRAW: "draw", PASS: "pass", ACCEPT: "accept", CHALLENGE: "challenge"}[number])
