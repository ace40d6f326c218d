"""Training the ``learned`` bot: imitation of ``greedy``, then PPO against a league.

Rollouts run on ``UnoVectorEnv`` in self-play mode (the caller drives every seat) so that
each game of the batch seats its own league: in each new game one seat (at random) is the
learner and every other seat is, by ``LearnConfig.league``, ``greedy`` (computed in the
compiled loop: ``UnoVectorEnv.greedy_actions``), ``random``, the learner itself (self-play:
those seats train too) or a past snapshot of it. Features are ``unokit.bots.learned``'s:
the observation plus the opponent model from each seat's public history, which the vector
env keeps in its ``memories``.

1. Imitation: every seat plays ``greedy``; the policy head learns greedy's choice (cross
   entropy), the value head the outcome (so PPO starts from a greedy-strength player with a
   value baseline).
2. PPO (clipped objective, Monte Carlo returns: the reward is the round's end, +1 for the
   winner and -1 for the others) against the league, snapshots taken every
   ``snapshot_every`` iterations.

``Collector`` holds the environments; ``backend="ray"`` runs one ``Collector`` a Ray worker
(``pip install unokit[ray]``), the same code. The update runs in numpy, or on a torch device
(a GPU) by ``LearnConfig.device`` (``unokit.envs.learn_torch``); ``unokit.envs.checkpoint``
saves a run whole and resumes it. ``examples/train_learned.py`` is the command.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from unokit.bots.learned import HISTORY, LearnedNet, features
from unokit.envs.policy import masked_softmax
from unokit.envs.vector import UnoVectorEnv
from unokit.fast.greedy import M_NAMED, M_VOID

if TYPE_CHECKING:
    from unokit.envs.learn_torch import TorchUpdate

__all__ = ["Collector", "LearnConfig", "Learner", "evaluate", "memory_history", "update_device"]

LEARNER, GREEDY, RANDOM, SELF, SNAPSHOT = 0, 1, 2, 3, 4
Params = dict[str, NDArray[np.float32]]


@dataclass
class LearnConfig:
    """The knobs (the defaults: ``mattel-2021`` at 4 players)."""

    rules: str = "mattel-2021"
    players: int = 4
    seed: int = 0
    envs: int = 256
    """Games stepped together by each collector."""
    workers: int = 1
    hidden: int = 128
    imitation_iterations: int = 20
    iterations: int = 40
    """PPO iterations."""
    samples: int = 32_768
    """Learner decisions per iteration (over all workers)."""
    epochs: int = 3
    minibatch: int = 4096
    lr: float = 5e-4
    clip: float = 0.2
    value_coef: float = 0.5
    entropy_coef: float = 0.003
    league: dict[str, float] = field(
        default_factory=lambda: {"greedy": 0.7, "self": 0.1, "snapshot": 0.1, "random": 0.1}
    )
    snapshot_every: int = 5
    device: str = "auto"
    """Where the update runs: ``"auto"`` (a CUDA GPU when PyTorch sees one, else numpy),
    ``"numpy"``, or a torch device such as ``"cuda"`` or ``"cpu"`` (``unokit.envs.learn_torch``)."""


def update_device(name: str) -> str | None:
    """The torch device the update runs on for ``LearnConfig.device``, ``None`` for numpy;
    ``ValueError`` naming the choices when that device is not at hand."""
    if name == "numpy":
        return None
    try:
        from unokit.envs.learn_torch import resolve_device
    except ImportError:
        if name == "auto":
            return None
        raise ValueError(
            f"device {name!r} needs PyTorch (pip install unokit[gpu]); 'auto' and 'numpy' do not"
        ) from None
    return resolve_device(name)


def memory_history(memories: NDArray[np.int32], players: int) -> NDArray[np.float32]:
    """``(games, players, HISTORY)`` from the vector env's memories (``features``' input)."""
    n = len(memories)
    out = np.zeros((n, players, HISTORY), dtype=np.float32)
    out[:, :, :4] = memories[:, M_VOID : M_VOID + 4 * players].reshape(n, players, 4)
    named = memories[:, M_NAMED : M_NAMED + players]
    out[:, :, 4:] = named[:, :, None] == np.arange(1, 5)[None, None, :]
    return out


class Collector:
    """``envs`` games with their league seats; ``collect`` plays until ``samples`` learner
    decisions of finished rounds are ready."""

    def __init__(self, config: LearnConfig, worker: int = 0) -> None:
        self.config = config
        self.env = UnoVectorEnv(
            config.envs, players=config.players, rules=config.rules,
            seed=config.seed * 1000 + worker,
        )  # fmt: skip
        self.env.reset()
        self.net = LearnedNet(self.env.rules, config.players, hidden=config.hidden)
        self.snapshot = LearnedNet(self.env.rules, config.players, hidden=config.hidden)
        self.rng = np.random.default_rng([config.seed, worker])
        n, p = config.envs, config.players
        self.roles = np.zeros((n, p), dtype=np.int64)
        self.game = np.zeros(n, dtype=np.int64)
        self._greedy = np.zeros(n, dtype=np.int64)
        self._carry: dict[str, NDArray[Any]] | None = None
        self.imitate = False
        for i in range(n):
            self._seat_league(i)

    def _seat_league(self, i: int) -> None:
        p = self.config.players
        if self.imitate:
            self.roles[i] = GREEDY
            return
        names = list(self.config.league)
        weights = np.array([self.config.league[k] for k in names], dtype=np.float64)
        kinds = {"greedy": GREEDY, "random": RANDOM, "self": SELF, "snapshot": SNAPSHOT}
        picks = self.rng.choice(len(names), size=p, p=weights / weights.sum())
        self.roles[i] = [kinds[names[k]] for k in picks]
        self.roles[i, self.rng.integers(p)] = LEARNER

    def state(self) -> dict[str, NDArray[Any]]:
        """Everything ``collect`` goes on from (the games in play, their seats' roles, the
        decisions whose rounds have not ended, the random generator), as arrays."""
        state = {f"env/{k}": v for k, v in self.env.state_dict().items()}
        state |= {"roles": self.roles.copy(), "game": self.game.copy()}
        state["imitate"] = np.array(self.imitate)
        state["rng"] = np.array(json.dumps(self.rng.bit_generator.state))
        if self._carry is not None:
            state |= {f"carry/{k}": v.copy() for k, v in self._carry.items()}
        return state

    def load_state(self, state: dict[str, NDArray[Any]]) -> None:
        """Go on from ``state`` (a collector's of the same configuration and worker)."""
        self.env.load_state_dict({k[4:]: v for k, v in state.items() if k.startswith("env/")})
        self.roles[...] = state["roles"]
        self.game[...] = state["game"]
        self.imitate = bool(state["imitate"])
        self.rng.bit_generator.state = json.loads(str(state["rng"]))
        carry = {k[6:]: v.copy() for k, v in state.items() if k.startswith("carry/")}
        self._carry = carry or None

    def collect(
        self, params: Params, snapshot: Params | None, samples: int, imitate: bool
    ) -> dict[str, NDArray[Any]]:
        """Play with ``params`` (and ``snapshot`` at the snapshot seats) until ``samples``
        decisions whose rounds ended; the records, with ``ret`` the seat's outcome."""
        if imitate != self.imitate:
            self.imitate = imitate
            for i in range(self.config.envs):
                self._seat_league(i)
        self.net.params = params
        if snapshot is not None:
            self.snapshot.params = snapshot
        env, layout = self.env, self.net.layout
        n, p = self.config.envs, self.config.players
        rows = np.arange(n)
        parts: dict[str, list[NDArray[Any]]] = {
            k: [] for k in ("x", "mask", "action", "logp", "value", "label", "uid", "seat")
        }
        outcome: dict[int, NDArray[np.float32]] = {}
        vs_greedy: list[float] = []
        carried = np.zeros(0, dtype=np.int64) if self._carry is None else self._carry["uid"]
        ready = 0
        done_steps = 0
        while ready < samples or done_steps == 0:
            seat = env.to_play.astype(np.int64)
            role = self.roles[rows, seat]
            x = features(env.observations, memory_history(env.memories, p), layout)
            mask = env.masks.copy()
            label = env.greedy_actions(self._greedy).copy()
            _, _, logits, value = self.net.forward(x)
            probs = masked_softmax(logits.astype(np.float64), mask)
            action = _sample(probs, self.rng)
            if (role == SNAPSHOT).any():
                _, _, s_logits, _ = self.snapshot.forward(x)
                s_action = _sample(masked_softmax(s_logits.astype(np.float64), mask), self.rng)
                action = np.where(role == SNAPSHOT, s_action, action)
            uniform = _sample(mask.astype(np.float64) / mask.sum(axis=1, keepdims=True), self.rng)
            action = np.where(role == RANDOM, uniform, action)
            action = np.where(role == GREEDY, label, action)
            train = (
                (role == LEARNER) | (role == SELF) | (role == GREEDY)
                if imitate
                else ((role == LEARNER) | (role == SELF))
            )
            k = np.flatnonzero(train)
            parts["x"].append(x[k])
            parts["mask"].append(mask[k])
            parts["action"].append(action[k])
            parts["logp"].append(np.log(probs[k, action[k]] + 1e-12).astype(np.float32))
            parts["value"].append(value[k])
            parts["label"].append(label[k])
            parts["uid"].append(k * (1 << 32) + self.game[k])
            parts["seat"].append(seat[k])
            env.step_inplace(action)
            for g in np.flatnonzero(env.dones):
                outcome[int(g * (1 << 32) + self.game[g])] = env.rewards[g].copy()
                if not imitate and (self.roles[g] == GREEDY).sum() == p - 1:
                    learner = int(np.flatnonzero(self.roles[g] == LEARNER)[0])
                    vs_greedy.append(float(env.rewards[g, learner] > 0))
                self.game[g] += 1
                self._seat_league(int(g))
            done_steps += 1
            if done_steps % 8 == 0:
                uid = np.concatenate([carried, *parts["uid"]])
                ready = int(np.isin(uid, np.fromiter(outcome, dtype=np.int64)).sum())
        batch = {k: np.concatenate(v) for k, v in parts.items()}
        if self._carry is not None:
            batch = {k: np.concatenate([self._carry[k], batch[k]]) for k in batch}
        finished = np.fromiter(outcome, dtype=np.int64)
        known = np.isin(batch["uid"], finished)
        self._carry = {k: v[~known] for k, v in batch.items()}
        batch = {k: v[known] for k, v in batch.items()}
        results = (
            np.stack([outcome[int(u)] for u in batch["uid"]])
            if len(batch["uid"])
            else (np.zeros((0, p), dtype=np.float32))
        )
        batch["ret"] = results[np.arange(len(results)), batch["seat"]].astype(np.float32)
        batch["vs_greedy"] = np.array(vs_greedy, dtype=np.float32)
        return batch


def _sample(probs: NDArray[np.float64], rng: np.random.Generator) -> NDArray[np.int64]:
    cum = np.cumsum(probs, axis=1)
    r = rng.random(len(probs))[:, None] * cum[:, -1:]
    out: NDArray[np.int64] = np.minimum((cum < r).sum(axis=1), probs.shape[1] - 1)
    return out


class Learner:
    """The network being trained, its optimiser and its collectors (local or Ray)."""

    def __init__(self, config: LearnConfig, backend: str = "local") -> None:
        self.config = config
        self.backend = backend
        self.device = update_device(config.device)
        """The torch device of the update, or ``None`` when numpy runs it."""
        collector = Collector(config, 0) if backend == "local" else None
        rules = collector.env.rules if collector else UnoVectorEnv(1, rules=config.rules).rules
        self.net = LearnedNet(rules, config.players, hidden=config.hidden, seed=config.seed)
        self.snapshots: list[Params] = []
        self._adam = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.net.params.items()}
        self._t = 0
        self.done = 0
        """Iterations trained so far (imitation first, then PPO); ``train`` goes on from it."""
        self._torch: TorchUpdate | None = None
        if self.device is not None:
            from unokit.envs.learn_torch import TorchUpdate

            self._torch = TorchUpdate(self.net.params, self.device, config)
        self.rng = np.random.default_rng(config.seed)
        self.history: list[dict[str, float]] = []
        if backend == "local":
            assert collector is not None
            self.collectors: list[Any] = [collector]
        elif backend == "ray":
            import ray

            if not ray.is_initialized():
                ray.init(num_cpus=config.workers, include_dashboard=False, log_to_driver=False)
            remote = ray.remote(Collector)
            self.collectors = [remote.remote(config, w) for w in range(config.workers)]
        else:
            raise ValueError(f"backend is 'local' or 'ray', not {backend!r}")

    def start_from(self, net: LearnedNet) -> None:
        """Go on training ``net`` (saved by an earlier run): its weights, and it as the
        first snapshot."""
        if net.rules != self.net.rules or net.players != self.net.players:
            raise ValueError("those weights were trained for another table")
        if net.params["b1"].shape != self.net.params["b1"].shape:
            raise ValueError("those weights have another hidden size")
        self.set_params(net.params)
        self.snapshots.append({k: v.copy() for k, v in net.params.items()})

    def set_params(self, params: Params) -> None:
        """Train these weights from here on (copied; Adam's moments start again at zero)."""
        self.net.params = {k: np.asarray(v, dtype=np.float32).copy() for k, v in params.items()}
        self._adam = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.net.params.items()}
        self._t = 0
        if self._torch is not None:
            self._torch.load(self.net.params)

    def _collect(self, imitate: bool) -> dict[str, NDArray[Any]]:
        params = self.net.params
        snap = self.snapshots[self.rng.integers(len(self.snapshots))] if self.snapshots else params
        share = -(-self.config.samples // len(self.collectors))
        if self.backend == "ray":
            import ray

            parts = ray.get(
                [c.collect.remote(params, snap, share, imitate) for c in self.collectors]
            )
        else:
            parts = [c.collect(params, snap, share, imitate) for c in self.collectors]
        return {k: np.concatenate([b[k] for b in parts]) for k in parts[0]}

    def iteration(self, imitate: bool) -> dict[str, float]:
        """Collect a batch, update on it; its statistics, also kept in ``history``."""
        batch = self._collect(imitate)
        if len(batch["x"]) == 0:  # pragma: no cover - collect waits for finished rounds
            raise RuntimeError("no finished rounds were collected")
        stats = self.update(batch, imitate)
        if len(batch["vs_greedy"]):
            stats["vs_greedy"] = float(batch["vs_greedy"].mean())
            stats["vs_greedy_games"] = float(len(batch["vs_greedy"]))
        stats["samples"] = float(len(batch["x"]))
        stats["imitation"] = float(imitate)
        self.history.append(stats)
        return stats

    def update(self, batch: dict[str, NDArray[Any]], imitate: bool) -> dict[str, float]:
        """``epochs`` passes of minibatch steps over a collected batch, on numpy or on the
        torch device; the last minibatch's statistics. ``net.params`` are numpy after it."""
        cfg = self.config
        n = len(batch["x"])
        adv = batch["ret"] - batch["value"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        stats: dict[str, float] = {}
        if self._torch is not None:
            self._torch.begin(batch, adv)
        for epoch in range(cfg.epochs):
            order = self.rng.permutation(n)
            for lo in range(0, n, cfg.minibatch):
                idx = order[lo : lo + cfg.minibatch]
                if self._torch is not None:  # statistics cost a device sync: the last only
                    last = epoch == cfg.epochs - 1 and lo + cfg.minibatch >= n
                    stats = self._torch.step(idx, imitate, statistics=last)
                else:
                    grads, stats = self._numpy_grads(batch, idx, adv[idx], imitate)
                    self._adam_step(grads)
        if self._torch is not None:  # the collectors and snapshots play numpy weights
            self.net.params = self._torch.params()
        return stats

    def _numpy_grads(
        self, batch: dict[str, NDArray[Any]], idx: NDArray[np.int64], adv: NDArray[Any],
        imitate: bool,
    ) -> tuple[Params, dict[str, float]]:  # fmt: skip
        """The loss's gradient on the minibatch ``idx``, written out by hand, and its
        statistics."""
        cfg = self.config
        x, mask = batch["x"][idx], batch["mask"][idx]
        ret = batch["ret"][idx]
        b = len(idx)
        rows = np.arange(b)
        h1, h2, logits, value = self.net.forward(x)
        probs = masked_softmax(logits.astype(np.float64), mask)
        logp_all = np.log(np.where(mask > 0, probs, 1.0))
        entropy = -np.sum(probs * logp_all, axis=1)
        onehot = np.zeros_like(probs)
        stats: dict[str, float] = {"entropy": float(entropy.mean())}
        if imitate:
            label = batch["label"][idx]
            onehot[rows, label] = 1.0
            d_logits = (probs - onehot) / b
            stats["imitation_loss"] = float(-logp_all[rows, label].mean())
            stats["agreement"] = float((np.argmax(probs, axis=1) == label).mean())
        else:
            act = batch["action"][idx]
            ratio = np.exp(logp_all[rows, act] - batch["logp"][idx])
            clipped = np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)
            active = (ratio * adv) <= (clipped * adv)
            g_logp = np.where(active, -adv * ratio, 0.0) / b
            onehot[rows, act] = 1.0
            d_logits = g_logp[:, None] * (onehot - probs)
            d_logits += cfg.entropy_coef * probs * (logp_all + entropy[:, None]) / b
            stats["policy_loss"] = float(-np.mean(np.minimum(ratio * adv, clipped * adv)))
        d_value = cfg.value_coef * 2.0 * (value - ret) / b
        stats["value_loss"] = float(np.mean((value - ret) ** 2))
        return self._grads(x, h1, h2, d_logits.astype(np.float32), d_value), stats

    def _grads(
        self, x: NDArray[np.float32], h1: NDArray[np.float32], h2: NDArray[np.float32],
        d_logits: NDArray[np.float32], d_value: NDArray[np.float32],
    ) -> Params:  # fmt: skip
        p = self.net.params
        dv = d_value[:, None].astype(np.float32)
        d_h2 = (d_logits @ p["wp"].T + dv @ p["wv"].T) * (h2 > 0)
        d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
        return {
            "wp": h2.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": h2.T @ dv,
            "bv": dv.sum(axis=0),
            "w2": h1.T @ d_h2,
            "b2": d_h2.sum(axis=0),
            "w1": x.T @ d_h1,
            "b1": d_h1.sum(axis=0),
        }

    def _adam_step(self, grads: Params) -> None:
        self._t += 1
        lr, b1, b2, eps = self.config.lr, 0.9, 0.999, 1e-8
        for k, g in grads.items():
            m, v = self._adam[k]
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            self._adam[k] = (m, v)
            step = lr * (m / (1 - b1**self._t)) / (np.sqrt(v / (1 - b2**self._t)) + eps)
            self.net.params[k] = (self.net.params[k] - step).astype(np.float32)

    def train(self, report: Callable[[int, dict[str, float]], None] | None = None) -> LearnedNet:
        """Imitation, then PPO, from iteration ``done`` on; ``report(i, stats)`` after each
        iteration (``done`` is ``i + 1`` then, so a checkpoint saved there goes on after it)."""
        cfg = self.config
        total = cfg.imitation_iterations + cfg.iterations
        while self.done < total:
            i = self.done
            imitate = i < cfg.imitation_iterations
            stats = self.iteration(imitate)
            ppo = i - cfg.imitation_iterations + 1
            if not imitate and ppo % cfg.snapshot_every == 0:
                self.snapshots.append({k: v.copy() for k, v in self.net.params.items()})
            if i == cfg.imitation_iterations - 1:  # the imitated player is the first snapshot
                self.snapshots.append({k: v.copy() for k, v in self.net.params.items()})
            self.done = i + 1
            if report is not None:
                report(i, stats)
        self.net.meta = {"config": asdict(self.config), "history": self.history}
        return self.net

    def collector_states(self) -> list[dict[str, NDArray[Any]]]:
        """Each collector's ``state``, in worker order (from the Ray workers too)."""
        if self.backend == "ray":
            import ray

            states: list[dict[str, NDArray[Any]]] = ray.get(
                [c.state.remote() for c in self.collectors]
            )
            return states
        return [c.state() for c in self.collectors]

    def load_collector_states(self, states: list[dict[str, NDArray[Any]]]) -> None:
        """Give each collector its saved ``state``."""
        if len(states) != len(self.collectors):
            raise ValueError(
                f"{len(states)} collectors were saved and this run has {len(self.collectors)}"
            )
        if self.backend == "ray":
            import ray

            ray.get([c.load_state.remote(s) for c, s in zip(self.collectors, states, strict=True)])
        else:
            for collector, state in zip(self.collectors, states, strict=True):
                collector.load_state(state)

    def adam_state(self) -> tuple[Params, Params, int]:
        """Adam's first and second moments and its step count, as numpy."""
        if self._torch is not None:
            return self._torch.adam_state()
        first = {k: m.copy() for k, (m, _) in self._adam.items()}
        second = {k: v.copy() for k, (_, v) in self._adam.items()}
        return first, second, self._t

    def load_adam_state(self, first: Params, second: Params, t: int) -> None:
        """Go on with these moments and step count (on numpy or on the device)."""
        self._adam = {
            k: (first[k].astype(np.float32), second[k].astype(np.float32)) for k in self._adam
        }
        self._t = t
        if self._torch is not None:
            self._torch.load_adam_state(first, second, t)


def evaluate(
    net: LearnedNet, games: int, *, opponents: str = "greedy", seed: int = 1_000_003,
    envs: int = 256,
) -> tuple[int, int]:  # fmt: skip
    """Rounds won by the network (its best action) against ``opponents`` in the vector
    env, its seat rotated (``games // players`` rounds a seat): ``(wins, decided)``."""
    players, layout = net.players, net.layout
    wins = decided = 0
    for seat in range(players):
        env = UnoVectorEnv(
            min(envs, games), players=players, rules=net.rules, seed=seed + seat, seat=seat,
            opponents=opponents,
        )  # fmt: skip
        env.reset()
        played = 0
        while played < games // players:
            x = features(env.observations, memory_history(env.memories, players), layout)
            _, _, logits, _ = net.forward(x)
            env.step_inplace(np.argmax(np.where(env.masks > 0, logits, -np.inf), axis=1))
            for i in np.flatnonzero(env.dones):
                if played < games // players:
                    played += 1
                    reward = env.rewards[i, seat]
                    decided += int(reward != 0)
                    wins += int(reward > 0)
    return wins, decided
