"""Personalities: bots that feel like people at a table of humans.

A ``Personality`` wraps any bot. It may forget to say Uno, miss a chance to catch someone,
and take its time; the wrapped bot makes every other choice unchanged. Unset traits are
zero, so a bot without a personality plays at full strength and answers at once.
"""

from __future__ import annotations

from dataclasses import replace

from unokit.actions import Action
from unokit.bots.base import Bot, Decision

__all__ = ["PERSONALITY_SETTINGS", "Personality"]

PERSONALITY_SETTINGS = ("forget_uno", "miss_catch", "think")
"""The settings every bot name takes: ``greedy:forget_uno=0.3,miss_catch=0.5,think=1.2``."""

_REFLEX = 0.35
"""Out-of-turn calls (Uno, catch, jump) come this fraction of the thinking time."""


def _probability(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name} is a probability, 0 to 1, not {value!r}")
    return float(value)


class Personality(Bot):
    """``bot`` with human failings: ``forget_uno`` (chance to play a second-to-last card
    without saying Uno, or let the offer to say it go), ``miss_catch`` (chance not to see
    that someone forgot), ``think`` (mean seconds per turn, varied by half either way)."""

    def __init__(
        self,
        bot: Bot,
        seed: int = 0,
        forget_uno: float = 0.0,
        miss_catch: float = 0.0,
        think: float = 0.0,
    ) -> None:
        super().__init__(seed ^ 0x5EED_F00D)
        self.bot = bot
        self.forget_uno = _probability("forget_uno", forget_uno)
        self.miss_catch = _probability("miss_catch", miss_catch)
        if isinstance(think, bool) or not isinstance(think, (int, float)) or think < 0:
            raise ValueError(f"think is a number of seconds, 0 or more, not {think!r}")
        self.think = float(think)
        self.name = bot.name

    def _chance(self, p: float) -> bool:
        return p > 0 and self.rng.next32() < int(p * (1 << 32))

    def choose(self, decision: Decision) -> Action | None:
        legal = decision.legal
        if any(a.kind == "catch" for a in legal) and self._chance(self.miss_catch):
            legal = [a for a in legal if a.kind != "catch"]
            if not legal:
                return None
            decision = replace(decision, legal=legal)
        action = self.bot.choose(decision)
        if action is None:
            return None
        if action.kind == "uno" and self._chance(self.forget_uno):
            if decision.optional:
                return None
            rest = [a for a in legal if a.kind != "uno"]
            return self.bot.choose(replace(decision, legal=rest)) if rest else action
        if action.uno and self._chance(self.forget_uno):
            quiet = replace(action, uno=False)
            if quiet in legal:
                return quiet
        return action

    def think_time(self, decision: Decision) -> float:
        if self.think <= 0:
            return self.bot.think_time(decision)
        spread = 0.5 + self.rng.next32() / (1 << 32)  # 0.5 .. 1.5 of the mean
        reflex = decision.optional or not any(
            a.kind not in ("uno", "catch", "jump") for a in decision.legal
        )
        return self.think * spread * (_REFLEX if reflex else 1.0)

    def close(self) -> None:
        self.bot.close()

    def __repr__(self) -> str:
        return (
            f"<Personality {self.bot!r} forget_uno={self.forget_uno} "
            f"miss_catch={self.miss_catch} think={self.think}>"
        )
