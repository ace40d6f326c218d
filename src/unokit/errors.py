"""The errors unokit raises for bad input.

Both are ``ValueError`` subclasses, as in python-chess: a caller that only wants to know
"was that accepted?" catches ``ValueError``; one that wants to tell a typo from an illegal
move catches ``ActionSyntaxError`` first.
"""

from __future__ import annotations

__all__ = ["ActionSyntaxError", "CardSyntaxError", "IllegalAction", "RecordError"]


class IllegalAction(ValueError):  # noqa: N818 - the name is SPEC.md's
    """An action that is not legal for that seat at that moment; the game is unchanged."""


class ActionSyntaxError(IllegalAction):
    """Text that is no action at all (``Action.parse`` could not read it)."""


class CardSyntaxError(ValueError):
    """Text that is no card code (``Card.parse`` could not read it)."""


class RecordError(ValueError):
    """A record that cannot be replayed: another format version, or it replays differently."""
