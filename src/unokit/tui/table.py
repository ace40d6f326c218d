"""The table the person plays at: one seat is theirs, bots hold the others.

``Table`` owns the match and the bots and decides who acts next; the screen asks it for seat
``me``'s view and new events and nothing else. Bots act one at a time in the order of SPEC.md
("One actor at a time"): after each action, every bot with an out-of-turn action (Uno, catch,
jump) is offered it once, then the bot to play acts. The person is not asked in that order:
like a player at a server, they act whenever one of their actions is legal (saying Uno,
catching a bot, playing their turn), so the pace of the bots is the Uno window.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from unokit.actions import Action
from unokit.bots import Bot, Decision, decide
from unokit.events import Event
from unokit.game import Game
from unokit.rules import Rules
from unokit.turns import offers

__all__ = ["OneRound", "Rounds", "Table"]


class Rounds(Protocol):
    """What the table needs from a match (``unokit.Match`` has it all)."""

    rules: Rules
    players: int

    @property
    def game(self) -> Game: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    def next_round(self) -> Game: ...
    def record(self, seat: int | None = None) -> dict[str, Any]: ...


class OneRound:
    """A single round as a match of one: to play a given position (``Game.arranged``)."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.rules = game.rules
        self.players = game.players

    @property
    def game(self) -> Game:
        return self._game

    @property
    def scores(self) -> list[int]:
        return self._game.round_points() if self._game.over else [0] * self.players

    @property
    def over(self) -> bool:
        return self._game.over

    @property
    def winner(self) -> int | None:
        return self._game.winner

    def next_round(self) -> Game:
        raise ValueError("a single round has no next round")

    def record(self, seat: int | None = None) -> dict[str, Any]:
        return self._game.record(seat)


class Table:
    """Seat ``me`` is the person; ``bots[seat]`` decides for every other seat."""

    def __init__(self, rounds: Rounds, bots: Mapping[int, Bot], me: int = 0) -> None:
        missing = [s for s in range(rounds.players) if s != me and s not in bots]
        if missing:
            raise ValueError(f"no bot for seat(s) {missing}")
        self.rounds = rounds
        self.bots = dict(bots)
        self.me = me
        self.round_number = 1
        self._seen = 0
        self._offers: list[int] = []

    # -- what the person may see ----------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Seat ``me``'s view: all the screen shows of the game comes from here."""
        return self.rounds.game.view(self.me)

    def new_events(self) -> list[Event]:
        """The events ``me`` has not been shown yet, as ``me`` may see them."""
        game = self.rounds.game
        events = game.events(self.me, since=self._seen)
        self._seen += len(events)
        return events

    def legal(self) -> list[Action]:
        """The person's legal actions, read from their view."""
        return [Action.parse(text) for text in self.view()["legal"]]

    @property
    def events_shown(self) -> int:
        """How many events of this round ``new_events`` has handed out."""
        return self._seen

    @property
    def round_over(self) -> bool:
        return self.rounds.game.over

    @property
    def scores(self) -> list[int]:
        return self.rounds.scores

    # -- the person acts ----------------------------------------------------------------
    def act(self, action: Action | str) -> list[Event]:
        """Apply the person's action (``IllegalAction`` says why, and nothing changes)."""
        events = self.rounds.game.apply(action, self.me)
        self._offers = self._bot_offers(self.me)
        return events

    # -- the bots act -------------------------------------------------------------------
    def next_decision(self) -> Decision | None:
        """The next decision a bot owes, or ``None`` when the table waits for the person
        (or the round is over)."""
        game = self.rounds.game
        if game.over:
            return None
        while self._offers:
            seat = self._offers[0]
            if seat != game.to_play and game.legal_actions(seat):
                return decide(game, seat, optional=True)
            self._offers.pop(0)  # an earlier action closed this offer
        player = game.to_play
        if player is None or player == self.me:
            return None
        return decide(game, player, optional=False)

    def resolve(self, decision: Decision, action: Action | None) -> list[Event]:
        """Apply the bot's answer to ``decision`` (``None`` lets an offer go)."""
        if decision.optional:
            if self._offers and self._offers[0] == decision.seat:
                self._offers.pop(0)
            if action is None:
                return []
        elif action is None:
            raise ValueError(f"{self.bots[decision.seat]!r} must choose an action on its turn")
        events = self.rounds.game.apply(action, decision.seat)
        self._offers = self._bot_offers(decision.seat)
        return events

    def _bot_offers(self, acted: int) -> list[int]:
        return [seat for seat in offers(self.rounds.game, acted) if seat != self.me]

    # -- rounds -------------------------------------------------------------------------
    def next_round(self) -> None:
        self.rounds.next_round()
        self.round_number += 1
        self._seen = 0
        self._offers = []
