"""The bot interface: the decision a bot is given, and the adapters that pace its answer.

The names bots are built by live in ``unokit.bots.registry``."""

from __future__ import annotations

import asyncio
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from types import TracebackType
from typing import Any

from unokit.actions import Action
from unokit.cards import Card
from unokit.events import Event
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules

__all__ = [
    "Bot",
    "BotError",
    "Decision",
    "achoose",
    "decide",
    "paced_choose",
]


class BotError(RuntimeError):
    """A bot could not answer: an external program crashed, timed out or spoke nonsense."""


@dataclass(frozen=True)
class Decision:
    """One decision for one seat: everything a bot may use, and nothing it may not see.

    ``view``, ``legal`` and ``optional`` are the decision itself; ``rules`` (public: every
    player knows the rules), ``history`` (the round's events as this seat saw them, the
    memory of a player who pays attention) and ``sample`` (a full game consistent with the
    view, for search) are derived from it. The real game stays private.
    """

    seat: int
    view: dict[str, Any]
    """``game.view(seat)``: the seat's own hand, public state, its legal actions as text."""
    legal: list[Action]
    optional: bool
    """An out-of-turn offer (Uno, catch, jump-in): the bot may return ``None`` to let it go."""
    _game: Game | None = field(default=None, repr=False, compare=False)
    _rules: Rules | None = field(default=None, repr=False, compare=False)
    _history: tuple[Event, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_message(
        cls,
        seat: int,
        view: dict[str, Any],
        legal: list[Action],
        optional: bool,
        *,
        rules: Rules,
        history: tuple[Event, ...] | None = None,
    ) -> Decision:
        """A decision rebuilt from what the external-bot protocol sends (no game behind
        it, so ``sample`` is not available)."""
        return cls(seat, view, legal, optional, None, rules, history)

    def sample(self, seed: int) -> Game:
        """A full game consistent with this seat's view: every card the seat cannot see is
        dealt again at random (a determinization, for search bots)."""
        if self._game is None:
            raise NotImplementedError("this decision came without a game: it cannot re-deal")
        return self._game.resample(self.seat, seed)

    @property
    def rules(self) -> Rules:
        """The rules of the table (public knowledge)."""
        if self._rules is not None:
            return self._rules
        if self._game is None:
            raise ValueError("this decision came without its rules")
        return self._game.rules

    @cached_property
    def hand(self) -> list[Card]:
        """The seat's own cards, parsed from the view."""
        return [Card.parse(code) for code in self.view.get("hand", ())]

    @cached_property
    def history(self) -> list[Event]:
        """Every event of the round so far as this seat saw it (others' cards redacted)."""
        if self._history is not None:
            return list(self._history)
        if self._game is None:
            return []
        return self._game.events(self.seat)

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of the legal actions: what sort of decision this is."""
        return frozenset(a.kind for a in self.legal)


def decide(game: Game, seat: int, optional: bool = False) -> Decision:
    """The ``Decision`` of ``seat`` in ``game`` now."""
    return Decision(seat, game.view(seat), game.legal_actions(seat), optional, game)


class Bot(ABC):
    """A player. Subclasses implement ``choose``; ``name`` is how it is written.

    ``choose`` must return one of ``decision.legal`` (or ``None`` when ``decision.optional``)
    and may use nothing but the decision and its own seeded ``rng``, so that a bot with the
    same seed makes the same choices.
    """

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    @abstractmethod
    def choose(self, decision: Decision) -> Action | None:
        """The action to take, or ``None`` to let an optional offer go."""

    def think_time(self, decision: Decision) -> float:
        """Seconds a person would take over this decision (0: answer at once). Only paced
        play (``achoose``, ``paced_choose``) waits for it; simulations never do."""
        return 0.0

    def close(self) -> None:  # noqa: B027 - a hook most bots leave empty
        """Release what the bot holds (an external program); a no-op for most bots."""

    def __enter__(self) -> Bot:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


async def achoose(bot: Bot, decision: Decision) -> Action | None:
    """The async adapter for servers: the bot thinks in a worker thread, then waits out the
    rest of its thinking time (its personality) without blocking the event loop."""
    start = time.monotonic()
    delay = bot.think_time(decision)
    action = await asyncio.to_thread(bot.choose, decision)
    left = delay - (time.monotonic() - start)
    if left > 0:
        await asyncio.sleep(left)
    return action


def paced_choose(bot: Bot, decision: Decision) -> Action | None:
    """``bot.choose``, then sleep out the rest of its thinking time (for a local table
    played against people, e.g. the terminal)."""
    start = time.monotonic()
    delay = bot.think_time(decision)
    action = bot.choose(decision)
    left = delay - (time.monotonic() - start)
    if left > 0:
        time.sleep(left)
    return action
