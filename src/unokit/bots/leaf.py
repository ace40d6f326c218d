"""The learned leaf value: each seat's chance of winning the round from a position in which
every hand is known, for the search's playouts cut after ``depth`` actions.

A re-deal of the search knows every hand, so a cut playout can be scored by more than hand
sizes (``ismcts.chances``): each seat gets a score, a weighted sum of what its hand holds
seen from the position (its size, its wilds and Draw Twos, how many of its cards play on
the top card, its distance in turn order from the seat to play), and the chances are the
scores' softmax. The weights are fitted, one set a table size, to the winners of rounds of
``greedy`` play (``leaf_train``) and stored as a small ``.npz``; playing needs numpy only to
load them, and scoring is plain Python (a few hundred multiplications a leaf).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.cards import Kind

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = [
    "FEATURES",
    "LeafValue",
    "default_value",
    "hand_sizes",
    "load_values",
    "save_values",
    "seat_features",
]

FEATURES = (
    "log hand size",
    "one card",
    "two cards",
    "to play",
    "next to play",
    "played last",
    "wilds",
    "wild draw fours",
    "draw twos",
    "skips and reverses",
    "cards that play (to play, at most 3)",
    "any card plays (to play)",
    "cards that would play (others, at most 3)",
    "colours held",
    "cards to draw (to play)",
    "cards to draw (next)",
    "wins on this turn (one card that plays)",
    "cards that would play (next, at most 3)",
    "cards of the colour in play (others)",
)
"""What one seat's row holds, in order."""
_WEIGHTS = Path(__file__).with_name("weights") / "leaf" / "greedy-play.npz"


def seat_features(game: Game) -> tuple[list[int], list[list[float]]]:
    """The active seats in turn order from the seat to play, and each one's row of
    ``FEATURES``; every hand is read, so this is for re-deals and true positions only."""
    to_play = game.to_play
    active = game.active
    n = len(active)
    first = active.index(to_play) if to_play is not None else 0
    step = game.direction
    sizes = game.hand_sizes()
    pending = game.pending
    color = game.color
    seats: list[int] = []
    rows: list[list[float]] = []
    for d in range(n):
        seat = active[(first + step * d) % n]
        size = sizes[seat]
        wild = wild4 = draw2 = turns = plays = same = 0
        colors: set[str] = set()
        for card in game.hand(seat):
            kind = card.kind
            if kind is Kind.WILD:
                wild += 1
            elif kind is Kind.WILD_DRAW_FOUR:
                wild4 += 1
            elif kind is Kind.DRAW_TWO:
                draw2 += 1
            elif kind is Kind.SKIP or kind is Kind.REVERSE:
                turns += 1
            if game.playable(card):
                plays += 1
            if card.color is not None:
                colors.add(card.color)
                same += card.color == color
        now, near = d == 0, d == 1
        rows.append(
            [
                math.log(size) if size else -3.0,
                float(size == 1),
                float(size == 2),
                float(now),
                float(near),
                float(d == n - 1),
                float(wild),
                float(wild4),
                float(draw2),
                float(turns),
                float(min(plays, 3)) if now else 0.0,
                float(plays > 0) if now else 0.0,
                0.0 if now else float(min(plays, 3)),
                float(len(colors)),
                float(pending) if now else 0.0,
                float(pending) if near else 0.0,
                float(now and size == 1 and plays > 0),
                float(min(plays, 3)) if near else 0.0,
                0.0 if now else float(same),
            ]
        )
        seats.append(seat)
    return seats, rows


class LeafValue:
    """Weights of the seats' scores, one a feature (a shared constant cancels out)."""

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"a leaf value has {len(FEATURES)} weights, not {len(weights)}")
        self.weights = [float(w) for w in weights]

    def probabilities(self, rows: list[list[float]]) -> list[float]:
        """Each row's chance of holding the round's winner: the softmax of its score."""
        scores = [sum(w * x for w, x in zip(self.weights, row, strict=True)) for row in rows]
        top = max(scores)
        odds = [math.exp(s - top) for s in scores]
        total = sum(odds)
        return [o / total for o in odds]

    def chances(self, game: Game, seat: int, teams: list[int]) -> float:
        """The chance that ``seat`` (or its team) wins the round from this position."""
        seats, rows = seat_features(game)
        odds = self.probabilities(rows)
        return sum(p for s, p in zip(seats, odds, strict=True) if teams[s] == teams[seat])


def hand_sizes() -> LeafValue:
    """``ismcts.chances`` written as a leaf value (each seat weighs ``size ** -1.1``, the
    seat to play 1/0.86 more): the estimate the learned one is measured against."""
    weights = [0.0] * len(FEATURES)
    weights[0], weights[3] = -1.1, math.log(1 / 0.86)
    return LeafValue(weights)


def save_values(path: str | Path, values: dict[int, LeafValue]) -> None:
    """Save one leaf value a table size (``values[players]``)."""
    arrays: dict[str, Any] = {f"players_{n}": np.array(v.weights) for n, v in values.items()}
    np.savez(path, features=np.array(FEATURES), **arrays)


def load_values(path: str | Path) -> dict[int, LeafValue]:
    """The leaf values ``save_values`` saved, by table size; a file for other features is
    refused."""
    with np.load(path) as saved:
        names = tuple(str(n) for n in saved["features"])
        if names != FEATURES:
            raise ValueError(f"{path}: the weights are for other features: {names}")
        return {
            int(key.removeprefix("players_")): LeafValue([float(w) for w in saved[key]])
            for key in saved.files
            if key.startswith("players_")
        }


@cache
def _shipped() -> dict[int, LeafValue]:
    return load_values(_WEIGHTS)


def default_value(players: int) -> LeafValue:
    """The shipped weights for a table of ``players`` (fitted to ``greedy`` play,
    mattel-2021, at 2 and 4 players; a table of another size takes the nearest, the larger
    on a tie)."""
    values = _shipped()
    return values[min(values, key=lambda n: (abs(n - players), -n))]
