"""The bot interface and the registry of bot names."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from unokit.actions import Action
from unokit.game import Game
from unokit.rng import Random

__all__ = ["Bot", "Decision", "achoose", "bot_names", "decide", "make_bot", "register_bot"]


@dataclass(frozen=True)
class Decision:
    """One decision for one seat: everything a bot may use, and nothing it may not see."""

    seat: int
    view: dict[str, Any]
    """``game.view(seat)``: the seat's own hand, public state, its legal actions as text."""
    legal: list[Action]
    optional: bool
    """An out-of-turn offer (Uno, catch, jump-in): the bot may return ``None`` to let it go."""
    _game: Game = field(repr=False, compare=False)

    def sample(self, seed: int) -> Game:
        """A full game consistent with this seat's view: every card the seat cannot see is
        dealt again at random (a determinization, for search bots)."""
        return self._game.resample(self.seat, seed)


def decide(game: Game, seat: int, optional: bool = False) -> Decision:
    """The ``Decision`` of ``seat`` in ``game`` now."""
    return Decision(seat, game.view(seat), game.legal_actions(seat), optional, game)


class Bot(ABC):
    """A player. Subclasses implement ``choose``; ``name`` is how it is written."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    @abstractmethod
    def choose(self, decision: Decision) -> Action | None:
        """The action to take, or ``None`` to let an optional offer go."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


async def achoose(bot: Bot, decision: Decision) -> Action | None:
    """The async adapter for servers: the bot thinks in a worker thread."""
    return await asyncio.to_thread(bot.choose, decision)


_REGISTRY: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``make_bot(name)`` build ``factory(seed=..., **settings)``."""
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    return sorted(_REGISTRY)


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name with settings: ``"ismcts:iterations=2000,c=0.7"``."""
    name, _, settings_text = spec.partition(":")
    factory = _REGISTRY.get(name.strip())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(bot_names())}")
    settings: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in settings_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} should look like key=value")
        settings[key.strip()] = _value(value.strip())
    try:
        return factory(seed=seed, **settings)
    except TypeError as err:
        raise ValueError(f"bad settings for bot {name!r}: {err}") from None
