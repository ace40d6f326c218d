"""What a run counts (integers only, so merging chunks in any order gives the same totals)
and the statistics computed from the counts at the end."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Tally", "deal_interval", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good near 0 and 1 and for small counts)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def deal_interval(wins: Sequence[int], seats: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of a win share measured in the duplicate format: ``wins[k]`` is how
    many of deal ``k``'s ``seats`` games (the same deal, the hero at each seat in turn) the
    hero won. The games of one deal are not independent (they share its cards, and each
    seat's luck goes to the hero once), so the deals are the samples: the share's standard
    error is that of the per-deal shares, over the number of deals (normal approximation,
    fine from a few hundred deals). Narrower than ``wilson`` over the games by how much of
    the outcome the deal decides (a little, at 4 players of ``mattel-2021``)."""
    if seats < 1:
        raise ValueError(f"seats must be 1 or more, not {seats}")
    if any(not 0 <= w <= seats for w in wins):
        raise ValueError(f"every deal's wins must be between 0 and {seats}")
    n = len(wins)
    if n < 2:
        return (0.0, 1.0)
    shares = [w / seats for w in wins]
    mean = math.fsum(shares) / n
    var = math.fsum((s - mean) ** 2 for s in shares) / (n - 1)
    half = z * math.sqrt(var / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


@dataclass
class Tally:
    """Counts over some games of a run; ``entries`` bots in the list."""

    entries: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    """Wins of each entry of the bot list."""
    points: list[int] = field(default_factory=list)
    """Round points of each entry, summed over its games."""
    blocked: int = 0
    """Rounds that ended with no winner (nobody could play or draw, or a position came back
    five times: docs/rules.md, C-DEC-33 and C-DEC-49)."""
    unfinished: int = 0
    """Rounds still in play at the simulation's ``max_actions``: cut short, not ended."""
    actions: int = 0
    """Actions summed over the games (the game length)."""
    first_wins: int = 0
    """Games won by the seat that acted first."""

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.entries
        if not self.points:
            self.points = [0] * self.entries

    def add(self, other: Tally) -> None:
        self.games += other.games
        for i in range(self.entries):
            self.wins[i] += other.wins[i]
            self.points[i] += other.points[i]
        self.blocked += other.blocked
        self.unfinished += other.unfinished
        self.actions += other.actions
        self.first_wins += other.first_wins

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "points": list(self.points),
            "blocked": self.blocked,
            "unfinished": self.unfinished,
            "actions": self.actions,
            "first_wins": self.first_wins,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        return cls(
            entries=len(data["wins"]),
            games=data["games"],
            wins=list(data["wins"]),
            points=list(data["points"]),
            blocked=data["blocked"],
            unfinished=data.get("unfinished", 0),
            actions=data["actions"],
            first_wins=data["first_wins"],
        )
