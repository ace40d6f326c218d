"""Shared, immutable actions of the Party engine (as game.py's tables: built once, so
``legal_actions`` builds no ``Action`` on the hot path and ``apply`` finds them fast)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from unokit.actions import Action
from unokit.cards import Card

__all__ = [
    "BARE_PLAY",
    "BARE_PLAY_UNO",
    "CATCH",
    "JUMP",
    "JUMP_UNO",
    "LINKS",
    "POINT",
    "TAKE",
    "UNO",
    "Choices",
    "choices_for",
    "links_for",
    "new_links_for",
]

_CARDS = Card.all()
_SEATS: Final = 100

BARE_PLAY: Final = [Action("play", card=c) for c in _CARDS]
"""``play X`` naming no colour, wilds included: Wild Pile Up, and every card on the mini pile."""
BARE_PLAY_UNO: Final = [Action("play", card=c, uno=True) for c in _CARDS]
JUMP: Final = [Action("jump", card=c) for c in _CARDS]
JUMP_UNO: Final = [Action("jump", card=c, uno=True) for c in _CARDS]
POINT: Final = [Action("point", target=s) for s in range(_SEATS)]
TAKE: Final = Action("take")
UNO: Final = Action("uno")
CATCH: Final = [Action("catch", target=s) for s in range(_SEATS)]
LINKS: Final = {
    (a, b): Action("link", seats=(a, b)) for a in range(_SEATS) for b in range(a + 1, _SEATS)
}
"""``link A B`` for every pair of seats (smaller seat first)."""


def links_for(active: tuple[int, ...]) -> tuple[Action, ...]:
    """Every ``link A B`` among ``active`` seats, by first then second seat."""
    return tuple(LINKS[(a, b)] for i, a in enumerate(active) for b in active[i + 1 :])


class Choices(tuple[Action, ...]):
    """A legal-action tuple that answers ``in`` by hashing, not by comparing every action:
    the ``point`` and ``link`` lists grow with the table (120 links at 16 players) and
    ``apply`` tests membership on every action."""

    _members: frozenset[Action]

    def __new__(cls, actions: Iterable[Action]) -> Choices:
        self = super().__new__(cls, actions)
        self._members = frozenset(self)
        return self

    def __contains__(self, action: object) -> bool:
        return action in self._members


_TABLES: dict[tuple[int, ...], tuple[Choices, dict[int, Choices]]] = {}


def choices_for(active: tuple[int, ...]) -> tuple[Choices, dict[int, Choices]]:
    """The ``link`` choices of a table and each seat's ``point`` choices, built once for
    each set of active seats and shared by every game (they are immutable)."""
    tables = _TABLES.get(active)
    if tables is None:
        links = Choices(links_for(active))
        points = {s: Choices(POINT[t] for t in active if t != s) for s in active}
        tables = _TABLES[active] = (links, points)
    return tables


_NEW_LINKS: dict[tuple[tuple[int, ...], tuple[int, int] | None], Choices] = {}


def new_links_for(active: tuple[int, ...], linked: tuple[int, int] | None) -> Choices:
    """The ``link`` choices when ``linked`` are linked already: every other pair (shared)."""
    key = (active, linked)
    links = _NEW_LINKS.get(key)
    if links is None:
        every = choices_for(active)[0]
        links = every if linked is None else Choices(a for a in every if a.seats != linked)
        _NEW_LINKS[key] = links
    return links
