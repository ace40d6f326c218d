"""The bot interface and the registry of bot names."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
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
    "bot_names",
    "decide",
    "make_bot",
    "paced_choose",
    "parse_settings",
    "register_bot",
    "split_bot_list",
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


_REGISTRY: dict[str, Callable[..., Bot]] = {}
_LAZY: dict[str, str] = {"policy": "unokit.envs.policy", "learned": "unokit.bots.learned"}
"""Bots that live in modules with optional dependencies, imported when first named."""


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


def parse_settings(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=2000,c=0.7"`` -> ``("ismcts", {"iterations": 2000, "c": 0.7})``."""
    name, _, settings_text = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in settings_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot setting {item!r} should look like key=value")
        settings[key.strip()] = _value(value.strip())
    return name.strip(), settings


def split_bot_list(text: str) -> list[str]:
    """A comma-separated list of bot specs, split at the commas that start a new bot:
    ``"ismcts:iterations=50,c=0.7,random"`` is two bots, because ``c=0.7`` (a ``key=value``
    without a colon) is a setting of the bot before it. ``ValueError`` if it names none."""
    bots: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if bots and "=" in part and ":" not in part:
            bots[-1] += "," + part
        elif "=" in part and ":" not in part:
            raise ValueError(f"{part!r} is a setting, but no bot comes before it")
        else:
            bots.append(part)
    if not bots:
        raise ValueError("the bot list names no bot")
    return bots


def _check_setting_names(name: str, factory: Callable[..., Bot], settings: dict[str, Any]) -> None:
    """``ValueError`` naming a setting the bot does not have, and the ones it has."""
    params = inspect.signature(factory).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return  # it takes any setting (an external program's own options)
    known = [p for p in params if p != "seed"]
    for key in settings:
        if key not in params or key == "seed":
            has = f"its settings are {', '.join(known)}" if known else "it has none"
            raise ValueError(
                f"bad settings for bot {name!r}: no setting {key!r}; {has} (unokit bots)"
            )


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its name with settings: ``"ismcts:iterations=2000,c=0.7"``.

    The personality settings ``forget_uno``, ``miss_catch`` (probabilities) and ``think``
    (seconds) work with every bot: ``"greedy:forget_uno=0.2,think=1.5"``. Unset, the bot
    plays at full strength and answers at once. The named strengths (``easy``, ``normal``,
    ``hard``, ``strongest``: ``unokit.bots.strengths``) build the specs they stand for.
    """
    from unokit.bots.personality import PERSONALITY_SETTINGS, Personality
    from unokit.bots.strengths import STRENGTHS, expand_strength

    name, settings = parse_settings(expand_strength(spec))
    if name not in _REGISTRY and name in _LAZY:
        importlib.import_module(_LAZY[name])
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(
            f"unknown bot {name!r}: the bots are {', '.join(bot_names())}; "
            f"the strengths are {', '.join(STRENGTHS)}"
        )
    traits = {k: settings.pop(k) for k in PERSONALITY_SETTINGS if k in settings}
    _check_setting_names(name, factory, settings)
    try:
        bot = factory(seed=seed, **settings)
    except TypeError as err:
        raise ValueError(f"bad settings for bot {name!r}: {err}") from None
    if traits:
        return Personality(bot, seed=seed, **traits)
    return bot
