"""The one-actor-at-a-time order as a state machine a learner can step.

``unokit.turns.play_out`` drives a game by calling a chooser; a learning environment must be
driven from outside, one decision per ``step``. ``Driver`` asks exactly the same questions in
exactly the same order (SPEC.md, "One actor at a time"): after the seat to play acts, every
other seat with out-of-turn actions is offered them once, in seat order after the seat that
acted, and may act or let it go; then the seat to play acts. A test checks that the two play
the same games.
"""

from __future__ import annotations

from unokit.actions import Action
from unokit.errors import IllegalAction
from unokit.events import Event
from unokit.game import Game
from unokit.turns import offers

__all__ = ["Driver"]


class Driver:
    """Who decides next in ``game``, and whether that decision may be declined."""

    __slots__ = ("_queue", "game", "optional", "seat")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._queue: list[int] = []
        self.seat: int | None = None
        """The seat that owes the next decision; ``None`` once the round is over."""
        self.optional = False
        """Is the next decision an out-of-turn offer (``None``, "let it go", allowed)?"""
        self._advance()

    def legal(self) -> list[Action]:
        """The legal actions of the deciding seat (plus, when optional, letting it go)."""
        if self.seat is None:
            return []
        return self.game.legal_actions(self.seat)

    def act(self, action: Action | None) -> list[Event]:
        """Apply the deciding seat's choice (``None``: let an offer go) and move on.

        Raises ``IllegalAction`` (the game and the order unchanged) for an action that is not
        legal now, and for ``None`` when the seat must act.
        """
        seat = self.seat
        if seat is None:
            raise IllegalAction("the round is over")
        if action is None:
            if not self.optional:
                raise IllegalAction(
                    f"seat {seat} is to play and must act: letting it go is only for "
                    "out-of-turn offers"
                )
            self._advance()
            return []
        game = self.game
        events = game.apply(action, seat)
        if game.over:
            self._queue = []
            self.seat = None
            self.optional = False
            return events
        if not self.optional:
            self._queue = offers(game, seat)
        if self._queue:
            self._advance()
        else:  # nobody else to ask: the seat to play
            self.seat = game.to_play
            self.optional = False
        return events

    def _advance(self) -> None:
        game = self.game
        if game.over:
            self._queue = []
            self.seat = None
            self.optional = False
            return
        queue = self._queue
        while queue:
            seat = queue.pop(0)
            if game.legal_actions(seat):
                self.seat = seat
                self.optional = True
                return
        self.seat = game.to_play
        self.optional = False
