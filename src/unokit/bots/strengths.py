"""Named strengths: ``easy``, ``normal``, ``hard`` and ``strongest``, each a bot spec.

These are the names a person picks from (``unokit play --bots easy,hard``, the web page, a
server's allowlist); ``make_bot("hard")`` builds the bot its spec names, and settings after
the name override the spec's (``hard:think=0``). ``strongest`` is whichever bot rates best
on the ladder and in the strength benchmarks (docs/bots.md); today the search bot, which the
``learned`` network does not yet beat. All four take their time like people and
react to out-of-turn chances (Uno, catch, Jump-In) in about half a second, so a person can
win those races; in a simulation nobody waits, so only the choices differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from unokit.i18n import N_

__all__ = ["STRENGTHS", "STRENGTH_WORDS", "expand_strength"]

STRENGTHS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # a random card that plays (RLCard's random agent), forgetful and slow to catch
        "easy": "random:playable=true,forget_uno=0.5,miss_catch=0.8,think=1.5",
        # the heuristic bot with a person's lapses (docs/bots.md's personality)
        "normal": "greedy:forget_uno=0.2,miss_catch=0.5,think=1.5",
        # the search bot, which never forgets Uno and rarely misses a catch
        "hard": "ismcts:iterations=200,forget_uno=0.02,miss_catch=0.1,think=1.5",
        # the best measured bot (docs/bots.md: 28.25% against three greedy), no lapses
        "strongest": "ismcts:iterations=200,think=1.5",
    }
)
"""Strength name -> bot spec (a name with settings, as ``make_bot`` reads it)."""

STRENGTH_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "easy": N_("plays any card that fits; often forgets Uno and misses catches"),
        "normal": N_("plays sensibly; sometimes forgets Uno or misses a catch"),
        "hard": N_("searches 200 re-deals a decision; hardly ever slips"),
        "strongest": N_("the best measured bot: searches 200 re-deals a decision, never slips"),
    }
)
"""One line a strength, for lists and menus."""


def expand_strength(spec: str) -> str:
    """``"hard:think=0"`` -> the spec of ``hard`` with ``think=0`` put last (a later
    setting wins); any other spec comes back unchanged."""
    name, _, settings = spec.partition(":")
    base = STRENGTHS.get(name.strip())
    if base is None:
        return spec
    return f"{base},{settings}" if settings.strip() else base
