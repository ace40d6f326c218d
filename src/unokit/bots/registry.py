"""The registry of bot names: how ``"ismcts:iterations=2000,c=0.7"`` becomes a bot.

Each bot module registers its class under its name (``register_bot``); ``make_bot`` reads a
spec, adds the personality settings every bot takes and expands the named strengths. It sits
above ``unokit.bots.base`` and ``unokit.bots.personality``, which it builds from.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from unokit.bots.base import Bot
from unokit.bots.personality import PERSONALITY_SETTINGS, Personality
from unokit.bots.strengths import STRENGTHS, expand_strength
from unokit.extras import install_hint, missing_extra

__all__ = ["bot_names", "make_bot", "parse_settings", "register_bot", "split_bot_list"]


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
    known = [*(p for p in params if p != "seed"), *PERSONALITY_SETTINGS]
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
    name, settings = parse_settings(expand_strength(spec))
    if name not in _REGISTRY and name in _LAZY:
        try:
            importlib.import_module(_LAZY[name])
        except ModuleNotFoundError as err:
            extra = missing_extra(err)
            if extra is None:
                raise
            raise ValueError(
                f"the {name} bot needs {err.name}, which the {extra!r} extra installs: "
                + install_hint(extra)
            ) from None
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
        if "not supported between" in str(err):  # a word where a number belongs
            given = ", ".join(f"{k}={v}" for k, v in settings.items() if isinstance(v, str))
            raise ValueError(f"bad settings for bot {name!r}: {given} should be a number") from None
        raise ValueError(f"bad settings for bot {name!r}: {err}") from None
    if traits:
        return Personality(bot, seed=seed, **traits)
    return bot
