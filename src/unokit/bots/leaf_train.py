"""Fitting the leaf value: positions of rounds the ``greedy`` bot plays at every seat, each
labelled with the round's winner, and a numpy loop (Adam on the softmax's log loss) that
checkpoints and resumes.

A position is every seat's row of ``leaf.FEATURES``, in turn order from the seat to play,
taken at one turn in ``every``; its label is the place of the round's winner in that order.
Everything derives from the seed, so a data set and a training run reproduce exactly.
``examples/train_leaf.py`` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from unokit.bots.leaf import FEATURES, LeafValue, seat_features
from unokit.bots.playout import playout_action
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["Positions", "fit", "generate", "log_loss"]

Floats = npt.NDArray[np.float64]
_MASK = (1 << 63) - 1
_LIMIT = 5000
"""Actions a generated round may take before it is left out (blocked rounds have no winner)."""


@dataclass
class Positions:
    """``rows[i]``: every seat's features at position ``i`` (seat to play first);
    ``winner[i]``: the place of the round's winner among them."""

    rows: Floats
    winner: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.winner)


def generate(
    seed: int, positions: int, *, players: int = 4, preset: str = "mattel-2021", every: int = 3
) -> Positions:
    """``positions`` positions from rounds of ``greedy`` play, one turn in ``every`` (in
    the play phase), reproducible from ``seed``. Rounds with no winner are left out."""
    rules = Rules.preset(preset)
    rng = Random(seed)
    rows: list[list[list[float]]] = []
    winner: list[int] = []
    while len(winner) < positions:
        game = Game.new(rules, players=players, seed=rng.next64() & _MASK)
        luck = Random(rng.next64())
        taken: list[tuple[list[int], list[list[float]]]] = []
        for _ in range(_LIMIT):
            seat = game.to_play
            if game.over or seat is None:
                break
            if game.phase == "play" and luck.below(every) == 0:
                taken.append(seat_features(game))
            game.apply(playout_action(game, seat, game.legal_actions(seat), luck), seat)
        won = game.winner
        if won is None:
            continue
        for seats, features in taken[: positions - len(winner)]:
            rows.append(features)
            winner.append(seats.index(won))
    return Positions(
        np.array(rows, dtype=np.float64).reshape(-1, players, len(FEATURES)),
        np.array(winner, dtype=np.int64),
    )


def _probabilities(rows: Floats, weights: Floats) -> Floats:
    scores = rows @ weights
    scores -= scores.max(axis=1, keepdims=True)
    odds = np.exp(scores)
    return np.asarray(odds / odds.sum(axis=1, keepdims=True), dtype=np.float64)


def log_loss(value: LeafValue, data: Positions) -> float:
    """Mean log loss a position of the winner's chance, in nats (even chances: log n)."""
    p = _probabilities(data.rows, np.array(value.weights))
    return float(-np.log(np.clip(p[np.arange(len(data)), data.winner], 1e-9, 1)).mean())


def fit(
    data: Positions,
    *,
    steps: int = 2000,
    rate: float = 0.05,
    l2: float = 1e-4,
    checkpoint: str | Path | None = None,
    every: int = 100,
) -> LeafValue:
    """Fit the weights to ``data`` (one table size) by full-batch Adam on standardized
    features. With ``checkpoint``, the state is saved every ``every`` steps and a run finds
    its place there and goes on; the result does not depend on where it was resumed."""
    flat = data.rows.reshape(-1, len(FEATURES))
    mean = flat.mean(axis=0)
    scale = flat.std(axis=0)
    scale[scale == 0] = 1.0
    rows = (data.rows - mean) / scale
    onehot = np.eye(data.rows.shape[1])[data.winner]
    w = np.zeros(len(FEATURES))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    step = 0
    path = Path(checkpoint) if checkpoint is not None else None
    if path is not None and path.exists():
        with np.load(path) as saved:
            w, m, v = np.array(saved["w"]), np.array(saved["m"]), np.array(saved["v"])
            step = int(saved["step"])
    while step < steps:
        grad = l2 * w + np.einsum("ij,ijk->k", _probabilities(rows, w) - onehot, rows) / len(data)
        step += 1
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w = w - rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if path is not None and (step % every == 0 or step == steps):
            np.savez(path, w=w, m=m, v=v, step=step)
    return LeafValue([float(x) for x in w / scale])
