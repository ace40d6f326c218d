"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from unokit.actions import Action
from unokit.bots.base import Bot, Decision
from unokit.bots.registry import register_bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Any legal action at random; takes an out-of-turn offer with probability ``eager``.

    ``playable=true`` plays like RLCard's random agent instead: a random card that plays
    whenever one does (each colour of a wild counts once), drawing only when none does.
    """

    name = "random"

    def __init__(self, seed: int = 0, eager: float = 0.5, playable: bool = False) -> None:
        super().__init__(seed)
        if not 0.0 <= eager <= 1.0:
            raise ValueError("eager is a probability, 0 to 1")
        self.eager = eager
        self.playable = bool(playable)

    def choose(self, decision: Decision) -> Action | None:
        if decision.optional and self.rng.next32() >= int(self.eager * (1 << 32)):
            return None
        legal = decision.legal
        if self.playable and not decision.optional:
            plays = [a for a in legal if a.kind == "play"]
            if plays:
                legal = plays
        return legal[self.rng.below(len(legal))]


register_bot("random", RandomBot)
