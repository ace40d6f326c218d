"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from unokit.actions import Action
from unokit.bots.base import Bot, Decision, register_bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Any legal action at random; takes an out-of-turn offer with probability ``eager``."""

    name = "random"

    def __init__(self, seed: int = 0, eager: float = 0.5) -> None:
        super().__init__(seed)
        if not 0.0 <= eager <= 1.0:
            raise ValueError("eager is a probability, 0 to 1")
        self.eager = eager

    def choose(self, decision: Decision) -> Action | None:
        if decision.optional and self.rng.next32() >= int(self.eager * (1 << 32)):
            return None
        legal = decision.legal
        return legal[self.rng.below(len(legal))]


register_bot("random", RandomBot)
