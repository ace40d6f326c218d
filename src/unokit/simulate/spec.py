"""A simulation: the rules, the table and the bots, as a value that travels to workers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from unokit.bots import make_bot
from unokit.rules import Rules

__all__ = ["MAX_ACTIONS", "Simulation"]

MAX_ACTIONS: Final = 100_000
"""The simulator's default bound on one round's actions (``unokit simulate --max-actions``)."""


@dataclass(frozen=True)
class Simulation:
    """``games`` rounds of ``rules`` among ``bots`` (one entry a seat), seeded by ``seed``."""

    rules: Rules
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    max_actions: int = MAX_ACTIONS
    """The most actions of a round: one still in play then is cut short and counted
    ``unfinished`` (a bound of the simulation, not a rule of the game)."""

    def __post_init__(self) -> None:
        players = len(self.bots)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(
                f"{self.rules.name} is for {self.rules.min_players} to "
                f"{self.rules.max_players} players; the bot list names {players}"
            )
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"games must be a whole number above 0, not {self.games!r}")
        for spec in self.bots:
            make_bot(spec, seed=0).close()  # a bad name or setting fails here, not in a worker

    @property
    def players(self) -> int:
        return len(self.bots)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "max_actions": self.max_actions,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Simulation:
        return cls(
            rules=Rules.from_json(data["rules"]),
            bots=tuple(data["bots"]),
            games=data["games"],
            seed=data["seed"],
            max_actions=data.get("max_actions", MAX_ACTIONS),
        )
