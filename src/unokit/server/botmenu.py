"""The bots a table may seat: what the operator allows, with a cap on every setting.

A client names a bot and the server checks the name against this menu before anything is
built: a named strength (``easy``, ``normal``, ``hard``), a built-in bot with settings from
the allowlist (``ismcts:iterations=500``, each setting within its range), or a name the
operator registered (``--external-bot NAME=COMMAND``, ``--policy NAME=PATH``). Nothing else
is accepted, so no client can name a file, a program, or a search that never ends.

Stored tables are read through the same menu: a stored spec with a setting above today's
cap is clamped to the cap, and one the menu no longer offers is played by the stand-in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from unokit.bots import parse_settings
from unokit.bots.strengths import STRENGTHS

__all__ = ["STRENGTHS", "BotMenu", "BotRefusedError", "Setting"]


class BotRefusedError(ValueError):
    """A bot spec this server does not offer, with the reason in words."""


@dataclass(frozen=True)
class Setting:
    """One allowed bot setting: its kind (``int``, ``float``, ``bool``) and its range."""

    kind: type
    low: float = 0.0
    high: float = 0.0
    choices: tuple[str, ...] = ()
    """For ``str`` settings: the names a client may give (nothing else is read)."""

    def check(self, bot: str, key: str, value: Any) -> Any:
        if self.kind is str:
            if value not in self.choices:
                offered = ", ".join(self.choices) or "none on this server"
                raise BotRefusedError(f"{bot} setting {key} is one of {offered}, not {value!r}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise BotRefusedError(f"{bot} setting {key} is true or false, not {value!r}")
            return value
        whole = self.kind is int
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            kind = "a whole number" if whole else "a number"
            raise BotRefusedError(f"{bot} setting {key} is {kind}, not {value!r}")
        if not self.low <= value <= self.high:
            raise BotRefusedError(
                f"{bot} setting {key} is {_num(self.low)} to {_num(self.high)} on this server, "
                f"not {_num(value)}"
            )
        return value

    def clamp(self, value: Any) -> Any:
        """The nearest allowed value (``None``: no value of this kind can stand in)."""
        if self.kind is str:
            return value if value in self.choices else None
        if self.kind is bool:
            return value if isinstance(value, bool) else None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            return None
        value = min(max(value, self.low), self.high)
        return int(value) if self.kind is int else float(value)


def _num(value: float) -> str:
    return f"{value:g}"


PERSONALITY: Mapping[str, Setting] = {
    "forget_uno": Setting(float, 0.0, 1.0),
    "miss_catch": Setting(float, 0.0, 1.0),
    "think": Setting(float, 0.0, 5.0),
}
"""The personality settings every built-in bot takes (docs/bots.md)."""


def learned_weights() -> tuple[str, ...]:
    """The weight files shipped for the ``learned`` bot (none without numpy)."""
    try:
        from unokit.bots.learned import shipped_weights
    except ImportError:
        return ()
    return tuple(shipped_weights())


def allowlist(max_iterations: int, max_time: float) -> dict[str, dict[str, Setting]]:
    """The built-in bots a client may name and every setting each one may be given."""
    weights = learned_weights()
    learned = {"learned": {"weights": Setting(str, choices=weights)}} if weights else {}
    return {
        **learned,
        "random": {
            "eager": Setting(float, 0.0, 1.0),
            "playable": Setting(bool),
        },
        "greedy": {
            "challenge": Setting(float, 0.0, 1.0),
            "points": Setting(float, 0.0, 10.0),
        },
        "ismcts": {
            "iterations": Setting(int, 1, max_iterations),
            "time": Setting(float, 0.01, max_time),
            "c": Setting(float, 0.0, 10.0),
            "caution": Setting(float, 0.0, 10.0),
            "points": Setting(float, 0.0, 10.0),
            "depth": Setting(int, 0, 500),
            "memory": Setting(int, 0, 8),
            "blend": Setting(float, 0.0, 1.0),
            "infer": Setting(bool),
            "tree": Setting(bool),
            "colors": Setting(bool),
            "hold": Setting(bool),
            "judge": Setting(bool),
            "belief": Setting(bool),
        },
    }


class BotMenu:
    """What this server offers. ``check`` refuses, ``clamp`` repairs, ``resolve`` builds."""

    def __init__(
        self,
        *,
        max_iterations: int = 2000,
        max_time: float = 2.0,
        external: Mapping[str, str] | None = None,
        policies: Mapping[str, str] | None = None,
    ) -> None:
        self.allowed = allowlist(max_iterations, max_time)
        self.external = dict(external or {})
        self.policies = dict(policies or {})

    def names(self) -> list[str]:
        """Every bot name a client may choose (for the create form)."""
        return [*STRENGTHS, *self.allowed, *self.external, *self.policies]

    def check(self, spec: str) -> str:
        """The spec as the server will play it (``hard`` -> its ismcts); ``BotRefusedError``
        says why a spec is not offered. Only names and numbers are read: nothing is opened."""
        spec = spec.strip()
        if spec in STRENGTHS:
            return STRENGTHS[spec]
        if spec in self.external or spec in self.policies:
            return spec
        try:
            name, settings = parse_settings(spec)
        except ValueError as err:
            raise BotRefusedError(str(err)) from None
        if name in self.external or name in self.policies or name in STRENGTHS:
            raise BotRefusedError(f"the bot {name!r} takes no settings")
        if name == "external":
            raise BotRefusedError(
                "external bots are offered by the server's operator (unokit serve "
                "--external-bot NAME=COMMAND); choose one by its name"
            )
        if name == "policy":
            raise BotRefusedError(
                "learned policies are offered by the server's operator (unokit serve "
                "--policy NAME=PATH); choose one by its name"
                + (f": {', '.join(self.policies)}" if self.policies else "")
            )
        allowed = self.allowed.get(name)
        if allowed is None:
            offered = ", ".join(self.names())
            raise BotRefusedError(f"unknown bot {name!r}: this server offers {offered}")
        for key, value in settings.items():
            setting = allowed.get(key) or PERSONALITY.get(key)
            if setting is None:
                keys = ", ".join([*allowed, *PERSONALITY])
                raise BotRefusedError(f"{name} has no setting {key!r} here; its settings: {keys}")
            setting.check(name, key, value)
        return spec

    def clamp(self, spec: str, standin: str) -> str:
        """A stored spec made playable under today's caps: settings above a cap are set to
        the cap, unknown settings dropped; a bot no longer offered becomes ``standin``."""
        try:
            return self.check(spec)
        except BotRefusedError:
            pass
        try:
            name, settings = parse_settings(spec.strip())
        except ValueError:
            return standin
        allowed = self.allowed.get(name)
        if allowed is None:
            return standin
        kept = []
        for key, value in settings.items():
            setting = allowed.get(key) or PERSONALITY.get(key)
            fixed = None if setting is None else setting.clamp(value)
            if fixed is not None:
                kept.append(f"{key}={str(fixed).lower() if isinstance(fixed, bool) else fixed}")
        return name + (":" + ",".join(kept) if kept else "")
