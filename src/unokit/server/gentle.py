"""What the table does for a person whose turn clock ran out: the gentle move.

Card apps draw a card and pass for a player who let the clock run out; they never play the
player's cards for them (a Wild Draw Four played by the table is a choice the player did not
make). So the clock's move is, in order of preference: the sheet's own penalty where it has one
(Triple Play's timer mode, ``timeout``), a draw, keeping a drawn card (``pass``), taking a
penalty (``accept``, never a challenge or a stack), keeping overload cards, taking a mini pile.
A decision with no card in it (naming a colour, choosing whom to trade with or point at) is
left to the stand-in bot, as is the rare turn whose only moves are plays (nothing left to draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from unokit.actions import Action

__all__ = ["GENTLE", "gentle_choice"]

GENTLE: Final = ("timeout", "draw", "pass", "accept", "take")
"""The moves the clock makes for a person, the first legal one taken."""

_PLAYS: Final = frozenset({"play", "jump"})
_ASIDE: Final = frozenset({"uno", "catch"})  # out-of-turn calls: never the clock's move


def gentle_choice(legal: Sequence[Action], clock_mode: bool = False) -> Action | None:
    """The clock's move among ``legal`` (the seat to play's actions), or ``None`` when the
    stand-in must choose (no card of the player's is played either way unless only plays
    are legal). ``clock_mode``: the rules' own timer is running (Triple Play's timer mode),
    whose penalty, ``timeout``, comes first."""
    kinds = {a.kind: a for a in legal}
    for kind in GENTLE:
        if kind == "timeout":
            if clock_mode:
                return Action("timeout")
            continue
        if kind in kinds:
            return kinds[kind]
    if not any(a.kind in _PLAYS for a in legal):
        return None  # a choice without cards: the stand-in's
    quiet = [a for a in legal if a.kind not in _PLAYS and a.kind not in _ASIDE]
    return quiet[0] if quiet else None
