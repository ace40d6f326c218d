"""Fitting the belief model: positions from simulated rounds, labelled with the true hands,
and a numpy training loop that checkpoints and resumes.

A position is one seat's decision in a round the ``greedy`` bot plays at every seat; its
rows are (other hand, unseen card face) pairs, each with the belief features, the counting
model's estimate, the share of that face's unseen copies the hand truly holds (the label)
and the number of unseen copies (the row's weight). Everything derives from the seed, so a
data set and a training run reproduce exactly. ``examples/train_belief.py`` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from unokit.actions import Action
from unokit.bots.base import Bot, decide
from unokit.bots.belief import FEATURES, BeliefModel, beliefs
from unokit.bots.registry import make_bot
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules
from unokit.turns import play_out

__all__ = ["Positions", "fit", "generate", "log_loss"]

Floats = npt.NDArray[np.float64]
_MASK = (1 << 63) - 1


@dataclass
class Positions:
    """Rows of (features, counting estimate, label, weight) and the position each is from."""

    features: Floats
    counting: Floats
    label: Floats
    weight: Floats
    position: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.label)


def generate(
    seed: int, positions: int, *, players: int = 4, preset: str = "mattel-2021", every: int = 4
) -> Positions:
    """``positions`` positions from rounds of ``greedy`` play (one decision in ``every``
    of each round, in turn, not out of turn), reproducible from ``seed``."""
    rules = Rules.preset(preset)
    rng = Random(seed)
    xs: list[Floats] = []
    cs: list[Floats] = []
    ys: list[Floats] = []
    ws: list[Floats] = []
    ps: list[npt.NDArray[np.int64]] = []
    count = 0
    while count < positions:
        game = Game.new(rules, players=players, seed=rng.next64() & _MASK)
        bots = [make_bot("greedy", seed=rng.next64() & _MASK) for _ in range(players)]
        pick = Random(rng.next64())

        def chooser(
            g: Game,
            seat: int,
            legal: list[Action],
            optional: bool,
            *,
            bots: list[Bot] = bots,
            pick: Random = pick,
        ) -> Action | None:
            nonlocal count
            decision = decide(g, seat, optional)
            if not optional and count < positions and pick.below(every) == 0:
                belief = beliefs(decision)
                truth = np.zeros_like(belief.prob)
                for j, s in enumerate(belief.seats):
                    for card in g.hand(s):
                        truth[j, card.index] += 1
                mask = np.broadcast_to(belief.unseen > 0, truth.shape)
                copies = np.broadcast_to(belief.unseen, truth.shape)
                xs.append(belief.features[mask])
                cs.append(belief.counting[mask])
                ys.append((truth / np.maximum(copies, 1))[mask])
                ws.append(copies[mask].astype(np.float64))
                ps.append(np.full(int(mask.sum()), count, dtype=np.int64))
                count += 1
            return bots[seat].choose(decision)

        for _ in play_out(game, chooser):
            pass
    return Positions(
        np.concatenate(xs) if xs else np.zeros((0, FEATURES)),
        np.concatenate(cs) if cs else np.zeros(0),
        np.concatenate(ys) if ys else np.zeros(0),
        np.concatenate(ws) if ws else np.zeros(0),
        np.concatenate(ps) if ps else np.zeros(0, dtype=np.int64),
    )


def log_loss(prob: Floats, data: Positions) -> float:
    """Mean log loss a card copy (binary: in this hand or not), in nats."""
    p = np.clip(prob, 1e-6, 1 - 1e-6)
    y = data.label
    loss = -(y * np.log(p) + (1 - y) * np.log(1 - p)) * data.weight
    return float(loss.sum() / data.weight.sum())


def fit(
    data: Positions,
    *,
    hidden: int = 16,
    epochs: int = 20,
    batch: int = 4096,
    rate: float = 3e-3,
    seed: int = 0,
    checkpoint: str | Path | None = None,
) -> BeliefModel:
    """Fit the network to ``data`` by Adam on the weighted log loss. With ``checkpoint``,
    the state is saved after every epoch and a run finds its place there and goes on."""
    gen = np.random.default_rng(seed)
    params = {
        "w1": gen.normal(0, 0.1, (FEATURES, hidden)),
        "b1": np.zeros(hidden),
        "w2": np.zeros(hidden),
        "b2": np.zeros(1),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    start = 0
    step = 0
    path = Path(checkpoint) if checkpoint is not None else None
    if path is not None and path.exists():
        with np.load(path) as saved:
            params = {k: np.array(saved[k]) for k in params}
            moments = {k: (np.array(saved[f"m_{k}"]), np.array(saved[f"v_{k}"])) for k in params}
            start, step = int(saved["epoch"]), int(saved["step"])
    x, y, w = data.features, data.label, data.weight
    for epoch in range(start, epochs):
        order = np.random.default_rng((seed, epoch)).permutation(len(y))
        for first in range(0, len(y), batch):
            rows = order[first : first + batch]
            xb, yb, wb = x[rows], y[rows], w[rows]
            hidden_in = xb @ params["w1"] + params["b1"]
            h = np.tanh(hidden_in)
            z = xb[:, 1] + h @ params["w2"] + params["b2"][0]
            p = 1.0 / (1.0 + np.exp(-z))
            dz = (p - yb) * wb / wb.sum()
            dh = np.outer(dz, params["w2"]) * (1 - h**2)
            grads = {
                "w1": xb.T @ dh,
                "b1": dh.sum(axis=0),
                "w2": h.T @ dz,
                "b2": np.array([dz.sum()]),
            }
            step += 1
            for k, g in grads.items():
                m, v = moments[k]
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g**2
                params[k] -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if path is not None:
            state: dict[str, Any] = {"epoch": epoch + 1, "step": step, **params}
            for k, (m, v) in moments.items():
                state[f"m_{k}"], state[f"v_{k}"] = m, v
            np.savez(path, **state)
    return BeliefModel(params["w1"], params["b1"], params["w2"], float(params["b2"][0]))
